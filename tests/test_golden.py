"""The golden playthrough is regenerated and diffed against the stored text.

Seed 2384 is a random 2-seat game that has a combat, an encounter, a Factory card
and an objective in it.
"""

import difflib
import os
from pathlib import Path

from golden_game import golden_transcript

GOLDEN = Path(__file__).parent / "golden" / "two_seat_seed2384.txt"


def test_golden_playthrough_matches():
    text = golden_transcript()
    if os.environ.get("SCYTHE_REGEN_GOLDEN"):
        GOLDEN.write_text(text)
    expected = GOLDEN.read_text()
    if text != expected:
        diff = "".join(
            list(difflib.unified_diff(expected.splitlines(True), text.splitlines(True)))[:60]
        )
        raise AssertionError("golden playthrough changed:\n" + diff)
