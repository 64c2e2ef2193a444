"""The action grammar: every action string the engine offers is parsed and formatted here.

An action is ``<verb>`` or ``<verb>:<argument>`` (a benefit's worker: ``worker@<hex>``),
and a counted top-row gain taken in part ends in ``/<n>``. The strings are exactly
those of earlier versions: records, links and golden files store them.

=================  ==============================================  =================
decision kind      actions                                         parse with
=================  ==============================================  =================
section            ``section:2``                                   parse_section
automa_turn        ``automa:play``
top                ``coins``, ``coins/0``, ``move``,               split_partial,
                   ``bolster:power``, ``bolster:power/1``,         parse_produce
                   ``trade:popularity/0``, ``trade:resources``,
                   ``produce:r1c4+r1c5``, ``skip``
trade_place        ``gain:oil@r2c1``, ``done``                     parse_placement
produce_amounts    ``amount:2``, ``workers:0``                     parse_number
bottom             ``upgrade:move_units>deploy``, ``deploy:1@r2c1``,  parse_choice_pair,
                   ``build:mill@r2c1``, ``enlist:build>coins``,    parse_placement
                   a bare ``build`` (nothing to place), ``skip``
pay                ``pay:r2c1``, ``pay:card:3``                    parse_pay
bottom_coins       ``coins:2``                                     parse_number
move               ``unit:mech:0``, ``done``                       parse_unit_pick
move_unit          ``load:oil``, ``load:worker:3``, ``drop:...``,  parse_unit_step
                   ``to:r4c3``, ``stop``
factory_bottom     ``unit:character``, ``skip``                    parse_unit_pick
combat_order       ``fight:r4c3``                                  parse_fight
artillery          ``artillery:fire``, ``artillery:hold``          is_artillery_fire
combat_commit      ``commit:4:2+5``, ``commit:0:-``                parse_commit
retreat            ``retreat:home``, ``retreat:r3c2``              parse_retreat
encounter          ``option:2``, ``done``                          parse_number
benefit            ``gain:coins``, ``res:oil@r2c1``, ``worker@r2c1``,  split_action
                   ``build:..``, ``deploy:..``, ``enlist:..``,
                   ``upgrade:..``, ``produce:..``, ``peek:1``,
                   ``all``, ``done``
factory_pick       ``factory:17``                                  parse_number
factory_top        ``take``, ``skip``
factory_pay        ``pay:card:3``, ``pay:oil@r2c1``                parse_pay
turn_end           ``end_turn``
(any, own turn)    ``objective:13``                                parse_number
=================  ==============================================  =================

Unit ids (``character``, ``mech:0``, ``worker:3``) are parsed here too (``parse_unit``).

>>> parse_commit("commit:4:2+5")
Commit(dial=4, cards=(2, 5))
>>> format_commit(0, [])
'commit:0:-'
>>> split_partial("bolster:power/1"), split_partial("coins")
(('bolster:power', 1), ('coins', None))
>>> parse_placement("mill@r2c1"), parse_choice_pair("build>coins")
(('mill', 'r2c1'), ('build', 'coins'))
>>> split_action("worker@r2c1"), split_action("pay:card:3")
(('worker', 'r2c1'), ('pay', 'card:3'))
>>> parse_pay("pay:oil@r2c1")
Payment(hex='r2c1', resource='oil', card=None)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Literal

from ..data.components import (
    BOTTOM_ACTIONS,
    RECRUIT_ONE_TIME,
    RESOURCES,
    STRUCTURES,
    TOP_SLOTS,
)

#: Every verb an action starts with.
Verb = Literal[
    "section", "automa", "coins", "move", "bolster", "trade", "produce", "gain", "amount",
    "workers", "upgrade", "deploy", "build", "enlist", "pay", "unit", "load", "drop", "to",
    "stop", "fight", "artillery", "commit", "retreat", "option", "res", "worker", "peek",
    "factory", "take", "objective", "all", "done", "skip", "end_turn",
]  # fmt: skip

#: Every kind of decision a seat can be asked (``state.pending["kind"]``).
DecisionKind = Literal[
    "section", "automa_turn", "top", "trade_place", "produce_amounts", "bottom", "pay",
    "bottom_coins", "move", "move_unit", "factory_bottom", "combat_order", "artillery",
    "combat_commit", "retreat", "encounter", "benefit", "factory_pick", "factory_top",
    "factory_pay", "turn_end",
]  # fmt: skip

#: The verbs each decision kind offers (revealing an objective aside: any own decision).
VERBS_OF_KIND: dict[str, frozenset[str]] = {
    "section": frozenset({"section"}),
    "automa_turn": frozenset({"automa"}),
    "top": frozenset({"coins", "move", "bolster", "trade", "produce", "skip"}),
    "trade_place": frozenset({"gain", "done"}),
    "produce_amounts": frozenset({"amount", "workers"}),
    "bottom": frozenset({*BOTTOM_ACTIONS, "skip"}),
    "pay": frozenset({"pay"}),
    "bottom_coins": frozenset({"coins"}),
    "move": frozenset({"unit", "done"}),
    "move_unit": frozenset({"load", "drop", "to", "stop"}),
    "factory_bottom": frozenset({"unit", "skip"}),
    "combat_order": frozenset({"fight"}),
    "artillery": frozenset({"artillery"}),
    "combat_commit": frozenset({"commit"}),
    "retreat": frozenset({"retreat"}),
    "encounter": frozenset({"option", "done"}),
    "benefit": frozenset(
        {"gain", "res", "worker", *BOTTOM_ACTIONS, "produce", "peek", "all", "done"}
    ),
    "factory_pick": frozenset({"factory"}),
    "factory_top": frozenset({"take", "skip"}),
    "factory_pay": frozenset({"pay"}),
    "turn_end": frozenset({"end_turn"}),
}

UnitKind = Literal["character", "mech", "worker"]
UnitStepVerb = Literal["load", "drop", "to", "stop"]

AUTOMA_PLAY = "automa:play"
ARTILLERY_FIRE = "artillery:fire"
ARTILLERY_HOLD = "artillery:hold"
RETREAT_HOME = "home"
#: The committed cards when there are none: ``commit:3:-``.
NO_CARDS = "-"

# --- the whole action ----------------------------------------------------------


def split_action(action: str) -> tuple[str, str]:
    """(verb, argument): ``"pay:card:3"`` -> ``("pay", "card:3")``; ``"worker@r2c1"`` ->
    ``("worker", "r2c1")``; a bare verb has an empty argument (a ``/<n>`` part stays on)."""
    verb, _, arg = action.partition(":")
    if not arg and "@" in verb:
        verb, _, arg = verb.partition("@")
    return verb, arg


def join_action(verb: str, arg: str = "") -> str:
    """The inverse of :func:`split_action`."""
    if not arg:
        return verb
    return f"{verb}@{arg}" if verb == "worker" else f"{verb}:{arg}"


def verb_of(action: str) -> str:
    """The verb alone: ``"bolster:power/1"`` -> ``"bolster"``, ``"coins/0"`` -> ``"coins"``."""
    return split_partial(split_action(action)[0])[0]


def argument_of(action: str) -> str:
    """The argument alone: ``"to:r4c3"`` -> ``"r4c3"``."""
    return split_action(action)[1]


def split_partial(action: str) -> tuple[str, int | None]:
    """A counted top-row gain and the part taken: ``"coins/0"`` -> ``("coins", 0)``;
    without a ``/<n>`` the part is None (the full amount)."""
    option, slash, part = action.rpartition("/")
    if slash and part.isdigit():
        return option, int(part)
    return action, None


def format_partial(option: str, part: int | None) -> str:
    return option if part is None else f"{option}/{part}"


@dataclass(frozen=True)
class Action:
    """One action taken apart: verb, argument and the part of a counted gain."""

    verb: str
    arg: str = ""
    part: int | None = None


_INT = r"\d+"
_HEX = r"(?:r\d+c\d+|HB-[a-z]+)"
_RES = "(?:" + "|".join(RESOURCES) + ")"
_UNIT = r"(?:character|mech:\d+|worker:\d+)"
_TRACK = "(?:" + "|".join(RECRUIT_ONE_TIME) + ")"


def _pair(left: Iterable[str], right: Iterable[str]) -> str:
    return "(?:" + "|".join(left) + ")>(?:" + "|".join(right) + ")"


#: The argument each verb takes (a pattern for the whole argument; "" for none).
ARGUMENTS: dict[str, str] = {
    "section": _INT,
    "automa": "play",
    "coins": f"(?:{_INT})?",
    "move": "",
    "bolster": "(?:power|cards)",
    "trade": "(?:popularity|resources)",
    "produce": f"{_HEX}(?:\\+{_HEX})*",
    "gain": f"(?:{_RES}@{_HEX}|{_TRACK})",
    "amount": _INT,
    "workers": _INT,
    "upgrade": f"(?:{_pair(TOP_SLOTS, BOTTOM_ACTIONS)})?",
    "deploy": f"(?:{_INT}@{_HEX})?",
    "build": f"(?:(?:{'|'.join(STRUCTURES)})@{_HEX})?",
    "enlist": f"(?:{_pair(BOTTOM_ACTIONS, RECRUIT_ONE_TIME)})?",
    "pay": f"(?:{_HEX}|card:{_INT}|{_RES}@{_HEX})",
    "unit": _UNIT,
    "load": f"(?:{_UNIT}|{_RES})",
    "drop": f"(?:{_UNIT}|{_RES})",
    "to": _HEX,
    "stop": "",
    "fight": _HEX,
    "artillery": "(?:fire|hold)",
    "commit": f"{_INT}:(?:{_INT}(?:\\+{_INT})*|{NO_CARDS})",
    "retreat": f"(?:{RETREAT_HOME}|{_HEX})",
    "option": _INT,
    "res": f"{_RES}@{_HEX}",
    "worker": _HEX,
    "peek": _INT,
    "factory": _INT,
    "take": "",
    "objective": _INT,
    "all": "",
    "done": "",
    "skip": "",
    "end_turn": "",
}
_ARGUMENT_PATTERNS = {verb: re.compile(pattern) for verb, pattern in ARGUMENTS.items()}
#: Counted top-row gains, which may be taken in part ("bolster:power/1", "coins/0").
PARTIAL_GAINS = ("coins", "bolster:power", "bolster:cards", "trade:popularity")


def parse_action(action: str) -> Action:
    """Take any action apart, checking it against the grammar (ValueError if it does
    not fit). The engine's hot paths use the small parsers below instead."""
    option, part = split_partial(action)
    if part is not None and option not in PARTIAL_GAINS:
        raise ValueError(f"not an action: {action!r}")
    verb, arg = split_action(option)
    pattern = _ARGUMENT_PATTERNS.get(verb)
    if pattern is None or not pattern.fullmatch(arg) or join_action(verb, arg) != option:
        raise ValueError(f"not an action: {action!r}")
    return Action(verb, arg, part)


def format_action(action: Action) -> str:
    return format_partial(join_action(action.verb, action.arg), action.part)


# --- numbers: section:2, option:2, factory:17, objective:13, amount:2, coins:2, peek:1 --


def parse_number(action: str) -> int:
    """The number an action names: ``"factory:17"`` -> 17."""
    return int(argument_of(action))


def format_number(verb: str, n: int) -> str:
    return f"{verb}:{n}"


def parse_section(action: str) -> int:
    """``"section:2"`` -> 2 (4 is the Factory card)."""
    return parse_number(action)


def format_section(index: int) -> str:
    return format_number("section", index)


# --- places and pairs: mill@r2c1, 1@r2c1, oil@r2c1; move_units>deploy, build>coins ----


def parse_placement(text: str) -> tuple[str, str]:
    """``"mill@r2c1"`` -> ``("mill", "r2c1")``: what goes where."""
    what, _, hid = text.partition("@")
    return what, hid


def format_placement(what: str | int, hid: str) -> str:
    return f"{what}@{hid}"


def parse_choice_pair(text: str) -> tuple[str, str]:
    """``"move_units>deploy"`` -> ``("move_units", "deploy")``: from one thing to another."""
    first, _, second = text.partition(">")
    return first, second


def format_choice_pair(first: str, second: str) -> str:
    return f"{first}>{second}"


def parse_hex_list(text: str) -> list[str]:
    """``"r1c4+r1c5"`` -> ``["r1c4", "r1c5"]``."""
    return text.split("+")


def format_hex_list(hexes: Iterable[str]) -> str:
    return "+".join(hexes)


def parse_produce(action: str) -> list[str]:
    """``"produce:r1c4+r1c5"`` -> the territories."""
    return parse_hex_list(argument_of(action))


def format_produce(hexes: Iterable[str]) -> str:
    return "produce:" + format_hex_list(hexes)


# --- units: character, mech:0, worker:3 -------------------------------------------


def parse_unit(uid: str) -> tuple[str, int | None]:
    """``"mech:1"`` -> ``("mech", 1)``; ``"character"`` -> ``("character", None)``."""
    kind, _, index = uid.partition(":")
    return kind, int(index) if index else None


def format_unit(kind: str, index: int | None = None) -> str:
    return kind if index is None else f"{kind}:{index}"


def unit_kind(uid: str) -> str:
    """``"worker:3"`` -> ``"worker"``."""
    return uid.partition(":")[0]


def is_unit(text: str) -> bool:
    """Whether an argument names a unit (``load:worker:3``) rather than a resource."""
    return unit_kind(text) in ("character", "mech", "worker")


def parse_unit_pick(action: str) -> str:
    """``"unit:mech:0"`` -> ``"mech:0"``."""
    return argument_of(action)


def format_unit_pick(uid: str) -> str:
    return f"unit:{uid}"


def parse_unit_step(action: str) -> tuple[str, str]:
    """A moving unit's action: ``("load", "oil")``, ``("drop", "worker:3")``,
    ``("to", "r4c3")`` or ``("stop", "")``."""
    return split_action(action)


# --- combat: fight:r4c3, artillery:fire, commit:4:2+5, retreat:home -------------


@dataclass(frozen=True)
class Commit:
    """A combat's secret choice: power on the dial and the combat cards added."""

    dial: int
    cards: tuple[int, ...]

    @property
    def total(self) -> int:
        return self.dial + sum(self.cards)


def parse_commit(action: str) -> Commit:
    """``"commit:4:2+5"`` -> ``Commit(4, (2, 5))``; ``"commit:0:-"`` -> no cards."""
    dial, _, cards = argument_of(action).partition(":")
    return Commit(int(dial), () if cards == NO_CARDS else tuple(map(int, cards.split("+"))))


def format_commit(dial: int, cards: Iterable[int]) -> str:
    """The canonical commit: cards in ascending order, ``-`` for none."""
    return f"commit:{dial}:{'+'.join(map(str, sorted(cards))) or NO_CARDS}"


def is_commit(action: str) -> bool:
    return verb_of(action) == "commit"


def parse_fight(action: str) -> str:
    """``"fight:r4c3"`` -> the combat's hex."""
    return argument_of(action)


def is_artillery_fire(action: str) -> bool:
    return action == ARTILLERY_FIRE


def parse_retreat(action: str) -> str:
    """``"retreat:r3c2"`` -> the lake; ``"retreat:home"`` -> :data:`RETREAT_HOME`."""
    return argument_of(action)


# --- paying: pay:r2c1, pay:card:3, pay:oil@r2c1 --------------------------------------


@dataclass(frozen=True)
class Payment:
    """One unit paid: from a territory (of a named resource, for a Factory card) or a
    combat card (Coercion, or a Factory card's card cost)."""

    hex: str | None = None
    resource: str | None = None
    card: int | None = None


def parse_pay(action: str) -> Payment:
    source = argument_of(action)
    if source.startswith("card:"):
        return Payment(card=int(argument_of(source)))
    if "@" in source:
        resource, hid = parse_placement(source)
        return Payment(hex=hid, resource=resource)
    return Payment(hex=source)


def format_pay(payment: Payment) -> str:
    if payment.card is not None:
        return f"pay:card:{payment.card}"
    if payment.resource is not None:
        return "pay:" + format_placement(payment.resource, payment.hex or "")
    return f"pay:{payment.hex}"


def is_objective_reveal(action: str) -> bool:
    """``"objective:13"``: revealing a met objective (offered at any own decision)."""
    return action.startswith("objective") and verb_of(action) == "objective"
