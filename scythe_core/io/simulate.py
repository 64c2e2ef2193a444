"""Random playouts (the engine's smoke test and speed check), and games of any seat mix.

``simulate`` plays random seats against each other or the Automa. ``simulate_mix``
plays a mix of ``random``, ``bot:<level>`` and ``automa:<level>`` seats on every core
and reports each seat's win rate (with its 95% interval), final coins and stars,
the game length, and win rates by faction and mat. The bots themselves live above
this layer: the caller hands in ``seat_players`` (``scythe_core.bots.seat_players``).
"""

from __future__ import annotations

import math
import multiprocessing
import os
import statistics
import time
from collections.abc import Callable
from functools import partial

from ..engine import apply_in_place, legal_actions, to_move
from ..model import rng
from ..model.state import GameState
from ..rules.scoring import final_scores
from ..setup import new_game


def _seat_config(controller: str, level: str | None) -> dict:
    if controller == "automa":
        return {"controller": "automa", "level": level or "automa"}
    return {"controller": controller if controller != "random" else "bot"}


#: Plays the pending decision of one seat (a bot decides, logs its reason, applies).
DecisionPlayer = Callable[[GameState], None]


def play_out(
    state: GameState, seed: int, max_turns: int, players: dict[int, DecisionPlayer]
) -> int:
    """Play the game on until it ends or ``max_turns`` turns were taken: the seats in
    ``players`` decide for themselves, every other decision is a uniformly random
    legal choice (a generator seeded from ``seed``). Returns the decisions made."""
    chooser = rng.seed_state(seed ^ 0x5EED)
    decisions = 0
    while not state.game_over and state.turns_taken < max_turns:
        seat = to_move(state) if players else None
        if seat in players:
            players[seat](state)
        else:
            options = legal_actions(state)
            if not options:
                raise RuntimeError(f"no legal action at pending {state.pending}")
            chooser, pick = rng.randbelow(chooser, len(options))
            apply_in_place(state, options[pick], check=False)
        decisions += 1
    return decisions


def random_game(
    seed: int, seats: list[str], max_turns: int = 2000, level: str | None = None
) -> dict:
    """Play one game with uniformly random legal choices (the Automa plays itself)."""
    config = {"seed": seed, "seats": [_seat_config(c, level) for c in seats]}
    state = new_game(config)
    decisions = play_out(state, seed, max_turns, {})
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


# --- seat mixes: random, bot and Automa seats, on every core ----------------------

#: The players of a new game's seats that are not random (by seat number).
SeatPlayers = Callable[[GameState], dict[int, DecisionPlayer]]


def seat_config(spec: str) -> dict:
    """A seat of a mix: ``random``, ``bot:easy|normal|hard``, ``automa[:<level>]``."""
    kind, _, level = spec.partition(":")
    if kind == "random" and not level:
        return {"controller": "bot"}
    if kind == "bot" and level:
        return {"controller": "bot", "level": level}
    if kind == "automa":
        return {"controller": "automa", "level": level or "automa"}
    raise ValueError(f"unknown seat {spec!r}: random, bot:<level> or automa:<level>")


def mix_game(seed: int, seats: list[str], seat_players: SeatPlayers, max_turns: int) -> dict:
    """One game of a seat mix; random seats choose uniformly with their own generator."""
    state = new_game({"seed": seed, "seats": [seat_config(s) for s in seats]})
    decisions = play_out(state, seed, max_turns, seat_players(state))
    result = {
        "seed": seed,
        "finished": state.game_over,
        "decisions": decisions,
        "turns": state.turns_taken,
        "rounds": state.round,
        "seats": [
            {"spec": spec, "faction": p.faction, "mat": p.mat, "stars": p.star_count}
            for spec, p in zip(seats, state.players, strict=True)
        ],
    }
    if state.game_over:
        for entry in final_scores(state):
            seat = result["seats"][entry["seat"]]
            seat["coins"], seat["won"] = entry["total"], entry["rank"] == 1
    return result


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if not n:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (round(max(0.0, centre - half), 3), round(min(1.0, centre + half), 3))


def spread(values: list) -> dict:
    """Mean and standard deviation of a list of numbers."""
    if not values:
        return {"mean": None, "sd": None}
    sd = statistics.pstdev(values) if len(values) > 1 else 0.0
    return {"mean": round(statistics.fmean(values), 2), "sd": round(sd, 2)}


def rates_by(rows: list[dict], key: str) -> dict:
    by: dict[str, list[bool]] = {}
    for row in rows:
        by.setdefault(row[key], []).append(row["won"])
    return {
        k: {"games": len(v), "win_rate": round(sum(v) / len(v), 3)} for k, v in sorted(by.items())
    }


def seat_stats(results: list[dict], seat: int) -> dict:
    rows = [r["seats"][seat] for r in results if r["finished"]]
    wins = sum(row["won"] for row in rows)
    return {
        "spec": results[0]["seats"][seat]["spec"] if results else None,
        "games": len(rows),
        "wins": wins,
        "win_rate": round(wins / len(rows), 3) if rows else None,
        "win_rate_95": wilson(wins, len(rows)),
        "coins": spread([row["coins"] for row in rows]),
        "stars": spread([row["stars"] for row in rows]),
        "by_faction": rates_by(rows, "faction"),
        "by_mat": rates_by(rows, "mat"),
    }


def play_indexed(
    index: int, seed: int, seats: list[str], seat_players: SeatPlayers, max_turns: int
) -> dict:
    """One game of a run (seed + index), its failure reported rather than raised."""
    try:
        return mix_game(seed + index, seats, seat_players, max_turns)
    except Exception as exc:  # every failure is reported, the other games go on
        return {"seed": seed + index, "error": f"{type(exc).__name__}: {exc}"}


def simulate_mix(
    seats: list[str],
    games: int,
    seed: int,
    seat_players: SeatPlayers,
    max_turns: int = 2000,
    workers: int | None = None,
) -> dict:
    """``games`` games of a seat mix on ``workers`` processes (default: every core),
    seeds ``seed`` to ``seed + games - 1``; the same seed gives the same report."""
    for spec in seats:
        seat_config(spec)
    started = time.perf_counter()
    work = partial(
        play_indexed, seed=seed, seats=seats, seat_players=seat_players, max_turns=max_turns
    )
    workers = workers or os.cpu_count() or 1
    if workers > 1 and games > 1:
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            outcomes = pool.map(work, range(games), chunksize=1)
    else:
        outcomes = [work(i) for i in range(games)]
    results = [o for o in outcomes if "error" not in o]
    errors = [o for o in outcomes if "error" in o]
    finished = [r for r in results if r["finished"]]
    return {
        "seats": seats,
        "seed": seed,
        "games": games,
        "finished": len(finished),
        "errors": len(errors),
        "error_details": errors,
        "seconds": round(time.perf_counter() - started, 3),
        "turns": spread([r["turns"] for r in finished]),
        "rounds": spread([r["rounds"] for r in finished]),
        "per_seat": [seat_stats(results, i) for i in range(len(seats))],
        "results": results,
    }
