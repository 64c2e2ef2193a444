"""Perft: legal-action counts from fixed positions, with a breakdown on mismatch."""

import json
from pathlib import Path

import pytest
from perft import divide, perft, position

DATA = json.loads((Path(__file__).parent / "perft_positions.json").read_text())


@pytest.mark.parametrize("case", DATA["positions"], ids=lambda c: c["name"].split(":")[0])
def test_perft_counts(case):
    state = position(case.get("setup"), case.get("actions", []), case.get("link"))
    for depth, expected in enumerate(case["counts"], start=1):
        got = perft(state, depth)
        if got != expected:
            breakdown = "\n".join(f"  {a}: {n}" for a, n in divide(state, depth).items())
            pytest.fail(f"depth {depth}: expected {expected}, got {got}\n{breakdown}")
