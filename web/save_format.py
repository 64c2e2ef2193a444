"""One saved game as stored: the entry's format, its checks, and ``SaveError``.

An entry is the game's record from ``scythe_core.record`` (format version, rules
version, setup, decisions), which is the whole truth, plus a few facts for the
saved-games list (name, seats, round, decisions, dates) so that listing never has to
replay a game. In memory (and in exported files) it is a JSON object; in the
browser's storage it is written compactly (``pack_entry``, "S2"): the facts and the
setup as a JSON line and then one decision a line, as a link holds them, compressed
with zlib (whose checksum finds a damaged entry) and written 15 bits to a character
(``wide_text``), because the browser's storage counts characters, whatever their code
(Chromium: 5,242,880 per site). A finished game takes about a tenth of the JSON
object's characters. Entries of earlier versions (the JSON object itself, format 1)
are read as they are and written compactly at their next save. Nothing read back is
trusted: ``parse_entry`` checks every field, ``replay_record`` replays every decision.

Every failure is a :class:`SaveError` (a ``scythe_core.RecordError``, so a
``ValueError``) with a ``code`` the page can translate and an English ``message``.

>>> import json
>>> from scythe_core import new_game
>>> state = new_game({"seed": 7, "seats": [{"faction": "nordic"}, {"faction": "saxony"}]})
>>> entry = make_entry("g7", default_name(state), state, "2026-11-22", "2026-11-22")
>>> info = info_of(parse_entry(json.dumps(entry), "g7"))
>>> (info.name, info.factions, info.decisions)
('Nordic vs Saxony', ('nordic', 'saxony'), 0)
>>> packed = pack_entry(entry)
>>> packed[:2], len(packed) < len(json.dumps(entry)) // 4
('S2', True)
>>> parse_entry(packed, "g7") == entry
True
>>> parse_entry('{"kind": "scythe-save"', "g7")
Traceback (most recent call last):
...
save_format.SaveError: The saved game 'g7' is damaged or cut short; it was skipped.
>>> check_name("  Sunday game ")
'Sunday game'
"""

from __future__ import annotations

import json
import re
import zlib
from dataclasses import dataclass
from datetime import UTC, datetime

from wide_text import unwiden, widen

from scythe_core import GameState, RecordError, record, replay
from scythe_core.data.automa_cards import LEVELS
from scythe_core.data.components import FACTIONS
from scythe_core.io.records import (
    MAX_DECISIONS,
    RECORD_FORMAT,
    check_decision_count,
    check_rules_version,
)
from scythe_core.io.untrusted import HOSTILE_ERRORS, parse_json
from scythe_core.setup import BOT_LEVELS, CONTROLLERS, SetupError, check_setup

SAVE_KIND = "scythe-save"
#: The JSON object of an entry (and of a file's games).
SAVE_FORMAT = 1
#: A stored entry written compactly (``pack_entry``) starts with this.
PACKED = "S2"
#: What the header line of a packed entry holds besides the decisions (its keys).
PACKED_FACTS = ("name", "created", "updated", "seats", "round", "game_over", "rules", "setup")
MAX_NAME = 80
ID_PATTERN = re.compile(r"[0-9a-z][0-9a-z_-]{0,39}")
#: The most characters of one stored entry: a record of ``MAX_DECISIONS`` decisions
#: (most under 12 characters, none over 40, each quoted) plus the list's facts.
MAX_ENTRY_CHARS = 48 * MAX_DECISIONS + 20_000
#: What parsing or replaying hostile input may raise (the engine's boundary already
#: turns them into RecordError; kept for callers that replay step by step).
PARSE_ERRORS = (RecordError, *HOSTILE_ERRORS)
REPLAY_ERRORS = (RecordError, *HOSTILE_ERRORS)


class SaveError(RecordError):
    """A save, file or link that cannot be used, or storage that refuses to work.

    ``code`` names the kind of failure for the page's own strings: ``storage_full``,
    ``storage_unavailable``, ``not_found``, ``damaged``, ``newer``, ``bad_file``,
    ``bad_link``, ``bad_name``, ``bad_date``. ``message`` is a clear English sentence.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message, newer=code == "newer")
        self.code = code
        self.message = message


@dataclass(frozen=True)
class SaveInfo:
    """One saved game, as the saved-games list shows it."""

    id: str
    name: str
    seats: tuple[dict, ...]
    round: int
    decisions: int
    game_over: bool
    created: str
    updated: str

    @property
    def factions(self) -> tuple[str, ...]:
        return tuple(seat["faction"] for seat in self.seats)

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "seats": [dict(seat) for seat in self.seats],
            "factions": list(self.factions),
            "round": self.round,
            "decisions": self.decisions,
            "game_over": self.game_over,
            "created": self.created,
            "updated": self.updated,
        }


# -------------------------------------------------------------------- entries


def make_entry(game_id: str, name: str, state: GameState, created: str, updated: str) -> dict:
    rec = record(state)
    return {
        "kind": SAVE_KIND,
        "format": SAVE_FORMAT,
        "id": game_id,
        "name": name[:MAX_NAME],
        "created": created,
        "updated": updated,
        "seats": [seat_of(player) for player in state.players],
        "round": state.round,
        "decisions": len(rec["actions"]),
        "game_over": bool(state.game_over),
        "record": rec,
    }


def seat_of(player) -> dict:
    seat = {"faction": player.faction, "controller": player.controller}
    if player.level:
        seat["level"] = player.level
    return seat


def default_name(state: GameState) -> str:
    return " vs ".join(player.faction.capitalize() for player in state.players)


def info_of(entry: dict) -> SaveInfo:
    return SaveInfo(
        id=entry["id"],
        name=entry["name"],
        seats=tuple(dict(seat) for seat in entry["seats"]),
        round=entry["round"],
        decisions=entry["decisions"],
        game_over=entry["game_over"],
        created=entry["created"],
        updated=entry["updated"],
    )


def pack_entry(entry: dict) -> str:
    """An entry as the browser's storage keeps it: ``S2``, then its facts and record
    compressed and widened (``wide_text``). ``parse_entry`` reads it back."""
    rec = entry["record"]
    facts = {name: entry[name] for name in PACKED_FACTS if name in entry}
    facts |= {"rules": rec.get("rules"), "setup": rec["setup"], "format": rec["format"]}
    actions = rec["actions"]
    if any("\n" in action for action in actions):  # no legal action holds one
        raise SaveError("damaged", "A decision of this game cannot be stored.")
    header = json.dumps(facts, separators=(",", ":"), sort_keys=True)
    packed = zlib.compress("\n".join([header, *actions]).encode(), 9)
    return PACKED + widen(packed)


def unpack_entry(raw: str, game_id: str, where: str) -> dict:
    """The JSON object of a packed entry (not yet checked: ``check_entry`` does that)."""
    if not raw.startswith(PACKED):
        if raw[:1] == "S" and raw[1:2].isdigit():
            raise SaveError("newer", f"{where} was saved by a newer version of the game.")
        raise SaveError("damaged", f"{where} is damaged or cut short; it was skipped.")
    try:
        inflater = zlib.decompressobj()
        text = inflater.decompress(unwiden(raw[len(PACKED) :]), MAX_ENTRY_CHARS)
        if inflater.unconsumed_tail or not inflater.eof:
            raise ValueError("too long or cut short")
        header_line, *actions = text.decode().split("\n")
        facts = parse_json(header_line, max_chars=MAX_ENTRY_CHARS)
        if not isinstance(facts, dict):
            raise ValueError("no facts")
    except (ValueError, zlib.error, RecordError) as exc:
        raise SaveError("damaged", f"{where} is damaged or cut short; it was skipped.") from exc
    entry = {name: facts.get(name) for name in PACKED_FACTS[:6]}
    record_keys = {"format": facts.get("format"), "rules": facts.get("rules")}
    record_keys |= {"setup": facts.get("setup"), "actions": actions}
    return entry | {
        "kind": SAVE_KIND,
        "format": SAVE_FORMAT,
        "id": game_id,
        "decisions": len(actions),
        "record": record_keys,
    }


def parse_entry(raw: str, game_id: str) -> dict:
    """A stored entry, checked field by field (``SaveError("damaged")`` if it is not one).

    Packed entries (``pack_entry``) and the JSON objects of earlier versions are read
    alike, as the JSON object. Its size and nesting are checked before it is parsed,
    its record's setup with the engine's own check; an entry of a newer version is
    ``SaveError("newer")``. Nothing is replayed."""
    where = f"The saved game {game_id!r}"
    if not isinstance(raw, str) or len(raw) > MAX_ENTRY_CHARS:
        raise SaveError("damaged", f"{where} is damaged or cut short; it was skipped.")
    if raw.startswith("S"):
        entry = unpack_entry(raw, game_id, where)
    else:
        try:
            entry = parse_json(raw, max_chars=MAX_ENTRY_CHARS)
        except RecordError as exc:
            raise SaveError("damaged", f"{where} is damaged or cut short; it was skipped.") from exc
    check_entry(entry, where)
    if entry["id"] != game_id:
        raise SaveError("damaged", f"{where} is stored under the wrong name; it was skipped.")
    return entry


def check_entry(entry, where: str) -> None:
    """Raise ``SaveError`` unless ``entry`` has every field of a save, well typed."""
    if not isinstance(entry, dict) or entry.get("kind") != SAVE_KIND:
        raise SaveError("damaged", f"{where} is not a saved game.")
    if not is_count(entry.get("format")) or entry["format"] > SAVE_FORMAT:
        raise SaveError("newer", f"{where} was saved by a newer version of the game.")
    check_record(entry.get("record"), where)
    kinds = {"id": str, "name": str, "created": str, "updated": str, "seats": list}
    kinds |= {"round": int, "decisions": int, "game_over": bool}
    for name, kind in kinds.items():
        if not isinstance(entry.get(name), kind):
            raise SaveError("damaged", f"{where} is damaged (its {name!r} is missing or wrong).")
    for seat in entry["seats"]:
        check_seat_facts(seat, where)


def check_seat_facts(seat, where: str) -> None:
    """A listed seat: its faction, controller and level known (else ``newer``)."""
    if not isinstance(seat, dict) or not isinstance(seat.get("faction"), str):
        raise SaveError("damaged", f"{where} is damaged (its seats are wrong).")
    known = (
        seat["faction"] in FACTIONS
        and seat.get("controller", "human") in CONTROLLERS
        and seat.get("level") in (None, *LEVELS, *BOT_LEVELS)
    )
    if not known:
        raise SaveError("newer", f"{where} has a seat this version does not know; it is newer.")


def check_record(rec, where: str) -> None:
    """Raise ``SaveError`` unless ``rec`` is a record this version can replay.

    Checks its format, rules version, decisions (a list of at most ``MAX_DECISIONS``
    strings) and setup (``scythe_core.check_setup``), without replaying it."""
    if not isinstance(rec, dict) or not is_count(rec.get("format")):
        raise SaveError("damaged", f"{where} has no game record.")
    if rec["format"] > RECORD_FORMAT:
        raise SaveError("newer", f"{where} was recorded by a newer version of the game.")
    actions = rec.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveError("damaged", f"{where} is damaged (its decisions are not a list).")
    if not isinstance(rec.get("setup"), dict):
        raise SaveError("damaged", f"{where} is damaged (its setup is missing).")
    try:
        check_decision_count(len(actions))
        check_rules_version(rec.get("rules"))
        check_setup(rec["setup"])
    except (RecordError, SetupError) as exc:
        code = "newer" if exc.newer else "damaged"
        raise SaveError(code, f"{where} cannot be used: {exc}.") from exc


def is_count(value) -> bool:
    """A whole number (not a bool) of a sane size."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**31


def replay_record(rec: dict, where: str) -> GameState:
    """The game of a record, every decision checked; ``SaveError`` if it does not replay."""
    try:
        return replay(rec)
    except REPLAY_ERRORS as exc:
        code = "newer" if getattr(exc, "newer", False) else "damaged"
        raise SaveError(code, f"{where} cannot be replayed: {exc}") from exc


# ------------------------------------------------------------------ checks


def check_name(name: str) -> str:
    if not isinstance(name, str) or not name.strip():
        raise SaveError("bad_name", "A saved game needs a name.")
    if len(name.strip()) > MAX_NAME:
        raise SaveError("bad_name", f"A saved game's name has at most {MAX_NAME} characters.")
    return name.strip()


def check_id(game_id: str) -> None:
    if not isinstance(game_id, str) or not ID_PATTERN.fullmatch(game_id):
        raise SaveError("not_found", f"There is no saved game {game_id!r}.")


def is_date(text) -> bool:
    return isinstance(text, str) and parse_date(text) is not None


def check_date(date: str) -> None:
    if not is_date(date):
        raise SaveError("bad_date", f"Not an ISO 8601 date: {date!r}.")


def parse_date(text: str) -> datetime | None:
    try:
        moment = datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
    except (ValueError, TypeError):
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def date_order(text: str) -> datetime:
    """Sort key for dates: unreadable ones count as the oldest."""
    return parse_date(text) or datetime.min.replace(tzinfo=UTC)
