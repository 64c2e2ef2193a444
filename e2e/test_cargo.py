"""A moving unit's cargo (issue 14): resources and workers to take along are toggles on
the unit's own group in the decision panel, never a list of "load" buttons; each is a
legal action, and what the unit carries is shown with its count.

Plain CPython (the page's pure modules), no browser.
"""

from __future__ import annotations

import re
from html import unescape

import render_decision
from choice_steps import Choice, current
from session import Session

from scythe_core.model import rng
from scythe_core.model.actions import is_unit, split_action, verb_of

CARGO = re.compile(r'<div class="dial cargo".*?</div>', re.S)


def moving_with_cargo(want_unit: bool) -> Session:
    """A solo game played (moves and loads first) to a unit that may take cargo along."""
    for seed in range(1, 80):
        session = Session(
            {"seed": seed, "seats": [{"controller": "human"}, {"controller": "automa"}]}
        )
        chooser = rng.seed_state(seed)
        for _ in range(600):
            session.play_automas()
            if session.game_over:
                break
            legal = session.legal()
            loads = [a for a in legal if verb_of(a) == "load"]
            carries_units = any(is_unit(split_action(a)[1]) for a in loads)
            if (
                session.state.pending["kind"] == "move_unit"
                and loads
                and carries_units == want_unit
            ):
                return session
            keen = [a for a in legal if verb_of(a) in ("section", "move", "unit", "deploy", "load")]
            chooser, n = rng.randbelow(chooser, len(keen or legal))
            session.act((keen or legal)[n])
    raise AssertionError("no unit with cargo to take")


def cargo_markup(session: Session, lang: str = "en") -> str:
    legal = session.legal()
    html = render_decision.step_html(current(legal, Choice()), session.view(), session.viewer, lang)
    found = CARGO.search(html)
    assert found, html
    return found.group(0)


def test_resources_to_take_along_are_counters_on_the_unit():
    session = moving_with_cargo(want_unit=False)
    loads = [a for a in session.legal() if verb_of(a) in ("load", "drop")]
    box = cargo_markup(session)
    for action in loads:
        assert f'data-action="{action}"' in box, (action, box)
    assert "Carried by" in unescape(box)
    resource = split_action(loads[0])[1]
    assert re.search(rf'data-res="{resource}">[^<]*<b>0</b>', box)
    session.act(loads[0])
    assert re.search(rf'data-res="{resource}">[^<]*<b>1</b>', cargo_markup(session)), "carried: 1"
    # No "load" button is left outside the unit's cargo group.
    whole = render_decision.step_html(
        current(session.legal(), Choice()), session.view(), session.viewer, "nl"
    )
    assert whole.count('data-action="load:') == cargo_markup(session, "nl").count(
        'data-action="load:'
    )


def test_workers_a_mech_may_carry_are_toggles_pressed_while_aboard():
    session = moving_with_cargo(want_unit=True)
    worker = next(
        a for a in session.legal() if verb_of(a) == "load" and is_unit(split_action(a)[1])
    )
    uid = split_action(worker)[1]
    box = cargo_markup(session)
    assert re.search(rf'data-action="load:{uid}" aria-pressed="false"', box), box
    session.act(worker)
    box = cargo_markup(session)
    assert 'aria-pressed="true"' in box and "cargo-unit on" in box, box
