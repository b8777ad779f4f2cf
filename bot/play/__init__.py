"""The application layer: what people may do with games, without Discord.

Plain ids and texts in, plain answers out; the Discord layer (bot/cogs, bot/ui) parses, calls one
function here and answers.
"""
