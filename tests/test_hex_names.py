"""Hex coordinates: every hex a player can name has one, distinct and printed on the edges."""

from __future__ import annotations

import doctest

from scythe_core.data.board import board_summary, is_home_base
from scythe_core.io import hex_names
from scythe_core.io.hex_names import column_numbers, hex_coordinate, row_letters


def test_doctests():
    assert doctest.testmod(hex_names).failed == 0


def test_every_board_hex_has_its_own_coordinate_from_the_edges():
    hexes = [h for h in board_summary()["hexes"] if not is_home_base(h["id"])]
    names = [hex_coordinate(h["id"]) for h in hexes]
    assert len(set(names)) == len(hexes) == 47
    for name in names:
        assert name[0] in row_letters() and int(name[1:]) in column_numbers()


def test_factory_and_home_bases():
    assert hex_coordinate("r4c3") == "E4"  # the Factory: the middle row, the middle column
    assert all(
        hex_coordinate(h["id"]) is None for h in board_summary()["hexes"] if is_home_base(h["id"])
    )
