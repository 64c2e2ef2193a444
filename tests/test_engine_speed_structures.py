"""The structures that keep a decision cheap late in a game: the history and log that
copies share (AppendOnlyList), and the facts remembered with a position."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from scythe_core import apply, legal_actions, new_game
from scythe_core.data.board import TERRAIN
from scythe_core.engine import apply_in_place
from scythe_core.model import rng as prng
from scythe_core.model.append_only import BLOCK, AppendOnlyList
from scythe_core.model.state import state_from_dict, state_to_dict
from scythe_core.rules.movement import legal_steps, step_destinations

TWO_SEATS = {"seed": 8, "seats": [{}, {}]}
WITH_AUTOMA = {"seed": 8, "seats": [{}, {"controller": "automa", "level": "automa"}]}


@pytest.mark.parametrize("size", [0, 1, BLOCK - 1, BLOCK, BLOCK + 1, 3 * BLOCK + 5])
def test_an_append_only_list_reads_like_the_list_it_holds(size):
    items = [f"a{i}" for i in range(size)]
    grown = AppendOnlyList()
    for item in items:
        grown.append(item)
    for seq in (AppendOnlyList(items), grown):
        assert len(seq) == size and list(seq) == items and seq == items and items == seq
        assert seq.to_list() == items and seq == AppendOnlyList(items)
        for i in range(-size, size):
            assert seq[i] == items[i]
        for start, stop in [(0, size), (1, size - 1), (size // 2, None), (-3, None), (5, 2)]:
            assert seq[start:stop] == items[start:stop]
        assert seq[::2] == items[::2]
        with pytest.raises(IndexError):
            seq[size]
        with pytest.raises(IndexError):
            seq[-size - 1]
        assert copy.deepcopy(seq) == items and pickle.loads(pickle.dumps(seq)) == items
    assert AppendOnlyList(items) != [*items, "x"] and AppendOnlyList(items) != tuple(items)


def test_copies_share_full_blocks_and_never_see_each_others_appends():
    original = AppendOnlyList(range(2 * BLOCK + 3))
    mine = original.copy()
    assert mine._blocks is original._blocks, "the full blocks are shared, not copied"
    for i in range(BLOCK):
        mine.append(-i)
    original.append("x")
    assert list(original) == [*range(2 * BLOCK + 3), "x"]
    assert list(mine) == [*range(2 * BLOCK + 3), *(-i for i in range(BLOCK))]


def played(decisions: int, config: dict = TWO_SEATS):
    state = new_game(config)
    chooser = prng.seed_state(3)
    for _ in range(decisions):
        options = legal_actions(state)
        if not options:
            break
        chooser, pick = prng.randbelow(chooser, len(options))
        apply_in_place(state, options[pick])
    return state


def test_apply_leaves_the_old_state_as_it_was_and_shares_only_frozen_history():
    state = played(700)
    assert legal_actions(state)
    before = json.dumps(state_to_dict(state), sort_keys=True)
    history, log = list(state.history), list(state.log)
    for action in legal_actions(state):
        after = apply(state, action)
        assert list(after.history) == [*history, action]
        assert after.history._blocks is state.history._blocks and len(state.history._blocks) == 5
        assert after.history._tail is not state.history._tail
        assert after.log._tail is not state.log._tail
    assert json.dumps(state_to_dict(state), sort_keys=True) == before
    assert list(state.history) == history and list(state.log) == log


def test_a_state_serialises_to_plain_lists_and_back():
    state = played(120, WITH_AUTOMA)
    assert len(state.log) > BLOCK
    data = state_to_dict(state)
    assert type(data["history"]) is list and type(data["log"]) is list
    assert data["history"] == list(state.history) and data["log"] == list(state.log)
    again = state_from_dict(json.loads(json.dumps(data)))
    assert isinstance(again.history, AppendOnlyList) and again == state
    data["log"][0]["changed"] = True
    assert "changed" not in state.log[0], "the dict is a deep copy"


def test_control_follows_pieces_moved_by_hand_after_it_was_asked():
    """Control is remembered with the position: changing the state directly (as tests and
    set positions do) is seen at once, however the change was made."""
    state = new_game(TWO_SEATS)
    legal_actions(state)
    a, b = state.players
    assert state.territory_controller("r3c3") is None
    a.mechs.append("r3c3")
    assert state.territory_controller("r3c3") == a.seat
    assert "r3c3" in state.controlled_territories(a.seat)
    b.workers[0] = "r3c3"  # two factions: the one not active holds it
    holder = b.seat if state.active_seat == a.seat else a.seat
    assert state.territory_controller("r3c3") == holder
    a.mechs.pop()
    assert state.territory_controller("r3c3") == b.seat
    b.workers[0] = b.home
    b.structures["mill"] = "r3c3"
    assert state.territory_controller("r3c3") == b.seat
    copied = state.copy()
    del copied.players[b.seat].structures["mill"]
    assert copied.territory_controller("r3c3") is None
    assert state.territory_controller("r3c3") == b.seat, "a copy's change stays its own"


def test_nothing_remembered_is_serialised_or_compared():
    state = played(300)
    state.control_map()
    fresh = state_from_dict(state_to_dict(state))
    assert fresh == state and fresh._position is None and state._position is not None
    assert set(state_to_dict(state)) == set(state_to_dict(fresh))
    assert state._memo is None, "the read-only block closed with legal_actions"


def test_whose_turn_it_is_decides_a_shared_territory_with_the_same_pieces():
    """Facts are kept across turns while the pieces stand still, but where two factions
    share a territory the one whose turn it is not holds it."""
    state = new_game(TWO_SEATS)
    a, b = state.players
    a.mechs.append("r3c3")
    b.workers[0] = "r3c3"
    for _ in range(2):
        waiting = state.turn_order[1 - state.turn_index]
        assert state.territory_controller("r3c3") == waiting
        assert "r3c3" in state.controlled_territories(waiting)
        state.turn_index = 1 - state.turn_index
    b.workers[0] = b.home
    for _ in range(2):
        assert state.territory_controller("r3c3") == a.seat
        state.turn_index = 1 - state.turn_index


def test_reach_and_resources_follow_changes_made_by_hand():
    """Movement reach is remembered with the position (mech abilities included) and the
    resources a seat controls with the position and the resources: changing either by
    hand is seen at once."""
    state = new_game(TWO_SEATS)
    legal_actions(state)
    me = state.players[state.active_seat]
    differs = []
    for place in sorted(TERRAIN):  # a place where the mech abilities reach further
        me.mechs, me.mech_abilities = [place], []
        plain = legal_steps(state, me.seat, "mech", place)
        assert plain == step_destinations(state, me.seat, "mech", place)
        me.mech_abilities = [0, 1, 2, 3]  # every mech ability: Riverwalk and the rest
        wider = legal_steps(state, me.seat, "mech", place)
        assert wider == step_destinations(state, me.seat, "mech", place)
        differs += [place] if wider != plain else []
    assert differs, "Riverwalk crosses a river somewhere"
    place = me.workers[0]
    before = dict(state.controlled_resources(me.seat))
    there = dict(state.resources.get(place, {}))
    state.resources[place] = {**there, "oil": there.get("oil", 0) + 2}
    assert state.controlled_resources(me.seat)["oil"] == before["oil"] + 2
    del state.resources[place]
    assert state.controlled_resources(me.seat) == {
        res: n - there.get(res, 0) for res, n in before.items()
    }
