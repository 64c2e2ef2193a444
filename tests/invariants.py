"""Per-step invariants of a game, shared by the playout tests and ``bench/soak.py``.

Every check raises :class:`InvariantViolation` (an ``AssertionError``, so pytest
reports it as a failure) with a message naming what broke. The checks use explicit
``raise`` rather than ``assert``, so they also hold under ``python -O``.

- ``check_state(state)``: counts and ranges that hold after every decision (8
  workers, at most 4 mechs/structures, 6 stars, the combat cards all accounted for,
  power/popularity/coins in range, pieces on real hexes, one structure per
  territory, no empty resource piles, the turn order a permutation of the seats).
- ``check_options(state, options)``: a game that is not over offers at least one
  choice, sorted and without duplicates.
- ``check_probe(state, options)``: every listed choice applies, and ``apply``
  leaves its input unchanged.
- ``check_finished(state)``: a finished game offers nothing and someone has 6 stars.
"""

from __future__ import annotations

from scythe_core import IllegalActionError, apply, legal_actions, to_json
from scythe_core.data.board import TERRAIN, TERRITORIES
from scythe_core.data.components import COMBAT_DECK
from scythe_core.model.units import ON_MAT

TOTAL_COMBAT_CARDS = sum(COMBAT_DECK.values())
HEXES = frozenset(TERRAIN)
BUILDABLE = frozenset(TERRITORIES)


class InvariantViolation(AssertionError):
    """A rule of the game that a state (or the engine's answer about it) breaks."""


def require(condition: object, message: str) -> None:
    if not condition:
        raise InvariantViolation(message)


def check_state(state) -> None:
    """Raise InvariantViolation unless ``state`` keeps every per-step invariant."""
    cards = len(state.combat_deck) + len(state.combat_discard)
    seats = len(state.players)
    for p in state.players:
        who = f"seat {p.seat} ({p.faction})"
        require(len(p.workers) == 8, f"{who} has {len(p.workers)} workers, not 8")
        require(
            len(p.mechs) == len(p.mech_abilities) <= 4,
            f"{who}: {len(p.mechs)} mechs, {len(p.mech_abilities)} mech abilities (at most 4)",
        )
        require(len(p.structures) <= 4, f"{who} has {len(p.structures)} structures")
        require(
            len(set(p.structures.values())) == len(p.structures),
            f"{who} has two structures on one territory",
        )
        require(p.star_count <= 6, f"{who} has {p.star_count} stars")
        require(all(n >= 0 for n in p.stars.values()), f"{who} has a negative star count")
        require(0 <= p.power <= 16, f"{who} has power {p.power}")
        require(0 <= p.popularity <= 18, f"{who} has popularity {p.popularity}")
        require(p.coins >= 0, f"{who} has {p.coins} coins")
        require(len(p.upgraded_top) <= 6, f"{who} has {len(p.upgraded_top)} top upgrades")
        on_mat_ok = p.controller == "automa"  # a beaten Automa's character goes to its mat
        require(
            p.character in HEXES or (on_mat_ok and p.character == ON_MAT),
            f"{who}'s character is at {p.character!r}",
        )
        for unit in p.mechs:
            require(unit in HEXES, f"{who} has a mech at {unit!r}")
        for unit in p.workers:
            require(unit is None or unit in HEXES, f"{who} has a worker at {unit!r}")
        for name, hid in p.structures.items():
            require(hid in BUILDABLE, f"{who}'s {name} stands on {hid!r}")
        cards += len(p.combat_cards)
    require(
        cards == TOTAL_COMBAT_CARDS,
        f"{cards} combat cards in play, not {TOTAL_COMBAT_CARDS}",
    )
    built = [h for p in state.players for h in p.structures.values()]
    require(len(built) == len(set(built)), "two structures on one territory")
    for hid, bucket in state.resources.items():
        require(hid in HEXES, f"resources on {hid!r}")
        require(all(n > 0 for n in bucket.values()), f"an empty resource pile on {hid}")
    require(
        sorted(state.turn_order) == list(range(seats)),
        f"turn order {state.turn_order} is not the {seats} seats",
    )
    if not state.game_over:
        seat = state.pending.get("seat")
        require(
            isinstance(seat, int) and 0 <= seat < seats,
            f"the pending decision names seat {seat!r}",
        )


def check_options(state, options: list[str]) -> None:
    """The choices ``legal_actions`` offered for a game that is not over."""
    require(options, f"no legal action at {state.pending}")
    require(options == sorted(options), f"legal actions not sorted at {state.pending}")
    require(len(set(options)) == len(options), f"a legal action listed twice at {state.pending}")


def check_probe(state, options: list[str], limit: int = 25) -> None:
    """Every listed choice (the first ``limit``) applies, and leaves ``state`` unchanged."""
    before = to_json(state)
    for option in options[:limit]:
        try:
            apply(state, option)
        except IllegalActionError as exc:
            raise InvariantViolation(f"listed action {option!r} does not apply: {exc}") from exc
    require(to_json(state) == before, f"apply changed its input at {state.pending}")


def check_finished(state) -> None:
    require(state.game_over, "the game is not over")
    require(legal_actions(state) == [], "a finished game still offers choices")
    top = max(p.star_count for p in state.players)
    require(top == 6, f"the game ended with at most {top} stars on a seat")
