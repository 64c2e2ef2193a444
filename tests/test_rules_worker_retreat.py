"""Enemy workers alone on a territory retreat once the whole Move is over."""

from rules_helpers import make_game, section_of_top

from scythe_core import legal_actions
from scythe_core.engine import apply_in_place


def game():
    state = make_game("nordic", "saxony", seed=3)
    return state, section_of_top(state.players[0], "move")


def test_workers_retreat_after_the_move_and_cost_one_popularity_each():
    state, move = game()
    a, d = state.players
    a.character = "r4c4"
    a.workers[0] = "r3c3"
    d.workers[0] = d.workers[1] = "r4c3"
    state.resources["r4c3"] = {"oil": 2}
    a.popularity = 5
    apply_in_place(state, f"section:{move}")
    apply_in_place(state, "move")
    apply_in_place(state, "unit:character")
    apply_in_place(state, "to:r4c3")
    # Mid-move the enemy workers are still there: our own worker may not join.
    assert d.workers[:2] == ["r4c3", "r4c3"]
    assert "r4c3" not in _steps(state, "worker:0")
    apply_in_place(state, "done")
    assert d.workers[:2] == [d.home, d.home]
    assert a.popularity == 3
    assert state.resources["r4c3"] == {"oil": 2}
    assert state.territory_controller("r4c3") == 0


def test_popularity_does_not_go_below_zero_but_workers_still_retreat():
    state, move = game()
    a, d = state.players
    a.character = "r4c4"
    d.workers[0] = "r4c3"
    a.popularity = 0
    character_moves_onto(state, move, "r4c3")
    assert d.workers[0] == d.home
    assert a.popularity == 0


def character_moves_onto(state, move_section, target):
    """Seat 0 takes its Move, steps the character onto target and ends the Move."""
    for action in (f"section:{move_section}", "move", "unit:character", f"to:{target}", "done"):
        apply_in_place(state, action)


def _steps(state, uid):
    from scythe_core import apply

    after = apply(state, f"unit:{uid}")
    return [a[3:] for a in legal_actions(after) if a.startswith("to:")]


def test_camaraderie_spares_popularity_when_workers_are_driven_out_without_combat():
    # Rulebook (NL), Kameraadschap: it applies every time the character or mechs
    # force an opponent's workers to retreat during one's turn.
    state = make_game("polania", "saxony", seed=3)
    move = section_of_top(state.players[0], "move")
    a, d = state.players
    a.mech_abilities, a.mechs = [2], ["r4c4"]  # Camaraderie
    a.character = "r4c4"
    d.workers[0] = "r4c3"
    a.popularity = 5
    character_moves_onto(state, move, "r4c3")
    assert d.workers[0] == d.home
    assert a.popularity == 5
