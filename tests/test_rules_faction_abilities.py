"""Faction abilities not covered elsewhere: Crimea's Coercion on a bottom action."""

from __future__ import annotations

from rules_helpers import choose_bottom, clear_board, legal, make_game, play, set_workers

from scythe_core.rules.economy import bottom_cost


def crimea_ready_to_deploy(metal: int, cards: list[int]):
    state = make_game("crimea", "nordic")
    clear_board(state)
    p = state.players[0]
    set_workers(p, "r7c3")
    state.resources = {"r7c3": {"metal": metal}} if metal else {}
    p.combat_cards = list(cards)
    return state, p


def test_coercion_spends_one_combat_card_as_a_missing_resource():
    state, p = crimea_ready_to_deploy(metal=bottom_cost_for("crimea") - 1, cards=[2, 5])
    choose_bottom(state, "deploy")
    assert "deploy:0@r7c3" in legal(state)
    play(state, "deploy:0@r7c3")
    # The player chooses what to pay with: the metal on r7c3 or one card.
    assert state.pending["kind"] == "pay"
    while state.pending["kind"] == "pay":
        options = legal(state)
        play(state, "pay:card:2" if "pay:card:2" in options else options[0])
    assert p.combat_cards == [5]
    assert 2 in state.combat_discard
    assert p.mechs == ["r7c3"]


def test_coercion_is_once_per_turn():
    state, p = crimea_ready_to_deploy(metal=bottom_cost_for("crimea") - 2, cards=[2, 3])
    choose_bottom(state, "deploy")
    assert legal(state) == ["skip"], "two cards may not stand in for two resources"


def test_other_factions_cannot_pay_with_combat_cards():
    state = make_game("nordic", "crimea")
    clear_board(state)
    p = state.players[0]
    set_workers(p, "r1c4")
    cost = bottom_cost(p, "deploy")
    state.resources = {"r1c4": {"metal": cost - 1}}
    p.combat_cards = [4, 5]
    choose_bottom(state, "deploy")
    assert legal(state) == ["skip"]


def bottom_cost_for(faction: str) -> int:
    state = make_game(faction, "nordic" if faction != "nordic" else "saxony")
    return bottom_cost(state.players[0], "deploy")
