"""How a bot commits to a combat against an Automa: by the odds of the Automa's public
combat table (a fresh card of its deck gives its dial, never above its power, and the
number of random cards from its hand), weighed against what the commit costs."""

from __future__ import annotations

import math

import pytest

from scythe_core import new_game
from scythe_core.bots.combat import (
    automa_strength,
    choose_commit,
    combat_stars_open,
    hand_outcomes,
    win_chance,
)
from scythe_core.bots.evaluate import HARD
from scythe_core.bots.reasons import combat_reason
from scythe_core.bots.replies import each_card_on_top
from scythe_core.bots.search import Line, combat_mean, extend
from scythe_core.data.automa_cards import CARDS, combat_column
from scythe_core.data.components import COMBAT_DECK
from scythe_core.engine import apply_in_place, legal_actions
from scythe_core.io.wording import describe_event
from scythe_core.model import rng
from scythe_core.model.actions import format_commit
from scythe_core.model.state import GameState

SEATS = [{"controller": "bot", "level": "hard"}, {"controller": "automa", "level": "automa"}]


def combat(automa_power: int, automa_cards: int, bot_attacks: bool = False):
    """A combat between the bot (seat 0) and the Automa (seat 1) on a hex of its."""
    state = new_game({"seed": 3, "seats": SEATS})
    automa = state.players[1]
    automa.power = automa_power
    automa.combat_cards = [2] * automa_cards
    attacker, defender = (0, 1) if bot_attacks else (1, 0)
    state.turn["combat"] = {"hex": "r4c4", "attacker": attacker, "defender": defender}
    return state


def commits(most_power: int, cards: tuple[int, ...] = ()) -> list[str]:
    options = [format_commit(dial, ()) for dial in range(most_power + 1)]
    options += [format_commit(dial, cards) for dial in range(most_power + 1) if cards]
    return options


@pytest.mark.parametrize("power", [0, 2, 7, 9, 16])
@pytest.mark.parametrize("held", [0, 1, 3])
def test_the_automa_strength_odds_follow_its_combat_table(power, held):
    odds = dict(automa_strength(power, held))
    assert math.isclose(sum(odds.values()), 1.0)
    most_cards = max(card["cards"] for card in CARDS.values())
    assert max(odds) <= min(power, 7) + max(COMBAT_DECK) * min(held, most_cards)
    if held == 0:
        assert max(odds) <= power  # the dial never shows more than the power it has
    # Column 0 (power 0-7) has cards with a dial of 0: some chance of nothing at all.
    if held == 0 and power <= 7:
        assert odds.get(0, 0.0) > 0


def test_the_attacker_wins_a_tie():
    odds = ((5, 1.0),)
    assert win_chance(odds, 5, attacking=True) == 1.0
    assert win_chance(odds, 5, attacking=False) == 0.0
    assert win_chance(odds, 6, attacking=False) == 1.0


def test_against_an_automa_with_nothing_the_cheapest_sure_win():
    state = combat(automa_power=0, automa_cards=0)  # it always shows 0; a tie is its
    choice = choose_commit(state, 0, commits(5), margin=1, odds=True)
    assert choice.action == "commit:1:-" and choice.plan == "fight"


def test_a_hopeless_fight_is_held_back():
    state = combat(automa_power=16, automa_cards=5)
    choice = choose_commit(state, 0, commits(1), margin=1, odds=True)
    assert choice.action == "commit:0:-" and choice.plan == "hold"


def test_the_odds_fight_where_the_rule_of_thumb_gives_up():
    """Power 7 with one card: the rule of thumb expects 7 + 4 and, short of 13, holds;
    the Automa's table shows less than 7 on most cards, so the odds say fight."""
    state = combat(automa_power=7, automa_cards=1)
    thumb = choose_commit(state, 0, commits(7), margin=1)
    odds = choose_commit(state, 0, commits(7), margin=1, odds=True)
    assert thumb.plan == "hold"
    assert odds.plan == "fight" and odds.action != "commit:0:-"
    dial = int(odds.action.split(":")[1])
    chance = win_chance(automa_strength(7, 1), dial, attacking=False)
    assert chance > 0.3


def test_against_a_bot_the_odds_are_not_used():
    state = new_game({"seed": 3, "seats": [SEATS[0], SEATS[0]]})
    state.players[1].power = 7
    state.turn["combat"] = {"hex": "r4c4", "attacker": 1, "defender": 0}
    assert choose_commit(state, 0, commits(7), 1, odds=True) == choose_commit(
        state, 0, commits(7), 1
    )


def test_a_fight_on_the_odds_says_its_chance_in_both_languages():
    state = combat(automa_power=7, automa_cards=1)
    choice = choose_commit(state, 0, commits(7), margin=1, odds=True)
    reason = combat_reason(choice)
    chance = round(100 * choice.chance)
    assert reason.code == "takes_odds" and reason.params == {"chance": min(chance, 99)}
    entry = {"event": "bot", "seat": 0, "code": reason.code, "params": reason.params}
    english, dutch = describe_event(entry, "en"), describe_event(entry, "nl")
    assert f"{min(chance, 99)} times in 100" in english
    assert f"{min(chance, 99)} op de 100" in dutch
    held = combat_reason(choose_commit(combat(16, 5), 0, commits(1), 1, odds=True))
    assert held.code == "holds_back"


def test_a_combat_star_counts_in_the_stake_while_one_can_still_be_placed():
    state = combat(automa_power=7, automa_cards=1)
    bot, automa = state.players
    assert combat_stars_open(bot) and combat_stars_open(automa)
    automa.stars["combat"] = 2
    assert not combat_stars_open(automa)
    bot.stars["combat"] = 2
    bot.faction = "nordic"
    assert not combat_stars_open(bot)
    bot.faction = "saxony"
    assert combat_stars_open(bot)  # Saxony has no limit
    automa.faction = "saxony"
    assert not combat_stars_open(automa)  # but the Automa as Saxony places at most two


def test_an_attacker_needs_nothing_against_an_automa_that_can_show_nothing():
    state = combat(automa_power=0, automa_cards=0, bot_attacks=True)
    choice = choose_commit(state, 0, commits(5), margin=1, odds=True)
    assert choice.action == "commit:0:-"  # the attacker wins the tie at 0
    assert choice.plan == "fight" and math.isclose(choice.chance, 1.0)
    assert combat_reason(choice).params == {"chance": 99}


def fight_at_commit() -> GameState:
    """A game played at random until the bot (seat 0) attacks the Automa and must commit."""
    state = new_game({"seed": 26, "seats": SEATS})
    chooser = rng.seed_state(26)
    while not (
        state.pending.get("kind") == "combat_commit"
        and state.pending.get("seat") == 0
        and state.turn["combat"]["attacker"] == 0
    ):
        options = legal_actions(state)
        chooser, pick = rng.randbelow(chooser, len(options))
        apply_in_place(state, options[pick])
    return state


def test_a_fight_is_judged_over_every_card_the_automa_may_draw_not_the_one_imagined():
    # The search plays an imagined game, whose Automa deck order is a guess: the same
    # attack must not look better because the guessed top card loses for the Automa.
    state = fight_at_commit()
    winners, values = set(), []
    for drawn in each_card_on_top(state, 1):
        (child,) = extend(Line(drawn), 0, HARD)
        fight = next(e for e in reversed(child.state.log) if e.get("event") == "combat")
        winners.add(fight["winner"])
        values.append(child.value)
    assert winners == {0, 1}  # some draws win the fight, some lose it
    assert max(values) - min(values) < 1e-6


def test_a_defender_commits_more_when_a_lost_fight_would_end_the_game():
    # An Automa one star from the end with a combat star still open ends the game by
    # winning: the same fight is worth more to the bot than while the Automa has one star.
    commits_by_stars = {}
    for stars in ({"combat": 1}, {"star_card": 3, "power": 1, "combat": 1}):
        state = combat(automa_power=7, automa_cards=2)
        state.players[1].stars = dict(stars)
        choice = choose_commit(state, 0, commits(7, (5, 4)), 0, odds=True)
        commits_by_stars[state.players[1].star_count] = choice
    assert commits_by_stars[5].chance > commits_by_stars[1].chance
    assert commits_by_stars[5].action == "commit:7:4+5"


def test_the_automas_hand_cards_turn_a_fight_by_their_chance_not_the_imagined_hand():
    state = fight_at_commit()
    commit = "commit:1:3"
    mixed = one_card = 0
    for drawn in each_card_on_top(state, 1):
        outcomes = hand_outcomes(drawn, 1, commit)
        assert math.isclose(sum(chance for chance, _ in outcomes), 1.0)
        if len(outcomes) == 2:
            mixed += 1
            winners = []
            for _chance, outcome in outcomes:
                apply_in_place(outcome, commit)
                fight = next(e for e in reversed(outcome.log) if e.get("event") == "combat")
                winners.append(fight["winner"])
            assert winners == [0, 1]  # the weakest hand loses it, the strongest wins
            automa = drawn.players[1]
            card = CARDS[automa.automa["deck"][-1]]
            dial = min(card["combat"][combat_column(automa.power)], automa.power)
            if min(card["cards"], len(automa.combat_cards)) == 1:
                one_card += 1
                # The bot attacks with 1 + 3 and wins a tie: the Automa loses when the
                # one card it adds, drawn from the whole deck, makes less than 5.
                low = sum(n for value, n in COMBAT_DECK.items() if dial + value < 5)
                assert math.isclose(outcomes[0][0], low / sum(COMBAT_DECK.values()))
    assert mixed >= 2 and one_card >= 1


def test_a_fight_is_worth_the_same_whatever_hand_the_automa_is_imagined_to_hold():
    # Its hand is hidden: the bot's judgement of an attack cannot hang on the guess.
    state = fight_at_commit()
    values = set()
    for value in (2, 5):
        guessed = state.copy()
        guessed.players[1].combat_cards = [value] * len(guessed.players[1].combat_cards)
        values.add(round(combat_mean(guessed, 0, "commit:1:3", HARD), 6))
    assert len(values) == 1


def test_each_reply_fights_with_another_card_below_the_one_on_top():
    state = fight_at_commit()
    deck = sorted(state.players[1].automa["deck"])
    copies = each_card_on_top(state, 1)
    assert sorted(c.players[1].automa["deck"][-1] for c in copies) == deck
    assert sorted(c.players[1].automa["deck"][-2] for c in copies) == deck
    assert all(sorted(c.players[1].automa["deck"]) == deck for c in copies)
