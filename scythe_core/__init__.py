"""scythe_core: a pure-Python rules engine for the board game Scythe.

>>> from scythe_core import new_game, legal_actions, apply
>>> state = new_game({"seed": 7, "seats": [{"faction": "nordic", "mat": "industrial"},
...                                       {"faction": "saxony", "mat": "engineering"}]})
>>> legal_actions(state)
['section:0', 'section:1', 'section:2', 'section:3']
>>> state = apply(state, "section:2")
>>> state.pending["kind"], state.pending["action"]
('top', 'move')
"""

from __future__ import annotations

from .engine import apply, apply_in_place, legal_actions, to_move
from .records import RecordError, from_json, record, replay, to_json
from .setup import SetupError, new_game
from .state import GameState, IllegalActionError, Player
from .views import player_view

__version__ = "0.1.0"


def final_scores(state: GameState) -> list[dict]:
    """End-game scores per seat, best first, with the tie-breakers applied."""
    from .scoring import final_scores as _final_scores

    return _final_scores(state)


__all__ = [
    "GameState",
    "IllegalActionError",
    "Player",
    "RecordError",
    "SetupError",
    "apply",
    "apply_in_place",
    "final_scores",
    "from_json",
    "legal_actions",
    "new_game",
    "player_view",
    "record",
    "replay",
    "to_json",
    "to_move",
]
