"""Movement abilities from the faction mats: Township, Underpass, Wayfare, Submerge,
Seaworthy (with the lake rules for carried workers and resources), and Speed's stop.
"""

from __future__ import annotations

from rules_helpers import clear_board, give_mech_abilities, make_game, play, start_move, steps

LAKES = {"r2c0", "r2c2", "r3c4", "r4c2", "r5c4", "r5c6", "r7c2"}


def game(first, second="nordic"):
    state = make_game(first, second)
    clear_board(state)
    return state, state.players[0], state.players[1]


def test_township_links_controlled_villages_and_the_factory():
    state, rus, _ = game("rusviet")
    give_mech_abilities(rus, "township")
    rus.character = "r1c6"  # a village
    rus.workers[0] = "r6c2"  # a controlled village far away
    start_move(state)
    reach = steps(state, "character")
    assert {"r6c2", "r4c3"} <= reach
    assert "r4c1" not in reach, "a village nobody of ours holds is not linked"


def test_township_is_not_for_workers():
    state, rus, _ = game("rusviet")
    give_mech_abilities(rus, "township")
    rus.character = "r6c2"
    rus.workers[0] = "r1c6"
    start_move(state)
    assert "r6c2" not in steps(state, "worker:0")


def test_underpass_links_controlled_mountains_and_all_tunnels():
    state, sax, _ = game("saxony")
    give_mech_abilities(sax, "underpass")
    sax.character = "r6c0"  # a mountain, held by the character
    sax.workers[0] = "r2c4"  # another mountain we control
    start_move(state)
    reach = steps(state, "character")
    assert {"r2c3", "r3c2", "r3c5", "r5c2", "r5c5", "r6c3", "r2c4"} <= reach
    assert "r4c4" not in reach, "an uncontrolled mountain is not linked"


def test_wayfare_reaches_the_own_and_inactive_home_bases_only():
    state, cri, nor = game("crimea", "nordic")
    give_mech_abilities(cri, "wayfare")
    cri.character = "r4c4"
    start_move(state)
    reach = steps(state, "character")
    homes = {h for h in reach if h.startswith("HB-")}
    assert homes == {"HB-crimea", "HB-rusviet", "HB-saxony", "HB-polania", "HB-albion", "HB-togawa"}
    assert "HB-nordic" not in reach


def test_without_wayfare_no_unit_moves_into_a_home_base():
    state, cri, _ = game("crimea", "nordic")
    cri.character = "r7c3"
    start_move(state)
    assert not any(h.startswith("HB-") for h in steps(state, "character"))


def test_submerge_moves_onto_lakes_and_from_any_lake_to_any_other():
    state, pol, _ = game("polania")
    give_mech_abilities(pol, "submerge")
    pol.character = "r3c3"
    start_move(state)
    assert {"r2c2", "r3c4", "r4c2"} <= steps(state, "character")
    pol.character = "r2c2"
    assert LAKES - {"r2c2"} <= steps(state, "character")


def test_seaworthy_moves_onto_adjacent_lakes_but_not_lake_to_lake():
    state, nor, _ = game("nordic", "saxony")
    give_mech_abilities(nor, "seaworthy")
    nor.character = "r3c3"
    start_move(state)
    assert {"r2c2", "r3c4", "r4c2"} <= steps(state, "character")
    nor.character = "r5c4"
    reach = steps(state, "character")
    assert "r5c6" not in reach and "r2c0" not in reach
    assert {"r4c3", "r5c3"} <= reach


def test_workers_may_not_enter_or_leave_a_lake_by_themselves():
    state, nor, _ = game("nordic", "saxony")
    give_mech_abilities(nor, "seaworthy")
    nor.workers[0] = "r3c3"
    nor.workers[1] = "r3c4"  # left on a lake by a mech earlier
    start_move(state)
    assert not steps(state, "worker:0") & LAKES
    # A worker on a lake has nowhere to go, so it is not even offered.
    from scythe_core import legal_actions

    assert "unit:worker:1" not in legal_actions(state)
    assert "unit:worker:0" in legal_actions(state)


def test_a_mech_leaving_a_lake_takes_its_workers_and_resources_along():
    state, nor, _ = game("nordic", "saxony")
    give_mech_abilities(nor, "seaworthy")
    mech = len(nor.mechs) - 1
    nor.mechs[mech] = "r3c3"
    nor.workers[0] = "r3c3"
    state.resources["r3c3"] = {"oil": 1}
    start_move(state)
    play(state, f"unit:mech:{mech}", "load:worker:0", "load:oil", "to:r3c4")
    assert nor.workers[0] == "r3c4" and state.resources == {"r3c4": {"oil": 1}}
    play(state, "done", "skip")
    # Next turn the mech moves off the lake: the worker and the oil must come along.
    from rules_helpers import make_active

    make_active(state, 0)
    nor.last_section = None
    start_move(state)
    play(state, f"unit:mech:{mech}", "to:r4c3")
    assert nor.workers[0] == "r4c3"
    assert state.resources == {"r4c3": {"oil": 1}}


def test_speed_stops_on_entering_enemy_workers():
    state, nor, sax = game("nordic", "saxony")
    give_mech_abilities(nor, "speed")
    nor.character = "r3c3"
    sax.workers[0] = "r4c3"
    start_move(state)
    play(state, "unit:character", "to:r4c3")
    assert nor.character == "r4c3"
    assert state.pending["kind"] == "move", "the character's movement ended at once"


def test_the_last_mech_leaving_a_lake_takes_the_workers_even_if_the_character_stays():
    """Submerge: "nor may a worker move off the lake without the assistance of the mech".
    The character cannot carry workers, so when the last mech leaves a lake the
    workers go with it; otherwise they would be stranded there for good."""
    from scythe_core import legal_actions

    state, pol, _ = game("polania")
    give_mech_abilities(pol, "submerge")
    mech = len(pol.mechs) - 1
    pol.mechs[mech] = pol.character = pol.workers[0] = "r3c4"
    state.resources["r3c4"] = {"wood": 1}
    start_move(state)
    play(state, f"unit:mech:{mech}", "to:r3c3")
    assert pol.workers[0] == "r3c3", "the worker rode off with the mech"
    assert state.resources == {"r3c4": {"wood": 1}}, "the character still holds the wood"
    play(state, "unit:character", "to:r4c3")
    assert state.resources == {"r4c3": {"wood": 1}}, "the last unit off the lake takes it"
    assert "unit:worker:0" not in legal_actions(state)


def test_riverwalk_and_submerge_work_from_the_home_base():
    """Publisher's FAQ: Rusviet's Riverwalk crosses the river from its home base onto
    the farm to the north; Polania's Submerge goes from its home base onto the lake."""
    state, rus, _ = game("rusviet", "saxony")
    start_move(state)
    assert "r2c6" not in steps(state, "character"), "a river without Riverwalk"
    give_mech_abilities(rus, "riverwalk")
    assert "r2c6" in steps(state, "character")

    state, pol, _ = game("polania", "saxony")
    start_move(state)
    assert "r2c0" not in steps(state, "character")
    give_mech_abilities(pol, "submerge")
    assert "r2c0" in steps(state, "character")


def test_wayfare_may_carry_resources_onto_a_home_base():
    """Publisher's FAQ: with Wayfare a character or mech may drop resources on a home
    base; nobody controls a home base, so they cannot be spent from there."""
    state, cri, _ = game("crimea", "saxony")
    give_mech_abilities(cri, "wayfare")
    cri.character = "r4c4"
    state.resources["r4c4"] = {"oil": 2}
    start_move(state)
    play(state, "unit:character", "load:oil", "to:HB-albion")
    assert state.resources == {"r4c4": {"oil": 1}, "HB-albion": {"oil": 1}}
    assert state.controlled_resources(0)["oil"] == 0
