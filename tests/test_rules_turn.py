"""The turn: a new section each turn, top then bottom (each optional), pay first, dead turns.

Mats used here (sections left to right):
  mechanical (Nordic): trade/upgrade 3 oil +0, bolster/deploy 3 metal +2,
                       move/build 3 wood +2, produce/enlist 4 food +2
  engineering (Saxony): produce/upgrade 3 oil +2, trade/deploy 4 metal +0,
                        bolster/build 3 wood +3, move/enlist 3 food +1
"""

from __future__ import annotations

import pytest
from rules_helpers import (
    choose_bottom,
    choose_top,
    clear_board,
    make_game,
    play,
    set_workers,
)

from scythe_core import IllegalActionError, apply, legal_actions

SECTIONS = ["section:0", "section:1", "section:2", "section:3"]


def dead_turn(state, section):
    """Choose a section and take neither action."""
    play(state, f"section:{section}", "skip")
    if state.pending.get("kind") == "bottom":
        play(state, "skip")


# --- choosing a section ---------------------------------------------------------


def test_the_first_turn_may_use_any_section():
    state = make_game("nordic", "saxony")
    assert legal_actions(state) == SECTIONS


def test_a_player_must_choose_a_different_section_than_last_turn():
    state = make_game("nordic", "saxony")
    dead_turn(state, 2)
    assert state.pending == {"seat": 1, "kind": "section"}
    dead_turn(state, 2)  # the other player's choice does not matter
    assert state.pending == {"seat": 0, "kind": "section"}
    assert legal_actions(state) == ["section:0", "section:1", "section:3"]
    with pytest.raises(IllegalActionError):
        apply(state, "section:2")
    dead_turn(state, 0)
    dead_turn(state, 0)
    # Only the previous turn's section is barred, not older ones.
    assert legal_actions(state) == ["section:1", "section:2", "section:3"]


def test_rusviet_relentless_may_choose_the_same_section_again():
    state = make_game("rusviet", "saxony")
    for turn in range(3):
        assert legal_actions(state) == SECTIONS
        dead_turn(state, 1)  # Rusviet, the same section every time
        assert state.pending["seat"] == 1
        # ...while Saxony may not repeat its section.
        if turn:
            assert f"section:{turn - 1}" not in legal_actions(state)
        dead_turn(state, turn)


# --- top then bottom, each optional ------------------------------------------------


def test_the_top_action_comes_first_then_the_bottom_action():
    state = make_game("nordic", "saxony")
    choose_top(state, "move")
    assert state.pending["kind"] == "top"
    assert legal_actions(state) == ["coins", "coins/0", "move", "skip"]
    play(state, "coins")
    assert state.pending == {"seat": 0, "kind": "bottom", "action": "build"}


def test_the_top_action_may_be_skipped_and_the_bottom_action_still_taken():
    state = make_game("nordic", "saxony")
    clear_board(state)
    p = state.players[0]
    set_workers(p, "r1c4")
    state.resources = {"r1c4": {"oil": 3}}
    play(state, "section:0", "skip")  # trade / upgrade
    assert state.pending["kind"] == "bottom"
    assert any(a.startswith("upgrade:") for a in legal_actions(state))
    play(state, "upgrade:bolster_power>deploy")
    assert p.upgraded_top == ["bolster_power"]
    assert state.pending == {"seat": 1, "kind": "section"}


def test_the_bottom_action_may_be_skipped():
    state = make_game("nordic", "saxony")
    p = state.players[0]
    coins = p.coins
    play(state, "section:2", "coins", "skip")
    assert p.coins == coins + 1
    assert state.pending == {"seat": 1, "kind": "section"}


def test_a_dead_turn_is_legal_when_nothing_can_be_paid():
    state = make_game("nordic", "saxony")
    p = state.players[0]
    p.coins = p.power = p.popularity = 0
    p.combat_cards = []
    play(state, "section:1")  # bolster / deploy
    assert legal_actions(state) == ["skip"]
    play(state, "skip")
    assert legal_actions(state) == ["skip"]
    play(state, "skip")
    assert p.last_section == 1
    assert state.pending == {"seat": 1, "kind": "section"}


def test_turns_pass_clockwise_and_a_round_ends_with_the_last_player():
    state = make_game("saxony", "nordic", "crimea", mats={"saxony": "engineering"})
    order = []
    rounds = []
    for _ in range(4):
        order.append(state.players[state.pending["seat"]].faction)
        rounds.append(state.round)
        dead_turn(state, state.turns_taken % 4)
    # Saxony (mat 2) starts; clockwise from Saxony come Polania (absent), Nordic, Crimea.
    assert order == ["saxony", "nordic", "crimea", "saxony"]
    assert rounds == [1, 1, 1, 2]


# --- paying: the full cost first, only from controlled territories -----------------


def test_a_bottom_action_needs_the_full_cost():
    state = make_game("nordic", "saxony")
    clear_board(state)
    set_workers(state.players[0], "r1c4")
    state.resources = {"r1c4": {"oil": 2}}
    choose_bottom(state, "upgrade")  # costs 3 oil on the mechanical mat
    assert legal_actions(state) == ["skip"]

    state = make_game("nordic", "saxony")
    clear_board(state)
    set_workers(state.players[0], "r1c4")
    state.resources = {"r1c4": {"oil": 3}}
    choose_bottom(state, "upgrade")
    assert "upgrade:bolster_power>deploy" in legal_actions(state)


def test_resources_on_territories_not_controlled_cannot_pay():
    state = make_game("nordic", "saxony")
    clear_board(state)
    me, foe = state.players
    set_workers(me, "r1c4")
    set_workers(foe, "r2c4")
    state.resources = {"r1c4": {"oil": 1}, "r2c4": {"oil": 5}, "r3c3": {"oil": 5}}
    choose_bottom(state, "upgrade")
    assert legal_actions(state) == ["skip"]


def test_resources_under_an_own_structure_pay_unless_an_enemy_unit_is_there():
    state = make_game("nordic", "saxony")
    clear_board(state)
    me, foe = state.players
    set_workers(me, "r1c4")
    me.structures = {"mine": "r2c4"}
    state.resources = {"r1c4": {"oil": 1}, "r2c4": {"oil": 2}}
    choose_bottom(state, "upgrade")
    assert legal_actions(state) != ["skip"]

    state = make_game("nordic", "saxony")
    clear_board(state)
    me, foe = state.players
    set_workers(me, "r1c4")
    me.structures = {"mine": "r2c4"}
    set_workers(foe, "r2c4")  # an enemy unit takes control of the structure's territory
    state.resources = {"r1c4": {"oil": 1}, "r2c4": {"oil": 2}}
    choose_bottom(state, "upgrade")
    assert legal_actions(state) == ["skip"]


def test_cost_is_paid_before_the_benefit_and_the_player_chooses_where_from():
    state = make_game("nordic", "saxony")
    clear_board(state)
    p = state.players[0]
    set_workers(p, "r1c4", "r1c5")
    state.resources = {"r1c4": {"oil": 2}, "r1c5": {"oil": 2}}
    choose_bottom(state, "upgrade")
    play(state, "upgrade:bolster_power>deploy")
    assert state.pending["kind"] == "pay"
    assert legal_actions(state) == ["pay:r1c4", "pay:r1c5"]
    assert p.upgraded_top == []  # no benefit before the cost is paid
    play(state, "pay:r1c4", "pay:r1c4")
    # One more oil is owed and only r1c5 has any: it is taken without asking.
    assert state.resources == {"r1c5": {"oil": 1}}
    assert p.upgraded_top == ["bolster_power"]
    assert state.pending == {"seat": 1, "kind": "section"}


def test_resources_gained_by_the_top_action_can_pay_for_the_bottom_action():
    state = make_game("nordic", "saxony")
    clear_board(state)
    p = state.players[0]
    set_workers(p, "r1c4")
    state.resources = {"r1c4": {"oil": 1}}
    play(state, "section:0", "trade:resources", "gain:oil@r1c4", "gain:oil@r1c4")
    assert state.pending["kind"] == "bottom"
    play(state, "upgrade:bolster_power>deploy")
    assert p.upgraded_top == ["bolster_power"]
    assert "r1c4" not in state.resources


def test_top_action_costs_must_be_payable():
    state = make_game("nordic", "saxony")
    p = state.players[0]
    p.coins = 0
    choose_top(state, "bolster")
    assert legal_actions(state) == ["skip"]
