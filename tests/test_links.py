"""Game links and records: round trips, and bad input that raises only RecordError."""

from __future__ import annotations

import base64
import contextlib
import json
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from saves_helpers import played

from scythe_core import RecordError, from_json, legal_actions, new_game, record, replay
from scythe_core.engine import apply_in_place
from scythe_core.io.links import LINK_PREFIX, decode_link, encode_link
from scythe_core.io.records import RULES_VERSION
from scythe_core.model import rng as prng
from scythe_core.model.state import state_to_dict


def random_game(seed: int, seats: int = 2, limit: int = 10_000):
    """A game after up to ``limit`` random legal decisions."""
    return played(seed, limit, [{} for _ in range(seats)])


@pytest.mark.parametrize("seats", [1, 2, 5])
def test_link_round_trip_rebuilds_the_same_game(seats):
    state = random_game(seats * 13, seats)
    link = encode_link(state)
    assert link.startswith(LINK_PREFIX)
    assert all(c.isalnum() or c in "-_." for c in link), "URL-safe"
    assert state_to_dict(decode_link(link)) == state_to_dict(state)


def test_a_game_in_progress_can_be_continued_from_its_link():
    state = random_game(5, 2, limit=120)
    again = decode_link(encode_link(state))
    action = legal_actions(again)[0]
    apply_in_place(again, action)
    apply_in_place(state, action)
    assert state_to_dict(again) == state_to_dict(state)


def test_a_whole_solo_game_against_the_automa_fits_in_2000_characters():
    for level in ("autometta", "ultimaszyna"):
        state = new_game({"seed": 9, "seats": [{}, {"controller": "automa", "level": level}]})
        chooser = prng.seed_state(9)
        while not state.game_over:
            options = legal_actions(state)
            chooser, pick = prng.randbelow(chooser, len(options))
            apply_in_place(state, options[pick])
        assert state.game_over
        assert len(encode_link(state)) < 2000


@pytest.mark.parametrize(
    "link, message",
    [
        ("hello", "not a game link"),
        ("g9.abc", "newer"),
        ("g1.!!!!", "damaged"),
        ("g1.", "damaged"),
    ],
)
def test_bad_links_get_a_clear_message(link, message):
    with pytest.raises(RecordError, match=message):
        decode_link(link)


def test_truncated_link_is_refused():
    link = encode_link(random_game(3, 2, limit=300))
    with pytest.raises(RecordError):
        decode_link(link[: len(link) // 2])


def _link_of(header: dict, actions: list[str]) -> str:
    import base64
    import zlib

    body = "\n".join([json.dumps(header), *actions]).encode()
    return LINK_PREFIX + base64.urlsafe_b64encode(zlib.compress(body)).decode().rstrip("=")


def test_illegal_decision_in_a_link_is_refused():
    link = _link_of({"link": 1, "setup": {"seed": 1, "seats": [{}, {}]}}, ["section:0", "fly"])
    with pytest.raises(RecordError, match="decision 2"):
        decode_link(link)


def test_a_link_of_a_newer_format_is_refused_clearly():
    link = _link_of({"link": 2, "setup": {"seed": 1, "seats": [{}, {}]}}, [])
    with pytest.raises(RecordError, match="newer version"):
        decode_link(link)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=200))
def test_fuzzed_links_raise_only_record_error(text):
    for candidate in (text, LINK_PREFIX + text):
        with contextlib.suppress(RecordError):
            decode_link(candidate)


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=300))
def test_fuzzed_link_bytes_raise_only_record_error(data):
    import base64

    with contextlib.suppress(RecordError):
        decode_link(LINK_PREFIX + base64.urlsafe_b64encode(data).decode())


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(JSONISH)
def test_fuzzed_records_raise_only_record_error(data):
    with contextlib.suppress(RecordError):
        replay(data)
    with contextlib.suppress(RecordError):
        from_json(json.dumps(data))


def test_record_with_an_illegal_action_names_the_decision():
    rec = record(new_game({"seed": 2, "seats": [{}, {}]}))
    rec["actions"] = ["section:0", "fly:r4c3"]
    with pytest.raises(RecordError, match="decision 2"):
        replay(rec)


def test_promo_options_add_the_promo_cards_to_the_decks():
    base = new_game({"seed": 4, "seats": [{}, {}]})
    promo = new_game(
        {
            "seed": 4,
            "seats": [{}, {}],
            "options": {"promo_encounters": True, "promo_objectives": True},
        }
    )
    assert max(base.encounter_deck) == 28 and max(promo.encounter_deck) > 28
    held = [c for p in promo.players for c in p.objectives]
    assert max(promo.objective_deck + held) > 23
    assert max(c for p in base.players for c in p.objectives) <= 23


def full_production_game(seed: int, decisions: int):
    """A random 2-seat game in which every territory produces all it can."""
    state = new_game({"seed": seed, "seats": [{}, {}]})
    chooser = prng.seed_state(seed)
    while not state.game_over and len(state.history) < decisions:
        options = legal_actions(state)
        amounts = [a for a in options if a.startswith("amount:")]
        if amounts:
            apply_in_place(state, max(amounts, key=lambda a: int(a.split(":")[1])))
            continue
        chooser, pick = prng.randbelow(chooser, len(options))
        apply_in_place(state, options[pick])
    return state


def test_records_and_links_of_rules_0_1_open_with_every_worker_producing():
    """Before rules 0.2 no record said how much a territory produced: all workers did.
    Such old saves and links still open; the same decisions marked current do not."""
    state = full_production_game(1, 2500)
    asked = [a for a in state.history if a.startswith("amount:")]
    assert len(asked) >= 3, "the game produced on territories with several workers"
    old = record(state)
    old["rules"] = "0.1"
    old["actions"] = [a for a in state.history if not a.startswith("amount:")]
    assert state_to_dict(replay(old)) == state_to_dict(state)
    with pytest.raises(RecordError):
        replay({**old, "rules": RULES_VERSION})
    header = {"link": 1, "rules": "0.1", "setup": state.setup}
    lines = [json.dumps(header, separators=(",", ":"), sort_keys=True), *old["actions"]]
    packed = zlib.compress("\n".join(lines).encode(), 9)
    link = LINK_PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")
    assert state_to_dict(decode_link(link)) == state_to_dict(state)
    assert record(decode_link(link))["rules"] == RULES_VERSION


@pytest.mark.parametrize(
    "head, words, newer",
    [
        ({"link": 1, "rules": "9.0", "setup": {"seed": 1, "seats": [{}, {}]}}, "newer", True),
        ({"link": 1, "rules": "0.10", "setup": {"seed": 1, "seats": [{}, {}]}}, "newer", True),
        (
            {"link": 1, "rules": "x", "setup": {"seed": 1, "seats": [{}, {}]}},
            "rules version",
            False,
        ),
        ({"link": 1, "rules": 3, "setup": {"seed": 1, "seats": [{}, {}]}}, "rules version", False),
        ({"link": True, "setup": {"seed": 1, "seats": [{}, {}]}}, "damaged", False),
        ({"link": 0, "setup": {"seed": 1, "seats": [{}, {}]}}, "damaged", False),
        ({"link": 1, "setup": {"seed": 1, "seats": [{"faction": "togawa"}]}}, "newer", True),
        ({"link": 1, "setup": {"seed": 1.5, "seats": [{}]}}, "seed must be", False),
    ],
)
def test_a_link_header_is_checked_before_any_replay(head, words, newer):
    with pytest.raises(RecordError, match=words) as err:
        decode_link(_link_of(head, ["fly"]))
    assert err.value.newer is newer


def test_a_record_of_newer_rules_or_format_says_so():
    rec = record(new_game({"seed": 2, "seats": [{}, {}]}))
    for change in ({"rules": "0.4"}, {"format": 2}):
        with pytest.raises(RecordError) as err:
            replay({**rec, **change})
        assert err.value.newer
    with pytest.raises(RecordError, match="record format"):
        replay({**rec, "format": True})


def test_failures_inside_links_are_chained_record_errors():
    for link in ("g1.\u00e9", LINK_PREFIX + base64.urlsafe_b64encode(b"\xff" * 9).decode()):
        with pytest.raises(RecordError) as err:
            decode_link(link)
        assert err.value.__cause__ is not None
