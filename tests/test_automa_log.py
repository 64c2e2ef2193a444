"""The Automa's explanation lines carry the unit moves and resource removals they tell
of, so a page can show its turn step by step (``ui_helpers.rewind_view``).

Checked over random solo games: undoing the moves recorded in one Automa turn's log
lines, last first, gives back the board as it stood before that turn.
"""

from __future__ import annotations

import pytest
from rules_helpers import clear_board
from test_automa import automa_turn, solo

from scythe_core import legal_actions, new_game, player_view
from scythe_core.engine import apply_in_place
from scythe_core.io.ui_helpers import rewind_view
from scythe_core.model import rng


def board_of(view: dict) -> dict:
    """What stands where: every unit by seat, and the resources."""
    units = {
        p["seat"]: (p["character"], tuple(p["mechs"]), tuple(p["workers"])) for p in view["players"]
    }
    resources = {h: {r: n for r, n in b.items() if n} for h, b in view["resources"].items()}
    tokens = sorted(view.get("encounter_tokens", ()))
    return {
        "units": units,
        "resources": {h: b for h, b in resources.items() if b},
        "tokens": tokens,
    }


def normalised(board: dict) -> dict:
    """Off-the-board units read the same whichever way they are written ('' / None),
    and a mech not yet deployed is dropped (it has no entry before it comes)."""
    units = {}
    for seat, (character, mechs, workers) in board["units"].items():
        units[seat] = (
            character or None,
            tuple(m for m in mechs if m),
            tuple(w or None for w in workers),
        )
    return {"units": units, "resources": board["resources"], "tokens": board["tokens"]}


def automa_turns(seed: int, seats: list[dict], turns: int):
    """(view before, view after, log lines) of each Automa turn without a combat."""
    state = new_game({"seed": seed, "seats": seats})
    chooser = rng.seed_state(seed)
    found = []
    while not state.game_over and state.turns_taken < turns:
        options = legal_actions(state)
        if options == ["automa:play"]:
            before, start = player_view(state, None), len(state.log)
            apply_in_place(state, "automa:play")
            lines = state.log[start:]
            if not any(e.get("event") == "combat" for e in lines):
                found.append((before, player_view(state, None), lines))
            continue
        chooser, pick = rng.randbelow(chooser, len(options))
        apply_in_place(state, options[pick], check=False)
    return found


def rewound_turns(seed: int) -> int:
    """Rewind every Automa turn of a seeded 3-seat game and compare with the board
    before it (units, resources, encounter tokens); how many tokens the turns took."""
    seats = [
        {"faction": "nordic", "mat": "industrial"},
        {"controller": "automa", "faction": "crimea", "level": "autometta"},
        {"controller": "automa", "faction": "rusviet", "level": "ultimaszyna"},
    ]
    turns = automa_turns(seed, seats, turns=200)
    assert len(turns) > 15
    moved = taken = 0
    for before, after, lines in turns:
        rewound = rewind_view(after, lines)
        assert normalised(board_of(rewound)) == normalised(board_of(before))
        moved += sum(len(e.get("moves", ())) for e in lines)
        taken += sum(e.get("code") == "encounter_token_removed" for e in lines)
    assert moved > 20  # the games did move units, so the check above had work to do
    return taken


@pytest.mark.parametrize("seed", [3, 11, 29])
def test_rewinding_an_automa_turn_gives_back_the_board_before_it(seed):
    rewound_turns(seed)


def test_a_watched_automa_turn_takes_the_encounter_token_after_the_character_arrives():
    # Rewound turns put back the tokens they took, so at "watch" speed the token stays
    # on the board until the line that removes it is shown.
    assert sum(rewound_turns(seed) for seed in (3, 11, 29)) > 0


def test_a_move_line_names_the_unit_and_both_hexes():
    state, human, automa = solo(seed=5)
    clear_board(state)
    automa.character = "r3c5"
    automa_turn(state, 1)
    moves = [m for e in state.log if e.get("event") == "automa" for m in e.get("moves", ())]
    assert moves, "the Automa moved something"
    for seat, uid, origin, dest in moves:
        assert seat == automa.seat
        assert uid == "character" or uid.split(":")[0] in ("mech", "worker")
        assert origin != dest


def test_rewind_restores_removed_resources_and_leaves_the_view_alone():
    view = {
        "players": [{"seat": 0, "character": "r2c2", "mechs": ["r2c2"], "workers": [None]}],
        "resources": {"r2c2": {"oil": 1}},
    }
    lines = [
        {"event": "automa", "moves": [[0, "character", "r1c1", "r2c2"]]},
        {"event": "automa", "hex": "r2c2", "removed": {"oil": 2, "wood": 1}},
        {"event": "automa", "moves": [[0, "worker:0", None, "HB-x"]]},
    ]
    rewound = rewind_view(view, lines)
    assert rewound["players"][0]["character"] == "r1c1"
    assert rewound["resources"]["r2c2"] == {"oil": 3, "wood": 1}
    assert view["players"][0]["character"] == "r2c2", "the view itself is not changed"
    assert view["resources"]["r2c2"] == {"oil": 1}
    assert rewind_view(view, lines[2:])["players"][0]["workers"] == [None]
