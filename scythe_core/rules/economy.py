"""Small shared effects: tracks, cards, workers, stars and the produce cost."""

from __future__ import annotations

from collections.abc import Collection

from ..data.components import (
    BOTTOM_ACTIONS,
    POPULARITY_MAX,
    POWER_MAX,
    PRODUCE_COST_STEPS,
    STAR_GOALS,
    STARS_TO_END,
    TOP_SLOTS,
    mat_section,
)
from ..model import rng
from ..model.seats import seat_rules
from ..model.state import GameState, Player


def gain_power(player: Player, amount: int) -> None:
    player.power = max(0, min(POWER_MAX, player.power + amount))


def gain_popularity(player: Player, amount: int) -> None:
    player.popularity = max(0, min(POPULARITY_MAX, player.popularity + amount))


def draw_combat_cards(state: GameState, player: Player, count: int) -> None:
    """Draw cards; an empty deck is reshuffled from the discards; none if both are empty."""
    for _ in range(count):
        if not state.combat_deck:
            if not state.combat_discard:
                return
            state.rng, state.combat_deck = rng.shuffled(state.rng, state.combat_discard)
            state.combat_discard = []
        player.combat_cards.append(state.combat_deck.pop())


def top_slot_amount(slot: str, upgraded_top: Collection[str]) -> int:
    """The amount of an upgradable top-row benefit, given the slots upgraded so far."""
    _, base, upgraded = TOP_SLOTS[slot]
    return upgraded if slot in upgraded_top else base


def top_amount(player: Player, slot: str) -> int:
    """The current amount of an upgradable top-row benefit."""
    return top_slot_amount(slot, player.upgraded_top)


def produce_cost(player: Player) -> dict[str, int]:
    """Power, popularity and coins the Produce action costs now."""
    return produce_cost_for(player.workers_on_board())


def produce_cost_for(on_board: int) -> dict[str, int]:
    """Power, popularity and coins Produce costs with ``on_board`` workers on the board."""
    cost = {"power": 0, "popularity": 0, "coins": 0}
    for threshold, power, popularity, coins in PRODUCE_COST_STEPS:
        if on_board >= threshold:
            cost = {"power": power, "popularity": popularity, "coins": coins}
    return cost


def can_afford_track_cost(player: Player, cost: dict[str, int]) -> bool:
    return (
        player.power >= cost.get("power", 0)
        and player.popularity >= cost.get("popularity", 0)
        and player.coins >= cost.get("coins", 0)
    )


def pay_track_cost(player: Player, cost: dict[str, int]) -> None:
    player.power -= cost.get("power", 0)
    player.popularity -= cost.get("popularity", 0)
    player.coins -= cost.get("coins", 0)


def bottom_cost(player: Player, bottom: str) -> int:
    return bottom_cost_for(player.mat, bottom, player.upgraded_bottom.get(bottom, 0))


def bottom_cost_for(mat: str, bottom: str, cubes: int) -> int:
    """Resources a bottom action costs on ``mat`` with ``cubes`` upgrade cubes on it."""

    _, _, base, _, _ = mat_section(mat, BOTTOM_ACTIONS.index(bottom))
    return base - cubes


def deploy_worker(player: Player, hid: str) -> bool:
    """Place the leftmost worker from the mat on hid; False when none is left."""
    for i, where in enumerate(player.workers):
        if where is None:
            player.workers[i] = hid
            return True
    return False


def star_goal_values(player: Player) -> tuple[int, ...]:
    """How far a seat is on each star goal, in the order of ``STAR_GOALS`` (the one
    place these counts are worked out)."""
    return (
        len(player.upgraded_top),
        len(player.mechs),
        len(player.structures),
        len(player.recruits),
        player.workers_on_board(),
        player.power,
        player.popularity,
    )


#: The star goals in the order :func:`star_goal_values` gives them, and their targets.
STAR_GOAL_ORDER = ("upgrades", "mechs", "structures", "recruits", "workers", "power", "popularity")
STAR_GOAL_TARGETS = tuple(STAR_GOALS[c] for c in STAR_GOAL_ORDER)
assert set(STAR_GOAL_ORDER) == set(STAR_GOALS)


def star_goal_counts(player: Player) -> dict[str, int]:
    """How far a seat is on each star goal of the player mat and tracks."""
    return dict(zip(STAR_GOAL_ORDER, star_goal_values(player), strict=True))


def earned_star_categories(player: Player) -> list[str]:
    """Star categories whose goal is met now but has no star yet (combat/objective excluded).

    Asked for every seat after every action: the goals met are found first (usually
    none), and only then which of them the seat's rules count."""
    stars = player.stars
    values = star_goal_values(player)
    met = [
        category
        for i, category in enumerate(STAR_GOAL_ORDER)
        if values[i] >= STAR_GOAL_TARGETS[i] and not stars.get(category)
    ]
    if not met:
        return []
    # Besides combat and its star card, the Automa's only star: reaching 16 power.
    return [category for category in seat_rules(player).star_goals if category in met]


def place_star(state: GameState, player: Player, category: str) -> None:
    """Place one star (never more than six); the sixth ends the game at once."""
    if state.game_over or player.star_count >= STARS_TO_END:
        return
    player.stars[category] = player.stars.get(category, 0) + 1
    state.log.append({"seat": player.seat, "event": "star", "category": category})
    if player.star_count >= STARS_TO_END:
        end_game(state)


def award_stars(state: GameState, seat: int) -> None:
    """Place every star the seat has newly earned."""
    player = state.players[seat]
    for category in earned_star_categories(player):
        place_star(state, player, category)


def award_stars_after_action(state: GameState) -> None:
    """Stars for the active player first, then for others in clockwise order (once the
    game is over, :func:`place_star` places no more). Runs after every action: a seat
    with no newly earned star costs one short loop."""
    clockwise = state.clockwise
    n = len(clockwise)
    start = clockwise.index(state.turn_order[state.turn_index])
    players = state.players
    for k in range(n):
        player = players[clockwise[(start + k) % n]]
        earned = earned_star_categories(player)
        for category in earned:
            place_star(state, player, category)


def end_game(state: GameState) -> None:
    """The sixth star ends the game at once; the scheduler stops the flow of play."""
    state.game_over = True
