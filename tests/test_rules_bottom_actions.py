"""Bottom-row actions: Upgrade, Deploy, Build, Enlist, their coins, completed rows, recruits.

Nordic plays the mechanical mat: upgrade 3 oil +0 coins (1 cube slot), deploy 3 metal +2 (2),
build 3 wood +2 (1), enlist 4 food +2 (2).
"""

from __future__ import annotations

import pytest
from rules_helpers import (
    bottom_coins,
    choose_bottom,
    clear_board,
    give_mech_abilities,
    legal,
    make_active,
    make_game,
    pay_all,
    play,
    set_workers,
    start_move,
    steps,
)

from scythe_core.data.components import BOTTOM_COST_RESOURCE, MATS, TOP_SLOTS
from scythe_core.engine import apply_in_place
from scythe_core.model.seats import has_mech_ability
from scythe_core.rules.economy import bottom_cost, top_amount


def game(*factions, mats=None):
    state = make_game(*(factions or ("nordic", "saxony")), mats=mats)
    clear_board(state)
    return state


def stock(state, hid, **resources):
    state.resources.setdefault(hid, {}).update(resources)


def ready(state, bottom, seat=0, hid="r1c5"):
    """Give the seat a worker on hid and plenty of the resource the bottom action costs."""
    p = state.players[seat]
    if hid not in p.workers:
        set_workers(p, *[w for w in p.workers if w], hid)
    stock(state, hid, **{BOTTOM_COST_RESOURCE[bottom]: 9})
    return p


# --- Upgrade -------------------------------------------------------------------------


def test_upgrade_moves_a_cube_from_a_top_slot_to_a_bottom_slot():
    state = game()
    p = ready(state, "upgrade")
    choose_bottom(state, "upgrade")
    options = [a for a in legal(state) if a != "skip"]
    # Six top slots times the four bottom actions with a free bracketed slot.
    assert len(options) == 6 * 4
    deploy_cost = bottom_cost(p, "deploy")
    play(state, "upgrade:bolster_power>deploy")
    assert top_amount(p, "bolster_power") == TOP_SLOTS["bolster_power"][2]
    assert bottom_cost(p, "deploy") == deploy_cost - 1
    assert state.resources["r1c5"]["oil"] == 9 - 3


def test_an_upgraded_bottom_action_really_costs_less():
    state = game()
    p = ready(state, "upgrade")
    p.upgraded_top = ["bolster_power"]
    p.upgraded_bottom = {"deploy": 1}
    stock(state, "r1c5", metal=2)
    state.resources["r1c5"].pop("oil")
    choose_bottom(state, "deploy")
    play(state, "deploy:0@r1c5")
    assert p.mechs == ["r1c5"]
    assert "metal" not in state.resources.get("r1c5", {})


def test_each_top_slot_gives_up_its_cube_once():
    state = game()
    p = ready(state, "upgrade")
    p.upgraded_top = ["bolster_power"]
    p.upgraded_bottom = {"deploy": 1}
    choose_bottom(state, "upgrade")
    assert not any(a.startswith("upgrade:bolster_power>") for a in legal(state))


def test_cubes_only_go_on_free_bracketed_bottom_slots():
    # Patriotic: upgrade 2 -> 2, no bracketed slot; build 4 -> 2, two slots.
    state = game("rusviet", "saxony")
    p = ready(state, "upgrade", hid="r3c6")
    p.upgraded_top = ["bolster_power", "bolster_cards"]
    p.upgraded_bottom = {"build": 2}
    choose_bottom(state, "upgrade")
    targets = {a.split(">")[1] for a in legal(state) if a != "skip"}
    assert targets == {"deploy", "enlist"}


# --- Deploy --------------------------------------------------------------------------


def test_deploy_puts_a_mech_on_a_controlled_territory_with_a_worker_not_a_lake():
    state = game()
    p = ready(state, "deploy")
    set_workers(p, "r1c5", "r4c3", "r2c2")  # the last one is on a lake
    p.character = "r2c4"  # no worker there
    choose_bottom(state, "deploy")
    places = {a.split("@")[1] for a in legal(state) if a != "skip"}
    assert places == {"r1c5", "r4c3"}
    slots = {a.split(":")[1].split("@")[0] for a in legal(state) if a != "skip"}
    assert slots == {"0", "1", "2", "3"}


def test_deploy_unlocks_the_ability_under_the_mech_and_gives_the_coins():
    state = game()
    p = ready(state, "deploy")
    p.character = "r6c1"
    coins = p.coins
    choose_bottom(state, "deploy")
    play(state, "deploy:3@r1c5")  # Nordic slot 3 is Speed
    assert p.mechs == ["r1c5"]
    assert has_mech_ability(p, "speed")
    assert p.coins == coins + 2
    # The character now has Speed too: two steps in one Move.
    make_active(state, 0)
    p.last_section = None
    start_move(state)
    play(state, "unit:character", "to:r6c0")
    assert state.pending["kind"] == "move_unit"


def test_each_mech_is_deployed_once():
    state = game()
    p = ready(state, "deploy")
    give_mech_abilities(p, "speed")
    choose_bottom(state, "deploy")
    assert not any(a.startswith("deploy:3@") for a in legal(state))
    assert any(a.startswith("deploy:0@") for a in legal(state))


def test_workers_do_not_get_mech_abilities():
    state = game("rusviet", "saxony")
    p = state.players[0]
    give_mech_abilities(p, "riverwalk")
    set_workers(p, "r2c3")
    assert "r1c3" not in steps(start_move(state), "worker:0")


# --- Build ---------------------------------------------------------------------------


def test_build_one_structure_per_territory_not_on_lakes_or_home_bases_factory_allowed():
    state = game()
    p = ready(state, "build")
    foe = state.players[1]
    set_workers(p, "r1c5", "r2c4", "r4c3", "r2c2", p.home)
    foe.structures = {"mill": "r2c4"}  # an opponent already built there
    choose_bottom(state, "build")
    places = {a.split("@")[1] for a in legal(state) if a != "skip"}
    assert places == {"r1c5", "r4c3"}
    kinds = {a.split(":")[1].split("@")[0] for a in legal(state) if a != "skip"}
    assert kinds == {"armory", "mill", "mine", "monument"}


def test_build_places_the_structure_and_gives_the_coins():
    state = game()
    p = ready(state, "build")
    coins = p.coins
    choose_bottom(state, "build")
    play(state, "build:monument@r1c5")
    assert p.structures == {"monument": "r1c5"}
    assert p.coins == coins + 2
    assert state.resources["r1c5"]["wood"] == 6


def test_each_structure_is_built_once_and_never_twice_on_a_territory():
    state = game()
    p = ready(state, "build")
    set_workers(p, "r1c5", "r1c4")
    p.structures = {"monument": "r1c4"}
    choose_bottom(state, "build")
    options = [a for a in legal(state) if a != "skip"]
    assert not any(a.startswith("build:monument@") for a in options)
    assert not any(a.endswith("@r1c4") for a in options)


# --- Enlist --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "bonus, track, gain",
    [("power", "power", 2), ("coins", "coins", 2 + 2), ("popularity", "popularity", 2)],
)
def test_enlist_gives_the_one_time_bonus(bonus, track, gain):
    state = game()
    p = ready(state, "enlist")
    before = getattr(p, track)
    choose_bottom(state, "enlist")
    play(state, f"enlist:build>{bonus}")
    assert p.recruits == {"build": bonus}
    assert getattr(p, track) == before + gain  # enlisting pays +2 coins on this mat


def test_enlist_cards_bonus_draws_two_combat_cards():
    state = game()
    p = ready(state, "enlist")
    cards = len(p.combat_cards)
    choose_bottom(state, "enlist")
    play(state, "enlist:build>cards")
    assert len(p.combat_cards) == cards + 2


def test_each_recruit_section_and_each_one_time_bonus_is_used_once():
    state = game()
    p = ready(state, "enlist")
    p.recruits = {"build": "power"}
    choose_bottom(state, "enlist")
    options = [a for a in legal(state) if a != "skip"]
    assert len(options) == 3 * 3
    assert not any(a.startswith("enlist:build>") or a.endswith(">power") for a in options)


# --- coins and completed rows ------------------------------------------------------------


@pytest.mark.parametrize("mat", sorted(MATS))
@pytest.mark.parametrize("bottom", ["upgrade", "deploy", "build", "enlist"])
def test_each_bottom_action_pays_the_coins_printed_on_the_mat(mat, bottom):
    state = make_game("polania", "nordic", mats={"polania": mat, "nordic": _other(mat)})
    clear_board(state)
    p = ready(state, bottom, hid="r3c1")
    coins = p.coins
    choose_bottom(state, bottom)
    first = {
        "upgrade": "upgrade:move_coins>enlist",
        "deploy": "deploy:0@r3c1",
        "build": "build:mill@r3c1",
        "enlist": "enlist:upgrade>power",
    }[bottom]
    play(state, first)
    pay_all(state)
    assert p.coins == coins + bottom_coins(p, bottom)
    assert state.resources["r3c1"][BOTTOM_COST_RESOURCE[bottom]] == 9 - bottom_cost(p, bottom)


def test_the_coins_of_a_bottom_action_may_be_declined_or_taken_in_part():
    # "You may choose not to take the coins": the player picks 0 up to the printed amount.
    state = make_game("polania", "nordic", mats={"polania": "industrial"})
    clear_board(state)
    p = ready(state, "upgrade", hid="r3c1")  # Industrial: Upgrade pays 3 coins
    coins = p.coins
    choose_bottom(state, "upgrade")
    apply_in_place(state, "upgrade:move_coins>enlist")
    assert state.pending["kind"] == "bottom_coins"
    assert legal(state) == ["coins:0", "coins:1", "coins:2", "coins:3"]
    apply_in_place(state, "coins:1")
    assert p.coins == coins + 1
    assert state.pending["kind"] == "turn_end", "the turn ends after the coins"


def test_no_coin_decision_when_the_bottom_action_pays_none():
    state = make_game("polania", "nordic", mats={"polania": "industrial"})
    clear_board(state)
    p = ready(state, "enlist", hid="r3c1")  # Industrial: Enlist pays 0 coins
    choose_bottom(state, "enlist")
    apply_in_place(state, "enlist:upgrade>power")
    assert state.pending == {"seat": 0, "kind": "turn_end"}
    assert p.recruits == {"upgrade": "power"}


def _other(mat):
    return "mechanical" if mat != "mechanical" else "engineering"


@pytest.mark.parametrize("bottom", ["upgrade", "deploy", "build", "enlist"])
def test_a_completed_row_may_still_be_paid_for_its_coins(bottom):
    state = game()
    p = ready(state, bottom)
    if bottom == "upgrade":
        p.upgraded_top = list(TOP_SLOTS)
        p.upgraded_bottom = {"upgrade": 1, "deploy": 2, "build": 1, "enlist": 2}
    elif bottom == "deploy":
        give_mech_abilities(p, "riverwalk", "seaworthy", "artillery", "speed")
    elif bottom == "build":
        p.structures = {"mine": "r6c0", "mill": "r6c1", "armory": "r6c2", "monument": "r6c3"}
    else:
        p.recruits = {
            "upgrade": "power",
            "deploy": "coins",
            "build": "cards",
            "enlist": "popularity",
        }
    coins, cost = p.coins, bottom_cost(p, bottom)
    choose_bottom(state, bottom)
    assert legal(state) == sorted([bottom, "skip"])
    play(state, bottom)
    assert p.coins == coins + bottom_coins(p, bottom)
    assert state.resources["r1c5"][BOTTOM_COST_RESOURCE[bottom]] == 9 - cost
    assert state.pending == {"seat": 1, "kind": "section"}


def test_a_completed_row_still_triggers_recruit_bonuses():
    state = game()
    p = ready(state, "deploy")
    foe = state.players[1]
    give_mech_abilities(p, "riverwalk", "seaworthy", "artillery", "speed")
    foe.recruits = {"deploy": "power"}
    coins = foe.coins
    choose_bottom(state, "deploy")
    play(state, "deploy")
    assert foe.coins == coins + 1


# --- recruit ongoing bonuses ---------------------------------------------------------


@pytest.mark.parametrize(
    "bottom, track, gain",
    [("upgrade", "power", 1), ("deploy", "coins", 2 + 1), ("build", "popularity", 1)],
)
def test_the_owner_gains_its_recruit_bonus_for_its_own_bottom_action(bottom, track, gain):
    state = game()
    p = ready(state, bottom)
    p.recruits = {bottom: "cards"}
    before = getattr(p, track)
    choose_bottom(state, bottom)
    play(state, sorted(a for a in legal(state) if a != "skip")[0])
    assert getattr(p, track) == before + gain


def test_the_enlist_recruit_bonus_draws_a_combat_card():
    state = game()
    p = ready(state, "enlist")
    p.recruits = {"enlist": "coins"}
    cards = len(p.combat_cards)
    choose_bottom(state, "enlist")
    play(state, "enlist:build>power")
    assert len(p.combat_cards) == cards + 1


def test_recruit_bonuses_go_to_the_active_player_then_left_then_right_not_beyond():
    # Clockwise: Nordic (0), Rusviet (1), Crimea (2), Saxony (3). Rusviet is active:
    # its left neighbour is Crimea (next clockwise) and its right neighbour Nordic.
    state = game("nordic", "rusviet", "crimea", "saxony")
    nordic, rusviet, crimea, saxony = state.players
    make_active(state, 1)
    ready(state, "enlist", seat=1, hid="r3c6")
    for p in state.players:
        p.recruits = {"enlist": "coins"}
        p.combat_cards = []
    state.combat_deck = [5, 4, 3, 2]
    choose_bottom(state, "enlist")
    play(state, "enlist:build>power")
    assert rusviet.combat_cards == [2]
    assert crimea.combat_cards == [3]
    assert nordic.combat_cards == [4]
    assert saxony.combat_cards == []
    assert state.combat_deck == [5]


def test_in_a_two_player_game_the_opponent_gains_a_recruit_bonus_once():
    state = game()
    ready(state, "build")
    foe = state.players[1]
    foe.recruits = {"build": "power"}
    popularity = foe.popularity
    choose_bottom(state, "build")
    play(state, "build:mill@r1c5")
    assert foe.popularity == popularity + 1


def test_no_recruit_bonus_without_taking_the_bottom_action():
    state = game()
    p = ready(state, "build")
    foe = state.players[1]
    p.recruits = foe.recruits = {"build": "power", "upgrade": "coins"}
    before = (p.popularity, foe.popularity, p.power, foe.power)
    play(state, "section:2", "skip", "skip")  # move / build, both skipped
    assert (p.popularity, foe.popularity, p.power, foe.power) == before


def test_top_actions_trigger_no_recruit_bonus():
    state = game()
    ready(state, "upgrade")
    foe = state.players[1]
    foe.recruits = {"upgrade": "power", "deploy": "coins", "build": "cards", "enlist": "popularity"}
    before = (foe.power, foe.coins, foe.popularity, len(foe.combat_cards))
    play(state, "section:0", "trade:popularity", "skip")
    assert (foe.power, foe.coins, foe.popularity, len(foe.combat_cards)) == before


def test_a_recruit_enlisted_from_the_enlist_section_pays_its_bonus_from_the_next_enlist_on():
    """Rulebook (turn overview): the costs and benefits on the player mat are the spaces
    showing *before* the action is taken. The Enlist section's ongoing bonus is still
    covered by its recruit while that recruit is being enlisted, so it pays nothing now;
    from the next Enlist on it draws a combat card."""
    state = game()
    p = ready(state, "enlist")
    cards = len(p.combat_cards)
    choose_bottom(state, "enlist")
    play(state, "enlist:enlist>power")
    assert p.recruits == {"enlist": "power"}
    assert len(p.combat_cards) == cards
    make_active(state, 0)
    p.last_section = None
    choose_bottom(state, "enlist")
    play(state, "enlist:build>coins")
    assert len(p.combat_cards) == cards + 1


# --- the rulebook's own examples -------------------------------------------------------


def test_rulebook_upgrade_example_produce_cube_onto_enlist():
    """Rulebook, Upgrade example: to produce on 3 territories instead of 2 (Mill aside)
    and to enlist for 1 food less, move the cube from the Produce action to the Enlist
    action."""
    state = game()
    p = ready(state, "upgrade")
    enlist_cost = bottom_cost(p, "enlist")
    choose_bottom(state, "upgrade")
    play(state, "upgrade:produce_territories>enlist")
    assert bottom_cost(p, "enlist") == enlist_cost - 1
    make_active(state, 0)
    set_workers(p, "r1c4", "r1c5", "r2c4")
    play(state, "section:3")  # mechanical: produce / enlist
    assert "produce:r1c4+r1c5+r2c4" in legal(state)
    play(state, "produce:r1c4+r1c5+r2c4")
    assert state.resources["r1c4"] == {"wood": 1}
    assert state.resources["r2c4"] == {"metal": 1}


def test_rulebook_deploy_example_metal_from_several_territories_mech_elsewhere():
    """Rulebook, resources: "you may spend 3 metal from one or more territories you
    control to deploy a mech; the mech then goes on that or another territory with one
    of your workers"."""
    state = game()
    p = state.players[0]
    set_workers(p, "r1c4")
    p.character = "r2c4"
    p.structures = {"mill": "r2c5"}
    stock(state, "r2c4", metal=2)
    stock(state, "r2c5", metal=1)
    choose_bottom(state, "deploy")
    assert {a.split("@")[1] for a in legal(state) if a != "skip"} == {"r1c4"}
    play(state, "deploy:1@r1c4")  # all 3 metal are owed: nothing to choose
    assert p.mechs == ["r1c4"]
    assert state.resources == {}


@pytest.mark.parametrize(
    "builder, gain", [("nordic", 1), ("rusviet", 1), ("saxony", 1), ("crimea", 0)]
)
def test_rulebook_recruit_example_nordic_gains_popularity_when_it_or_a_neighbour_builds(
    builder, gain
):
    """Rulebook, Enlist example: when Nordic OR the player to its left or right takes
    the Build action, Nordic gains 1 popularity. Clockwise here: Nordic, Rusviet, Crimea,
    Saxony, so Crimea sits across the table."""
    state = game("nordic", "rusviet", "crimea", "saxony")
    seat = {p.faction: p.seat for p in state.players}[builder]
    nordic = state.players[0]
    nordic.recruits = {"build": "power"}
    home_side = {"nordic": "r1c5", "rusviet": "r3c6", "crimea": "r7c3", "saxony": "r6c0"}
    ready(state, "build", seat=seat, hid=home_side[builder])
    make_active(state, seat)
    popularity = nordic.popularity
    choose_bottom(state, "build")
    play(state, f"build:mill@{home_side[builder]}")
    assert nordic.popularity == popularity + gain


def test_a_bottom_action_with_nothing_to_place_may_still_be_paid_for_its_coins():
    """Rulebook: pay the cost, then gain the benefits "or part of them"; a completed row
    may still be paid for its coins and recruit bonus. Our reading: the same holds when
    structures are left but no territory with a worker is free to build on."""
    state = game()
    p = ready(state, "build")
    p.structures = {"mine": "r1c5"}  # the only worker territory already has a structure
    foe = state.players[1]
    foe.recruits = {"build": "power"}
    coins, popularity = p.coins, foe.popularity
    choose_bottom(state, "build")
    assert legal(state) == ["build", "skip"]
    play(state, "build")
    assert p.coins == coins + bottom_coins(p, "build")
    assert state.resources["r1c5"]["wood"] == 9 - bottom_cost(p, "build")
    assert foe.popularity == popularity + 1
