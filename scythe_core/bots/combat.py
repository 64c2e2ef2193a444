"""How much a bot commits to a combat: enough to win when the odds allow, else nothing.

The other side's hidden cards are guessed from what is public: its power, how many
combat cards it holds, and how many it may add (one per character or mech there).
Against an Automa the hard bot reckons its odds instead: the Automa's strength comes
from a fresh card of its deck (whose combat tables are public) and random cards from
its hand, so every commit has a chance to win, weighed against what it costs.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from ..data.automa_cards import CARDS as AUTOMA_CARDS
from ..data.automa_cards import combat_column
from ..data.components import COMBAT_DECK, STARS_TO_END
from ..model.actions import is_commit, parse_commit
from ..model.state import GameState, Player
from ..rules.combat import combat_star_open

#: What the bot expects each unseen combat card to add (the deck averages 3.1).
CARD_GUESS = (4, 3, 3, 3)
#: The most power a dial shows.
DIAL_MAX = 7


@dataclass(frozen=True)
class CommitChoice:
    action: str
    #: "fight" (commits to win) or "hold" (the odds are poor: commits nothing).
    plan: str
    #: The strength it expects the other side to show.
    expected: int
    #: Against an Automa: the chance (0 to 1) that the commit wins.
    chance: float | None = None


def cards_held(player: Player) -> int:
    """How many combat cards a seat holds (a count in a view, the cards in a state)."""
    return player.combat_cards if isinstance(player.combat_cards, int) else len(player.combat_cards)


def foe_strength(state: GameState, seat: int, hid: str) -> int:
    """The strength the other side of the combat at ``hid`` can probably show."""
    combat = state.turn["combat"]
    foe_seat = combat["defender"] if combat["attacker"] == seat else combat["attacker"]
    foe = state.players[foe_seat]
    units = foe.combat_units_at(hid) + (1 if hid in foe.workers else 0)
    held = cards_held(foe)
    cards = sum(CARD_GUESS[: min(units, held, len(CARD_GUESS))])
    return min(foe.power, DIAL_MAX) + cards


#: Against an Automa: what winning a combat is worth (coins, roughly): the units keep
#: their territory, and a star is denied the Automa or won (each while its two combat
#: stars are not all placed).
HOLD_GROUND = 6.0
COMBAT_STAR = 10.0
#: Against an Automa one star from the end, beyond its star: a lost combat ends the game.
GAME_ENDING_STAKE = 40.0
#: What a commit costs (coins): each power on the dial, and each combat card (plus its value).
POWER_SPENT = 0.5
CARD_SPENT = 0.8
CARD_VALUE_SPENT = 0.2


@cache
def cards_total(count: int) -> dict[int, float]:
    """The chances of each total of ``count`` combat cards drawn from the full deck."""
    size = sum(COMBAT_DECK.values())
    totals = {0: 1.0}
    for _ in range(count):
        grown: dict[int, float] = {}
        for total, chance in totals.items():
            for value, n in COMBAT_DECK.items():
                grown[total + value] = grown.get(total + value, 0.0) + chance * n / size
        totals = grown
    return totals


@cache
def automa_strength(power: int, held: int) -> tuple[tuple[int, float], ...]:
    """The chances of each strength an Automa with ``power`` and ``held`` combat cards
    shows: a card of its deck (any of them, as its order is hidden) gives the dial (by
    its power's column, never more than its power) and how many cards it adds."""
    odds: dict[int, float] = {}
    share = 1.0 / len(AUTOMA_CARDS)
    for card in AUTOMA_CARDS.values():
        for strength, chance in card_strength(card, power, held):
            odds[strength] = odds.get(strength, 0.0) + share * chance
    return tuple(sorted(odds.items()))


def card_strength(card: dict, power: int, held: int) -> list[tuple[int, float]]:
    """The chances of each strength an Automa with ``power`` and ``held`` combat cards
    shows with ``card`` drawn for the fight: its table's dial for the power's column
    (never more than its power) and the cards it adds, drawn at random."""
    dial = min(card["combat"][combat_column(power)], power)
    return [
        (dial + cards, chance) for cards, chance in cards_total(min(card["cards"], held)).items()
    ]


def win_chance(odds: Iterable[tuple[int, float]], total: int, attacking: bool) -> float:
    """The chance that ``total`` wins against those odds (the attacker wins a tie)."""
    return sum(chance for strength, chance in odds if strength < total + attacking)


#: A chance this small is no chance (sums of floats leave crumbs).
SURE = 1e-9


def hand_outcomes(state: GameState, automa_seat: int, commit: str) -> list[tuple[float, GameState]]:
    """The ways an Automa's random combat cards can turn the combat in ``state`` (its
    card for the fight on top of its deck) against ``commit``: the chance that they
    lose it for the Automa and that they win it, each with a copy of the imagined game
    whose Automa hand is made weakest or strongest to bring that outcome about. The
    imagined hand is a guess: a fight judged by it alone looks won or lost by the luck
    of the imagination (seed 10001, turn 40: an attack at 83% looked sure, and its loss
    gave the Automa its sixth star). One outcome, with the game as it is, when the
    Automa adds no cards."""
    foe = state.players[automa_seat]
    card = AUTOMA_CARDS[foe.automa["deck"][-1]]
    held = len(foe.combat_cards)
    if not min(card["cards"], held):
        return [(1.0, state)]
    mine = parse_commit(commit)
    attacking = state.turn["combat"]["attacker"] != automa_seat
    odds = card_strength(card, foe.power, held)
    chance = win_chance(odds, mine.dial + sum(mine.cards), attacking)
    outcomes = []
    for share, value in ((chance, min(COMBAT_DECK)), (1.0 - chance, max(COMBAT_DECK))):
        if share > SURE:
            copy = state.copy()
            copy.players[automa_seat].combat_cards = [value] * held
            outcomes.append((share, copy))
    return outcomes


def combat_stars_open(player: Player) -> bool:
    """Whether a combat won would still bring a star (Saxony's have no limit)."""
    return combat_star_open(player, player.automa is not None)


def choose_against_automa(
    state: GameState, seat: int, legal: list[str], foe: Player
) -> CommitChoice:
    """The commit whose chance to win, times what winning is worth, most outweighs its cost."""
    attacking = state.turn["combat"]["attacker"] == seat
    held = cards_held(foe)
    odds = automa_strength(foe.power, held)
    stake = HOLD_GROUND
    if combat_stars_open(foe):
        stake += COMBAT_STAR
        if foe.star_count >= STARS_TO_END - 1:
            stake += GAME_ENDING_STAKE
    stake += COMBAT_STAR * combat_stars_open(state.players[seat])
    best: tuple[float, str, int, float] | None = None
    for action in legal:
        if not is_commit(action):
            continue
        commit = parse_commit(action)
        total = commit.dial + sum(commit.cards)
        cost = (
            POWER_SPENT * commit.dial
            + CARD_SPENT * len(commit.cards)
            + CARD_VALUE_SPENT * sum(commit.cards)
        )
        chance = win_chance(odds, total, attacking)
        gain = chance * stake - cost
        if best is None or gain > best[0]:
            best = (gain, action, total, chance)
    expected = round(sum(strength * chance for strength, chance in odds))
    if best is None:
        return CommitChoice(legal[0], "fight", expected)
    # Nothing committed is holding back, unless it is likely to win anyway (an
    # attacker wins a tie against an Automa that can only show nothing).
    plan = "hold" if best[2] == 0 and best[3] < 0.5 else "fight"
    return CommitChoice(best[1], plan, expected, best[3])


def choose_commit(
    state: GameState, seat: int, legal: list[str], margin: int, odds: bool = False
) -> CommitChoice:
    """The cheapest commit that beats the expected strength by ``margin``, or nothing;
    with ``odds`` against an Automa, the commit its odds favour most."""
    combat = state.turn["combat"]
    attacking = combat["attacker"] == seat
    if odds:
        foe = state.players[combat["defender"] if attacking else combat["attacker"]]
        if foe.automa is not None:
            return choose_against_automa(state, seat, legal, foe)
    expected = foe_strength(state, seat, combat["hex"])
    need = expected + margin + (0 if attacking else 1)
    best: tuple[float, str] | None = None
    strongest: tuple[int, str] = (-1, legal[0])
    for action in legal:
        if not is_commit(action):
            continue
        commit = parse_commit(action)
        total = commit.dial + sum(commit.cards)
        cost = commit.dial + 0.7 * sum(commit.cards) + 0.1 * len(commit.cards)
        strongest = max(strongest, (total, action))
        if total >= need and (best is None or cost < best[0]):
            best = (cost, action)
    if best is not None:
        return CommitChoice(best[1], "fight", expected)
    nothing = next((a for a in legal if a == "commit:0:-"), None)
    if nothing is not None:
        return CommitChoice(nothing, "hold", expected)
    return CommitChoice(strongest[1], "fight", expected)


__all__ = [
    "CommitChoice",
    "automa_strength",
    "choose_commit",
    "foe_strength",
    "hand_outcomes",
    "win_chance",
]
