"""The components of a step: within Discord's limits on every page, a page button when the
menus do not fit in one reply, and custom_ids that carry notation only."""

from __future__ import annotations

from bot.play.choices import Choice, Menu, Step
from bot.ui.choices import PAGE, step_view


def big_step(menus: int) -> Step:
    """A step with ``menus`` full menus of cells and a Back button."""
    return Step(
        "ent",
        "Where?",
        buttons=(Choice("back", "Another card"),),
        menus=tuple(
            Menu(f"Cell · rows {n}", tuple(Choice(f"A{n}x{k}", f"A{n} {k}") for k in range(25)))
            for n in range(menus)
        ),
    )


def test_a_step_with_more_than_four_menus_turns_pages() -> None:
    step = big_step(6)
    assert step.pages == 2
    for page in (0, 1):
        view = step_view(7, 3, step, "en", page)
        payload = view.to_components()
        assert len(payload) <= 5
        ids = [c["custom_id"] for row in payload for c in row["components"]]
        assert len(ids) == len(set(ids)) and all(len(i) <= 100 for i in ids)
        pages = [i for i in ids if i.split(":")[-1].startswith(PAGE)]
        assert pages == [f"pc:7:3:ent::{PAGE}{(page + 1) % 2}"]
    selects = [
        c for row in step_view(7, 3, step, "en", 1).to_components() for c in row["components"]
    ]
    assert sum(c["type"] == 3 for c in selects) == 2


def test_a_step_that_fits_has_no_page_button() -> None:
    view = step_view(7, 3, big_step(4), "de", 0)
    labels = [c.get("label") for row in view.to_components() for c in row["components"]]
    assert labels.count("Another card") == 1 and not any("(1/" in str(x) for x in labels)
