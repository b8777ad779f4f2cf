"""Who may reach a game (bot.play.access): the one rule every command, button and autocomplete
asks. Every place, purpose and person is tried."""

from __future__ import annotations

import pytest

from bot.play.access import (
    BACKGROUND,
    Members,
    Purpose,
    Reach,
    Where,
    open_game,
    open_record,
    reach,
    within_reach,
)
from bot.play.games import position_of
from bot.store import GameNotFound, Store
from tests.store.conftest import GUILD, USERS, started

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


def _asked(answers: list[int], verdict: bool) -> Members:
    """A membership answer that notes each server it is asked about."""

    async def members(guild_id: int) -> bool:
        answers.append(guild_id)
        return verdict

    return members


async def test_a_game_out_of_reach_is_not_found_like_a_missing_one(store: Store) -> None:
    """Another server's game, and from a DM a game one is not seated in, raise GameNotFound
    with the game's own id, as a missing id does; membership is never asked for them."""
    record = await started(store, "fish", 2)
    asked: list[int] = []
    members = _asked(asked, True)
    for where in (Where(GUILD + 1, USERS[0]), Where(None, USERS[3])):
        for purpose in Purpose:
            with pytest.raises(GameNotFound) as hidden:
                await open_game(store, record.id, where, purpose, members)
            assert hidden.value.params == {"game_id": record.id}
            with pytest.raises(GameNotFound):
                await open_record(store, record.id, where, purpose, members)
    assert asked == []
    with pytest.raises(GameNotFound):
        await open_game(store, 999, Where(GUILD, USERS[0]))


async def test_from_a_dm_looking_or_joining_asks_membership_of_the_games_server(
    store: Store,
) -> None:
    """A seated player in a DM: playing needs nothing more; looking and joining ask whether
    they are still on the game's server, and a no (or nobody to ask) hides the game."""
    record = await started(store, "fish", 2)
    seated = Where(None, USERS[0])
    record_, game = await open_game(store, record.id, seated, Purpose.PLAY)
    assert record_.id == record.id and game is not None
    for purpose in (Purpose.LOOK, Purpose.JOIN):
        asked: list[int] = []
        yes = _asked(asked, True)
        assert (await open_record(store, record.id, seated, purpose, yes)).id == record.id
        assert asked == [GUILD]
        no = _asked(asked, False)
        with pytest.raises(GameNotFound):
            await open_game(store, record.id, seated, purpose, no)
        with pytest.raises(GameNotFound):
            await open_game(store, record.id, seated, purpose)  # fails closed: nobody to ask


async def test_the_bots_own_work_reaches_every_game(store: Store) -> None:
    record = await started(store, "ultimatum", 2)
    loaded, game = await open_game(store, record.id, BACKGROUND)
    assert loaded.id == record.id and game is not None
    assert (await open_record(store, record.id, BACKGROUND)).guild_id == GUILD


async def test_a_listing_offers_only_the_games_within_reach(store: Store) -> None:
    """Autocomplete lists: in the game's server, all of them; from a DM, only one's own;
    from another server, none."""
    mine = await started(store, "fish", 2)
    records = [mine]
    assert within_reach(records, Where(GUILD, USERS[3])) == records
    assert within_reach(records, Where(None, USERS[0]), Purpose.LOOK) == records
    assert within_reach(records, Where(None, USERS[3])) == []
    assert within_reach(records, Where(GUILD + 1, USERS[0])) == []


async def test_from_a_dm_a_player_whose_seat_a_computer_holds_still_reaches_the_game(
    store: Store,
) -> None:
    """After a hand-over the seat keeps its person (``handed_from``): from a DM they still reach
    their game as one of its players (the hand-over DM tells them to type /game return there),
    and taking the seat back (joining again) still needs membership of the game's server."""
    record = await started(store, "fish", 2)
    record, game = await open_game(store, record.id, BACKGROUND)
    assert game is not None and game.to_move is not None
    person = record.player(game.to_move).user_id
    assert person is not None
    handed = await store.hand_to_computer(
        record.id,
        game.to_move,
        2,
        position=position_of(game),
        expected_version=record.version,
    )
    assert person not in handed.user_ids and person in handed.players
    dm = Where(None, person)
    assert (await open_record(store, record.id, dm, Purpose.PLAY)).id == record.id
    assert within_reach([handed], dm) == [handed]
    asked: list[int] = []
    assert (await open_record(store, record.id, dm, Purpose.JOIN, _asked(asked, True))).id
    assert asked == [GUILD]
    with pytest.raises(GameNotFound):
        await open_record(store, record.id, dm, Purpose.JOIN, _asked(asked, False))
    assert within_reach([handed], Where(None, USERS[3])) == []
