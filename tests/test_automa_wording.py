"""The Automa's log is data: event codes with parameters, worded outside the state.

``tests/golden/automa_log_texts.txt`` holds every Automa line of the golden Automa
games and ``tests/golden/automa_log_random.txt`` a hash of the lines of each of 200
random Automa games. They were first written by the engine before issue 12, when the
log stored English and Dutch sentences, and written again when the words moved into
the gettext catalogues: the same sentences with real plurals ("1 coin", "2 munten"
instead of "munt(en)"), hexes named as players read them ("forest C6", not "r2c5")
and factions, recruits and bonuses by their names. ``scythe_core.io.wording`` must
word the entries with exactly that text.
"""

from __future__ import annotations

import difflib
import doctest
import json
import re
from pathlib import Path

from automa_log_games import all_lines, game_digests, games, play_log

from scythe_core.io import catalogue, wording
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
    tables = {
        "event": [
            c for c in wording.TEMPLATES if c not in wording.COUNTS and c != "combat_card_flipped"
        ],
        "reason": wording.REASONS,
        "tie": wording.TIE_BREAKERS,
        "flip": (*wording.FLIP_TARGETS, "cancels", "passes"),
        "retreat": wording.RETREAT_PLACES,
        "symbol": wording.SYMBOLS,
        "unit.the": wording.UNIT_KINDS,
        "unit": wording.UNIT_KINDS,
    }
    plural_tables = {"event": wording.COUNTS, "fact": wording.FACTS, "count": wording.NOUNS}
    for lang in wording.LANGUAGES:
        for prefix, codes in tables.items():
            for code in codes:
                assert catalogue.words(f"{prefix}.{code}", lang), (prefix, code, lang)
        for prefix, codes in plural_tables.items():
            for code in codes:
                one = catalogue.nwords(f"{prefix}.{code}", 1, lang)
                many = catalogue.nwords(f"{prefix}.{code}", 2, lang)
                assert one and many and one != many, (prefix, code, lang)


def test_counted_nouns_have_real_plurals():
    assert wording.counted(2, "coin", "en") == "2 coins"
    assert wording.counted(1, "coin", "en") == "1 coin"
    assert wording.counted(0, "coin", "en") == "0 coins"
    assert wording.counted(1, "resource", "nl") == "1 grondstof"
    assert wording.counted(3, "resource", "nl") == "3 grondstoffen"
    assert wording.counted(1, "other_automa_unit", "nl") == "1 andere Automa-eenheid"
    assert wording.counted(2, "other_automa_unit", "nl") == "2 andere Automa-eenheden"
    for noun in wording.NOUNS:
        for lang in wording.LANGUAGES:
            for n in (0, 1, 2, 5):
                assert "(" not in wording.counted(n, noun, lang), (noun, lang, n)


def test_log_lines_name_hexes_as_players_read_them():
    assert wording.hex_name("r2c5", "en") == "farm C6"
    assert wording.hex_name("r2c5", "nl") == "boerderij C6"
    assert wording.hex_name("r4c3", "nl") == "Fabriek E4"
    assert wording.hex_name("HB-nordic", "en") == "the Nordic home base"
    assert wording.place_name("HB-nordic", "nl") == "zijn thuisbasis"
    entry = {"event": "automa", "code": "resources_removed", "params": {"count": 1, "hex": "r2c5"}}
    assert describe_event(entry, "en") == "1 resource on farm C6 is removed."
    entry["params"]["count"] = 3
    assert describe_event(entry, "nl") == "Alle 3 grondstoffen op boerderij C6 worden verwijderd."


def test_no_log_line_names_a_hex_by_its_internal_id():
    for line in all_lines(describe_event):
        assert not re.search(r"\br\dc\d\b|HB-", line), line
        assert not re.search(r"\w\((s|en|fen)\)", line), line


def test_the_module_examples():
    assert doctest.testmod(wording).failed == 0


def test_rule_modules_do_not_import_the_wording():
    for path in SCYTHE_CORE.glob("*.py"):
        if path.name != "wording.py":
            assert "wording import" not in path.read_text(), path.name
            assert "import wording" not in path.read_text(), path.name
