"""``bench/engine.py``: the current figures, and the same workload on an earlier revision."""

from __future__ import annotations

import doctest
import importlib.util
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
BENCH = REPO / "bench" / "engine.py"

needs_git = pytest.mark.skipif(
    shutil.which("git") is None or not (REPO / ".git").exists(), reason="no git checkout"
)


def run_bench(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, str(BENCH), "--games", "1", "--replay-decisions", "300", *args],
        capture_output=True,
        text=True,
        check=True,
        cwd=REPO,
    )
    return done.stdout


@needs_git
def test_the_bench_compares_with_a_revision_on_the_same_seeds():
    out = run_bench("--against", "HEAD")
    assert "decisions per second:" in out and "seconds per game:" in out
    old = re.search(r"against \w+ \(same seeds\): finished: \d+  decisions: (\d+)", out)
    new = re.search(r"^decisions: (\d+)", out, re.M)
    assert old and new and old.group(1) == new.group(1)  # the same games were played
    assert re.search(r"new [\d,]+  old [\d,]+  ratio \(new / old\): \d+\.\d\d", out)
    assert re.search(r"through apply: new [\d,]+  old [\d,]+  ratio", out)
    assert re.search(r"replay of a 300-decision record: \d+\.\d\d s \(target under 2 s: met\)", out)
    assert re.search(r"replay: new \d+\.\d\d s  old \d+\.\d\d s  ratio \(old / new\)", out)


def test_the_long_record_is_a_legal_game_that_goes_on():
    sys.path.insert(0, str(BENCH.parent))
    try:
        import engine as bench_engine
    finally:
        sys.path.remove(str(BENCH.parent))
    from scythe_core import replay

    rec = bench_engine.endless_record(3_000)
    state = replay(rec)
    assert len(state.history) == 3_000 and not state.game_over
    assert max(p.star_count for p in state.players) == 5, "it went on past a seat about to win"


def test_an_unknown_revision_leaves_the_current_figures():
    out = run_bench("--against", "no-such-revision")
    assert "decisions per second:" in out
    assert "not measured" in out and "ratio" not in out


def test_the_bench_figures_helpers():
    """bench/figures.py: the percentile the bench scripts print, and its doctests."""
    spec = importlib.util.spec_from_file_location("bench_figures", REPO / "bench" / "figures.py")
    figures = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(figures)
    assert doctest.testmod(figures).failed == 0
    assert figures.percentile([5.0], 0.95) == 5.0
    assert figures.percentile(list(range(20)), 0.95) == 18  # the 19th of 20 values
    assert "no samples" in figures.timing_line("x", [])
    assert figures.timing_line("x", [30.0], 25.0).endswith("(target median < 25 ms: missed)")
