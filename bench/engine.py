"""Engine speed: decisions per second, full random games per second and the replay time of
a 50,000-decision record in CPython, and the same workload (same seeds, same record) on an
earlier revision of the engine, measured in the same run.

Usage: python bench/engine.py [--games N] [--seats random,random] [--against REV | none]
                              [--rounds N] [--apply-games N] [--replay-decisions N]
Targets (issue 16): at least 2x the decisions per second of ``PINNED_REVISION`` (the engine
before issue 16) in the same run; the 50,000-decision record replayed in under 2 s.

The workload uses the public API only (``new_game``, ``legal_actions``, ``apply_in_place``,
``apply``, ``replay``), so it means the same on every revision:

- random games played in place (``apply_in_place``, as replays and simulations do);
- random games played through ``apply``, a new state per decision (as the page does);
- ``replay`` of one long legal record: a random 2-seat game whose seats never take a choice
  that would end it, cut at ``--replay-decisions`` decisions. It is built once with the
  current engine and replayed by both.

``--against`` (default: ``PINNED_REVISION``) extracts that revision's ``scythe_core`` with
``git archive`` into a temporary folder and runs the workload there in a subprocess, so
the two packages never meet in one interpreter (the current engine runs in a fresh
subprocess too, so both are measured alike); the folder is removed afterwards. With
``--rounds N`` the two are measured N times, alternating, and each one's fastest run is
reported (less noise from other load on the machine).
"""

from __future__ import annotations

import argparse
import inspect
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
#: The earlier engine every run is compared with unless ``--against`` names another: the
#: engine before issue 16 (control, objectives and movement reach worked out per query,
#: the whole history copied by every ``apply``).
PINNED_REVISION = "420fdd5"
#: The replay target: a record of this many decisions in under ``REPLAY_TARGET_SECONDS``.
REPLAY_DECISIONS = 50_000
REPLAY_TARGET_SECONDS = 2.0
#: How far back the endless game may go to avoid a choice that ends it.
BACKTRACK = 40
#: The choices a seat about to win takes where it may, so that the game goes on.
QUIET = ("skip", "done", "end_turn")


def _rng():
    try:
        from scythe_core.model import rng
    except ImportError:  # an engine from before the layer folders
        from scythe_core import rng
    return rng


def seat_configs(seats: list[str]) -> list[dict]:
    """Seats for ``new_game``: "automa" is the Automa, anything else a seat we choose for."""
    return [{"controller": "automa"} if s == "automa" else {"controller": "bot"} for s in seats]


def random_playout(seed: int, seats: list[str], through_apply: bool = False) -> dict:
    """One game of uniformly random legal choices (the Automa plays itself): its decisions
    and whether it finished. ``through_apply``: each decision makes a new state (``apply``)."""
    from scythe_core import apply, apply_in_place, legal_actions, new_game

    rng = _rng()
    state = new_game({"seed": seed, "seats": seat_configs(seats)})
    chooser = rng.seed_state(seed ^ 0x5EED)
    decisions = 0
    while not state.game_over and state.turns_taken < 2000:
        options = legal_actions(state)
        chooser, pick = rng.randbelow(chooser, len(options))
        if through_apply:
            state = apply(state, options[pick])
        else:
            apply_in_place(state, options[pick], check=False)
        decisions += 1
    return {"decisions": decisions, "finished": state.game_over}


def endless_record(decisions: int, seed: int = 16) -> dict:
    """A legal record of ``decisions`` decisions: a random 2-seat game that never ends.

    Choices are random, except that a seat with 5 stars takes a quiet choice (skip, done,
    end the turn, pay coins) where it has one. When a choice still ends the game, play
    goes back (up to ``BACKTRACK`` decisions) and takes another choice there instead."""
    from scythe_core import apply_in_place, legal_actions, new_game, record, to_move

    rng = _rng()
    state = new_game({"seed": seed, "seats": seat_configs(["random", "random"])})
    chooser = rng.seed_state(seed)
    #: (the state before a decision, the choices not tried there yet), latest last.
    behind: list[tuple] = []
    while len(state.history) < decisions:
        options = legal_actions(state)
        chooser, first = rng.randbelow(chooser, len(options))
        untried = [*options[first:], *options[:first]]
        if state.players[to_move(state)].star_count >= 5:
            quiet = [a for a in untried if a in QUIET or a.startswith("coins")]
            untried = quiet + [a for a in untried if a not in quiet]
        if any(p.star_count >= 5 for p in state.players):
            behind.append((state.copy(), untried[1:]))
            del behind[:-BACKTRACK]
        apply_in_place(state, untried[0], check=False)
        while state.game_over:
            while behind and not behind[-1][1]:
                behind.pop()
            if not behind:
                raise RuntimeError(f"the game ended after {len(state.history)} decisions")
            before, left = behind[-1]
            state = before.copy()
            apply_in_place(state, left.pop(0), check=False)
    return record(state)


def time_replay(rec: dict) -> float:
    """Seconds ``replay`` takes for the record, its decision limit and time budget lifted."""
    from scythe_core import replay

    params = inspect.signature(replay).parameters
    keywords: dict = {}
    if "max_decisions" in params:
        keywords["max_decisions"] = len(rec["actions"])
    if "max_seconds" in params:
        keywords["max_seconds"] = 1e9
    started = time.process_time()
    state = replay(rec, **keywords)
    seconds = time.process_time() - started
    if len(state.history) != len(rec["actions"]):
        raise RuntimeError("the replay did not give back every decision")
    return seconds


def measure(games: int, seats: list[str], seed: int, apply_games: int, rec: dict | None) -> dict:
    """The workload with the ``scythe_core`` first on ``sys.path``: random games in place
    (seeds ``seed``, ``seed + 1``, ...), the first ``apply_games`` of them again through
    ``apply``, and the replay of ``rec``."""
    durations, decisions, finished = [], 0, 0
    started = time.process_time()
    for i in range(games):
        t0 = time.process_time()
        result = random_playout(seed + i, seats)
        durations.append(time.process_time() - t0)
        decisions += result["decisions"]
        finished += result["finished"]
    seconds = time.process_time() - started
    applied, t0 = 0, time.process_time()
    for i in range(apply_games):
        applied += random_playout(seed + i, seats, through_apply=True)["decisions"]
    apply_seconds = time.process_time() - t0
    return {
        "decisions": decisions,
        "finished": finished,
        "seconds": seconds,
        "durations": durations,
        "apply_decisions": applied,
        "apply_seconds": apply_seconds,
        "replay_decisions": len(rec["actions"]) if rec else 0,
        "replay_seconds": time_replay(rec) if rec else None,
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


def measure_subprocess(root: Path, args: argparse.Namespace, record_file: Path | None) -> dict:
    """The workload's figures with ``root``'s scythe_core, run in a fresh interpreter."""
    command = [sys.executable, str(Path(__file__).resolve()), "--measure-root", str(root)]
    command += ["--games", str(args.games), "--seats", args.seats, "--seed", str(args.seed)]
    command += ["--apply-games", str(args.apply_games)]
    if record_file is not None:
        command += ["--record-file", str(record_file)]
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run(command, capture_output=True, text=True, env=env, cwd=root)
    if done.returncode != 0:
        lines = done.stderr.strip().splitlines()
        raise RuntimeError(f"its run failed: {lines[-1] if lines else '?'}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure_in_root(root: Path, args: argparse.Namespace) -> None:
    """The subprocess side: measure with ``root``'s scythe_core and print one JSON line."""
    sys.path.insert(0, str(root))
    import scythe_core

    where = Path(scythe_core.__file__).resolve()
    if root.resolve() not in where.parents:
        raise SystemExit(f"imported the wrong scythe_core: {where}")
    rec = json.loads(args.record_file.read_text()) if args.record_file else None
    figures = measure(args.games, args.seats.split(","), args.seed, args.apply_games, rec)
    print(json.dumps(figures))


def fastest(runs: list[dict]) -> dict:
    """Each figure's best over the rounds (the least disturbed by other load)."""
    best = dict(min(runs, key=lambda run: run["seconds"]))
    best["apply_seconds"] = min(run["apply_seconds"] for run in runs)
    if best["replay_seconds"] is not None:
        best["replay_seconds"] = min(run["replay_seconds"] for run in runs)
    return best


def rate(decisions: int, seconds: float) -> float:
    return decisions / seconds if seconds else 0.0


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seats", default="random,random")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument(
        "--apply-games",
        type=int,
        default=10,
        help="how many of the games to play again through apply (default 10)",
    )
    parser.add_argument(
        "--replay-decisions",
        type=int,
        default=REPLAY_DECISIONS,
        help=f"decisions of the replayed record (default {REPLAY_DECISIONS:,}; 0 to skip)",
    )
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
    parser.add_argument("--record-file", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    args.apply_games = min(args.apply_games, args.games)
    if args.measure_root:
        measure_in_root(args.measure_root, args)
        return

    sys.path.insert(0, str(REPO))
    rec = endless_record(args.replay_decisions) if args.replay_decisions > 0 else None
    compare = args.against.lower() != "none"
    new_runs, old_runs, problem, commit = [], [], None, args.against
    with tempfile.TemporaryDirectory(prefix="scythe-bench-") as folder:
        root = Path(folder)
        record_file = None
        if rec is not None:
            record_file = root / "record.json"
            record_file.write_text(json.dumps(rec))
        if compare:
            try:
                commit = export_revision(args.against, root)
            except RuntimeError as error:
                problem = str(error)
        for _ in range(max(1, args.rounds)):
            # Each engine in a fresh interpreter of its own, measured the same way (not
            # this one, whose heap holds the long record and what building it left).
            new_runs.append(measure_subprocess(REPO, args, record_file))
            if compare and problem is None:
                try:
                    old_runs.append(measure_subprocess(root, args, record_file))
                except RuntimeError as error:
                    problem = f"{commit}: {error}"
    new = fastest(new_runs)
    total, durations = new["seconds"], new["durations"]
    print(f"seats: {args.seats}  games: {args.games}  finished: {new['finished']}")
    print(f"decisions: {new['decisions']}  seconds: {total:.2f}")
    print(f"decisions per second: {rate(new['decisions'], total):,.0f}")
    print(f"games per second: {args.games / total:.2f}")
    print(f"seconds per game: median {statistics.median(durations):.3f}, max {max(durations):.3f}")
    if args.apply_games:
        print(
            f"through apply ({args.apply_games} games): {new['apply_decisions']} decisions, "
            f"{rate(new['apply_decisions'], new['apply_seconds']):,.0f} per second"
        )
    if rec is not None:
        verdict = "met" if new["replay_seconds"] < REPLAY_TARGET_SECONDS else "NOT met"
        print(
            f"replay of a {new['replay_decisions']:,}-decision record: "
            f"{new['replay_seconds']:.2f} s (target under {REPLAY_TARGET_SECONDS:g} s: {verdict})"
        )
    if not compare:
        return
    if problem is not None:
        print(f"against {args.against}: not measured, {problem}; current figures only")
        return
    old = fastest(old_runs)
    new_rate = rate(new["decisions"], total)
    old_rate = rate(old["decisions"], old["seconds"])
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
    if args.apply_games:
        new_apply = rate(new["apply_decisions"], new["apply_seconds"])
        old_apply = rate(old["apply_decisions"], old["apply_seconds"])
        print(
            f"through apply: new {new_apply:,.0f}  old {old_apply:,.0f}  "
            f"ratio (new / old): {new_apply / old_apply:.2f}"
        )
    if rec is not None:
        print(
            f"replay: new {new['replay_seconds']:.2f} s  old {old['replay_seconds']:.2f} s  "
            f"ratio (old / new): {old['replay_seconds'] / new['replay_seconds']:.2f}"
        )


if __name__ == "__main__":
    main()
