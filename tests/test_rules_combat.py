"""Combat: triggering, secret commits, reveal, winner, retreat, stars, abilities."""

from __future__ import annotations

import pytest
from rules_helpers import make_game, section_of_top

from scythe_core import apply, legal_actions
from scythe_core.engine import apply_in_place


def two_player(attacker="nordic", defender="saxony", seed=1):
    """Seat 0 (attacker) to play, whatever the mat numbers say."""
    return make_game(attacker, defender, seed=seed)


def start_move(state, section_with_move):
    apply_in_place(state, f"section:{section_with_move}")
    apply_in_place(state, "move")


def move_section(state, seat=0):
    return section_of_top(state.players[seat], "move")


def setup_attack(state, hex_from="r4c4", target="r4c3"):
    """Seat 0's character next to seat 1's character (and a seat-1 worker) on target."""
    a, d = state.players
    a.character = hex_from
    d.character = target
    d.workers[0] = target
    start_move(state, move_section(state))
    apply_in_place(state, "unit:character")
    apply_in_place(state, f"to:{target}")
    return a, d


def mech_attacks(state, target, *loads):
    """Seat 0 moves its first mech (with loads) onto target and ends the Move."""
    start_move(state, move_section(state))
    apply_in_place(state, "unit:mech:0")
    for load in loads:
        apply_in_place(state, f"load:{load}")
    apply_in_place(state, f"to:{target}")
    apply_in_place(state, "done")


def test_entering_enemy_character_stops_and_starts_combat_after_the_move():
    state = two_player()
    a, d = setup_attack(state)
    # Combat waits until the whole Move is over.
    assert state.pending["kind"] == "move"
    apply_in_place(state, "done")
    assert state.pending == {"seat": 0, "kind": "combat_commit", "hex": "r4c3"}
    # The defender keeps control until the combat is resolved.
    assert state.territory_controller("r4c3") == 1


def test_dial_is_capped_by_power_and_seven_and_one_card_per_unit():
    state = two_player()
    a, d = setup_attack(state)
    apply_in_place(state, "done")
    a.power = 9
    a.combat_cards = [2, 5, 5]
    options = legal_actions(state)
    dials = {int(o.split(":")[1]) for o in options}
    assert dials == set(range(8))
    assert all(len(o.split(":")[2].split("+")) <= 1 for o in options)
    a.power = 3
    assert max(int(o.split(":")[1]) for o in legal_actions(state)) == 3


def test_rulebook_example_tie_goes_to_attacker():
    """Attacker dials 7; defender dials 4 and adds a 3 card: 7 v 7, attacker wins.

    The attacker loses 1 popularity for the defending worker forced to retreat,
    and the defender, who revealed power, draws a combat card.
    """
    state = two_player()
    a, d = setup_attack(state)
    apply_in_place(state, "done")
    a.power, d.power = 10, 6
    d.combat_cards = [3]
    a.popularity = 5
    deck_before = len(state.combat_deck)
    apply_in_place(state, "commit:7:-")
    assert state.pending["seat"] == 1
    apply_in_place(state, "commit:4:3")
    assert a.character == "r4c3"
    assert d.character == d.home and d.workers[0] == d.home
    assert a.power == 3 and d.power == 2
    assert a.popularity == 4
    assert len(d.combat_cards) == 1 and len(state.combat_deck) == deck_before - 1
    assert 3 in state.combat_discard
    assert a.stars.get("combat") == 1
    assert state.territory_controller("r4c3") == 0


def combat_entries(state, kind="combat"):
    return [e for e in state.log if e["event"] == kind]


def test_combat_log_shows_each_sides_dial_cards_and_total():
    """The rulebook example again: 7 on the dial against 4 plus a 3 card."""
    state = two_player()
    a, d = setup_attack(state)
    apply_in_place(state, "done")
    a.power, d.power = 10, 6
    d.combat_cards = [3]
    apply_in_place(state, "commit:7:-")
    apply_in_place(state, "commit:4:3")
    [entry] = combat_entries(state)
    assert entry["dials"] == {"0": 7, "1": 4}
    assert entry["cards"] == {"0": [], "1": [3]}
    assert entry["totals"] == {"0": 7, "1": 7}
    assert entry["winner"] == 0


def test_combat_log_total_is_the_dial_plus_every_card_played():
    state = two_player(attacker="rusviet", defender="nordic")
    a, d = state.players
    a.mech_abilities, a.mechs = [2], ["r4c4"]  # People's Army: two cards with a worker
    a.workers[0] = "r4c4"
    a.combat_cards = [2, 4, 5]
    a.power = 6
    d.character, d.power, d.combat_cards = "r4c3", 7, [5]
    mech_attacks(state, "r4c3", "worker:0")
    apply_in_place(state, "commit:3:4+5")
    apply_in_place(state, "commit:7:5")
    [entry] = combat_entries(state)
    assert entry["dials"] == {"0": 3, "1": 7}
    assert entry["cards"] == {"0": [4, 5], "1": [5]}
    assert entry["totals"] == {"0": 12, "1": 12}
    for seat in ("0", "1"):
        assert entry["totals"][seat] == entry["dials"][seat] + sum(entry["cards"][seat])
    assert a.combat_cards == [2]


def test_loser_who_revealed_power_draws_a_card_logged_without_its_value():
    state = two_player()
    a, d = setup_attack(state)
    apply_in_place(state, "done")
    a.power, d.power = 5, 5
    d.combat_cards = []
    apply_in_place(state, "commit:3:-")
    apply_in_place(state, "commit:2:-")
    assert len(d.combat_cards) == 1
    entries = [e["event"] for e in state.log]
    assert entries.index("combat_card") > entries.index("combat")
    assert combat_entries(state, "combat_card") == [{"seat": 1, "event": "combat_card"}]


def test_loser_revealing_only_a_card_draws_one_too():
    state = two_player()
    a, d = setup_attack(state)
    apply_in_place(state, "done")
    a.power, d.power = 5, 0
    d.combat_cards = [2]
    apply_in_place(state, "commit:3:-")
    apply_in_place(state, "commit:0:2")
    assert len(d.combat_cards) == 1
    assert combat_entries(state, "combat_card") == [{"seat": 1, "event": "combat_card"}]


def test_no_card_line_when_the_loser_revealed_nothing_or_no_card_is_left():
    state = two_player()
    a, d = setup_attack(state)
    apply_in_place(state, "done")
    a.power, d.power = 5, 5
    apply_in_place(state, "commit:1:-")
    apply_in_place(state, "commit:0:-")
    assert combat_entries(state, "combat_card") == []
    # The loser revealed power, but the deck and its discards are empty.
    state = two_player()
    a, d = setup_attack(state)
    apply_in_place(state, "done")
    a.power, d.power = 5, 5
    d.combat_cards = []
    state.combat_deck, state.combat_discard = [], []
    apply_in_place(state, "commit:2:-")
    apply_in_place(state, "commit:1:-")
    assert d.combat_cards == []
    assert combat_entries(state, "combat_card") == []


def test_loser_keeps_no_card_when_it_revealed_nothing_and_resources_go_to_winner():
    state = two_player()
    a, d = setup_attack(state)
    state.resources["r4c3"] = {"metal": 2}
    apply_in_place(state, "done")
    a.power, d.power = 5, 5
    d.combat_cards = []
    apply_in_place(state, "commit:1:-")
    apply_in_place(state, "commit:0:-")
    assert d.combat_cards == []
    assert state.resources["r4c3"] == {"metal": 2}
    assert state.controlled_resources(0)["metal"] == 2


def test_defender_wins_with_higher_total_and_attacker_retreats():
    state = two_player()
    a, d = setup_attack(state)
    apply_in_place(state, "done")
    a.power, d.power = 5, 5
    apply_in_place(state, "commit:2:-")
    apply_in_place(state, "commit:3:-")
    assert a.character == a.home
    assert d.character == "r4c3"
    assert d.stars.get("combat") == 1
    assert len(a.combat_cards) >= 1  # the attacker revealed power and draws


def test_combat_stars_stop_at_two_except_saxony():
    for faction, expected in (("nordic", 2), ("saxony", 3)):
        state = two_player(
            attacker=faction, defender="polania" if faction == "nordic" else "nordic"
        )
        a = state.players[0]
        a.stars["combat"] = 2
        d = state.players[1]
        a.character, d.character = "r4c4", "r4c3"
        start_move(state, move_section(state))
        apply_in_place(state, "unit:character")
        apply_in_place(state, "to:r4c3")
        apply_in_place(state, "done")
        a.power, d.power = 5, 0
        apply_in_place(state, "commit:1:-")
        apply_in_place(state, "commit:0:-")
        assert a.stars["combat"] == expected


def move_into_two_combats(state):
    """Seat 0's character attacks r4c3 and its mech attacks r2c3 in one Move."""
    a, d = state.players
    a.character, d.character = "r4c4", "r4c3"
    a.mechs, a.mech_abilities = ["r3c3"], [1]
    d.mechs, d.mech_abilities = ["r2c3"], [1]
    start_move(state, move_section(state))
    for action in ("unit:character", "to:r4c3", "unit:mech:0", "to:r2c3"):
        apply_in_place(state, action)


def test_active_player_orders_several_combats():
    state = two_player()
    move_into_two_combats(state)
    assert state.pending["kind"] == "combat_order"
    assert legal_actions(state) == ["fight:r2c3", "fight:r4c3"]
    apply_in_place(state, "fight:r4c3")
    assert state.pending["hex"] == "r4c3"


def test_sixth_star_in_combat_ends_game_and_undoes_moves_into_unresolved_combats():
    state = two_player()
    a, d = state.players
    a.stars = {"upgrades": 1, "mechs": 1, "structures": 1, "recruits": 1, "workers": 1}
    move_into_two_combats(state)
    apply_in_place(state, "fight:r4c3")
    a.power, d.power = 5, 0
    apply_in_place(state, "commit:1:-")
    apply_in_place(state, "commit:0:-")
    assert state.game_over
    assert a.star_count == 6
    assert a.mechs == ["r3c3"], "the mech returns to where it came from"
    assert legal_actions(state) == []


def test_commit_is_hidden_and_cards_must_be_in_hand():
    state = two_player()
    a, d = setup_attack(state)
    apply_in_place(state, "done")
    a.combat_cards = [4]
    with pytest.raises(ValueError):
        apply(state, "commit:0:5")


def test_empty_combat_deck_reshuffles_discards_and_no_draw_when_both_empty():
    from scythe_core.rules.economy import draw_combat_cards

    state = two_player()
    p = state.players[0]
    state.combat_deck, state.combat_discard = [], [5, 4]
    draw_combat_cards(state, p, 1)
    assert len(state.combat_deck) == 1 and state.combat_discard == []
    state.combat_deck = []
    hand = list(p.combat_cards)
    draw_combat_cards(state, p, 2)
    assert p.combat_cards == hand


def test_artillery_costs_one_power_and_takes_two_from_the_opponent():
    state = two_player(attacker="nordic", defender="saxony")
    a, d = state.players
    a.mech_abilities, a.mechs = [2], ["r4c4"]  # Artillery
    a.character = "r5c3"
    d.character = "r4c3"
    a.power, d.power = 5, 5
    mech_attacks(state, "r4c3")
    assert state.pending["kind"] == "artillery"
    apply_in_place(state, "artillery:fire")
    assert (a.power, d.power) == (4, 3)
    assert state.pending["kind"] == "combat_commit" and state.pending["seat"] == 0


def test_disarm_on_a_tunnel_territory_only():
    state = two_player(attacker="saxony", defender="nordic")
    a, d = state.players
    a.mech_abilities, a.mechs = [2], ["r3c3"]  # Disarm
    d.character = "r2c3"  # a tunnel
    d.power = 5
    mech_attacks(state, "r2c3")
    assert d.power == 3


def test_scout_steals_one_random_card_before_combat():
    state = two_player(attacker="crimea", defender="nordic")
    a, d = state.players
    a.mech_abilities, a.mechs = [2], ["r4c4"]  # Scout
    a.combat_cards = []
    d.character, d.combat_cards = "r4c3", [5, 2]
    mech_attacks(state, "r4c3")
    assert len(a.combat_cards) == 1 and len(d.combat_cards) == 1
    assert sorted(a.combat_cards + d.combat_cards) == [2, 5]


def test_peoples_army_adds_a_card_when_a_worker_is_in_the_fight():
    state = two_player(attacker="rusviet", defender="nordic")
    a, d = state.players
    a.mech_abilities, a.mechs = [2], ["r4c4"]  # People's Army
    a.workers[0] = "r4c4"
    a.combat_cards = [2, 3, 4]
    d.character = "r4c3"
    mech_attacks(state, "r4c3", "worker:0")
    assert max(len(o.split(":")[2].split("+")) for o in legal_actions(state)) == 2


def test_camaraderie_keeps_popularity_when_workers_retreat():
    state = two_player(attacker="polania", defender="nordic")
    a, d = setup_attack(state)
    a.mech_abilities = [2]  # Camaraderie
    apply_in_place(state, "done")
    a.power, a.popularity, d.power = 5, 5, 0
    apply_in_place(state, "commit:1:-")
    apply_in_place(state, "commit:0:-")
    assert a.popularity == 5


def test_seaworthy_loser_may_retreat_onto_an_adjacent_lake():
    state = two_player(attacker="saxony", defender="nordic")
    a, d = state.players
    d.mech_abilities, d.mechs = [1], ["r4c4"]  # Seaworthy
    d.character = d.home
    a.character = "r4c3"
    start_move(state, move_section(state))
    apply_in_place(state, "unit:character")
    apply_in_place(state, "to:r4c4")
    apply_in_place(state, "done")
    a.power, d.power = 5, 0
    apply_in_place(state, "commit:2:-")
    apply_in_place(state, "commit:0:-")
    assert state.pending["kind"] == "retreat" and state.pending["seat"] == 1
    assert "retreat:r3c4" in legal_actions(state) and "retreat:home" in legal_actions(state)
    apply_in_place(state, "retreat:r5c4")
    assert d.mechs == ["r5c4"]


def test_sixth_star_from_an_objective_before_a_combat_undoes_the_move_into_it():
    state = two_player()
    a, d = state.players
    a.stars = {"upgrades": 1, "mechs": 1, "structures": 1, "recruits": 1, "workers": 1}
    a.objectives = [12]  # 20 coins
    a.character, d.character = "r4c4", "r4c3"
    start_move(state, move_section(state))
    apply_in_place(state, "unit:character")
    apply_in_place(state, "to:r4c3")
    apply_in_place(state, "done")
    assert state.pending["kind"] == "combat_commit"
    a.coins = 20
    assert "objective:12" in legal_actions(state)
    apply_in_place(state, "objective:12")
    assert state.game_over and a.star_count == 6
    assert a.character == "r4c4", "the character goes back to where it came from"
    assert d.character == "r4c3"


def test_seaworthy_retreat_onto_a_lake_takes_workers_only_with_a_mech():
    """Seaworthy: "if a mech transports workers onto a lake (during a Move action or
    when retreating)" - only a mech carries workers onto a lake. A character
    retreating onto a lake without a mech leaves its workers to go home."""
    state = two_player(attacker="saxony", defender="nordic")
    a, d = state.players
    d.mech_abilities, d.mechs = [1], [d.home]  # Seaworthy, the mech away at home
    d.character = "r4c4"
    d.workers[0] = "r4c4"
    a.character = "r4c3"
    start_move(state, move_section(state))
    apply_in_place(state, "unit:character")
    apply_in_place(state, "to:r4c4")
    apply_in_place(state, "done")
    a.power, d.power = 5, 0
    apply_in_place(state, "commit:2:-")
    apply_in_place(state, "commit:0:-")
    apply_in_place(state, "retreat:r5c4")
    assert d.character == "r5c4"
    assert d.workers[0] == d.home, "no worker is left alone on a lake"


def test_seaworthy_retreat_onto_a_lake_carries_workers_with_a_mech():
    state = two_player(attacker="saxony", defender="nordic")
    a, d = state.players
    d.mech_abilities, d.mechs = [1], ["r4c4"]  # Seaworthy
    d.character = d.home
    d.workers[0] = "r4c4"
    a.character = "r4c3"
    start_move(state, move_section(state))
    apply_in_place(state, "unit:character")
    apply_in_place(state, "to:r4c4")
    apply_in_place(state, "done")
    a.power, d.power = 5, 0
    apply_in_place(state, "commit:2:-")
    apply_in_place(state, "commit:0:-")
    apply_in_place(state, "retreat:r5c4")
    assert d.mechs == ["r5c4"] and d.workers[0] == "r5c4"


def test_disarm_works_on_saxonys_own_mine_too():
    """The Mine "acts as a tunnel that only you can use"; Disarm works before combat
    "in a tunnel or your mine" (the English guide). Another player's Mine is no
    tunnel for Saxony."""
    state = two_player(attacker="saxony", defender="nordic")
    a, d = state.players
    a.mech_abilities, a.mechs = [2], ["r4c4"]  # Disarm
    a.structures = {"mine": "r4c3"}  # the Factory hex, no tunnel
    d.character = "r4c3"
    d.power = 5
    mech_attacks(state, "r4c3")
    assert d.power == 3


def test_disarm_does_not_work_on_the_opponents_mine():
    state = two_player(attacker="saxony", defender="nordic")
    a, d = state.players
    a.mech_abilities, a.mechs = [2], ["r4c4"]  # Disarm
    d.structures = {"mine": "r4c3"}
    d.character = "r4c3"
    d.power = 5
    mech_attacks(state, "r4c3")
    assert d.power == 5


def test_rulebook_example_peoples_army_two_mechs_and_three_workers_play_three_cards():
    """People's Army: "with 2 mechs and 3 workers in a combat you may play up to 3
    combat cards (1 for each mech and 1 for having at least 1 worker)"."""
    state = two_player(attacker="rusviet", defender="nordic")
    a, d = state.players
    a.mech_abilities, a.mechs = [2, 3], ["r4c4", "r4c4"]  # People's Army, Speed
    a.workers[:3] = ["r4c4"] * 3
    a.combat_cards = [2, 3, 4, 5]
    d.character = "r4c3"
    start_move(state, move_section(state))
    for mech in ("mech:0", "mech:1"):
        apply_in_place(state, f"unit:{mech}")
        if mech == "mech:0":
            for _ in range(3):
                apply_in_place(state, next(act for act in legal_actions(state) if "worker" in act))
        apply_in_place(state, "to:r4c3")
    assert state.pending["kind"] == "combat_commit"
    assert max(len(o.split(":")[2].split("+")) for o in legal_actions(state)) == 3


def test_defender_who_wins_loses_no_popularity_for_the_attackers_workers():
    """Quick reference: attacked by a mech carrying workers, the defender who wins
    loses no popularity for those workers' retreat."""
    state = two_player(attacker="rusviet", defender="nordic")
    a, d = state.players
    a.mechs = ["r4c4"]
    a.workers[0] = "r4c4"
    d.character = "r4c3"
    mech_attacks(state, "r4c3", "worker:0")
    a.power, d.power, d.popularity = 5, 5, 6
    apply_in_place(state, "commit:1:-")
    apply_in_place(state, "commit:2:-")
    assert a.mechs == [a.home] and a.workers[0] == a.home
    assert d.popularity == 6


def test_rulebook_lake_battle_attacker_loses_popularity_for_workers_on_the_mech():
    """Combat on a lake: "if a mech carrying workers is attacked on a lake and the
    attacker wins, the attacker loses 1 popularity for each of those workers (they
    retreat with their mechs to the home base)"."""
    state = two_player(attacker="polania", defender="nordic")
    a, d = state.players
    a.mech_abilities, a.mechs = [1], ["r4c3"]  # Submerge
    d.mech_abilities, d.mechs = [1], ["r3c4"]  # Seaworthy
    d.workers[:2] = ["r3c4", "r3c4"]
    a.popularity = 5
    mech_attacks(state, "r3c4")
    a.power, d.power = 3, 0
    apply_in_place(state, "commit:1:-")
    apply_in_place(state, "commit:0:-")
    assert a.popularity == 3
    assert d.mechs == [d.home] and d.workers[:2] == [d.home, d.home]
    assert a.mechs == ["r3c4"] and a.stars.get("combat") == 1


def test_the_attacker_uses_its_combat_ability_before_the_defender():
    """ "If the attacker has a mech ability that affects combat, they use it first,
    followed by the defender": Nordic's Artillery is decided before Crimea's Scout
    steals, and the stolen card may be the one Artillery's owner still holds."""
    state = two_player(attacker="nordic", defender="crimea")
    a, d = state.players
    a.mech_abilities, a.mechs = [2], ["r4c4"]  # Artillery
    d.mech_abilities, d.mechs = [2], ["r4c3"]  # Scout
    d.character = d.home
    a.combat_cards, d.combat_cards = [4], []
    a.power, d.power = 3, 4
    mech_attacks(state, "r4c3")
    assert state.pending == {"seat": 0, "kind": "artillery", "hex": "r4c3"}
    assert a.combat_cards == [4] and d.combat_cards == [], "Scout waits its turn"
    apply_in_place(state, "artillery:fire")
    assert (a.power, d.power) == (2, 2)
    assert a.combat_cards == [] and d.combat_cards == [4]
    assert state.pending["kind"] == "combat_commit"


def test_artillery_is_not_offered_without_power_to_pay_for_it():
    state = two_player(attacker="nordic", defender="saxony")
    a, d = state.players
    a.mech_abilities, a.mechs = [2], ["r4c4"]  # Artillery
    d.character = "r4c3"
    a.power = 0
    mech_attacks(state, "r4c3")
    assert state.pending["kind"] == "combat_commit"


def sixth_star_ready(state):
    a = state.players[0]
    a.stars = {"upgrades": 1, "mechs": 1, "structures": 1, "recruits": 1, "workers": 1}
    a.objectives = [12]  # 20 coins
    a.coins = 20


def test_sixth_star_in_the_middle_of_the_move_undoes_the_step_into_an_enemy_character():
    """ "You may reveal an objective at any moment during your turn"; when the 6th star
    ends the game before a combat could start, the unit goes back where it came from."""
    state = two_player()
    a, d = state.players
    sixth_star_ready(state)
    a.character, d.character = "r4c4", "r4c3"
    start_move(state, move_section(state))
    apply_in_place(state, "unit:character")
    apply_in_place(state, "to:r4c3")
    assert state.pending["kind"] == "move"
    apply_in_place(state, "objective:12")
    assert state.game_over
    assert a.character == "r4c4" and d.character == "r4c3"


def test_sixth_star_before_workers_are_driven_out_undoes_the_step_onto_them():
    """The English summary: units left "on a territory with an opponent's units (from
    a Move action)" when the game ends go back; the workers stay where they are."""
    state = two_player()
    a, d = state.players
    sixth_star_ready(state)
    a.character, d.character = "r4c4", d.home
    d.workers[0] = "r4c3"
    start_move(state, move_section(state))
    apply_in_place(state, "unit:character")
    apply_in_place(state, "to:r4c3")
    apply_in_place(state, "objective:12")
    assert state.game_over
    assert a.character == "r4c4" and d.workers[0] == "r4c3"
    assert state.territory_controller("r4c3") == 1
