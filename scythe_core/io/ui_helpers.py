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

from ..automa.gains import STAR_CARD
from ..data.automa_cards import star_spaces
from ..data.board import BOARD_HEXES, reading_order_key
from ..data.components import (
    AUTOMA_STAR_GOALS,
    BOTTOM_COST_RESOURCE,
    FACTIONS,
    RECRUIT_ONGOING_BONUS,
    RESOURCES,
    STAR_CATEGORIES,
    STAR_GOALS,
    STRUCTURE_UNDER,
    TOP_ACTION_COINS,
    TOP_SLOTS,
    bottom_slots,
    mat_section,
)
from ..model.actions import parse_unit
from ..model.state import GameState
from ..rules.bottom_actions import recruit_bonus_receivers
from ..rules.combat import COMBAT_STAR_LIMIT, combat_star_limit
from ..rules.economy import bottom_cost_for, produce_cost_for, top_slot_amount
from ..rules.objectives import objective_star_limit
from ..rules.scoring import score_breakdown


def top_cost(top: str, workers_on_board: int) -> dict[str, int]:
    """What a top action costs now (only the amounts above zero), as the rules charge it."""
    if top == "produce":
        cost = produce_cost_for(workers_on_board)
    else:
        cost = {"coins": TOP_ACTION_COINS.get(top, 0)}
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
    mat = player["mat"]
    on_board = sum(1 for w in player["workers"] if w is not None)
    rows = []
    for index in range(4):
        top, bottom, _, _, coins = mat_section(mat, index)
        cubes = player["upgraded_bottom"].get(bottom, 0)
        amounts = {
            slot: top_slot_amount(slot, player["upgraded_top"])
            for slot, (action, _, _) in TOP_SLOTS.items()
            if action == top
        }
        rows.append(
            {
                "index": index,
                "top": top,
                "top_cost": top_cost(top, on_board),
                "top_amounts": amounts,
                "upgraded": [slot for slot in amounts if slot in player["upgraded_top"]],
                "bottom": bottom,
                "cost": {BOTTOM_COST_RESOURCE[bottom]: bottom_cost_for(mat, bottom, cubes)},
                "cubes": cubes,
                "cube_slots": bottom_slots(mat, bottom),
                "coins": coins,
                "structure": STRUCTURE_UNDER[top],
                "built": STRUCTURE_UNDER[top] in player["structures"],
                "recruit": bottom in player["recruits"],
                "recruit_bonus": RECRUIT_ONGOING_BONUS[bottom],
            }
        )
    return rows


def star_track(player: dict) -> dict[str, tuple[int, bool]]:
    """The star categories a player can place stars in, in track order (a player dict
    from ``player_view``), each as (spaces, no limit): the most stars the rules let it
    place there, and True where there is no limit (Saxony's combats; then the spaces are
    the usual limit).

    Every star goal earns one star; combats and objectives follow the rules' own limits.
    The Automa earns only its goal stars, combat stars and the stars of its star card.
    """
    faction = player["faction"]
    automa = player["controller"] == "automa"
    track: dict[str, tuple[int, bool]] = {}
    for category in STAR_CATEGORIES:
        if category == "combat":
            limit = combat_star_limit(faction, automa)
            track[category] = (COMBAT_STAR_LIMIT, True) if limit is None else (limit, False)
        elif category == "objective":
            if not automa:
                track[category] = (objective_star_limit(faction), False)
        elif category in (AUTOMA_STAR_GOALS if automa else STAR_GOALS):
            track[category] = (1, False)
    if automa:
        track[STAR_CARD] = (len(star_spaces(player["level"])), False)
    return track


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
    """Seats that gain the ongoing recruit bonus when ``seat`` takes ``bottom``, in the
    order the rules pay them (``bottom_actions.recruit_bonus_receivers``; a ``player_view``
    dict): the seat, its left and right neighbours, each once, with a recruit under it.
    """
    recruits = {p["seat"]: p["recruits"] for p in view["players"]}
    enlisted_from = view.get("turn", {}).get("enlisted_from")
    return recruit_bonus_receivers(view["clockwise"], seat, recruits, bottom, enlisted_from)


def score_estimate(state: GameState) -> list[dict]:
    """Every seat's score if the game ended now (public facts only), in seat order."""

    return [score_breakdown(state, p.seat) for p in state.players]


def resources_held(state: GameState, seat: int) -> dict[str, list[tuple[str, int]]]:
    """The resources a seat may spend now: those on territories it controls, by type
    (in ``RESOURCES`` order), each with where it lies, in reading order of the hexes.

    >>> from scythe_core import new_game
    >>> state = new_game({"seed": 7, "seats": [{"faction": "nordic"}, {}]})
    >>> state.resources["r1c4"] = {"oil": 2, "wood": 1}
    >>> resources_held(state, 0)
    {'oil': [('r1c4', 2)], 'wood': [('r1c4', 1)]}
    """
    held: dict[str, list[tuple[str, int]]] = {}
    control = state.control_map()
    for hid in sorted(state.resources, key=reading_order_key):
        if control.get(hid) != seat:
            continue
        for resource, n in state.resources[hid].items():
            if n:
                held.setdefault(resource, []).append((hid, n))
    return {r: held[r] for r in RESOURCES if r in held}


def territory_control(state: GameState) -> dict[str, int | None]:
    """Who controls each hex of the board (territories and lakes, not home bases), in
    reading order: the seat, or None (``GameState.control_map``, worked out once). Public
    facts: where units and structures stand.

    >>> from scythe_core import new_game
    >>> state = new_game({"seed": 7, "seats": [{"faction": "nordic"}, {}]})
    >>> control = territory_control(state)
    >>> len(control), [hid for hid, seat in control.items() if seat == 0]
    (47, ['r1c4', 'r1c5'])
    >>> control["r4c3"] is None  # the Factory, empty
    True
    """
    control = state.control_map()
    return {hid: control.get(hid) for hid in sorted(BOARD_HEXES, key=reading_order_key)}


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
    "star_track",
    "top_cost",
]


def _set_unit(player: dict, uid: str, hid: str | None) -> None:
    kind, i = parse_unit(uid)
    if i is None:
        player["character"] = hid
        return
    units = player["mechs" if kind == "mech" else "workers"]
    if i < len(units):
        units[i] = hid


def rewind_view(view: dict, entries: list) -> dict:
    """A copy of ``view`` as the board stood before the log ``entries`` happened.

    Undoes, last entry first, the unit moves (``moves``: ``[seat, unit, from, to]``)
    and resource removals (``hex`` + ``removed``) that the Automa's explanation lines
    record, and the encounter tokens its character took (``encounter_token_removed``),
    so a page can show an Automa turn one line at a time. Entries without those facts
    change nothing; a mech or worker that had not come onto the board yet is given no
    hex."""
    players = [
        {**p, "mechs": list(p["mechs"]), "workers": list(p["workers"])} for p in view["players"]
    ]
    resources = {hid: dict(bucket) for hid, bucket in view["resources"].items()}
    tokens = list(view.get("encounter_tokens", ()))
    for entry in reversed(entries):
        if entry.get("code") == "encounter_token_removed":
            tokens.append(entry["params"]["hex"])
        for seat, uid, origin, _dest in entry.get("moves", ()):
            _set_unit(players[seat], uid, origin)
        removed = entry.get("removed")
        if removed:
            bucket = resources.setdefault(entry["hex"], {})
            for name, n in removed.items():
                bucket[name] = bucket.get(name, 0) + n
    rewound = {**view, "players": players, "resources": resources}
    if "encounter_tokens" in view:
        rewound["encounter_tokens"] = sorted(tokens, key=reading_order_key)
    return rewound
