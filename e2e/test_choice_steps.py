"""Big decisions in steps (web/choice_steps.py) under plain CPython.

Seeded random games (1-5 seats, with Automas) stop at every decision: walking the
steps from the first reaches every legal action and nothing else, no step shows more
than ``LIMIT`` choices, and every step's panel renders in both languages.
"""

from __future__ import annotations

import doctest
import re
from html import unescape

import choice_steps
import pytest
import render_decision
from choice_steps import LIMIT, Choice, current, pick, toggle, walk
from session import Session

from scythe_core.model import rng
from scythe_core.model.actions import is_commit, parse_produce, verb_of

SEATS = [
    (11, ["human"]),
    (12, ["human", "automa"]),
    (13, ["human", "human", "automa"]),
    (14, ["human", "automa", "human", "automa"]),
    (15, ["human", "human", "human", "human", "human"]),
    (16, ["automa", "human", "automa", "automa", "automa"]),
]
#: More seeded games over every seat count, for the walk alone.
MANY = SEATS + [(seed, SEATS[seed % len(SEATS)][1]) for seed in range(100, 124)]


def test_doctests():
    assert doctest.testmod(choice_steps).failed == 0


def reached(legal: list[str]) -> tuple[list[str], int]:
    """Every action the steps lead to (with repeats) and the most choices on a step."""
    found: list[str] = []
    most = 0
    for step, _path in walk(legal):
        most = max(most, step.count())
        found += [n.action for n in step.items if n.action is not None]
        if step.toggles:
            found += produce_sets(legal, step)
        if not step.back:
            found += step.extras
    return found, most


def produce_sets(legal: list[str], step) -> list[str]:
    """The actions a Produce step confirms, found by toggling hexes from the default."""
    seen, out, todo = set(), [], [Choice(step_path(legal, step), None)]
    while todo:
        choice = todo.pop()
        now = current(legal, choice)
        if now.on in seen:
            continue
        seen.add(now.on)
        if now.confirm:
            assert set(parse_produce(now.confirm)) == set(now.on)
            out.append(now.confirm)
        todo += [toggle(legal, choice, h) for h in now.enabled]
    return out


def step_path(legal: list[str], step) -> tuple[str, ...]:
    return next(path for s, path in walk(legal) if s.node.id == step.node.id)


def play(seed: int, seats: list[str], decisions: int):
    session = Session({"seed": seed, "seats": [{"controller": c} for c in seats]})
    chooser = rng.seed_state(seed)
    for _ in range(decisions):
        session.play_automas()
        if session.game_over:
            return
        if session.handover:
            session.finish_handover()
        yield session
        legal = session.legal()
        chooser, i = rng.randbelow(chooser, len(legal))
        session.act(legal[i])


@pytest.mark.parametrize("seed,seats", MANY)
def test_steps_reach_every_legal_action_and_show_at_most_eight(seed, seats):
    most: dict[str, int] = {}
    big = 0
    for session in play(seed, seats, 900):
        legal = session.legal()
        kind = session.state.pending["kind"]
        found, count = reached(legal)
        want = [a for a in legal if not is_commit(a)]
        assert sorted(found) == sorted(want), kind  # each exactly once
        assert count <= LIMIT, (kind, legal)
        most[kind] = max(most.get(kind, 0), count)
        big = max(big, len(want))
    if (seed, seats) in SEATS:  # (some of the others end in a few turns)
        assert big > LIMIT, "the games had no big decision to split"
        assert {"section", "bottom", "top"} <= set(most)


@pytest.mark.parametrize("seed,seats", SEATS[:4])
def test_every_step_renders_in_both_languages(seed, seats, strict_strings):
    for n, session in enumerate(play(seed, seats, 500)):
        legal = session.legal()
        if len(legal) <= LIMIT and n % 5:
            continue
        view, seat = session.view(), session.viewer
        for _step, path in walk(legal):
            for lang in ("en", "nl"):
                html = render_decision.decision_html(view, seat, legal, lang, choice=Choice(path))
                assert not re.search(r"{\w+}", html), "a placeholder left unfilled"
                actions = set(re.findall(r'data-action="([^"]*)"', unescape(html)))
                assert actions <= set(legal)
                picks = re.findall(r"data-pick=", html)
                toggles = re.findall(r"data-toggle=", html)
                shown = [a for a in actions if a not in choice_steps.PASSIVE]
                assert len(shown) + len(picks) + len(toggles) <= LIMIT + (1 if toggles else 0)
                assert ("choice-back" in html) == bool(path)
    assert strict_strings == []


UPGRADES = [
    f"upgrade:{top}>{bottom}"
    for top in ("bolster_cards", "bolster_power", "move_coins", "move_units", "trade_popularity")
    for bottom in ("build", "deploy", "enlist", "upgrade")
]


def test_upgrade_is_a_top_action_then_a_bottom_space():
    legal = ["skip", *UPGRADES]
    first = current(legal, Choice())
    assert [n.key for n in first.items][:2] == [
        ("upgrade", "bolster_cards"),
        ("upgrade", "bolster_power"),
    ]
    assert first.extras == ["skip"] and not first.back
    second = current(legal, pick(Choice(), first.items[3].id))
    assert [n.action for n in second.items] == [a for a in UPGRADES if ":move_units>" in a]
    assert second.back and set(second.actions()) == {*second.node.leaves(), "skip"}
    assert current(legal, Choice(("no such group",))).items == first.items


def test_enlist_build_deploy_are_two_steps():
    enlist = [
        f"enlist:{b}>{r}"
        for b in ("build", "deploy", "upgrade")
        for r in ("coins", "power", "cards")
    ]
    assert [n.key for n in current(enlist, Choice()).items] == [
        ("enlist", "build"),
        ("enlist", "deploy"),
        ("enlist", "upgrade"),
    ]
    build = [f"build:{s}@{h}" for s in ("mill", "mine", "armory") for h in ("r1c4", "r1c5", "r2c5")]
    step = current(["skip", *build], Choice())
    assert {n.key[:2] for n in step.items} == {("build", s) for s in ("mill", "mine", "armory")}
    deploy = [f"deploy:{m}@{h}" for m in range(3) for h in ("r1c4", "r1c5", "r2c5")]
    step = current(deploy, pick(Choice(), "deploy 1"))
    assert [n.action for n in step.items] == ["deploy:1@r1c4", "deploy:1@r1c5", "deploy:1@r2c5"]


def test_produce_toggles_only_to_legal_sets():
    hexes = ["r1c4", "r1c5", "r2c5", "r4c1"]
    legal = ["skip"] + [
        "produce:" + "+".join(h for i, h in enumerate(hexes) if mask >> i & 1)
        for mask in range(1, 16)
        if bin(mask).count("1") <= 3
    ]
    step = current(legal, Choice())
    assert step.toggles == sorted(hexes) and len(step.on) == 3 and step.confirm
    assert step.enabled == step.on  # a fourth hex would make no legal set
    choice = toggle(legal, Choice(), sorted(step.on)[0])
    assert len(current(legal, choice).on) == 2 and current(legal, choice).confirm in legal
    off = Choice((), frozenset())
    assert current(legal, off).confirm is None and current(legal, off).enabled == set(hexes)
    assert all(verb_of(a) in ("produce", "skip") for a in current(legal, off).actions())


def test_taking_less_than_the_full_benefit_is_one_button_not_a_question():
    bolster = ["bolster:cards", "bolster:cards/0", "bolster:power", "bolster:power/0"]
    bolster += ["bolster:power/1", "skip"]
    step = current(bolster, Choice())
    shown = [n.action or n.id for n in step.items]
    assert shown == ["bolster:cards", "bolster:power", choice_steps.LESS]
    less = current(bolster, pick(Choice(), choice_steps.LESS))
    assert sorted(less.actions()) == [
        "bolster:cards/0",
        "bolster:power/0",
        "bolster:power/1",
        "skip",
    ]
    coins = current(["coins:2", "coins:1", "coins:0"], Choice())
    assert [n.action or n.id for n in coins.items] == ["coins:2", choice_steps.LESS]
    view = Session({"seed": 1, "seats": [{}, {"controller": "automa"}]}).view()
    html = render_decision.step_html(coins, view, 0, "en")
    assert "Take less" in html and 'data-leads="coins:1 coins:0"' in html
    # Nothing to take less of: no such button.
    assert all(n.id != choice_steps.LESS for n in current(["coins:1", "skip"], Choice()).items)
