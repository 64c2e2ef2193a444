"""Enemy workers alone on a territory retreat once the whole Move is over."""

from scythe_core import legal_actions, new_game
from scythe_core.data import MATS
from scythe_core.engine import apply_in_place


def game():
    state = new_game(
        {
            "seed": 3,
            "seats": [
                {"faction": "nordic", "mat": "mechanical"},
                {"faction": "saxony", "mat": "engineering"},
            ],
        }
    )
    state.turn_index = state.turn_order.index(0)
    state.pending = {"seat": 0, "kind": "section"}
    move = [t for t, *_ in MATS["mechanical"]["sections"]].index("move")
    return state, move


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
    apply_in_place(state, f"section:{move}")
    apply_in_place(state, "move")
    apply_in_place(state, "unit:character")
    apply_in_place(state, "to:r4c3")
    apply_in_place(state, "done")
    assert d.workers[0] == d.home
    assert a.popularity == 0


def _steps(state, uid):
    from scythe_core import apply

    after = apply(state, f"unit:{uid}")
    return [a[3:] for a in legal_actions(after) if a.startswith("to:")]
