"""Engine speed: decisions per second and full random games per second in CPython, and the
same workload (same seeds) on an earlier revision of the engine, measured in the same run.

Usage: python bench/engine.py [--games N] [--seats random,random] [--against REV | none]
                              [--rounds N]
Target (issue 3): at least 20,000 decisions/s; a random 2-seat game well under 1 s.

``--against`` (default: ``PINNED_REVISION``) extracts that revision's ``scythe_core`` with
``git archive`` into a temporary folder and runs the workload there in a subprocess, so
the two packages never meet in one interpreter; the folder is removed afterwards. With
``--rounds N`` the two are measured N times, alternating, and each one's fastest run is
reported (less noise from other load on the machine).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
#: The earlier engine every run is compared with unless ``--against`` names another.
PINNED_REVISION = "be9bfa7"


def measure(games: int, seats: list[str], seed: int) -> dict:
    """Play ``games`` random games (seeds ``seed``, ``seed + 1``, ...) with the
    ``scythe_core`` first on ``sys.path``; decisions, finished games and timings."""
    try:
        from scythe_core.io.simulate import random_game
    except ImportError:  # an engine from before the layer folders (e.g. be9bfa7)
        from scythe_core.simulate import random_game

    durations, decisions, finished = [], 0, 0
    started = time.perf_counter()
    for i in range(games):
        t0 = time.perf_counter()
        result = random_game(seed + i, seats)
        durations.append(time.perf_counter() - t0)
        decisions += result["decisions"]
        finished += result["finished"]
    return {
        "decisions": decisions,
        "finished": finished,
        "seconds": time.perf_counter() - started,
        "durations": durations,
    }


def export_revision(revision: str, into: Path) -> str:
    """Write ``revision``'s ``scythe_core`` into ``into``; its short commit hash.

    Raises ``RuntimeError`` with a readable reason when git or the revision is missing."""
    try:
        commit = subprocess.run(
            ["git", "-C", str(REPO), "rev-parse", "--short", "--verify", f"{revision}^{{commit}}"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        archive = subprocess.run(
            ["git", "-C", str(REPO), "archive", "--format=tar", commit, "scythe_core"],
            capture_output=True,
            check=True,
        ).stdout
    except FileNotFoundError as error:
        raise RuntimeError("git is not available") from error
    except subprocess.CalledProcessError as error:
        reason = (error.stderr or b"").strip()
        if isinstance(reason, bytes):
            reason = reason.decode(errors="replace")
        raise RuntimeError(f"revision {revision!r} is not available ({reason})") from error
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        if hasattr(tarfile, "data_filter"):
            tar.extractall(into, filter="data")
        else:  # Python before 3.11.4
            tar.extractall(into)
    return commit


def measure_subprocess(root: Path, games: int, seats: list[str], seed: int) -> dict:
    """The workload's figures with ``root``'s scythe_core, run in a fresh interpreter."""
    command = [sys.executable, str(Path(__file__).resolve()), "--measure-root", str(root)]
    command += ["--games", str(games), "--seats", ",".join(seats), "--seed", str(seed)]
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=root)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines()
        raise RuntimeError(f"its run failed: {lines[-1] if lines else '?'}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure_in_root(root: Path, games: int, seats: list[str], seed: int) -> None:
    """The subprocess side: measure with ``root``'s scythe_core and print one JSON line."""
    sys.path.insert(0, str(root))
    import scythe_core

    where = Path(scythe_core.__file__).resolve()
    if root.resolve() not in where.parents:
        raise SystemExit(f"imported the wrong scythe_core: {where}")
    print(json.dumps(measure(games, seats, seed)))


def fastest(runs: list[dict]) -> dict:
    return min(runs, key=lambda run: run["seconds"])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seats", default="random,random")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument(
        "--against",
        default=PINNED_REVISION,
        metavar="REV",
        help=f"earlier revision to compare with (default {PINNED_REVISION}; 'none' to skip)",
    )
    parser.add_argument(
        "--rounds",
        type=int,
        default=1,
        help="measure both engines this many times, alternating; report each one's fastest",
    )
    parser.add_argument("--measure-root", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    seats = args.seats.split(",")
    if args.measure_root:
        measure_in_root(args.measure_root, args.games, seats, args.seed)
        return

    sys.path.insert(0, str(REPO))
    workload = (args.games, seats, args.seed)
    new_runs, old_runs, problem, commit = [], [], None, args.against
    with tempfile.TemporaryDirectory(prefix="scythe-bench-") as folder:
        root = Path(folder)
        if args.against.lower() != "none":
            try:
                commit = export_revision(args.against, root)
            except RuntimeError as error:
                problem = str(error)
        for _ in range(max(1, args.rounds)):
            new_runs.append(measure(*workload))
            if args.against.lower() != "none" and problem is None:
                try:
                    old_runs.append(measure_subprocess(root, *workload))
                except RuntimeError as error:
                    problem = f"{commit}: {error}"
    new = fastest(new_runs)
    total, durations = new["seconds"], new["durations"]
    print(f"seats: {args.seats}  games: {args.games}  finished: {new['finished']}")
    print(f"decisions: {new['decisions']}  seconds: {total:.2f}")
    print(f"decisions per second: {new['decisions'] / total:,.0f}")
    print(f"games per second: {args.games / total:.2f}")
    print(f"seconds per game: median {statistics.median(durations):.3f}, max {max(durations):.3f}")
    if args.against.lower() == "none":
        return
    if problem is not None:
        print(f"against {args.against}: not measured, {problem}; current figures only")
        return
    old = fastest(old_runs)
    new_rate = new["decisions"] / total
    old_rate = old["decisions"] / old["seconds"]
    rounds = f", fastest of {len(old_runs)} rounds each" if len(old_runs) > 1 else ""
    print(
        f"against {commit} (same seeds{rounds}): finished: {old['finished']}  "
        f"decisions: {old['decisions']}  seconds: {old['seconds']:.2f}"
    )
    if old["decisions"] != new["decisions"]:
        print("  (the two engines played different games: their rules differ on these seeds)")
    print(
        f"decisions per second: new {new_rate:,.0f}  old {old_rate:,.0f}  "
        f"ratio (new / old): {new_rate / old_rate:.2f}"
    )


if __name__ == "__main__":
    main()
