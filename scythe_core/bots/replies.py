"""An Automa's next turn after a turn of ours, as the hard bot weighs it.

A position at the end of a turn does not show what it leaves open to the Automa's
attacks (workers alone within its reach, units it can beat): the best turns found are
judged again after the Automa's next turn, averaged over each card it may draw (its
deck order is never known). Turns that end with the same units in the same places
leave the same things open, so besides the best turn of each first choice the best
ones that leave the units elsewhere are judged too (:func:`reply_candidates`).
"""

from __future__ import annotations

from ..engine import apply_in_place, legal_actions, to_move
from ..model.state import GameState
from .combat import choose_commit
from .evaluate import Weights, evaluate


def play_to_next_turn(
    state: GameState, seat: int, weights: Weights, until_automa: bool = False
) -> None:
    """Play the imagined game on to this seat's next turn (``until_automa``: or to the
    start of an Automa's turn): the Automa plays its cards, any other seat takes its
    first offered choice (a placeholder, judged the same for every plan of ours); this
    seat defends as it would."""
    while not state.game_over:
        mover = to_move(state)
        if mover == seat and state.pending.get("kind") == "section":
            return
        if until_automa and state.pending.get("kind") == "automa_turn":
            return
        legal = legal_actions(state)
        if state.pending.get("kind") == "combat_commit":
            odds = mover == seat and weights.automa_odds
            action = choose_commit(state, mover, legal, 0, odds).action
        else:
            action = legal[0]
        apply_in_place(state, action, check=False)


def automa_replies(
    state: GameState, seat: int, weights: Weights, count: int = 0
) -> list[GameState]:
    """The imagined game at the start of the next Automa's turn after this seat's, once
    for each card that Automa may draw next (the cards of its imagined deck, each put
    on top in turn; its deck order is never known; with ``count``, only the first
    ones of the imagined order: :func:`each_card_on_top`), or once as it stands when
    no Automa plays next or its deck is empty (it reshuffles)."""
    after = state.copy()
    play_to_next_turn(after, seat, weights, until_automa=True)
    if after.game_over or after.pending.get("kind") != "automa_turn":
        return [after]
    return each_card_on_top(after, to_move(after), count) or [after]


def each_card_on_top(state: GameState, automa_seat: int, count: int = 0) -> list[GameState]:
    """Copies of the imagined game, one for each card of an Automa's imagined deck put
    on top in turn (its deck order is never known), the next card after it in turn
    below it; none when its deck is empty. The card below is the one the Automa draws
    for a fight in that turn: left where the imagination put it, every reply fought
    with the same card, and an attack looked always won or always lost. With
    ``count``, only that many cards: the first ones of the imagined order (a sample
    of the deck, as the imagination shuffled it)."""
    copies = []
    deck = state.players[automa_seat].automa["deck"]
    cards = sorted(set(deck)) if not count else first_cards(deck, count)
    for k, card in enumerate(cards):
        drawn = state.copy()
        order = drawn.players[automa_seat].automa["deck"]
        put_at(order, card, -1)
        if len(cards) > 1:
            put_at(order, cards[(k + 1) % len(cards)], -2)
        copies.append(drawn)
    return copies


def first_cards(deck: list[int], count: int) -> list[int]:
    """The first ``count`` different cards a deck order would deal (its top is its end)."""
    cards: list[int] = []
    for card in reversed(deck):
        if card not in cards:
            cards.append(card)
            if len(cards) == count:
                break
    return cards


def put_at(order: list[int], card: int, place: int) -> None:
    """Swap ``card`` into ``place`` of a deck order."""
    i = order.index(card)
    order[i], order[place] = order[place], order[i]


def reply_steps(state: GameState, seat: int, weights: Weights):
    """A finished turn's value after the Automa's next turn, averaged over the cards
    it may draw: what the turn leaves open to its attacks (workers alone within its
    reach, units it can beat) counts, as the position at the turn's end does not show;
    a generator that pauses after each card (a page thinks in slices)."""
    replies = automa_replies(state, seat, weights)
    total = 0.0
    for reply in replies:
        play_to_next_turn(reply, seat, weights)
        total += evaluate(reply, seat, weights)
        yield
    return total / len(replies)


def weigh_replies(options: list, seat: int, weights: Weights, count: int):
    """Judge the ``count`` best turns by the Automa's reply to them (a generator)."""
    for line in options[:count]:
        if not line.state.game_over:
            line.value = line.luck + (yield from reply_steps(line.state, seat, weights))


def unit_placement(state: GameState, seat: int) -> tuple:
    """Where the seat's units stand: what an attack on them depends on."""
    player = state.players[seat]
    workers = tuple(sorted(hid or "" for hid in player.workers))
    return workers, tuple(sorted(player.mechs)), player.character


def reply_candidates(best: object, ends: list, seat: int, placements: int) -> list:
    """Finished turns of one first choice to judge by the Automa's reply beside its
    best (``best``): the best of those ending with the units placed otherwise, up to
    ``placements`` different placements in all with the best's (a game over is
    judged as it is).

    Seed 9603, turn 36: the best Upgrade turn sent the character where the Automa
    could win its sixth star, and the bot took combat cards instead of its sixth
    upgrade; with three placements it upgrades and keeps the character home. Margin
    to the Automa, bot:hard against it with three placements against one: +1.7 +- 2.0
    coins (seeds 9601-9700), +3.7 +- 1.9 (9701-9800), -1.4 +- 1.6 (9801-9900), 53
    games won of 300 where 51 were; the same think time."""
    chosen, seen = [], {unit_placement(best.state, seat)}
    for end in sorted(ends, key=lambda line: -line.value):
        if len(seen) >= placements:
            break
        where = unit_placement(end.state, seat)
        if where not in seen and not end.state.game_over:
            seen.add(where)
            chosen.append(end)
    return chosen


__all__ = [
    "automa_replies",
    "each_card_on_top",
    "play_to_next_turn",
    "reply_candidates",
    "reply_steps",
    "unit_placement",
    "weigh_replies",
]
