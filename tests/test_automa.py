"""The Automa (solo opponent): setup, turn, neighbourhoods, the five moves, gains,
star card, combat, resources, Ultimaszyna and the difficulty options.

Positions are built with ``new_game`` and units placed by hand; the Automa's deck is
ordered by hand (the end of ``automa["deck"]`` is its top) so each test knows which
card is drawn. Turns go through ``legal_actions``/``apply_in_place`` only.
"""

from __future__ import annotations

import json

import pytest
from rules_helpers import DEFAULT_MATS, clear_board, play

from scythe_core import legal_actions, new_game, player_view, record, replay
from scythe_core.automa.combat import combat_commit
from scythe_core.automa.moves import (
    automa_steps,
    home_neighbourhood,
    neighbourhood,
    plan_move,
    reach,
)
from scythe_core.data.automa_cards import CARDS, LEVELS, STAR_CARDS, combat_column, star_spaces
from scythe_core.data.board import FACTORY
from scythe_core.data.components import COMBAT_DECK
from scythe_core.engine import apply_in_place
from scythe_core.flow.scheduler import begin_turn
from scythe_core.io.simulate import random_game, simulate
from scythe_core.io.wording import describe_event
from scythe_core.model.units import ON_MAT
from scythe_core.setup import SetupError

# --- helpers ----------------------------------------------------------------------


def solo(level="automa", faction="saxony", human="nordic", seed=1, options=None):
    """Human (seat 0) against an Automa (seat 1)."""
    state = new_game(
        {
            "seed": seed,
            "seats": [
                {"faction": human, "mat": DEFAULT_MATS[human]},
                {"controller": "automa", "faction": faction, "level": level},
            ],
            "options": options or {},
        }
    )
    return state, state.players[0], state.players[1]


def stack_deck(player, *cards):
    """Order the Automa deck so that ``cards`` are drawn first, in this order."""
    rest = [c for c in sorted(CARDS) if c not in cards]
    player.automa["deck"] = rest + list(reversed(cards))
    player.automa["discard"] = []
    player.automa["combat_discard"] = []


def automa_turn(state, *cards, seat=1):
    """Make the Automa active, draw ``cards`` first and play one Automa turn."""
    player = state.players[seat]
    if cards:
        stack_deck(player, *cards)
    state.turn_index = state.turn_order.index(seat)
    begin_turn(state)
    assert legal_actions(state) == ["automa:play"]
    apply_in_place(state, "automa:play")
    return player


def texts(state, lang="en"):
    """The Automa's log lines in words (``scythe_core.io.wording``)."""
    return [describe_event(e, lang) for e in state.log if e["event"] == "automa"]


def unrestricted(player):
    """Move the star-card cube past the water spaces (no other change)."""
    player.automa["cube"] = STAR_CARDS[player.level].index(".")


# --- cards and star cards -----------------------------------------------------------


def test_nineteen_cards_and_four_star_cards():
    assert sorted(CARDS) == list(range(1, 20))
    assert set(STAR_CARDS) == set(LEVELS)
    assert star_spaces("autometta") == [10, 15, 18, 20, 22, 23]
    assert star_spaces("automa") == [9, 14, 17, 19, 20, 21]
    assert star_spaces("automaszyna") == [9, 12, 14, 16, 17, 18]
    assert star_spaces("ultimaszyna") == [8, 11, 13, 15, 16, 17]
    first_free = {lv: STAR_CARDS[lv].index(".") for lv in LEVELS}
    assert first_free == {"autometta": 5, "automa": 4, "automaszyna": 3, "ultimaszyna": 0}


def test_combat_card_symbol_counts_are_4_9_5_1():
    counts = [sum(1 for c in CARDS.values() if c["cards"] == n) for n in range(4)]
    assert counts == [4, 9, 5, 1]


def test_cards_without_star_advance_are_4_and_17():
    assert sorted(n for n, c in CARDS.items() if not c["star"]) == [4, 17]


def test_combat_brackets_are_0_7_8_13_14_plus():
    assert [combat_column(p) for p in (0, 7, 8, 13, 14, 16)] == [0, 0, 1, 1, 2, 2]


# --- setup --------------------------------------------------------------------------


def test_setup_automa_has_no_mat_faction_power_and_cards_5_coins_popularity_10():
    state, human, automa = solo(faction="saxony")
    assert automa.mat == ""
    assert (automa.coins, automa.popularity) == (5, 10)
    assert automa.power == 1 and len(automa.combat_cards) == 4  # Saxony's faction mat
    assert automa.objectives == []
    assert human.objectives and len(human.objectives) == 2
    assert automa.character == "HB-saxony"
    assert sorted(w for w in automa.workers if w) == ["r6c0", "r7c1"]
    assert automa.workers.count(None) == 6 and automa.mechs == []
    assert automa.stars == {}


def test_setup_star_card_cube_at_start_and_19_shuffled_cards():
    state, _, automa = solo(level="automaszyna")
    a = automa.automa
    assert a["cube"] == 0 and a["plan"] == 0
    assert sorted(a["deck"]) == list(range(1, 20)) and a["deck"] != sorted(a["deck"])
    assert a["discard"] == [] and a["combat_discard"] == []
    assert len(state.factory_deck) == 3  # set up as for 2 players


def test_setup_rejects_an_unknown_level_and_defaults_to_automa():
    with pytest.raises(SetupError):
        new_game({"seats": [{}, {"controller": "automa", "level": "easy"}]})
    state = new_game({"seats": [{}, {"controller": "automa"}]})
    assert state.players[1].level == "automa"


def test_the_human_goes_first_then_turns_alternate():
    for seed in range(6):
        state, human, automa = solo(seed=seed)
        assert state.turn_order[0] == 0 and state.pending["kind"] == "section"
        play(state, "section:1", "skip", "skip")
        assert state.pending == {"seat": 1, "kind": "automa_turn"}
        apply_in_place(state, "automa:play")
        assert state.active_seat == 0 and state.pending["kind"] in ("section", "turn_end")


def test_more_than_one_automa_each_with_its_own_deck():
    state = new_game(
        {
            "seed": 4,
            "seats": [
                {"controller": "automa", "faction": "crimea", "level": "autometta"},
                {"faction": "nordic"},
                {"controller": "automa", "faction": "saxony", "level": "ultimaszyna"},
                {"faction": "polania"},
                {"controller": "automa", "faction": "rusviet"},
            ],
        }
    )
    automas = [p for p in state.players if p.controller == "automa"]
    assert len({tuple(p.automa["deck"]) for p in automas}) == 3
    assert state.players[state.turn_order[0]].controller == "human"
    assert all(p.mat == "" for p in automas)
    assert len({p.mat for p in state.players}) == 3


# --- neighbourhoods and teleport -------------------------------------------------------


def test_home_base_neighbourhood_is_its_two_territories_units_there_have_none():
    state, _, automa = solo()
    assert home_neighbourhood(automa) == {"r6c0", "r7c1"}
    assert neighbourhood(automa, automa.home) == set()
    assert neighbourhood(automa, ON_MAT) == set()


def test_water_restriction_until_the_cube_leaves_the_water_spaces():
    state, _, automa = solo(level="automa")
    # r6c0: rivers to r5c0 and r5c1; r7c1 borders the lake r7c2.
    assert neighbourhood(automa, "r6c0") == {"r6c0", "r6c1", "r7c1"}
    assert "r7c2" not in neighbourhood(automa, "r7c1")
    automa.automa["cube"] = 3
    assert "r5c0" not in automa_steps(automa, "r6c0")
    automa.automa["cube"] = 4
    assert neighbourhood(automa, "r6c0") == {"r6c0", "r5c0", "r5c1", "r6c1", "r7c1"}
    assert "r7c2" in neighbourhood(automa, "r7c1")


def test_ultimaszyna_is_never_restricted_by_water():
    state, _, automa = solo(level="ultimaszyna")
    assert automa.automa["cube"] == 0
    assert {"r5c0", "r5c1"} <= neighbourhood(automa, "r6c0")


def test_teleport_any_unit_may_reach_every_unit_neighbourhood():
    state, _, automa = solo()
    clear_board(state)
    unrestricted(automa)
    automa.workers[0] = "r6c0"
    automa.character = "r4c4"
    zone = reach(automa)
    assert {"r3c5", "r4c3", "r5c5", "r6c1", "r7c1", "r5c1"} <= zone
    assert "HB-saxony" not in zone and "r2c5" not in zone


# --- move worker ---------------------------------------------------------------------


def test_move_worker_picked_unit_does_not_count_and_home_units_have_no_neighbourhood():
    # Start position: both workers are next to the home base; reading order picks r6c0.
    # Valid: r6c0 and r6c1 (r7c1 holds another worker). Each is in the neighbourhood of
    # one other unit (the worker on r7c1; the character at home counts for nothing),
    # so the tie goes to the territory closest to the Factory: r6c1.
    state, _, automa = solo()
    plan = plan_move(state, automa, "W")
    assert plan["unit"] == "worker:0" and plan["from"] == "r6c0"
    assert plan["counts"] == {"r6c0": 1, "r6c1": 1}
    assert plan["to"] == "r6c1" and plan["to_why"] == "closest_to_factory"


def test_move_worker_goes_where_most_automa_units_are_neighbours():
    state, _, automa = solo()
    clear_board(state)
    unrestricted(automa)
    automa.mechs = ["r5c3", "r6c3"]
    automa.mech_abilities = [0, 1]
    automa.character = "r6c2"
    automa.workers[:3] = ["r5c2", "r7c3", "HB-saxony"]
    plan = plan_move(state, automa, "W")
    # The worker on the home base is closest to it.
    assert plan["from"] == "HB-saxony"
    # r6c2 neighbours both mechs, the character and both other workers: five.
    assert plan["counts"]["r6c2"] == 5
    assert max(plan["counts"].values()) == 5
    assert plan["to"] == "r6c2"
    assert "r5c2" not in plan["counts"] and "r7c3" not in plan["counts"]  # other workers


def test_move_worker_avoids_the_neighbourhood_of_enemy_combat_units():
    # Rusviet's Riverwalk reaches villages across rivers: its mech on r6c2 threatens
    # r6c1, so the worker stays where it is (a valid move).
    state, human, automa = solo(human="rusviet")
    human.mechs, human.mech_abilities = ["r6c2"], [0]  # Riverwalk
    plan = plan_move(state, automa, "W")
    assert plan["valid"] and plan["from"] == "r6c0" and plan["to"] == "r6c0"
    # Without Riverwalk the river protects r6c1.
    human.mech_abilities = [1]
    assert plan_move(state, automa, "W")["to"] == "r6c1"


def test_move_worker_invalid_when_every_valid_territory_is_threatened():
    # The worker on r7c1 may go to r6c0 or stay; the human character on r6c1 can
    # step onto both, so no destination is left and the symbol is not valid.
    state, human, automa = solo()
    clear_board(state)
    automa.workers[0] = "r7c1"
    human.character = "r6c1"
    plan = plan_move(state, automa, "W")
    assert not plan["valid"]
    assert plan["why"] == {"code": "worker_territories_threatened"}


# --- non-attacking mech / character move ----------------------------------------------


def test_non_attacking_mech_move_goes_next_to_the_enemy_then_closest_to_factory():
    # The mech on r6c1 is closer to the home base than the one on r5c3. The human
    # character is on r3c3: the Factory and the lake r4c2 are both 1 away, and the
    # Factory is the closest to itself.
    state, human, automa = solo()
    clear_board(state)
    unrestricted(automa)
    automa.mechs, automa.mech_abilities = ["r5c3", "r6c1"], [0, 1]
    human.character = "r3c3"
    plan = plan_move(state, automa, "M")
    assert (plan["unit"], plan["from"]) == ("mech:1", "r6c1")
    assert plan["unit_why"] == "closest_to_home"
    assert plan["to"] == FACTORY and plan["to_why"] == "closest_to_factory"


def test_non_attacking_move_never_ends_with_other_automa_units_or_enemies():
    state, human, automa = solo()
    automa.mechs, automa.mech_abilities = ["r6c1"], [0]
    plan = plan_move(state, automa, "C")  # workers on r6c0 and r7c1, the mech on r6c1
    assert not plan["valid"]
    automa.mechs, automa.mech_abilities = [], []
    plan = plan_move(state, automa, "C")
    assert plan["valid"] and plan["from"] == "HB-saxony" and plan["to"] == "r6c1"


def test_enemy_combat_units_on_home_bases_count_only_when_none_is_on_the_board():
    state, human, automa = solo()
    clear_board(state)
    unrestricted(automa)
    automa.character = "r5c3"
    # Only the human character, on its home base (top of the board).
    plan = plan_move(state, automa, "C")
    assert plan["to"] in {"r4c3", "r4c2"} and plan["to"] == FACTORY
    human.mechs, human.mech_abilities = ["r7c4"], [1]
    plan = plan_move(state, automa, "C")
    assert plan["to"] == "r6c3"  # next to the mech on the board


# --- encounter / Factory -------------------------------------------------------------


def test_encounter_move_takes_the_token_and_nothing_else():
    state, _, automa = solo()
    automa_turn(state, 14)  # Plan I: E / C; gains worker and combat card; Enlist
    assert automa.character == "r6c1"
    assert "r6c1" not in state.encounter_tokens
    log = texts(state)
    assert any("Tried 'encounter/Factory': valid" in t for t in log)
    assert automa.workers.count("HB-saxony") == 1
    assert len(automa.combat_cards) == 5


def test_encounter_move_not_onto_an_automa_mech_then_the_next_symbol():
    state, _, automa = solo()
    automa.mechs, automa.mech_abilities = ["r6c1"], [0]
    plan = plan_move(state, automa, "E")
    assert not plan["valid"]
    automa_turn(state, 14)
    assert any("Tried 'encounter/Factory': not valid" in t for t in texts(state))
    assert any("Tried 'non-attacking character move'" in t for t in texts(state))


def test_character_ending_on_the_factory_takes_a_random_factory_card():
    state, _, automa = solo()
    clear_board(state)
    unrestricted(automa)
    automa.character = "r5c3"
    before = list(state.factory_deck)
    automa_turn(state, 15)  # Plan I: E / C
    assert automa.character == FACTORY
    assert automa.factory_card in before and len(state.factory_deck) == 2
    plan = plan_move(state, automa, "E")
    assert not plan["valid"]  # with a Factory card the Factory is no goal


# --- attacks --------------------------------------------------------------------------


def test_attack_only_with_power_at_least_the_printed_number():
    state, human, automa = solo()
    clear_board(state)
    unrestricted(automa)
    automa.character = "r5c3"
    human.character = FACTORY
    automa.power = 4
    assert plan_move(state, automa, "A5") == {
        "valid": False,
        "why": {"code": "power_too_low", "power": 4, "need": 5},
    }
    automa.power = 5
    plan = plan_move(state, automa, "A5")
    assert plan["valid"] and plan["to"] == FACTORY and plan["attack"] == "combat"


def test_attack_picks_the_territory_with_fewest_enemy_combat_units():
    state, human, automa = solo()
    clear_board(state)
    unrestricted(automa)
    automa.mechs, automa.mech_abilities = ["r5c3"], [0]
    human.character = "r6c3"
    human.mechs, human.mech_abilities = [FACTORY, FACTORY], [0, 1]
    automa.power = 8
    plan = plan_move(state, automa, "A1")
    assert plan["to"] == "r6c3" and plan["to_why"] == "fewest_enemies"


def test_attack_reaches_the_home_base_neighbourhood_from_a_unit_on_the_home_base():
    """Rules/003, attack vs. combat unit: valid territories are in the neighbourhood of
    any Automa unit "or its home base" (a unit on the home base has none of its own)."""
    state, human, automa = solo()
    clear_board(state)
    human.character = "r6c0"  # next to Saxony's home base
    automa.power = 8
    plan = plan_move(state, automa, "A6")
    assert plan["valid"] and (plan["from"], plan["to"]) == ("HB-saxony", "r6c0")


def test_attack_with_character_and_mech_equally_close_takes_the_character():
    """Rules/003 breaks unit ties only by reading order; a character and a mech on the
    same hex still tie, and the engine's documented reading takes the character."""
    state, human, automa = solo()
    clear_board(state)
    automa.mechs, automa.mech_abilities = ["HB-saxony"], [0]
    human.character = "r6c0"
    automa.power = 8
    assert plan_move(state, automa, "A6")["unit"] == "character"


def test_a_non_attacking_move_onto_a_territory_with_only_resources_removes_them():
    """Rules/003, handling resources: when the Automa "moved to a territory with only
    workers or only resources, simply remove all resources from the territory"."""
    state, human, automa = solo()
    clear_board(state)
    unrestricted(automa)
    automa.mechs, automa.mech_abilities = ["HB-saxony"], [0]
    human.character = "r3c3"
    dest = plan_move(state, automa, "M")["to"]
    state.add_resource(dest, "wood", 2)
    automa_turn(state, 10)  # Plan I: M / W
    assert automa.mechs[0] == dest and state.resources_at(dest) == {}
    removed = [e for e in state.log if e["event"] == "automa" and e.get("removed")]
    assert removed[-1]["hex"] == dest and removed[-1]["removed"] == {"wood": 2}


def test_attack_vs_worker_most_resources_workers_home_resources_removed():
    state, human, automa = solo()
    clear_board(state)
    unrestricted(automa)
    automa.character = "r5c3"
    human.workers[:3] = ["r6c2", "r6c3", "r6c3"]
    state.add_resource("r6c2", "food", 1)
    state.add_resource("r6c3", "oil", 3)
    popularity = human.popularity
    automa_turn(state, 19)  # Plan I: AW / W
    assert automa.character == "r6c3"
    assert human.workers[1:3] == ["HB-nordic", "HB-nordic"]
    assert state.resources_at("r6c3") == {} and state.resources_at("r6c2") == {"food": 1}
    assert human.popularity == popularity and automa.popularity == 10


def test_attack_vs_worker_ignores_territories_with_enemy_combat_units():
    state, human, automa = solo()
    clear_board(state)
    unrestricted(automa)
    automa.character = "r5c3"
    human.workers[0] = "r6c3"
    human.mechs, human.mech_abilities = ["r6c3"], [0]
    assert not plan_move(state, automa, "AW")["valid"]


# --- the turn --------------------------------------------------------------------------


def test_the_card_goes_onto_the_main_discard_and_plan_i_is_used():
    state, _, automa = solo()
    automa_turn(state, 3)  # Plan I: W; +3 power
    assert automa.automa["discard"] == [3] and automa.automa["last_main"] == 3
    assert automa.power == 4
    assert "The Automa draws card 3 (Plan I)." in texts(state)


def test_autometta_skips_a_turn_on_the_skip_symbol():
    state, _, automa = solo(level="autometta")
    before = (automa.coins, automa.power, list(automa.workers))
    automa_turn(state, 7)  # skip symbol; otherwise a worker, a coin and a star advance
    assert (automa.coins, automa.power, automa.workers) == before
    assert automa.automa["cube"] == 0 and automa.automa["discard"] == [7]
    assert state.active_seat == 0
    state, _, automa = solo(level="automa")
    automa_turn(state, 7)
    assert automa.coins == 6 and automa.automa["cube"] == 1


def test_faction_bracketed_symbols_only_for_that_faction():
    state, _, automa = solo(faction="saxony")
    automa_turn(state, 1)  # Plan I: (Nordic: W) / E / C
    log = texts(state)
    assert "Skipped 'move worker' in brackets: only for Nordic." in log
    assert automa.character == "r6c1"  # the encounter move was made instead
    state, _, automa = solo(faction="nordic", human="saxony")
    automa_turn(state, 1)
    assert any(t.startswith("Tried 'move worker': valid") for t in texts(state))
    assert automa.character == automa.home


def test_only_the_first_valid_move_is_made():
    state, _, automa = solo()
    automa.mechs, automa.mech_abilities = ["HB-saxony"], [0]
    automa_turn(state, 10)  # Plan I: M / W
    log = texts(state)
    assert any(t.startswith("Tried 'non-attacking mech move': valid") for t in log)
    assert not any("move worker" in t for t in log)


def test_no_valid_move_still_gains():
    state, _, automa = solo()
    automa.workers = [None] * 8
    automa_turn(state, 3)  # W only
    assert "No move symbol was valid: no move this turn." in texts(state)
    assert automa.power == 4


def test_gains_worker_mech_coin_power_and_hidden_combat_card():
    state, _, automa = solo()
    automa_turn(state, 9)  # Plan I gains: worker, mech
    assert automa.workers.count("HB-saxony") == 1 and automa.mechs == ["HB-saxony"]
    automa_turn(state, 12)  # Plan I gains: +4 power
    assert automa.power == 5
    automa_turn(state, 18)  # Plan I gains: worker, coin
    assert automa.coins == 6
    cards = len(automa.combat_cards)
    automa_turn(state, 4)  # Plan I gains: combat card
    assert len(automa.combat_cards) == cards + 1


def test_gain_mech_brings_the_character_back_from_the_faction_mat_first():
    state, _, automa = solo()
    automa.character = ON_MAT
    automa_turn(state, 16)  # Plan I: E / C; gains one mech
    assert automa.character == "HB-saxony" and automa.mechs == []
    automa_turn(state, 16)
    assert automa.mechs == ["HB-saxony"]


def test_gains_stop_when_the_faction_mat_is_empty():
    state, _, automa = solo()
    automa.workers = ["r6c0"] * 8
    automa_turn(state, 19)  # AW / W; gains a worker
    assert None not in automa.workers
    assert "No worker is left on its faction mat." in texts(state)


def test_recruit_bonus_for_the_human_neighbour_with_that_recruit():
    state, human, automa = solo()
    human.recruits = {"upgrade": "coins"}
    power = human.power
    automa_turn(state, 1)  # Plan I recruit: Upgrade -> power
    assert human.power == power + 1
    coins = human.coins
    automa_turn(state, 5)  # Deploy -> coin, but the human has no Deploy recruit
    assert human.coins == coins


def test_faction_gains_only_for_that_faction():
    """Rules/003: gains in brackets with a faction icon are only taken when the Automa
    plays that faction. Card 2 Plan I: (Crimea: +1 coin), +1 coin."""
    state, _, automa = solo(faction="saxony")
    automa_turn(state, 2)
    assert automa.coins == 6
    state, _, automa = solo(faction="crimea")
    automa_turn(state, 2)
    assert automa.coins == 7


def test_star_card_advances_only_on_star_cards():
    state, _, automa = solo()
    automa_turn(state, 4)
    assert automa.automa["cube"] == 0
    automa_turn(state, 3)
    assert automa.automa["cube"] == 1


def test_first_star_space_places_a_star_reshuffles_and_switches_to_plan_ii():
    state, _, automa = solo(level="automa")
    automa.automa["cube"] = 8
    automa.automa["turns"] = 11
    automa_turn(state, 3)
    assert automa.stars == {"star_card": 1}
    assert automa.automa["plan"] == 1 and automa.automa["plan_switch_turn"] == 12
    assert sorted(automa.automa["deck"]) == list(range(1, 20))
    assert automa.automa["discard"] == []
    automa_turn(state, 3)  # Plan II: W; +2 power, +1 worker; Build
    assert "The Automa draws card 3 (Plan II)." in texts(state)
    assert automa.automa["plan"] == 1 and automa.stars == {"star_card": 1}


def test_later_star_spaces_place_stars_without_switching_again():
    state, _, automa = solo(level="automa")
    automa.automa["plan"] = 1
    automa.automa["cube"] = 13
    automa.automa["plan_switch_turn"] = 5
    automa_turn(state, 3)
    assert automa.stars == {"star_card": 1} and automa.automa["plan_switch_turn"] == 5


def test_reaching_16_power_the_first_time_gives_one_star():
    state, _, automa = solo()
    automa.power = 14
    automa_turn(state, 3)  # +3 power
    assert automa.power == 16 and automa.stars.get("power") == 1
    automa_turn(state, 3)
    assert automa.stars.get("power") == 1


def test_the_automa_earns_no_other_stars():
    state, _, automa = solo()
    automa.workers = ["r6c0"] * 8
    automa.mechs, automa.mech_abilities = ["HB-saxony"] * 4, [0, 1, 2, 3]
    automa_turn(state, 4)
    assert automa.stars == {}


def test_the_sixth_star_ends_the_game_at_once():
    state, _, automa = solo()
    automa.stars = {"star_card": 5}
    automa.power = 15
    automa_turn(state, 15)  # +3 power and +1 coin, then the star card
    assert state.game_over and automa.star_count == 6
    assert automa.automa["cube"] == 0  # the star card step never happened


def test_a_sixth_star_from_power_stops_the_gains_after_it_on_the_card():
    """Rules/003: the game ends at once when an Automa card action places the sixth
    star, so the card's later actions are not carried out. Card 15 Plan I shows
    +3 power before +1 coin; card 6 Plan II (Crimea) shows the coin before the power."""
    state, _, automa = solo()
    automa.stars = {"star_card": 3, "combat": 2}
    automa.power = 14
    automa_turn(state, 15)  # +3 power (sixth star), then +1 coin
    assert state.game_over and automa.stars["power"] == 1
    assert automa.coins == 5
    state, _, automa = solo(faction="crimea")
    automa.stars = {"star_card": 3, "combat": 2}
    automa.power, automa.automa["plan"] = 14, 1
    automa_turn(state, 6)  # Crimea: +1 coin, then +2 power (sixth star), then a mech
    assert state.game_over and automa.coins == 6
    assert automa.mechs == [] and automa.character == automa.home


def test_draw_pile_empty_reshuffles_both_discards():
    state, _, automa = solo()
    a = automa.automa
    a["deck"], a["discard"], a["combat_discard"] = [], list(range(1, 15)), list(range(15, 20))
    automa_turn(state)
    assert len(a["deck"]) == 18 and len(a["discard"]) == 1 and a["combat_discard"] == []


# --- combat ---------------------------------------------------------------------------


def test_combat_table_example_power_12_uses_5_power_and_2_cards():
    state, _, automa = solo()
    automa.power = 12
    stack_deck(automa, 12)
    choice = combat_commit(state, 1, FACTORY)
    dial, cards = choice.split(":")[1:]
    assert int(dial) == 5 and len(cards.split("+")) == 2
    assert automa.automa["combat_discard"] == [12] and automa.automa["discard"] == []


def test_combat_table_example_with_power_1_uses_1_power_and_2_cards():
    state, _, automa = solo()
    automa.power = 1
    stack_deck(automa, 12)
    dial, cards = combat_commit(state, 1, FACTORY).split(":")[1:]
    assert int(dial) == 1 and len(cards.split("+")) == 2


def test_combat_cards_only_as_many_as_the_automa_has():
    state, _, automa = solo()
    automa.combat_cards = [3]
    stack_deck(automa, 13)  # three cards
    assert combat_commit(state, 1, FACTORY).endswith(":3")


def setup_automa_attack(state, human, automa, power=8):
    clear_board(state)
    unrestricted(automa)
    automa.character = "r5c3"
    automa.power = power
    human.character = FACTORY
    state.add_resource(FACTORY, "oil", 2)


def test_the_human_chooses_first_when_the_automa_attacks():
    state, human, automa = solo()
    setup_automa_attack(state, human, automa)
    automa_turn(state, 17, 12)  # Plan I: A6 / AW / W; then card 12 for the combat
    assert state.pending == {"seat": 0, "kind": "combat_commit", "hex": FACTORY}
    assert automa.character == FACTORY
    assert automa.automa["combat_discard"] == []  # not drawn before the human chose
    apply_in_place(state, "commit:0:-")
    assert automa.automa["combat_discard"] == [12]
    # 5 power (8-13) and 2 cards beat 0: the Automa wins as the attacker.
    assert human.character == "HB-nordic" and automa.character == FACTORY
    assert automa.power == 3 and automa.stars == {"combat": 1}
    assert state.resources_at(FACTORY) == {}
    assert automa.popularity == 10
    assert state.active_seat == 0  # the Automa turn went on and ended


def combat_log(state):
    return [e for e in state.log if e["event"] in ("combat", "combat_card")]


def test_combat_log_has_the_automas_dial_and_cards_and_the_human_losers_draw():
    state, human, automa = solo()
    setup_automa_attack(state, human, automa)
    automa.combat_cards = [4, 4]
    human.power, human.combat_cards = 3, []
    automa_turn(state, 17, 12)  # card 12 at power 8: 5 power and 2 cards
    apply_in_place(state, "commit:2:-")
    entry, drawn = combat_log(state)
    assert entry["attacker"] == 1 and entry["winner"] == 1
    assert entry["dials"] == {"0": 2, "1": 5}
    assert entry["cards"] == {"0": [], "1": [4, 4]}
    assert entry["totals"] == {"0": 2, "1": 13}
    assert automa.combat_cards == [] and automa.power == 3
    assert drawn == {"seat": 0, "event": "combat_card"}
    assert len(human.combat_cards) == 1


def test_a_losing_automa_that_played_a_card_draws_one_unseen():
    state, human, automa = solo()
    setup_automa_attack(state, human, automa, power=6)
    automa.mechs, automa.mech_abilities = [], []
    automa.combat_cards = [3]
    human.power = 7
    automa_turn(state, 17, 10)  # card 10 spends 0 power and 1 card
    apply_in_place(state, "commit:7:-")
    entry, drawn = combat_log(state)
    assert entry["dials"] == {"0": 7, "1": 0} and entry["cards"] == {"0": [], "1": [3]}
    assert entry["totals"] == {"0": 7, "1": 3} and entry["winner"] == 0
    assert drawn == {"seat": 1, "event": "combat_card"}
    assert len(automa.combat_cards) == 1
    assert player_view(state, 0)["players"][1]["combat_cards"] == 1


def test_a_losing_automa_unit_goes_to_its_faction_mat():
    state, human, automa = solo()
    setup_automa_attack(state, human, automa, power=6)
    human.power = 7
    automa.mechs, automa.mech_abilities = [], []
    automa_turn(state, 17, 10)  # card 10 spends 0 power and 1 card
    apply_in_place(state, "commit:7:-")
    assert automa.character == ON_MAT
    assert human.stars == {"combat": 1}
    assert state.resources_at(FACTORY) == {"oil": 2}  # the human defended: nothing placed
    assert "The Automa lost on Factory E4: its combat units go to its faction mat." in texts(state)


def human_moves_character(state, dest):
    """Seat 0 (Nordic, mechanical mat: section 2 is Move) moves its character to dest."""
    state.turn_index = state.turn_order.index(0)
    begin_turn(state)
    play(state, "section:2", "move", "unit:character", f"to:{dest}")
    if state.pending.get("kind") == "move":
        play(state, "done")


def test_a_losing_automa_mech_leaves_the_board_and_a_gain_redeploys_it():
    state, human, automa = solo()
    clear_board(state)
    automa.mechs, automa.mech_abilities = [FACTORY, "r6c0"], [2, 0]
    human.character = "r5c3"
    human.power = 7
    # The human attacks the mech on the Factory.
    human_moves_character(state, FACTORY)
    stack_deck(automa, 10)
    automa.automa["last_main"] = 9  # resource box 3
    apply_in_place(state, "commit:7:-")
    assert automa.mechs == ["r6c0"] and automa.mech_abilities == [0]
    assert state.resources_at(FACTORY) == {}  # the Factory produces nothing
    automa_turn(state, 16)  # gains a mech
    assert automa.mechs == ["r6c0", "HB-saxony"] and automa.mech_abilities == [0, 1]


def test_human_winning_as_attacker_places_the_resources_of_the_top_main_card():
    state, human, automa = solo()
    clear_board(state)
    automa.mechs, automa.mech_abilities = ["r5c3"], [0]
    automa.workers[0] = "r5c3"
    human.character = FACTORY
    human.power = 7
    automa.automa["last_main"] = 5  # resource box 4
    human_moves_character(state, "r5c3")
    stack_deck(automa, 10)
    apply_in_place(state, "commit:7:-")
    assert human.character == "r5c3" and automa.mechs == []
    assert automa.workers[0] == "HB-saxony"
    assert state.resources_at("r5c3") == {"oil": 4}  # tundra produces oil


def test_a_reshuffle_for_the_combat_card_keeps_the_resource_card_on_top_of_the_main_discard():
    """Rules/003: if the Automa deck must be reshuffled to draw the combat card, place
    the resources at stake first: the main discard's top card before the reshuffle counts."""
    state, human, automa = solo()
    clear_board(state)
    automa.mechs, automa.mech_abilities = ["r5c3"], [0]
    automa.power, automa.combat_cards = 0, []
    human.character = FACTORY
    human.power = 7
    a = automa.automa
    a["deck"], a["combat_discard"] = [], []
    a["discard"] = [c for c in sorted(CARDS) if c != 5] + [5]  # card 5: resource box 4
    a["last_main"] = 5
    human_moves_character(state, "r5c3")
    apply_in_place(state, "commit:7:-")
    assert sorted(a["deck"] + a["combat_discard"]) == list(range(1, 20))
    assert a["discard"] == [] and len(a["combat_discard"]) == 1
    assert state.resources_at("r5c3") == {"oil": 4}


def test_human_driving_off_only_automa_workers_places_resources():
    state, human, automa = solo()
    clear_board(state)
    automa.workers[:2] = ["r6c3", "r6c3"]
    human.character = "r5c3"
    popularity = human.popularity
    automa.automa["last_main"] = 2  # resource box 2
    human_moves_character(state, "r6c3")
    assert automa.workers[:2] == ["HB-saxony", "HB-saxony"]
    assert human.popularity == popularity - 2
    assert state.resources_at("r6c3") == {"oil": 2}


def test_no_resources_on_villages_or_lakes():
    state, human, automa = solo()
    clear_board(state)
    automa.workers[0] = "r6c2"
    human.character = "r5c2"
    automa.automa["last_main"] = 5
    human_moves_character(state, "r6c2")
    assert state.resources_at("r6c2") == {}


def test_automa_combat_stars_at_most_two_even_as_saxony():
    state, human, automa = solo(faction="saxony")
    setup_automa_attack(state, human, automa, power=16)
    automa.stars = {"combat": 2, "power": 1}
    automa_turn(state, 17, 6)
    apply_in_place(state, "commit:0:-")
    assert automa.character == FACTORY and automa.stars == {"combat": 2, "power": 1}


def test_ultimaszyna_losers_go_home_instead_of_the_faction_mat():
    state, human, automa = solo(level="ultimaszyna")
    setup_automa_attack(state, human, automa, power=6)
    human.power = 7
    automa_turn(state, 17, 10)
    apply_in_place(state, "commit:7:-")
    assert automa.character == "HB-saxony"


# --- Ultimaszyna and the difficulty options --------------------------------------------


def test_ultimaszyna_takes_every_valid_move_and_encounters_on_entry():
    state, _, automa = solo(level="ultimaszyna")
    automa.mechs, automa.mech_abilities = ["HB-saxony"], [0]
    automa_turn(state, 11)  # Plan I: M / E / C
    log = texts(state)
    tried = [t.split("'")[1] for t in log if t.startswith("Tried") and ": valid" in t]
    assert tried == ["non-attacking mech move", "encounter/Factory", "non-attacking character move"]
    assert any("its encounter token is removed" in t for t in log)


def test_ultimaszyna_one_more_coin_and_power_per_card():
    state, _, automa = solo(level="ultimaszyna")
    automa_turn(state, 15)  # +3 power, +1 coin
    assert (automa.power, automa.coins) == (1 + 4, 5 + 2)


def test_option_coin_and_power_adjustments_never_negative():
    state, _, automa = solo(options={"automa_coins": -2, "automa_power": 2})
    automa_turn(state, 18)  # +1 coin
    assert automa.coins == 5
    automa_turn(state, 3)  # +3 power
    assert automa.power == 1 + 5


def test_option_skip_turns_with_the_automa_star_card():
    state, _, automa = solo(level="automa", options={"automa_skip_turns": True})
    automa_turn(state, 8)
    assert automa.mechs == [] and automa.automa["cube"] == 0


def test_option_move_flip_a_4_or_5_cancels_the_move_row():
    state, _, automa = solo(options={"automa_move_flip": True})
    state.combat_deck.append(5)
    automa_turn(state, 3)
    assert automa.workers[:2] == ["r6c0", "r7c1"] and automa.power == 4
    assert state.combat_discard[-1] == 5
    state.combat_deck.append(2)
    automa_turn(state, 3)
    assert automa.workers[:2] != ["r6c0", "r7c1"]
    # No card is flipped when the Automa would not move at all.
    automa.workers = [None] * 8
    discards = len(state.combat_discard)
    automa_turn(state, 3)
    assert len(state.combat_discard) == discards


def test_option_place_flip_a_4_or_5_cancels_a_placement():
    state, _, automa = solo(options={"automa_place_flip": True})
    state.combat_deck += [3, 4]  # the 4 is flipped for the worker, the 3 for the mech
    automa_turn(state, 9)  # gains a worker and a mech
    assert automa.workers.count(None) == 6 and "HB-saxony" not in automa.workers
    assert automa.mechs == ["HB-saxony"]
    assert state.combat_discard[-2:] == [4, 3]


def test_option_all_moves_on_any_level():
    state, _, automa = solo(options={"automa_all_moves": True})
    automa.mechs, automa.mech_abilities = ["HB-saxony"], [0]
    automa_turn(state, 8)  # Plan I: (Togawa: E) / M / W
    tried = [t for t in texts(state) if t.startswith("Tried") and ": valid" in t]
    assert len(tried) == 2


# --- explanations -----------------------------------------------------------------------


def test_every_decision_is_explained_in_english_and_dutch():
    state, _, automa = solo()
    automa_turn(state, 8)  # (Togawa: E) / M / W
    entries = [e for e in state.log if e["event"] == "automa"]
    assert all(e["seat"] == 1 and isinstance(e["code"], str) for e in entries)
    assert not any("text" in e for e in entries), "the state holds codes, not sentences"
    en, nl = texts(state, "en"), texts(state, "nl")
    assert "Skipped 'encounter/Factory' in brackets: only for Togawa." in en
    assert (
        "Tried 'non-attacking mech move': not valid, no mech on the board or its home base." in en
    )
    assert (
        "Tried 'move worker': valid. It takes the worker on mountain G1 (reading order) and "
        "places it on village G2 (closest to the Factory; 1 other Automa unit around it)." in en
    )
    assert (
        "'beweeg werker' geprobeerd: geldig. De Automa neemt de werker op berg G1 (leesvolgorde) "
        "en plaatst hem op dorp G2 (dichtst bij de Fabriek; 1 andere Automa-eenheid eromheen)."
        in nl
    )


# --- whole games -----------------------------------------------------------------------

TOTAL_COMBAT_CARDS = sum(COMBAT_DECK.values())


def check_invariants(state):
    cards = len(state.combat_deck) + len(state.combat_discard)
    for p in state.players:
        cards += len(p.combat_cards)
        assert len(p.workers) == 8 and len(p.mechs) == len(p.mech_abilities) <= 4
        assert 0 <= p.power <= 16 and p.coins >= 0 and p.star_count <= 6
        if p.controller == "automa":
            a = p.automa
            assert p.popularity == 10 and p.mat == "" and not p.structures
            assert sorted(a["deck"] + a["discard"] + a["combat_discard"]) == list(range(1, 20))
            assert p.stars.get("combat", 0) <= 2
            assert set(p.stars) <= {"combat", "power", "star_card"}
    assert cards == TOTAL_COMBAT_CARDS


@pytest.mark.parametrize("level", LEVELS)
def test_random_games_against_each_level_end_with_invariants(level):
    from scythe_core.model import rng as prng

    for seed in range(3):
        state, _, _ = solo(level=level, seed=seed, faction=None, human="polania")
        chooser = prng.seed_state(seed)
        while not state.game_over:
            options = legal_actions(state)
            chooser, pick = prng.randbelow(chooser, len(options))
            apply_in_place(state, options[pick])
            check_invariants(state)
            view = player_view(state, 0)
            assert isinstance(view["players"][1]["automa"]["deck"], int)
        assert max(p.star_count for p in state.players) == 6


def test_record_and_replay_of_an_automa_game():
    result = random_game(3, ["random", "automa"], level="automaszyna")
    assert result["finished"] and result["automa"][0]["level"] == "automaszyna"
    state, _, _ = solo(seed=5)
    from scythe_core.model import rng as prng

    chooser = 9
    for _ in range(300):
        if state.game_over:
            break
        options = legal_actions(state)
        chooser, pick = prng.randbelow(chooser, len(options))
        apply_in_place(state, options[pick])
    again = replay(json.loads(json.dumps(record(state))))
    assert again.log == state.log and again.players == state.players


def test_simulate_reports_automa_stats_per_level():
    report = simulate(["random", "automa"], 4, 0, levels=["autometta", "ultimaszyna"])
    assert report["errors"] == 0 and report["games"] == 8
    stats = report["automa_levels"]
    assert set(stats) == {"autometta", "ultimaszyna"}
    for row in stats.values():
        assert row["games"] == 4 and row["finished"] == 4
        assert 0 <= row["win_rate"] <= 1 and row["stars"] > 0
        assert row["plan_switch_turn"] > 0 and row["game_turns"] > 0


def three_seats():
    """Nordic (human), Saxony (Automa), Polania (human): Saxony sits between them."""
    state = new_game(
        {
            "seed": 2,
            "seats": [
                {"faction": "nordic", "mat": "mechanical"},
                {"controller": "automa", "faction": "saxony"},
                {"faction": "polania", "mat": "industrial"},
            ],
        }
    )
    return state, state.players


def test_recruit_bonus_for_both_human_neighbours():
    state, (left, automa, right) = three_seats()
    assert set(state.neighbours_of(1)) == {0, 2}
    left.recruits = {"enlist": "power"}
    right.recruits = {"enlist": "coins"}
    cards = (len(left.combat_cards), len(right.combat_cards))
    automa_turn(state, 4)  # Plan I recruit: Enlist -> combat card
    assert (len(left.combat_cards), len(right.combat_cards)) == (cards[0] + 1, cards[1] + 1)


def test_two_automas_fight_without_asking_anyone():
    state = new_game(
        {
            "seed": 3,
            "seats": [
                {"faction": "nordic", "mat": "mechanical"},
                {"controller": "automa", "faction": "saxony"},
                {"controller": "automa", "faction": "polania"},
            ],
        }
    )
    clear_board(state)
    saxony, polania = state.players[1], state.players[2]
    unrestricted(saxony)
    saxony.character, saxony.power = "r5c3", 10
    polania.character = FACTORY
    stack_deck(polania, 3)  # 3 power at 0-7, no cards
    automa_turn(state, 17, 6)  # Saxony attacks (A6) and draws card 6: 7 power and 1 card
    assert polania.character == ON_MAT and saxony.character == FACTORY
    assert polania.automa["combat_discard"] == [3] and saxony.automa["combat_discard"] == [6]
    assert state.pending["kind"] != "combat_commit"
