"""Objective cards: conditions, and revealing a met objective for a star.

Each player holds two secret objective cards. At any decision of one's own turn
the player may reveal a card whose condition holds at that moment
("objective:<n>"): one star goes on the objective space and both cards go to
the bottom of the objective deck (index 0; the end of the list is its top).
Saxony (Dominate) keeps the other card and may complete it too. Revealing never
changes the pending decision, so the interrupted decision simply continues.

The conditions are data in :data:`scythe_core.cards.OBJECTIVES`: clauses
``(stat, comparison, value)`` over the small named stats below.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable
from operator import attrgetter

from ..data.board import ADJACENT, FACTORY, LAKES, TERRAIN
from ..data.cards import OBJECTIVES
from ..data.components import FACTIONS, PRODUCTION, RESOURCES
from ..model.actions import is_objective_reveal, parse_number
from ..model.seats import has_faction_ability, seat_rules
from ..model.state import GameState, Player
from .economy import place_star

COMPARE = {">=": operator.ge, "<=": operator.le, "==": operator.eq}

MAIN_TERRAINS = tuple(PRODUCTION)

# --- stats -------------------------------------------------------------------


def _controlled(state: GameState, player: Player) -> list[str]:
    return state.controlled_territories(player.seat)


def _territory(hid: str) -> bool:
    """Lakes are territories too (rulebook: "Meren zijn gebieden"); home bases are not.

    So a lake held by a Seaworthy or Submerge mech counts for "territories next to the
    Factory" (17) and pieces or workers standing on a lake count for 13, 16 and 24.
    """
    return TERRAIN[hid] != "home"


def control_count(state: GameState, player: Player, what: str) -> int:
    """Controlled territories of a terrain, or "tunnel" (printed tunnels), or "factory"."""
    return state.controlled_terrains(player.seat).get(what, 0)


def highest_power(state: GameState, player: Player) -> int:
    return int(all(player.power >= p.power for p in state.players))


def workers_forced_out(state: GameState, player: Player) -> int:
    """Enemy workers this player made retreat during the current turn."""
    if state.active_seat != player.seat:
        return 0
    start = state.turn.get("log_start", len(state.log))
    return sum(
        entry.get("count", 1)
        for entry in state.log[start:]
        if entry.get("event") == "worker_retreat" and entry.get("seat") == player.seat
    )


def stockpile(state: GameState, player: Player) -> int:
    """The most resources on one controlled territory that holds every resource type."""
    best = 0
    for hid in _controlled(state, player):
        bucket = state.resources_at(hid)
        if all(bucket.get(r) for r in RESOURCES):
            best = max(best, sum(bucket.values()))
    return best


def pieces_on_one_territory(state: GameState, player: Player) -> int:
    """The most of the player's pieces (character, workers, mechs, structures) on a territory."""
    spots = {player.character, *player.mechs, *player.structures.values()}
    spots.update(w for w in player.workers if w)
    built = list(player.structures.values())
    return max(
        (player.units_at(h) + built.count(h) for h in spots if _territory(h)),
        default=0,
    )


def wolf_territories(state: GameState, player: Player) -> int:
    """Controlled territories with the character, exactly 1 mech, 1 worker and 5+ resources."""
    hid = player.character
    ok = (
        _territory(hid)
        and state.territory_controller(hid) == player.seat
        and player.mechs.count(hid) == 1
        and player.workers.count(hid) == 1
        and sum(state.resources_at(hid).values()) >= 5
    )
    return int(ok)


def _next_to_factory() -> tuple[str, ...]:
    return NEXT_TO_FACTORY


#: The territories next to the Factory.
NEXT_TO_FACTORY = tuple(h for h in ADJACENT[FACTORY] if _territory(h))
#: Per lake, the territories around it.
LAKE_SHORES = tuple(frozenset(h for h in ADJACENT[lake] if _territory(h)) for lake in LAKES)


def control_next_to_factory(state: GameState, player: Player) -> int:
    near = NEXT_TO_FACTORY
    return sum(1 for h in _controlled(state, player) if h in near)


def most_around_one_lake(state: GameState, player: Player) -> int:
    """Remembered with the position (it follows from control alone)."""

    def work_out() -> int:
        mine = set(_controlled(state, player))
        return max(len(shore & mine) for shore in LAKE_SHORES)

    return state.position_fact(("around_one_lake", player.seat), work_out)


def most_of_one_resource(state: GameState, player: Player) -> int:
    return max(state.controlled_resources(player.seat).values())


def most_workers_next_to_factory(state: GameState, player: Player) -> int:
    return max(player.workers.count(h) for h in _next_to_factory())


def worker_terrain_types(state: GameState, player: Player) -> int:
    """Main terrain types among controlled territories that hold one of the player's workers."""
    return len(
        {TERRAIN[h] for h in _controlled(state, player) if h in player.workers} & set(MAIN_TERRAINS)
    )


def structures_away_from_home(state: GameState, player: Player) -> int:
    near_home = set(ADJACENT[player.home])
    return sum(1 for h in player.structures.values() if h not in near_home)


#: Stats read straight off the player (checked first: they are cheapest), by the player.
PLAYER_STATS: dict[str, Callable[[Player], int]] = {
    "coins": attrgetter("coins"),
    "popularity": attrgetter("popularity"),
    "power": attrgetter("power"),
    "workers": lambda p: p.workers_on_board(),
    "mechs": lambda p: len(p.mechs),
    "structures": lambda p: len(p.structures),
    "recruits": lambda p: len(p.recruits),
    "upgrades": lambda p: len(p.upgraded_top),
    "combat_cards": lambda p: len(p.combat_cards),
    "combat_stars": lambda p: p.stars.get("combat", 0),
    "factory_card": lambda p: int(p.factory_card is not None),
    "workers_minus_recruits": lambda p: p.workers_on_board() - len(p.recruits),
}


def _of_player(read: Callable[[Player], int]) -> Callable[[GameState, Player], int]:
    return lambda s, p: read(p)


STATS = {
    **{name: _of_player(read) for name, read in PLAYER_STATS.items()},
    "highest_power": highest_power,
    "workers_forced_out": workers_forced_out,
    "stockpile": stockpile,
    "pieces_on_one_territory": pieces_on_one_territory,
    "wolf_territories": wolf_territories,
    "control_next_to_factory": control_next_to_factory,
    "most_around_one_lake": most_around_one_lake,
    "most_of_one_resource": most_of_one_resource,
    "most_workers_next_to_factory": most_workers_next_to_factory,
    "worker_terrain_types": worker_terrain_types,
    "structures_away_from_home": structures_away_from_home,
}


def stat(state: GameState, player: Player, name: str) -> int:
    """One named stat; "control:<terrain|tunnel|factory>" and "resource:<type>" take a suffix."""
    return _stat_function(name)(state, player)


Stat = Callable[[GameState, Player], int]


def _stat_function(name: str) -> Stat:
    kind, _, arg = name.partition(":")
    if kind == "control":
        return lambda s, p: s.controlled_terrains(p.seat).get(arg, 0)  # control_count
    if kind == "resource":
        return lambda s, p: s.controlled_resources(p.seat)[arg]
    return STATS[name]


#: Stats that follow from the position alone (``GameState.position_facts``: where the
#: pieces stand), besides every "control:<terrain>": remembered with the position.
POSITION_STATS = frozenset(
    (
        "pieces_on_one_territory",
        "control_next_to_factory",
        "most_around_one_lake",
        "most_workers_next_to_factory",
        "worker_terrain_types",
        "structures_away_from_home",
    )
)
#: Stats that follow from the position and the resources on the board
#: (``GameState.board_facts``), besides every "resource:<type>": remembered with them.
BOARD_STATS = frozenset(("stockpile", "wolf_territories", "most_of_one_resource"))

#: How a clause's stat is read: off the player, remembered with the position, remembered
#: with the position and the resources, or worked out each time (the order they are
#: checked in: cheapest first).
PLAYER, POSITION, BOARD, EACH_TIME = range(4)


def stat_scope(name: str) -> int:
    """How a stat is read (:data:`PLAYER`, :data:`POSITION`, :data:`BOARD` or
    :data:`EACH_TIME`): what it follows from."""
    if name in PLAYER_STATS:
        return PLAYER
    if name in POSITION_STATS or name.startswith("control:"):
        return POSITION
    if name in BOARD_STATS or name.startswith("resource:"):
        return BOARD
    return EACH_TIME


Clause = tuple[int, str, Callable[..., int], Callable[[int, int], bool], int]


def _compiled(card: int) -> tuple[Clause, ...]:
    """A card's clauses as (scope, stat name, stat function (of the player alone for
    :data:`PLAYER`), comparison, value), cheapest
    first (:func:`stat_scope`): every clause must hold and none has side effects, so the
    order only changes how soon a card that is not met is known."""
    clauses = sorted(OBJECTIVES[card], key=lambda clause: stat_scope(clause[0]))
    return tuple(
        (
            stat_scope(name),
            name,
            PLAYER_STATS[name] if name in PLAYER_STATS else _stat_function(name),
            COMPARE[op],
            value,
        )
        for name, op, value in clauses
    )


#: Objective card -> its compiled clauses (see :func:`_compiled`).
CONDITIONS = {card: _compiled(card) for card in OBJECTIVES}


def is_met(state: GameState, player: Player, card: int) -> bool:
    """Whether the objective's condition holds right now for the player."""
    return bool(met_cards(state, player, (card,)))


def met_cards(state: GameState, player: Player, cards: Iterable[int]) -> list[int]:
    """The cards whose condition holds right now for the player (asked at every
    decision: stats that follow from the position, or from the position and the
    resources, are remembered with them per seat)."""
    met = []
    position = board = None
    for card in cards:
        for scope, name, work_out, compare, value in CONDITIONS[card]:
            if scope == PLAYER:
                found = work_out(player)
            elif scope == EACH_TIME:
                found = work_out(state, player)
            else:
                if scope == POSITION:
                    if position is None:
                        position = _seat_stats(state.position_facts(), player.seat)
                    stats = position
                else:
                    if board is None:
                        board = _seat_stats(state.board_facts(), player.seat)
                    stats = board
                found = stats.get(name)
                if found is None:
                    found = stats[name] = work_out(state, player)
            if not compare(found, value):
                break
        else:
            met.append(card)
    return met


def _seat_stats(facts: dict, seat: int) -> dict[str, int]:
    """The seat's stats remembered among ``facts`` (stat name -> value)."""
    stats = facts.get(("stats", seat))
    if stats is None:
        stats = facts["stats", seat] = {}
    return stats


# --- revealing ---------------------------------------------------------------


def _dominates(player: Player) -> bool:
    return has_faction_ability(player, "dominate")


def objective_star_limit(faction: str) -> int:
    """Objective stars a faction may place: one; Saxony may complete both cards."""
    return OBJECTIVE_STAR_LIMITS[faction]


#: Faction -> the objective stars it may place (see :func:`objective_star_limit`).
OBJECTIVE_STAR_LIMITS = {
    faction: 2 if facts["ability"] == "dominate" else 1 for faction, facts in FACTIONS.items()
}


def may_earn_objective_star(player: Player) -> bool:
    """One objective star at most; Saxony may complete both cards."""
    return player.stars.get("objective", 0) < OBJECTIVE_STAR_LIMITS[player.faction]


def revealable(state: GameState, player: Player) -> list[int]:
    """The player's objective cards that could be revealed for a star now (never the Automa's)."""
    if not player.objectives or not seat_rules(player).has_objectives:
        return []
    if not may_earn_objective_star(player):
        return []
    return met_cards(state, player, player.objectives)


def reveal_options(state: GameState) -> list[str]:
    """Options "objective:<n>" for met objectives, at any decision of the active player's turn.

    Asked at every decision: the cheap reasons for none come first (:func:`revealable`
    written out)."""
    active = state.turn_order[state.turn_index]
    if state.pending.get("seat") != active:
        return []
    player = state.players[active]
    cards = player.objectives
    if not cards or not seat_rules(player).has_objectives:
        return []
    if player.stars.get("objective", 0) >= OBJECTIVE_STAR_LIMITS[player.faction]:
        return []
    met = met_cards(state, player, cards)
    return [f"objective:{n}" for n in met] if met else []


def is_reveal(action: str) -> bool:
    return is_objective_reveal(action)


def apply_reveal(state: GameState, action: str) -> None:
    """Reveal the card, discard it (and, except for Saxony, the other one), place the star."""
    card = parse_number(action)
    player = state.active
    player.objectives.remove(card)
    state.objective_deck.insert(0, card)
    if not _dominates(player):
        for other in player.objectives:
            state.objective_deck.insert(0, other)
        player.objectives = []
    player.objective_done += 1
    state.log.append({"seat": player.seat, "event": "objective", "card": card})
    place_star(state, player, "objective")


# --- the end of the turn -------------------------------------------------------


def offer_reveal_before_turn_ends(state: GameState) -> bool:
    """After the last action a met objective may still be revealed: ask once before passing.

    Asked whenever the player still holds an objective that could earn a star, met or
    not, so that the question itself never tells the other seats that one is met.
    """
    player = state.active
    if not seat_rules(player).has_objectives or not player.objectives:
        return False
    return may_earn_objective_star(player)
