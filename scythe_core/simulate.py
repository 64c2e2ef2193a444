"""Random playouts: the engine's smoke test and speed check."""

from __future__ import annotations

import time

from . import rng
from .engine import apply_in_place, legal_actions
from .setup import new_game


def random_game(seed: int, seats: list[str], max_turns: int = 2000) -> dict:
    """Play one game with uniformly random legal choices; return a summary."""
    config = {"seed": seed, "seats": [{"controller": c if c != "random" else "bot"} for c in seats]}
    state = new_game(config)
    chooser = rng.seed_state(seed ^ 0x5EED)
    decisions = 0
    while not state.game_over and state.turns_taken < max_turns:
        options = legal_actions(state)
        if not options:
            raise RuntimeError(f"no legal action at pending {state.pending}")
        chooser, pick = rng.randbelow(chooser, len(options))
        apply_in_place(state, options[pick], check=False)
        decisions += 1
    result = {
        "seed": seed,
        "finished": state.game_over,
        "decisions": decisions,
        "turns": state.turns_taken,
        "rounds": state.round,
        "factions": [p.faction for p in state.players],
        "stars": [p.star_count for p in state.players],
        "events": _count_events(state),
    }
    if state.game_over:
        from .scoring import final_scores

        scores = final_scores(state)
        result["scores"] = {str(s["seat"]): s["total"] for s in scores}
        result["winner"] = scores[0]["seat"]
    return result


def _count_events(state) -> dict:
    counts: dict[str, int] = {}
    for entry in state.log:
        counts[entry["event"]] = counts.get(entry["event"], 0) + 1
    return counts


def simulate(seats: list[str], games: int, seed: int, max_turns: int = 2000) -> dict:
    started = time.perf_counter()
    results, errors = [], []
    for i in range(games):
        try:
            results.append(random_game(seed + i, seats, max_turns))
        except Exception as exc:  # report every failure, keep playing the rest
            errors.append({"seed": seed + i, "error": f"{type(exc).__name__}: {exc}"})
    seconds = time.perf_counter() - started
    decisions = sum(r["decisions"] for r in results)
    return {
        "games": games,
        "finished": sum(r["finished"] for r in results),
        "errors": len(errors),
        "error_details": errors,
        "decisions": decisions,
        "seconds": round(seconds, 3),
        "decisions_per_second": round(decisions / seconds) if seconds else None,
        "results": results,
    }
