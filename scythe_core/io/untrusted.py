"""The one boundary for input from outside: links, files, stored saves, snapshots.

Text from a link, an imported file or the browser's storage comes from anyone. Before
anything parses it deeply or replays it, :func:`parse_json` checks its size and its
nesting depth with a linear scan that never recurses, then parses it with
``json.loads`` and rejects what JSON allows but a game never holds (``NaN``,
``Infinity``, numbers with absurdly many digits). Every failure is a
:class:`RecordError` with a clear English message.

The depth check comes first for a reason: ``json.loads`` recurses once per level, and
in the page's Pyodide a document nested 10,000 deep overflows the JavaScript stack
and kills the whole interpreter (a ``RecursionError`` is never raised there).

>>> parse_json('{"seed": 7, "seats": [{}, {}]}', max_chars=100)
{'seed': 7, 'seats': [{}, {}]}
>>> parse_json("[" * 10_000, max_chars=100_000)
Traceback (most recent call last):
...
scythe_core.io.untrusted.RecordError: the data is nested more than 32 levels deep
>>> parse_json('{"automa_coins": Infinity}', max_chars=100)
Traceback (most recent call last):
...
scythe_core.io.untrusted.RecordError: the data holds a number that is not finite (Infinity)
"""

from __future__ import annotations

import binascii
import json
import math
import re
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from itertools import accumulate

#: How deep any document of the game nests (a snapshot: 6 levels); far above, far below
#: what would strain ``json.loads``'s recursion in CPython or Pyodide.
MAX_DEPTH = 32
#: The most characters a number may have: a 64-bit seed has 20 digits (and a sign).
MAX_NUMBER_CHARS = 40

#: Every failure a hostile input may raise deep in a parser or a replay; the boundary
#: turns each into a RecordError.
HOSTILE_ERRORS = (
    ValueError,
    TypeError,
    KeyError,
    IndexError,
    AttributeError,
    OverflowError,
    RecursionError,
    MemoryError,
    zlib.error,
    binascii.Error,
)

# A JSON string (escapes included) as one token. It always matches from a quote: it ends
# at the next unescaped quote or, for a string never closed, at the end of the text, so
# no quote is scanned twice (a pattern that could fail there would be quadratic).
_STRING = re.compile(r'"(?:[^"\\]++|\\.?)*+(?:"|\Z)', re.DOTALL)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
# A run of number characters (only from the start of a run: linear).
_LONG_NUMBER = re.compile(rf"(?<![-+0-9.eE])[-+0-9.eE]{{{MAX_NUMBER_CHARS + 1},}}")
_DEPTH_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


class RecordError(ValueError):
    """A snapshot, record, link, file or stored entry that cannot be read or replayed.

    ``newer`` is true when the input seems to come from a newer version of the game
    (an unknown format, faction or option), so a page can say so.
    """

    def __init__(self, message: str, *, newer: bool = False) -> None:
        super().__init__(message)
        self.newer = newer


def nesting_depth(text: str) -> int:
    """How deeply ``text`` nests arrays and objects, brackets inside strings not counted.

    Linear and without recursion: strings are cut out by one regular expression, the
    rest is reduced to its brackets, and a running sum gives the depth. Up to the first
    error in the text the strings are the ones a JSON parser sees, so the answer is
    never below the depth that ``json.loads`` reaches before it stops.

    >>> nesting_depth('{"a": [1, "]]]", {"b": []}]}')
    4
    """
    return _bracket_depth(_STRING.sub('""', text))


def _bracket_depth(outside_strings: str) -> int:
    brackets = _NOT_BRACKET.sub("", outside_strings)
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0)


def check_json_text(text: object, *, max_chars: int, max_depth: int = MAX_DEPTH) -> str:
    """``text`` if it is a string short and shallow enough to parse, else RecordError."""
    if not isinstance(text, str):
        raise RecordError(f"expected JSON text, not {type(text).__name__}")
    if len(text) > max_chars:
        raise RecordError(f"the data is too long ({len(text):,} characters; at most {max_chars:,})")
    outside_strings = _STRING.sub('""', text)
    if _bracket_depth(outside_strings) > max_depth:
        raise RecordError(f"the data is nested more than {max_depth} levels deep")
    if _LONG_NUMBER.search(outside_strings):
        raise RecordError(f"the data holds a number longer than {MAX_NUMBER_CHARS} characters")
    return text


def parse_json(text: object, *, max_chars: int, max_depth: int = MAX_DEPTH) -> object:
    """Parse untrusted JSON after checking its size and depth; RecordError for anything bad."""
    check_json_text(text, max_chars=max_chars, max_depth=max_depth)
    try:
        return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except RecordError:
        raise
    except HOSTILE_ERRORS as exc:
        raise RecordError(f"the data is not valid JSON: {exc}") from exc


def _no_constant(name: str) -> float:
    raise RecordError(f"the data holds a number that is not finite ({name})")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise RecordError(f"the data holds a number that is too large ({text})")
    return value


@contextmanager
def as_record_error(what: str) -> Iterator[None]:
    """Turn any failure of hostile input inside the block into a chained RecordError.

    >>> with as_record_error("the link"):
    ...     int("x")
    Traceback (most recent call last):
    ...
    scythe_core.io.untrusted.RecordError: the link cannot be read (ValueError: ...)
    """
    try:
        yield
    except RecordError:
        raise
    except HOSTILE_ERRORS as exc:
        raise RecordError(f"{what} cannot be read ({type(exc).__name__}: {exc})") from exc
