"""The Automa's log is data: event codes with parameters, worded outside the state.

``tests/golden/automa_log_texts.txt`` holds every Automa line of the golden Automa
games and ``tests/golden/automa_log_random.txt`` a hash of the lines of each of 200
random Automa games, both written by the engine before issue 12, when the log stored
English and Dutch sentences. ``scythe_core.io.wording`` must word the new entries with
exactly the same text.
"""

from __future__ import annotations

import difflib
import doctest
import json
from pathlib import Path

from automa_log_games import all_lines, game_digests, games, play_log
from test_automa import automa_turn, solo

from scythe_core.io import wording
from scythe_core.io.wording import describe_event

GOLDEN_DIR = Path(__file__).parent / "golden"
SCYTHE_CORE = Path(wording.__file__).parent


def _diff(expected: list[str], found: list[str]) -> str:
    return "".join(list(difflib.unified_diff(expected, found, lineterm="\n"))[:40])


def test_golden_games_are_worded_as_the_log_used_to_store_them():
    expected = (GOLDEN_DIR / "automa_log_texts.txt").read_text(encoding="utf-8").splitlines(True)
    found = [line + "\n" for line in all_lines(describe_event)]
    assert found == expected, _diff(expected, found)


def test_random_games_are_worded_as_the_log_used_to_store_them():
    expected = (GOLDEN_DIR / "automa_log_random.txt").read_text().splitlines(True)
    found = [line + "\n" for line in game_digests(describe_event, len(expected))]
    assert found == expected, _diff(expected, found)


def _plain_json(value) -> bool:
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain_json(v) for k, v in value.items())
    if isinstance(value, list):
        return all(_plain_json(v) for v in value)
    return value is None or isinstance(value, bool | int | str)


KNOWN_CODES = {*wording.TEMPLATES, "symbol_valid"}


def test_entries_are_codes_and_plain_json_without_sentences():
    seen = set()
    for _name, setup in games(random_count=40):
        for entry in play_log(setup):
            if entry.get("event") != "automa":
                continue
            assert "text" not in entry
            assert entry["code"] in KNOWN_CODES
            assert _plain_json(entry) and json.loads(json.dumps(entry)) == entry
            seen.add(entry["code"])
    assert len(seen) > 25, "the games had many kinds of Automa lines"


def test_every_wording_exists_in_both_languages():
    tables = (
        wording.TEMPLATES,
        wording.REASONS,
        wording.TIE_BREAKERS,
        wording.FACTS,
        wording.FLIP_TARGETS,
        wording.RETREAT_PLACES,
        wording.SYMBOL_NAMES,
        wording.UNIT_NAMES,
        wording.UNIT_NOUNS,
    )
    for table in tables:
        for code, texts in table.items():
            assert len(texts) == len(wording.LANGUAGES) and all(texts), code


def test_a_move_line_in_both_languages_and_an_unknown_language():
    state, _, _ = solo()
    automa_turn(state, 8)  # (Togawa: E) / M / W
    move = next(e for e in state.log if e.get("code") == "symbol_valid")
    assert move["params"] == {
        "symbol": "W",
        "unit": "worker:0",
        "from": "r6c0",
        "to": "r6c1",
        "unit_why": "reading_order",
        "to_why": "closest_to_factory",
        "fact": {"code": "automa_units_around", "n": 1},
    }
    assert move["moves"] == [[1, "worker:0", "r6c0", "r6c1"]]
    assert describe_event(move, "de") == describe_event(move, "en")
    assert describe_event(move, "en").startswith("Tried 'move worker': valid.")


def test_counted_nouns_are_worded_in_one_place():
    assert wording.counted(2, "coin", "en") == "2 coin(s)"
    assert wording.counted(1, "resource", "nl") == "1 grondstof(fen)"
    for forms in wording.NOUNS.values():
        assert all(len(lang_forms) == 3 for lang_forms in forms)


def test_the_module_examples():
    assert doctest.testmod(wording).failed == 0


def test_rule_modules_do_not_import_the_wording():
    for path in SCYTHE_CORE.glob("*.py"):
        if path.name != "wording.py":
            assert "wording import" not in path.read_text(), path.name
            assert "import wording" not in path.read_text(), path.name
