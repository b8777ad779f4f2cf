"""Why an action is not allowed: each check raises IllegalAction with a player's sentence.

The checks only read; the game applies an action after they pass, so a refused action changes
nothing. Codes are stable (tests and translations rely on them); params carry the message's
values.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.games.base import IllegalAction
from bot.games.ultimatum.actions import (
    SUPPLY,
    USAGE,
    Invite,
    LayEntertainer,
    Perform,
    Play,
    Skip,
    UltimatumAction,
)
from bot.games.ultimatum.cards import ENTERTAINERS
from bot.games.ultimatum.iceberg import Iceberg

STEP_ACTIONS: dict[str, type | tuple[type, ...]] = {
    "play": Play,
    "invite": (Invite, Skip),
    "perform": Perform,
    "entertainer": LayEntertainer,
}
STEP_HINT = {
    "play": "lay a penguin first: " + USAGE["play"],
    "invite": "move an invitation stone or skip: " + USAGE["invite"] + ", or skip",
    "perform": "several entertainers perform: choose which goes first with " + USAGE["perform"],
    "entertainer": "lay the new entertainer: " + USAGE["entertainer"],
}


def check_step(step: str, action: UltimatumAction) -> None:
    """The action belongs to the current step of the turn."""
    if not isinstance(action, STEP_ACTIONS[step]):
        raise IllegalAction("wrong_step", STEP_HINT[step], step=step)


def check_penguin(ice: Iceberg, hand: Sequence[str], won: Sequence[str], action: Play) -> None:
    """U-11 … U-13: a card from the hand, on an empty cell next to an entertainer; a waiver."""
    name, cell = action.cell, ice.geo.index[action.cell]
    if action.card not in hand:
        raise IllegalAction("not_in_hand", f"you don't hold {action.card}", card=action.card)
    if ice.filled[cell]:
        raise IllegalAction("cell_taken", f"{name} is already taken", cell=name)
    if cell not in ice.penguin_cells():
        raise IllegalAction(
            "not_next_to_entertainer", f"{name} is not next to an entertainer", cell=name
        )
    if action.waive is None:
        return
    if not ice.kin(action.card, cell):
        raise IllegalAction(
            "nothing_to_waive", "no kinship fee is due, nothing to waive", cell=name
        )
    if action.waive not in won:
        raise IllegalAction("not_won", f"you have not won {action.waive}", entertainer=action.waive)


def check_invite(ice: Iceberg, seat: int, supply: int, action: Invite) -> None:
    """U-14: an own stone, from the supply or a penguin, onto a penguin without a stone."""
    index = ice.geo.index
    if action.source == SUPPLY:
        if not supply:
            raise IllegalAction("supply_empty", "you have no invitation stones left in your supply")
    elif ice.stones.get(index[action.source]) != seat:
        name = action.source
        raise IllegalAction("not_your_stone", f"there is no stone of yours on {name}", cell=name)
    target = action.target
    if index[target] not in ice.penguins:
        raise IllegalAction("not_a_penguin", f"there is no penguin on {target}", cell=target)
    if index[target] in ice.stones:
        raise IllegalAction(
            "has_stone", f"the penguin on {target} already holds a stone", cell=target
        )


def check_perform(ice: Iceberg, pending: Sequence[int], action: Perform) -> None:
    """U-16: the chosen entertainer is one of those due to perform."""
    if ice.geo.index[action.cell] in pending:
        return
    name = action.cell
    due = ", ".join(ice.geo.names[c] for c in pending)
    raise IllegalAction(
        "not_pending",
        f"{name} is not one of the entertainers about to perform ({due})",
        cell=name,
        pending=due,
    )


def check_entertainer(
    ice: Iceberg, top: str, pending: Sequence[int], action: LayEntertainer
) -> None:
    """U-21: an empty cell next to a card, where no show would start at once."""
    names, cell = ice.geo.names, ice.geo.index[action.cell]
    name = action.cell
    if ice.filled[cell]:
        raise IllegalAction("cell_taken", f"{name} is already taken", cell=name)
    if not any(ice.filled[n] for n in ice.geo.adjacent[cell]):
        raise IllegalAction("not_next_to_card", f"{name} is not next to any card", cell=name)
    other = ice.triggers(pending).get(cell)
    if other is not None:
        performer = ice.entertainers[other][0]
        animal = ENTERTAINERS[performer].animal
        raise IllegalAction(
            "would_start_show",
            f"that placement would start the {animal}'s show on {names[other]} at once",
            cell=name,
            entertainer=performer,
            performer=names[other],
        )
    if ice.performs(cell, top, action.turned):
        animal = ENTERTAINERS[top].animal
        other_way = not ice.performs(cell, top, not action.turned)
        hint = "; laid the other way it would not" if other_way else ""
        raise IllegalAction(
            "would_start_show",
            f"that placement would start the {animal}'s show at once{hint}",
            cell=name,
            entertainer=top,
            performer=name,
            other_way=other_way,
        )
