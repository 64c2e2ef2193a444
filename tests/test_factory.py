"""The Factory: the first visit's card, and the card's top action and Move as a fifth section."""

from __future__ import annotations

import pytest
from rules_helpers import make_active, make_game, section_of_top

from scythe_core import legal_actions
from scythe_core.data import cards
from scythe_core.data.board import FACTORY
from scythe_core.engine import apply_in_place
from scythe_core.io import card_texts


def game(faction="nordic", other="saxony", seed=9):
    state = make_game(faction, other, seed=seed)
    for p in state.players:
        p.objectives = []  # no objective reveals in these legal lists
    state.factory_deck = [4, 2, 10]
    return state


def move_section(player):
    return section_of_top(player, "move")


def move_character(state, seat, path):
    """A top-row Move of the seat's character along path (first hex: where it starts)."""
    player = state.players[seat]
    player.character = path[0]
    apply_in_place(state, f"section:{move_section(player)}")
    apply_in_place(state, "move")
    apply_in_place(state, "unit:character")
    for hid in path[1:]:
        apply_in_place(state, f"to:{hid}")
    if state.pending["kind"] == "move":
        apply_in_place(state, "done")
    return player


def factory_section(state, card, seat=0):
    player = state.players[seat]
    player.factory_card = card
    apply_in_place(state, "section:4")
    return player


# --- the visit ---------------------------------------------------------------


def test_first_visit_at_the_end_of_the_move_shows_every_set_aside_card():
    state = game()
    move_character(state, 0, ["r3c3", FACTORY])
    assert state.pending == {"seat": 0, "kind": "factory_pick"}
    assert legal_actions(state) == ["factory:10", "factory:2", "factory:4"]


def test_the_player_keeps_one_card_and_then_takes_the_bottom_action():
    state = game()
    player = move_character(state, 0, ["r3c3", FACTORY])
    apply_in_place(state, "factory:2")
    assert player.factory_card == 2
    assert state.factory_deck == [4, 10]
    assert state.pending["kind"] == "bottom"


def test_each_later_visitor_sees_one_card_fewer():
    state = game()
    move_character(state, 0, ["r3c3", FACTORY])
    apply_in_place(state, "factory:2")
    make_active(state, 1)
    state.players[0].character = "r3c3"
    move_character(state, 1, ["r4c4", FACTORY])
    assert legal_actions(state) == ["factory:10", "factory:4"]


def test_one_card_per_player_for_good():
    state = game()
    player = state.players[0]
    player.factory_card = 7
    move_character(state, 0, ["r3c3", FACTORY])
    assert state.pending["kind"] == "bottom"
    assert player.factory_card == 7
    assert state.factory_deck == [4, 2, 10]


def test_no_visit_when_the_character_only_passes_through():
    state = game()
    player = state.players[0]
    player.mechs, player.mech_abilities = ["r1c4"], [3]  # Speed
    move_character(state, 0, ["r3c3", FACTORY, "r4c4"])
    assert state.pending["kind"] == "bottom"
    assert player.factory_card is None


def test_visit_comes_after_winning_the_combat_on_the_factory():
    state = game()
    player, enemy = state.players
    enemy.mechs, enemy.mech_abilities = [FACTORY], [0]
    player.power, enemy.power = 4, 0
    move_character(state, 0, ["r3c3", FACTORY])
    assert state.pending["kind"] == "combat_commit"
    apply_in_place(state, "commit:4:-")
    apply_in_place(state, "commit:0:-")
    assert state.pending["kind"] == "factory_pick"


def test_no_visit_after_losing_the_combat_on_the_factory():
    state = game()
    player, enemy = state.players
    enemy.mechs, enemy.mech_abilities = [FACTORY], [0]
    player.power, enemy.power = 0, 4
    move_character(state, 0, ["r3c3", FACTORY])
    apply_in_place(state, "commit:0:-")
    apply_in_place(state, "commit:4:-")
    assert state.pending["kind"] == "bottom"
    assert player.factory_card is None


# --- the fifth section ---------------------------------------------------------


def test_the_card_is_a_fifth_section_not_chosen_twice_in_a_row():
    state = game()
    player = state.players[0]
    assert "section:4" not in legal_actions(state)
    player.factory_card = 6
    assert "section:4" in legal_actions(state)
    player.last_section = 4
    assert "section:4" not in legal_actions(state)


def test_relentless_may_choose_the_factory_card_again():
    state = game("rusviet")
    player = state.players[0]
    player.factory_card = 6
    player.last_section = 4
    assert "section:4" in legal_actions(state)


def test_top_action_pays_its_cost_then_gives_its_benefit():
    state = game()
    player = factory_section(state, 6)  # pay 1 power: 3 coins
    player.power, coins = 3, player.coins
    assert legal_actions(state) == ["skip", "take"]
    apply_in_place(state, "take")
    assert player.power == 2
    apply_in_place(state, "all")
    assert player.coins == coins + 3
    assert state.pending["kind"] == "factory_bottom"


def test_top_action_needs_its_whole_cost():
    state = game()
    player = factory_section(state, 6)
    player.power = 0
    assert legal_actions(state) == ["skip"]


def test_combat_card_cost_lets_the_player_choose_the_card():
    state = game()
    player = factory_section(state, 4)  # pay 1 combat card: 3 coins
    player.combat_cards = [2, 5]
    apply_in_place(state, "take")
    assert legal_actions(state) == ["pay:card:2", "pay:card:5"]
    apply_in_place(state, "pay:card:2")
    assert player.combat_cards == [5]
    assert state.combat_discard[-1] == 2
    assert state.pending["kind"] == "benefit"


def test_benefit_is_one_of_enlist_or_upgrade():
    state = game()
    player = factory_section(state, 2)  # pay 1 popularity: enlist or upgrade
    apply_in_place(state, "take")
    options = legal_actions(state)
    assert "enlist:build>coins" in options and "upgrade:move_units>build" in options
    apply_in_place(state, "enlist:build>coins")
    assert player.recruits == {"build": "coins"}
    assert player.upgraded_top == []
    assert state.pending["kind"] == "factory_bottom"


def test_granted_deploy_costs_no_metal_and_gives_no_coins_or_recruit_bonus():
    state = game()
    player, neighbour = state.players
    neighbour.recruits["deploy"] = "power"
    player.recruits["deploy"] = "power"
    factory_section(state, 10)  # pay 2 coins: deploy and 1 power
    coins, neighbour_coins, power = player.coins, neighbour.coins, player.power
    apply_in_place(state, "take")
    worker_hex = player.workers[0]
    apply_in_place(state, f"deploy:0@{worker_hex}")
    apply_in_place(state, "gain:power")
    assert player.mechs == [worker_hex]
    assert player.coins == coins - 2
    assert neighbour.coins == neighbour_coins
    assert player.power == power + 1


def test_card_one_produces_on_two_territories_without_mill_or_produce_cost():
    state = game()
    player = state.players[0]
    player.workers = ["r3c3", "r3c3", "r4c4", "r1c4", "r1c5", None, None, None]
    player.structures["mill"] = "r5c3"
    player.combat_cards = [3]
    power, popularity = player.power, player.popularity
    factory_section(state, 1)  # pay 1 coin and 1 combat card: produce on 2 territories
    apply_in_place(state, "take")
    assert "produce:r3c3+r4c4" in legal_actions(state)
    assert not any("r5c3" in a for a in legal_actions(state))
    apply_in_place(state, "produce:r3c3+r4c4")
    # Each worker may produce, as on the mat: the two on r3c3 are asked about.
    assert state.pending["kind"] == "produce_amounts" and state.pending["hex"] == "r3c3"
    assert legal_actions(state) == ["amount:1", "amount:2"]
    apply_in_place(state, "amount:1")
    assert state.pending["kind"] != "produce_amounts"
    assert state.resources_at("r3c3") == {"wood": 1}
    assert state.resources_at("r4c4") == {"metal": 1}
    assert state.resources_at("r5c3") == {}
    assert (player.power, player.popularity) == (power, popularity)


def test_two_resources_of_different_types():
    state = game()
    player = state.players[0]
    player.workers[0] = "r3c3"
    state.resources["r3c3"] = {"oil": 2}
    factory_section(state, 13)  # pay 2 different resources: deploy or build
    assert legal_actions(state) == ["skip"]
    state.resources["r3c3"]["metal"] = 1
    apply_in_place(state, "take")
    assert legal_actions(state) == ["pay:metal@r3c3", "pay:oil@r3c3"]
    apply_in_place(state, "pay:oil@r3c3")
    # The other one had to be metal, so it was paid by itself.
    assert state.resources_at("r3c3") == {"oil": 1}
    assert state.pending["kind"] == "benefit"


def test_coercion_pays_one_resource_with_a_combat_card():
    state = game("crimea")
    player = state.players[0]
    player.combat_cards = [4]
    factory_section(state, 15)  # pay 1 resource: 1 combat card and 2 power
    apply_in_place(state, "take")
    assert player.combat_cards == []
    assert state.turn["coercion_used"]
    assert state.pending["kind"] == "benefit"


def test_stars_from_the_top_action_are_placed_before_the_move():
    state = game()
    player = factory_section(state, 5)  # pay 1 power: 2 popularity
    player.popularity = 16
    apply_in_place(state, "take")
    apply_in_place(state, "all")
    assert player.stars.get("popularity") == 1
    assert state.pending["kind"] == "factory_bottom"


# --- the card's Move -----------------------------------------------------------


def bottom_move(state, card=6):
    player = factory_section(state, card)
    apply_in_place(state, "skip")
    assert state.pending["kind"] == "factory_bottom"
    return player


def test_move_one_unit_up_to_two_times_then_the_turn_ends():
    state = game()
    player = state.players[0]
    player.character = "r4c4"
    bottom_move(state)
    coins = player.coins
    apply_in_place(state, "unit:character")
    assert state.pending["steps_left"] == 2
    apply_in_place(state, "to:r3c5")
    apply_in_place(state, "to:r2c5")
    assert player.character == "r2c5"
    assert player.coins == coins  # no coins, no recruit bonus for a Factory Move
    assert state.active_seat == 1 and state.pending["kind"] == "section"


def test_may_stop_after_one_step():
    state = game()
    player = state.players[0]
    player.character = "r4c4"
    bottom_move(state)
    apply_in_place(state, "unit:character")
    apply_in_place(state, "to:r3c5")
    apply_in_place(state, "stop")
    assert player.character == "r3c5"
    assert state.active_seat == 1


def test_speed_lets_the_character_or_a_mech_move_three_times():
    state = game()
    player = state.players[0]
    player.character = "r4c4"
    player.mechs, player.mech_abilities = ["r4c4"], [3]
    bottom_move(state)
    apply_in_place(state, "unit:character")
    assert state.pending["steps_left"] == 3
    for hid in ("r3c5", "r2c5", "r1c6"):
        apply_in_place(state, f"to:{hid}")
    assert player.character == "r1c6"
    assert state.active_seat == 1


def test_a_worker_moves_twice_even_with_speed():
    state = game()
    player = state.players[0]
    player.mechs, player.mech_abilities = ["r1c4"], [3]
    player.workers[0] = "r4c4"
    bottom_move(state)
    apply_in_place(state, "unit:worker:0")
    assert state.pending["steps_left"] == 2


def test_only_one_unit_moves():
    state = game()
    player = state.players[0]
    player.character = "r4c4"
    bottom_move(state)
    apply_in_place(state, "unit:worker:0")
    apply_in_place(state, "to:r2c4")
    apply_in_place(state, "stop")
    assert player.character == "r4c4"
    assert state.active_seat == 1


def test_factory_move_stops_on_an_encounter_and_resolves_it():
    state = game()
    player = state.players[0]
    player.character = "r3c6"
    bottom_move(state)
    apply_in_place(state, "unit:character")
    apply_in_place(state, "to:r4c5")
    assert state.pending["kind"] == "encounter"
    apply_in_place(state, "option:1")
    apply_in_place(state, "done")
    assert player.character == "r4c5"
    assert state.active_seat == 1


def test_factory_move_starts_a_combat():
    state = game()
    player, enemy = state.players
    player.character = "r4c4"
    enemy.mechs, enemy.mech_abilities = ["r3c5"], [0]
    player.power, enemy.power = 3, 0
    bottom_move(state)
    apply_in_place(state, "unit:character")
    apply_in_place(state, "to:r3c5")
    assert state.pending["kind"] == "combat_commit"
    apply_in_place(state, "commit:3:-")
    apply_in_place(state, "commit:0:-")
    assert player.stars.get("combat") == 1
    assert state.active_seat == 1


def test_factory_move_may_use_the_mine():
    state = game()
    player = state.players[0]
    player.character = "r1c4"
    player.structures["mine"] = "r1c4"
    bottom_move(state)
    apply_in_place(state, "unit:character")
    assert "to:r6c3" in legal_actions(state)


def test_top_action_then_move_in_one_turn():
    state = game()
    player = state.players[0]
    player.character = "r4c4"
    factory_section(state, 6)
    player.power = 2
    apply_in_place(state, "take")
    apply_in_place(state, "all")
    assert state.pending["kind"] == "factory_bottom"
    apply_in_place(state, "unit:character")
    apply_in_place(state, "to:r4c3")
    apply_in_place(state, "stop")
    assert player.character == FACTORY
    assert state.active_seat == 1


def test_the_move_may_be_skipped():
    state = game()
    bottom_move(state)
    apply_in_place(state, "skip")
    assert state.active_seat == 1


@pytest.mark.parametrize("card", range(1, 19))
def test_every_factory_card_has_data_and_texts_in_english_and_dutch(card):
    data = cards.factory_card(card)
    assert data["cost"] and data["choose"]
    english, dutch = card_texts.factory_text(card, "en"), card_texts.factory_text(card, "nl")
    assert english and dutch and english != dutch


def test_promo_factory_cards_only_behind_the_option():
    assert cards.deck_cards("factory") == tuple(range(1, 13))
    assert cards.deck_cards("factory", {"promo_factory": True}) == tuple(range(1, 19))
