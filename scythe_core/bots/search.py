"""Whole turns tried out on an imagined game, and the best one kept.

From the decision in hand the bot plays its turn to the end on an imagined copy of
the game (:func:`scythe_core.bots.observe.imagine`), keeping the ``width`` most
promising part-turns at each decision (a beam), separately for each first choice,
and judges the positions where the turn ends. Other seats' decisions within the turn
(a defender's commit, a retreat) are answered by the same combat rule of thumb the
bot uses itself. A fight against an Automa (the hard level's weights) is judged by
the mean over every card the Automa may draw for it (:func:`combat_mean`).
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field

from ..engine import apply_in_place, legal_actions, to_move
from ..model.actions import verb_of
from ..model.state import GameState
from .combat import choose_commit, hand_outcomes
from .evaluate import Weights, evaluate
from .keys import Judged, evaluation_key, part_turn_key
from .replies import (
    automa_replies,
    each_card_on_top,
    play_to_next_turn,
    reply_candidates,
    weigh_replies,
)

#: At most this many decisions of one's own in a turn (a safety net; turns need < 40).
MAX_STEPS = 80
#: Part-turns kept beside the beam (only picked a unit, or waiting for a gain), per
#: part-turn of width: the best of them (a safety net against a flood of them).
SELECTIONS_PER_WIDTH = 8
#: Where a beam narrows, it keeps this share of its width (at least one part-turn).
NARROWED = 8


@dataclass(frozen=True)
class SearchLimits:
    """Work a search of whole turns may leave out (the hard level's; the others keep
    to the plain beam, as their figures in docs/balance.md were played with it)."""

    #: Drop a part-turn whose game is one seen before in the same search (a mech
    #: dropping a resource and loading it again, or another order of the same moves).
    drop_repeats: bool = False
    #: Part-turns judged for one first choice after which the beam keeps only
    #: ``1 / NARROWED`` of its width (0: never): a Move of many mechs carrying workers
    #: and resources can go on for sixty decisions in thousands of ways (a search of
    #: the usual turn judges about 130 part-turns, 1 in 20 more than 1,800).
    narrow_after: int = 0
    #: Keep ``width`` part-turns whose bottom action is still to come and ``width``
    #: past it (:func:`prune_by_phase`), instead of ``width`` in all.
    by_phase: bool = False


#: The plain beam.
NO_LIMITS = SearchLimits()


@dataclass
class Line:
    """A part-turn: the imagined game after it, the bot's choices, their legal lists."""

    state: GameState
    actions: list[str] = field(default_factory=list)
    offered: list[tuple[str, ...]] = field(default_factory=list)
    value: float = 0.0
    #: What the part-turn's value is off by the luck of its imagined combat: the mean
    #: over the cards the Automa may draw for it, less the value of the drawn one
    #: (kept by every longer part-turn; :func:`combat_mean`).
    luck: float = 0.0


def answer_others(state: GameState, seat: int) -> None:
    """Play the other seats' decisions inside this turn by rules of thumb."""
    while not state.game_over:
        mover = to_move(state)
        if mover == seat or mover is None:
            return
        legal = legal_actions(state)
        kind = state.pending.get("kind")
        if kind == "combat_commit":
            action = choose_commit(state, mover, legal, margin=0).action
        elif kind == "automa_turn" or kind == "section":
            return  # the next turn has begun
        else:
            action = legal[0]
        apply_in_place(state, action, check=False)


#: Decisions inside an action that has been paid for but has not given its gain yet
#: (the resources a Trade brings, a bottom action whose resources are being paid): a
#: part-turn there is kept beside the beam.
UNPAID_GAIN = ("trade_place", "pay")
#: Produce has been paid for and each territory's amount is still to choose: such a
#: part-turn is judged as if every territory gave its most.
PRODUCING = "produce_amounts"


def is_selection(line: Line) -> bool:
    """A part-turn that has only picked what to do next (a Move's unit) or is waiting
    for the gain it paid for: it is kept beside the beam until it can be judged."""
    last = line.actions[-1] if line.actions else ""
    return (
        last == "move" or verb_of(last) == "unit" or line.state.pending.get("kind") in UNPAID_GAIN
    )


def judge(
    state: GameState,
    seat: int,
    weights: Weights,
    judged: Judged | None = None,
    key: bytes | None = None,
) -> float:
    """The value of a part-turn; in the middle of a Produce, with every amount at its
    most. With ``judged``, a position met before in the search is not judged again
    (``key``: its :func:`evaluation_key`, when known)."""
    if state.pending.get("kind") != PRODUCING:
        if judged is None or state.game_over:
            return evaluate(state, seat, weights)
        if key is None:
            key = evaluation_key(state)
        value = judged.get(key)
        if value is None:
            value = judged[key] = evaluate(state, seat, weights)
        return value
    produced = state.copy()
    while produced.pending.get("kind") == PRODUCING and to_move(produced) == seat:
        apply_in_place(produced, legal_actions(produced)[-1], check=False)
    return evaluate(produced, seat, weights)


def resources_left(state: GameState) -> tuple:
    """The resources on the board, as a comparable value."""
    return tuple(
        sorted((hid, tuple(sorted(here.items()))) for hid, here in state.resources.items())
    )


def prune(lines: list[Line], width: int) -> list[Line]:
    """The ``width`` best part-turns that differ (the same value at the same kind of
    decision counts as the same position: a resource placed on either of two hexes),
    and beside them the best of those that have only picked a unit or wait for a gain
    (at most ``SELECTIONS_PER_WIDTH`` per part-turn of width)."""
    lines.sort(key=lambda line: -line.value)
    kept, seen, selections = [], set(), []
    paying: set[tuple] = set()
    for line in lines:
        if is_selection(line):
            if line.state.pending.get("kind") == "pay":
                # Paying from one territory or another in either order ends the same
                # when the same resources are left: one such part-turn (of the same
                # value, so the same turn before it) is enough.
                paid = (round(line.value, 6), resources_left(line.state))
                if paid in paying:
                    continue
                paying.add(paid)
            selections.append(line)
            continue
        key = (round(line.value, 6), line.state.pending.get("kind"))
        if key not in seen and len(kept) < width:
            seen.add(key)
            kept.append(line)
    return kept + selections[: SELECTIONS_PER_WIDTH * width]


def bottom_still_to_come(state: GameState) -> bool:
    """Whether the section's bottom action has yet to be offered in this turn."""
    return any(step.get("auto") == "ask_bottom" for step in state.flow)


def prune_by_phase(lines: list[Line], width: int) -> list[Line]:
    """:func:`prune` apart for part-turns before their bottom action and those past it.

    A part-turn past its bottom action has its gain (an upgrade, a mech) counted; one
    still moving its units has not. In one beam, Moves of one unit followed by the
    bottom action pushed out every Move of two or three units before it could reach
    its own (seed 9304, turn 14 against the Automa: no finished Move moved a unit).
    Kept apart, bot:hard's margin to the Automa rose by +5.0 +- 1.9 coins (seeds
    9401-9500), +3.1 +- 1.9 (9301-9400) and +4.0 +- 1.8 (9501-9600); think time per
    turn (``bench/bots.py``) went from a median of 0.13 s to 0.19 s. A beam for each
    kind of pending decision gained +1.3 +- 1.1 more at 2.5 times the think time."""
    phases: dict[bool, list[Line]] = {}
    for line in lines:
        phases.setdefault(bottom_still_to_come(line.state), []).append(line)
    return [kept for phase in phases.values() for kept in prune(phase, width)]


def turn_over(state: GameState, turns_before: int) -> bool:
    return state.game_over or state.turns_taken > turns_before


def extend(
    line: Line,
    seat: int,
    weights: Weights,
    reached: set[bytes] | None = None,
    judged: Judged | None = None,
    spend: bool = False,
) -> list[Line]:
    """Every one-decision longer part-turn after ``line`` (judged where they stand,
    by ``judged`` for a position judged before);
    with ``reached``, only those whose game is not one of it (they are added): a
    part-turn that comes back to a game seen before (a mech dropping a resource and
    loading it again) or reaches one another order of the same decisions reached
    leads nowhere new. The last of them plays on ``line``'s own game, not a copy,
    where there is one choice or ``spend`` says ``line`` is done with."""
    legal = legal_actions(line.state)
    offered = tuple(legal)
    mean = None
    if line.state.pending.get("kind") == "combat_commit":
        legal = [choose_commit(line.state, seat, legal, 1, weights.automa_odds).action]
        if weights.automa_odds:
            mean = combat_mean(line.state, seat, legal[0], weights)
    children = []
    own = len(legal) - 1 if spend or len(legal) == 1 else -1
    for index, action in enumerate(legal):
        state = line.state if index == own else line.state.copy()
        apply_in_place(state, action, check=False)
        answer_others(state, seat)
        evaluated = None
        if reached is not None and not state.game_over:
            evaluated = evaluation_key(state)
            key = part_turn_key(state, evaluated)
            if key in reached:
                continue
            reached.add(key)
        value = judge(state, seat, weights, judged, evaluated)
        luck = line.luck if mean is None else line.luck + mean - value
        children.append(
            Line(state, [*line.actions, action], [*line.offered, offered], value + luck, luck)
        )
    return children


def combat_mean(state: GameState, seat: int, commit: str, weights: Weights) -> float | None:
    """The mean value after ``commit`` over each card an Automa in the combat may draw
    for it (the cards of its imagined deck, each put on top in turn), or None when no
    Automa fights or its deck is empty. One imagined draw alone makes a fight look
    won or lost by the luck of the imagination: bot:hard's attacks on the Automa won
    133 of 271 (seeds 9101-9300); judged by the mean, 191 of 297 (9001-9300), the
    Automa's combat stars fell from 1.47 to 1.27 a game and the margin to it rose by
    1.9 +- 0.7 coins (53 wins in 300 against 48). Each draw is weighed again by the
    chance that the random cards of the Automa's hand win or lose the fight
    (:func:`.combat.hand_outcomes`), not by the hand imagined for it."""
    combat = state.turn.get("combat") or {}
    foes = [combat.get("attacker"), combat.get("defender")]
    automa = next(
        (state.players[s] for s in foes if s is not None and s != seat
         and state.players[s].automa is not None),
        None,
    )  # fmt: skip
    draws = [] if automa is None else each_card_on_top(state, automa.seat)
    if not draws:
        return None
    total = 0.0
    for drawn in draws:
        for chance, outcome in hand_outcomes(drawn, automa.seat, commit):
            apply_in_place(outcome, commit, check=False)
            answer_others(outcome, seat)
            total += chance * judge(outcome, seat, weights)
    return total / len(draws)


#: What thinking step by step yields between two slices (nothing: a pause point).
Steps = Generator[None, None, object]


def best_turn(
    start: Line,
    seat: int,
    width: int,
    weights: Weights,
    limits: SearchLimits = NO_LIMITS,
    judged: Judged | None = None,
):
    """The best finished turn from ``start`` (and every finished turn looked at),
    as a generator that pauses after each decision it looks at (see :func:`finish`);
    ``judged``: the values of positions judged before in this search (added to)."""
    turns_before = start.state.turns_taken
    beam, finished = [start], []
    reached = {part_turn_key(start.state)} if limits.drop_repeats else None
    counted, narrowed = 0, max(1, width // NARROWED)
    for _ in range(MAX_STEPS):
        grown: list[Line] = []
        for line in beam:
            # (a part-turn of the beam is extended once, then dropped)
            children = extend(line, seat, weights, reached, judged, spend=True)
            counted += len(children)
            for child in children:
                (finished if turn_over(child.state, turns_before) else grown).append(child)
            yield
        if not grown:
            break
        over = limits.narrow_after and counted > limits.narrow_after
        keep = prune_by_phase if limits.by_phase else prune
        beam = keep(grown, narrowed if over else width)
    else:
        # A part-turn still going after MAX_STEPS decisions goes round in a circle (a
        # mech dropping and loading the same resource, where repeats are not dropped):
        # it counts only when no turn ended.
        if not finished:
            finished.extend(beam)
    return max(finished, key=lambda line: line.value), finished


def look_ahead(
    options: list[Line],
    seat: int,
    width: int,
    weights: Weights,
    count: int,
    limits: SearchLimits = NO_LIMITS,
    cards: int = 1,
    judged: Judged | None = None,
):
    """Judge the ``count`` best turns by the best turn that can follow them, found
    with a beam of ``width`` (a generator); when an Automa plays in between, by the
    mean over the first ``cards`` cards of its imagined deck, each drawn in turn
    (:func:`automa_draws`)."""
    for line in options[:count]:
        values = []
        for after in automa_draws(line.state, seat, weights, cards):
            play_to_next_turn(after, seat, weights)
            if after.game_over:
                values.append(evaluate(after, seat, weights))
                continue
            follow_ups, _seen = yield from plan_turn_steps(
                after, seat, width, weights, 0, limits=limits, judged=judged
            )
            values.append(max(follow.value for follow in follow_ups))
        line.value = line.luck + sum(values) / len(values)


def automa_draws(state: GameState, seat: int, weights: Weights, cards: int) -> list[GameState]:
    """Copies of the game after a turn, played on to the next Automa's turn and one
    for each of the first ``cards`` cards of its imagined deck put on top
    (:func:`.replies.each_card_on_top`); one copy as it stands when ``cards`` is 1,
    or no Automa plays before this seat again. One imagined card alone judged the
    turn after by the luck of that card: an attack it brings, or not. Judged over
    three, bot:hard's margin to the Automa rose by +1.1 +- 1.2 coins (seeds
    9901-10000) and +1.7 +- 1.3 (10001-10100): 50 wins of 200 where 44, at a third
    more think time against an Automa; games without one play as before. Judged over
    two (bot:hard now), the margin is the same as over three (+0.3 +- 1.2 and
    -0.1 +- 1.2 on those seeds) at a third less think time in its slowest turns
    against the Autometta (95th percentile 3.2 s where 5.1 s)."""
    if cards <= 1:
        return [state.copy()]
    return automa_replies(state, seat, weights, cards)


def plan_turn_steps(
    state: GameState,
    seat: int,
    width: int,
    weights: Weights,
    ahead: int = 0,
    ahead_width: int = 0,
    limits: SearchLimits = NO_LIMITS,
    replies: int = 0,
    placements: int = 1,
    ahead_cards: int = 1,
    judged: Judged | None = None,
):
    """The best turn for each first choice from here (best first), and every end seen;
    against an Automa the ``replies`` best judged by its reply to them, among them
    for each first choice the best that end with the units placed otherwise, up to
    ``placements`` placements (:func:`.replies.reply_candidates`); the ``ahead`` best
    judged by the best turn after them (found with a beam of ``ahead_width``, or
    ``width`` when 0; over ``ahead_cards`` cards an Automa may draw in between); a
    generator that pauses between slices of the search. ``judged``: the values of
    positions judged before in the search this one is part of (a new one when None)."""
    if judged is None:
        judged = {}
    answer_others(state, seat)
    against_automa = bool(replies) and any(p.automa is not None for p in state.players)
    firsts = extend(Line(state), seat, weights, judged=judged)
    options: list[Line] = []
    seen: list[Line] = []
    for first in firsts:
        if turn_over(first.state, state.turns_taken):
            line, ends = first, [first]
        else:
            line, ends = yield from best_turn(first, seat, width, weights, limits, judged)
        seen.extend(ends)
        options.append(line)
        if against_automa:
            options += reply_candidates(line, ends, seat, placements)
    options.sort(key=lambda line: -line.value)
    if against_automa:
        yield from weigh_replies(options, seat, weights, replies)
        options[:replies] = sorted(options[:replies], key=lambda line: -line.value)
    if ahead:
        yield from look_ahead(
            options, seat, ahead_width or width, weights, ahead, limits, ahead_cards, judged
        )
        options[:ahead] = sorted(options[:ahead], key=lambda line: -line.value)
    return options, seen


def finish(steps: Generator):
    """Run a step-by-step computation to its end and return its result."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def plan_turn(state: GameState, seat: int, width: int, weights: Weights) -> tuple[list, list]:
    """:func:`plan_turn_steps` in one go."""
    return finish(plan_turn_steps(state, seat, width, weights))


__all__ = [
    "NO_LIMITS",
    "Line",
    "SearchLimits",
    "answer_others",
    "best_turn",
    "finish",
    "plan_turn",
    "plan_turn_steps",
]
