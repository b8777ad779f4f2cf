"""The operator's commands, run with ``python -m bot.admin`` beside ``python -m bot`` (the bot).

They sit at the top of the house with the bot's own entry point, above the play layer they use:
the copy hands the play layer's replay to the store's copy (as the bot hands it to the snapshot
check), the ratings rebuild reads stored results through the play layer. So the store and the
ratings core stay free of everything above them.
"""
