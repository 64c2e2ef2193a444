"""End-game scoring: popularity tiers, territories, resources, structure bonus, tie-breakers, Automa."""

from __future__ import annotations

import json

import pytest

from scythe_core.data.board import ADJACENT, ENCOUNTER_SPOTS, FACTORY, LAKES, TERRAIN, TUNNELS
from scythe_core.io.simulate import random_game
from scythe_core.model.state import state_to_dict
from scythe_core.rules.scoring import (
    STRUCTURE_BONUS,
    final_scores,
    is_automa_game,
    longest_row,
    score_breakdown,
    structure_bonus_coins,
    structure_bonus_count,
)
from scythe_core.setup import new_game

TWO_SEATS = [
    {"faction": "nordic", "mat": "industrial"},
    {"faction": "saxony", "mat": "engineering"},
]
THREE_SEATS = TWO_SEATS + [{"faction": "polania", "mat": "agricultural"}]
STRUCTURES = ("mine", "armory", "monument", "mill")


def blank_state(seats=TWO_SEATS, tile="on_tunnels"):
    """A fresh game with every piece off the board and every track at zero."""
    state = new_game({"seed": 1, "seats": seats})
    for p in state.players:
        p.workers = [None] * 8
        p.mechs = []
        p.structures = {}
        p.character = p.home
        p.stars = {}
        p.coins = p.power = p.popularity = 0
    state.resources = {}
    state.structure_bonus = tile
    return state


def place_workers(player, hexes):
    player.workers = list(hexes) + [None] * (8 - len(hexes))


def build(player, hexes):
    player.structures = dict(zip(STRUCTURES, hexes, strict=False))


def categories(entry):
    keys = ("coins", "stars", "territories", "resources", "structure_bonus", "total")
    return {k: entry[k] for k in keys}


# --- popularity tiers --------------------------------------------------------


@pytest.mark.parametrize(
    ("popularity", "tier"),
    [
        (0, [3, 2, 1]),
        (6, [3, 2, 1]),
        (7, [4, 3, 2]),
        (12, [4, 3, 2]),
        (13, [5, 4, 3]),
        (18, [5, 4, 3]),
    ],
)
def test_popularity_tier_boundaries(popularity, tier):
    state = blank_state()
    p = state.players[0]
    p.popularity = popularity
    p.coins = 7
    p.stars = {"upgrades": 1, "mechs": 1}
    place_workers(p, ["r1c4", "r1c5", "r2c4"])
    state.resources = {"r1c4": {"wood": 3}, "r2c4": {"metal": 2}}  # 5 resources: 2 pairs
    star, territory, pair = tier
    entry = score_breakdown(state, 0)
    assert entry["tier"] == tier
    assert entry["popularity"] == popularity
    assert (entry["star_count"], entry["territory_count"], entry["resource_count"]) == (2, 3, 5)
    assert categories(entry) == {
        "coins": 7,
        "stars": 2 * star,
        "territories": 3 * territory,
        "resources": 2 * pair,
        "structure_bonus": 0,
        "total": 7 + 2 * star + 3 * territory + 2 * pair,
    }


def test_six_popularity_against_seven_changes_every_category():
    state = blank_state()
    p = state.players[0]
    p.stars = {"upgrades": 1}
    place_workers(p, ["r1c4"])
    state.resources = {"r1c4": {"wood": 2}}
    p.popularity = 6
    low = score_breakdown(state, 0)["total"]
    p.popularity = 7
    assert score_breakdown(state, 0)["total"] == low + 1 + 1 + 1


# --- territories -------------------------------------------------------------


def test_factory_counts_as_three_territories():
    state = blank_state()
    p = state.players[0]
    p.popularity = 7
    p.character = FACTORY
    place_workers(p, ["r1c4"])
    entry = score_breakdown(state, 0)
    assert entry["territory_count"] == 4
    assert entry["territories"] == 4 * 3


def test_factory_counts_three_only_for_its_controller():
    state = blank_state()
    state.players[0].character = FACTORY
    state.players[1].structures = {"mill": FACTORY}  # a structure does not hold out an enemy unit
    assert score_breakdown(state, 0)["territory_count"] == 3
    assert score_breakdown(state, 1)["territory_count"] == 0


def test_lakes_count_as_territories_when_controlled():
    state = blank_state()
    p = state.players[0]
    p.mechs = ["r3c4", "r2c2"]  # two lakes
    place_workers(p, ["r1c4"])
    entry = score_breakdown(state, 0)
    assert all(TERRAIN[h] == "lake" for h in p.mechs)
    assert entry["territory_count"] == 3
    assert entry["territories"] == 3 * 2


def test_home_base_is_not_a_territory():
    state = blank_state()
    p = state.players[0]
    p.mechs = [p.home]
    place_workers(p, [p.home])
    entry = score_breakdown(state, 0)
    assert entry["territory_count"] == 0
    assert entry["territories"] == 0
    assert entry["units"] == 2  # still units in play for tie-breaker 1


def test_units_on_the_same_territory_count_it_once():
    state = blank_state()
    place_workers(state.players[0], ["r1c4", "r1c4", "r1c4"])
    state.players[0].character = "r1c4"
    assert score_breakdown(state, 0)["territory_count"] == 1


def test_structure_controls_its_territory_unless_an_enemy_unit_is_there():
    state = blank_state()
    build(state.players[0], ["r2c4", "r2c5"])
    place_workers(state.players[1], ["r2c5"])
    assert score_breakdown(state, 0)["territory_count"] == 1
    assert score_breakdown(state, 1)["territory_count"] == 1


# --- resources ---------------------------------------------------------------


def test_resources_score_per_two_on_controlled_territories_only():
    state = blank_state()
    place_workers(state.players[0], ["r1c4", "r1c5"])
    place_workers(state.players[1], ["r6c0"])
    state.resources = {
        "r1c4": {"wood": 4, "oil": 1},
        "r1c5": {"food": 2},
        "r6c0": {"metal": 5},  # the opponent's
        "r5c5": {"metal": 9},  # nobody's
    }
    mine, theirs = score_breakdown(state, 0), score_breakdown(state, 1)
    assert (mine["resource_count"], mine["resources"]) == (7, 3)
    assert (theirs["resource_count"], theirs["resources"]) == (5, 2)


def test_resources_under_own_structure_count_but_not_under_enemy_unit():
    state = blank_state()
    build(state.players[0], ["r2c4", "r2c5"])
    place_workers(state.players[1], ["r2c5"])
    state.resources = {"r2c4": {"metal": 2}, "r2c5": {"food": 4}}
    assert score_breakdown(state, 0)["resource_count"] == 2
    assert score_breakdown(state, 1)["resource_count"] == 4


def test_no_resource_cap_without_an_automa():
    state = blank_state()
    place_workers(state.players[0], ["r1c4"])
    state.resources = {"r1c4": {"wood": 11}}
    assert score_breakdown(state, 0)["resource_count"] == 11


# --- structure bonus tiles ---------------------------------------------------

# (tile, structure sites, expected count, expected coins)
BONUS_CASES = [
    ("adjacent_tunnels", [], 0, 0),
    ("adjacent_tunnels", ["r1c4"], 1, 2),
    ("adjacent_tunnels", ["r1c4", "r2c4"], 2, 4),  # r2c3 is counted once
    ("adjacent_tunnels", ["r2c4", "r3c3"], 3, 4),  # both next to r2c3
    ("adjacent_tunnels", ["r3c3", "r4c4"], 4, 6),
    ("adjacent_tunnels", ["r3c3", "r4c4", "r7c3"], 5, 6),
    ("adjacent_tunnels", ["r3c3", "r4c4", "r6c2"], 6, 9),
    ("adjacent_tunnels", ["r2c3"], 0, 0),  # standing on a tunnel is not being next to one
    ("adjacent_tunnels", ["r2c3", "r2c4"], 2, 4),  # ...unless another structure neighbours it
    ("adjacent_lakes", ["r1c1"], 1, 2),
    ("adjacent_lakes", ["r3c3"], 3, 4),
    ("adjacent_lakes", ["r3c3", "r5c5"], 5, 6),
    ("adjacent_lakes", ["r3c3", "r5c5", "r7c1"], 6, 9),
    ("adjacent_lakes", ["r3c3", "r5c5", "r7c1", "r2c1"], 7, 9),
    ("adjacent_encounters", ["r1c2"], 2, 4),
    ("adjacent_encounters", ["r2c4"], 0, 0),  # on an encounter spot, next to none
    ("adjacent_encounters", ["r5c1"], 3, 4),
    ("adjacent_encounters", ["r5c1", "r5c5"], 5, 6),
    ("adjacent_encounters", ["r5c1", "r5c5", "r1c5"], 6, 9),
    ("on_tunnels", ["r1c4"], 0, 0),
    ("on_tunnels", ["r2c3"], 1, 2),
    ("on_tunnels", ["r2c3", "r3c2", "r1c4"], 2, 4),
    ("on_tunnels", ["r2c3", "r3c2", "r3c5"], 3, 6),
    ("on_tunnels", ["r2c3", "r3c2", "r3c5", "r5c2"], 4, 6),
    ("in_a_row", [], 0, 0),
    ("in_a_row", ["r1c1"], 1, 2),
    ("in_a_row", ["r1c1", "r6c6"], 1, 2),
    ("in_a_row", ["r2c4", "r2c5", "r3c5"], 2, 4),  # a triangle is no row of three
    ("in_a_row", ["r1c4", "r2c4", "r4c5"], 2, 4),  # a gap breaks the row
    ("in_a_row", ["r4c4", "r4c5", "r4c6"], 3, 6),  # east-west, across a river
    ("in_a_row", ["r1c4", "r2c4", "r3c5", "r3c6"], 3, 6),  # bent
    ("in_a_row", ["r1c4", "r2c4", "r3c5", "r4c5"], 4, 9),  # south-east diagonal
    ("in_a_row", ["r2c1", "r3c1", "r4c0", "r5c0"], 4, 9),  # south-west diagonal
    ("on_farms_tundras", ["r1c4"], 0, 0),
    ("on_farms_tundras", ["r1c2"], 1, 2),
    ("on_farms_tundras", ["r1c2", "r1c5", "r1c4"], 2, 4),
    ("on_farms_tundras", ["r1c2", "r1c5", "r2c5"], 3, 6),
    ("on_farms_tundras", ["r1c2", "r1c5", "r2c5", "r2c1"], 4, 9),
]


def test_every_tile_has_a_case():
    assert {case[0] for case in BONUS_CASES} == set(STRUCTURE_BONUS)


@pytest.mark.parametrize(("tile", "sites", "count", "coins"), BONUS_CASES)
def test_structure_bonus_tile(tile, sites, count, coins):
    assert structure_bonus_count(tile, sites) == count
    assert structure_bonus_coins(tile, sites) == coins
    state = blank_state(tile=tile)
    build(state.players[0], sites)
    entry = score_breakdown(state, 0)
    assert entry["structure_bonus_tile"] == tile
    assert (entry["structure_bonus_count"], entry["structure_bonus"]) == (count, coins)


def test_bonus_case_sites_are_buildable_and_the_premises_hold():
    for _tile, sites, _count, _coins in BONUS_CASES:
        assert len(sites) <= 4
        assert all(TERRAIN[s] not in ("lake", "home") for s in sites)
    assert "r2c3" in TUNNELS and "r2c3" in ADJACENT["r1c4"]
    assert "r2c4" in ENCOUNTER_SPOTS
    assert not set(ADJACENT["r2c4"]) & ENCOUNTER_SPOTS
    assert len(LAKES) == 7 and len(TUNNELS) == 6


def test_encounter_bonus_counts_spots_whose_token_is_gone():
    state = blank_state(tile="adjacent_encounters")
    build(state.players[0], ["r5c1"])
    before = score_breakdown(state, 0)["structure_bonus"]
    state.encounter_tokens = []
    assert score_breakdown(state, 0)["structure_bonus"] == before == 4


def test_structure_bonus_ignores_popularity():
    state = blank_state(tile="on_farms_tundras")
    build(state.players[0], ["r1c2", "r1c5"])
    for popularity in (0, 9, 18):
        state.players[0].popularity = popularity
        assert score_breakdown(state, 0)["structure_bonus"] == 4


def test_structure_bonus_counts_structures_on_territories_held_by_others():
    state = blank_state(tile="on_tunnels")
    build(state.players[0], ["r2c3", "r3c2"])
    place_workers(state.players[1], ["r2c3"])
    state.players[1].character = "r3c2"
    entry = score_breakdown(state, 0)
    assert entry["territory_count"] == 0
    assert entry["structure_bonus"] == 4
    assert score_breakdown(state, 1)["structure_bonus"] == 0


def test_longest_row_is_direction_free():
    assert longest_row(["r4c6", "r4c4", "r4c5"]) == 3
    assert longest_row(["r4c5", "r1c4", "r3c5", "r2c4"]) == 4


# --- ranks and tie-breakers --------------------------------------------------


def equalise_totals(state, target=50):
    """Adjust coins in hand so every seat ends on the same total."""
    for p in state.players:
        p.coins += target - score_breakdown(state, p.seat)["total"]


def ranking(state):
    return [(e["seat"], e["rank"]) for e in final_scores(state)]


def test_most_coins_wins():
    state = blank_state()
    state.players[0].coins = 10
    state.players[1].coins = 11
    state.players[0].power = 16  # tie-breakers only matter on equal coins
    assert ranking(state) == [(1, 1), (0, 2)]


def test_tiebreaker_1_units_on_the_board():
    state = blank_state()
    loser, winner = state.players
    place_workers(winner, ["r6c0", "r6c0"])
    winner.mechs = ["r6c0"]
    place_workers(loser, ["r1c4", "r1c5"])
    loser.power, loser.popularity, loser.stars = 16, 18, {"upgrades": 3}
    state.resources = {"r1c4": {"wood": 5}}
    equalise_totals(state)
    assert [e["units"] for e in final_scores(state)] == [3, 2]
    assert ranking(state) == [(1, 1), (0, 2)]


def test_tiebreaker_1_counts_structures_and_not_the_character():
    state = blank_state()
    loser, winner = state.players
    place_workers(winner, ["r6c0"])
    winner.structures = {"mill": "r6c0"}
    place_workers(loser, ["r1c4"])
    loser.character = "r1c5"
    equalise_totals(state)
    assert ranking(state) == [(1, 1), (0, 2)]


def test_tiebreaker_2_power():
    state = blank_state()
    loser, winner = state.players
    place_workers(winner, ["r6c0", "r6c0"])
    place_workers(loser, ["r1c4", "r1c5"])
    winner.power, loser.power = 5, 4
    loser.popularity, loser.stars = 18, {"upgrades": 3}
    state.resources = {"r1c4": {"wood": 5}}
    equalise_totals(state)
    assert ranking(state) == [(1, 1), (0, 2)]


def test_tiebreaker_3_popularity():
    state = blank_state()
    loser, winner = state.players
    place_workers(winner, ["r6c0", "r6c0"])
    place_workers(loser, ["r1c4", "r1c5"])
    winner.popularity, loser.popularity = 9, 8
    loser.stars = {"upgrades": 3}
    state.resources = {"r1c4": {"wood": 5}}
    equalise_totals(state)
    assert ranking(state) == [(1, 1), (0, 2)]


def test_tiebreaker_4_resources_controlled():
    state = blank_state()
    loser, winner = state.players
    place_workers(winner, ["r6c0", "r6c0"])
    place_workers(loser, ["r1c4", "r1c5"])
    state.resources = {"r6c0": {"metal": 3}, "r1c4": {"wood": 2}}
    loser.stars = {"upgrades": 3}
    equalise_totals(state)
    assert ranking(state) == [(1, 1), (0, 2)]


def test_tiebreaker_5_territories_controlled():
    state = blank_state()
    loser, winner = state.players
    place_workers(winner, ["r6c0", "r7c1"])
    place_workers(loser, ["r1c4", "r1c4"])
    loser.stars = {"upgrades": 3}
    equalise_totals(state)
    assert ranking(state) == [(1, 1), (0, 2)]


def test_tiebreaker_5_uses_the_factory_as_three_territories():
    state = blank_state()
    loser, winner = state.players
    place_workers(winner, [FACTORY])
    place_workers(loser, ["r1c4"])
    loser.character = "r1c5"
    loser.mechs = ["r2c4"]
    winner.mechs = ["r6c0"]
    winner.character = winner.home
    # Units: 2 each. Territories: winner 3 + 1 = 4, loser 3.
    equalise_totals(state)
    assert [e["territory_count"] for e in final_scores(state)] == [4, 3]
    assert ranking(state) == [(1, 1), (0, 2)]


def test_tiebreaker_6_stars_placed():
    state = blank_state()
    loser, winner = state.players
    place_workers(winner, ["r6c0"])
    place_workers(loser, ["r1c4"])
    winner.stars, loser.stars = {"upgrades": 1, "power": 1}, {"upgrades": 1}
    equalise_totals(state)
    assert ranking(state) == [(1, 1), (0, 2)]


def test_full_tie_shares_the_rank_and_skips_the_next():
    state = blank_state(seats=THREE_SEATS)
    for p, hexes in zip(state.players, (["r1c4"], ["r6c0"], ["r3c1"]), strict=True):
        place_workers(p, hexes)
    state.players[2].power = 1  # seat 2 wins; seats 0 and 1 tie completely
    equalise_totals(state)
    assert ranking(state) == [(2, 1), (0, 2), (1, 2)]
    state.players[2].power = 0
    assert ranking(state) == [(0, 1), (1, 1), (2, 1)]


# --- Automa ------------------------------------------------------------------


def automa_state(seat=1):
    state = blank_state()
    state.players[seat].controller = "automa"
    return state


def test_is_automa_game():
    assert not is_automa_game(blank_state())
    assert is_automa_game(automa_state())


def test_automa_scores_stars_and_territories_at_popularity_ten():
    state = automa_state()
    automa = state.players[1]
    automa.popularity = 0  # ignored: the marker stays on 10
    automa.coins = 5
    automa.stars = {"upgrades": 2, "combat": 1}
    automa.mechs = ["r7c2"]  # a lake counts for the Automa too
    place_workers(automa, ["r6c0", "r7c1"])
    automa.character = FACTORY
    state.resources = {"r6c0": {"metal": 4}}
    entry = score_breakdown(state, 1)
    assert entry["popularity"] == 10
    assert entry["tier"] == [4, 3, 2]
    assert entry["territory_count"] == 3 + 3
    assert categories(entry) == {
        "coins": 5,
        "stars": 3 * 4,
        "territories": 6 * 3,
        "resources": 0,
        "structure_bonus": 0,
        "total": 5 + 12 + 18,
    }
    assert entry["resource_count"] == 0


def test_human_against_automa_scores_at_most_six_resources_per_territory():
    state = automa_state()
    human = state.players[0]
    human.popularity = 13
    place_workers(human, ["r1c4", "r1c5"])
    state.resources = {"r1c4": {"wood": 6, "oil": 2}, "r1c5": {"food": 3}}
    entry = score_breakdown(state, 0)
    assert (entry["resource_count"], entry["resources"]) == (9, 4 * 3)
    state.players[1].controller = "human"
    entry = score_breakdown(state, 0)
    assert (entry["resource_count"], entry["resources"]) == (11, 5 * 3)


def test_resources_are_no_tiebreaker_against_the_automa():
    state = automa_state()
    human, automa = state.players
    place_workers(human, ["r1c4", "r1c4"])
    place_workers(automa, ["r6c0", "r7c1"])
    human.popularity = 10
    state.resources = {"r1c4": {"wood": 5}}
    equalise_totals(state)
    # Units, power and popularity tie; the human has more resources, the Automa more
    # territories: against the Automa the resources step is skipped.
    assert ranking(state) == [(1, 1), (0, 2)]
    automa.controller = "human"
    automa.popularity = 10
    equalise_totals(state)
    assert ranking(state) == [(0, 1), (1, 2)]


# --- shape -------------------------------------------------------------------


def test_final_scores_shape_and_json():
    state = blank_state(seats=THREE_SEATS)
    state.players[1].coins = 9
    scores = final_scores(state)
    assert [e["seat"] for e in scores] == [1, 0, 2]
    assert [e["rank"] for e in scores] == [1, 2, 2]
    for e in scores:
        parts = e["coins"] + e["stars"] + e["territories"] + e["resources"] + e["structure_bonus"]
        assert e["total"] == parts
    assert json.loads(json.dumps(scores)) == scores


def test_scoring_does_not_change_the_state():
    state = new_game({"seed": 1, "seats": TWO_SEATS})
    before = json.dumps(state_to_dict(state), sort_keys=True)
    final_scores(state)
    assert json.dumps(state_to_dict(state), sort_keys=True) == before


@pytest.mark.parametrize("seed", [3, 4])
def test_finished_random_game_scores(seed):
    result = random_game(seed, ["bot", "bot"])
    assert result["finished"]
    totals = list(result["scores"].values())
    assert totals == sorted(totals, reverse=True)
    assert result["winner"] == int(next(iter(result["scores"])))
