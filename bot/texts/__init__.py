"""Pure words and drafts: what the bot says, in the reader's language, with no Discord import.

The play layer builds a turn's posts here before it commits them; the Discord layer says the
refusals and lists written here.
"""
