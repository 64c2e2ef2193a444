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

from importlib import import_module
from typing import TYPE_CHECKING

__version__ = "0.1.0"

#: Public name -> the module that defines it. They are imported on first use, so a
#: page that only draws the board (``scythe_core.data.board``) does not load the engine.
_EXPORTS = {
    "apply": "engine",
    "apply_in_place": "engine",
    "legal_actions": "engine",
    "to_move": "engine",
    "RecordError": "io.untrusted",
    "parse_json": "io.untrusted",
    "from_json": "io.records",
    "record": "io.records",
    "replay": "io.records",
    "to_json": "io.records",
    "SetupError": "setup",
    "check_setup": "setup",
    "new_game": "setup",
    "GameState": "model.state",
    "IllegalActionError": "model.state",
    "Player": "model.state",
    "player_view": "io.views",
    "final_scores": "rules.scoring",
}

if TYPE_CHECKING:  # pragma: no cover - for type checkers and editors
    from .engine import apply, apply_in_place, legal_actions, to_move
    from .io.records import from_json, record, replay, to_json
    from .io.untrusted import RecordError, parse_json
    from .io.views import player_view
    from .model.state import GameState, IllegalActionError, Player
    from .rules.scoring import final_scores
    from .setup import SetupError, check_setup, new_game


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module 'scythe_core' has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value  # later lookups skip this function
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])


__all__ = [
    "GameState",
    "IllegalActionError",
    "Player",
    "RecordError",
    "SetupError",
    "apply",
    "apply_in_place",
    "check_setup",
    "final_scores",
    "from_json",
    "legal_actions",
    "new_game",
    "parse_json",
    "player_view",
    "record",
    "replay",
    "to_json",
    "to_move",
]
