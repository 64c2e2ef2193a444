"""``bench/bot_pace.py``: the own turn on which a bot places each of its stars."""

from __future__ import annotations

import sys
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import bot_pace  # noqa: E402

from scythe_core import new_game  # noqa: E402
from scythe_core.data.board import TERRAIN  # noqa: E402
from scythe_core.data.components import mat_section  # noqa: E402
from scythe_core.io.simulate import mix_game, seat_config  # noqa: E402
from scythe_core.rules.bottom_actions import bottom_payment  # noqa: E402


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
    tally.close_turn(tally.state)
    assert len(tally.turns) == 3
    assert sum(done for _payable, done in tally.turns) == bot_pace.bottoms_played(
        tally.state.players[0]
    )
    assert tally.turns[0][0] is False  # nothing to pay with on the first turn


def test_a_bottom_action_is_payable_from_resources_on_the_seats_territories():
    state = new_game({"seed": 5, "seats": [seat_config("bot:hard"), seat_config("automa:automa")]})
    player = state.players[0]
    hid = next(h for h in player.workers if h)
    assert not bot_pace.bottom_payable(state, 0)
    resource, cost = bottom_payment(player, mat_section(player.mat, 1)[1])
    state.resources[hid] = {resource: cost - 1}
    assert not bot_pace.bottom_payable(state, 0)  # one short
    state.resources[hid] = {resource: cost}
    assert bot_pace.bottom_payable(state, 0)
    player.last_section = 1  # that section may not be chosen again this turn
    assert not bot_pace.bottom_payable(state, 0)
    faction, player.faction = player.faction, "rusviet"  # unless Relentless
    assert bot_pace.bottom_payable(state, 0)
    player.faction = faction
    player.last_section = None
    held = state.control_map()
    elsewhere = next(h for h in sorted(TERRAIN) if h not in held)
    state.resources = {elsewhere: {resource: 9}}  # on a territory it does not control
    assert not bot_pace.bottom_payable(state, 0)


def test_pace_and_report_count_each_star_and_goal():
    games = [
        {"stars": [("workers", 5), ("recruits", 12), ("combat", 14)], "own_turns": 20,
         "turns": [(False, 0)] * 6 + [(True, 1), (True, 0), (False, 1)]},
        {"stars": [("workers", 7), ("objective", 9)], "own_turns": 22,
         "turns": [(False, 0)] * 5 + [(True, 1), (False, 0)]},
    ]  # fmt: skip
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
    rates = bot_pace.bottom_rates(games)
    # Own turns 1-6: 6 + 6 turns, one with a bottom action (the second game's sixth),
    # payable at its start; 7-13: four turns (the first game's 7-9, the second's 7), two
    # played, two payable, one of those not played.
    assert rates == [((1, 6), 12, 1 / 12, 1 / 12, 0.0), ((7, 13), 4, 0.5, 0.5, 0.25)]
    assert lines[-2].split() == ["1-6", "12", "8%", "8%", "0%"]
    assert lines[-1].split() == ["7-13", "4", "50%", "50%", "25%"]
