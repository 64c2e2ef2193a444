"""Game state: plain dataclasses that serialise to JSON.

A state never changes once handed out by the public API: ``engine.apply``
copies it (``GameState.copy``) and edits the copy. The history and the log only grow:
they are ``AppendOnlyList`` objects, whose copies share all but the newest items, so a
copy costs the same late in a game as early on.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field, fields
from typing import TypedDict, TypeVar

from ..data.board import TERRAIN, TUNNELS, home_base_id, reading_order_key
from ..data.components import RESOURCES
from .append_only import AppendOnlyList
from .position import position_snapshot, same_position, shares_a_territory, work_out_control

T = TypeVar("T")


class TurnFacts(TypedDict, total=False):
    """Facts about the turn in progress (``GameState.turn``), all optional."""

    section: int  # the section chosen (4: the Factory card)
    top: str  # its top action ("factory" for the card)
    bottom: str  # its bottom action ("factory_move" for the card)
    log_start: int  # the log's length when the section was chosen
    coercion_used: bool  # Crimea's Coercion was used this turn
    moved: list[str]  # units that have moved in this Move
    moves_left: int
    origins: dict[str, str]  # unit -> where it started this turn's Move (to undo at game end)
    combats_left: list[str]  # hexes with a combat still to fight
    combat: dict  # the combat being fought: hex, attacker, defender, choices, abilities_done
    encounter: dict  # the encounter being resolved: card, hex, options chosen
    factory_pay: dict  # the Factory card's cost still to pay: queue, resource types paid
    enlisted_from: str  # the bottom action a recruit was just enlisted from
    peek: dict  # the combat cards a seat looked at (promo encounter 31)
    automa: dict  # the Automa's turn: card, next move symbol, moved, cancelled


class IllegalActionError(ValueError):
    """Raised by ``apply`` for an action that is not in ``legal_actions``."""


@dataclass
class Player:
    seat: int
    faction: str
    mat: str
    controller: str = "human"
    level: str | None = None
    power: int = 0
    popularity: int = 0
    coins: int = 0
    combat_cards: list[int] = field(default_factory=list)
    objectives: list[int] = field(default_factory=list)
    character: str = ""
    #: Locations of deployed mechs, in order of deployment.
    mechs: list[str] = field(default_factory=list)
    #: Mech ability slots (0-3 on the faction mat) unlocked by deploying.
    mech_abilities: list[int] = field(default_factory=list)
    #: Eight workers: a location, or None while on the player mat.
    workers: list[str | None] = field(default_factory=list)
    #: Built structures: structure name -> territory.
    structures: dict[str, str] = field(default_factory=dict)
    #: Top-row slots whose technology cube has been moved away (upgraded).
    upgraded_top: list[str] = field(default_factory=list)
    #: Cubes placed on each bottom action.
    upgraded_bottom: dict[str, int] = field(default_factory=dict)
    #: Enlisted recruits: bottom action the recruit came from -> one-time bonus used.
    recruits: dict[str, str] = field(default_factory=dict)
    #: Stars placed: category -> count.
    stars: dict[str, int] = field(default_factory=dict)
    last_section: int | None = None
    factory_card: int | None = None
    objective_done: int = 0
    #: Automa seats only: its deck, discards, star-card track and plan (see automa/turn.py).
    automa: dict | None = None

    @property
    def home(self) -> str:
        return home_base_id(self.faction)

    @property
    def star_count(self) -> int:
        return sum(self.stars.values())

    def workers_on_board(self) -> int:
        return len(self.workers) - self.workers.count(None)

    def copy(self) -> Player:
        # Every list and dict its own; the instance dict built in one go (a copy per
        # player per decision: apply makes one).
        values = self.__dict__.copy()
        values["combat_cards"] = self.combat_cards[:]
        values["objectives"] = self.objectives[:]
        values["mechs"] = self.mechs[:]
        values["mech_abilities"] = self.mech_abilities[:]
        values["workers"] = self.workers[:]
        values["structures"] = self.structures.copy()
        values["upgraded_top"] = self.upgraded_top[:]
        values["upgraded_bottom"] = self.upgraded_bottom.copy()
        values["recruits"] = self.recruits.copy()
        values["stars"] = self.stars.copy()
        if self.automa is not None:
            values["automa"] = _copy_json(self.automa)
        new = Player.__new__(Player)
        new.__dict__ = values
        return new

    def combat_units_at(self, hid: str) -> int:
        return (self.character == hid) + self.mechs.count(hid)

    def units_at(self, hid: str) -> int:
        return self.combat_units_at(hid) + self.workers.count(hid)


@dataclass
class GameState:
    seed: int
    rng: int
    options: dict
    players: list[Player]
    #: Seats in the order they take turns (starting player first, then clockwise).
    turn_order: list[int]
    #: Seats in clockwise order around the table (for left/right neighbours).
    clockwise: list[int]
    structure_bonus: str
    resources: dict[str, dict[str, int]] = field(default_factory=dict)
    encounter_tokens: list[str] = field(default_factory=list)
    combat_deck: list[int] = field(default_factory=list)
    combat_discard: list[int] = field(default_factory=list)
    factory_deck: list[int] = field(default_factory=list)
    objective_deck: list[int] = field(default_factory=list)
    encounter_deck: list[int] = field(default_factory=list)
    turn_index: int = 0
    round: int = 1
    turns_taken: int = 0
    #: The decision the engine is waiting for: {"seat": int, "kind": str, ...} (the keys
    #: of each kind are typed in ``flow/steps.py``).
    pending: dict = field(default_factory=dict)
    #: The steps still to come after it, a stack (its end is the top); see flow/.
    flow: list[dict] = field(default_factory=list)
    #: Facts about the turn in progress (section chosen, units moved, ...).
    turn: TurnFacts = field(default_factory=dict)
    #: The decisions taken so far (a list when given; kept as an AppendOnlyList).
    history: AppendOnlyList = field(default_factory=AppendOnlyList)
    #: What happened, as data (event codes and parameters); see ``model/log.py``.
    log: AppendOnlyList = field(default_factory=AppendOnlyList)
    game_over: bool = False
    setup: dict = field(default_factory=dict)

    #: Facts worked out from the state (control, controlled territories and resources,
    #: movement reach) while nothing may change it: a dict only inside
    #: :meth:`unchanging`, None otherwise. Not a field: never copied or serialised.
    _memo = None  # (no annotation: not a dataclass field)
    #: (position snapshot, facts that follow from the position alone - control, the
    #: territories each seat controls, movement reach - or None and those facts per
    #: active seat while whose turn it is matters): see
    #: :meth:`position_facts`. Kept across decisions and shared
    #: by copies (a fact is only ever added, never changed); not a field either.
    _position = None
    #: (the position facts they belong to, the resources on the board they were worked
    #: out for, facts that follow from both: the resources each seat controls): see
    #: :meth:`board_facts`. Shared by copies like ``_position``; not a field either.
    _board = None

    def __post_init__(self) -> None:
        if not isinstance(self.history, AppendOnlyList):
            self.history = AppendOnlyList(self.history)
        if not isinstance(self.log, AppendOnlyList):
            self.log = AppendOnlyList(self.log)

    @property
    def active_seat(self) -> int:
        return self.turn_order[self.turn_index]

    @property
    def active(self) -> Player:
        return self.players[self.turn_order[self.turn_index]]  # (active_seat written out)

    def copy(self) -> GameState:
        new = GameState.__new__(GameState)
        new.__dict__.update(self.__dict__)
        new._memo = None
        new.players = [p.copy() for p in self.players]
        new.resources = {h: dict(r) for h, r in self.resources.items()}
        new.encounter_tokens = list(self.encounter_tokens)
        new.combat_deck = list(self.combat_deck)
        new.combat_discard = list(self.combat_discard)
        new.factory_deck = list(self.factory_deck)
        new.objective_deck = list(self.objective_deck)
        new.encounter_deck = list(self.encounter_deck)
        new.pending = _copy_json(self.pending)
        new.flow = _copy_json(self.flow)
        new.turn = _copy_json(self.turn)
        new.history = self.history.copy()
        new.log = self.log.copy()
        return new

    # --- worked out once while the state stands still --------------------------

    @contextmanager
    def unchanging(self) -> Iterator[None]:
        """A block in which the state is only read: facts derived from it (control, the
        territories and resources each seat controls, movement reach) are worked out once
        and remembered until the block ends. Nested blocks share the outer one's memo.

        Nothing may change the state inside (the remembered facts would go stale); the
        engine opens one around working out the legal choices."""
        if self._memo is not None:
            yield
            return
        self._memo = {}
        try:
            yield
        finally:
            self._memo = None

    def remembered(self, key: Hashable, work_out: Callable[[], T]) -> T:
        """``work_out()``, remembered under ``key`` inside :meth:`unchanging` (the value is
        shared: callers must not change it); worked out afresh outside."""
        memo = self._memo
        if memo is None:
            return work_out()
        try:
            return memo[key]
        except KeyError:
            value = memo[key] = work_out()
            return value

    def position_facts(self) -> dict:
        """Facts that follow from the position alone (where the pieces stand:
        :func:`position.position_snapshot`; and whose turn it is while two factions share
        a territory), remembered for as long as the position stays the same, whatever
        else changes and however it is changed (the position is compared with a copy,
        never trusted). Add to it, change nothing."""
        memo = self._memo
        if memo is not None:
            facts = memo.get("position")
            if facts is not None:
                return facts
        known = self._position
        players = self.players
        if known is None or not same_position(players, known[0]):
            # (snapshot, the facts whoever's turn it is - None where whose turn it is
            # matters -, else the facts per active seat)
            shared = None if shares_a_territory(players) else {}
            known = self._position = (position_snapshot(players), shared, {})
        facts = known[1]
        if facts is None:
            by_turn = known[2]
            turn = self.turn_order[self.turn_index]
            facts = by_turn.get(turn)
            if facts is None:
                facts = by_turn[turn] = {}
        if memo is not None:
            memo["position"] = facts
        return facts

    def position_fact(self, key: Hashable, work_out: Callable[[], T]) -> T:
        """``work_out()``, remembered under ``key`` with the position (see
        :meth:`position_facts`): only for facts that follow from the position alone."""
        facts = self.position_facts()
        try:
            return facts[key]
        except KeyError:
            value = facts[key] = work_out()
            return value

    def board_facts(self) -> dict:
        """Facts that follow from the position and the resources on the board (the
        resources each seat controls, and the like), remembered for as long as both stay
        the same, however they are changed (both are compared, never trusted). Add to
        it, change nothing."""
        memo = self._memo
        if memo is not None:
            facts = memo.get("board")
            if facts is not None:
                return facts
        position = self.position_facts()
        known = self._board
        if known is None or known[0] is not position or known[1] != self.resources:
            snapshot = {hid: dict(bucket) for hid, bucket in self.resources.items()}
            known = self._board = (position, snapshot, {})
        if memo is not None:
            memo["board"] = known[2]
        return known[2]

    # --- territory questions -------------------------------------------------

    def control_map(self) -> dict[str, int]:
        """Every controlled territory (lakes included) with the seat that controls it.

        Units control a territory; a structure controls it when no enemy unit is
        there. Units of two factions share a territory only while a combat is
        pending: the defender (not the active player) keeps control until then.
        Home bases are not territories and have no controller. Do not change the
        dict returned: it is remembered (:meth:`position_facts`) and shared.
        """
        facts = self.position_facts()
        control = facts.get("control")
        if control is None:
            control = facts["control"] = work_out_control(self.players, self.active_seat)
        return control

    def territory_controller(self, hid: str) -> int | None:
        """The seat controlling one territory (or lake), or None; see :meth:`control_map`."""
        return self.control_map().get(hid)

    def controlled_territories(self, seat: int) -> list[str]:
        """Territories and lakes the seat controls, in reading order (remembered with
        the position: a shared list, do not change it)."""
        facts = self.position_facts()
        found = facts.get(("territories", seat))
        if found is None:
            control = self.control_map()
            found = sorted((h for h, s in control.items() if s == seat), key=reading_order_key)
            facts["territories", seat] = found
        return found

    def controlled_terrains(self, seat: int) -> dict[str, int]:
        """How many territories of each terrain the seat controls, and of printed tunnels
        under "tunnel" (remembered with the position: a shared dict, do not change it)."""
        facts = self.position_facts()
        counts = facts.get(("terrains", seat))
        if counts is None:
            counts = {}
            for hid in self.controlled_territories(seat):
                terrain = TERRAIN[hid]
                counts[terrain] = counts.get(terrain, 0) + 1
                if hid in TUNNELS:
                    counts["tunnel"] = counts.get("tunnel", 0) + 1
            facts["terrains", seat] = counts
        return counts

    def resources_at(self, hid: str) -> dict[str, int]:
        return self.resources.get(hid, {})

    def add_resource(self, hid: str, resource: str, amount: int = 1) -> None:
        bucket = self.resources.setdefault(hid, {})
        bucket[resource] = bucket.get(resource, 0) + amount
        if bucket[resource] <= 0:
            del bucket[resource]
        if not bucket:
            del self.resources[hid]

    def controlled_resources(self, seat: int) -> dict[str, int]:
        """Totals of each resource on territories the seat controls (remembered with the
        position and the resources, :meth:`board_facts`: a shared dict, do not change it)."""
        facts = self.board_facts()
        totals = facts.get(("resources", seat))
        if totals is None:
            totals = facts["resources", seat] = self._resources_of(seat)
        return totals

    def _resources_of(self, seat: int) -> dict[str, int]:
        totals = dict.fromkeys(RESOURCES, 0)
        resources = self.resources
        for hid in self.controlled_territories(seat):
            bucket = resources.get(hid)
            if bucket:
                for res, n in bucket.items():
                    totals[res] += n
        return totals

    def enemy_combat_units_at(self, seat: int, hid: str) -> list[int]:
        return [p.seat for p in self.players if p.seat != seat and p.combat_units_at(hid)]

    def enemy_workers_at(self, seat: int, hid: str) -> list[int]:
        return [p.seat for p in self.players if p.seat != seat and hid in p.workers]

    def neighbours_of(self, seat: int) -> tuple[int, int]:
        """(left, right) seats: left is the next seat clockwise, right the previous."""
        i = self.clockwise.index(seat)
        n = len(self.clockwise)
        return self.clockwise[(i + 1) % n], self.clockwise[(i - 1) % n]


def copy_json(value):
    """A deep copy of JSON-like data (dicts and lists; anything else is kept as it is).
    Leaves are kept without a call each: bots copy states many times a turn."""
    if isinstance(value, dict):
        return {k: copy_json(v) if isinstance(v, _NESTED) else v for k, v in value.items()}
    if isinstance(value, list):
        return [copy_json(v) if isinstance(v, _NESTED) else v for v in value]
    return value


#: The container types :func:`copy_json` copies.
_NESTED = (dict, list)


_copy_json = copy_json


def state_to_dict(state: GameState) -> dict:
    """The state as plain JSON data (a deep copy: nothing in it is shared with the state)."""
    data = {}
    for f in fields(GameState):
        value = getattr(state, f.name)
        if f.name == "players":
            data["players"] = [asdict(p) for p in value]
        elif isinstance(value, AppendOnlyList):
            data[f.name] = [_copy_json(item) for item in value]
        else:
            data[f.name] = _copy_json(value)
    return data


def state_from_dict(data: dict) -> GameState:
    names = {f.name for f in fields(GameState)}
    unknown = set(data) - names
    if unknown:
        raise ValueError(f"unknown state fields: {sorted(unknown)}")
    values = dict(data)
    values["players"] = [Player(**p) for p in data["players"]]
    return GameState(**values)


__all__ = [
    "GameState",
    "IllegalActionError",
    "Player",
    "state_from_dict",
    "state_to_dict",
]
