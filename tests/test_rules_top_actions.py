"""Top-row actions: Move or gain coins, Bolster, Trade, Produce (with their structures).

Nordic plays the mechanical mat: trade (0), bolster (1), move (2), produce (3).
Near the Nordic home: r1c4 forest, r1c5 tundra, r1c6 village, r2c4 mountain, r2c5 farm.
"""

from __future__ import annotations

import pytest
from rules_helpers import (
    choose_top,
    clear_board,
    make_game,
    play,
    set_workers,
    start_move,
)

from scythe_core import legal_actions


def nordic_game():
    state = make_game("nordic", "saxony")
    clear_board(state)
    return state, state.players[0]


# --- Move / gain coins ---------------------------------------------------------------


@pytest.mark.parametrize("upgraded, gain", [(False, 1), (True, 2)])
def test_gain_coins_instead_of_moving(upgraded, gain):
    state, p = nordic_game()
    if upgraded:
        p.upgraded_top = ["move_coins"]
    coins = p.coins
    play(choose_top(state, "move"), "coins")
    assert p.coins == coins + gain
    assert state.pending["kind"] == "bottom"


def test_move_moves_up_to_two_different_units_one_step_each():
    state, p = nordic_game()
    set_workers(p, "r1c4", "r1c5")
    start_move(state)
    assert legal_actions(state) == ["done", "unit:character", "unit:worker:0", "unit:worker:1"]
    play(state, "unit:character", "to:r1c4")
    assert p.character == "r1c4"
    # The character has moved: it may not move again in this Move.
    assert "unit:character" not in legal_actions(state)
    play(state, "unit:worker:1", "to:r2c4")
    # Two units moved: the Move is over.
    assert state.pending["kind"] == "bottom"
    assert p.workers[:2] == ["r1c4", "r2c4"]


def test_upgraded_move_moves_three_units():
    state, p = nordic_game()
    p.upgraded_top = ["move_units"]
    set_workers(p, "r1c4", "r1c5")
    start_move(state)
    play(state, "unit:character", "to:r1c4", "unit:worker:1", "to:r2c4")
    assert state.pending["kind"] == "move"
    play(state, "unit:worker:0", "to:r1c5")
    assert state.pending["kind"] == "bottom"


def test_move_may_stop_after_one_unit():
    state, p = nordic_game()
    set_workers(p, "r1c4")
    start_move(state)
    play(state, "unit:worker:0", "to:r2c4", "done")
    assert state.pending["kind"] == "bottom"


# --- Bolster -------------------------------------------------------------------------


@pytest.mark.parametrize("upgraded, gain", [(False, 2), (True, 3)])
def test_bolster_power_costs_a_coin_and_gives_power(upgraded, gain):
    state, p = nordic_game()
    if upgraded:
        p.upgraded_top = ["bolster_power"]
    power, coins, cards = p.power, p.coins, len(p.combat_cards)
    play(choose_top(state, "bolster"), "bolster:power")
    assert (p.power, p.coins, len(p.combat_cards)) == (power + gain, coins - 1, cards)


@pytest.mark.parametrize("upgraded, gain", [(False, 1), (True, 2)])
def test_bolster_cards_costs_a_coin_and_draws_combat_cards(upgraded, gain):
    state, p = nordic_game()
    if upgraded:
        p.upgraded_top = ["bolster_cards"]
    power, coins, cards = p.power, p.coins, len(p.combat_cards)
    deck = len(state.combat_deck)
    play(choose_top(state, "bolster"), "bolster:cards")
    assert (p.power, p.coins, len(p.combat_cards)) == (power, coins - 1, cards + gain)
    assert len(state.combat_deck) == deck - gain


@pytest.mark.parametrize("option", ["bolster:power", "bolster:cards"])
def test_the_monument_adds_one_popularity_to_bolster(option):
    state, p = nordic_game()
    p.structures = {"monument": "r1c4"}
    popularity = p.popularity
    play(choose_top(state, "bolster"), option)
    assert p.popularity == popularity + 1


def test_bolster_without_the_monument_gives_no_popularity():
    state, p = nordic_game()
    popularity = p.popularity
    play(choose_top(state, "bolster"), "bolster:power")
    assert p.popularity == popularity


def test_power_stops_at_sixteen():
    state, p = nordic_game()
    p.power = 15
    play(choose_top(state, "bolster"), "bolster:power")
    assert p.power == 16


def test_an_empty_combat_deck_is_reshuffled_from_the_discards():
    state, p = nordic_game()
    p.upgraded_top = ["bolster_cards"]
    p.combat_cards = []
    state.combat_deck = [4]
    state.combat_discard = [2, 5]
    play(choose_top(state, "bolster"), "bolster:cards")
    assert p.combat_cards[0] == 4
    assert len(p.combat_cards) == 2 and p.combat_cards[1] in (2, 5)
    assert len(state.combat_deck) == 1 and state.combat_discard == []


def test_no_card_is_drawn_when_deck_and_discards_are_empty():
    state, p = nordic_game()
    p.combat_cards = []
    state.combat_deck, state.combat_discard = [], []
    coins = p.coins
    play(choose_top(state, "bolster"), "bolster:cards")
    assert p.combat_cards == []
    assert p.coins == coins - 1


def test_bolster_needs_a_coin():
    state, p = nordic_game()
    p.coins = 0
    assert legal_actions(choose_top(state, "bolster")) == ["skip"]


# --- Trade ---------------------------------------------------------------------------


def test_trade_resources_places_two_on_controlled_territories_with_a_worker():
    state, p = nordic_game()
    set_workers(p, "r1c4", "r1c5")
    p.character = "r2c4"  # a territory without a worker
    p.structures = {"mill": "r2c5"}  # a territory held only by a structure
    coins = p.coins
    play(choose_top(state, "trade"), "trade:resources")
    assert p.coins == coins - 1
    places = {a.split("@")[1] for a in legal_actions(state) if a.startswith("gain:")}
    assert places == {"r1c4", "r1c5"}
    assert {a.split("@")[0] for a in legal_actions(state) if a.startswith("gain:")} == {
        "gain:oil",
        "gain:metal",
        "gain:food",
        "gain:wood",
    }
    play(state, "gain:metal@r1c4", "gain:food@r1c5")
    assert state.resources == {"r1c4": {"metal": 1}, "r1c5": {"food": 1}}
    assert state.pending["kind"] == "bottom"


def test_trade_resources_is_impossible_with_every_worker_at_home():
    state, p = nordic_game()
    set_workers(p, p.home, p.home)
    p.character = "r1c4"
    assert legal_actions(choose_top(state, "trade")) == [
        "skip",
        "trade:popularity",
        "trade:popularity/0",
    ]


@pytest.mark.parametrize(
    "option, top, gained",
    [
        ("coins/0", "move", ("coins", 0)),
        ("bolster:power/1", "bolster", ("power", 1)),
        ("bolster:power/0", "bolster", ("power", 0)),
        ("bolster:cards/0", "bolster", ("cards", 0)),
        ("trade:popularity/0", "trade", ("popularity", 0)),
    ],
)
def test_a_top_action_gain_may_be_taken_in_part(option, top, gained):
    # "Pay the cost, then take the benefit, or only part of it."
    state, p = nordic_game()
    before = {"coins": p.coins, "power": p.power, "cards": len(p.combat_cards)}
    before["popularity"] = p.popularity
    play(choose_top(state, top), option)
    after = {"coins": p.coins, "power": p.power, "cards": len(p.combat_cards)}
    after["popularity"] = p.popularity
    track, amount = gained
    cost = 0 if top == "move" else 1
    assert after[track] - before[track] == amount - (cost if track == "coins" else 0)
    assert state.pending["kind"] == "bottom"


def test_partial_gains_are_offered_below_the_full_amount_only():
    state, p = nordic_game()
    options = legal_actions(choose_top(state, "bolster"))
    assert [o for o in options if o.startswith("bolster:power")] == [
        "bolster:power",
        "bolster:power/0",
        "bolster:power/1",
    ]


@pytest.mark.parametrize("upgraded, gain", [(False, 1), (True, 2)])
def test_trade_popularity(upgraded, gain):
    state, p = nordic_game()
    if upgraded:
        p.upgraded_top = ["trade_popularity"]
    popularity, coins = p.popularity, p.coins
    play(choose_top(state, "trade"), "trade:popularity")
    assert (p.popularity, p.coins) == (popularity + gain, coins - 1)


def test_popularity_stops_at_eighteen():
    state, p = nordic_game()
    p.popularity = 18
    play(choose_top(state, "trade"), "trade:popularity")
    assert p.popularity == 18


@pytest.mark.parametrize("option", ["trade:popularity", "trade:resources"])
def test_the_armory_adds_one_power_to_trade(option):
    state, p = nordic_game()
    set_workers(p, "r1c4")
    p.structures = {"armory": "r1c4"}
    power = p.power
    play(choose_top(state, "trade"), option)
    assert p.power == power + 1


def test_trade_needs_a_coin():
    state, p = nordic_game()
    set_workers(p, "r1c4")
    p.coins = 0
    assert legal_actions(choose_top(state, "trade")) == ["skip"]


# --- Produce -------------------------------------------------------------------------


def test_each_worker_produces_one_resource_of_its_territory():
    state, p = nordic_game()
    set_workers(p, "r2c4", "r2c4", "r1c5")
    play(choose_top(state, "produce"), "produce:r1c5+r2c4")
    assert legal_actions(state) == ["amount:1", "amount:2"]
    play(state, "amount:2")
    assert state.resources == {"r2c4": {"metal": 2}, "r1c5": {"oil": 1}}


def test_each_worker_may_produce_so_a_territory_can_give_less():
    """The rulebook's example: a farm with 1 worker and a mountain with 2 workers
    produce 1 food and "1 or 2 metal"."""
    state, p = nordic_game()
    set_workers(p, "r2c4", "r2c4", "r2c5")  # r2c4 mountain, r2c5 farm
    play(choose_top(state, "produce"), "produce:r2c4+r2c5")
    assert state.pending["hex"] == "r2c4" and state.pending["product"] == "metal"
    assert legal_actions(state) == ["amount:1", "amount:2"]
    play(state, "amount:1")
    assert state.resources == {"r2c4": {"metal": 1}, "r2c5": {"food": 1}}


def test_a_lone_worker_and_a_lone_mill_are_not_asked():
    state, p = nordic_game()
    set_workers(p, "r1c4", "r1c5")
    play(choose_top(state, "produce"), "produce:r1c4+r1c5")
    assert state.pending["kind"] != "produce_amounts"
    assert state.resources == {"r1c4": {"wood": 1}, "r1c5": {"oil": 1}}


def test_produce_on_up_to_two_different_territories():
    state, p = nordic_game()
    set_workers(p, "r2c4", "r1c5", "r1c4")
    options = legal_actions(choose_top(state, "produce"))
    assert "produce:r1c4+r1c5" in options
    assert not any(o.count("+") > 1 for o in options)


def test_upgraded_produce_works_three_territories():
    state, p = nordic_game()
    p.upgraded_top = ["produce_territories"]
    set_workers(p, "r2c4", "r1c5", "r1c4")
    play(choose_top(state, "produce"), "produce:r1c4+r1c5+r2c4")
    assert state.resources == {"r1c4": {"wood": 1}, "r1c5": {"oil": 1}, "r2c4": {"metal": 1}}


def test_lakes_and_the_factory_produce_nothing():
    state, p = nordic_game()
    set_workers(p, "r4c3", "r1c4")
    options = legal_actions(choose_top(state, "produce"))
    assert options == ["produce:r1c4", "skip"]


def test_a_village_produces_workers_from_the_mat_leftmost_first():
    state, p = nordic_game()
    set_workers(p, "r1c6", "r1c6", "r1c4")
    play(choose_top(state, "produce"), "produce:r1c6")
    assert legal_actions(state) == ["workers:0", "workers:1", "workers:2"]
    play(state, "workers:2")
    assert p.workers == ["r1c6", "r1c6", "r1c4", "r1c6", "r1c6", None, None, None]
    assert state.resources == {}


def test_a_village_may_produce_fewer_workers_than_it_could():
    # The rulebook: you may take only part of a benefit (each worker *may* produce).
    state, p = nordic_game()
    set_workers(p, "r1c6", "r1c6", "r1c4")
    play(choose_top(state, "produce"), "produce:r1c6", "workers:1")
    assert p.workers == ["r1c6", "r1c6", "r1c4", "r1c6", None, None, None, None]
    assert state.pending["kind"] == "bottom"


def test_village_production_is_limited_by_the_workers_left_on_the_mat():
    state, p = nordic_game()
    set_workers(p, "r1c6", "r1c6", "r1c4", "r1c4", "r1c4", "r1c4", "r1c4")
    p.power = p.popularity = 5
    play(choose_top(state, "produce"), "produce:r1c6")
    assert legal_actions(state) == ["workers:0", "workers:1"]
    play(state, "workers:1")
    assert p.workers_on_board() == 8
    assert p.workers.count("r1c6") == 3


def test_the_mill_produces_as_one_worker_even_alone():
    state, p = nordic_game()
    set_workers(p, "r1c4")
    p.structures = {"mill": "r2c5"}
    assert "produce:r2c5" in legal_actions(choose_top(state, "produce"))
    play(state, "produce:r1c4+r2c5")
    assert state.resources == {"r1c4": {"wood": 1}, "r2c5": {"food": 1}}


def test_the_mill_adds_to_the_workers_on_its_territory():
    state, p = nordic_game()
    set_workers(p, "r2c5", "r2c5")
    p.structures = {"mill": "r2c5"}
    play(choose_top(state, "produce"), "produce:r2c5")
    assert legal_actions(state) == ["amount:1", "amount:2", "amount:3"]
    play(state, "amount:3")
    assert state.resources == {"r2c5": {"food": 3}}


def test_the_mills_territory_is_produced_in_addition_to_the_usual_two():
    # Rulebook (NL): the Mill "is een extra gebied voor productie".
    state, p = nordic_game()
    set_workers(p, "r1c4", "r1c5", "r2c5")
    p.structures = {"mill": "r2c5"}
    options = legal_actions(choose_top(state, "produce"))
    assert "produce:r1c4+r1c5+r2c5" in options
    assert not any(o.count("+") > 2 for o in options)
    play(state, "produce:r1c4+r1c5+r2c5", "amount:2")
    assert state.resources == {"r1c4": {"wood": 1}, "r1c5": {"oil": 1}, "r2c5": {"food": 2}}


def test_without_the_mill_three_territories_need_the_upgrade():
    state, p = nordic_game()
    set_workers(p, "r1c4", "r1c5", "r2c5")
    assert "produce:r1c4+r1c5+r2c5" not in legal_actions(choose_top(state, "produce"))


def test_the_mill_does_not_produce_on_a_territory_an_opponent_controls():
    state, p = nordic_game()
    set_workers(p, "r1c4")
    p.structures = {"mill": "r2c5"}
    set_workers(state.players[1], "r2c5")
    assert legal_actions(choose_top(state, "produce")) == ["produce:r1c4", "skip"]


def test_a_mill_on_a_village_produces_a_worker():
    state, p = nordic_game()
    set_workers(p, "r1c4")
    p.structures = {"mill": "r1c6"}
    play(choose_top(state, "produce"), "produce:r1c6", "workers:1")
    assert p.workers.count("r1c6") == 1


@pytest.mark.parametrize(
    "on_board, cost",
    [
        (2, (0, 0, 0)),
        (3, (0, 0, 0)),
        (4, (1, 0, 0)),
        (5, (1, 0, 0)),
        (6, (1, 1, 0)),
        (7, (1, 1, 0)),
        (8, (1, 1, 1)),
    ],
)
def test_produce_costs_more_as_workers_leave_the_mat(on_board, cost):
    state, p = nordic_game()
    set_workers(p, *["r1c4"] * on_board)
    p.power, p.popularity, p.coins = 5, 5, 5
    play(choose_top(state, "produce"), "produce:r1c4", f"amount:{on_board}")
    assert (5 - p.power, 5 - p.popularity, 5 - p.coins) == cost
    assert state.resources == {"r1c4": {"wood": on_board}}


@pytest.mark.parametrize("track", ["power", "popularity", "coins"])
def test_produce_is_impossible_without_its_full_cost(track):
    state, p = nordic_game()
    set_workers(p, *["r1c4"] * 8)
    p.power, p.popularity, p.coins = 5, 5, 5
    setattr(p, track, 0)
    assert legal_actions(choose_top(state, "produce")) == ["skip"]


def test_the_produce_cost_is_counted_before_new_workers_arrive():
    state, p = nordic_game()
    set_workers(p, "r1c6", "r1c6", "r1c4")  # 3 on the board: free
    power = p.power
    play(choose_top(state, "produce"), "produce:r1c6", "workers:2")
    assert p.workers_on_board() == 5
    assert p.power == power
