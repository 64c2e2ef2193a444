"""``bench/bot_weights.py``: the changes it is given become bot:hard's level."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import bot_weights  # noqa: E402

from scythe_core.bots.player import LEVELS  # noqa: E402


def test_changes_go_to_the_weights_and_the_level_with_their_types():
    level = bot_weights.changed_level(
        {"opponent": "0.5", "projection_turns": "6", "automa_odds": "false", "width": "4"}
    )
    hard = LEVELS["hard"]
    assert level.weights.opponent == 0.5 != hard.weights.opponent
    assert level.weights.projection_turns == 6 and isinstance(level.weights.projection_turns, int)
    assert level.weights.automa_odds is False and hard.weights.automa_odds is True
    assert level.width == 4 and level.ahead == hard.ahead
    assert LEVELS["hard"] is hard  # the level in use is left as it was


def test_changes_reach_the_search_limits():
    level = bot_weights.changed_level(
        {"drop_repeats": "false", "narrow_after": "0", "by_phase": "false"}
    )
    hard = LEVELS["hard"]
    assert hard.limits.drop_repeats and hard.limits.narrow_after and hard.limits.by_phase
    assert level.limits.drop_repeats is False and level.limits.narrow_after == 0
    assert level.limits.by_phase is False
    assert level.ahead_width == hard.ahead_width and level.weights == hard.weights


def test_an_unknown_name_stops_before_any_game():
    with pytest.raises(SystemExit, match="no such weight"):
        bot_weights.changed_level({"oponent": "0.5"})


def test_a_seed_range_includes_both_ends():
    assert list(bot_weights.seed_range("7-9")) == [7, 8, 9]
    assert list(bot_weights.seed_range("5")) == [5]


def result(won: bool, margin: int, faction: str, mat: str = "industrial") -> bot_weights.Result:
    return bot_weights.Result(won, 50 + margin, 50, faction, mat)


def test_a_paired_change_counts_wins_margins_and_the_games_that_turned():
    pairs = [
        (result(False, -10, "crimea"), result(True, 4, "crimea")),
        (result(True, 2, "nordic"), result(False, -2, "nordic")),
        (result(False, -6, "nordic"), result(False, -2, "nordic")),
    ]
    line = bot_weights.paired_change(pairs)
    assert line.startswith("3 games, wins 1 -> 1, margin change +4.67 +- ")
    assert "won that were lost 1, lost that were won 1" in line
    spread = (((14 - 14 / 3) ** 2 + (-4 - 14 / 3) ** 2 + (4 - 14 / 3) ** 2) / 2) ** 0.5
    assert f"+- {spread / 3**0.5:.2f} coins" in line


def test_the_change_is_shown_for_each_faction_and_mat_of_the_bot():
    pairs = [
        (result(False, -10, "crimea", "patriotic"), result(True, 4, "crimea", "patriotic")),
        (result(True, 2, "nordic"), result(False, -2, "nordic")),
        (result(False, -6, "nordic"), result(False, -2, "nordic")),
    ]
    factions = bot_weights.by_group(pairs, "faction")
    assert list(factions) == ["crimea", "nordic"]
    assert factions["crimea"].startswith("1 game, wins 0 -> 1, margin change +14.00")
    assert factions["nordic"].startswith("2 games, wins 1 -> 0, margin change +0.00")
    assert list(bot_weights.by_group(pairs, "mat")) == ["industrial", "patriotic"]
