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
from .data.options import FLAG, GAME_OPTIONS
from .flow.scheduler import begin_turn
from .model import rng
from .model.state import GameState, Player

CONTROLLERS = ("human", "bot", "automa")
#: Strengths of a ``bot`` seat's policy (``scythe_core.bots``); a bot seat without a
#: level is played by whoever drives it (random playouts, tests).
BOT_LEVELS = ("easy", "normal", "hard")
#: What a config and each of its seats may hold (a newer version may add more).
CONFIG_KEYS = ("seed", "seats", "options")
SEAT_KEYS = ("controller", "level", "faction", "mat")
#: Seeds are 64-bit: up to 2**64 - 1 from the page's random source; older games hold
#: small or negative ones (the generator uses the seed modulo 2**64).
MIN_SEED, SEED_LIMIT = -(2**63), 2**64


class SetupError(ValueError):
    """A game config that cannot be set up (unknown faction, banned pair, ...).

    ``newer`` is true when the config names something this version does not know (a
    faction, a controller, an option, ...): it may come from a newer version.
    """

    def __init__(self, message: str, *, newer: bool = False) -> None:
        super().__init__(message)
        self.newer = newer


def check_setup(config: object) -> list[dict]:
    """The seats of a valid config; SetupError naming what is wrong with any other.

    Checks every key and value (types, ranges, known names) without setting up a game.
    """
    if not isinstance(config, dict):
        raise SetupError("config must be an object")
    _check_keys(config, CONFIG_KEYS, "setting")
    _check_seed(config.get("seed", 0))
    seats = config.get("seats")
    if not isinstance(seats, list) or not 1 <= len(seats) <= 5:
        raise SetupError("a game has 1 to 5 seats")
    for seat in seats:
        _check_seat(seat)
    for key in ("faction", "mat"):
        chosen = [s[key] for s in seats if s.get(key)]
        if len(chosen) != len(set(chosen)):
            raise SetupError(f"two seats chose the same {key}")
    check_options(config.get("options"))
    return seats


def _check_keys(data: dict, known: tuple[str, ...], what: str) -> None:
    for key in data:
        if key not in known:
            raise _unknown(what, key)


def _unknown(what: str, name: object) -> SetupError:
    shown = repr(name) if len(repr(name)) <= 40 else repr(name)[:37] + "..."
    return SetupError(
        f"unknown {what} {shown} (the game may come from a newer version)", newer=True
    )


def _check_seed(seed: object) -> None:
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SetupError("seed must be an integer")
    if not MIN_SEED <= seed < SEED_LIMIT:
        raise SetupError("seed must fit in 64 bits (from -2**63 to 2**64 - 1)")


def _check_seat(seat: object) -> None:
    if not isinstance(seat, dict):
        raise SetupError("each seat must be an object")
    _check_keys(seat, SEAT_KEYS, "seat setting")
    controller = seat.get("controller", "human")
    _check_name(controller, CONTROLLERS, "controller")
    if controller == "bot" and seat.get("level") is not None:
        _check_name(seat["level"], BOT_LEVELS, "bot level")
    elif controller == "automa" or seat.get("level") is not None:
        _check_name(seat.get("level", "automa"), LEVELS, "Automa level")
    for key, known, what in (("faction", FACTIONS, "faction"), ("mat", MATS, "player mat")):
        if seat.get(key) is not None:
            _check_name(seat[key], known, what)
    if (seat.get("faction"), seat.get("mat")) in BANNED_PAIRS:
        raise SetupError(f"{seat['faction']} may not play the {seat['mat']} mat")


def _check_name(name: object, known, what: str) -> None:
    if not isinstance(name, str):
        raise SetupError(f"a seat's {what} must be a name, not {type(name).__name__}")
    if name not in known:
        raise _unknown(what, name)


def check_options(options: object) -> dict:
    """The game options (``{}`` when there are none); SetupError for an unknown name or a
    value of the wrong type or out of range (see ``data.options.GAME_OPTIONS``)."""
    if options is None:
        return {}
    if not isinstance(options, dict):
        raise SetupError("the game options must be an object")
    for name, value in options.items():
        kind = GAME_OPTIONS.get(name) if isinstance(name, str) else None
        if kind is None:
            raise _unknown("game option", name)
        if kind == FLAG and not isinstance(value, bool):
            raise SetupError(f"the game option {name!r} must be true or false")
        if kind != FLAG and not _in_range(value, kind):
            low, high = kind
            raise SetupError(
                f"the game option {name!r} must be a whole number from {low} to {high}"
            )
    return options


def _in_range(value: object, bounds) -> bool:
    low, high = bounds
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


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
    seats = check_setup(config)
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
