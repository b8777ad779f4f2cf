"""Who may reach a game (bot.play.access): the one rule every command, button and autocomplete
asks. Every place, purpose and person is tried."""

from __future__ import annotations

import pytest

from bot.play.access import Purpose, Reach, Where, reach

GAME_GUILD, OTHER_GUILD = 1, 2
SEATED, STRANGER = 10, 20
SEATS = (SEATED, 11)


@pytest.mark.parametrize("purpose", list(Purpose))
@pytest.mark.parametrize("user", [SEATED, STRANGER])
def test_in_its_own_server_anyone_there_reaches_the_game(purpose: Purpose, user: int) -> None:
    assert reach(Where(GAME_GUILD, user), GAME_GUILD, SEATS, purpose) is Reach.OPEN


@pytest.mark.parametrize("purpose", list(Purpose))
@pytest.mark.parametrize("user", [SEATED, STRANGER])
def test_from_another_server_the_game_does_not_exist(purpose: Purpose, user: int) -> None:
    assert reach(Where(OTHER_GUILD, user), GAME_GUILD, SEATS, purpose) is Reach.HIDDEN


@pytest.mark.parametrize("purpose", list(Purpose))
def test_from_a_dm_a_stranger_reaches_nothing(purpose: Purpose) -> None:
    assert reach(Where(None, STRANGER), GAME_GUILD, SEATS, purpose) is Reach.HIDDEN


def test_from_a_dm_a_player_reaches_their_own_business() -> None:
    assert reach(Where(None, SEATED), GAME_GUILD, SEATS, Purpose.PLAY) is Reach.OPEN


@pytest.mark.parametrize("purpose", [Purpose.LOOK, Purpose.JOIN])
def test_from_a_dm_looking_or_joining_needs_membership(purpose: Purpose) -> None:
    assert reach(Where(None, SEATED), GAME_GUILD, SEATS, purpose) is Reach.MEMBERS


def test_a_seat_given_to_a_computer_is_no_longer_the_persons() -> None:
    assert reach(Where(None, SEATED), GAME_GUILD, (11,), Purpose.PLAY) is Reach.HIDDEN
