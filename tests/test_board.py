"""The board as data: counts and adjacencies pinned from the component data sheet."""

from collections import Counter

from scythe_core.data import board
from scythe_core.data.hexes import Hex


def test_board_has_47_hexes_with_terrain_counts():
    counts = Counter(board.TERRAIN[h] for h in board.BOARD_HEXES)
    assert len(board.BOARD_HEXES) == 47
    assert counts == {
        "mountain": 8,
        "farm": 7,
        "village": 9,
        "forest": 7,
        "tundra": 8,
        "lake": 7,
        "factory": 1,
    }


def test_seven_lakes_listed():
    assert sorted(board.LAKES) == sorted(["r2c0", "r2c2", "r3c4", "r4c2", "r5c4", "r5c6", "r7c2"])


def test_six_tunnels():
    assert sorted(board.TUNNELS) == ["r2c3", "r3c2", "r3c5", "r5c2", "r5c5", "r6c3"]


def test_eleven_encounter_spots():
    assert sorted(board.ENCOUNTER_SPOTS) == sorted(
        ["r1c3", "r2c1", "r2c4", "r2c6", "r4c1", "r4c5", "r5c0", "r6c1", "r6c2", "r6c5", "r7c4"]
    )


def test_factory_is_the_centre():
    assert board.FACTORY == "r4c3"
    assert board.TERRAIN["r4c3"] == "factory"


def test_32_river_edges_all_between_neighbours():
    assert len(board.RIVER_EDGES) == 32
    for edge in board.RIVER_EDGES:
        a, b = sorted(edge)
        assert b in board.ADJACENT[a] and a in board.ADJACENT[b]


def test_rivers_are_symmetric():
    assert board.is_river_between("r1c3", "r1c4")
    assert board.is_river_between("r1c4", "r1c3")
    assert not board.is_river_between("r1c2", "r1c3")


def test_home_base_land_neighbours():
    expected = {
        "nordic": ["r1c4", "r1c5"],
        "rusviet": ["r3c6", "r4c6"],
        "polania": ["r3c1", "r4c0"],
        "saxony": ["r6c0", "r7c1"],
        "crimea": ["r7c3", "r8c3"],
        "albion": ["r1c1", "r1c2"],
        "togawa": ["r6c6", "r7c6"],
    }
    for faction, hexes in expected.items():
        assert sorted(board.land_neighbours(board.home_base_id(faction))) == hexes


def test_rusviet_home_touches_r2c6_only_across_a_river():
    home = board.home_base_id("rusviet")
    assert "r2c6" in board.ADJACENT[home]
    assert board.is_river_between(home, "r2c6")


def test_polania_and_crimea_homes_touch_a_lake():
    assert "r2c0" in board.ADJACENT["HB-polania"]
    assert "r7c2" in board.ADJACENT["HB-crimea"]


def test_sample_adjacencies_from_the_data_sheet():
    # r3c3 forest: NW r2c2 lake, NE r2c3, W r3c2, E r3c4 lake, SW r4c2 lake, SE r4c3.
    assert board.ADJACENT["r3c3"] == ("r2c2", "r2c3", "r3c2", "r3c4", "r4c2", "r4c3")
    assert board.land_neighbours("r3c3") == ("r2c3", "r3c2", "r4c3")
    # r6c1 village: land W r6c0, SW r7c1; rivers NW r5c1, NE r5c2, E r6c2; SE lake r7c2.
    assert board.land_neighbours("r6c1") == ("r6c0", "r7c1")
    # r5c0 forest has a single land neighbour.
    assert board.land_neighbours("r5c0") == ("r5c1",)


def test_only_three_land_territories_touch_the_factory():
    assert sorted(board.land_neighbours(board.FACTORY)) == ["r3c3", "r4c4", "r5c3"]


def test_home_bases_are_not_territories():
    assert len(board.HOME_BASES) == 7
    assert not set(board.HOME_BASES) & set(board.TERRITORIES)
    assert len(board.TERRITORIES) == 40


def test_hex_offset_round_trip_and_distance():
    for h in board.BOARD_HEXES:
        row, col = board.POSITIONS[h]
        assert Hex.from_offset(row, col).to_offset() == (row, col)
    assert board.hex_distance("HB-nordic", "r8c3") == 8
    assert board.hex_distance("r4c3", "r3c3") == 1


def test_board_summary_lists_every_hex_and_river():
    summary = board.board_summary()
    assert len(summary["hexes"]) == 54
    assert len(summary["rivers"]) == 32
    assert sum(h["tunnel"] for h in summary["hexes"]) == 6
    assert sum(h["encounter"] for h in summary["hexes"]) == 11
