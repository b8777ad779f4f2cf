"""``/settings defaults``: a server's reminder interval and turn limit for the games opened after,
and the days of time away (``/game away``) each person may take there per month.

A game keeps the values it was opened with; a creator's own ``timeout_days`` and
``reminder_hours`` on ``/fish new`` or ``/ultimatum new`` still win over the server's. The
allowance of time away counts from the next request on (days already taken stay taken).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.cogs.common import Interaction, Refusal, reader_language
from bot.i18n import t, tn
from bot.store import KEEP, GuildSettings, StoreError
from bot.texts.refusals import explain
from bot.ui.fit import fit

if TYPE_CHECKING:
    from bot.host import Host


def _number(value: float) -> str:
    return f"{value:g}"


def describe(lang: str, settings: GuildSettings, hours: float, days: float, away: int) -> str:
    """The values new games of a server get, and whether the server or the bot chose them."""
    chosen = t(lang, "set for this server")
    default = t(lang, "the bot's default")
    away_line = tn(
        lang,
        "Each person may take {away} day of time away (/game away) a month ({away_from}).",
        "Each person may take {away} days of time away (/game away) a month ({away_from}).",
        away,
        away=away,
        away_from=chosen if settings.away_days is not None else default,
    )
    return (
        t(
            lang,
            "New games here remind the player to move every {hours} hours ({hours_from}) and give "
            "up a seat after {days} days without a move ({days_from}).",
            hours=_number(hours),
            hours_from=chosen if settings.reminder_hours is not None else default,
            days=_number(days),
            days_from=chosen if settings.timeout_days is not None else default,
        )
        + "\n"
        + away_line
    )


async def server_defaults(
    bot: Host,
    interaction: Interaction,
    reminder_hours: float | None,
    timeout_days: float | None,
    away_days: int | None = None,
    tournaments: str | None = None,
) -> None:
    """Show the server's defaults for new games and who may open tournaments; with a value
    given, change it (Manage Server only)."""
    lang = reader_language(interaction)
    if interaction.guild_id is None:
        raise Refusal(t(lang, "Only a server has defaults for its games."))
    store = bot.store
    if reminder_hours is None and timeout_days is None and away_days is None and not tournaments:
        settings = await store.guild_settings(interaction.guild_id)
        text = describe(lang, settings, *_effective(bot, settings))
        text += "\n" + await _openers(bot, lang, interaction.guild_id)
        await interaction.response.send_message(**fit(content=text, ephemeral=True))
        return
    permissions = interaction.permissions
    if not (permissions.manage_guild or permissions.administrator):
        raise Refusal(
            t(lang, "Only someone with Manage Server can change the defaults for new games.")
        )
    if tournaments is not None:
        await store.set_anyone_opens_tournaments(interaction.guild_id, tournaments == "anyone")
    try:
        settings = await store.update_guild_settings(
            interaction.guild_id,
            reminder_hours=KEEP if reminder_hours is None else reminder_hours,
            timeout_days=KEEP if timeout_days is None else timeout_days,
            away_days=KEEP if away_days is None else away_days,
        )
    except StoreError as error:
        raise Refusal(explain(lang, error)) from None
    text = (
        t(lang, "Saved. Games already running keep their own values.")
        + "\n"
        + describe(lang, settings, *_effective(bot, settings))
        + "\n"
        + await _openers(bot, lang, interaction.guild_id)
    )
    await interaction.response.send_message(**fit(content=text, ephemeral=True))


async def _openers(bot: Host, lang: str, guild_id: int) -> str:
    """Who may open tournaments on a server."""
    if await bot.store.anyone_opens_tournaments(guild_id):
        return t(lang, "Anyone here may open a tournament (/tournament new).")
    return t(lang, "Only someone with Manage Server may open a tournament here (/tournament new).")


def _effective(bot: Host, settings: GuildSettings) -> tuple[float, float, int]:
    """The reminder hours and timeout days a new game gets when its creator does not choose,
    and the days of time away a month."""
    defaults = bot.store.defaults
    hours = settings.reminder_hours
    days = settings.timeout_days
    away = settings.away_days
    return (
        defaults.reminder_hours if hours is None else hours,
        defaults.timeout_days if days is None else days,
        defaults.away_days if away is None else away,
    )
