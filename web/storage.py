"""Saved games in the browser: autosave, list, resume, rename, delete, export, import.

Pure Python with no browser import: the page hands in ``window.localStorage``, the
tests a fake with the same five members (``getItem``, ``setItem``, ``removeItem``,
``key``, ``length``). The engine keeps no clock, so the caller passes every date
as an ISO 8601 string (in the page: ``js.Date.new().toISOString()``).

Each game is one key, ``<site>save.<id>``, holding one entry as ``save_format``
describes it (the game's record plus a few facts for the list), written compactly
(``save_format.pack_entry``: about as many characters as the game's link, a tenth
of the JSON object); entries of earlier versions are read as they are, and packed
when the list is read (``list``), if they pack whole. ``<site>``
(``site_prefix``) names the site's own path, so two sites of the same origin (two
projects of one GitHub Pages owner, two copies of this game) keep their saves
apart. One key per game means one write per save: if the browser refuses it
(storage full), the previous save of that game is still there, whole. Export and Import read and write the
files of ``save_files``; share links live in ``share_links``.

Every failure this module reports is a :class:`SaveError` with a ``code`` the page
can translate and an English ``message``. A damaged entry is reported by
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
from collections.abc import Iterator
from dataclasses import dataclass, field

from save_files import export_file_text, parse_file, prepare_import
from save_format import (
    PACKED,
    SaveError,
    SaveInfo,
    check_date,
    check_id,
    check_name,
    date_order,
    default_name,
    info_of,
    make_entry,
    pack_entry,
    parse_entry,
    replay_record,
)

# The page (ui.py) and the e2e checks take the share links from here too.
from share_links import parse_fragment, share_fragment, share_url

from scythe_core import GameState, record

__all__ = [
    "KEY_PREFIX",
    "MemoryStorage",
    "adopt_legacy_saves",
    "open_storage",
    "site_prefix",
    "Listing",
    "Problem",
    "SaveError",
    "SaveInfo",
    "SaveStore",
    "parse_fragment",
    "share_fragment",
    "share_url",
]

#: Saves of versions before the site's own path was in the key (adopted once by each site).
KEY_PREFIX = "scythe.save."


def site_prefix(pathname: str) -> str:
    """The prefix of every key of the site at ``pathname`` (the page's ``location.pathname``).

    >>> [site_prefix(p) for p in ("/", "/scythe", "/scythe/", "/scythe/index.html")]
    ['scythe:/:', 'scythe:/scythe/:', 'scythe:/scythe/:', 'scythe:/scythe/:']
    """
    path = pathname if isinstance(pathname, str) and pathname.startswith("/") else "/"
    last = path.rsplit("/", 1)[-1]
    if "." in last:
        path = path[: len(path) - len(last)]
    elif not path.endswith("/"):
        path += "/"
    return f"scythe:{path}:"


class MemoryStorage(dict):
    """A ``localStorage`` stand-in for a tab whose browser refuses storage: saves last
    as long as the tab (the page says so and offers Export)."""

    def getItem(self, key: str) -> str | None:
        return self.get(key)

    def setItem(self, key: str, value: str) -> None:
        self[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.pop(key, None)

    def key(self, index: int) -> str | None:
        keys = list(self)
        return keys[index] if 0 <= index < len(keys) else None

    @property
    def length(self) -> int:
        return len(self)


def adopt_legacy_saves(storage, prefix: str) -> int:
    """Copy the saves of earlier versions (keyed by origin only) under this site's keys.

    Done once per site (a marker key remembers it); the old keys are left where they
    are, so another copy of the game on the same origin can adopt them too. A game
    this site already has is not copied. Returns how many were copied.
    """
    marker = prefix + "adopted"
    with browser_storage():
        if isinstance(storage.getItem(marker), str):
            return 0
        keys = [storage.key(i) for i in range(int(storage.length))]
        legacy = sorted(k for k in keys if isinstance(k, str) and k.startswith(KEY_PREFIX))
        copied = 0
        for key in legacy:
            target = prefix + "save." + key[len(KEY_PREFIX) :]
            raw = storage.getItem(key)
            if isinstance(raw, str) and not isinstance(storage.getItem(target), str):
                storage.setItem(target, raw)
                copied += 1
        storage.setItem(marker, "1")
    return copied


def open_storage(get_storage) -> tuple[object, bool]:
    """The browser's storage from ``get_storage()``, and whether it works.

    Blocked cookies and some private modes make ``window.localStorage`` throw on
    access; then the game plays on with a ``MemoryStorage`` (and ``False``).
    """
    try:
        storage = get_storage()
        int(storage.length)
        storage.getItem(KEY_PREFIX)
    except Exception:  # a JavaScript SecurityError in the page
        return MemoryStorage(), False
    if storage is None or not hasattr(storage, "setItem"):
        return MemoryStorage(), False
    return storage, True


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


class SaveStore:
    """The saved games in one ``localStorage``-like object (several games at once)."""

    def __init__(self, storage, prefix: str = KEY_PREFIX) -> None:
        self.storage = storage
        self.prefix = prefix
        #: What this store last wrote under each key, and its entry (an autosave finds
        #: its own previous save there and need not read it back).
        self._written: dict[str, tuple[str, dict]] = {}

    # --- reading -------------------------------------------------------------

    def list(self) -> Listing:
        """Every saved game, most recently saved first; damaged entries as problems."""
        listing = Listing()
        for key in self._keys():
            game_id = self._id_of(key)
            try:
                entry = self._entry(game_id)
            except SaveError as exc:
                listing.problems.append(Problem(key, game_id, exc.code, exc.message))
                continue
            listing.games.append(info_of(entry))
            self._pack_legacy(key, entry)
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
        return export_file_text([make_entry("", name or default_name(state), state, date, date)])

    # --- writing -------------------------------------------------------------

    def autosave(
        self,
        state: GameState,
        date: str,
        game_id: str | None = None,
        name: str | None = None,
        expected: list[str] | None = None,
    ) -> SaveInfo:
        """Save ``state`` after a decision: a new game without ``game_id``, else that game.

        An existing save keeps its name (unless ``name`` is given) and creation date.
        ``expected`` is what this tab last saved or loaded there: when the stored game
        holds other decisions (another tab saved it since), nothing is written and
        ``SaveError("conflict")`` says how many decisions the stored game holds.
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
            old = self._stored(game_id)
            if old is not None:
                created, name = old["created"], name or old["name"]
                if expected is not None and old["record"]["actions"] != list(expected):
                    raise conflict_error(old)
        entry = make_entry(game_id, name or default_name(state), state, created, date)
        self._write(game_id, entry)
        return info_of(entry)

    def rename(self, game_id: str, name: str) -> SaveInfo:
        entry = self._entry(game_id)
        entry["name"] = check_name(name)
        self._write(game_id, entry)
        return info_of(entry)

    def delete(self, game_id: str) -> str | None:
        """Remove a saved game (damaged or not): its stored text (for ``restore``), or
        None if there was none."""
        key = self._key(str(game_id))
        raw = self._get(key)
        if raw is None:
            return None
        with browser_storage():
            self.storage.removeItem(key)
        return raw

    def restore(self, game_id: str, raw: str) -> None:
        """Put back what ``delete`` removed (unless that name was taken since)."""
        check_id(game_id)
        key = self._key(game_id)
        if self._get(key) is not None:
            raise SaveError("bad_name", f"A saved game {game_id!r} exists again; not restored.")
        with browser_storage():
            self.storage.setItem(key, raw)

    # --- files ---------------------------------------------------------------

    def export_text(self, game_ids: list[str] | None = None) -> str:
        """A JSON file holding the chosen games (all readable ones by default)."""
        if game_ids is None:
            game_ids = [info.id for info in self.list().games]
        return export_file_text([self._entry(game_id) for game_id in game_ids])

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
                    self.storage.removeItem(self._key(game_id))
            raise
        return result

    # --- internals -----------------------------------------------------------

    def _key(self, game_id: str) -> str:
        return self.prefix + game_id

    def _id_of(self, key: str) -> str:
        return key[len(self.prefix) :]

    def _keys(self) -> list[str]:
        with browser_storage():
            count = int(self.storage.length)
            keys = [self.storage.key(i) for i in range(count)]
        return sorted(k for k in keys if isinstance(k, str) and k.startswith(self.prefix))

    def _get(self, key: str) -> str | None:
        with browser_storage():
            raw = self.storage.getItem(key)
        return raw if isinstance(raw, str) else None  # JS null arrives as JsNull, not None

    def _write(self, game_id: str, entry: dict) -> None:
        text = pack_entry(entry)
        key = self._key(game_id)
        self._written.pop(key, None)
        with browser_storage():
            self.storage.setItem(key, text)
        self._written[key] = (text, entry)

    def _entry(self, game_id: str) -> dict:
        raw = self._get(self._key(str(game_id)))
        if raw is None:
            raise SaveError("not_found", f"There is no saved game {game_id!r}.")
        return parse_entry(raw, game_id)

    def _stored(self, game_id: str) -> dict | None:
        """The stored entry, or None if there is none or it is damaged (a save replaces it)."""
        key = self._key(game_id)
        written = self._written.get(key)
        if written is not None and written[0] == self._get(key):
            return written[1]  # as this store wrote it (not read back from the storage)
        try:
            return self._entry(game_id)
        except SaveError as exc:
            if exc.code in ("storage_full", "storage_unavailable"):
                raise
            return None

    def _pack_legacy(self, key: str, entry: dict) -> None:
        """Write an entry of an earlier version (its JSON object) packed, if it packs
        into exactly the same entry (nothing of it lost); a failure changes nothing."""
        raw = self._get(key)
        if raw is None or raw.startswith(PACKED):
            return
        try:
            packed = pack_entry(entry)
            same = parse_entry(packed, entry["id"]) == entry
        except SaveError:
            return
        if same:
            with contextlib.suppress(SaveError):  # full: it stays as it was
                self._write(entry["id"], entry)

    def _read(self, game_id: str) -> SaveInfo:
        return info_of(self._entry(game_id))

    def _new_id(self, seed: str) -> str:
        return self._free_id("", seed)

    def _free_id(self, wanted: str, seed: str) -> str:
        if wanted and self._get(self._key(wanted)) is None:
            return wanted
        for n in range(1000):
            candidate = hashlib.sha256(f"{seed}\n{n}".encode()).hexdigest()[:10]
            if self._get(self._key(candidate)) is None:
                return candidate
        raise SaveError("storage_unavailable", "Could not find a free name for the game.")

    def _same_game(self, entry: dict) -> SaveInfo | None:
        """The saved game with exactly this record, if any (imports add no duplicates)."""
        for key in self._keys():
            raw = self._get(key)
            try:
                other = parse_entry(raw or "", self._id_of(key))
            except SaveError:
                continue
            if other["record"] == entry["record"]:
                return info_of(other)
        return None


# ------------------------------------------------------------ storage failures


@contextlib.contextmanager
def browser_storage() -> Iterator[None]:
    """Turn any error the storage throws (a JavaScript one in the page) into a ``SaveError``."""
    try:
        yield
    except Exception as exc:  # a JavaScript error in the page
        raise storage_error(exc) from exc


def conflict_error(stored: dict) -> SaveError:
    decisions = len(stored["record"]["actions"])
    error = SaveError(
        "conflict",
        f"Another tab has saved this game since ({decisions} decisions), so this tab "
        "did not overwrite it. Load that save, or keep this game as a copy.",
    )
    error.decisions = decisions
    return error


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
