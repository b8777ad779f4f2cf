"""What can go wrong in storage, each with a stable code and a sentence a person understands."""

from __future__ import annotations

from typing import Any


class StoreError(Exception):
    """A request the store refuses; nothing was written.

    Like ``IllegalAction``, ``code`` is a stable short id and ``params`` carries the values the
    message was built from, so the Discord layer can say the same thing in another language.
    """

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.params = params


class StoreOpenError(StoreError):
    """The database cannot be used at start (unreadable, not ours, or newer than this code)."""


class GameNotFound(StoreError):
    """No game has this id."""

    def __init__(self, game_id: int) -> None:
        super().__init__("no_game", f"there is no game #{game_id}", game_id=game_id)


class VersionConflict(StoreError):
    """The game changed since the caller read it; the submission was not applied."""

    def __init__(self, game_id: int, expected: int, found: int) -> None:
        super().__init__(
            "conflict",
            f"game #{game_id} changed while this was being decided (expected version {expected}, "
            f"it is now {found}); nothing was applied — look at the game again and retry",
            game_id=game_id,
            expected=expected,
            found=found,
        )


class LobbyError(StoreError):
    """A seat, start or status change that the game's state does not allow."""


class InvalidValue(StoreError):
    """An option or setting outside its allowed range."""
