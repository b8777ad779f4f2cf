"""The bot through the stand-in, as the bot tests run it."""

from tests.cogs.conftest import bot_runner as bot_runner  # the fixture
