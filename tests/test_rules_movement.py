"""Movement and control: rivers, lakes, tunnels, home bases, carrying, enemies, abilities.

Map facts used below (see scythe_core/board.py):
  r1c4 forest: land to r1c5, r2c4; rivers to r1c3, r2c3; touches HB-nordic.
  r1c3 village: land to r1c2; rivers to r1c4, r2c3; lake r2c2.
  r2c3 tundra tunnel: land to r3c3; rivers to r1c3 (village), r1c4 (forest), r2c4 (mountain).
  r3c3 forest: land to r2c3, r3c2, r4c3; lakes r2c2, r3c4, r4c2.
  r6c0 mountain: land to r6c1 (encounter), r7c1; rivers to r5c0, r5c1; touches HB-saxony.
  r7c1 tundra: land to r6c0, r6c1; lake r7c2; touches HB-saxony.
Tunnels: r2c3, r3c2, r3c5, r5c2, r5c5, r6c3.
"""

from __future__ import annotations

from rules_helpers import (
    clear_board,
    give_mech_abilities,
    legal,
    make_game,
    play,
    set_workers,
    start_move,
    steps,
)

TUNNELS = {"r2c3", "r3c2", "r3c5", "r5c2", "r5c5", "r6c3"}


def game(first="saxony", second="nordic"):
    """Seat 0 (active) and seat 1 with nothing on the board."""
    state = make_game(first, second)
    clear_board(state)
    return state, state.players[0], state.players[1]


def moving(state):
    return start_move(state)


# --- where a unit may step ---------------------------------------------------------


def test_rivers_and_home_bases_block_a_step():
    state, me, _ = game("nordic", "saxony")
    me.character = "r1c4"
    assert steps(moving(state), "character") == {"r1c5", "r2c4"}


def test_lakes_block_a_step():
    state, me, _ = game()
    me.character = "r3c3"
    assert steps(moving(state), "character") == {"r2c3", "r3c2", "r4c3"}


def test_units_leave_the_home_base_onto_its_land_neighbours():
    state, me, _ = game("nordic", "saxony")
    assert me.character == "HB-nordic"
    assert steps(moving(state), "character") == {"r1c4", "r1c5"}


def test_a_river_between_a_home_base_and_a_territory_blocks_too():
    state, me, _ = game("rusviet", "saxony")
    assert steps(moving(state), "character") == {"r3c6", "r4c6"}


def test_all_tunnels_are_adjacent_to_each_other():
    state, me, _ = game()
    set_workers(me, "r2c3")
    assert steps(moving(state), "worker:0") == {"r3c3"} | TUNNELS - {"r2c3"}


def test_a_unit_moves_at_most_once_per_move():
    state, me, _ = game()
    me.upgraded_top = ["move_units"]
    set_workers(me, "r6c0", "r6c0")
    moving(state)
    play(state, "unit:worker:0", "to:r7c1")
    # The worker that moved is done; its companion may still go.
    assert "unit:worker:1" in legal(state)
    play(state, "unit:worker:1", "to:r7c1")
    assert [a for a in legal(state) if a.startswith("unit:worker")] == []


# --- carrying --------------------------------------------------------------------------


def test_units_carry_resources_and_leave_the_rest():
    state, me, _ = game()
    set_workers(me, "r6c0")
    state.resources = {"r6c0": {"metal": 3, "wood": 1}}
    moving(state)
    play(state, "unit:worker:0", "load:metal", "load:metal", "load:wood", "to:r7c1")
    assert state.resources == {"r6c0": {"metal": 1}, "r7c1": {"metal": 2, "wood": 1}}


def test_a_mech_carries_workers_but_not_the_character():
    state, me, _ = game()
    me.mechs, me.mech_abilities = ["r6c0"], [0]
    me.character = "r6c0"
    set_workers(me, "r6c0", "r6c0")
    moving(state)
    play(state, "unit:mech:0")
    assert "load:worker:0" in legal(state)
    assert not any("character" in a for a in legal(state))
    play(state, "load:worker:0", "load:worker:1", "to:r7c1")
    assert me.mechs == ["r7c1"]
    assert me.workers[:2] == ["r7c1", "r7c1"]
    assert me.character == "r6c0"


def test_workers_carried_by_a_mech_may_still_move_themselves():
    state, me, _ = game()
    me.mechs, me.mech_abilities = ["r6c0"], [0]
    set_workers(me, "r6c0")
    moving(state)
    play(state, "unit:mech:0", "load:worker:0", "to:r7c1")
    assert "unit:worker:0" in legal(state)
    play(state, "unit:worker:0", "to:r6c1")
    assert me.workers[0] == "r6c1"


def test_a_worker_may_first_walk_to_a_mech_and_then_ride_it():
    state, me, _ = game()
    me.mechs, me.mech_abilities = ["r6c0"], [0]
    set_workers(me, "r7c1")
    moving(state)
    play(state, "unit:worker:0", "to:r6c0", "unit:mech:0", "load:worker:0", "to:r6c1")
    assert me.workers[0] == "r6c1"
    assert me.mechs == ["r6c1"]


def test_only_a_mech_with_speed_loads_after_its_first_step():
    state, me, _ = game()
    give_mech_abilities(me, "speed")
    me.mechs = ["r6c0"]
    set_workers(me, "r7c1")
    moving(state)
    play(state, "unit:mech:0", "to:r7c1", "load:worker:0", "to:r6c1")
    assert me.workers[0] == "r6c1"

    state, me, _ = game()
    give_mech_abilities(me, "riverwalk")
    me.mechs = ["r6c0"]
    set_workers(me, "r7c1")
    moving(state)
    play(state, "unit:mech:0", "to:r7c1")
    assert state.pending["kind"] == "move"  # one step and the mech is done
    assert me.workers[0] == "r7c1"


# --- enemies -------------------------------------------------------------------------


def test_workers_may_not_enter_territories_with_enemy_workers():
    state, me, foe = game()
    set_workers(me, "r6c0")
    set_workers(foe, "r6c1")
    assert steps(moving(state), "worker:0") == {"r7c1"}


def test_workers_may_not_enter_territories_with_an_enemy_character_or_mech():
    state, me, foe = game()
    set_workers(me, "r6c0")
    foe.mechs, foe.mech_abilities = ["r7c1"], [0]
    foe.character = "r6c1"
    moving(state)
    assert "unit:worker:0" not in legal(state)
    foe.character = foe.home
    assert steps(state, "worker:0") == {"r6c1"}


def test_workers_may_not_leave_a_territory_with_an_enemy_character_or_mech():
    state, me, foe = game()
    set_workers(me, "r6c0")
    foe.character = "r6c0"
    moving(state)
    assert "unit:worker:0" not in legal(state)


def test_workers_may_enter_a_territory_held_only_by_an_enemy_structure_and_control_it():
    state, me, foe = game()
    set_workers(me, "r6c0")
    foe.structures = {"mill": "r7c1"}
    state.resources = {"r7c1": {"oil": 2}}
    assert state.territory_controller("r7c1") == 1
    moving(state)
    assert "r7c1" in steps(state, "worker:0")
    play(state, "unit:worker:0", "to:r7c1")
    assert state.territory_controller("r7c1") == 0
    assert state.controlled_resources(0)["oil"] == 2
    assert state.controlled_resources(1)["oil"] == 0


def test_a_character_entering_enemy_workers_stops_and_they_go_home_after_the_move():
    state, me, foe = game()
    give_mech_abilities(me, "speed")
    me.character = "r6c0"
    me.popularity = 5
    set_workers(foe, "r7c1", "r7c1")
    state.resources = {"r7c1": {"food": 1}}
    moving(state)
    play(state, "unit:character", "to:r7c1")
    # Speed would allow a second step, but entering enemy workers ends the movement.
    assert state.pending["kind"] == "move"
    play(state, "done")
    assert foe.workers[:2] == [foe.home, foe.home]
    assert me.popularity == 3
    assert state.resources == {"r7c1": {"food": 1}}
    assert state.territory_controller("r7c1") == 0


def test_a_mech_carrying_workers_loses_popularity_only_for_the_enemy_workers():
    state, me, foe = game()
    me.mechs, me.mech_abilities = ["r6c0"], [0]
    set_workers(me, "r6c0", "r6c0")
    set_workers(foe, "r7c1")
    me.popularity = 5
    moving(state)
    play(state, "unit:mech:0", "load:worker:0", "load:worker:1", "to:r7c1", "done")
    assert foe.workers[0] == foe.home
    assert me.popularity == 4
    assert me.workers[:2] == ["r7c1", "r7c1"]


def test_a_character_entering_an_enemy_mech_stops_and_a_combat_follows_the_move():
    state, me, foe = game()
    give_mech_abilities(me, "speed")
    me.character = "r6c0"
    foe.mechs, foe.mech_abilities = ["r7c1"], [0]
    moving(state)
    play(state, "unit:character", "to:r7c1")
    assert state.pending["kind"] == "move"
    assert state.territory_controller("r7c1") == 1  # the defender keeps it for now
    play(state, "done")
    assert state.pending == {"seat": 0, "kind": "combat_commit", "hex": "r7c1"}


def test_an_encounter_stops_the_character_but_not_a_mech():
    state, me, _ = game()
    give_mech_abilities(me, "speed")
    me.character = "r6c0"
    moving(state)
    play(state, "unit:character", "to:r6c1")
    assert state.pending["kind"] == "move"

    state, me, _ = game()
    give_mech_abilities(me, "speed")
    me.mechs = ["r6c0"]
    moving(state)
    play(state, "unit:mech:0", "to:r6c1")
    assert state.pending["kind"] == "move_unit"
    assert "stop" in legal(state)


def test_a_character_entering_an_enemy_structure_does_not_stop():
    state, me, foe = game()
    give_mech_abilities(me, "speed")
    me.character = "r6c0"
    foe.structures = {"armory": "r7c1"}
    moving(state)
    play(state, "unit:character", "to:r7c1")
    assert state.pending["kind"] == "move_unit"
    assert state.territory_controller("r7c1") == 0


# --- the Mine ------------------------------------------------------------------------


def test_the_mine_is_a_tunnel_for_its_owner():
    state, me, _ = game()
    me.structures = {"mine": "r7c1"}
    set_workers(me, "r7c1", "r2c3")
    moving(state)
    assert steps(state, "worker:0") == {"r6c0", "r6c1"} | TUNNELS
    assert "r7c1" in steps(state, "worker:1")


def test_the_mine_is_not_a_tunnel_for_an_opponent():
    state, me, foe = game()
    foe.structures = {"mine": "r7c1"}
    set_workers(me, "r2c3")
    assert "r7c1" not in steps(moving(state), "worker:0")


def test_the_mine_works_even_on_a_territory_an_opponent_controls():
    state, me, foe = game()
    me.structures = {"mine": "r7c1"}
    set_workers(foe, "r7c1")
    me.character = "r2c3"
    assert state.territory_controller("r7c1") == 1
    assert "r7c1" in steps(moving(state), "character")


# --- faction and mech abilities ----------------------------------------------------


def test_nordic_workers_swim_across_rivers_but_not_onto_lakes():
    state, me, _ = game("nordic", "saxony")
    set_workers(me, "r1c4", "r1c3")
    me.character = "r1c4"
    moving(state)
    assert steps(state, "worker:0") == {"r1c3", "r1c5", "r2c3", "r2c4"}
    assert steps(state, "worker:1") == {"r1c2", "r1c4", "r2c3"}
    # Only workers swim.
    assert steps(state, "character") == {"r1c5", "r2c4"}


def test_other_factions_workers_do_not_swim():
    state, me, _ = game("saxony", "nordic")
    set_workers(me, "r1c4")
    assert steps(moving(state), "worker:0") == {"r1c5", "r2c4"}


def test_riverwalk_crosses_rivers_onto_the_factions_two_terrains_once_unlocked():
    base = {"r3c3"} | TUNNELS - {"r2c3"}
    state, me, _ = game("nordic", "saxony")
    me.character = "r2c3"
    assert steps(moving(state), "character") == base

    state, me, _ = game("nordic", "saxony")
    me.character = "r2c3"
    give_mech_abilities(me, "riverwalk")
    # Nordic: forests and mountains (r1c4, r2c4), not the village r1c3.
    assert steps(moving(state), "character") == base | {"r1c4", "r2c4"}

    state, me, _ = game("rusviet", "saxony")
    me.character = "r2c3"
    give_mech_abilities(me, "riverwalk")
    # Rusviet: farms and villages.
    assert steps(moving(state), "character") == base | {"r1c3"}


def test_riverwalk_is_for_the_character_and_mechs_not_workers():
    state, me, _ = game("rusviet", "saxony")
    give_mech_abilities(me, "riverwalk")
    set_workers(me, "r2c3")
    me.mechs = ["r2c3"]
    moving(state)
    assert "r1c3" in steps(state, "mech:0")
    assert "r1c3" not in steps(state, "worker:0")


def test_speed_gives_the_character_and_mechs_one_extra_step():
    state, me, _ = game()
    me.character = "r6c0"
    moving(state)
    play(state, "unit:character", "to:r7c1")
    assert state.pending["kind"] != "move_unit"

    state, me, _ = game()
    give_mech_abilities(me, "speed")
    me.character = "r6c0"
    moving(state)
    play(state, "unit:character", "to:r7c1")
    assert state.pending["kind"] == "move_unit"
    play(state, "to:r6c1")
    assert me.character == "r6c1"
    assert state.pending["kind"] != "move_unit"


def test_with_speed_a_tunnel_hop_is_one_step_and_another_step_may_follow():
    state, me, _ = game()
    give_mech_abilities(me, "speed")
    me.character = "r6c3"
    moving(state)
    play(state, "unit:character", "to:r2c3", "to:r3c3")
    assert me.character == "r3c3"


def test_speed_does_not_apply_to_workers():
    state, me, _ = game()
    give_mech_abilities(me, "speed")
    set_workers(me, "r6c0")
    moving(state)
    play(state, "unit:worker:0", "to:r7c1")
    assert state.pending["kind"] == "move"


# --- control ---------------------------------------------------------------------------


def test_control_by_units_or_by_a_structure_without_enemy_units():
    state, me, foe = game()
    assert state.territory_controller("r6c0") is None
    me.structures = {"mine": "r6c0"}
    assert state.territory_controller("r6c0") == 0
    set_workers(foe, "r6c0")
    assert state.territory_controller("r6c0") == 1
    set_workers(foe)
    me.character = "r7c1"
    assert state.territory_controller("r7c1") == 0
    assert state.territory_controller(me.home) is None  # a home base is no territory


def test_resources_belong_to_whoever_controls_their_territory():
    state, me, foe = game()
    set_workers(me, "r6c0")
    state.resources = {"r6c0": {"wood": 2}, "r7c1": {"wood": 5}}
    assert state.controlled_resources(0)["wood"] == 2
    assert state.controlled_resources(1)["wood"] == 0
    foe.character = "r7c1"
    assert state.controlled_resources(1)["wood"] == 5


def test_resources_being_carried_stay_on_the_board_if_the_game_ends_mid_move():
    """An objective may be revealed at any moment of the turn, even while a unit with
    Speed is halfway: the oil it carries is on the board where the unit stands (and
    counts for the final score), not lost in its hands."""
    state, me, _ = game("nordic", "saxony")
    give_mech_abilities(me, "speed")
    me.stars = {"upgrades": 1, "mechs": 1, "structures": 1, "recruits": 1, "workers": 1}
    me.objectives = [12]  # 20 coins
    me.coins = 20
    me.character = "r3c3"
    state.resources["r3c3"] = {"oil": 2}
    moving(state)
    play(state, "unit:character", "load:oil", "to:r4c3")
    assert state.pending["kind"] == "move_unit"
    assert state.resources == {"r3c3": {"oil": 1}, "r4c3": {"oil": 1}}
    play(state, "objective:12")
    assert state.game_over
    assert state.resources == {"r3c3": {"oil": 1}, "r4c3": {"oil": 1}}
    assert state.controlled_resources(0)["oil"] == 1
