"""The hard bot's last turns against an Automa (``bots.endgame.endgame_value``,
``bots.evaluate.endgame_turns``): once the Automa's star card is a few cards from its
sixth star, a position is judged by the most end-game coins its remaining own turns
can reach, so a popularity tier within reach is taken and nothing is kept for later."""

from __future__ import annotations

import dataclasses

from scythe_core import new_game, to_move
from scythe_core.bots import player as bot_player
from scythe_core.bots.economy import RESOURCES
from scythe_core.bots.endgame import EndgameEconomy as Economy
from scythe_core.bots.endgame import endgame_value
from scythe_core.bots.evaluate import CUBE_PACE, HARD_ENDGAME, all_holdings, endgame_turns
from scythe_core.bots.projection import snapshot
from scythe_core.data.automa_cards import STAR_CARDS, star_spaces
from scythe_core.data.components import MATS
from scythe_core.engine import apply_in_place
from scythe_core.rules.scoring import final_scores

SEATS = [{"controller": "bot", "level": "hard"}, {"controller": "automa", "level": "automa"}]


def automa_cards_from_end(state, cards: int) -> None:
    """Put the Automa's cube ``cards`` spaces before the star space of its sixth star."""
    automa = state.players[1]
    last = star_spaces(automa.level)[-1]
    automa.automa["cube"] = last - cards
    ahead = [i for i in star_spaces(automa.level) if i > automa.automa["cube"]]
    automa.stars = {"star_card": 6 - len(ahead)}


def economy_of(state, seat: int = 0) -> tuple:
    held = all_holdings(state, state.control_map())[seat]
    return snapshot(state.players[seat], held.resources, held.territories)


def test_with_no_turn_left_the_endgame_value_is_the_seats_final_score():
    for seed in range(1, 6):
        state = new_game({"seed": seed, "seats": SEATS})
        player = state.players[0]
        player.popularity, player.coins = 7 + seed, 9 + seed
        player.stars = {"workers": 1, "recruits": 1, "combat": 1}
        hid = player.workers[0]
        state.add_resource(hid, "oil", seed)
        state.add_resource(hid, "food", 2)
        score = next(e for e in final_scores(state) if e["seat"] == 0)
        assert endgame_value(economy_of(state), 0) + score["structure_bonus"] == score["total"]


def test_one_turn_before_the_end_a_trade_that_reaches_the_next_tier_counts():
    state = new_game({"seed": 4, "seats": SEATS})
    player = state.players[0]
    player.popularity = 6
    player.stars = {"workers": 1, "recruits": 1, "combat": 2}
    player.last_section = None
    economy = Economy(economy_of(state))
    trade = next(i for i, s in enumerate(economy.sections) if s[0] == "trade")
    traded = economy.copy()
    traded.endgame_turn(trade, "popularity")
    assert traded.popularity >= 7
    assert traded.final_coins() > economy.final_coins()
    assert economy.best_final(1) >= traded.final_coins()
    assert economy.best_final(0) == economy.final_coins()
    # The trade section was the one of the turn before: only Relentless may repeat it.
    player.last_section = trade
    again = economy_of(state)
    assert endgame_value(again, 1) < endgame_value(again, 1, repeats=True)
    assert endgame_value(again, 1, repeats=True) >= traded.final_coins()


def test_the_endgame_search_never_scores_below_stopping_now():
    for seed in range(1, 8):
        state = new_game({"seed": seed, "seats": SEATS})
        state.add_resource(state.players[0].workers[0], RESOURCES[seed % 4], seed)
        snap = economy_of(state)
        values = [endgame_value(snap, turns) for turns in range(4)]
        assert values == sorted(values)


def test_the_endgame_turns_are_read_from_the_automas_star_card():
    state = new_game({"seed": 3, "seats": SEATS})
    assert HARD_ENDGAME.endgame_cards > 0
    assert endgame_turns(state, HARD_ENDGAME) is None  # far from its end
    for cards in range(1, HARD_ENDGAME.endgame_cards + 1):
        automa_cards_from_end(state, cards)
        turns, on_time = endgame_turns(state, HARD_ENDGAME)
        assert turns == cards - 1  # own turns after this one, the Automa's cards between
        assert on_time == CUBE_PACE**cards
    automa_cards_from_end(state, HARD_ENDGAME.endgame_cards + 1)
    assert endgame_turns(state, HARD_ENDGAME) is None
    assert endgame_turns(state, dataclasses.replace(HARD_ENDGAME, endgame_cards=0)) is None
    bots = new_game({"seed": 3, "seats": [SEATS[0], SEATS[0]]})
    assert endgame_turns(bots, HARD_ENDGAME) is None
    assert len(STAR_CARDS["automa"]) - 1 == star_spaces("automa")[-1]


def test_on_its_last_turn_the_hard_bot_trades_for_the_popularity_tier():
    """Six popularity, five stars, one Automa card from the end: the Trade for
    popularity (tier 2: a coin more per star and territory) beats anything else; judged
    as before (the engine's worth for later), the bot does something else."""
    state = new_game({"seed": 6, "seats": SEATS})
    seat = to_move(state)
    assert seat == 0
    player = state.players[0]
    player.popularity, player.coins = 6, 12
    player.stars = {"workers": 1, "recruits": 1, "mechs": 1, "combat": 2}
    automa_cards_from_end(state, 1)
    trade = next(i for i, s in enumerate(MATS[player.mat]["sections"]) if s[0] == "trade")

    def turn_of(level: str) -> list[str]:
        bot = bot_player.BotPlayer(seat, level)
        played, game = [], state.copy()
        while to_move(game) == seat and game.turns_taken == state.turns_taken:
            action = bot.decide(game)
            played.append(action.action)
            apply_in_place(game, action.recorded)
        return played

    hard = bot_player.LEVELS["hard"]
    bot_player.LEVELS["hard-endgame"] = dataclasses.replace(hard, weights=HARD_ENDGAME)
    try:
        endgame = turn_of("hard-endgame")
    finally:
        del bot_player.LEVELS["hard-endgame"]
    assert endgame[0] == f"section:{trade}"
    assert "trade:popularity" in endgame
    assert "trade:popularity" not in turn_of("hard")
