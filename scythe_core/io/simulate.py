"""Random playouts: the engine's smoke test and speed check."""

from __future__ import annotations

import time

from ..engine import apply_in_place, legal_actions
from ..model import rng
from ..rules.scoring import final_scores
from ..setup import new_game


def _seat_config(controller: str, level: str | None) -> dict:
    if controller == "automa":
        return {"controller": "automa", "level": level or "automa"}
    return {"controller": controller if controller != "random" else "bot"}


def random_game(
    seed: int, seats: list[str], max_turns: int = 2000, level: str | None = None
) -> dict:
    """Play one game with uniformly random legal choices (the Automa plays itself)."""
    config = {"seed": seed, "seats": [_seat_config(c, level) for c in seats]}
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
        scores = final_scores(state)
        result["scores"] = {str(s["seat"]): s["total"] for s in scores}
        result["winner"] = scores[0]["seat"]
    automas = [p for p in state.players if p.controller == "automa"]
    if automas:
        result["automa"] = [
            {
                "seat": p.seat,
                "level": p.level,
                "stars": p.star_count,
                "star_sources": dict(p.stars),
                "plan_switch_turn": p.automa["plan_switch_turn"],
                "turns": p.automa["turns"],
                "won": state.game_over and result["winner"] == p.seat,
            }
            for p in automas
        ]
    return result


def _count_events(state) -> dict:
    counts: dict[str, int] = {}
    for entry in state.log:
        counts[entry["event"]] = counts.get(entry["event"], 0) + 1
    return counts


def _mean(values: list) -> float | None:
    values = [v for v in values if v is not None]
    return round(sum(values) / len(values), 2) if values else None


def automa_stats(results: list[dict]) -> dict:
    """Per Automa level: its win rate, stars, the turn it switched plans, game length."""
    by_level: dict[str, list[tuple[dict, dict]]] = {}
    for r in results:
        for a in r.get("automa", []):
            by_level.setdefault(a["level"], []).append((r, a))
    stats = {}
    for level, rows in by_level.items():
        finished = [(r, a) for r, a in rows if r["finished"]]
        stats[level] = {
            "games": len({r["seed"] for r, _ in rows}),
            "automa_seats": len(rows),
            "finished": len(finished),
            "win_rate": round(sum(a["won"] for _, a in finished) / len(finished), 3)
            if finished
            else None,
            "stars": _mean([a["stars"] for _, a in rows]),
            "stars_by_source": {
                source: _mean([a["star_sources"].get(source, 0) for _, a in rows])
                for source in ("star_card", "combat", "power")
            },
            "plan_switch_turn": _mean([a["plan_switch_turn"] for _, a in rows]),
            "never_switched": sum(a["plan_switch_turn"] is None for _, a in rows),
            "automa_turns": _mean([a["turns"] for _, a in rows]),
            "game_turns": _mean([r["turns"] for r, _ in rows]),
            "game_rounds": _mean([r["rounds"] for r, _ in rows]),
        }
    return stats


def simulate(
    seats: list[str], games: int, seed: int, max_turns: int = 2000, levels: list | None = None
) -> dict:
    """Play ``games`` random games (per Automa level, when the seats include an Automa)."""
    started = time.perf_counter()
    results, errors = [], []
    for level in levels or [None]:
        for i in range(games):
            try:
                results.append(random_game(seed + i, seats, max_turns, level))
            except Exception as exc:  # report every failure, keep playing the rest
                errors.append(
                    {"seed": seed + i, "level": level, "error": f"{type(exc).__name__}: {exc}"}
                )
    seconds = time.perf_counter() - started
    decisions = sum(r["decisions"] for r in results)
    report = {
        "games": len(results) + len(errors),
        "finished": sum(r["finished"] for r in results),
        "errors": len(errors),
        "error_details": errors,
        "decisions": decisions,
        "seconds": round(seconds, 3),
        "decisions_per_second": round(decisions / seconds) if seconds else None,
        "results": results,
    }
    if "automa" in seats:
        report["automa_levels"] = automa_stats(results)
    return report
