"""Saved-games files: what Export writes and what Import accepts (pure Python).

A file is JSON, ``{"kind": "scythe-saves", "format": 1, "games": [entry, ...]}``
with entries as ``save_format`` describes them; a single exported entry is read
as a file of one game. Nothing in a file is trusted: every game is replayed and
its list facts are worked out again. Every failure is a ``SaveError`` (codes
``bad_file`` and ``newer``).

>>> from scythe_core import new_game
>>> state = new_game({"seed": 7, "seats": [{"faction": "nordic"}, {"faction": "saxony"}]})
>>> entry = make_entry("g7", "Sunday", state, "2026-11-22", "2026-11-22")
>>> [game["name"] for game in parse_file(export_file_text([entry]))]
['Sunday']
>>> prepare_import({"record": entry["record"]}, 1, "2026-11-23")["name"]
'Nordic vs Saxony'
>>> parse_file('{"kind": "scythe-saves", "format": 1, "games": []}')
Traceback (most recent call last):
...
save_format.SaveError: This saved-games file holds no games.
"""

from __future__ import annotations

import json

from save_format import (
    ID_PATTERN,
    SAVE_FORMAT,
    SAVE_KIND,
    SaveError,
    check_record,
    default_name,
    is_count,
    is_date,
    make_entry,
    replay_record,
)

from scythe_core import RecordError
from scythe_core.io.records import MAX_DECISIONS
from scythe_core.io.untrusted import parse_json

EXPORT_KIND = "scythe-saves"
MAX_IMPORT_GAMES = 500
#: A file holds at most this many decisions in all: ten games of the most decisions a
#: game may have, or hundreds of real ones (an import replays every one of them).
MAX_IMPORT_DECISIONS = 10 * MAX_DECISIONS
#: The most characters of a file: room for that many decisions at 40 characters each
#: as Export writes them (one a line, indented and quoted; most take about 20).
MAX_IMPORT_CHARS = 10_000_000


def export_file(games: list[dict]) -> dict:
    """The JSON object of a saved-games file holding these entries."""
    return {"kind": EXPORT_KIND, "format": SAVE_FORMAT, "games": games}


def export_file_text(games: list[dict]) -> str:
    """The text of a saved-games file holding these entries, as Export writes it."""
    return json.dumps(export_file(games), indent=1)


def parse_file(text: str) -> list:
    """The game entries of an exported file (or of one exported game).

    The text's size and nesting are checked before it is parsed, and the number of
    games and of decisions in all before any game is replayed."""
    if not isinstance(text, str):
        raise SaveError("bad_file", "This is not a saved-games file.")
    if len(text) > MAX_IMPORT_CHARS:
        raise SaveError("bad_file", "This file is too large to be a saved-games file.")
    try:
        data = parse_json(text, max_chars=MAX_IMPORT_CHARS)
    except RecordError as exc:
        raise SaveError("bad_file", f"This is not a saved-games file ({exc}).") from exc
    if isinstance(data, dict) and data.get("kind") == SAVE_KIND:
        data = export_file([data])
    if not isinstance(data, dict) or data.get("kind") != EXPORT_KIND:
        raise SaveError("bad_file", "This is not a saved-games file.")
    if not is_count(data.get("format")) or data["format"] > SAVE_FORMAT:
        raise SaveError("newer", "This file was written by a newer version of the game.")
    games = data.get("games")
    if not isinstance(games, list) or not games:
        raise SaveError("bad_file", "This saved-games file holds no games.")
    if len(games) > MAX_IMPORT_GAMES:
        raise SaveError("bad_file", f"This file holds more than {MAX_IMPORT_GAMES} games.")
    if sum(map(decision_count, games)) > MAX_IMPORT_DECISIONS:
        raise SaveError(
            "bad_file", f"This file holds more than {MAX_IMPORT_DECISIONS:,} decisions in all."
        )
    return games


def decision_count(entry) -> int:
    """How many decisions a file's game claims to hold (0 if it is not a game)."""
    rec = entry.get("record") if isinstance(entry, dict) else None
    actions = rec.get("actions") if isinstance(rec, dict) else None
    return len(actions) if isinstance(actions, list) else 0


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
