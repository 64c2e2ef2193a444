"""Do two engines play the same games? A differential check for restructurings.

Usage: python bench/same_games.py [--against REV] [--games N]

Plays N seeded games (2-5 humans choosing at random, solo games against every Automa
level, tables with one or two Automas) with this checkout's engine and with the
engine of REV (default: the commit before the flow restructuring), each in its own
interpreter. Every step's seat, decision kind, legal choices, the choice made and a
digest of the game's content (players, board, decks, generator; not the flow
bookkeeping or the log) go into one hash per game. It prints the games, decisions
and every game whose hash differs; the exit status is 1 when any does.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
#: The last commit before the engine's flow was restructured (issue 12).
PINNED_REVISION = "be9bfa7"
#: Fields of the state that say how play is scheduled or recorded, not what the game is.
FLOW_FIELDS = ("pending", "turn", "history", "log", "flow", "setup")
MIXES = [
    [{}, {}],
    [{}, {}, {}],
    [{}, {}, {}, {}],
    [{}, {}, {}, {}, {}],
    *(
        [{}, {"controller": "automa", "level": level}]
        for level in ("autometta", "automa", "automaszyna", "ultimaszyna")
    ),
    [
        {},
        {"controller": "automa", "level": "automa"},
        {},
        {"controller": "automa", "level": "ultimaszyna"},
    ],
    [{}, {}, {"controller": "automa", "level": "automaszyna"}],
]


def game_hashes(games: int, max_steps: int) -> dict[str, list]:
    """Per game: [hash, decisions] with the ``scythe_core`` first on ``sys.path``."""
    import hashlib
    from dataclasses import asdict

    from scythe_core import legal_actions, new_game
    from scythe_core.engine import apply_in_place

    try:
        from scythe_core.model import rng
    except ImportError:  # an engine from before the layer folders
        from scythe_core import rng

    def digest(state) -> str:
        content = {k: v for k, v in asdict(state).items() if k not in FLOW_FIELDS}
        return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()[:16]

    results = {}
    for g in range(games):
        setup = {"seed": 1000 + g, "seats": MIXES[g % len(MIXES)]}
        state = new_game(setup)
        chooser = rng.seed_state(setup["seed"] * 7 + 1)
        played = hashlib.sha256()
        steps = 0
        while not state.game_over and steps < max_steps:
            options = legal_actions(state)
            chooser, pick = rng.randbelow(chooser, len(options))
            pending = state.pending
            line = f"{pending.get('seat')}|{pending.get('kind')}|{' '.join(options)}"
            played.update(f"{line}|{options[pick]}|{digest(state)}\n".encode())
            apply_in_place(state, options[pick])
            steps += 1
        played.update(f"end {state.game_over} {digest(state)}".encode())
        results[str(g)] = [played.hexdigest(), steps]
    return results


def run_with(root: Path, games: int, max_steps: int) -> dict[str, list]:
    code = (
        f"import sys; sys.path.insert(0, {str(root)!r}); sys.path.insert(1, {str(REPO)!r});"
        "import json, bench.same_games as s;"
        f"print(json.dumps(s.game_hashes({games}, {max_steps})))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(done.stderr)
    return json.loads(done.stdout.strip().splitlines()[-1])


def export(revision: str, into: Path) -> None:
    archive = subprocess.run(
        ["git", "-C", str(REPO), "archive", "--format=tar", revision, "scythe_core"],
        capture_output=True,
        check=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--against", default=PINNED_REVISION)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--max-steps", type=int, default=3000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="scythe-same-") as tmp:
        export(args.against, Path(tmp))
        old = run_with(Path(tmp), args.games, args.max_steps)
    new = run_with(REPO, args.games, args.max_steps)
    differ = [g for g in new if new[g] != old.get(g)]
    print(f"games: {len(new)}  decisions: {sum(n for _, n in new.values())}")
    print(f"against {args.against}: {len(differ)} games differ {differ[:20]}")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
