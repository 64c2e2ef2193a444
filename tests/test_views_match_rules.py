"""The page's read-only facts (``ui_helpers``) equal what the rules compute and charge.

Seeded random games, humans and Automas: at every step each mat row's costs and amounts
are compared with the rule functions, every recruit bonus the rules pay goes to exactly
the seats ``recruit_bonus_seats`` names, every Trade, Bolster and Produce charges the
cost the mat row shows, and no star category ever holds more than ``star_track`` allows.
"""

from __future__ import annotations

import pytest

from scythe_core import apply, legal_actions, new_game, player_view
from scythe_core.data.components import BOTTOM_COST_RESOURCE, bottom_slots
from scythe_core.engine import apply_in_place
from scythe_core.flow import action_steps
from scythe_core.io import ui_helpers
from scythe_core.model import rng as prng
from scythe_core.rules import bottom_actions
from scythe_core.rules.combat import combat_star_limit
from scythe_core.rules.economy import bottom_cost, produce_cost, top_amount
from scythe_core.rules.objectives import may_earn_objective_star

GAMES = [
    (11, [{}, {}, {}]),
    (12, [{"faction": "saxony"}, {}, {}, {}]),
    (13, [{}, {}, {}, {}, {}]),
    (14, [{}, {"controller": "automa", "level": "automa"}, {}]),
    (15, [{"faction": "saxony"}, {"controller": "automa", "level": "ultimaszyna"}]),
    (16, [{}, {}, {"controller": "automa", "level": "autometta"}, {}]),
]
#: Positions checked by the slower per-position tests: every third one.
SAMPLE_EVERY = 3


def random_positions(seed: int, seats: list[dict], limit: int = 2500):
    """Every state of one seeded random game, and the action then played."""
    state = new_game({"seed": seed, "seats": seats})
    chooser = prng.seed_state(seed)
    for _ in range(limit):
        if state.game_over:
            return
        options = legal_actions(state)
        chooser, pick = prng.randbelow(chooser, len(options))
        yield state, options[pick]
        apply_in_place(state, options[pick])


def _tracks(player) -> dict[str, int]:
    return {"power": player.power, "popularity": player.popularity, "coins": player.coins}


@pytest.mark.parametrize(("seed", "seats"), GAMES)
def test_mat_rows_show_the_costs_and_amounts_the_rules_use(seed, seats):
    checked = 0
    for step, (state, _) in enumerate(random_positions(seed, seats)):
        if step % SAMPLE_EVERY:
            continue
        view = player_view(state, None)
        for player in state.players:
            rows = ui_helpers.mat_sections(view["players"][player.seat])
            if player.controller == "automa":
                assert rows == []
                continue
            for row in rows:
                bottom = row["bottom"]
                resource = BOTTOM_COST_RESOURCE[bottom]
                assert row["cost"] == {resource: bottom_cost(player, bottom)}
                assert row["cube_slots"] == bottom_slots(player.mat, bottom)
                assert row["top_amounts"] == {s: top_amount(player, s) for s in row["top_amounts"]}
                if row["top"] == "produce":
                    cost = produce_cost(player)
                    assert row["top_cost"] == {k: n for k, n in cost.items() if n}
                checked += 1
    assert checked > 40


@pytest.mark.parametrize(("seed", "seats"), GAMES)
def test_top_actions_charge_what_the_mat_row_shows(seed, seats):
    charged = {"trade": 0, "bolster": 0, "produce": 0}
    for state, action in random_positions(seed, seats):
        pending = state.pending
        if pending.get("kind") != "top" or action.split(":")[0] not in charged:
            continue
        top = action.split(":")[0]
        player = state.active
        row = next(
            r
            for r in ui_helpers.mat_sections(
                player_view(state, player.seat)["players"][player.seat]
            )
            if r["index"] == state.turn["section"]
        )
        assert row["top"] == top
        before = _tracks(player)
        after = _tracks(apply(state, action).players[player.seat])
        paid = {k: before[k] - after[k] for k in before if before[k] != after[k]}
        if top == "produce":
            assert paid == row["top_cost"], action
        else:
            # Trade and Bolster gain power or popularity (also from an Armory or a
            # Monument), never coins: the coins paid are the shown cost.
            assert {"coins": paid.get("coins", 0)} == row["top_cost"], action
        charged[top] += 1
    assert sum(charged.values()) > 0


def test_recruit_bonuses_go_to_the_seats_the_page_names(monkeypatch):
    paid: list[tuple[list[int], list[int]]] = []
    original_pay = bottom_actions.pay_recruit_bonuses
    original_gain = bottom_actions.gain_bonus
    gains: list[int] | None = None

    def recording_gain(state, player, bonus, amount):
        if gains is not None:
            gains.append(player.seat)
        original_gain(state, player, bonus, amount)

    def recording_pay(state, bottom):
        nonlocal gains
        seat = state.active_seat
        named = ui_helpers.recruit_bonus_seats(player_view(state, seat), seat, bottom)
        gains = []
        original_pay(state, bottom)
        paid.append((named, gains))
        gains = None

    monkeypatch.setattr(bottom_actions, "gain_bonus", recording_gain)
    # The flow's bottom-action step pays the bonuses with the rules' function.
    monkeypatch.setattr(action_steps, "pay_recruit_bonuses", recording_pay)
    for seed, seats in GAMES:
        for _ in random_positions(seed, seats):
            pass
    for named, gained in paid:
        assert named == gained
    assert any(len(gained) >= 2 for _, gained in paid), "neighbours paid in some game"
    assert sum(1 for _, gained in paid if gained) > 20


def test_a_recruit_enlisted_by_this_action_is_not_named_for_it():
    state = new_game({"seed": 1, "seats": [{}, {}, {}]})
    view = player_view(state, 0)
    view["players"][0]["recruits"] = {"enlist": "coins"}
    view["players"][1]["recruits"] = {"enlist": "power"}
    assert ui_helpers.recruit_bonus_seats(view, 0, "enlist") == [0, 1]
    view["turn"]["enlisted_from"] = "enlist"
    assert ui_helpers.recruit_bonus_seats(view, 0, "enlist") == [1]


@pytest.mark.parametrize(("seed", "seats"), GAMES)
def test_star_spaces_follow_the_rules_limits(seed, seats):
    for step, (state, _) in enumerate(random_positions(seed, seats)):
        if step % SAMPLE_EVERY:
            continue
        view = player_view(state, None)
        for player in state.players:
            track = ui_helpers.star_track(view["players"][player.seat])
            for category, n in player.stars.items():
                spaces, unlimited = track[category]
                assert n <= spaces or unlimited, (category, n)
            automa = player.controller == "automa"
            limit = combat_star_limit(player.faction, automa)
            assert track["combat"] == ((2, True) if limit is None else (limit, False))
            if automa:
                assert "objective" not in track
            else:
                objective_spaces, _ = track["objective"]
                assert may_earn_objective_star(player) == (
                    player.stars.get("objective", 0) < objective_spaces
                )


def test_star_track_per_kind_of_player():
    state = new_game(
        {
            "seed": 2,
            "seats": [
                {"faction": "saxony"},
                {"faction": "nordic"},
                {"controller": "automa", "level": "automa", "faction": "crimea"},
            ],
        }
    )
    view = player_view(state, None)
    by_faction = {p["faction"]: ui_helpers.star_track(p) for p in view["players"]}
    assert by_faction["saxony"]["combat"] == (2, True)
    assert by_faction["saxony"]["objective"] == (2, False)
    assert by_faction["nordic"]["combat"] == (2, False)
    assert by_faction["nordic"]["objective"] == (1, False)
    assert sum(spaces for spaces, _ in by_faction["nordic"].values()) == 10
    assert by_faction["crimea"] == {
        "combat": (2, False),
        "power": (1, False),
        "star_card": (6, False),
    }
