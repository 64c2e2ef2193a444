"""The room a seat's units can walk to before a mech takes them across rivers
(``scythe_core.bots.room``), and the projection that spreads units only that far."""

from __future__ import annotations

from scythe_core import new_game
from scythe_core.bots.economy import RESOURCES, Economy
from scythe_core.bots.projection import snapshot
from scythe_core.bots.room import ROOM_MAX, territory_room
from scythe_core.data.components import FACTIONS

SEATS = [{"controller": "bot", "level": "hard"}, {"controller": "automa", "level": "automa"}]


def game_of(faction: str):
    for seed in range(1, 200):
        state = new_game({"seed": seed, "seats": SEATS})
        if state.players[0].faction == faction:
            return state
    raise AssertionError(faction)


def test_polania_starts_in_a_pocket_of_three_territories_closed_by_rivers():
    state = game_of("polania")
    polania = state.players[0]
    assert sorted(h for h in polania.workers if h) == ["r3c1", "r4c0"]
    # The village r4c1 is the pocket's one free territory; the rest lies across rivers.
    assert territory_room(state, polania, state.control_map()) == 1
    polania.workers[2] = "r4c1"
    assert territory_room(state, polania, state.control_map()) == 0
    polania.mechs = ["r4c1"]
    polania.mech_abilities = [FACTIONS["polania"]["mechs"].index("speed")]
    assert territory_room(state, polania, state.control_map()) == 0  # Speed crosses no river
    polania.mech_abilities = [FACTIONS["polania"]["mechs"].index("riverwalk")]
    assert territory_room(state, polania, state.control_map()) == ROOM_MAX


def test_a_territory_another_seat_holds_closes_the_way_through_it():
    state = game_of("polania")
    polania, automa = state.players
    automa.mechs = ["r4c1"]  # the pocket's free territory, taken
    assert territory_room(state, polania, state.control_map()) == 0


def test_nordic_workers_swim_across_rivers():
    state = game_of("nordic")
    nordic = state.players[0]
    assert territory_room(state, nordic, state.control_map()) >= 6


def test_the_projection_spreads_units_only_into_the_room_there_is():
    state = game_of("polania")
    polania = state.players[0]
    polania.workers[2:5] = ["r4c0", "r4c0", "r4c0"]  # three more workers to spread
    stock = dict.fromkeys(RESOURCES, 0)
    closed = Economy(snapshot(polania, stock, 2, room=0))
    open_ = Economy(snapshot(polania, stock, 2, room=ROOM_MAX))
    assert closed.spread() == 0 < open_.spread()
    one = Economy(snapshot(polania, stock, 2, room=1))
    assert one.spread() == 1
    one.play_top("move")
    assert one.territory_count == 3 and one.spread() == 0
    # A mech takes Riverwalk first: after a deploy the rivers close nothing.
    metal = RESOURCES.index("metal")
    closed.res[metal] = closed.sections[metal][2]
    closed.play_bottom(metal)
    assert closed.spread() > 0
