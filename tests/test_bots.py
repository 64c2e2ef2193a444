"""The bots (scythe_core/bots): legal choices only, blind to hidden cards, reasons in the
log, every level through whole games, the same games from the same seed."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from scythe_core import legal_actions, new_game, to_move
from scythe_core.bots import (
    CODES,
    LEVELS,
    BotPlayer,
    bot_seats,
    play_bot_decision,
    seat_players,
)
from scythe_core.bots.observe import imagine, observe
from scythe_core.engine import apply_in_place
from scythe_core.io.simulate import mix_game, seat_config, simulate_mix, wilson
from scythe_core.io.wording import describe_event
from scythe_core.model import rng
from scythe_core.setup import SetupError

#: Games are played to the end in these tests, but never longer than this.
TURN_CAP = 400


def bot_game(seed: int, seats: list[dict]):
    return new_game({"seed": seed, "seats": seats})


def play(state, bots: dict, turns: int, chooser: int = 1) -> int:
    """Play until ``turns`` turns were taken (bots decide, other seats at random)."""
    decisions = 0
    while not state.game_over and state.turns_taken < turns:
        seat = to_move(state)
        if seat in bots:
            play_bot_decision(state, bots[seat])
        else:
            options = legal_actions(state)
            chooser, pick = rng.randbelow(chooser, len(options))
            apply_in_place(state, options[pick])
        decisions += 1
    return decisions


def test_levels_and_seat_configs():
    assert set(LEVELS) == {"easy", "normal", "hard"}
    assert seat_config("bot:hard") == {"controller": "bot", "level": "hard"}
    assert seat_config("random") == {"controller": "bot"}
    assert seat_config("automa:autometta") == {"controller": "automa", "level": "autometta"}
    with pytest.raises(ValueError):
        seat_config("bot")
    with pytest.raises(SetupError):
        new_game({"seed": 1, "seats": [{"controller": "bot", "level": "autometta"}]})
    with pytest.raises(SetupError):
        new_game({"seed": 1, "seats": [{"controller": "automa", "level": "hard"}]})


def test_a_bot_only_plays_legal_actions_and_logs_reasons():
    """play_bot_decision applies with the legality check on; every plan has a reason,
    worded in English and Dutch; seats without a level (random playouts) log none."""
    state = bot_game(11, [{"controller": "bot", "level": "hard"}, {"controller": "bot"}])
    bots = bot_seats(state)
    assert set(bots) == {0}
    play(state, bots, 24)
    reasons = [e for e in state.log if e.get("event") == "bot"]
    assert reasons and all(e["seat"] == 0 and e["code"] in CODES for e in reasons)
    assert len([e for e in reasons if e["code"] not in ("commits", "holds_back")]) >= 10
    for entry in reasons:
        for lang in ("en", "nl"):
            line = describe_event(entry, lang)
            assert line and "{" not in line and entry["code"] not in line


def test_random_playouts_log_no_bot_reasons():
    state = bot_game(3, [{"controller": "bot"}, {"controller": "bot"}])
    assert bot_seats(state) == {}
    play(state, {}, 30)
    assert not [e for e in state.log if e.get("event") == "bot"]


def scramble(state, seat: int, salt: int):
    """The same game with every other seat's hidden cards and the decks dealt anew."""
    other = state.copy()
    r = rng.seed_state(salt)
    hidden = [p for p in other.players if p.seat != seat]
    combat = [c for p in hidden for c in p.combat_cards] + other.combat_deck
    r, combat = rng.shuffled(r, combat)
    for p in hidden:
        p.combat_cards, combat = combat[: len(p.combat_cards)], combat[len(p.combat_cards) :]
    other.combat_deck = combat
    objectives = [c for p in hidden for c in p.objectives] + other.objective_deck
    r, objectives = rng.shuffled(r, objectives)
    for p in hidden:
        n = len(p.objectives)
        p.objectives, objectives = objectives[:n], objectives[n:]
    other.objective_deck = objectives
    r, other.encounter_deck = rng.shuffled(r, other.encounter_deck)
    if other.pending.get("kind") != "factory_pick":
        r, other.factory_deck = rng.shuffled(r, other.factory_deck)
    other.rng = r
    return other


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_a_bot_cannot_see_hidden_cards(level):
    """Re-dealing the other seats' hidden cards and the decks changes nothing it does."""
    seats = [{"controller": "bot", "level": level}, {"controller": "bot"}, {"controller": "bot"}]
    state = bot_game(21, seats)
    checked = 0
    chooser = 5
    while checked < 6 and not state.game_over:
        seat = to_move(state)
        if seat == 0:
            choice = BotPlayer(0, level).decide(state)
            for salt in (1, 2):
                again = BotPlayer(0, level).decide(scramble(state, 0, salt))
                assert again == choice
            assert observe(scramble(state, 0, 3), 0) == observe(state, 0)
            checked += 1
            play_bot_decision(state, BotPlayer(0, level))
        else:
            options = legal_actions(state)
            chooser, pick = rng.randbelow(chooser, len(options))
            apply_in_place(state, options[pick])
    assert checked == 6


def test_the_imagined_game_keeps_what_the_bot_sees():
    state = bot_game(4, [{"controller": "bot", "level": "hard"}, {"controller": "bot"}])
    play(state, {}, 12, chooser=9)
    seen = observe(state, to_move(state) or 0)
    imagined = imagine(seen)
    me = seen.seat
    assert imagined.players[me].combat_cards == state.players[me].combat_cards
    assert imagined.players[me].objectives == state.players[me].objectives
    for real, guess in zip(state.players, imagined.players, strict=True):
        assert len(real.combat_cards) == len(guess.combat_cards)
        assert (real.coins, real.power, real.workers) == (guess.coins, guess.power, guess.workers)
    assert len(imagined.combat_deck) == len(state.combat_deck)
    assert imagined.pending == state.pending and imagined.flow == state.flow
    assert legal_actions(imagined) == legal_actions(state)


MIXES = [
    (31, ["bot:easy", "bot:normal"]),
    (32, ["bot:hard", "random", "bot:easy"]),
    (33, ["bot:normal", "automa:automa"]),
    (34, ["bot:hard", "bot:normal", "bot:easy", "bot:hard"]),
]


@pytest.mark.parametrize(("seed", "seats"), MIXES)
def test_every_level_finishes_whole_games(seed, seats):
    result = mix_game(seed, seats, seat_players, TURN_CAP)
    assert result["finished"], result["turns"]
    assert max(s["stars"] for s in result["seats"]) == 6
    assert sum(s["won"] for s in result["seats"]) >= 1


def test_the_same_seed_gives_the_same_games():
    first = simulate_mix(["bot:easy", "bot:hard"], 2, 40, seat_players, 30, workers=1)
    again = simulate_mix(["bot:easy", "bot:hard"], 2, 40, seat_players, 30, workers=1)
    assert first["results"] == again["results"]
    assert first["errors"] == 0 and first["games"] == 2


def test_the_report_per_seat():
    report = simulate_mix(["bot:normal", "random"], 2, 7, seat_players, TURN_CAP, workers=2)
    assert report["errors"] == 0 and report["finished"] == 2
    bot, rand = report["per_seat"]
    assert bot["spec"] == "bot:normal" and bot["games"] == 2
    assert bot["wins"] + rand["wins"] >= 2
    low, high = bot["win_rate_95"]
    assert 0 <= low <= bot["win_rate"] <= high <= 1
    assert set(bot["coins"]) == {"mean", "sd"} and bot["stars"]["mean"] is not None
    assert sum(v["games"] for v in bot["by_faction"].values()) == 2
    assert report["turns"]["mean"] > 0


def test_wilson_interval():
    assert wilson(0, 0) == (0.0, 1.0)
    low, high = wilson(70, 100)
    assert (low, high) == (0.604, 0.781)  # the textbook interval of 70 in 100


def test_the_bench_prints_think_times():
    done = subprocess.run(
        [sys.executable, "bench/bots.py", "--games", "1", "--levels", "easy", "--max-turns", "6"],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[1],
    )
    assert re.search(
        r"bot:easy\s+turns\s+\d+\s+median \d+\.\d{3} s\s+p95 \d+\.\d{3} s", done.stdout
    )


def test_the_bench_times_a_bot_against_an_automa():
    done = subprocess.run(
        [sys.executable, "bench/bots.py", "--games", "1", "--levels", "easy"]
        + ["--automa", "automa", "--max-turns", "6"],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parents[1],
    )
    assert "against automa:automa" in done.stdout
    # Six turns of the game, three of them the bot's: the Automa's are not timed.
    assert re.search(r"bot:easy\s+turns\s+3\s+median \d+\.\d{3} s", done.stdout)


def test_thinking_in_slices_gives_the_same_decision():
    """``deliberate`` pauses between slices of its search (for the page) and ends with
    the decision ``decide`` takes in one go."""
    state = bot_game(8, [{"controller": "bot", "level": "hard"}, {"controller": "bot"}])
    play(state, {}, 6, chooser=4)
    while to_move(state) != 0:
        apply_in_place(state, legal_actions(state)[0])
    steps = BotPlayer(0, "hard").deliberate(state)
    slices = 0
    while True:
        try:
            next(steps)
            slices += 1
        except StopIteration as done:
            sliced = done.value
            break
    assert slices > 5
    assert sliced == BotPlayer(0, "hard").decide(state)


def test_a_bot_imagines_a_combat_whose_first_commit_is_hidden():
    """Mid-combat the view names only who has committed; the imagined game guesses the
    commit, and the engine plays on from it."""
    for seed in range(40):
        state = bot_game(seed, [{"controller": "bot"}, {"controller": "bot"}])
        chooser = seed + 1
        while not state.game_over and state.turns_taken < 300:
            combat = state.turn.get("combat")
            if state.pending.get("kind") == "combat_commit" and combat and combat["choices"]:
                seat = to_move(state)
                imagined = imagine(observe(state, seat))
                assert set(imagined.turn["combat"]["choices"]) == set(combat["choices"])
                apply_in_place(imagined, legal_actions(imagined)[0])
                decision = BotPlayer(seat, "hard").decide(state)
                assert decision.action in legal_actions(state)
                return
            options = legal_actions(state)
            chooser, pick = rng.randbelow(chooser, len(options))
            apply_in_place(state, options[pick])
    pytest.fail("no combat with a hidden first commit in 40 random games")
