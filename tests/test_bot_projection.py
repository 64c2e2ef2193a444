"""The hard bot's projection of its economy (``scythe_core.bots.projection``): it keeps
the mat's rules (never the section of the turn before, a bottom action only when paid,
its star at the goal count, no seventh star) and values the way to the stars."""

from __future__ import annotations

from scythe_core import new_game
from scythe_core.bots.projection import RESOURCES, Economy, projected_value, snapshot
from scythe_core.data.components import BOTTOM_ACTIONS, STAR_GOALS, STARS_TO_END

SEATS = [{"controller": "bot", "level": "hard"}, {"controller": "bot", "level": "hard"}]


def start(seed: int = 5, **held: int) -> tuple:
    player = new_game({"seed": seed, "seats": SEATS}).players[0]
    stock = {res: held.get(res, 0) for res in RESOURCES}
    return snapshot(player, stock, 2)


def test_the_projection_never_takes_the_section_of_the_turn_before():
    for seed in range(1, 6):
        economy = Economy(start(seed, oil=3, metal=3, wood=3, food=3))
        for _ in range(15):
            before = economy.last
            economy.turn()
            assert economy.last != before


def test_a_bottom_action_is_paid_for_and_its_last_one_brings_its_star():
    economy = Economy(start())
    upgrade = economy.sections[BOTTOM_ACTIONS.index("upgrade")]
    assert not economy.bottom_ready(upgrade)  # no oil
    oil = RESOURCES.index("oil")
    economy.res[oil] = 100
    for done in range(STAR_GOALS["upgrades"]):
        assert economy.bottom_ready(upgrade)
        cost = upgrade[2]
        left = economy.res[oil]
        economy.play_bottom(upgrade)
        assert economy.res[oil] == left - cost
        assert ("upgrades" in economy.stars) == (done + 1 == STAR_GOALS["upgrades"])
    assert economy.star_count == 1
    assert not economy.bottom_ready(upgrade)  # the star is placed


def test_no_seat_gets_a_seventh_star():
    economy = Economy(start())
    for goal in ("upgrades", "mechs", "structures", "recruits", "workers", "power", "objective"):
        economy.earn(goal)
    assert economy.star_count == STARS_TO_END
    assert len(economy.stars) == STARS_TO_END


def test_resources_for_an_open_bottom_action_are_worth_more_than_none():
    for res in RESOURCES:
        poor = projected_value(start(), 12, 30.0, 0.8, 0.5)
        rich = projected_value(start(**{res: 3}), 12, 30.0, 0.8, 0.5)
        assert rich > poor, res


def test_a_placed_star_is_worth_more_than_the_way_to_it():
    base = start()
    counts = list(base[6])
    counts[BOTTOM_ACTIONS.index("upgrade")] = STAR_GOALS["upgrades"] - 1
    near = (*base[:6], tuple(counts), *base[7:])
    counts[BOTTOM_ACTIONS.index("upgrade")] = STAR_GOALS["upgrades"]
    placed = (*base[:6], tuple(counts), ("upgrades",), base[8] + 1, *base[9:])
    assert projected_value(placed, 12, 30.0, 0.8, 0.5) > projected_value(near, 12, 30.0, 0.8, 0.5)
