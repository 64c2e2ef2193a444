"""Imagined games written as bytes, to compare them: whether a search has met a
part-turn's game before (:func:`part_turn_key`) or the position it judges
(:func:`evaluation_key`)."""

from __future__ import annotations

import marshal
from dataclasses import fields
from operator import attrgetter

from ..model.state import GameState, Player

#: The ``marshal`` format of part-turn keys: 2, the last without references by identity.
MARSHAL_VERSION = 2

#: Values of positions already judged in one search, by :func:`evaluation_key` (one
#: seat's, by one set of weights).
Judged = dict[bytes, float]


#: A seat's every field, in the order of the dataclass (its values alone are written
#: into a key: the names would take half of it).
SEAT_VALUES = attrgetter(*(f.name for f in fields(Player)))


def evaluation_key(state: GameState) -> bytes:
    """Everything :func:`.evaluate.evaluate` reads of a game that is not over (the
    seats, the resources on the board, the encounter tokens, and whose turn it is: it
    decides who controls a territory two factions share), written as
    :func:`part_turn_key` writes. A search meets the same position again at another
    decision (a part-turn past its last decision and the same turn ended) about one
    time in four, mostly where a judgement is quick; judged once, the search takes
    a fortieth less time."""
    return marshal.dumps(
        (
            [SEAT_VALUES(player) for player in state.players],
            state.resources,
            state.encounter_tokens,
            state.turn_order[state.turn_index],
        ),
        MARSHAL_VERSION,
    )


def part_turn_key(state: GameState, evaluated: bytes | None = None) -> bytes:
    """Everything of an imagined game that decides how a turn can go on from it (not
    its record: the log is read back only for workers forced out by a combat this turn,
    and a position after a combat never equals one before it), as a comparable value:
    written by ``marshal`` at its version 2, which writes equal JSON-like data as
    equal bytes (later versions refer back to an object seen before, by identity) and
    is eight times as fast as ``repr``, which it replaces (a search writes thousands
    of keys a turn). The seats, resources and encounter tokens go in as their
    :func:`evaluation_key` (``evaluated``, when known), written once for both."""
    return marshal.dumps(
        (
            state.pending,
            state.flow,
            state.turn,
            evaluation_key(state) if evaluated is None else evaluated,
            state.combat_deck,
            state.combat_discard,
            state.factory_deck,
            state.objective_deck,
            state.encounter_deck,
            state.turn_index,
            state.round,
            state.turns_taken,
            state.rng,
        ),
        MARSHAL_VERSION,
    )


__all__ = ["MARSHAL_VERSION", "Judged", "evaluation_key", "part_turn_key"]
