"""The one entry point of the pictures: a plain request in, image bytes out.

The bot sends requests to worker processes (bot.host); a request is plain data, so it crosses
the process boundary as it is. ``picture`` names what to draw:

- ``table``: the board or party table of a public view (``game_kind``, ``view``, ``names``;
  ``marks``: floe or cell → tag, the choices of a player's turn by clicks; ``chosen``: the
  floe of the Fish penguin already chosen); a finished Fish
  view with ``results`` (bot.games.fish.ending.results_view) is drawn as the results picture;
- ``replay``: the animated replay of a game (``game_kind``, ``views``, ``names``);
- ``hand``: a player's own hand (``view`` of that seat, ``name``);

each with the ``labels`` of the reader's language;
- ``leaderboard``: a page of a ratings board (``view``: render.leaderboard's, words included);
- ``profile``: a player's ratings and record (``view``: render.profile's, words included);
- ``standings``: one page (``page``, 0 by default) of a tournament's standings (``view``: a
  render.tournament_views.StandingsView, words included);
- ``sign_up``: a tournament's sign-up (``view``: a render.tournament_views.SignUpView).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any


def picture(request: Mapping[str, Any]) -> bytes:
    """Draw what ``request`` asks for (see the module's docstring)."""
    what = request["picture"]
    labels = request.get("labels")
    if what == "table":
        from render import fish, fish_results, ultimatum

        if request["game_kind"] == "fish" and request["view"].get("results"):
            # A finished Fish board is empty (F-14): its results picture shows where each floe went.
            return fish_results.results(request["view"], names=request["names"], labels=labels)
        marks = request.get("marks")
        if request["game_kind"] == "fish":
            return fish.board(
                request["view"],
                names=request["names"],
                labels=labels,
                marks=marks,
                chosen=request.get("chosen") or None,
            )
        return ultimatum.table(request["view"], names=request["names"], labels=labels, marks=marks)
    if what == "replay":
        from render import replay

        return replay.animation(
            request["game_kind"], request["views"], names=request["names"], labels=labels
        )
    if what == "hand":
        from render import ultimatum

        return ultimatum.hand(request["view"], name=request["name"], labels=labels)
    if what == "leaderboard":
        from render import leaderboard

        return leaderboard.leaderboard(request["view"])
    if what == "profile":
        from render import profile

        return profile.profile(request["view"])
    if what == "standings":
        from render import tournament_standings

        return tournament_standings.draw_standings(request["view"], request.get("page", 0))
    if what == "sign_up":
        from render import tournament_signup

        return tournament_signup.draw_sign_up(request["view"])
    raise ValueError(f"no picture called {what!r}")


def warm() -> None:
    """Ready every picture's palette (read from render.palette_store, or fitted and kept there)
    and the Fish board's sea: each drawing process runs this when it starts (the bot starts
    its drawing processes with the bot), so no player's first picture waits for them."""
    from render import fish, fish_results, tournament_signup, tournament_standings, ultimatum

    fish.sea()
    fish.board_palette()
    fish_results.results_palette()
    ultimatum.table_palette()
    ultimatum.hand_palette()
    tournament_standings.standings_palette()
    tournament_signup.signup_palette()
