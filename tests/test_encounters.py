"""Encounters: token, card draw, options and costs, benefits on the character's territory."""

from __future__ import annotations

import json

import pytest
from rules_helpers import make_active, make_game, section_of_top

from scythe_core import legal_actions, new_game, player_view
from scythe_core.data import cards
from scythe_core.engine import apply_in_place
from scythe_core.io import card_texts
from scythe_core.io.ui_helpers import reveals_hidden_information

TOKEN = "r4c1"  # a village with an encounter token; r4c0 borders it by land


def game(faction="nordic", other="saxony", seed=5):
    state = make_game(faction, other, seed=seed)
    for p in state.players:
        p.objectives = []  # no objective reveals in these legal lists
    return state


def move_section(player):
    return section_of_top(player, "move")


def walk_into_token(state, card, start="r4c0", token=TOKEN):
    """Seat 0's character steps onto the token with ``card`` on top of the deck."""
    player = state.players[0]
    player.character = start
    state.encounter_deck.remove(card)
    state.encounter_deck.append(card)  # the end of the list is the top
    apply_in_place(state, f"section:{move_section(player)}")
    apply_in_place(state, "move")
    apply_in_place(state, "unit:character")
    apply_in_place(state, f"to:{token}")
    if state.pending["kind"] == "move":
        apply_in_place(state, "done")
    return player


def test_character_stops_on_token_and_meets_the_top_card_after_the_move():
    state = game()
    deck = len(state.encounter_deck)
    walk_into_token(state, 7)
    assert state.pending == {"seat": 0, "kind": "encounter", "card": 7}
    assert TOKEN not in state.encounter_tokens
    assert len(state.encounter_deck) == deck - 1
    assert legal_actions(state) == ["option:1", "option:2", "option:3"]


def test_no_encounter_without_a_token():
    state = game()
    state.encounter_tokens.remove(TOKEN)
    deck = list(state.encounter_deck)
    walk_into_token(state, 7)
    assert state.pending["kind"] == "bottom"
    assert state.encounter_deck[-1] == 7 and len(state.encounter_deck) == len(deck)


def test_an_option_is_legal_only_if_its_cost_can_be_paid_in_full():
    state = game()
    player = state.players[0]
    player.coins, player.popularity = 1, 1
    walk_into_token(state, 1)  # option 2 costs 2 coins, option 3 costs 2 popularity
    assert legal_actions(state) == ["option:1"]


def test_cost_is_paid_and_resources_land_on_the_characters_territory():
    state = game()
    player = walk_into_token(state, 1)
    coins = player.coins
    apply_in_place(state, "option:2")  # pay 2 coins: 4 food
    assert player.coins == coins - 2
    assert state.pending["kind"] == "benefit"
    assert "res:food@" + TOKEN in legal_actions(state)
    apply_in_place(state, "all")
    assert state.resources_at(TOKEN) == {"food": 4}
    assert state.pending["kind"] == "bottom"


def test_free_option_gives_coins_and_popularity():
    state = game()
    player = walk_into_token(state, 1)
    coins, popularity = player.coins, player.popularity
    apply_in_place(state, "option:1")
    assert set(legal_actions(state)) == {"gain:coins", "gain:popularity", "all", "done"}
    apply_in_place(state, "all")
    assert (player.coins, player.popularity) == (coins + 2, popularity + 1)


def test_benefit_may_be_taken_in_part():
    state = game()
    player = walk_into_token(state, 3)
    on_board = player.workers_on_board()
    apply_in_place(state, "option:2")  # pay 2 coins: 1 worker and 3 food
    apply_in_place(state, f"res:food@{TOKEN}")
    apply_in_place(state, "done")
    assert state.resources_at(TOKEN) == {"food": 1}
    assert player.workers_on_board() == on_board
    assert state.pending["kind"] == "bottom"


def test_worker_comes_from_the_mat_onto_the_encounter_territory():
    state = game()
    player = walk_into_token(state, 3)
    apply_in_place(state, "option:2")
    apply_in_place(state, f"worker@{TOKEN}")
    assert player.workers.count(TOKEN) == 1
    apply_in_place(state, "all")
    assert state.resources_at(TOKEN) == {"food": 3}


def test_resources_of_any_types_are_chosen_one_by_one():
    state = game()
    player = walk_into_token(state, 15)
    player.popularity = 5
    apply_in_place(state, "option:3")  # pay 3 popularity: 5 resources of any types
    assert player.popularity == 2
    assert "all" not in legal_actions(state)
    for res in ("oil", "oil", "metal", "wood", "food"):
        apply_in_place(state, f"res:{res}@{TOKEN}")
    assert state.resources_at(TOKEN) == {"oil": 2, "metal": 1, "wood": 1, "food": 1}
    assert state.pending["kind"] == "bottom"


def test_build_is_free_on_the_encounter_territory_and_pays_no_recruit_bonus():
    state = game()
    player, neighbour = state.players
    neighbour.recruits["build"] = "coins"  # ongoing bonus: popularity when a neighbour builds
    walk_into_token(state, 1)
    coins, popularity = player.coins, neighbour.popularity
    apply_in_place(state, "option:3")  # pay 2 popularity: build
    options = legal_actions(state)
    assert options == sorted(
        f"build:{s}@{TOKEN}" for s in ("armory", "mill", "mine", "monument")
    ) + ["done"]
    apply_in_place(state, f"build:mill@{TOKEN}")
    assert player.structures == {"mill": TOKEN}
    assert player.coins == coins  # no coins from the mat section
    assert neighbour.popularity == popularity


def test_deploy_from_an_encounter_goes_on_the_characters_territory():
    state = game()
    player = walk_into_token(state, 5)
    player.coins = 4
    apply_in_place(state, "option:2")  # pay 4 coins: deploy
    assert player.coins == 0
    assert all(a.endswith(f"@{TOKEN}") for a in legal_actions(state) if a != "done")
    apply_in_place(state, f"deploy:3@{TOKEN}")
    assert player.mechs == [TOKEN] and player.mech_abilities == [3]


def test_enlist_gives_the_one_time_bonus_but_no_ongoing_bonuses():
    state = game()
    player, neighbour = state.players
    neighbour.recruits["enlist"] = "power"  # would draw a combat card on an Enlist action
    walk_into_token(state, 2)
    cards_before = len(neighbour.combat_cards)
    apply_in_place(state, "option:3")  # pay 2 popularity: enlist
    coins = player.coins
    apply_in_place(state, "enlist:deploy>coins")
    assert player.recruits == {"deploy": "coins"}
    assert player.coins == coins + 2
    assert len(neighbour.combat_cards) == cards_before


def test_upgrade_from_an_encounter_moves_one_cube_for_free():
    state = game()
    player = walk_into_token(state, 7)
    apply_in_place(state, "option:2")  # pay 2 coins: upgrade
    apply_in_place(state, "upgrade:bolster_power>deploy")
    assert player.upgraded_top == ["bolster_power"]
    assert player.upgraded_bottom == {"deploy": 1}


def test_used_card_goes_to_the_bottom_of_the_deck():
    state = game()
    walk_into_token(state, 7)
    apply_in_place(state, "option:1")
    apply_in_place(state, "done")
    assert state.encounter_deck[0] == 7
    assert state.encounter_deck.count(7) == 1


def test_one_option_only_without_meander():
    state = game()
    walk_into_token(state, 1)
    apply_in_place(state, "option:1")
    apply_in_place(state, "all")
    assert state.pending["kind"] == "bottom"


def test_meander_polania_takes_two_different_options_first_paying_the_second():
    state = game("polania")
    player = walk_into_token(state, 1)
    player.coins = 0
    assert legal_actions(state) == ["option:1", "option:3"]
    apply_in_place(state, "option:1")  # 2 coins and 1 popularity
    apply_in_place(state, "all")
    assert state.pending["kind"] == "encounter"
    assert legal_actions(state) == ["done", "option:2", "option:3"]
    apply_in_place(state, "option:2")  # paid with the coins just gained
    assert player.coins == 0
    apply_in_place(state, "all")
    assert state.resources_at(TOKEN) == {"food": 4}
    assert state.pending["kind"] == "bottom"
    assert state.encounter_deck[0] == 1


def test_meander_may_stop_after_one_option():
    state = game("polania")
    walk_into_token(state, 1)
    apply_in_place(state, "option:1")
    apply_in_place(state, "done")
    apply_in_place(state, "done")
    assert state.pending["kind"] == "bottom"


def test_encounter_only_after_the_character_wins_the_combat_there():
    state = game()
    player, enemy = state.players
    enemy.mechs.append(TOKEN)
    enemy.mech_abilities.append(0)
    player.power, enemy.power = 5, 0
    walk_into_token(state, 7)
    assert state.pending["kind"] == "combat_commit"
    apply_in_place(state, "commit:5:-")
    apply_in_place(state, "commit:0:-")
    assert player.character == TOKEN
    assert state.pending["kind"] == "encounter"


def test_no_encounter_when_the_character_loses_and_the_token_stays():
    state = game()
    player, enemy = state.players
    enemy.mechs.append(TOKEN)
    enemy.mech_abilities.append(0)
    player.power, enemy.power = 0, 3
    walk_into_token(state, 7)
    apply_in_place(state, "commit:0:-")
    apply_in_place(state, "commit:3:-")
    assert player.character == player.home
    assert TOKEN in state.encounter_tokens
    assert state.pending["kind"] == "bottom"


def test_stars_earned_in_an_encounter_are_placed_after_the_top_action():
    state = game()
    player = walk_into_token(state, 25)
    player.power = 14
    apply_in_place(state, "option:2")  # pay 2 coins: 4 power
    apply_in_place(state, "all")
    assert player.power == 16
    assert player.stars.get("power") == 1


def test_a_sixth_star_from_an_encounter_ends_the_game_before_the_bottom_action():
    """Rulebook (Speleinde): the game ends at once with the sixth star. The fourth mech,
    deployed by an encounter, is the sixth star: no bottom action follows."""
    state = game()
    player = walk_into_token(state, 5)
    player.stars = {"structures": 1, "recruits": 1, "workers": 1, "objective": 1, "power": 1}
    player.mechs, player.mech_abilities = ["r4c0"] * 3, [0, 1, 2]
    player.coins = 4
    apply_in_place(state, "option:2")  # pay 4 coins: deploy
    apply_in_place(state, f"deploy:3@{TOKEN}")
    assert player.stars.get("mechs") == 1 and player.star_count == 6
    assert state.game_over and legal_actions(state) == []
    assert state.turns_taken == 0


def test_meander_star_is_placed_when_the_first_option_reaches_the_goal():
    """Rulebook (Sterren plaatsen): 'when you reach one of these goals you must place a star'
    and 'you cannot lose a star once it is placed'. Polania reaching 18 popularity with its
    first option keeps that star even when the second option costs popularity again."""
    state = game("polania")
    player = walk_into_token(state, 13)
    player.popularity, player.coins = 16, 5
    apply_in_place(state, "option:2")  # pay 2 coins: 2 power and 2 popularity
    apply_in_place(state, "all")
    assert player.popularity == 18
    assert player.stars.get("popularity") == 1
    apply_in_place(state, "option:3")  # pay 3 popularity: 5 resources of any types
    assert player.popularity == 15
    apply_in_place(state, "done")
    assert state.pending["kind"] == "bottom"
    assert player.stars.get("popularity") == 1


def test_meander_sixth_star_from_the_first_option_ends_the_game_before_the_second():
    """Rulebook (Speleinde): the game ends at once when the sixth star is placed, even if
    the player could still do other things that turn."""
    state = game("polania")
    player = walk_into_token(state, 13)
    player.stars = {"mechs": 1, "structures": 1, "recruits": 1, "workers": 1, "objective": 1}
    player.popularity, player.coins = 16, 5
    apply_in_place(state, "option:2")
    apply_in_place(state, "all")
    assert player.star_count == 6
    assert state.game_over and legal_actions(state) == []


def test_combat_cards_from_an_empty_deck_come_from_the_shuffled_discards():
    """Rules summary (setup): 'If the deck runs out, shuffle the discards to form a new deck;
    no cards are drawn if both deck and discard pile are empty.'"""
    state = game()
    player = walk_into_token(state, 17)  # option 2: pay 2 coins, 2 power and 2 combat cards
    hand = list(player.combat_cards)
    state.combat_deck = [5]
    state.combat_discard = [2, 3, 4]
    apply_in_place(state, "option:2")
    apply_in_place(state, "gain:cards")
    apply_in_place(state, "gain:cards")
    assert player.combat_cards[: len(hand)] == hand
    assert player.combat_cards[len(hand)] == 5  # the last card of the deck first
    assert player.combat_cards[-1] in (2, 3, 4)
    assert state.combat_discard == []
    assert sorted(state.combat_deck + player.combat_cards[-1:]) == [2, 3, 4]


def test_no_combat_card_is_drawn_when_deck_and_discards_are_empty():
    state = game()
    player = walk_into_token(state, 17)
    hand = list(player.combat_cards)
    state.combat_deck, state.combat_discard = [], []
    apply_in_place(state, "option:2")
    apply_in_place(state, "all")
    assert player.combat_cards == hand
    assert state.pending["kind"] == "bottom"


@pytest.mark.parametrize("card", range(1, 37))
def test_every_encounter_card_has_three_options_and_texts_in_english_and_dutch(card):
    options = cards.ENCOUNTERS[card]
    assert len(options) == 3
    assert options[0]["cost"] == {}
    assert set(options[1]["cost"]) == {"coins"}
    assert set(options[2]["cost"]) == {"popularity"}
    english, dutch = card_texts.encounter_text(card, "en"), card_texts.encounter_text(card, "nl")
    assert len(english) == len(dutch) == 3
    assert english != dutch and all(english) and all(dutch)


def test_promo_encounters_only_behind_the_option():
    assert cards.deck_cards("encounter") == tuple(range(1, 29))
    assert cards.deck_cards("encounter", {"promo_encounters": True}) == tuple(range(1, 37))


def test_random_playouts_reach_encounters_factory_cards_and_objectives():
    """Seeded random games (the character steered toward the Factory) with every option
    of these modules."""
    from scythe_core.model import rng as prng

    events = {"encounter": 0, "factory_card": 0, "objective": 0}
    for seed in range(8):
        seats = 2 + seed % 4
        state = new_game({"seed": seed, "seats": [{} for _ in range(seats)]})
        chooser = prng.seed_state(seed)
        while not state.game_over and state.turns_taken < 400:
            options = legal_actions(state)
            chooser, pick = prng.randbelow(chooser, len(options))
            action = options[pick]
            for preferred in ("to:r4c3", "unit:character"):
                if preferred in options:
                    action = preferred
                    break
            apply_in_place(state, action)
        for entry in state.log:
            if entry["event"] in events:
                events[entry["event"]] += 1
        kept = sum(p.factory_card is not None for p in state.players)
        assert kept + len(state.factory_deck) == seats + 1
        held = sum(len(p.objectives) for p in state.players)
        assert held + len(state.objective_deck) == 23
        drawn = 1 if "encounter" in state.turn else 0  # a game may end during an encounter
        assert len(state.encounter_deck) + drawn == 28
    assert all(events.values()), events


# --- promo card 31: looking at an opponent's combat cards ---------------------

PEEK_CARD = 31  # option 3: pay 2 popularity, look at one opponent's combat cards, draw 3


def peek_game(seats: list[dict], choose: bool = True):
    """Seat 0 meets card 31 with promo encounters and (``choose``) picks its peek option."""
    state = new_game({"seed": 5, "seats": seats, "options": {"promo_encounters": True}})
    make_active(state, 0)
    for p in state.players:
        p.objectives = []
    state.players[0].popularity = 4
    walk_into_token(state, PEEK_CARD)
    if choose:
        apply_in_place(state, "option:3")
    return state


def three_seat_peek_game(choose: bool = True):
    seats = [
        {"faction": "nordic", "mat": "mechanical"},
        {"faction": "saxony", "mat": "engineering"},
        {"faction": "crimea", "mat": "agricultural"},
    ]
    state = peek_game(seats, choose)
    state.players[1].combat_cards = [4]
    state.players[2].combat_cards = [5, 2, 3]
    return state


def test_the_peek_option_offers_every_opponent():
    state = three_seat_peek_game()
    assert "peek:1" in legal_actions(state) and "peek:2" in legal_actions(state)
    assert "peek:0" not in legal_actions(state)


def test_a_peek_shows_the_opponents_cards_to_the_peeker_only():
    state = three_seat_peek_game()
    apply_in_place(state, "peek:2")
    assert state.log[-2] == {"seat": 0, "event": "peek", "target": 2}
    seen = player_view(state, 0)["turn"]["peek"]
    assert seen == {"seat": 0, "target": 2, "cards": [2, 3, 5]}
    for seat in (1, 2, None):
        view = player_view(state, seat)
        assert view["turn"]["peek"] == {"seat": 0, "target": 2}, seat
        assert "[2, 3, 5]" not in json.dumps(view), seat
    state.players[2].combat_cards.append(4)  # the snapshot is what was seen, not the live hand
    assert player_view(state, 0)["turn"]["peek"]["cards"] == [2, 3, 5]


def test_what_was_seen_is_gone_when_the_peekers_turn_ends():
    state = three_seat_peek_game()
    apply_in_place(state, "peek:2")
    apply_in_place(state, "all")  # the card's 3 combat cards
    assert state.pending["kind"] == "bottom"
    assert player_view(state, 0)["turn"]["peek"]["cards"] == [2, 3, 5]
    apply_in_place(state, "skip")
    if state.pending["kind"] == "turn_end":
        apply_in_place(state, "end_turn")
    assert state.active_seat != 0
    assert "peek" not in player_view(state, 0)["turn"]
    assert "[2, 3, 5]" not in json.dumps(player_view(state, 0))


def test_undo_may_not_go_back_past_a_peek():
    state = three_seat_peek_game(choose=False)
    paid = state.copy()
    apply_in_place(paid, "option:3")
    assert not reveals_hidden_information(state, paid), "choosing the option may be undone"
    peeked = paid.copy()
    apply_in_place(peeked, "peek:1")
    assert reveals_hidden_information(paid, peeked)


def test_peeking_at_an_automa_shows_its_combat_cards():
    seats = [
        {"faction": "nordic", "mat": "mechanical"},
        {"faction": "saxony", "controller": "automa", "level": "automa"},
    ]
    state = peek_game(seats)
    state.players[1].combat_cards = [1, 4]
    apply_in_place(state, "peek:1")
    assert player_view(state, 0)["turn"]["peek"]["cards"] == [1, 4]
    assert "cards" not in player_view(state, None)["turn"]["peek"]
