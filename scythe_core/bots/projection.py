"""The next few turns of one seat's economy, played out on a board-free model.

A one-turn search judges where its turn ends; what a position will bring over the
turns after (workers on a village growing more workers, resources that make the next
bottom actions possible) is the seat's *projection*: its economy alone (resources,
coins, power, popularity, workers by the product of their territory, the counts of
its star goals and its mat's costs) played on for a few own turns, each the section
after which it is worth most, and the coins and stars that gives. Units move there
only as a count: a Move sends units that share a hex (or wait at home) to new
territories, one each, as far as the rivers let them before a mech with Riverwalk is
deployed (:mod:`.room`). Nobody else plays: it is a guide for comparing the ends of
one turn, not a forecast.

In the game's last few turns against an Automa, :mod:`.endgame` tries every order of
sections on the same model instead.
"""

from __future__ import annotations

from functools import lru_cache

from ..data.board import TERRAIN
from ..data.components import (
    BOTTOM_ACTIONS,
    POPULARITY_MAX,
    POPULARITY_TIERS,
    POWER_MAX,
    PRODUCTION,
    STAR_GOALS,
    STARS_TO_END,
    mat_section,
    popularity_tier,
)
from ..model.state import Player
from ..rules.economy import (
    STAR_GOAL_ORDER,
    bottom_cost_for,
    produce_cost_for,
    star_goal_values,
    top_slot_amount,
)
from .room import ROOM_MAX

#: The star goal each bottom action counts towards.
BOTTOM_GOAL = {
    "upgrade": "upgrades",
    "deploy": "mechs",
    "build": "structures",
    "enlist": "recruits",
}
RESOURCES = ("oil", "metal", "wood", "food")
#: The star goal of each mat section's bottom action: a mat's section i always has
#: the bottom action ``BOTTOM_ACTIONS[i]`` (:func:`mat_section`), so a section's index
#: is also its bottom action's, its resource's (``RESOURCES``) and its goal's here.
SECTION_GOALS = tuple(BOTTOM_GOAL[b] for b in BOTTOM_ACTIONS)
#: Where :func:`star_goal_values` gives each bottom action's count (in the order of
#: ``BOTTOM_ACTIONS``) and the workers'.
BOTTOM_GOAL_INDEX = tuple(STAR_GOAL_ORDER.index(goal) for goal in SECTION_GOALS)
WORKERS_INDEX = STAR_GOAL_ORDER.index("workers")
WORKERS_MAX = STAR_GOALS["workers"]
#: Stars and territories a seat usually ends with (what a popularity tier is worth).
FINAL_STARS = 5
FINAL_TERRITORIES = 8
#: The popularity at which each tier begins, lowest first.
TIER_STEPS = tuple(sorted(low for low, *_coins in POPULARITY_TIERS))
#: Each popularity's tier: coins per star, per territory and per two resources (a
#: projection looks them up many thousand times a turn).
TIER_AT = tuple(popularity_tier(p) for p in range(POPULARITY_MAX + 1))
#: Below the top tier, each popularity's tier steps either side of it, and the share
#: of the way from the lower to the higher.
TIER_CLIMB = tuple(
    (low, high, (p - low) / (high - low))
    for p in range(TIER_STEPS[-1])
    for low in [max(step for step in TIER_STEPS if step <= p)]
    for high in [min(step for step in TIER_STEPS if step > p)]
)


def snapshot(player: Player, held: dict[str, int], territories: int, room: int = ROOM_MAX) -> tuple:
    """The seat's economy as a hashable tuple (the projection's starting point);
    ``room``: the new territories its units can walk to (:mod:`.room`)."""
    on_hex: dict[str, int] = {}
    for hid in player.workers:
        if hid and TERRAIN.get(hid) in PRODUCTION:
            on_hex[hid] = on_hex.get(hid, 0) + 1
    producing = tuple(sorted((PRODUCTION[TERRAIN[h]], n) for h, n in on_hex.items()))
    goal_values = star_goal_values(player)
    sections, produce_hexes, bolster, trade_popularity, move_coins, move_units = mat_terms(
        player.mat,
        frozenset(player.upgraded_top),
        tuple(sorted(player.upgraded_bottom.items())),
    )
    units = [h for h in player.workers if h] + list(player.mechs)
    if player.character:
        units.append(player.character)
    # Units beyond one per hex could each take a new territory (a home base counts as a
    # hex here: all but one unit at home; counting them all did worse against the Automa).
    spare = len(units) - len({h for h in units if h in TERRAIN})
    return (
        tuple(held.get(res, 0) for res in RESOURCES),
        player.coins,
        player.power,
        player.popularity,
        goal_values[WORKERS_INDEX],
        producing,
        tuple(goal_values[i] for i in BOTTOM_GOAL_INDEX),
        tuple(sorted(g for g, n in player.stars.items() if n)),
        player.star_count,
        produce_hexes,
        bolster,
        trade_popularity,
        move_coins,
        sections,
        -1 if player.last_section is None else player.last_section,
        territories,
        spare,
        move_units,
        room,
    )


@lru_cache(maxsize=1024)
def mat_terms(mat: str, upgraded_top: frozenset[str], upgraded_bottom: tuple) -> tuple:
    """What a snapshot takes from the mat and its upgrades (the same for many positions):
    each section's (top, bottom, cost now, lowest cost, coins), then the amounts of the
    upgradable top-row benefits a projection uses."""
    cubes = dict(upgraded_bottom)
    sections = []
    for i in range(4):
        top, bottom, _base, low, coins = mat_section(mat, i)
        cost = bottom_cost_for(mat, bottom, cubes.get(bottom, 0))
        sections.append((top, bottom, cost, low, coins))
    slots = ("produce_territories", "bolster_power", "trade_popularity", "move_coins", "move_units")
    return (tuple(sections), *(top_slot_amount(slot, upgraded_top) for slot in slots))


#: Coins per star of the way made (:meth:`Economy.progress`) by which a projected turn
#: is chosen where no other figure is given (the hard level's ``progress_coins``).
PROGRESS_COINS = 30.0
#: The territories a projection lets a seat spread to at most.
SPREAD_MAX = 12
#: How useful (as a needed resource is 1) each territory a Move would add looks.
SPREAD_GAIN = 1.0
#: How useful each coin a Move would gain instead looks.
MOVE_COIN_GAIN = 0.25


class Economy:
    """The mutable model a projection plays on."""

    def __init__(
        self, snap: tuple, tier_slope: float = 0.0, progress_coins: float = PROGRESS_COINS
    ) -> None:
        self.tier_slope = tier_slope
        self.progress_coins = progress_coins
        (res, self.coins, self.power, self.popularity, self.workers, producing, done,
         stars, self.star_count, self.produce_hexes, self.bolster, self.trade_pop,
         self.move_coins, sections, self.last, self.territory_count, self.spare,
         self.move_units, self.room) = snap  # fmt: skip
        self.res = list(res)
        self.producing = [list(t) for t in producing]
        self.done = list(done)
        self.stars = set(stars)
        self.sections = [list(s) for s in sections]

    def goal_open(self, goal: str) -> bool:
        return goal not in self.stars

    def earn(self, goal: str) -> None:
        if goal not in self.stars and self.star_count < STARS_TO_END:
            self.stars.add(goal)
            self.star_count += 1

    def deficit(self) -> list[int]:
        """Per resource, what the next bottom action still open needs beyond stock."""
        need = [0, 0, 0, 0]
        for i, (goal, section) in enumerate(zip(SECTION_GOALS, self.sections, strict=True)):
            if goal not in self.stars:
                need[i] = max(0, section[2] - self.res[i])
        return need

    def produce_territories(self) -> list:
        """The territories a Produce would use now: the most useful ones."""
        need = self.deficit()
        wants_workers = (
            self.workers < WORKERS_MAX and self.goal_open("workers") or (self.workers < 6)
        )

        def worth(t: list) -> float:
            product, n = t
            if product == "worker":
                return min(n, WORKERS_MAX - self.workers) * (1.2 if wants_workers else 0.1)
            i = RESOURCES.index(product)
            return min(n, need[i]) * 1.0 + max(0, n - need[i]) * 0.35

        return sorted(self.producing, key=worth, reverse=True)[: self.produce_hexes]

    def can_pay_produce(self) -> bool:
        cost = produce_cost_for(self.workers)
        return (
            self.power >= cost["power"]
            and self.popularity >= cost["popularity"]
            and self.coins >= cost["coins"]
        )

    def move_gains(self) -> tuple[float, float]:
        """How useful a Move's new territories and, instead, its coins are now."""
        return SPREAD_GAIN * self.spread(), MOVE_COIN_GAIN * self.move_coins

    def spread(self) -> int:
        """The new territories a Move would take: units sharing a hex (or at home) go
        to one each, up to the units a Move moves."""
        return max(
            0, min(self.spare, self.move_units, SPREAD_MAX - self.territory_count, self.room)
        )

    def trade_gains(self) -> tuple[float, float]:
        """How useful a Trade's resources and its popularity are now."""
        need = sorted(self.deficit(), reverse=True)
        resources = min(need[0], 2) + min(need[1], 2 - min(need[0], 2))
        higher = min(POPULARITY_MAX, self.popularity + self.trade_pop)
        popularity = (
            (0.6 if self.goal_open("popularity") else 0.3) * self.trade_pop
            + self.score(higher)
            - self.score(self.popularity)
        )
        return float(resources), popularity

    def trade(self, choice: str) -> None:
        """A Trade (its coin paid): two resources for the bottom action nearest to
        being paid (the fewest missing), then the next (``"resources"``), or its
        popularity. (Two of the resources missing most, as before, were split between
        two dear actions and paid for neither.)"""
        self.coins -= 1
        if choice == "popularity":
            self.popularity = min(POPULARITY_MAX, self.popularity + self.trade_pop)
            if self.popularity >= POPULARITY_MAX:
                self.earn("popularity")
            return
        need = self.deficit()
        for _ in range(2):
            short = [k for k in range(4) if need[k]]
            i = min(short, key=lambda k: need[k]) if short else 0
            self.res[i] += 1
            need[i] = max(0, need[i] - 1)

    def play_top(self, top: str) -> None:
        if top == "produce":
            if not self.can_pay_produce():
                return
            cost = produce_cost_for(self.workers)
            self.power -= cost["power"]
            self.popularity -= cost["popularity"]
            self.coins -= cost["coins"]
            for t in self.produce_territories():
                product, n = t
                if product == "worker":
                    add = min(n, WORKERS_MAX - self.workers)
                    self.workers += add
                    self.spare += add
                    t[1] += add
                    if self.workers >= WORKERS_MAX:
                        self.earn("workers")
                else:
                    self.res[RESOURCES.index(product)] += n
        elif top == "trade" and self.coins >= 1:
            resources, popularity = self.trade_gains()
            self.trade("resources" if resources >= popularity else "popularity")
        elif top == "bolster" and self.coins >= 1:
            self.coins -= 1
            self.power = min(POWER_MAX, self.power + self.bolster)
            if self.power >= POWER_MAX:
                self.earn("power")
        elif top == "move":
            territories, coins = self.move_gains()
            if territories > coins:
                spread = self.spread()
                self.territory_count += spread
                self.spare -= spread
                self.room -= spread
            else:
                self.coins += self.move_coins

    def bottom_ready(self, i: int) -> bool:
        """Whether section ``i``'s bottom action can be paid and still counts."""
        goal = SECTION_GOALS[i]
        return (
            self.goal_open(goal)
            and self.res[i] >= self.sections[i][2]
            and (self.done[i] < STAR_GOALS[goal])
        )

    def play_bottom(self, i: int) -> None:
        """Section ``i``'s bottom action, paid."""
        _top, bottom, cost, _low, coins = self.sections[i]
        self.res[i] -= cost
        self.done[i] += 1
        self.coins += coins
        if bottom == "upgrade":
            # The upgrade lowers the dearest bottom action still open, and the first
            # one adds a Produce territory.
            self.produce_hexes = max(self.produce_hexes, 3)
            open_sections = [
                s
                for s, goal in zip(self.sections, SECTION_GOALS, strict=True)
                if s[2] > s[3] and self.goal_open(goal)
            ]
            if open_sections:
                max(open_sections, key=lambda s: s[2])[2] -= 1
        elif bottom == "enlist":
            self.coins += 2
        elif bottom == "deploy":
            self.spare += 1
            # A mech takes Riverwalk first: rivers no longer close the seat in.
            self.room = ROOM_MAX
        goal = SECTION_GOALS[i]
        if self.done[i] >= STAR_GOALS[goal]:
            self.earn(goal)

    def copy(self) -> Economy:
        other = type(self).__new__(type(self))
        other.__dict__ = self.__dict__.copy()
        other.res = self.res[:]
        other.producing = [t[:] for t in self.producing]
        other.done = self.done[:]
        other.stars = set(self.stars)
        other.sections = [s[:] for s in self.sections]
        return other

    def play_section(self, index: int) -> None:
        """Section ``index``: its top, then its bottom action if it can be paid."""
        self.play_top(self.sections[index][0])
        if self.bottom_ready(index):
            self.play_bottom(index)
        self.last = index

    def turn(self) -> None:
        """One own turn: the section (not the last one) after which the economy is worth
        most (:meth:`worth`). It replaces a rule of thumb (the most useful top, plus 4
        for a bottom action that can be paid), which Moved and Produced while the
        resources for the next bottom actions never came. With the Trade of
        :meth:`trade`, bot:hard's margin to the Automa rose by +4.1 +- 2.0 coins (seeds
        9901-10000) and +2.7 +- 2.0 (10001-10100): 46 wins of 200 where 32. Choosing by
        the worth two turns on did no better (32 games) and took 1.5 times as long."""
        trials = []
        for index in range(len(self.sections)):
            if index != self.last:
                trial = self.copy()
                trial.play_section(index)
                trials.append((trial.worth(self.progress_coins), -index, trial))
        _worth, _index, best = max(trials, key=lambda t: t[:2])
        self.__dict__ = best.__dict__

    def score(self, popularity: int) -> float:
        """End-game coins of the stars, territories and resources at ``popularity``,
        and (``tier_slope``) a share of what the next tier would add to a seat's usual
        final holdings, by the way made towards it."""
        pairs = sum(self.res) / 2
        coins = self.tier_score(popularity, self.star_count, self.territory_count, pairs)
        if self.tier_slope and popularity < TIER_STEPS[-1]:
            low, high, share = TIER_CLIMB[popularity]
            stars = max(self.star_count, FINAL_STARS)
            territories = max(self.territory_count, FINAL_TERRITORIES)
            coins += (
                self.tier_slope
                * share
                * (
                    self.tier_score(high, stars, territories, pairs)
                    - self.tier_score(low, stars, territories, pairs)
                )
            )
        return coins

    @staticmethod
    def tier_score(popularity: int, stars: int, territories: int, pairs: float) -> float:
        """The coins of ``stars``, ``territories`` and ``pairs`` of resources at the
        tier of ``popularity``."""
        star, territory, resources = TIER_AT[popularity]
        return stars * star + territories * territory + pairs * resources

    def worth(self, progress_coins: float) -> float:
        return self.coins + self.score(self.popularity) + progress_coins * self.progress()

    def progress(self) -> float:
        """The way made to the stars: each star placed counts one, and each star goal
        still open of the bottom row and the workers its share done (resources in
        stock towards the next bottom action counting half). Power and popularity are
        left out: their tracks are climbed for fights and coins, seldom to the top."""
        shares = []
        for i, goal in enumerate(SECTION_GOALS):
            if self.goal_open(goal):
                stock = min(self.res[i] / max(self.sections[i][2], 1), 1.0)
                shares.append((self.done[i] + 0.5 * stock) / STAR_GOALS[goal])
        if self.goal_open("workers"):
            shares.append(self.workers / WORKERS_MAX)
        return self.star_count + sum(shares)


@lru_cache(maxsize=8192)
def projected_value(
    snap: tuple, turns: int, progress_coins: float, discount: float, tier_slope: float
) -> float:
    """What the seat's economy is worth: its coins, the end-game coins of its stars,
    territories and resources at its popularity, and its progress to the stars still
    open (``progress_coins`` per star) now, plus what ``turns`` own turns of it add,
    each turn's gain counted ``discount`` times the turn before's (what can be done
    now is worth more than the same done later). A pure function of its arguments,
    so its answers are kept: the search judges the same economy many times a turn."""
    economy = Economy(snap, tier_slope, progress_coins)
    worth = economy.worth(progress_coins)
    total, weight = worth, 1.0
    for _ in range(turns):
        if economy.star_count >= STARS_TO_END:
            break
        economy.turn()
        weight *= discount
        after = economy.worth(progress_coins)
        total += weight * (after - worth)
        worth = after
    return total


__all__ = ["Economy", "projected_value", "snapshot"]
