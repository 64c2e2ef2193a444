"""Snapshots (whole state as JSON) and records (setup + decisions, replayed)."""

from __future__ import annotations

import json

from ..engine import apply_in_place, legal_actions
from ..model.actions import parse_number, verb_of
from ..model.state import GameState, IllegalActionError, state_from_dict, state_to_dict
from ..setup import SetupError, new_game

SNAPSHOT_FORMAT = 1
RECORD_FORMAT = 1
#: "0.2": a territory with a choice on the mat's Produce asks how much it produces
#: (``amount:N``); "0.3": a card's Produce asks too (``amount:N``, ``workers:N``), and a
#: recruit enlisted from the Enlist section pays its ongoing bonus from the next Enlist.
RULES_VERSION = "0.3"
#: Rules versions whose records may skip that question where every worker produced.
ALL_WORKERS_PRODUCE = ("0.1", "0.2")


class RecordError(ValueError):
    """A snapshot or record that cannot be read or replayed."""


def to_json(state: GameState) -> str:
    """The whole state as a JSON string (for debugging and fixtures)."""
    return json.dumps({"format": SNAPSHOT_FORMAT, "state": state_to_dict(state)}, sort_keys=True)


def from_json(text: str) -> GameState:
    try:
        data = json.loads(text)
        if data.get("format") != SNAPSHOT_FORMAT:
            raise RecordError(f"unsupported snapshot format {data.get('format')!r}")
        return state_from_dict(data["state"])
    except RecordError:
        raise
    except (ValueError, KeyError, TypeError, AttributeError) as exc:
        raise RecordError(f"not a valid snapshot: {exc}") from exc


def record(state: GameState) -> dict:
    """Setup and decisions: everything needed to rebuild the game."""
    return {
        "format": RECORD_FORMAT,
        "rules": RULES_VERSION,
        "setup": state.setup,
        "actions": list(state.history),
    }


def replay(rec: dict) -> GameState:
    """Rebuild a game from its record, checking every decision's legality."""

    if not isinstance(rec, dict) or rec.get("format") != RECORD_FORMAT:
        raise RecordError("unsupported or missing record format")
    actions = rec.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("record actions must be a list of strings")
    try:
        state = new_game(rec.get("setup"))
    except SetupError as exc:
        raise RecordError(f"bad setup: {exc}") from exc
    for i, action in enumerate(actions):
        try:
            apply_decision(state, action, rec.get("rules"))
        except IllegalActionError as exc:
            raise RecordError(f"decision {i + 1} ({action!r}) is not legal: {exc}") from exc
    return state


def apply_decision(state: GameState, action: str, rules: object) -> None:
    """Apply one recorded decision, written under the rules version ``rules``.

    Records of rules 0.1 never say how much a territory produces, those of 0.2 only
    for the mat's Produce (every worker did): when such a record's next decision does
    not fit that question, the full amount is answered first, so old saves and links
    still open. (A 0.1/0.2 game in which a recruit was enlisted from the Enlist section
    replays under the corrected bonus rule; if that changes a later card draw, the
    replay stops with a clear error.)"""

    try:
        apply_in_place(state, action)
    except IllegalActionError:
        pending = state.pending
        if rules not in ALL_WORKERS_PRODUCE or pending.get("kind") != "produce_amounts":
            raise
        amounts = [a for a in legal_actions(state) if verb_of(a) in ("amount", "workers")]
        if not amounts:
            raise
        apply_in_place(state, max(amounts, key=parse_number))
        apply_decision(state, action, rules)
