"""Building a new game from a plain-JSON config."""

from __future__ import annotations

from .automa.turn import START_TRACKS as AUTOMA_START_TRACKS
from .automa.turn import setup_automas
from .data.automa_cards import LEVELS
from .data.board import ENCOUNTER_SPOTS, land_neighbours, reading_order_key
from .data.cards import deck_cards
from .data.components import (
    BANNED_PAIRS,
    COMBAT_DECK,
    FACTIONS,
    MATS,
    SEATING_ORDER,
    STRUCTURE_BONUS_TILES,
)
from .flow.scheduler import begin_turn
from .model import rng
from .model.state import GameState, Player

CONTROLLERS = ("human", "bot", "automa")


class SetupError(ValueError):
    """A game config that cannot be set up (unknown faction, banned pair, ...)."""


def _check_config(config: dict) -> list[dict]:
    if not isinstance(config, dict):
        raise SetupError("config must be an object")
    seats = config.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= 5:
        raise SetupError("a game has 1 to 5 seats")
    if not isinstance(config.get("seed", 0), int):
        raise SetupError("seed must be an integer")
    for seat in seats:
        if not isinstance(seat, dict):
            raise SetupError("each seat must be an object")
        if seat.get("controller", "human") not in CONTROLLERS:
            raise SetupError(f"unknown controller {seat.get('controller')!r}")
        if seat.get("controller") == "automa" and seat.get("level", "automa") not in LEVELS:
            raise SetupError(f"unknown Automa level {seat.get('level')!r}")
        if seat.get("faction") is not None and seat["faction"] not in FACTIONS:
            raise SetupError(f"unknown faction {seat['faction']!r}")
        if seat.get("mat") is not None and seat["mat"] not in MATS:
            raise SetupError(f"unknown player mat {seat['mat']!r}")
        if (seat.get("faction"), seat.get("mat")) in BANNED_PAIRS:
            raise SetupError(f"{seat['faction']} may not play the {seat['mat']} mat")
    for key in ("faction", "mat"):
        chosen = [s[key] for s in seats if s.get(key)]
        if len(chosen) != len(set(chosen)):
            raise SetupError(f"two seats chose the same {key}")
    return seats


def _deal(state_rng: int, seats: list[dict]) -> tuple[int, list[str], list[str]]:
    """Deal factions and mats to seats that did not choose, re-dealing banned pairs.

    A banned pair is re-dealt as a whole (factions and mats), so a seat that chose
    only its mat is never stuck with a dealt faction banned from that mat.
    """
    chosen_factions = [s.get("faction") for s in seats]
    # The Automa has no player mat ("").
    chosen_mats = ["" if s.get("controller") == "automa" else s.get("mat") for s in seats]
    faction_pool = [f for f in SEATING_ORDER if f not in chosen_factions]
    mat_pool = [m for m in MATS if m not in chosen_mats]
    for _attempt in range(100):
        state_rng, free = rng.shuffled(state_rng, faction_pool)
        factions = [f or free.pop() for f in chosen_factions]
        state_rng, deck = rng.shuffled(state_rng, mat_pool)
        mats = [deck.pop() if m is None else m for m in chosen_mats]
        if not any((f, m) in BANNED_PAIRS for f, m in zip(factions, mats, strict=True)):
            return state_rng, factions, mats
    raise SetupError("no legal deal of player mats exists for these choices")


def new_game(config: dict) -> GameState:
    """Set up a game: deal mats, place pieces, shuffle decks, pick who starts."""
    seats = _check_config(config)
    seed = config.get("seed", 0)
    options = dict(config.get("options") or {})
    r = rng.seed_state(seed)
    r, factions, mats = _deal(r, seats)

    combat = [v for v, n in sorted(COMBAT_DECK.items()) for _ in range(n)]
    r, combat = rng.shuffled(r, combat)
    r, factory = rng.shuffled(r, list(deck_cards("factory", options)))
    factory = factory[: len(seats) + 1]
    r, objectives = rng.shuffled(r, list(deck_cards("objective", options)))
    r, encounters = rng.shuffled(r, list(deck_cards("encounter", options)))
    r, tile = rng.randbelow(r, len(STRUCTURE_BONUS_TILES))

    players = []
    for i, seat in enumerate(seats):
        faction, mat = factions[i], mats[i]
        start_tracks = MATS[mat] if mat else AUTOMA_START_TRACKS
        p = Player(
            seat=i,
            faction=faction,
            mat=mat,
            controller=seat.get("controller", "human"),
            level=seat.get("level"),
            power=FACTIONS[faction]["power"],
            popularity=start_tracks["popularity"],
            coins=start_tracks["coins"],
        )
        p.combat_cards = [combat.pop() for _ in range(FACTIONS[faction]["combat_cards"])]
        if p.controller != "automa":
            p.objectives = [objectives.pop(), objectives.pop()]
        p.character = p.home
        start = sorted(land_neighbours(p.home), key=reading_order_key)
        p.workers = start + [None] * (8 - len(start))
        players.append(p)

    clockwise = sorted(range(len(seats)), key=lambda s: SEATING_ORDER.index(factions[s]))
    # The lowest mat number starts; a human always goes before an Automa.
    first = min(range(len(seats)), key=lambda s: MATS[mats[s]]["number"] if mats[s] else 99)
    start_at = clockwise.index(first)
    turn_order = clockwise[start_at:] + clockwise[:start_at]

    state = GameState(
        seed=seed,
        rng=r,
        options=options,
        players=players,
        turn_order=turn_order,
        clockwise=clockwise,
        structure_bonus=STRUCTURE_BONUS_TILES[tile],
        encounter_tokens=sorted(ENCOUNTER_SPOTS, key=reading_order_key),
        combat_deck=combat,
        factory_deck=factory,
        objective_deck=objectives,
        encounter_deck=encounters,
        setup={"seed": seed, "seats": [dict(s) for s in seats], "options": options},
    )
    setup_automas(state)
    begin_turn(state)
    return state
