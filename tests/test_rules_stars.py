"""Stars: the seven track/board goals, never lost, at most six, the sixth ends the game at once,
bottom-action benefits before the star, and opponents' recruit-bonus stars after the action.

Nordic plays the mechanical mat: trade/upgrade 3 oil +0 (0), bolster/deploy 3 metal +2 (1),
move/build 3 wood +2 (2), produce/enlist 4 food +2 (3).
"""

from __future__ import annotations

import pytest
from rules_helpers import (
    choose_bottom,
    choose_top,
    clear_board,
    give_mech_abilities,
    legal,
    make_active,
    make_game,
    play,
    set_workers,
)

from scythe_core.data.components import BOTTOM_COST_RESOURCE, TOP_SLOTS

FIVE_STARS = {"mechs": 1, "structures": 1, "recruits": 1, "workers": 1, "objective": 1}


def game(*factions):
    state = make_game(*(factions or ("nordic", "saxony")))
    clear_board(state)
    return state


def with_resource(state, bottom, seat=0, hid="r1c5"):
    p = state.players[seat]
    if hid not in p.workers:
        set_workers(p, *[w for w in p.workers if w], hid)
    state.resources.setdefault(hid, {})[BOTTOM_COST_RESOURCE[bottom]] = 9
    return p


# --- reaching each goal ----------------------------------------------------------------


def five_upgrades(state, p):
    with_resource(state, "upgrade")
    p.upgraded_top = list(TOP_SLOTS)[:5]
    p.upgraded_bottom = {"upgrade": 1, "deploy": 2, "build": 1, "enlist": 1}
    choose_bottom(state, "upgrade")
    return "upgrade:produce_territories>enlist", "upgrades"


def three_mechs(state, p):
    with_resource(state, "deploy")
    give_mech_abilities(p, "riverwalk", "seaworthy", "artillery")
    choose_bottom(state, "deploy")
    return "deploy:3@r1c5", "mechs"


def three_structures(state, p):
    with_resource(state, "build")
    p.structures = {"mine": "r6c0", "mill": "r6c1", "armory": "r6c2"}
    choose_bottom(state, "build")
    return "build:monument@r1c5", "structures"


def three_recruits(state, p):
    with_resource(state, "enlist")
    p.recruits = {"upgrade": "power", "deploy": "coins", "build": "popularity"}
    choose_bottom(state, "enlist")
    return "enlist:enlist>cards", "recruits"


def seven_workers(state, p):
    set_workers(p, "r1c6", "r1c4", "r1c4", "r1c4", "r1c4", "r1c4", "r1c4")
    p.power = p.popularity = 5
    choose_top(state, "produce")
    return ("produce:r1c6", "workers:1"), "workers"


def fourteen_power(state, p):
    p.power = 14
    choose_top(state, "bolster")
    return "bolster:power", "power"


def seventeen_popularity(state, p):
    p.popularity = 17
    choose_top(state, "trade")
    return "trade:popularity", "popularity"


GOALS = [
    five_upgrades,
    three_mechs,
    three_structures,
    three_recruits,
    seven_workers,
    fourteen_power,
    seventeen_popularity,
]


@pytest.mark.parametrize("almost", GOALS, ids=lambda f: f.__name__)
def test_reaching_a_goal_places_a_star(almost):
    state = game()
    p = state.players[0]
    actions, category = almost(state, p)
    assert p.stars == {}
    play(state, *([actions] if isinstance(actions, str) else actions))
    assert p.stars == {category: 1}


def test_the_goals_are_six_upgrades_four_mechs_structures_recruits_eight_workers():
    from scythe_core.rules.economy import earned_star_categories

    state = game()
    p = state.players[0]
    p.upgraded_top = list(TOP_SLOTS)[:5]
    give_mech_abilities(p, "riverwalk", "seaworthy", "artillery")
    p.structures = {"mine": "r6c0", "mill": "r6c1", "armory": "r6c2"}
    p.recruits = {"upgrade": "power", "deploy": "coins", "build": "popularity"}
    set_workers(p, *["r1c4"] * 7)
    p.power, p.popularity = 15, 17
    assert earned_star_categories(p) == []
    p.upgraded_top = list(TOP_SLOTS)
    give_mech_abilities(p, "speed")
    p.structures["monument"] = "r6c3"
    p.recruits["enlist"] = "cards"
    set_workers(p, *["r1c4"] * 8)
    p.power, p.popularity = 16, 18
    assert sorted(earned_star_categories(p)) == sorted(
        ["upgrades", "mechs", "structures", "recruits", "workers", "power", "popularity"]
    )


def test_a_top_action_star_is_placed_before_the_bottom_action():
    state = game()
    p = state.players[0]
    play(state, *[fourteen_power(state, p)[0]])
    assert state.pending["kind"] == "bottom"
    assert p.stars == {"power": 1}


# --- stars are never lost and never doubled -------------------------------------------


def test_a_star_stays_when_the_track_drops_and_is_not_placed_again():
    state = game()
    p = state.players[0]
    play(state, fourteen_power(state, p)[0], "skip")
    assert p.stars == {"power": 1}
    p.power = 10
    make_active(state, 0)
    p.last_section = None
    assert p.stars == {"power": 1}
    p.power = 14
    play(state, "section:1", "bolster:power", "skip")
    assert p.power == 16
    assert p.stars == {"power": 1}


def test_a_completed_row_paid_again_places_no_second_star():
    state = game()
    p = with_resource(state, "deploy")
    give_mech_abilities(p, "riverwalk", "seaworthy", "artillery", "speed")
    p.stars = {"mechs": 1}
    choose_bottom(state, "deploy")
    play(state, "deploy")
    assert p.stars == {"mechs": 1}


# --- the sixth star --------------------------------------------------------------------


def test_the_sixth_star_ends_the_game_at_once():
    state = game()
    p = state.players[0]
    p.stars = dict(FIVE_STARS)
    play(state, fourteen_power(state, p)[0])
    assert p.star_count == 6
    assert state.game_over
    assert legal(state) == []  # no bottom action, no next turn
    assert state.pending == {"kind": "game_over"}


def test_never_more_than_six_stars():
    # Enlisting the 4th recruit with the power bonus reaches two goals at once.
    state = game()
    p = with_resource(state, "enlist")
    p.stars = {"mechs": 1, "structures": 1, "workers": 1, "objective": 1, "combat": 1}
    p.recruits = {"upgrade": "coins", "deploy": "cards", "build": "popularity"}
    p.power = 14
    choose_bottom(state, "enlist")
    play(state, "enlist:enlist>power")
    assert p.power == 16
    assert p.star_count == 6
    assert state.game_over


def test_bottom_action_benefits_come_before_the_sixth_star():
    state = game()
    p = with_resource(state, "deploy")
    foe = state.players[1]
    give_mech_abilities(p, "riverwalk", "seaworthy", "artillery")
    p.stars = {"upgrades": 1, "structures": 1, "recruits": 1, "workers": 1, "objective": 1}
    p.recruits = {"deploy": "power"}
    foe.recruits = {"deploy": "power"}
    coins, foe_coins = p.coins, foe.coins
    choose_bottom(state, "deploy")
    play(state, "deploy:3@r1c5")
    assert state.game_over
    assert p.stars["mechs"] == 1
    assert p.mechs[-1] == "r1c5"  # the effect
    assert p.coins == coins + 2 + 1  # the mat's coins and the own recruit bonus
    assert foe.coins == foe_coins + 1  # the neighbour's recruit bonus too


def test_a_recruit_bonus_star_on_an_opponents_turn_is_placed_after_the_action():
    state = game()
    with_resource(state, "upgrade")
    foe = state.players[1]
    foe.recruits = {"upgrade": "coins"}
    foe.power = 15
    choose_bottom(state, "upgrade")
    play(state, "upgrade:bolster_power>deploy")
    assert foe.power == 16
    assert foe.stars == {"power": 1}
    assert not state.game_over
    assert state.pending == {"seat": 1, "kind": "section"}


def test_no_recruit_bonus_star_for_an_opponent_when_the_active_player_ends_the_game():
    state = game()
    p = state.players[0]
    foe = state.players[1]
    action, _ = five_upgrades(state, p)
    p.stars = dict(FIVE_STARS)
    foe.recruits = {"upgrade": "coins"}
    foe.power = 15
    play(state, action)
    assert state.game_over
    assert p.star_count == 6
    assert foe.power == 16  # the bonus itself is gained
    assert "power" not in foe.stars


def test_an_opponents_sixth_star_from_a_recruit_bonus_ends_the_game():
    state = game()
    p = with_resource(state, "build")
    foe = state.players[1]
    foe.recruits = {"build": "coins"}
    foe.popularity = 17
    foe.stars = dict(FIVE_STARS)
    choose_bottom(state, "build")
    play(state, "build:mine@r1c5")
    assert foe.stars["popularity"] == 1
    assert foe.star_count == 6
    assert state.game_over
    assert p.structures == {"mine": "r1c5"}


def test_the_left_neighbours_sixth_star_comes_before_the_right_neighbours():
    # Clockwise Nordic (0), Rusviet (1), Crimea (2): Rusviet active, Crimea left, Nordic right.
    state = game("nordic", "rusviet", "crimea")
    nordic, rusviet, crimea = state.players
    make_active(state, 1)
    with_resource(state, "upgrade", seat=1, hid="r3c6")
    for foe in (nordic, crimea):
        foe.recruits = {"upgrade": "coins"}
        foe.power = 15
        foe.stars = dict(FIVE_STARS)
    choose_bottom(state, "upgrade")
    play(state, "upgrade:bolster_power>deploy")
    assert state.game_over
    assert crimea.star_count == 6
    assert nordic.star_count == 5
    assert nordic.power == 16
