"""A decision's annotation: a bot's reason, recorded with its decision.

A bot seat's decision may carry why it was taken. The history keeps it with the
action, as ``<action>|<code>`` or ``<action>|<code>:<value>`` (e.g.
``section:2|aims_star:upgrades``, ``commit:4:2+5|commits:5``), so a game's record,
links, saves and pass-on links carry it; ``engine.apply_in_place`` checks it and
writes it to the game log as ``{"seat", "event": "bot", "code", "params"}`` just
before the action's own events, so a replayed game has the very log of the played
one. No action holds ``|``.

The reasons are a closed list, each with at most one parameter of a known kind;
anything else is refused (``AnnotationError``): annotations come from links and
files like every recorded decision.

>>> annotate("section:2", "aims_star", {"category": "upgrades"})
'section:2|aims_star:upgrades'
>>> split_annotation("section:2|aims_star:upgrades")
('section:2', 'aims_star:upgrades')
>>> read_annotation("commits:5")
('commits', {'expected': 5})
>>> split_annotation("end_turn")
('end_turn', None)
"""

from __future__ import annotations

import re

from ..data.board import TERRAIN
from ..data.components import STAR_GOALS
from .state import IllegalActionError

#: Separates an action from its annotation in the history (no action holds it).
ANNOTATION_MARK = "|"
#: What a bot's reason may say a plan did towards a star (``bot.star.<category>``).
STAR_CATEGORIES = (*STAR_GOALS, "objective", "combat")
#: Largest strength (or chance in 100) a combat reason may name (a dial of 7 and cards of
#: 5 stay far below).
MAX_EXPECTED = 99
_COUNT = re.compile(r"0|[1-9][0-9]{0,2}")

#: Every bot reason code (catalogue entries ``bot.<code>``) with its parameter's name
#: and kind, or None when it has none. Kinds: ``category`` (one of
#: ``STAR_CATEGORIES``), ``hex`` (a hex of the board) and ``count`` (0 to ``MAX_EXPECTED``).
BOT_REASON_PARAMS: dict[str, tuple[str, str] | None] = {
    "ends_game": None,
    "waits_sixth_star": None,
    "earns_star": ("category", "category"),
    "aims_star": ("category", "category"),
    "attacks": ("hex", "hex"),
    "explores": ("hex", "hex"),
    "takes_factory_card": None,
    "spreads_out": None,
    "builds_engine": None,
    "raises_popularity": None,
    "gains_power": None,
    "gathers": None,
    "takes_coins": None,
    "commits": ("expected", "count"),
    "holds_back": ("expected", "count"),
    "takes_odds": ("chance", "count"),
}
BOT_REASONS = tuple(BOT_REASON_PARAMS)


class AnnotationError(IllegalActionError):
    """An annotation that is not one of the closed list's (unknown code, bad value), or
    on a decision that is not a bot's."""


def _checked_value(kind: str, value: object) -> str | int:
    if kind == "count":
        if isinstance(value, str) and _COUNT.fullmatch(value):
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise AnnotationError(f"{str(value)[:20]!r} is not a count")
        if not 0 <= value <= MAX_EXPECTED:
            raise AnnotationError(f"{value} is out of range")
        return value
    known = STAR_CATEGORIES if kind == "category" else TERRAIN
    if not isinstance(value, str) or value not in known:
        raise AnnotationError(f"{str(value)[:20]!r} is not a known {kind}")
    return value


def annotate(action: str, code: str, params: dict | None = None) -> str:
    """``action`` with a bot's reason, as the history keeps it; AnnotationError for a
    reason not on the list (or with other parameters than its own)."""
    if code not in BOT_REASON_PARAMS:
        raise AnnotationError(f"unknown bot reason {code[:30]!r}")
    spec, params = BOT_REASON_PARAMS[code], params or {}
    if spec is None:
        if params:
            raise AnnotationError(f"the bot reason {code!r} takes no parameters")
        return f"{action}{ANNOTATION_MARK}{code}"
    name, kind = spec
    if set(params) != {name}:
        raise AnnotationError(f"the bot reason {code!r} takes the parameter {name!r}")
    return f"{action}{ANNOTATION_MARK}{code}:{_checked_value(kind, params[name])}"


def split_annotation(entry: str) -> tuple[str, str | None]:
    """A history entry's action and its annotation's text (None: it has none)."""
    action, mark, note = entry.partition(ANNOTATION_MARK)
    return (action, note) if mark else (entry, None)


def bare_action(entry: str) -> str:
    """A history entry's action without its annotation."""
    return entry.partition(ANNOTATION_MARK)[0]


def read_annotation(text: str) -> tuple[str, dict]:
    """A recorded annotation's reason code and parameters, checked against the closed
    list; AnnotationError for anything else."""
    code, colon, value = text.partition(":")
    if code not in BOT_REASON_PARAMS:
        raise AnnotationError(f"unknown bot reason {code[:30]!r}")
    spec = BOT_REASON_PARAMS[code]
    if spec is None:
        if colon:
            raise AnnotationError(f"the bot reason {code!r} takes no parameters")
        return code, {}
    if not colon:
        raise AnnotationError(f"the bot reason {code!r} needs its parameter")
    name, kind = spec
    return code, {name: _checked_value(kind, value)}


__all__ = [
    "ANNOTATION_MARK",
    "BOT_REASONS",
    "BOT_REASON_PARAMS",
    "STAR_CATEGORIES",
    "AnnotationError",
    "annotate",
    "bare_action",
    "read_annotation",
    "split_annotation",
]
