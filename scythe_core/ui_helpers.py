"""Read-only helpers for a user interface: what a mat shows now, scores so far, undo limits.

None of these changes a state or decides a move; they restate public facts so a page
need not know the rules behind them.

>>> from scythe_core import new_game, player_view
>>> state = new_game({"seed": 7, "seats": [{"faction": "nordic", "mat": "industrial"}]})
>>> row = mat_sections(player_view(state, 0)["players"][0])[0]
>>> row["top"], row["bottom"], row["cost"], row["coins"]
('bolster', 'upgrade', {'oil': 3}, 3)
"""

from __future__ import annotations

from .data import (
    BOTTOM_COST_RESOURCE,
    FACTIONS,
    PRODUCE_COST_STEPS,
    RECRUIT_ONGOING_BONUS,
    STRUCTURE_UNDER,
    TOP_SLOTS,
    mat_section,
)
from .scoring import score_breakdown
from .state import GameState

#: What the top actions cost besides the produce track cost.
_TOP_COST = {"trade": {"coins": 1}, "bolster": {"coins": 1}}


def _produce_cost(workers_on_board: int) -> dict[str, int]:
    cost: dict[str, int] = {}
    for threshold, power, popularity, coins in PRODUCE_COST_STEPS:
        if workers_on_board >= threshold:
            cost = {"power": power, "popularity": popularity, "coins": coins}
    return {k: v for k, v in cost.items() if v}


def mat_sections(player: dict) -> list[dict]:
    """A player mat's four sections as they stand (a player dict from ``player_view``).

    Each row: ``top`` action, ``top_cost``, ``top_amounts`` (slot -> amount now),
    ``bottom`` action, ``cost`` (resource -> count now), ``cubes``/``cube_slots`` on the
    bottom action, ``coins`` it pays, ``structure`` built from it and ``built``,
    ``recruit`` (enlisted under it) and ``recruit_bonus`` (its ongoing bonus).
    The Automa has no mat: an empty list.
    """
    if not player.get("mat"):
        return []
    on_board = sum(1 for w in player["workers"] if w is not None)
    rows = []
    for index in range(4):
        top, bottom, base, low, coins = mat_section(player["mat"], index)
        cubes = player["upgraded_bottom"].get(bottom, 0)
        amounts = {
            slot: upgraded if slot in player["upgraded_top"] else first
            for slot, (action, first, upgraded) in TOP_SLOTS.items()
            if action == top
        }
        rows.append(
            {
                "index": index,
                "top": top,
                "top_cost": _produce_cost(on_board) if top == "produce" else _TOP_COST.get(top, {}),
                "top_amounts": amounts,
                "upgraded": [slot for slot in amounts if slot in player["upgraded_top"]],
                "bottom": bottom,
                "cost": {BOTTOM_COST_RESOURCE[bottom]: base - cubes},
                "cubes": cubes,
                "cube_slots": base - low,
                "coins": coins,
                "structure": STRUCTURE_UNDER[top],
                "built": STRUCTURE_UNDER[top] in player["structures"],
                "recruit": bottom in player["recruits"],
                "recruit_bonus": RECRUIT_ONGOING_BONUS[bottom],
            }
        )
    return rows


def faction_abilities(player: dict) -> list[dict]:
    """The faction ability and the four mech abilities, with which mechs unlocked them."""
    faction = FACTIONS[player["faction"]]
    rows = [{"name": faction["ability"], "kind": "faction", "unlocked": True}]
    rows += [
        {"name": name, "kind": "mech", "unlocked": i in player["mech_abilities"]}
        for i, name in enumerate(faction["mechs"])
    ]
    return rows


def recruit_bonus_seats(view: dict, seat: int, bottom: str) -> list[int]:
    """Seats that gain the ongoing recruit bonus when ``seat`` takes ``bottom``.

    The seat itself, then its left and right neighbours, each once, if they have
    enlisted a recruit under that bottom action (a ``player_view`` dict).
    """
    clockwise = view["clockwise"]
    i = clockwise.index(seat)
    n = len(clockwise)
    seats = []
    for s in (seat, clockwise[(i + 1) % n], clockwise[(i - 1) % n]):
        if s not in seats and bottom in view["players"][s]["recruits"]:
            seats.append(s)
    return seats


def score_estimate(state: GameState) -> list[dict]:
    """Every seat's score if the game ended now (public facts only), in seat order."""

    return [score_breakdown(state, p.seat) for p in state.players]


_DECKS = ("combat_deck", "objective_deck", "encounter_deck", "factory_deck")


def reveals_hidden_information(before: GameState, after: GameState) -> bool:
    """True when going from ``before`` to ``after`` showed something that was secret.

    A card drawn from a deck, a shuffle or random pick, a combat revealed, a Factory
    card choice or an Automa card turned: undo must never go back past such a step.
    """
    if before.rng != after.rng:
        return True
    if any(len(getattr(before, d)) != len(getattr(after, d)) for d in _DECKS):
        return True
    if len(before.combat_discard) != len(after.combat_discard):
        return True
    if after.pending.get("kind") == "factory_pick":
        return True
    secret_events = ("combat", "automa", "encounter", "factory_card", "scout", "peek")
    return any(e.get("event") in secret_events for e in after.log[len(before.log) :])


__all__ = [
    "faction_abilities",
    "mat_sections",
    "recruit_bonus_seats",
    "reveals_hidden_information",
    "score_estimate",
]


def _set_unit(player: dict, uid: str, hid: str | None) -> None:
    if uid == "character":
        player["character"] = hid
        return
    kind, index = uid.split(":")
    units = player["mechs" if kind == "mech" else "workers"]
    i = int(index)
    if i < len(units):
        units[i] = hid


def rewind_view(view: dict, entries: list) -> dict:
    """A copy of ``view`` as the board stood before the log ``entries`` happened.

    Undoes, last entry first, the unit moves (``moves``: ``[seat, unit, from, to]``)
    and resource removals (``hex`` + ``removed``) that the Automa's explanation lines
    record, so a page can show an Automa turn one line at a time. Entries without
    those facts change nothing; a mech or worker that had not come onto the board yet
    is given no hex."""
    players = [
        {**p, "mechs": list(p["mechs"]), "workers": list(p["workers"])} for p in view["players"]
    ]
    resources = {hid: dict(bucket) for hid, bucket in view["resources"].items()}
    for entry in reversed(entries):
        for seat, uid, origin, _dest in entry.get("moves", ()):
            _set_unit(players[seat], uid, origin)
        removed = entry.get("removed")
        if removed:
            bucket = resources.setdefault(entry["hex"], {})
            for name, n in removed.items():
                bucket[name] = bucket.get(name, 0) + n
    return {**view, "players": players, "resources": resources}
