"""Typical turns played by clicks the way a player would, with the clicks counted.

Each turn takes a section on the drawn mat by its top action (one click: the section
and the top action's option), then makes every part of the turn on the thing it is
about: a Produce confirmed as lit, a Trade's resources, the unit to move and where,
the bottom action on the mat (a top cube and a cost space, a mech slot, a structure,
a recruit and its bonus) and then its hex on the board. The bottom action is taken
whenever it can be. Used by ``test_clicks.py`` and ``bench/ui.py``.
"""

from __future__ import annotations

from dataclasses import dataclass

from game_driver import CLICKS, act, click, click_hex, state

from scythe_core.model.actions import verb_of

#: The top action each planned turn starts with (its bottom is what that section has).
PLAN = ("produce", "trade", "bolster", "move", "produce", "bolster", "trade", "move")
#: What a Trade takes, in turn (the bottom actions' costs: a build, a deploy...).
WANTED = ("food", "wood", "metal", "oil")
#: The top action option a turn takes on the mat (Produce: the section itself).
OPTION = {"trade": "trade:resources", "bolster": "bolster:power", "move": "move"}


@dataclass
class Turn:
    top: str
    bottom: str | None
    clicks: int
    moved: bool


def mat_parts(page) -> list[dict]:
    return page.eval_on_selector_all(
        "#own-mat button.mp.lit",
        """bs => bs.map(b => ({part: b.dataset.part, action: b.dataset.action || null,
            then: b.dataset.then || null, pick: b.dataset.pick || null,
            leads: b.dataset.leads ? b.dataset.leads.split(' ') : []}))""",
    )


def take_on_mat(page, action: str) -> bool:
    """Make ``action`` through the lit mat parts and then the board; False if the mat
    does not lead to it."""
    for _ in range(4):
        parts = mat_parts(page)
        direct = next((p for p in parts if p["action"] == action and not p["then"]), None)
        if direct:
            click(page, f"#own-mat [data-part='{direct['part']}']")
            return True
        group = next((p for p in parts if action in p["leads"]), None)
        if group is None:
            break
        click(page, f"#own-mat [data-part='{group['part']}']")
    info = state(page)
    if info["targets"] and action in info["actions"]:
        from actions_ui import hexes_of

        hexes = [h for h in hexes_of(action) if h in info["targets"]]
        if hexes:
            click_hex(page, hexes[-1])
            if page.locator("#decision .hex-choice").count():
                click(page, f"#decision .hex-choice [data-action='{action}']")
            return True
    return False


def take(page, action: str) -> None:
    """The fewest clicks: a lit mat part, a button of the decision itself, the board."""
    if page.locator(f"#own-mat [data-action='{action}']:not([data-then])").count():
        click(page, f"#own-mat [data-action='{action}']:not([data-then])")
    elif page.locator(f"#decision [data-action='{action}']").count():
        click(page, f"#decision [data-action='{action}']")
    elif not take_on_mat(page, action):
        act(page, action)


def start_turn(page, top: str) -> bool:
    """Choose the section with this top action on the mat; False if it is blocked."""
    for name in (p["part"] for p in mat_parts(page)):
        if not name.startswith("top:"):
            continue
        option = name.split(":", 2)[2]
        if option == OPTION.get(top, "produce"):
            click(page, f"#own-mat [data-part='{name}']")
            return True
    return False


def finish_turn(page, top: str, wanted: str = "food") -> tuple[str | None, bool]:
    """Play the rest of the turn; returns (the bottom action taken, a unit moved)."""
    bottom, moved = None, False
    for _ in range(40):
        info = state(page)
        pending, actions = info["pending"], info["actions"]
        if info["game"] == "over" or pending == "section" or info["handover"]:
            return bottom, moved
        doing = [a for a in actions if a not in ("skip", "done", "end_turn")]
        if pending == "top" and page.locator("#decision [data-toggle]").count():
            click(page, "#decision .g-confirm [data-action]")  # a Produce, as lit
        elif pending == "move":
            units = [a for a in doing if verb_of(a) == "unit"]
            if moved or not units:
                take(page, "done" if "done" in actions else actions[0])
            else:
                take(page, units[0])
        elif pending == "move_unit":
            goes = [a for a in doing if verb_of(a) == "to"]
            take(page, goes[0] if goes else actions[0])
            moved = True
        elif pending == "bottom":
            if doing:
                bottom = verb_of(doing[0])
                take(page, doing[0])
            else:
                take(page, "skip")
        elif pending == "turn_end":
            take(page, "end_turn")
        elif pending == "trade_place":
            gains = sorted(doing, key=lambda a: wanted not in a)
            take(page, gains[0] if gains else actions[0])
        else:  # an encounter, a combat...: the first offered
            take(page, doing[0] if doing else actions[0])
    raise AssertionError(f"the turn did not end: {state(page)}")


def play_turns(page, n: int) -> list[Turn]:
    """Play ``n`` planned turns of the seat on screen (Automa turns play instantly)."""
    turns: list[Turn] = []
    plan = list(PLAN) * (n // len(PLAN) + 2)
    while len(turns) < n and plan:
        info = state(page)
        if info["game"] == "over":
            break
        assert info["pending"] == "section", info
        top = plan.pop(0)
        before = CLICKS[0]
        if not start_turn(page, top):
            continue  # that section was taken last turn: the next in the plan
        trades = sum(1 for t in turns if t.top == "trade")
        bottom, moved = finish_turn(page, top, WANTED[trades % len(WANTED)])
        turns.append(Turn(top, bottom, CLICKS[0] - before, moved))
    return turns
