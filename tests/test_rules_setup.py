"""Setup: factions and mats, start tracks and cards, pieces, decks, turn order, seating."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from scythe_core import SetupError, check_setup, legal_actions, new_game
from scythe_core.data.board import ENCOUNTER_SPOTS, TERRAIN
from scythe_core.data.cards import PROMO_OPTIONS
from scythe_core.data.components import (
    BANNED_PAIRS,
    COMBAT_DECK,
    FACTIONS,
    FACTORY_CARDS,
    MATS,
    SEATING_ORDER,
    STRUCTURE_BONUS_TILES,
)
from scythe_core.data.options import FLAG, GAME_OPTIONS

FIVE = ["nordic", "rusviet", "crimea", "saxony", "polania"]


def seats(n: int) -> list[dict]:
    return [{} for _ in range(n)]


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1, 2, 99])
def test_each_seat_is_dealt_a_distinct_faction_and_mat(n, seed):
    state = new_game({"seed": seed, "seats": seats(n)})
    factions = [p.faction for p in state.players]
    mats = [p.mat for p in state.players]
    assert len(set(factions)) == n and set(factions) <= set(FACTIONS)
    assert len(set(mats)) == n and set(mats) <= set(MATS)


@pytest.mark.parametrize("n", [0, 6])
def test_a_game_has_one_to_five_seats(n):
    with pytest.raises(SetupError):
        new_game({"seed": 1, "seats": seats(n)})


def test_chosen_factions_and_mats_are_kept():
    state = new_game(
        {
            "seed": 5,
            "seats": [
                {"faction": "polania", "mat": "agricultural"},
                {"faction": "crimea"},
                {"mat": "industrial"},
            ],
        }
    )
    a, b, c = state.players
    assert (a.faction, a.mat) == ("polania", "agricultural")
    assert b.faction == "crimea"
    assert c.mat == "industrial"


def test_two_seats_may_not_choose_the_same_faction_or_mat():
    with pytest.raises(SetupError):
        new_game({"seed": 1, "seats": [{"faction": "nordic"}, {"faction": "nordic"}]})
    with pytest.raises(SetupError):
        new_game({"seed": 1, "seats": [{"mat": "patriotic"}, {"mat": "patriotic"}]})


@pytest.mark.parametrize("faction, mat", sorted(BANNED_PAIRS))
def test_choosing_a_banned_pair_is_refused(faction, mat):
    with pytest.raises(SetupError):
        new_game({"seed": 1, "seats": [{"faction": faction, "mat": mat}, {}]})


def test_the_banned_pairs_are_rusviet_industrial_and_crimea_patriotic():
    assert {("rusviet", "industrial"), ("crimea", "patriotic")} == BANNED_PAIRS


@pytest.mark.parametrize("seed", range(60))
def test_banned_pairs_are_never_dealt_to_five_seats(seed):
    state = new_game({"seed": seed, "seats": seats(5)})
    assert not any((p.faction, p.mat) in BANNED_PAIRS for p in state.players)


@pytest.mark.parametrize("seed", range(40))
def test_banned_pairs_are_redealt_when_the_mat_is_chosen_and_the_faction_dealt(seed):
    # The dealt faction must be re-dealt too, not only the mats: the seat that chose
    # Industrial must never be dealt Rusviet, nor the Patriotic seat Crimea.
    state = new_game({"seed": seed, "seats": [{"mat": "industrial"}, {"mat": "patriotic"}]})
    assert not any((p.faction, p.mat) in BANNED_PAIRS for p in state.players)


@pytest.mark.parametrize("seed", range(20))
def test_banned_pairs_are_redealt_when_the_faction_is_chosen_and_the_mat_dealt(seed):
    state = new_game({"seed": seed, "seats": [{"faction": "rusviet"}, {"faction": "crimea"}]})
    assert not any((p.faction, p.mat) in BANNED_PAIRS for p in state.players)


@pytest.mark.parametrize(
    "faction, power, cards",
    [("nordic", 4, 1), ("rusviet", 3, 2), ("polania", 2, 3), ("crimea", 5, 0), ("saxony", 1, 4)],
)
def test_start_power_and_combat_cards_come_from_the_faction_mat(faction, power, cards):
    mat = "agricultural" if faction != "nordic" else "mechanical"
    state = new_game({"seed": 3, "seats": [{"faction": faction, "mat": mat}]})
    p = state.players[0]
    assert p.power == power
    assert len(p.combat_cards) == cards
    assert all(c in COMBAT_DECK for c in p.combat_cards)


@pytest.mark.parametrize(
    "mat, popularity, coins",
    [
        ("industrial", 2, 4),
        ("engineering", 2, 5),
        ("patriotic", 2, 6),
        ("mechanical", 3, 6),
        ("agricultural", 4, 7),
    ],
)
def test_start_popularity_and_coins_come_from_the_player_mat(mat, popularity, coins):
    state = new_game({"seed": 3, "seats": [{"faction": "saxony", "mat": mat}]})
    p = state.players[0]
    assert (p.popularity, p.coins) == (popularity, coins)


def test_combat_cards_are_dealt_from_the_42_card_deck():
    state = new_game({"seed": 8, "seats": [{"faction": f} for f in FIVE]})
    dealt = [c for p in state.players for c in p.combat_cards]
    everything = sorted(dealt + state.combat_deck + state.combat_discard)
    expected = sorted(v for v, n in COMBAT_DECK.items() for _ in range(n))
    assert len(expected) == 42
    assert everything == expected
    assert len(dealt) == 1 + 2 + 0 + 4 + 3


@pytest.mark.parametrize("n", [1, 2, 5])
def test_each_player_draws_two_objective_cards(n):
    state = new_game({"seed": 4, "seats": seats(n)})
    drawn = [o for p in state.players for o in p.objectives]
    assert all(len(p.objectives) == 2 for p in state.players)
    assert len(set(drawn)) == 2 * n
    assert not set(drawn) & set(state.objective_deck)
    assert len(drawn) + len(state.objective_deck) == 23


@pytest.mark.parametrize("faction", FIVE)
def test_character_starts_on_its_home_base(faction):
    state = new_game({"seed": 1, "seats": [{"faction": faction, "mat": "agricultural"}]})
    p = state.players[0]
    assert p.character == f"HB-{faction}"
    assert TERRAIN[p.character] == "home"
    assert p.mechs == [] and p.structures == {} and p.recruits == {}


@pytest.mark.parametrize(
    "faction, start",
    [
        ("nordic", ["r1c4", "r1c5"]),
        ("polania", ["r3c1", "r4c0"]),  # not the lake r2c0
        ("rusviet", ["r3c6", "r4c6"]),  # not r2c6 across the river
        ("saxony", ["r6c0", "r7c1"]),
        ("crimea", ["r7c3", "r8c3"]),  # not the lake r7c2
    ],
)
def test_one_worker_on_each_land_connected_home_neighbour(faction, start):
    state = new_game({"seed": 1, "seats": [{"faction": faction, "mat": "agricultural"}]})
    p = state.players[0]
    assert sorted(w for w in p.workers if w) == start
    assert p.workers.count(None) == 6
    assert len(p.workers) == 8


def test_no_resources_on_the_board_and_no_stars_at_the_start():
    state = new_game({"seed": 1, "seats": seats(5)})
    assert state.resources == {}
    assert all(p.star_count == 0 for p in state.players)


@pytest.mark.parametrize("n", [1, 2, 3, 4, 5])
def test_players_plus_one_factory_cards_are_set_aside(n):
    state = new_game({"seed": 6, "seats": seats(n)})
    assert len(state.factory_deck) == n + 1
    assert len(set(state.factory_deck)) == n + 1
    assert set(state.factory_deck) <= set(FACTORY_CARDS)


def test_one_structure_bonus_tile_is_drawn_at_random():
    tiles = {new_game({"seed": s, "seats": seats(2)}).structure_bonus for s in range(40)}
    assert tiles <= set(STRUCTURE_BONUS_TILES)
    assert len(tiles) > 1


def test_an_encounter_token_on_each_of_the_eleven_encounter_spots():
    state = new_game({"seed": 1, "seats": seats(2)})
    assert len(state.encounter_tokens) == 11
    assert set(state.encounter_tokens) == set(ENCOUNTER_SPOTS)
    assert set(ENCOUNTER_SPOTS) == {
        "r1c3",
        "r2c1",
        "r2c4",
        "r2c6",
        "r4c1",
        "r4c5",
        "r5c0",
        "r6c1",
        "r6c2",
        "r6c5",
        "r7c4",
    }


def test_clockwise_seating_is_nordic_rusviet_crimea_saxony_polania():
    assert SEATING_ORDER == ("nordic", "rusviet", "crimea", "saxony", "polania")
    config_order = ["polania", "saxony", "nordic", "crimea", "rusviet"]
    state = new_game({"seed": 1, "seats": [{"faction": f} for f in config_order]})
    assert [state.players[s].faction for s in state.clockwise] == [
        "nordic",
        "rusviet",
        "crimea",
        "saxony",
        "polania",
    ]


def test_lowest_mat_number_starts_then_play_goes_clockwise():
    state = new_game(
        {
            "seed": 1,
            "seats": [
                {"faction": "nordic", "mat": "agricultural"},  # 5
                {"faction": "saxony", "mat": "engineering"},  # 2
                {"faction": "crimea", "mat": "mechanical"},  # 4
                {"faction": "polania", "mat": "patriotic"},  # 3
            ],
        }
    )
    names = [state.players[s].faction for s in state.turn_order]
    # Saxony (mat 2) starts; clockwise from Saxony: Polania, Nordic, Crimea.
    assert names == ["saxony", "polania", "nordic", "crimea"]
    assert state.pending == {"seat": 1, "kind": "section"}
    assert legal_actions(state) == ["section:0", "section:1", "section:2", "section:3"]


@pytest.mark.parametrize("seed", range(10))
def test_turn_order_always_starts_with_the_lowest_mat(seed):
    state = new_game({"seed": seed, "seats": seats(3)})
    first = state.players[state.turn_order[0]]
    assert MATS[first.mat]["number"] == min(MATS[p.mat]["number"] for p in state.players)
    start = state.clockwise.index(state.turn_order[0])
    assert state.turn_order == state.clockwise[start:] + state.clockwise[:start]


def test_the_same_seed_sets_up_the_same_game():
    config = {"seed": 1234, "seats": seats(4)}
    a, b = new_game(config), new_game(config)
    from scythe_core.model.state import state_to_dict

    assert state_to_dict(a) == state_to_dict(b)


def test_different_seeds_shuffle_differently():
    decks = {tuple(new_game({"seed": s, "seats": seats(2)}).combat_deck) for s in range(5)}
    assert len(decks) == 5


# --- the config is checked before anything is set up (issue 13) -------------------


@pytest.mark.parametrize(
    "config, words, newer",
    [
        ({"seed": 1, "seats": seats(2), "variant": "x"}, "unknown setting 'variant'", True),
        ({"seed": 1, "seats": [{"name": "Ann"}, {}]}, "unknown seat setting 'name'", True),
        ({"seed": 1, "seats": [{"faction": "albion"}, {}]}, "unknown faction 'albion'", True),
        ({"seed": 1, "seats": [{"mat": "militant"}, {}]}, "unknown player mat", True),
        ({"seed": 1, "seats": [{"controller": "ai"}, {}]}, "unknown controller", True),
        ({"seed": 1, "seats": [{"controller": "automa", "level": "x"}]}, "Automa level", True),
        ({"seed": 1, "seats": [{"controller": "bot", "level": "x"}]}, "bot level", True),
        ({"seed": 1, "seats": [{"controller": "automa", "level": "hard"}]}, "Automa level", True),
        ({"seed": 1, "seats": [{}], "options": {"airships": True}}, "game option", True),
        ({"seed": 1, "seats": [{"faction": ["nordic"]}, {}]}, "must be a name", False),
        ({"seed": 1, "seats": [{"controller": None}, {}]}, "must be a name", False),
        ({"seed": 1, "seats": [{"level": 3}, {}]}, "must be a name", False),
        ({"seed": 1, "seats": [{}], "options": {"automa_coins": 2.0}}, "whole number", False),
        ({"seed": 1, "seats": [{}], "options": {"promo_factory": 1}}, "true or false", False),
        ({"seed": 1, "seats": [{}], "options": "promo"}, "must be an object", False),
        ({"seed": 2**64, "seats": seats(2)}, "64 bits", False),
        ({"seed": False, "seats": seats(2)}, "seed must be an integer", False),
        ({"seed": 1, "seats": {"0": {}}}, "1 to 5 seats", False),
        ({"seed": 1, "seats": [[], {}]}, "each seat must be an object", False),
        ("seed=1", "config must be an object", False),
    ],
)
def test_a_bad_config_names_what_is_wrong_and_whether_it_may_be_newer(config, words, newer):
    with pytest.raises(SetupError, match=words) as err:
        new_game(config)
    assert err.value.newer is newer
    with pytest.raises(SetupError, match=words):
        check_setup(config)


def test_the_page_and_the_tests_configs_pass_the_check():
    """What the new-game form sends (render_screens.setup_config) and every option."""
    page = {"seed": 2**64 - 1, "seats": [{"controller": "human", "faction": "crimea"}]}
    page["seats"].append({"controller": "automa", "level": "ultimaszyna"})
    page["seats"].append({"controller": "bot", "mat": "agricultural"})
    assert check_setup(page) == page["seats"]
    options = {name: True if kind == FLAG else kind[0] for name, kind in GAME_OPTIONS.items()}
    state = new_game({**page, "options": options, "seed": -(2**63)})
    assert state.options == options and state.setup["options"] == options
    assert new_game({"seats": seats(1), "options": None}).setup["options"] == {}


def test_every_option_the_engine_reads_is_known():
    """Every ``game_option(state, name)`` and promo flag of the engine is in GAME_OPTIONS."""
    package = Path(__file__).resolve().parents[1] / "scythe_core"
    read = set()
    for path in package.rglob("*.py"):
        read |= set(re.findall(r"game_option\(\s*state,\s*f?\"([a-z_{}]+)\"", path.read_text()))
    read = {name.replace("{what}", what) for name in read for what in ("coins", "power")}
    assert len(read) == 6 and read <= set(GAME_OPTIONS)
    assert set(PROMO_OPTIONS.values()) <= set(GAME_OPTIONS)
