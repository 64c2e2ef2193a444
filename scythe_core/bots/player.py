"""The bot seat controller: one decision at a time, with a plan for the whole turn.

At the first decision of its turn the bot imagines the game from what it sees
(:mod:`.observe`), tries whole turns (:mod:`.search`) and keeps the best as its plan;
then it follows the plan while the game goes as imagined (the same choices are
offered), and plans again from where it is when not (an encounter card, a combat).
Off its turn it answers a combat by its rule of thumb (:mod:`.combat`) and anything
else by the best-looking single choice.

Each plan and each combat choice comes with a reason (:mod:`.reasons`), which goes
to the engine with the choice (:attr:`BotDecision.recorded`, ``model.annotation``):
the engine logs it as ``{"event": "bot", "code", "params"}`` and the history keeps it,
so a game replayed from its record has the same log.

Levels: *hard* keeps sixteen part-turns per first choice whose bottom action is still
to come and sixteen past it (:func:`.search.prune_by_phase`), judges its six best turns
by an Automa's reply to them (the mean over the cards it may draw next; among them,
for each first choice, the best turns leaving its units in up to three different
places: :func:`.replies.reply_candidates`), then its two
best by the best turn that can follow each (found keeping four; against an Automa, the
mean over two cards it may draw in between), drops a part-turn
back at a game seen before and narrows its beam to two after 3,000 part-turns for one
first choice (:class:`.search.SearchLimits`), judges a fight against an Automa by
the mean over every card it may draw for it, has its own weights, weighs its
opponents and aims a combat commit one above its guess; *normal* keeps two, weighs
its opponents less and now and then (15 in 100 decisions) takes a near-best choice
(within 3 coins); *easy* keeps one, ignores its opponents and takes a near-best choice
(within 6 coins) 60 times in 100.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from functools import partial

from ..engine import apply_in_place, legal_actions, to_move
from ..model import rng
from ..model.state import GameState
from .combat import choose_commit
from .evaluate import EASY, HARD, NORMAL, Weights, evaluate
from .observe import Observation, imagine, observe
from .reasons import Reason, combat_reason, plan_reason
from .search import NO_LIMITS, Line, SearchLimits, answer_others, finish, plan_turn_steps


@dataclass(frozen=True)
class Level:
    name: str
    weights: Weights
    #: Part-turns kept per first choice; 0: no look-ahead past the next choice.
    width: int
    #: Extra strength a combat commit aims above the guess of the other side.
    margin: int
    #: Chance in 100 of taking a near-best choice instead of the best (easy).
    slack: int
    #: Best turns judged by the best turn that can follow them (0: none).
    ahead: int = 0
    #: How far (coins) below the best a near-best choice may be.
    near: float = 3.0
    #: Part-turns kept per first choice when judging the turn after (0: ``width``).
    ahead_width: int = 0
    #: Work the search may leave out.
    limits: SearchLimits = NO_LIMITS
    #: Best turns judged by an Automa's reply to them, averaged over the cards it may
    #: draw (0: none; :func:`.replies.weigh_replies`).
    replies: int = 0
    #: For each first choice, turns ending with the units placed differently that are
    #: among those judged by the Automa's reply (:func:`.replies.reply_candidates`).
    placements: int = 1
    #: When an Automa plays before the turn after: the cards it may draw that the
    #: ``ahead`` turns are judged over (:func:`.search.automa_draws`; 1: the one
    #: card imagined on top).
    ahead_cards: int = 1


LEVELS = {
    "easy": Level("easy", EASY, 1, 0, 60, near=6.0),
    "normal": Level("normal", NORMAL, 2, 0, 15),
    "hard": Level(
        "hard",
        HARD,
        16,
        1,
        0,
        ahead=2,
        ahead_width=4,
        limits=SearchLimits(True, 3000, by_phase=True),
        replies=6,
        placements=3,
        ahead_cards=2,
    ),
}


@dataclass(frozen=True)
class BotDecision:
    action: str
    #: Why (logged before the action is applied), or None when nothing new is decided.
    reason: Reason | None

    @property
    def recorded(self) -> str:
        """The choice as it goes to the engine and into the record: with its reason."""
        return self.action if self.reason is None else self.reason.annotating(self.action)


@dataclass
class BotPlayer:
    """One seat's bot: its level and the rest of its plan for this turn."""

    seat: int
    level: str = "hard"
    plan: list[str] = field(default_factory=list)
    expected: list[tuple[str, ...]] = field(default_factory=list)

    def decide(self, state: GameState) -> BotDecision:
        """The bot's choice at ``state`` (whose pending decision is this seat's)."""
        return finish(self.deliberate(state))

    def deliberate(self, state: GameState) -> Generator[None, None, BotDecision]:
        """:meth:`decide` step by step: a generator that pauses between slices of its
        thinking (a page runs a few per animation frame) and returns the decision."""
        if to_move(state) != self.seat:
            raise ValueError(f"seat {self.seat} is not to move")
        legal = legal_actions(state)
        level = LEVELS[self.level]
        kind = state.pending.get("kind")
        if kind == "combat_commit":
            self.forget()
            choice = choose_commit(state, self.seat, legal, level.margin, level.weights.automa_odds)
            return BotDecision(choice.action, combat_reason(choice))
        if self.plan and self.expected[0] == tuple(legal):
            self.expected.pop(0)
            return BotDecision(self.plan.pop(0), None)
        self.forget()
        if len(legal) == 1:
            return BotDecision(legal[0], None)
        observation = observe(state, self.seat)
        if state.active_seat != self.seat or level.width == 0:
            return self.single_choice(observation, legal, level)
        return (yield from self.new_plan(observation, kind, level))

    def forget(self) -> None:
        self.plan, self.expected = [], []

    def new_plan(self, observation: Observation, kind: str | None, level: Level):
        imagined = imagine(observation)
        before = imagined.copy()
        yield
        options, seen = yield from plan_turn_steps(
            imagined,
            self.seat,
            level.width,
            level.weights,
            level.ahead,
            level.ahead_width,
            level.limits,
            level.replies,
            level.placements,
            level.ahead_cards,
        )
        best = options[self.near_pick(observation, [line.value for line in options], level)]
        self.plan, self.expected = list(best.actions[1:]), list(best.offered[1:])
        reason = plan_reason(before, best, seen, self.seat) if kind == "section" else None
        return BotDecision(best.actions[0], reason)

    def near_pick(self, observation: Observation, values: list[float], level: Level) -> int:
        """0 (the best), or by the level's slack one of the near-best (values best first)."""
        generator = rng.seed_state(observation.digest())
        generator, roll = rng.randbelow(generator, 100)
        if roll >= level.slack or len(values) < 2:
            return 0
        near = [i for i, v in enumerate(values[:4]) if v >= values[0] - level.near]
        generator, pick = rng.randbelow(generator, len(near))
        return near[pick]

    def single_choice(
        self, observation: Observation, legal: list[str], level: Level
    ) -> BotDecision:
        """The choice whose position looks best one step ahead (easy: sometimes a near one)."""
        imagined = imagine(observation)
        scored = []
        for action in legal:
            state = imagined.copy()
            apply_in_place(state, action, check=False)
            answer_others(state, self.seat)
            scored.append((evaluate(state, self.seat, level.weights), action, state))
        scored.sort(key=lambda s: -s[0])
        pick = self.near_pick(observation, [s[0] for s in scored], level)
        value, action, state = scored[pick]
        reason = None
        if observation.view["pending"].get("kind") == "section":
            line = Line(state, [action], [tuple(legal)], value)
            reason = plan_reason(imagined, line, [line], self.seat)
        return BotDecision(action, reason)


def bot_seats(state: GameState) -> dict[int, BotPlayer]:
    """A bot for every seat the setup gives to the bot controller with a level."""
    return {
        p.seat: BotPlayer(p.seat, p.level)
        for p in state.players
        if p.controller == "bot" and p.level in LEVELS
    }


def seat_players(state: GameState) -> dict[int, Callable[[GameState], None]]:
    """For ``io.simulate.simulate_mix``: each bot seat's decision player."""
    return {seat: partial(play_bot_decision, bot=bot) for seat, bot in bot_seats(state).items()}


def play_bot_decision(state: GameState, bot: BotPlayer) -> str:
    """Decide for the bot and apply the choice with its reason (the engine logs it);
    returns the action (without its reason)."""
    decision = bot.decide(state)
    apply_in_place(state, decision.recorded)
    return decision.action


__all__ = [
    "LEVELS",
    "BotDecision",
    "BotPlayer",
    "bot_seats",
    "play_bot_decision",
    "seat_players",
]
