"""Why a bot chose its turn or its combat commit: an event code with parameters.

The codes are worded by the engine's catalogues (``bot.<code>``, English and Dutch,
through :func:`scythe_core.io.wording.describe_event`); the state holds no sentence.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..data.components import STAR_GOALS, STARS_TO_END
from ..model.annotation import BOT_REASONS, STAR_CATEGORIES, annotate
from ..model.state import GameState
from ..rules.economy import star_goal_counts
from .combat import CommitChoice
from .evaluate import GAME_RESULT

#: Every reason code (catalogue entries ``bot.<code>``), listed with their parameters in
#: ``model.annotation`` (a decision's record carries its reason).
CODES = BOT_REASONS


@dataclass(frozen=True)
class Reason:
    code: str
    params: dict = field(default_factory=dict)

    def annotating(self, action: str) -> str:
        """``action`` with this reason, as the engine applies and the history keeps it."""
        return annotate(action, self.code, self.params)


def combat_reason(choice: CommitChoice) -> Reason:
    """Why a bot commits what it does to a combat."""
    if choice.plan == "hold":
        return Reason("holds_back", {"expected": choice.expected})
    if choice.chance is not None:
        return Reason("takes_odds", {"chance": min(round(100 * choice.chance), 99)})
    return Reason("commits", {"expected": choice.expected})


def _new_log(before: GameState, after: GameState) -> list[dict]:
    return after.log[len(before.log) :]


def _star_reason(before, after, seat: int) -> Reason | None:
    old, new = before.players[seat], after.players[seat]
    for category in STAR_CATEGORIES:
        if new.stars.get(category, 0) > old.stars.get(category, 0):
            return Reason("earns_star", {"category": category})
    counts_before, counts_after = star_goal_counts(old), star_goal_counts(new)
    for goal, need in STAR_GOALS.items():
        if new.stars.get(goal):
            continue
        if counts_after[goal] > counts_before[goal] and need - counts_after[goal] <= need // 3:
            return Reason("aims_star", {"category": goal})
    return None


def _event_reason(events: list[dict], seat: int) -> Reason | None:
    for entry in events:
        if entry.get("event") == "combat" and entry.get("attacker") == seat:
            return Reason("attacks", {"hex": entry["hex"]})
    for entry in events:
        if entry.get("seat") == seat and entry.get("event") == "encounter":
            return Reason("explores", {"hex": entry["hex"]})
        if entry.get("seat") == seat and entry.get("event") == "factory_card":
            return Reason("takes_factory_card")
    return None


def _progress_reason(before: GameState, after: GameState, seat: int) -> Reason:
    old, new = before.players[seat], after.players[seat]
    if len(after.controlled_territories(seat)) > len(before.controlled_territories(seat)):
        return Reason("spreads_out")
    built = len(new.upgraded_top) + len(new.mechs) + len(new.structures) + len(new.recruits) > len(
        old.upgraded_top
    ) + len(old.mechs) + len(old.structures) + len(old.recruits)
    if built:
        return Reason("builds_engine")
    if new.popularity > old.popularity:
        return Reason("raises_popularity")
    if new.power > old.power or len(new.combat_cards) > len(old.combat_cards):
        return Reason("gains_power")
    if new.coins > old.coins + 1:
        return Reason("takes_coins")
    return Reason("gathers")


def plan_reason(before: GameState, best, seen: list, seat: int) -> Reason:
    """Why the bot takes the turn ``best`` (a search line) from the position ``before``."""
    after = best.state
    if after.game_over and best.value > 0:
        return Reason("ends_game")
    mine = before.players[seat].star_count
    if mine == STARS_TO_END - 1 and any(
        line.state.game_over and line.value < -GAME_RESULT / 2 for line in seen
    ):
        return Reason("waits_sixth_star")
    return (
        _star_reason(before, after, seat)
        or _event_reason(_new_log(before, after), seat)
        or _progress_reason(before, after, seat)
    )


__all__ = ["CODES", "Reason", "combat_reason", "plan_reason"]
