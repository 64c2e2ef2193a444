"""``bench/bot_pace.py``: the own turn on which a bot places each of its stars."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import bot_pace  # noqa: E402

from scythe_core.io.simulate import mix_game  # noqa: E402


def star(seat: int, category: str) -> dict:
    return {"seat": seat, "event": "star", "category": category}


def test_each_star_of_the_seat_is_noted_once_with_the_own_turn_it_came_in():
    tally = bot_pace.Tally()
    log = [star(0, "workers"), star(1, "star_card")]
    tally.own_turns = 4
    tally.note_stars(SimpleNamespace(log=log))
    tally.own_turns = 7
    log += [{"seat": 0, "event": "combat"}, star(0, "combat")]
    tally.note_stars(SimpleNamespace(log=log))
    tally.note_stars(SimpleNamespace(log=log))  # nothing new
    assert tally.stars == [("workers", 4), ("combat", 7)]


def test_the_tally_counts_the_seats_own_turns_and_plays_as_the_bot():
    tally = bot_pace.Tally()
    game = mix_game(7, ["bot:hard", "automa:automa"], tally, 6)
    assert game["turns"] == 6
    assert tally.own_turns == 3  # the bot's own turns of the six
    assert tally.state.history[0].startswith("section:")  # the bot's own choice


def test_pace_and_report_count_each_star_and_goal():
    games = [
        {"stars": [("workers", 5), ("recruits", 12), ("combat", 14)], "own_turns": 20},
        {"stars": [("workers", 7), ("objective", 9)], "own_turns": 22},
    ]
    found = bot_pace.pace(games)
    assert found["by_count"][1] == [5, 7]
    assert found["by_count"][2] == [12, 9]
    assert found["by_count"][3] == [14]
    assert found["by_count"][6] == []
    assert found["by_goal"] == {"workers": [5, 7], "recruits": [12], "combat": [14],
                                "objective": [9]}  # fmt: skip
    lines = bot_pace.report(games)
    assert lines[1].split() == ["1", "2", "5.5", "6.0", "6.5"]
    assert lines[3].split() == ["3", "1", "14.0", "14.0", "14.0"]
    assert lines[6].split() == ["6", "0"]
    assert lines[8].split() == ["workers", "2/2", "6.0"]
