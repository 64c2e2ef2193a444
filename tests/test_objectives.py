"""Objectives: the 27 conditions, and revealing one at any decision of one's own turn."""

from __future__ import annotations

import pytest
from rules_helpers import make_game, section_of_top

from scythe_core import IllegalActionError, legal_actions
from scythe_core.data import cards
from scythe_core.data.board import FACTORY
from scythe_core.engine import apply_in_place
from scythe_core.io import card_texts
from scythe_core.rules.objectives import is_met


def game(faction="nordic", other="saxony", seed=11):
    state = make_game(faction, other, seed=seed)
    for p in state.players:
        p.objectives = []  # no objective reveals in these legal lists
    return state


def move_section(player):
    return section_of_top(player, "move")


def place_workers(player, *hexes):
    """Put the player's workers on these hexes (the rest stay where they are or on the mat)."""
    for i, hid in enumerate(hexes):
        player.workers[i] = hid


def structures(player, *hexes):
    for name, hid in zip(("mine", "mill", "armory", "monument"), hexes, strict=False):
        player.structures[name] = hid


# One builder per card: it makes the condition true for seat 0 (Nordic) in a fresh game.
def _1(s, p, o):
    place_workers(p, "r4c4", "r4c6", "r6c5")


def _2(s, p, o):
    place_workers(p, "r2c3", "r3c5", "r5c5")


def _3(s, p, o):
    place_workers(p, "r1c2", "r2c5", "r2c6")


def _4(s, p, o):
    place_workers(p, "r1c5", "r2c1", "r5c3")


def _5(s, p, o):
    p.character, p.power, o.power = FACTORY, 6, 6


def _6(s, p, o):
    s.turn["log_start"] = len(s.log)
    s.log.append({"seat": p.seat, "event": "worker_retreat", "hex": "r3c3"})
    p.power = 7


def _7(s, p, o):
    p.factory_card = 3
    p.mechs, p.mech_abilities = ["r1c4"], [0]


def _8(s, p, o):
    p.coins, p.popularity = 2, 7
    place_workers(p, "r1c4", "r1c5", "r2c4", "r2c5")


def _9(s, p, o):
    s.resources["r1c4"] = {"oil": 3, "metal": 2, "food": 2, "wood": 2}


def _10(s, p, o):
    place_workers(p, "r1c4", "r3c3", "r3c1")


def _11(s, p, o):
    place_workers(p, "r1c3", "r1c6", "r3c6")


def _12(s, p, o):
    p.coins = 20


def _13(s, p, o):
    p.character = "r3c3"
    place_workers(p, "r3c3", "r3c3", "r3c3", "r3c3")
    structures(p, "r3c3")


def _14(s, p, o):
    p.upgraded_top, p.upgraded_bottom = ["move_units"], {"build": 1}
    p.mechs, p.mech_abilities = ["r1c4"], [0]
    structures(p, "r1c5")
    p.recruits = {"build": "coins"}
    s.resources["r1c4"] = {"oil": 1, "metal": 1, "food": 1, "wood": 1}


def _15(s, p, o):
    p.recruits = {"build": "coins", "upgrade": "power"}


def _16(s, p, o):
    p.character = "r3c3"
    p.mechs, p.mech_abilities = ["r3c3"], [0]
    place_workers(p, "r3c3")
    s.resources["r3c3"] = {"wood": 5}


def _17(s, p, o):
    place_workers(p, "r3c3", "r4c4")


def _18(s, p, o):
    p.power, p.popularity = 0, 13
    place_workers(p, "r1c4", "r1c5", "r2c4", "r2c5", "r1c6")


def _19(s, p, o):
    place_workers(p, "r2c3", "r2c4", "r3c3", "r3c5", "r4c4")


def _20(s, p, o):
    structures(p, "r1c4", "r1c5", "r2c4")
    p.popularity = 7


def _21(s, p, o):
    s.resources["r1c4"] = {"oil": 5}
    s.resources["r1c5"] = {"oil": 4}


def _22(s, p, o):
    p.factory_card = 1


def _23(s, p, o):
    p.combat_cards = [2] * 8
    p.stars["combat"] = 1


def _24(s, p, o):
    place_workers(p, "r5c3", "r5c3", "r5c3", "r5c3", "r5c3")


def _25(s, p, o):
    p.popularity, p.power = 3, 13
    p.mechs, p.mech_abilities = ["r1c4", "r1c5"], [0, 1]


def _26(s, p, o):
    place_workers(p, "r1c4", "r1c5", "r4c4", "r1c2", "r1c3")


def _27(s, p, o):
    structures(p, "r3c3", "r4c4", "r5c3")


MAKE_TRUE = {n: globals()[f"_{n}"] for n in range(1, 28)}


# Small changes that break each condition again (applied after MAKE_TRUE).
def _near_miss(card, s, p, o):
    change = {
        1: lambda: place_workers(p, "r4c4", "r4c6", "r3c3"),
        2: lambda: place_workers(p, "r2c3", "r3c5", "r3c3"),
        3: lambda: place_workers(p, "r1c2", "r2c5", "r3c3"),
        4: lambda: place_workers(p, "r1c4", "r2c1", "r5c3"),
        5: lambda: setattr(o, "power", 7),
        6: lambda: setattr(p, "power", 6),
        7: lambda: place_workers(p, "r1c4", "r1c5", "r2c4", "r2c5"),
        8: lambda: setattr(p, "coins", 3),
        9: lambda: s.resources["r1c4"].pop("wood"),
        10: lambda: place_workers(p, "r1c4", "r3c3", "r4c4"),
        11: lambda: place_workers(p, "r1c3", "r1c6", "r4c4"),
        12: lambda: setattr(p, "coins", 19),
        13: lambda: p.structures.clear(),
        14: lambda: s.resources["r1c4"].pop("metal"),
        15: lambda: p.recruits.pop("build"),
        16: lambda: place_workers(p, "r3c3", "r3c3"),
        17: lambda: setattr(p, "factory_card", 2),
        18: lambda: setattr(p, "power", 1),
        19: lambda: place_workers(p, "r2c3", "r2c4", "r3c3", "r3c5", "r5c3"),
        20: lambda: p.mechs.append("r1c4") or p.mech_abilities.append(0),
        21: lambda: s.resources["r1c5"].update(oil=3),
        22: lambda: p.upgraded_top.append("move_units"),
        23: lambda: p.combat_cards.pop(),
        24: lambda: place_workers(p, "r5c3", "r5c3", "r5c3", "r5c3", "r4c4"),
        25: lambda: setattr(p, "popularity", 4),
        26: lambda: place_workers(p, "r1c4", "r1c5", "r4c4", "r1c2", "r1c4"),
        27: lambda: p.structures.update(mine="r1c4"),
    }
    change[card]()


@pytest.mark.parametrize("card", range(1, 28))
def test_objective_condition_holds_exactly_when_its_requirements_are_met(card):
    state = game()
    player, other = state.players
    assert not is_met(state, player, card)
    MAKE_TRUE[card](state, player, other)
    assert is_met(state, player, card)
    _near_miss(card, state, player, other)
    assert not is_met(state, player, card)


def test_enemy_control_counts_not_the_players():
    state = game()
    player, other = state.players
    _1(state, player, other)
    other.mechs, other.mech_abilities = ["r6c5"], [0]  # a combat pending there: they keep it
    assert not is_met(state, player, 1)


LAKE_BY_FACTORY = "r3c4"  # a lake next to the Factory


def test_a_held_lake_next_to_the_factory_counts_for_objective_17():
    """Rulebook (Seaworthy, Submerge): 'Meren zijn gebieden' (lakes are territories), so a
    lake held by a mech is one of the 'territories next to the Factory'."""
    state = game()
    player, _ = state.players
    place_workers(player, "r3c3")
    assert not is_met(state, player, 17)
    player.mechs, player.mech_abilities = [LAKE_BY_FACTORY], [1]  # Nordic: Seaworthy
    assert is_met(state, player, 17)


def test_pieces_and_workers_on_a_lake_count_for_objectives_13_and_24():
    """A Seaworthy mech carrying workers onto a lake: the lake is a territory (rulebook)."""
    state = game()
    player, _ = state.players
    player.mechs, player.mech_abilities = [LAKE_BY_FACTORY], [1]
    place_workers(player, *[LAKE_BY_FACTORY] * 4)
    assert not is_met(state, player, 13) and not is_met(state, player, 24)
    player.character = LAKE_BY_FACTORY  # 6 pieces: character, mech, 4 workers
    assert is_met(state, player, 13)
    place_workers(player, *[LAKE_BY_FACTORY] * 5)
    assert is_met(state, player, 24)


def test_a_home_base_is_no_territory_for_objective_13():
    state = game()
    player, _ = state.players
    player.character = player.home
    place_workers(player, *[player.home] * 5)
    assert not is_met(state, player, 13)


# --- revealing -----------------------------------------------------------------


def test_reveal_is_offered_at_any_decision_of_the_players_own_turn():
    state = game()
    player, other = state.players
    player.objectives = [12, 1]
    player.coins = 20
    assert "objective:12" in legal_actions(state)
    assert "objective:1" not in legal_actions(state)
    apply_in_place(state, f"section:{move_section(player)}")
    assert state.pending["kind"] == "top"
    assert "objective:12" in legal_actions(state)
    apply_in_place(state, "move")
    assert "objective:12" in legal_actions(state)


def test_never_on_another_players_turn():
    state = game()
    player, other = state.players
    other.objectives = [12, 1]
    other.coins = 20
    assert state.pending["seat"] == 0
    assert "objective:12" not in legal_actions(state)
    with pytest.raises(IllegalActionError):
        apply_in_place(state, "objective:12")


def test_defender_may_not_reveal_during_a_combat():
    state = game()
    player, other = state.players
    other.objectives = [12]
    other.coins = 20
    player.character, other.character = "r3c3", "r4c3"
    apply_in_place(state, f"section:{move_section(player)}")
    apply_in_place(state, "move")
    apply_in_place(state, "unit:character")
    apply_in_place(state, "to:r4c3")
    apply_in_place(state, "done")
    apply_in_place(state, "commit:0:-")
    assert state.pending == {"seat": 1, "kind": "combat_commit", "hex": "r4c3"}
    assert not any(a.startswith("objective:") for a in legal_actions(state))


def test_reveal_places_a_star_and_both_cards_go_to_the_bottom_of_the_deck():
    state = game()
    player = state.players[0]
    player.objectives = [12, 5]
    player.coins = 20
    deck = list(state.objective_deck)
    apply_in_place(state, "objective:12")
    assert player.stars == {"objective": 1}
    assert player.objectives == []
    assert sorted(state.objective_deck[:2]) == [5, 12]
    assert state.objective_deck[2:] == deck
    assert state.log[-1]["event"] == "star"


def test_reveal_returns_to_the_interrupted_decision():
    state = game()
    player = state.players[0]
    player.objectives = [12, 5]
    player.coins = 20
    apply_in_place(state, f"section:{move_section(player)}")
    apply_in_place(state, "move")
    apply_in_place(state, "unit:character")
    before = dict(state.pending)
    legal_before = [a for a in legal_actions(state) if not a.startswith("objective:")]
    apply_in_place(state, "objective:12")
    assert state.pending == before
    assert legal_actions(state) == legal_before


def test_only_one_objective_star_for_everyone_but_saxony():
    state = game()
    player = state.players[0]
    player.objectives = [12, 22]
    player.coins, player.factory_card = 20, 1
    apply_in_place(state, "objective:12")
    assert not any(a.startswith("objective:") for a in legal_actions(state))


def test_saxony_keeps_the_second_card_and_may_complete_both():
    state = game("saxony", "nordic")
    player = state.players[0]
    player.objectives = [12, 22]
    player.coins, player.factory_card = 20, 1
    apply_in_place(state, "objective:12")
    assert player.objectives == [22]
    assert state.objective_deck[0] == 12
    assert "objective:22" in legal_actions(state)
    apply_in_place(state, "objective:22")
    assert player.stars == {"objective": 2}
    assert player.objectives == []


def test_conditions_are_checked_when_revealed():
    state = game()
    player = state.players[0]
    player.objectives = [12]
    player.coins = 20
    assert "objective:12" in legal_actions(state)
    player.coins = 19
    assert "objective:12" not in legal_actions(state)
    with pytest.raises(IllegalActionError):
        apply_in_place(state, "objective:12")


def test_the_sixth_star_from_an_objective_ends_the_game():
    state = game()
    player = state.players[0]
    player.stars = {"upgrades": 1, "mechs": 1, "structures": 1, "recruits": 1, "combat": 1}
    player.objectives = [12]
    player.coins = 20
    apply_in_place(state, "objective:12")
    assert state.game_over
    assert legal_actions(state) == []


def test_objective_6_after_driving_out_enemy_workers_with_seven_power():
    state = game()
    player, other = state.players
    player.objectives = [6]
    player.character, other.workers[0] = "r3c3", "r4c3"
    player.power = 7
    apply_in_place(state, f"section:{move_section(player)}")
    assert "objective:6" not in legal_actions(state)
    apply_in_place(state, "move")
    apply_in_place(state, "unit:character")
    apply_in_place(state, "to:r4c3")
    apply_in_place(state, "done")
    assert other.workers[0] == other.home
    assert "objective:6" in legal_actions(state)


def test_objective_6_after_a_combat_won_over_workers_needs_seven_power_left():
    state = game()
    player, other = state.players
    player.objectives = [6]
    player.character = "r3c3"
    other.character, other.workers[0] = "r4c3", "r4c3"
    player.power, other.power = 9, 0
    apply_in_place(state, f"section:{move_section(player)}")
    apply_in_place(state, "move")
    apply_in_place(state, "unit:character")
    apply_in_place(state, "to:r4c3")
    apply_in_place(state, "done")
    apply_in_place(state, "commit:3:-")  # 6 power left after the combat
    apply_in_place(state, "commit:0:-")
    assert other.workers[0] == other.home
    assert "objective:6" not in legal_actions(state)
    player.power = 7
    assert "objective:6" in legal_actions(state)


def test_objective_6_only_counts_this_turns_retreats():
    state = game()
    player, other = state.players
    player.objectives = [6]
    player.power = 8
    state.log.append({"seat": 0, "event": "worker_retreat", "hex": "r4c3"})
    apply_in_place(state, "section:0")
    assert "objective:6" not in legal_actions(state)


def end_the_turn_without_actions(state):
    apply_in_place(state, f"section:{move_section(state.active)}")
    apply_in_place(state, "skip")
    apply_in_place(state, "skip")


def test_a_met_objective_may_still_be_revealed_when_the_last_action_is_over():
    state = game()
    player = state.players[0]
    player.objectives = [12, 5]
    player.coins = 20
    end_the_turn_without_actions(state)
    assert state.pending == {"seat": 0, "kind": "turn_end"}
    assert legal_actions(state) == ["end_turn", "objective:12"]
    apply_in_place(state, "objective:12")
    assert legal_actions(state) == ["end_turn"]
    apply_in_place(state, "end_turn")
    assert state.active_seat == 1 and state.pending["kind"] == "section"


def test_the_end_of_turn_question_does_not_tell_whether_an_objective_is_met():
    # Other seats see the pending decision, so it is asked whether or not a card is met.
    state = game()
    player = state.players[0]
    player.objectives = [12]
    player.coins = 19
    end_the_turn_without_actions(state)
    assert state.pending == {"seat": 0, "kind": "turn_end"}
    assert legal_actions(state) == ["end_turn"]


def test_the_turn_passes_at_once_without_an_objective_to_complete():
    state = game()
    player = state.players[0]
    player.objectives = [12]
    player.stars["objective"] = 1  # not Saxony: one objective star at most
    end_the_turn_without_actions(state)
    assert state.active_seat == 1 and state.pending["kind"] == "section"


def test_a_met_objective_may_be_kept_secret_past_the_end_of_the_turn():
    state = game()
    player = state.players[0]
    player.objectives = [12]
    player.coins = 20
    end_the_turn_without_actions(state)
    apply_in_place(state, "end_turn")
    assert state.active_seat == 1
    assert player.objectives == [12] and not player.stars


@pytest.mark.parametrize("card", range(1, 28))
def test_every_objective_has_a_text_in_english_and_dutch(card):
    english, dutch = card_texts.objective_text(card, "en"), card_texts.objective_text(card, "nl")
    assert english and dutch and english != dutch


def test_promo_objectives_only_behind_the_option():
    assert cards.deck_cards("objective") == tuple(range(1, 24))
    assert cards.deck_cards("objective", {"promo_objectives": True}) == tuple(range(1, 28))
