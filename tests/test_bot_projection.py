"""The hard bot's projection of its economy (``scythe_core.bots.projection``): it keeps
the mat's rules (never the section of the turn before, a bottom action only when paid,
its star at the goal count, no seventh star) and values the way to the stars."""

from __future__ import annotations

import random

from scythe_core import new_game
from scythe_core.bots.economy import RESOURCES, Economy
from scythe_core.bots.projection import projected_value, snapshot
from scythe_core.data.board import TERRAIN
from scythe_core.data.components import BOTTOM_ACTIONS, STAR_GOALS, STARS_TO_END
from scythe_core.engine import apply_in_place, legal_actions
from scythe_core.rules.economy import bottom_cost, star_goal_counts, top_amount

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


def test_a_section_index_is_its_bottom_action_index_on_every_mat():
    # The projection reads a section's resource, cost and goal by its index.
    for seed in range(1, 30):
        economy = Economy(start(seed))
        assert [section[1] for section in economy.sections] == list(BOTTOM_ACTIONS)
        assert [economy.sections[i][2] for i in range(4)] == [
            bottom_cost(new_game({"seed": seed, "seats": SEATS}).players[0], b)
            for b in BOTTOM_ACTIONS
        ]


def test_a_bottom_action_is_paid_for_and_its_last_one_brings_its_star():
    economy = Economy(start())
    upgrade = BOTTOM_ACTIONS.index("upgrade")
    assert not economy.bottom_ready(upgrade)  # no oil
    oil = RESOURCES.index("oil")
    economy.res[oil] = 100
    for done in range(STAR_GOALS["upgrades"]):
        assert economy.bottom_ready(upgrade)
        cost = economy.sections[upgrade][2]
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


def gathered(on: str, seed: int = 5) -> tuple:
    """A seat whose workers all stand on ``on`` (its character and mechs where they are)."""
    player = new_game({"seed": seed, "seats": SEATS}).players[0]
    player.workers = [on] * 4 + [None] * 4
    return snapshot(player, dict.fromkeys(RESOURCES, 0), 1)


def test_units_sharing_a_hex_are_counted_as_able_to_spread():
    player = new_game({"seed": 5, "seats": SEATS}).players[0]
    hexes = [h for h in player.workers if h]
    alone = Economy(snapshot(player, {}, 2))
    # At the start: two workers on two territories, the character at home.
    assert alone.spare == (0 if player.character in TERRAIN else 1)
    stacked = Economy(gathered(hexes[0]))
    assert stacked.spare == alone.spare + 3  # four workers on one territory


def test_a_move_sends_spare_units_to_new_territories_up_to_its_units():
    economy = Economy(gathered(next(iter(TERRAIN))))
    spare, territories, coins = economy.spare, economy.territory_count, economy.coins
    economy.play_top("move")
    taken = min(spare, economy.move_units)
    assert economy.territory_count == territories + taken
    assert economy.spare == spare - taken
    assert economy.coins == coins  # a Move moves or gains coins, not both


def test_a_move_with_no_unit_to_spare_gains_coins():
    economy = Economy(start())
    economy.spare = 0
    coins, territories = economy.coins, economy.territory_count
    economy.play_top("move")
    assert economy.coins == coins + economy.move_coins
    assert economy.territory_count == territories


def test_new_workers_and_mechs_add_units_to_spread():
    economy = Economy(start(food=10, metal=10))
    economy.spare = 0
    economy.producing = [["worker", 2]]
    economy.produce_hexes = 1
    economy.play_top("produce")
    assert economy.spare == 2
    deploy = BOTTOM_ACTIONS.index("deploy")
    economy.play_bottom(deploy)
    assert economy.spare == 3


def test_units_free_to_spread_are_worth_at_least_as_much_over_a_turn():
    """Units to spare let a Move take territories: over the next turn they are never
    worth less than none, and more wherever that Move is the best turn. (Over a long
    projection they may come out lower: its turn-by-turn choice takes the Move's
    territories at once and its engine's next steps a turn later.)"""
    more = 0
    for seed in range(1, 31):
        base = list(start(seed))
        spread_index = len(base) - 3  # (spare units, the units a Move moves, the room)
        assert base[spread_index] in (0, 1)
        crowded = tuple(base[:spread_index] + [3] + base[spread_index + 1 :])
        alone = tuple(base[:spread_index] + [0] + base[spread_index + 1 :])
        worth_crowded = projected_value(crowded, 1, 30.0, 0.8, 0.5)
        worth_alone = projected_value(alone, 1, 30.0, 0.8, 0.5)
        assert worth_crowded >= worth_alone
        more += worth_crowded > worth_alone
    assert more >= 10


def test_a_snapshot_reads_costs_and_amounts_as_the_rules_give_them_after_upgrades():
    """The mat's part of a snapshot is worked out once per mat and upgrades: over random
    play (upgrades included) it stays what the rules say for the seat at that moment."""
    checked_upgraded = 0
    for seed in range(1, 13):
        state = new_game({"seed": seed, "seats": [{}, {}, {}]})
        choose = random.Random(seed)
        for _ in range(900):
            if state.game_over:
                break
            for player in state.players:
                snap = Economy(snapshot(player, {}, 0))
                for _top, bottom, cost, _low, _coins in snap.sections:
                    assert cost == bottom_cost(player, bottom)
                assert snap.produce_hexes == top_amount(player, "produce_territories")
                assert snap.bolster == top_amount(player, "bolster_power")
                assert snap.trade_pop == top_amount(player, "trade_popularity")
                assert snap.move_coins == top_amount(player, "move_coins")
                assert snap.move_units == top_amount(player, "move_units")
                counts = star_goal_counts(player)
                assert snap.workers == counts["workers"]
                assert snap.done == [
                    counts[g] for g in ("upgrades", "mechs", "structures", "recruits")
                ]
                checked_upgraded += bool(player.upgraded_top)
            apply_in_place(state, choose.choice(legal_actions(state)))
    assert checked_upgraded > 100


def test_a_trade_brings_the_resources_of_the_bottom_action_nearest_to_being_paid():
    for seed in range(1, 8):
        economy = Economy(start(seed))
        costs = [section[2] for section in economy.sections]
        near = max(range(4), key=lambda i: costs[i])  # the dearest, nearly paid for
        economy.res = [0, 0, 0, 0]
        economy.res[near] = costs[near] - 1
        assert not economy.bottom_ready(near)
        economy.trade("resources")
        assert economy.bottom_ready(near)
        # The second resource goes to the next nearest: the cheapest of the others.
        others = [i for i in range(4) if i != near]
        second = min(others, key=lambda i: (costs[i], i))
        assert economy.res[second] == 1
        assert sum(economy.res) == costs[near] - 1 + 2


def test_a_projected_turn_takes_the_section_after_which_the_economy_is_worth_most():
    for seed in range(1, 6):
        economy = Economy(start(seed, oil=2, metal=1, wood=3, food=1), 0.5, 30.0)
        for _ in range(10):
            worth_after = {}
            for index in range(4):
                if index != economy.last:
                    trial = economy.copy()
                    trial.play_section(index)
                    worth_after[index] = trial.worth(30.0)
            economy.turn()
            assert economy.worth(30.0) == max(worth_after.values())
            assert economy.last in worth_after


def test_a_projected_economy_pays_for_its_bottom_actions():
    """From the start with nothing in stock, twelve projected turns pay for at least
    three bottom actions on every seed, five on average: the resources a Trade or a
    Produce brings are spent (the rule of thumb this replaced paid for one on some)."""
    paid = []
    for seed in range(1, 31):
        economy = Economy(start(seed))
        before = sum(economy.done)
        for _ in range(12):
            economy.turn()
        paid.append(sum(economy.done) - before)
    assert min(paid) >= 3
    assert sum(paid) / len(paid) >= 5


def economy_fields(economy: Economy) -> tuple:
    """Every field of an economy, its lists as tuples (to compare before and after)."""
    return tuple(
        tuple(tuple(x) if isinstance(x, list) else x for x in value)
        if isinstance(value, list)
        else value
        for value in (getattr(economy, name) for name in Economy.__slots__)
    )


def test_a_copy_played_on_never_changes_the_economy_it_was_copied_from():
    # A copy shares the lists it seldom changes (producing, done, sections) and the set
    # of stars: each change to one of them replaces it first. Played turn after turn
    # with every section tried, the economy a copy came from stays as it was.
    rng = random.Random(17)
    for seed in range(1, 8):
        held = {res: rng.randint(0, 6) for res in RESOURCES}
        economy = Economy(start(seed, **held))
        economy.workers, economy.coins, economy.power, economy.popularity = 7, 9, 5, 6
        for _ in range(12):
            before = economy_fields(economy)
            for index in range(4):
                trial = economy.copy()
                for _ in range(3):
                    trial.play_section(index)
                    trial.res = [n + 5 for n in trial.res]
                assert economy_fields(economy) == before
            economy.turn()
