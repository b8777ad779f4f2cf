"""The words of ``/help``: what the bot is, how to start, how a turn works, and where every
command is, in the reader's language. The rules of each game are their own texts (``/fish
rules``, ``/ultimatum rules``); ``/help`` offers them as topics too."""

from __future__ import annotations

from bot.i18n import N_, t

OVERVIEW = N_(
    "I run games of **Hey, That's My Fish!** and **The Penguin Ultimatum** right here: 2 to 4 "
    "players, people or computer players, over days, each game in its own thread. Anyone may "
    "watch.\n\n"
    "**To start**: /fish new or /ultimatum new opens a game in this channel with you seated. "
    "Others take a seat with the Join button or /game join; the game starts once it is full, "
    "or when its creator uses /game start.\n\n"
    "**A turn**: the game's thread says whose turn it is. Press the button on that post and "
    "choose step by step, or type the step's command (/fish, /ultimatum): its options offer "
    "only your legal choices.\n\n"
    "**Where everything is**\n"
    "/fish, /ultimatum: the moves of each game, its board and its rules\n"
    "/game: seats, lists of games, resigning, undo, history, replays, following, time away\n"
    "/ratings: leaderboards, profiles, privacy, seasons\n"
    "/settings: a server's defaults and language, your language for direct messages\n"
    "/tournament: Swiss and round-robin tournaments over days\n\n"
    "More with /help and a topic: starting a game, how a turn works, every command, or the "
    "rules of either game."
)

START = N_(
    "**Starting a game**\n"
    "/fish new or /ultimatum new opens a game in this channel (in its own thread where the "
    "server allows it) with you in a seat. Choose how many players sit at the table (2 to 4), "
    "how many of them are computer players and how strong, how long a turn may take, and "
    "whether the game counts for the ratings.\n"
    "Others take a seat with the Join button under the game's message or with /game join; "
    "/game leave gives a seat up before the start. The game starts by itself once every seat "
    "is taken; with 2 or more players its creator may start it earlier with /game start. "
    "/game add-computer seats a computer player in a free seat; /game cancel ends a game "
    "without a result (its creator, or someone with Manage Server).\n"
    "The bot decides at random who sits where; the first seat moves first."
)

TURNS = N_(
    "**How a turn works**\n"
    "After every turn the game's thread shows the table and mentions who plays next. That "
    "player presses the button on the post: a reply only they can see shows their choices, "
    "one step after the other, and their hand in The Penguin Ultimatum. Or they type the "
    "step's command (/fish place, /fish move, /ultimatum play …): its options offer only the "
    "legal choices.\n"
    "Nobody has to be online at the same time: the player to move is reminded, and a seat is "
    "given up after days without a move (the server's /settings defaults). /game away pauses "
    "the reminders and timeouts for your turns; /game notify sends you a direct message when "
    "it is your turn.\n"
    "/game undo asks the others to take back the last turn; /game resign gives up a game."
)

COMMANDS = N_(
    "**Every command**\n"
    "**/fish**, **/ultimatum**: new, the moves of each game, board, rules (and /ultimatum "
    "hand: your cards)\n"
    "**/game**: join, leave, start, cancel, add-computer (seats); list, mine (games here and "
    "yours everywhere); resign, undo; history, replay; follow, notify (direct messages); "
    "away, return (time away, and your seat back from a computer player)\n"
    "**/ratings**: leaderboard, profile, privacy (your name on the boards across servers), "
    "season (a fresh start here, Manage Server), seasons (past seasons' best)\n"
    "**/settings**: defaults (reminders, turn limit and time away for new games here), "
    "language (of this server's posts), dm-language (of your direct messages)\n"
    "**/tournament**: new, join, leave (the sign-up), start, standings, withdraw, cancel, list\n"
    "**/help**: this help"
)

#: The topics of ``/help`` that are its own texts, by the value of the topic option.
TOPICS = {"start": START, "turns": TURNS, "commands": COMMANDS}


def help_text(lang: str, topic: str | None) -> str:
    """The help on ``topic`` (None, or a topic that is not its own text: the overview) in
    ``lang``."""
    return t(lang, TOPICS.get(topic or "", OVERVIEW))
