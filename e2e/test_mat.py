"""The drawn player mat (issue 14): its lit parts are the pending decision's legal
actions or groups of them, in random games, and the mat shows what a player needs.

Plain CPython (the page's pure modules), no browser.
"""

from __future__ import annotations

import doctest
import re
from html import unescape

import mat_targets
import pytest
import render_mat
from choice_steps import Choice, current, pick
from session import Session

from scythe_core import apply, legal_actions
from scythe_core.io.ui_helpers import mat_sections
from scythe_core.model import rng
from scythe_core.model.actions import verb_of

#: Bottom actions and trades first, so the games get to build and deploy.
KEEN = ("upgrade", "deploy", "build", "enlist", "trade", "gain", "produce")
PART = re.compile(r"<button [^>]*data-part=\"([^\"]+)\"[^>]*>")


@pytest.mark.parametrize("module", [mat_targets, render_mat])
def test_doctests(module):
    assert doctest.testmod(module).failed == 0


def lit(session: Session, choice: Choice) -> tuple[dict, str]:
    view = session.view()
    seat = session.pending_seat
    step = current(session.legal(), choice)
    tops = {row["index"]: row["top"] for row in mat_sections(view["players"][seat])}
    kind = str(view["pending"]["kind"])
    after = {a: session.legal_after(a) for a in session.legal()} if kind == "section" else None
    targets = mat_targets.mat_targets(kind, session.legal(), step, tops, after)
    html = render_mat.own_mat_html(view, seat, targets, session.held(seat), str, "en", None)
    return targets, html


def test_every_lit_part_of_the_mat_is_a_legal_action_or_leads_to_them():
    seen: set[str] = set()
    for seed in range(1, 7):
        session = Session(
            {"seed": seed, "seats": [{"controller": "human"}, {"controller": "automa"}]}
        )
        chooser = rng.seed_state(seed)
        for _ in range(400):
            session.play_automas()
            if session.game_over:
                break
            if session.state.pending["kind"] == "section":  # every bottom action affordable
                where = next(w for w in session.state.players[0].workers if w)
                session.state.resources[where] = dict.fromkeys(("oil", "metal", "food", "wood"), 4)
            legal = session.legal()
            targets, html = lit(session, Choice())
            assert set(PART.findall(html)) == set(targets)
            for name, target in targets.items():
                seen.add(name.split(":")[0])
                if target.pick:
                    assert target.leads and set(target.leads) <= set(legal), (name, target)
                    inner, _ = lit(session, pick(Choice(), target.pick))
                    assert all(t.action in legal for t in inner.values() if t.action), name
                else:
                    assert target.action in legal, (name, target)
                    if target.then:  # the top action after the section: legal then
                        after = apply(session.state, target.action)
                        assert target.then in legal_actions(after), (name, target)
            keen = [a for a in legal if verb_of(a) in KEEN] or legal
            chooser, n = rng.randbelow(chooser, len(keen))
            session.act(keen[n])
    # Every kind of part was lit somewhere in these games.
    assert seen >= {"section", "top", "slot", "recruit", "mech", "structure"}, seen


def test_the_mat_totals_the_resources_held_and_says_where_they_lie():
    session = Session({"seed": 3, "seats": [{"controller": "human"}, {"controller": "automa"}]})
    hexes = [w for w in session.state.players[0].workers if w]
    session.state.resources[hexes[0]] = {"oil": 2, "wood": 1}
    session.state.resources[hexes[-1]] = {"oil": 1}
    html = render_mat.held_html(session.held(0), lambda hid: f"<{hid}>", "en")
    assert 'data-res="oil" data-total="3"' in html and 'data-total="1"' in html
    assert unescape(html).count(f"<{hexes[0]}> 2") == 1
