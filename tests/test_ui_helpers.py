"""Read-only helpers for the page: mat rows, recruit bonus seats, scores so far, undo limits."""

from __future__ import annotations

import doctest

from scythe_core import apply, new_game, player_view
from scythe_core.io import ui_helpers
from scythe_core.io.describe import describe


def test_doctests():
    assert doctest.testmod(ui_helpers).failed == 0


def test_mat_rows_follow_upgrades_and_cubes():
    state = new_game({"seed": 7, "seats": [{"faction": "nordic", "mat": "industrial"}]})
    player = player_view(state, 0)["players"][0]
    player["upgraded_top"] = ["bolster_power"]
    player["upgraded_bottom"] = {"upgrade": 1}
    row = ui_helpers.mat_sections(player)[0]
    assert row["top_amounts"] == {"bolster_power": 3, "bolster_cards": 1}
    assert row["upgraded"] == ["bolster_power"]
    assert row["cost"] == {"oil": 2} and row["cubes"] == 1 and row["cube_slots"] == 1
    assert ui_helpers.mat_sections({"mat": ""}) == []


def test_produce_cost_grows_with_workers_on_the_board():
    state = new_game({"seed": 7, "seats": [{"faction": "nordic", "mat": "engineering"}]})
    player = player_view(state, 0)["players"][0]
    assert ui_helpers.mat_sections(player)[0]["top_cost"] == {}
    player["workers"] = ["r1c1"] * 6 + [None, None]
    assert ui_helpers.mat_sections(player)[0]["top_cost"] == {"power": 1, "popularity": 1}


def test_recruit_bonus_goes_to_the_seat_and_its_neighbours_with_that_recruit():
    state = new_game({"seed": 1, "seats": [{}, {}, {}]})
    view = player_view(state, 0)
    view["players"][0]["recruits"] = {"build": "coins"}
    view["players"][1]["recruits"] = {"build": "power"}
    assert sorted(ui_helpers.recruit_bonus_seats(view, 0, "build")) == [0, 1]
    assert ui_helpers.recruit_bonus_seats(view, 2, "deploy") == []


def test_a_section_choice_reveals_nothing_but_a_card_draw_does():
    state = new_game({"seed": 3, "seats": [{}, {}]})
    after = apply(state, "section:0")
    assert not ui_helpers.reveals_hidden_information(state, after)
    drawn = after.copy()
    drawn.players[0].combat_cards.append(drawn.combat_deck.pop())
    assert ui_helpers.reveals_hidden_information(after, drawn)


def test_score_estimate_has_one_entry_per_seat():
    state = new_game({"seed": 3, "seats": [{}, {"controller": "automa"}]})
    assert [e["seat"] for e in ui_helpers.score_estimate(state)] == [0, 1]


def test_describe_words_the_newer_verbs():
    assert describe("worker@r2c1") == "places a worker on r2c1"
    assert describe("end_turn", "nl") == "beëindigt de beurt"
    assert describe("build:mill@r3c3", "nl") == "bouwt molen op r3c3"
    assert describe("objective:4") == "reveals objective 4"


def test_describe_counts_new_workers_with_real_plurals():
    assert describe("workers:1") == "places 1 new worker"
    assert describe("workers:2", "nl") == "plaatst 2 nieuwe werkers"
    assert describe("bolster:power/1", "nl") == "versterkt: kracht (maar 1)"
