"""``bench/bot_forecast.py``: the projection's forecast set beside the game played."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import bot_forecast  # noqa: E402

from scythe_core import new_game  # noqa: E402
from scythe_core.io.simulate import mix_game, seat_config  # noqa: E402


def test_a_forecast_starts_from_the_real_position():
    state = new_game({"seed": 5, "seats": [seat_config("bot:hard"), seat_config("automa:automa")]})
    player = state.players[0]
    seen = bot_forecast.forecast(state, 0, 3)
    assert len(seen) == 4
    now = seen[0]
    assert now["coins"] == player.coins and now["popularity"] == player.popularity
    assert now["power"] == player.power
    assert now["workers"] == sum(1 for hid in player.workers if hid) == 2
    assert now["stars"] == 0 and now["bottom actions"] == 0
    # The projection plays on: after three turns something has changed.
    assert seen[3] != now


def changes(**rises):
    """A made-up game: each measure rising by the given step each turn."""
    return {name: rises.get(name, 0.0) for name in bot_forecast.MEASURES}


def test_compare_sets_each_forecast_beside_the_turn_it_foresaw():
    # Three own turns; each forecast says coins rise 2 a turn, the game gives 1, 1.
    turns = []
    for played in (0.0, 1.0, 2.0):
        turns.append(
            [
                {**changes(), "coins": played},
                {**changes(), "coins": played + 2},
                {**changes(), "coins": played + 4},
            ]
        )
    result = bot_forecast.compare([turns], 1)
    assert result["coins"] == (2.0, 1.0, 2)  # turns 1 and 2 have a turn after them
    assert result["stars"] == (0.0, 0.0, 2)
    assert bot_forecast.compare([turns], 2)["coins"] == (4.0, 2.0, 1)
    assert bot_forecast.compare([turns], 1, (1, 99))["coins"] == (2.0, 1.0, 1)
    assert bot_forecast.compare([turns], 3)["coins"] == (0.0, 0.0, 0)


def test_the_watch_forecasts_each_of_the_bots_turns_and_plays_as_the_bot():
    watch = bot_forecast.Watch(2)
    game = mix_game(7, ["bot:hard", "automa:automa"], watch, 4)
    assert game["turns"] == 4
    assert len(watch.forecasts) == 2  # the bot's own turns of the four
    assert all(len(seen) == 3 for seen in watch.forecasts)
    # Each forecast starts where the game stood: the first from the setup.
    start = new_game({"seed": 7, "seats": [seat_config("bot:hard"), seat_config("automa:automa")]})
    assert watch.forecasts[0] == bot_forecast.forecast(start, 0, 2)
    assert watch.state.turns_taken == 4
    plain = mix_game(7, ["bot:hard", "automa:automa"], bot_forecast.bot_player.seat_players, 4)
    assert plain["decisions"] == game["decisions"]
