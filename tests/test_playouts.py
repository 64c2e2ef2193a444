"""Seeded random playouts checking invariants at every step (OpenSpiel-style)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from invariants import check_finished, check_options, check_probe, check_state

from scythe_core import (
    apply,
    from_json,
    legal_actions,
    new_game,
    record,
    replay,
    to_json,
)
from scythe_core.engine import apply_in_place
from scythe_core.model import rng as prng
from scythe_core.model.state import state_to_dict


def play(seed: int, seats: int, max_decisions: int = 4000, probe_every: int = 97):
    state = new_game({"seed": seed, "seats": [{} for _ in range(seats)]})
    chooser = prng.seed_state(seed)
    steps = 0
    while not state.game_over and steps < max_decisions:
        options = legal_actions(state)
        check_options(state, options)
        if steps % probe_every == 0:
            check_probe(state, options)  # every listed action applies, input unchanged
        chooser, pick = prng.randbelow(chooser, len(options))
        apply_in_place(state, options[pick])
        check_state(state)
        steps += 1
    return state


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_random_games_keep_invariants_and_end(seats):
    finished = 0
    for seed in range(6):
        state = play(seed * 11 + seats, seats)
        finished += state.game_over
        if state.game_over:
            check_finished(state)
    assert finished >= 1


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32), seats=st.integers(min_value=1, max_value=5))
def test_snapshot_and_replay_round_trip(seed, seats):
    state = play(seed, seats, max_decisions=600, probe_every=10_000)
    again = from_json(to_json(state))
    assert state_to_dict(again) == state_to_dict(state)
    rebuilt = replay(json.loads(json.dumps(record(state))))
    assert state_to_dict(rebuilt) == state_to_dict(state)


def test_apply_does_not_change_its_input():
    state = new_game({"seed": 3, "seats": [{}, {}]})
    before = to_json(state)
    for action in legal_actions(state):
        apply(state, action)
    assert to_json(state) == before


@pytest.mark.parametrize(
    "seats",
    [
        [{}, {}, {}],
        [{"faction": "saxony"}, {"controller": "automa", "level": "automaszyna"}, {}],
    ],
)
def test_apply_leaves_its_input_unchanged_at_random_positions(seats):
    state = new_game({"seed": 41, "seats": seats})
    chooser = prng.seed_state(41)
    probed = set()
    for step in range(3000):
        if state.game_over:
            break
        options = legal_actions(state)
        if step % 7 == 0:
            before = to_json(state)
            for option in options[:12]:
                apply(state, option)
            assert to_json(state) == before, state.pending
            probed.add(state.pending["kind"])
        chooser, pick = prng.randbelow(chooser, len(options))
        apply_in_place(state, options[pick])
    assert len(probed) >= 8, probed
