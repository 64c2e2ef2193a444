"""Snapshots (whole state as JSON) and records (setup + decisions, replayed)."""

from __future__ import annotations

import json
import re
import time

from ..engine import apply_in_place, legal_actions
from ..model.actions import parse_number, verb_of
from ..model.state import GameState, IllegalActionError, state_from_dict, state_to_dict
from ..setup import SetupError, new_game
from .untrusted import HOSTILE_ERRORS, RecordError, as_record_error, parse_json

SNAPSHOT_FORMAT = 1
RECORD_FORMAT = 1
#: "0.2": a territory with a choice on the mat's Produce asks how much it produces
#: (``amount:N``); "0.3": a card's Produce asks too (``amount:N``, ``workers:N``), and a
#: recruit enlisted from the Enlist section pays its ongoing bonus from the next Enlist.
RULES_VERSION = "0.3"
#: Rules versions whose records may skip that question where every worker produced.
ALL_WORKERS_PRODUCE = ("0.1", "0.2")
#: What a rules version looks like.
RULES_PATTERN = re.compile(r"[0-9]{1,4}(\.[0-9]{1,4}){0,3}")
#: The most decisions a record, link or save may hold. The longest games of random
#: play (``python -m scythe_core simulate``, 40 games each for 1-5 random seats and
#: with 1-3 Automas of every level) took at most 8,738 decisions (a 5-seat game cut off
#: at 2,000 turns); people finish in far fewer. A crafted link of skipped turns can hold
#: 257,000, which would freeze the page for minutes. The limit is about 3 times the
#: longest random game and costs a few seconds to replay at worst.
MAX_DECISIONS = 25_000
#: The default time budget of one replay, in seconds: a real game replays in well
#: under a second (CPython) or a few seconds (the page).
MAX_REPLAY_SECONDS = 30.0
#: How often the time budget is looked at (every this many decisions).
CLOCK_EVERY = 256
#: The most characters a snapshot's JSON may have (a finished game: about 30,000).
MAX_SNAPSHOT_CHARS = 20_000_000


def to_json(state: GameState) -> str:
    """The whole state as a JSON string (for debugging and fixtures)."""
    return json.dumps({"format": SNAPSHOT_FORMAT, "state": state_to_dict(state)}, sort_keys=True)


def from_json(text: str) -> GameState:
    """The state of a snapshot (see :func:`to_json`); RecordError for anything else."""
    data = parse_json(text, max_chars=MAX_SNAPSHOT_CHARS)
    if not isinstance(data, dict) or data.get("format") != SNAPSHOT_FORMAT:
        found = data.get("format") if isinstance(data, dict) else None
        raise RecordError(f"unsupported snapshot format {found!r}")
    with as_record_error("the snapshot"):
        return state_from_dict(data["state"])


def record(state: GameState) -> dict:
    """Setup and decisions: everything needed to rebuild the game."""
    return {
        "format": RECORD_FORMAT,
        "rules": RULES_VERSION,
        "setup": state.setup,
        "actions": list(state.history),
    }


def replay(
    rec: dict,
    *,
    max_decisions: int = MAX_DECISIONS,
    max_seconds: float = MAX_REPLAY_SECONDS,
) -> GameState:
    """Rebuild a game from its record, checking every decision's legality.

    A record of more than ``max_decisions`` decisions is refused before any replay;
    one that takes longer than ``max_seconds`` stops. Every failure is a RecordError.
    """
    version = rec.get("format") if isinstance(rec, dict) else None
    if isinstance(version, bool) or not isinstance(version, int):
        raise RecordError("unsupported or missing record format")
    if version != RECORD_FORMAT:
        newer = version > RECORD_FORMAT
        raise RecordError(f"unsupported record format {version!r}", newer=newer)
    actions = rec.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("record actions must be a list of strings")
    check_decision_count(len(actions), max_decisions)
    check_rules_version(rec.get("rules"))
    state = setup_game(rec.get("setup"), "bad setup")
    replay_decisions(state, actions, rec.get("rules"), max_seconds=max_seconds)
    return state


def check_decision_count(count: int, max_decisions: int = MAX_DECISIONS) -> None:
    """RecordError when a record holds more decisions than any real game."""
    if count > max_decisions:
        raise RecordError(
            f"the game holds {count:,} decisions, more than a real game has "
            f"(at most {max_decisions:,}); it was not replayed"
        )


def check_rules_version(rules: object) -> None:
    """RecordError for a rules version that is not a version, or a newer one than ours."""
    if rules is None:
        return
    if not isinstance(rules, str) or not RULES_PATTERN.fullmatch(rules):
        raise RecordError(f"unknown rules version {str(rules)[:20]!r}")
    if _version(rules) > _version(RULES_VERSION):
        raise RecordError(
            f"the game was played under rules {rules}, newer than this version's {RULES_VERSION}",
            newer=True,
        )


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split("."))


def setup_game(setup: object, what: str) -> GameState:
    """``new_game(setup)``, every failure a RecordError that starts with ``what``."""
    try:
        return new_game(setup)
    except SetupError as exc:
        raise RecordError(f"{what}: {exc}", newer=exc.newer) from exc
    except HOSTILE_ERRORS as exc:
        raise RecordError(f"{what}: {type(exc).__name__}: {exc}") from exc


def replay_decisions(
    state: GameState,
    actions: list[str],
    rules: object,
    *,
    max_seconds: float = MAX_REPLAY_SECONDS,
    where: str = "",
) -> None:
    """Apply recorded decisions in place, each checked; RecordError naming a bad one.

    Linear in the number of decisions (the state changes in place). The clock is read
    every ``CLOCK_EVERY`` decisions; past ``max_seconds`` the replay stops."""
    deadline = time.monotonic() + max_seconds
    for number, action in enumerate(actions, start=1):
        if number % CLOCK_EVERY == 0 and time.monotonic() > deadline:
            raise RecordError(
                f"replaying the game took more than {max_seconds:g} seconds "
                f"(stopped at decision {number:,} of {len(actions):,})"
            )
        apply_recorded(state, action, rules, number, where)


def apply_decision(state: GameState, action: str, rules: object) -> None:
    """Apply one recorded decision, written under the rules version ``rules``.

    Records of rules 0.1 never say how much a territory produces, those of 0.2 only
    for the mat's Produce (every worker did): when such a record's next decision does
    not fit that question, the full amount is answered first, so old saves and links
    still open. (A 0.1/0.2 game in which a recruit was enlisted from the Enlist section
    replays under the corrected bonus rule; if that changes a later card draw, the
    replay stops with a clear error.)"""

    try:
        apply_in_place(state, action)
    except IllegalActionError:
        pending = state.pending
        if rules not in ALL_WORKERS_PRODUCE or pending.get("kind") != "produce_amounts":
            raise
        amounts = [a for a in legal_actions(state) if verb_of(a) in ("amount", "workers")]
        if not amounts:
            raise
        apply_in_place(state, max(amounts, key=parse_number))
        apply_decision(state, action, rules)


def apply_recorded(state: GameState, action: str, rules: object, number: int, where: str) -> None:
    """Apply decision ``number`` of a record; a ``RecordError`` naming it (``where`` it
    was, e.g. " in the link") if it is not legal or cannot be applied."""
    try:
        apply_decision(state, action, rules)
    except IllegalActionError as exc:
        raise RecordError(
            f"decision {number}{where} ({action[:40]!r}) is not legal: {exc}"
        ) from exc
    except HOSTILE_ERRORS as exc:
        raise RecordError(
            f"decision {number}{where} ({action[:40]!r}) cannot be applied: "
            f"{type(exc).__name__}: {exc}"
        ) from exc
