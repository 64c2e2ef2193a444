"""The golden playthroughs are regenerated and diffed against the stored text.

Seed 2384 is a random 2-seat game that has a combat, an encounter, a Factory card
and an objective in it. The Automa games (one solo game per level and a 4-seat game
with two Automas) print a digest of the game's content at every step as well, so a
change in how the engine schedules play that changes the game shows at the step.
"""

import difflib
import os
from pathlib import Path

import pytest
from golden_game import AUTOMA_GOLDEN_SETUPS, golden_transcript

GOLDEN_DIR = Path(__file__).parent / "golden"
GOLDEN = GOLDEN_DIR / "two_seat_seed2384.txt"


def _check(path: Path, text: str) -> None:
    if os.environ.get("SCYTHE_REGEN_GOLDEN"):
        path.write_text(text)
    expected = path.read_text()
    if text != expected:
        diff = "".join(
            list(difflib.unified_diff(expected.splitlines(True), text.splitlines(True)))[:60]
        )
        raise AssertionError(f"golden playthrough {path.name} changed:\n" + diff)


def test_golden_playthrough_matches():
    _check(GOLDEN, golden_transcript())


@pytest.mark.parametrize("name", sorted(AUTOMA_GOLDEN_SETUPS))
def test_automa_golden_playthrough_matches(name):
    text = golden_transcript(AUTOMA_GOLDEN_SETUPS[name], digests=True)
    assert text.splitlines()[-3].endswith("game over: True")
    _check(GOLDEN_DIR / f"{name}.txt", text)
