"""Local statistics: the games finished in this browser, by faction, mat and opponents.

Pure Python with no browser import (the page hands in ``window.localStorage``; the
tests a fake with ``getItem``, ``setItem`` and ``removeItem``). The statistics are one
key of their own, ``<site>stats``, apart from the saved games: deleting a save keeps
its game in the statistics, and damaged statistics touch no save.

A finished game is recorded once: its key is a hash of its whole record (setup and
decisions), so opening it again (a reload, a resumed save, a link) adds nothing.
Each human seat of a game is one row: its faction, its mat, the levels of the seats
it played against, its score and place, and whether it won (first place).

Stored text comes from anyone who can reach the browser's storage: it is read
through ``scythe_core.io.untrusted.parse_json``. A document that cannot be read
raises ``StatsError`` (the page shows its message; nothing is written over it
until the player asks for new statistics); a single game entry that cannot be read
is skipped, counted, and kept as it is on the next write.

>>> import random
>>> from scythe_core import apply_in_place, legal_actions, new_game
>>> class Memory(dict):
...     getItem, setItem, removeItem = dict.get, dict.__setitem__, dict.pop
>>> game = new_game({"seed": 11, "seats": [{}, {"controller": "automa", "level": "autometta"}]})
>>> pick = random.Random(1)
>>> while not game.game_over:
...     apply_in_place(game, pick.choice(legal_actions(game)))
>>> store = StatsStore(Memory(), "scythe:/:")
>>> store.record(game, "2026-11-23T10:00:00Z"), store.record(game, "2026-11-23T11:00:00Z")
(True, False)
>>> book = store.load()
>>> [(r.faction, r.mat, r.opponents, r.won) for r in book.rows()]
[('saxony', 'mechanical', 'automa.autometta', False)]
>>> tally(book.rows(), "faction")
[('saxony', 1, 0)]
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from scythe_core import GameState, final_scores, record
from scythe_core.data.automa_cards import LEVELS
from scythe_core.data.components import FACTIONS, MATS
from scythe_core.io.untrusted import RecordError, parse_json

STATS_KEY = "stats"
STATS_FORMAT = 1
#: Far above what a browser's statistics can hold (about 200 characters a game).
MAX_STATS_CHARS = 3_000_000
MAX_GAMES = 10_000
#: A seat's controller as stored: "human", "automa", or any other short name (a bot).
MAX_NAME = 30
#: How a row's opponents are grouped when every other seat is human.
HUMANS_ONLY = "humans"
COLUMNS = ("date", "faction", "mat", "opponents", "seats", "score", "place", "won")


class StatsError(ValueError):
    """The stored statistics cannot be read or written; ``code`` for the page's words:
    ``damaged``, ``newer``, ``storage_full``, ``storage_unavailable``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass(frozen=True)
class Row:
    """One human seat of one finished game."""

    date: str
    faction: str
    mat: str
    opponents: str  # "humans", or levels like "automa.autometta" joined by "+"
    seats: int
    score: int
    place: int
    won: bool


@dataclass
class StatsBook:
    """The stored statistics: the games that could be read, and the entries that could
    not (kept as they are)."""

    games: list[dict] = field(default_factory=list)
    unreadable: list[object] = field(default_factory=list)

    def keys_seen(self) -> set[str]:
        return {game["key"] for game in self.games}

    def rows(self) -> list[Row]:
        """One row per human seat of each game, oldest game first."""
        out = []
        for game in self.games:
            seats = game["seats"]
            for index, seat in enumerate(seats):
                if seat["controller"] != "human":
                    continue
                others = [s for i, s in enumerate(seats) if i != index]
                out.append(
                    Row(
                        date=game["date"],
                        faction=seat["faction"],
                        mat=seat["mat"],
                        opponents=opponents_of(others),
                        seats=len(seats),
                        score=seat["score"],
                        place=seat["rank"],
                        won=seat["rank"] == 1,
                    )
                )
        return out


def opponents_of(others: list[dict]) -> str:
    """The levels a seat played against: ``humans``, or ``automa.<level>`` and
    ``bot.<level>`` in a fixed order, joined by ``+``."""
    kinds = sorted(
        {f"{s['controller']}.{s.get('level') or ''}" for s in others if s["controller"] != "human"},
        key=_level_order,
    )
    return "+".join(kinds) if kinds else HUMANS_ONLY


def _level_order(kind: str) -> tuple:
    controller, _, level = kind.partition(".")
    return (controller, LEVELS.index(level) if level in LEVELS else len(LEVELS), level)


def game_key(state: GameState) -> str:
    """The same for every copy of one game with the same decisions (a hash of its record)."""
    text = json.dumps(record(state), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def result_of(state: GameState, date: str) -> dict:
    """A finished game as the statistics keep it."""
    ranks = {row["seat"]: row for row in final_scores(state)}
    seats = [
        {
            "faction": p.faction,
            "mat": p.mat,
            "controller": p.controller,
            "level": p.level,
            "score": int(ranks[p.seat]["total"]),
            "rank": int(ranks[p.seat]["rank"]),
        }
        for p in state.players
    ]
    return {"key": game_key(state), "date": date, "seats": seats}


def tally(rows: list[Row], by: str) -> list[tuple[str, int, int]]:
    """(value, played, won) for each value of the column ``by``, most played first."""
    counts: dict[str, list[int]] = {}
    for row in rows:
        seen = counts.setdefault(getattr(row, by), [0, 0])
        seen[0] += 1
        seen[1] += row.won
    ordered = sorted(counts.items(), key=lambda item: (-item[1][0], item[0]))
    return [(value, played, won) for value, (played, won) in ordered]


def csv_text(rows: list[Row], header: list[str], word) -> str:
    """The rows as CSV (``header``: the column titles; ``word(column, value)``: a value
    in words, for the faction, mat, opponents and won columns)."""
    lines = [csv_line(header)]
    for row in rows:
        lines.append(csv_line([_cell(word(column, getattr(row, column))) for column in COLUMNS]))
    return "".join(lines)


def csv_line(cells: list[str]) -> str:
    r"""One CSV record as the ``csv`` module writes it by default (RFC 4180: a cell with a
    comma, a quote or a line break in double quotes, its quotes doubled; CRLF at the
    end), without importing ``csv`` at the page's start.

    >>> csv_line(["a", "b,c", 'say "hi" now', "x\ny", ""])
    'a,"b,c","say ""hi"" now","x\ny",\r\n'
    """
    return ",".join(_quoted(cell) for cell in cells) + "\r\n"


def _quoted(cell: str) -> str:
    if any(mark in cell for mark in ',"\r\n'):
        return '"' + cell.replace('"', '""') + '"'
    return cell


def _cell(value: object) -> str:
    """A CSV cell that a spreadsheet will not run as a formula."""
    text = str(value)
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


# --- reading untrusted entries ---------------------------------------------------


def _is_int(value: object, low: int, high: int) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _is_name(value: object) -> bool:
    return isinstance(value, str) and value.isidentifier() and len(value) <= MAX_NAME


def _valid_seat(seat: object) -> bool:
    if not isinstance(seat, dict):
        return False
    level = seat.get("level")
    return (
        seat.get("faction") in FACTIONS
        and _is_name(seat.get("controller"))
        and (seat.get("mat") in MATS or (seat.get("controller") != "human" and not seat.get("mat")))
        and (level is None or _is_name(level))
        and _is_int(seat.get("score"), -1000, 10_000)
        and _is_int(seat.get("rank"), 1, 7)
    )


def valid_game(game: object) -> bool:
    if not isinstance(game, dict):
        return False
    key, date, seats = game.get("key"), game.get("date"), game.get("seats")
    return (
        isinstance(key, str)
        and 0 < len(key) <= 64
        and key.isalnum()
        and isinstance(date, str)
        and 0 < len(date) <= 40
        and isinstance(seats, list)
        and 1 <= len(seats) <= 7
        and all(_valid_seat(seat) for seat in seats)
    )


def parse_stats(raw: object) -> StatsBook:
    """The statistics in the stored text (``None``: none yet); ``StatsError`` if the
    whole cannot be read. Entries that cannot be read are set apart, not dropped."""
    if raw is None:
        return StatsBook()
    try:
        document = parse_json(raw, max_chars=MAX_STATS_CHARS)
    except RecordError as exc:
        raise StatsError(
            "damaged", f"The statistics stored in this browser are damaged ({exc})."
        ) from exc
    if not isinstance(document, dict) or not isinstance(document.get("games"), list):
        raise StatsError("damaged", "The statistics stored in this browser are damaged.")
    version = document.get("stats")
    if not _is_int(version, 1, 10**6):
        raise StatsError("damaged", "The statistics stored in this browser are damaged.")
    if version > STATS_FORMAT:
        raise StatsError("newer", "The statistics come from a newer version of the game.")
    book = StatsBook()
    for game in document["games"][: MAX_GAMES * 2]:
        (book.games if valid_game(game) else book.unreadable).append(game)
    return book


class StatsStore:
    """The statistics under ``<prefix>stats`` in a ``localStorage``-like object."""

    def __init__(self, storage, prefix: str) -> None:
        self.storage = storage
        self.key = prefix + STATS_KEY

    def load(self) -> StatsBook:
        try:
            raw = self.storage.getItem(self.key)
        except Exception as exc:  # a JavaScript error: storage refused
            raise StatsError(
                "storage_unavailable", f"The browser's storage cannot be used: {exc}"
            ) from exc
        return parse_stats(raw if isinstance(raw, str) else None)

    def record(self, state: GameState, date: str) -> bool:
        """Add a finished game once; False if it is not over or already there.
        ``StatsError`` when the stored statistics cannot be read (nothing is written)
        or the storage refuses the write (the statistics stay as they were)."""
        if not state.game_over:
            return False
        book = self.load()
        result = result_of(state, date)
        if result["key"] in book.keys_seen():
            return False
        games = [*book.games, result][-MAX_GAMES:]
        document = {"stats": STATS_FORMAT, "games": [*games, *book.unreadable]}
        try:
            self.storage.setItem(self.key, json.dumps(document, separators=(",", ":")))
        except Exception as exc:  # a JavaScript error: full, or refused
            full = "quota" in f"{type(exc).__name__} {getattr(exc, 'name', '')} {exc}".lower()
            raise StatsError(
                "storage_full" if full else "storage_unavailable",
                f"The game could not be added to the statistics: {exc}",
            ) from exc
        return True

    def clear(self) -> None:
        """Start new statistics (the page offers it only for damaged ones)."""
        try:
            self.storage.removeItem(self.key)
        except Exception as exc:  # a JavaScript error: storage refused
            raise StatsError(
                "storage_unavailable", f"The browser's storage cannot be used: {exc}"
            ) from exc
