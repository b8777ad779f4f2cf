"""Commands named in a post as Discord's command mentions: ``</ultimatum play:123>``.

A post in a channel is read by people whose Discord clients list the commands in their own
languages, while the post's words are the server's: "/ultimatum ausspielen" in a German post
names nothing an English client lists. A mention is clickable in every client and starts the
command there. Discord draws a mention with the command's own (English) name and does not
translate it, and a mention written with a translated name does nothing when clicked: so each
command a post names in its language becomes a mention of the command's own name.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from bot.i18n import LANGUAGES, NAME_CONTEXT, translation


@dataclass
class CommandMentions:
    """Every slash command path ("ultimatum play", "help") and the id of its top command."""

    ids: Mapping[str, int]
    paths: tuple[str, ...]
    _patterns: dict[str, tuple[re.Pattern[str], dict[str, str]]] = field(default_factory=dict)

    @classmethod
    def of(cls, paths: Iterable[str], ids: Mapping[str, int]) -> CommandMentions:
        """The mentions of ``paths`` whose top command has a synced id in ``ids``."""
        known = tuple(p for p in paths if p.split()[0] in ids)
        return cls(dict(ids), known)

    def mention(self, text: str, lang: str | None) -> str:
        """``text`` with each command it names in ``lang`` (or in English) as a mention; in any
        language the bot speaks when ``lang`` is not known (a direct message's payload)."""
        if not self.paths:
            return text
        pattern, own = self._pattern(lang)

        def replace(match: re.Match[str]) -> str:
            path = own[match.group(1)]
            return f"</{path}:{self.ids[path.split()[0]]}>"

        return pattern.sub(replace, text)

    def _pattern(self, lang: str | None) -> tuple[re.Pattern[str], dict[str, str]]:
        """The command texts of ``lang`` (and English) to look for, and each one's own path."""
        key = lang or "*"
        if key not in self._patterns:
            own: dict[str, str] = {}
            for path in self.paths:
                own[path] = path
                for language in [lang] if lang else LANGUAGES:
                    words = [
                        translation(language, word, NAME_CONTEXT) or word for word in path.split()
                    ]
                    own.setdefault(" ".join(words), path)
            texts = sorted(own, key=len, reverse=True)  # "game history" before "game"
            alternatives = "|".join(re.escape(text) for text in texts)
            # A slash starts a command where no word or mention runs into it.
            found = re.compile(rf"(?<![\w</])/({alternatives})(?![\w-])")
            self._patterns[key] = (found, own)
        return self._patterns[key]
