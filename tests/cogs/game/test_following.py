"""Following a game by direct message: spectators hear the result, followers of turns hear only
people's turns, and the last word of a game comes after its last post in the thread."""

from __future__ import annotations

from tests.cogs.conftest import BotRunner
from tests.cogs.players import play_against_computers, said, settle
from tests.fakediscord import FakeDiscord, User


async def test_a_spectator_follows_the_result_and_hears_it_after_the_last_post(
    fake_discord: FakeDiscord, bot_runner: BotRunner
) -> None:
    """Mia, watching, follows with no choice: she hears only the result. Chloe follows the
    turns: she hears of Alice's turns, never of the computer player's. Their "game over"
    messages are sent after the final post in the thread."""
    fake = fake_discord
    alice, chloe, mia = fake.user("alice"), fake.user("chloe"), fake.user("mia")
    async with bot_runner(ai_budget=0.02) as bot:
        await fake.invoke(alice, "/fish new", players=2, bots=1, level=1)
        thread = await fake.wait_for_thread(fake.channel("games"))
        watching = await fake.invoke(mia, "/game follow", game=1)
        assert watching.content == said(
            mia, "You follow game #{id}: I will tell you its result by DM.", id=1
        )
        turns = await fake.invoke(chloe, "/game follow", game=1, what="turns")
        assert turns.content == said(
            chloe, "You follow game #{id}: I will tell you by DM whose turn it is.", id=1
        )
        alice_turns = await play_against_computers(bot, fake, alice, thread)
        await settle(bot)
        final_post = fake.history(thread)[-1]
        assert "Final ranking" in final_post.content

        def over(user: User) -> str:
            return said(user, "the game is over; first place: {names}.").split("{names}")[0]

        mia_dms = fake.dms(mia)
        assert len(mia_dms) == 1, [m.content for m in mia_dms]
        assert over(mia) in mia_dms[0].content
        assert mia_dms[0].id > final_post.id, "the result DM went out before the final post"

        chloe_dms = fake.dms(chloe)
        assert over(chloe) in chloe_dms[-1].content
        assert chloe_dms[-1].id > final_post.id
        told = [m.content for m in chloe_dms[:-1]]
        assert not [m for m in told if "Penguin Bot" in m], told
        assert 0 < len(told) <= alice_turns
