"""The board-free model of one seat's economy that a projection plays on
(:mod:`.projection`): its resources, coins, power, popularity, workers by the product
of their territory, the counts of its star goals and its mat's costs, changed by one
section of the mat at a time."""

from __future__ import annotations

from ..data.components import (
    BOTTOM_ACTIONS,
    POPULARITY_MAX,
    POPULARITY_TIERS,
    POWER_MAX,
    STAR_GOALS,
    STARS_TO_END,
    popularity_tier,
)
from ..rules.economy import STAR_GOAL_ORDER, produce_cost_for
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
#: What each section's star goal needs (in the order of ``SECTION_GOALS``).
SECTION_NEEDS = tuple(STAR_GOALS[goal] for goal in SECTION_GOALS)
#: Each resource's index in ``RESOURCES``.
RESOURCE_INDEX = {res: i for i, res in enumerate(RESOURCES)}
#: Produce's (power, popularity, coins) for each count of workers on the board.
PRODUCE_COSTS = tuple(
    tuple(produce_cost_for(n)[track] for track in ("power", "popularity", "coins"))
    for n in range(WORKERS_MAX + 1)
)
#: Stars and territories a seat usually ends with (what a popularity tier is worth).
FINAL_STARS = 5
FINAL_TERRITORIES = 8
#: The popularity at which each tier begins, lowest first.
TIER_STEPS = tuple(sorted(low for low, *_coins in POPULARITY_TIERS))
#: The popularity at which the top tier begins.
TIER_TOP = TIER_STEPS[-1]
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
    """The mutable model a projection plays on. A projection copies it for every
    section it tries, so a copy shares what is seldom changed (``stars``, a frozenset
    replaced when a star is earned; ``producing``, ``done`` and ``sections``, lists
    copied by the one change that writes to each) and copies only ``res``. Its fields
    are slots: read and written many times per copy, they are quicker so."""

    __slots__ = (
        "tier_slope",
        "progress_coins",
        "res",
        "coins",
        "power",
        "popularity",
        "workers",
        "producing",
        "done",
        "stars",
        "star_count",
        "produce_hexes",
        "bolster",
        "trade_pop",
        "move_coins",
        "sections",
        "last",
        "territory_count",
        "spare",
        "move_units",
        "room",
    )

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
        self.stars = frozenset(stars)
        self.sections = [list(s) for s in sections]

    def goal_open(self, goal: str) -> bool:
        return goal not in self.stars

    def earn(self, goal: str) -> None:
        if goal not in self.stars and self.star_count < STARS_TO_END:
            self.stars = self.stars | {goal}
            self.star_count += 1

    def deficit(self) -> list[int]:
        """Per resource, what the next bottom action still open needs beyond stock."""
        need = [0, 0, 0, 0]
        stars, res, sections = self.stars, self.res, self.sections
        for i in range(4):
            if SECTION_GOALS[i] not in stars:
                short = sections[i][2] - res[i]
                if short > 0:
                    need[i] = short
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
            i = RESOURCE_INDEX[product]
            return min(n, need[i]) * 1.0 + max(0, n - need[i]) * 0.35

        return sorted(self.producing, key=worth, reverse=True)[: self.produce_hexes]

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
            power, popularity, coins = PRODUCE_COSTS[self.workers]
            if self.power < power or self.popularity < popularity or self.coins < coins:
                return
            self.power -= power
            self.popularity -= popularity
            self.coins -= coins
            self.producing = [t[:] for t in self.producing]
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
                    self.res[RESOURCE_INDEX[product]] += n
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
            self.play_move(territories > coins)

    def play_move(self, spreading: bool) -> None:
        """A Move: units spread to new territories (:meth:`spread`), or its coins."""
        if spreading:
            spread = self.spread()
            self.territory_count += spread
            self.spare -= spread
            self.room -= spread
        else:
            self.coins += self.move_coins

    def bottom_ready(self, i: int) -> bool:
        """Whether section ``i``'s bottom action can be paid and still counts."""
        return (
            SECTION_GOALS[i] not in self.stars
            and self.res[i] >= self.sections[i][2]
            and (self.done[i] < SECTION_NEEDS[i])
        )

    def play_bottom(self, i: int) -> None:
        """Section ``i``'s bottom action, paid."""
        _top, bottom, cost, _low, coins = self.sections[i]
        self.res[i] -= cost
        self.done = self.done[:]
        self.done[i] += 1
        self.coins += coins
        if bottom == "upgrade":
            # The upgrade lowers the dearest bottom action still open, and the first
            # one adds a Produce territory.
            self.produce_hexes = max(self.produce_hexes, 3)
            self.sections = [s[:] for s in self.sections]
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
        other.take(self)
        other.res = self.res[:]
        return other

    def take(self, other: Economy) -> None:
        """Every field as ``other`` has it (shared, not copied)."""
        self.tier_slope = other.tier_slope
        self.progress_coins = other.progress_coins
        self.res = other.res
        self.coins = other.coins
        self.power = other.power
        self.popularity = other.popularity
        self.workers = other.workers
        self.producing = other.producing
        self.done = other.done
        self.stars = other.stars
        self.star_count = other.star_count
        self.produce_hexes = other.produce_hexes
        self.bolster = other.bolster
        self.trade_pop = other.trade_pop
        self.move_coins = other.move_coins
        self.sections = other.sections
        self.last = other.last
        self.territory_count = other.territory_count
        self.spare = other.spare
        self.move_units = other.move_units
        self.room = other.room

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
        best, most = None, 0.0
        for index in range(len(self.sections)):
            if index != self.last:
                trial = self.copy()
                trial.play_section(index)
                worth = trial.worth(self.progress_coins)
                if best is None or worth > most:  # (the first of equal worth)
                    best, most = trial, worth
        self.take(best)

    def score(self, popularity: int) -> float:
        """End-game coins of the stars, territories and resources at ``popularity``,
        and (``tier_slope``) a share of what the next tier would add to a seat's usual
        final holdings, by the way made towards it."""
        # (each tier's coins read out here: a projection scores many thousand times a turn)
        pairs = sum(self.res) / 2
        star, territory, resources = TIER_AT[popularity]
        coins = self.star_count * star + self.territory_count * territory + pairs * resources
        if self.tier_slope and popularity < TIER_TOP:
            low, high, share = TIER_CLIMB[popularity]
            stars = max(self.star_count, FINAL_STARS)
            territories = max(self.territory_count, FINAL_TERRITORIES)
            high_star, high_territory, high_resources = TIER_AT[high]
            low_star, low_territory, low_resources = TIER_AT[low]
            coins += (
                self.tier_slope
                * share
                * (
                    (stars * high_star + territories * high_territory + pairs * high_resources)
                    - (stars * low_star + territories * low_territory + pairs * low_resources)
                )
            )
        return coins

    def worth(self, progress_coins: float) -> float:
        return self.coins + self.score(self.popularity) + progress_coins * self.progress()

    def progress(self) -> float:
        """The way made to the stars: each star placed counts one, and each star goal
        still open of the bottom row and the workers its share done (resources in
        stock towards the next bottom action counting half). Power and popularity are
        left out: their tracks are climbed for fights and coins, seldom to the top."""
        shares = []
        stars, res, sections, done = self.stars, self.res, self.sections, self.done
        for i in range(4):
            if SECTION_GOALS[i] not in stars:
                cost = sections[i][2]
                stock = res[i] / (cost if cost > 1 else 1)
                shares.append((done[i] + 0.5 * (stock if stock < 1.0 else 1.0)) / SECTION_NEEDS[i])
        if "workers" not in stars:
            shares.append(self.workers / WORKERS_MAX)
        return self.star_count + sum(shares)


__all__ = ["RESOURCES", "TIER_AT", "Economy"]
