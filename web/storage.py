"""Saved games and share links: autosave, list, resume, rename, delete, export, import.

Pure Python with no browser import: the page hands in ``window.localStorage``, the
tests a fake with the same five members (``getItem``, ``setItem``, ``removeItem``,
``key``, ``length``). The engine keeps no clock, so the caller passes every date
as an ISO 8601 string (in the page: ``js.Date.new().toISOString()``).

Each game is one key, ``scythe.save.<id>``, holding JSON: the game's record from
``scythe_core.record`` (format version, rules version, setup, decisions), which is
the whole truth, plus a few facts for the list (name, seats, round, decisions,
dates) so that listing never has to replay a game. One key per game means one
write per save: if the browser refuses it (storage full), the previous save of
that game is still there, whole.

Every failure this module reports is a :class:`SaveError` (a
``scythe_core.RecordError``, so a ``ValueError``) with a ``code`` the page can
translate and an English ``message``. A damaged entry is reported by
:meth:`SaveStore.list` and skipped; the other games are not touched.

>>> from scythe_core import new_game
>>> class Memory(dict):
...     getItem, setItem, removeItem = dict.get, dict.__setitem__, dict.pop
...     length = property(len)
...     def key(self, i): return list(self)[i]
>>> saves = SaveStore(Memory())
>>> state = new_game({"seed": 7, "seats": [{"faction": "nordic"}, {"faction": "saxony"}]})
>>> info = saves.autosave(state, date="2026-11-22T10:00:00Z")
>>> [(g.name, g.round, g.decisions) for g in saves.list().games]
[('Nordic vs Saxony', 1, 0)]
>>> saves.resume(info.id).history == state.history
True
>>> parse_fragment(share_fragment(state)).setup == state.setup
True
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import UTC, datetime

from scythe_core import GameState, RecordError, record, replay
from scythe_core.links import decode_link, encode_link
from scythe_core.records import RECORD_FORMAT

KEY_PREFIX = "scythe.save."
SAVE_KIND = "scythe-save"
EXPORT_KIND = "scythe-saves"
SAVE_FORMAT = 1
MAX_NAME = 80
MAX_IMPORT_CHARS = 10_000_000
MAX_IMPORT_GAMES = 500
MAX_LINK_CHARS = 1_000_000
ID_PATTERN = re.compile(r"[0-9a-z][0-9a-z_-]{0,39}")
#: What the JSON parser may raise on hostile text (deep nesting raises RecursionError).
PARSE_ERRORS = (ValueError, TypeError, RecursionError)
#: What replaying a hostile record may raise besides RecordError.
REPLAY_ERRORS = (RecordError, ValueError, TypeError, KeyError, IndexError, AttributeError)


class SaveError(RecordError):
    """A save, file or link that cannot be used, or storage that refuses to work.

    ``code`` names the kind of failure for the page's own strings: ``storage_full``,
    ``storage_unavailable``, ``not_found``, ``damaged``, ``newer``, ``bad_file``,
    ``bad_link``, ``bad_name``, ``bad_date``. ``message`` is a clear English sentence.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
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


@dataclass(frozen=True)
class Problem:
    """A stored entry that could not be read; it was skipped and left as it is."""

    key: str
    id: str
    code: str
    message: str


@dataclass
class Listing:
    """The saved games, newest first, and the entries that could not be read."""

    games: list[SaveInfo] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)


# --------------------------------------------------------------------- the store


class SaveStore:
    """The saved games in one ``localStorage``-like object (several games at once)."""

    def __init__(self, storage, prefix: str = KEY_PREFIX) -> None:
        self.storage = storage
        self.prefix = prefix

    # --- reading -------------------------------------------------------------

    def list(self) -> Listing:
        """Every saved game, most recently saved first; damaged entries as problems."""
        listing = Listing()
        for key in self._keys():
            game_id = key[len(self.prefix) :]
            try:
                listing.games.append(self._read(game_id))
            except SaveError as exc:
                listing.problems.append(Problem(key, game_id, exc.code, exc.message))
        listing.games.sort(key=lambda info: info.id)
        listing.games.sort(key=lambda info: date_order(info.updated), reverse=True)
        return listing

    def info(self, game_id: str) -> SaveInfo:
        """One saved game's list entry (``SaveError`` if missing or damaged)."""
        return self._read(game_id)

    def load_record(self, game_id: str) -> dict:
        """The record of one saved game (setup and decisions), not yet replayed."""
        return self._entry(game_id)["record"]

    def resume(self, game_id: str) -> GameState:
        """The saved game, rebuilt by replaying its decisions."""
        return replay_record(self.load_record(game_id), f"The saved game {game_id!r}")

    def find(self, state: GameState) -> SaveInfo | None:
        """The saved game holding exactly this game (same setup and decisions), if any."""
        return self._same_game({"record": record(state)})

    def export_state(self, state: GameState, date: str, name: str | None = None) -> str:
        """A JSON file holding one game straight from its state (works with storage full)."""
        entry = make_entry("", name or default_name(state), state, date, date)
        return json.dumps({"kind": EXPORT_KIND, "format": SAVE_FORMAT, "games": [entry]}, indent=1)

    # --- writing -------------------------------------------------------------

    def autosave(
        self, state: GameState, date: str, game_id: str | None = None, name: str | None = None
    ) -> SaveInfo:
        """Save ``state`` after a decision: a new game without ``game_id``, else that game.

        An existing save keeps its name (unless ``name`` is given) and creation date.
        When the storage is full this raises ``SaveError("storage_full")`` and the
        game's previous save is kept as it was.
        """
        check_date(date)
        if name is not None:
            name = check_name(name)
        created = date
        if game_id is None:
            game_id = self._new_id(json.dumps(state.setup, sort_keys=True) + date)
        else:
            check_id(game_id)
            with contextlib.suppress(SaveError):  # a new or damaged entry: this replaces it
                old = self._entry(game_id)
                created, name = old["created"], name or old["name"]
        entry = make_entry(game_id, name or default_name(state), state, created, date)
        self._write(game_id, entry)
        return info_of(entry)

    def rename(self, game_id: str, name: str) -> SaveInfo:
        entry = self._entry(game_id)
        entry["name"] = check_name(name)
        self._write(game_id, entry)
        return info_of(entry)

    def delete(self, game_id: str) -> bool:
        """Remove a saved game (damaged or not). False if there was none."""
        key = self.prefix + str(game_id)
        if self._get(key) is None:
            return False
        try:
            self.storage.removeItem(key)
        except Exception as exc:  # a JavaScript error in the page
            raise storage_error(exc) from exc
        return True

    # --- files ---------------------------------------------------------------

    def export_text(self, game_ids: list[str] | None = None) -> str:
        """A JSON file holding the chosen games (all readable ones by default)."""
        if game_ids is None:
            game_ids = [info.id for info in self.list().games]
        games = [self._entry(game_id) for game_id in game_ids]
        return json.dumps({"kind": EXPORT_KIND, "format": SAVE_FORMAT, "games": games}, indent=1)

    def import_text(self, text: str, date: str) -> list[SaveInfo]:
        """Add the games of an exported file; all of them or, on any error, none.

        Every game is replayed, so only legal games get in, and the list facts are
        worked out again rather than trusted. A game already saved with the same
        decisions is not added twice. ``date`` stands in for missing dates.
        """
        check_date(date)
        prepared = [prepare_import(entry, n, date) for n, entry in enumerate(parse_file(text), 1)]
        added: list[str] = []
        result = []
        try:
            for entry in prepared:
                same = self._same_game(entry)
                if same is not None:
                    result.append(same)
                    continue
                entry["id"] = self._free_id(entry["id"], json.dumps(entry["record"]))
                self._write(entry["id"], entry)
                added.append(entry["id"])
                result.append(info_of(entry))
        except SaveError:
            for game_id in added:  # all or nothing
                with contextlib.suppress(Exception):
                    self.storage.removeItem(self.prefix + game_id)
            raise
        return result

    # --- internals -----------------------------------------------------------

    def _keys(self) -> list[str]:
        try:
            count = int(self.storage.length)
            keys = [self.storage.key(i) for i in range(count)]
        except Exception as exc:  # a JavaScript error in the page
            raise storage_error(exc) from exc
        return sorted(k for k in keys if isinstance(k, str) and k.startswith(self.prefix))

    def _get(self, key: str) -> str | None:
        try:
            raw = self.storage.getItem(key)
        except Exception as exc:  # a JavaScript error in the page
            raise storage_error(exc) from exc
        return raw if isinstance(raw, str) else None  # JS null arrives as JsNull, not None

    def _write(self, game_id: str, entry: dict) -> None:
        text = json.dumps(entry, separators=(",", ":"))
        try:
            self.storage.setItem(self.prefix + game_id, text)
        except Exception as exc:  # a JavaScript error in the page
            raise storage_error(exc) from exc

    def _entry(self, game_id: str) -> dict:
        raw = self._get(self.prefix + str(game_id))
        if raw is None:
            raise SaveError("not_found", f"There is no saved game {game_id!r}.")
        return parse_entry(raw, game_id)

    def _read(self, game_id: str) -> SaveInfo:
        return info_of(self._entry(game_id))

    def _new_id(self, seed: str) -> str:
        return self._free_id("", seed)

    def _free_id(self, wanted: str, seed: str) -> str:
        if wanted and self._get(self.prefix + wanted) is None:
            return wanted
        for n in range(1000):
            candidate = hashlib.sha256(f"{seed}\n{n}".encode()).hexdigest()[:10]
            if self._get(self.prefix + candidate) is None:
                return candidate
        raise SaveError("storage_unavailable", "Could not find a free name for the game.")

    def _same_game(self, entry: dict) -> SaveInfo | None:
        """The saved game with exactly this record, if any (imports add no duplicates)."""
        for key in self._keys():
            raw = self._get(key)
            try:
                other = parse_entry(raw or "", key[len(self.prefix) :])
            except SaveError:
                continue
            if other["record"] == entry["record"]:
                return info_of(other)
        return None


# ----------------------------------------------------------------- share links


def share_fragment(state: GameState) -> str:
    """The URL fragment that holds the whole game: ``#g1.``..."""
    return "#" + encode_link(state)


def share_url(page_url: str, state: GameState) -> str:
    """``page_url`` (minus any fragment) with the game's fragment."""
    return page_url.split("#", 1)[0] + share_fragment(state)


def link_text(text: str) -> str:
    """The link part of a fragment, a full URL or a pasted link ('' if there is none)."""
    if not isinstance(text, str):
        return ""
    text = text.strip()
    return text.split("#", 1)[1].strip() if "#" in text else text


def parse_fragment(text: str) -> GameState:
    """The game in a URL fragment (``#g1....``), a full URL, or a bare link.

    The game is replayed with every decision checked. A link that is not one,
    was cut short, tampered with or made by a newer version raises ``SaveError``.
    """
    link = link_text(text)
    if not link:
        raise SaveError("bad_link", "This address holds no game.")
    if len(link) > MAX_LINK_CHARS:
        raise SaveError("bad_link", "This game link is too long to be a real one.")
    try:
        return decode_link(link)
    except RecordError as exc:
        code = "newer" if "newer" in str(exc) else "bad_link"
        raise SaveError(code, f"This game link cannot be opened: {exc}.") from exc
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as exc:
        raise SaveError("bad_link", "This game link is damaged or incomplete.") from exc


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


def parse_entry(raw: str, game_id: str) -> dict:
    """A stored entry, checked field by field (``SaveError("damaged")`` if it is not one)."""
    where = f"The saved game {game_id!r}"
    try:
        entry = json.loads(raw)
    except PARSE_ERRORS as exc:
        raise SaveError("damaged", f"{where} is damaged or cut short; it was skipped.") from exc
    check_entry(entry, where)
    if entry["id"] != game_id:
        raise SaveError("damaged", f"{where} is stored under the wrong name; it was skipped.")
    return entry


def check_entry(entry, where: str) -> None:
    """Raise ``SaveError`` unless ``entry`` has every field of a save, well typed."""
    if not isinstance(entry, dict) or entry.get("kind") != SAVE_KIND:
        raise SaveError("damaged", f"{where} is not a saved game.")
    if not isinstance(entry.get("format"), int) or entry["format"] > SAVE_FORMAT:
        raise SaveError("newer", f"{where} was saved by a newer version of the game.")
    check_record(entry.get("record"), where)
    kinds = {"id": str, "name": str, "created": str, "updated": str, "seats": list}
    kinds |= {"round": int, "decisions": int, "game_over": bool}
    for name, kind in kinds.items():
        if not isinstance(entry.get(name), kind):
            raise SaveError("damaged", f"{where} is damaged (its {name!r} is missing or wrong).")
    seats = entry["seats"]
    if not all(isinstance(s, dict) and isinstance(s.get("faction"), str) for s in seats):
        raise SaveError("damaged", f"{where} is damaged (its seats are wrong).")


def check_record(rec, where: str) -> None:
    if not isinstance(rec, dict) or not isinstance(rec.get("format"), int):
        raise SaveError("damaged", f"{where} has no game record.")
    if rec["format"] > RECORD_FORMAT:
        raise SaveError("newer", f"{where} was recorded by a newer version of the game.")
    actions = rec.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise SaveError("damaged", f"{where} is damaged (its decisions are not a list).")
    if not isinstance(rec.get("setup"), dict):
        raise SaveError("damaged", f"{where} is damaged (its setup is missing).")


def replay_record(rec: dict, where: str) -> GameState:
    """The game of a record, every decision checked; ``SaveError`` if it does not replay."""
    try:
        return replay(rec)
    except REPLAY_ERRORS as exc:
        raise SaveError("damaged", f"{where} cannot be replayed: {exc}") from exc


# ------------------------------------------------------------------ importing


def parse_file(text: str) -> list:
    """The game entries of an exported file (or of one exported game)."""
    if not isinstance(text, str):
        raise SaveError("bad_file", "This is not a saved-games file.")
    if len(text) > MAX_IMPORT_CHARS:
        raise SaveError("bad_file", "This file is too large to be a saved-games file.")
    try:
        data = json.loads(text)
    except PARSE_ERRORS as exc:
        raise SaveError("bad_file", "This is not a saved-games file (not valid JSON).") from exc
    if isinstance(data, dict) and data.get("kind") == SAVE_KIND:
        data = {"kind": EXPORT_KIND, "format": SAVE_FORMAT, "games": [data]}
    if not isinstance(data, dict) or data.get("kind") != EXPORT_KIND:
        raise SaveError("bad_file", "This is not a saved-games file.")
    if not isinstance(data.get("format"), int) or data["format"] > SAVE_FORMAT:
        raise SaveError("newer", "This file was written by a newer version of the game.")
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise SaveError("bad_file", "This saved-games file holds no games.")
    if len(games) > MAX_IMPORT_GAMES:
        raise SaveError("bad_file", f"This file holds more than {MAX_IMPORT_GAMES} games.")
    return games


def prepare_import(entry, number: int, date: str) -> dict:
    """A fresh entry for game ``number`` of a file: replayed, its facts worked out again."""
    where = f"Game {number} of the file"
    if not isinstance(entry, dict):
        raise SaveError("bad_file", f"{where} is not a saved game.")
    try:
        check_record(entry.get("record"), where)
    except SaveError as exc:
        raise SaveError("newer" if exc.code == "newer" else "bad_file", exc.message) from exc
    try:
        state = replay_record(entry["record"], where)
    except SaveError as exc:
        raise SaveError("bad_file", exc.message) from exc
    game_id = entry.get("id")
    name = entry.get("name")
    created, updated = entry.get("created"), entry.get("updated")
    return make_entry(
        game_id if isinstance(game_id, str) and ID_PATTERN.fullmatch(game_id) else "",
        name.strip() if isinstance(name, str) and name.strip() else default_name(state),
        state,
        created if is_date(created) else date,
        updated if is_date(updated) else date,
    )


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


def is_quota_error(exc: BaseException) -> bool:
    """localStorage's "full" error, from CPython fakes or Pyodide's JsException."""
    names = f"{type(exc).__name__} {getattr(exc, 'name', '')} {exc}".lower()
    return "quota" in names


def storage_error(exc: BaseException) -> SaveError:
    if is_quota_error(exc):
        return SaveError(
            "storage_full",
            "The browser's storage for this site is full, so the game was not saved "
            "(its previous save is kept). Export or delete old games to make room.",
        )
    return SaveError("storage_unavailable", f"The browser's storage cannot be used: {exc}")
