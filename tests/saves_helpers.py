"""Shared by the saved-games tests: a fake localStorage, seeded games, fuzzing settings.

``tests/conftest.py`` puts ``web/`` on the path, so the page's modules import directly.
"""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, settings
from save_format import SaveError, pack_entry, parse_entry

from scythe_core import legal_actions, new_game
from scythe_core.engine import apply_in_place
from scythe_core.model import rng as prng
from scythe_core.model.state import state_to_dict

DAY1 = "2026-11-20T09:00:00.000Z"
DAY2 = "2026-11-21T09:00:00.000Z"
DAY3 = "2026-11-22T09:00:00.000Z"


class QuotaExceededError(Exception):
    """What window.localStorage.setItem throws when the site's storage is full."""


class FakeStorage:
    """window.localStorage in miniature: strings only, ``None`` for a missing key,
    and a capacity in characters (keys plus values) past which ``setItem`` throws."""

    def __init__(self, capacity: int = 5_000_000) -> None:
        self.items: dict[str, str] = {}
        self.capacity = capacity

    @property
    def length(self) -> int:
        return len(self.items)

    def key(self, index: int) -> str | None:
        keys = list(self.items)
        return keys[index] if 0 <= index < len(keys) else None

    def getItem(self, key: str) -> str | None:  # the Web Storage API names
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:
        others = sum(len(k) + len(v) for k, v in self.items.items() if k != key)
        if others + len(key) + len(value) > self.capacity:
            raise QuotaExceededError("Failed to execute 'setItem' on 'Storage': quota exceeded")
        self.items[key] = str(value)

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


def played(seed: int, decisions: int, seats: list[dict] | None = None):
    """A game after ``decisions`` random legal decisions."""
    state = new_game({"seed": seed, "seats": seats or [{}, {}]})
    chooser = prng.seed_state(seed)
    while not state.game_over and len(state.history) < decisions:
        options = legal_actions(state)
        chooser, pick = prng.randbelow(chooser, len(options))
        apply_in_place(state, options[pick])
    return state


def same_game(a, b) -> bool:
    return state_to_dict(a) == state_to_dict(b)


FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def only_save_error(call, *args):
    """Run ``call``; anything but SaveError fails the test."""
    try:
        return call(*args)
    except SaveError as exc:
        assert exc.code and exc.message
        return None


def stored_entry(storage, key: str) -> dict:
    """The entry stored under ``key`` as its JSON object (packed or not)."""
    return parse_entry(storage.getItem(key), key.rsplit(".", 1)[-1])


def legacy_text(entry: dict) -> str:
    """An entry as versions before the packed format stored it: its JSON object."""
    return json.dumps(entry, separators=(",", ":"))


#: The two ways an entry is found stored: packed (``pack_entry``, written now) and as
#: the JSON object (written by earlier versions, still read).
WRITERS = {"packed": pack_entry, "json": legacy_text}


#: Chromium's localStorage quota per site, in characters (keys plus values).
QUOTA_CHARS = 5_242_880
AUTOMA = {"controller": "automa", "level": "automa"}
#: Complete games of seeded random play: solo against the Automa (short: the Automa
#: wins), two and three humans (long), five seats, and two Automas.
GAMES = {
    "solo vs Automa": ([{}, AUTOMA], 5),
    "solo vs Ultimaszyna": ([{}, {"controller": "automa", "level": "ultimaszyna"}], 6),
    "two humans": ([{}, {}], 5),
    "three humans": ([{}, {}, {}], 6),
    "one human, two Automas": ([{}, AUTOMA, AUTOMA], 3),
    "five humans": ([{}, {}, {}, {}, {}], 2),
}


def complete_game(seats: list[dict], seed: int):
    state = new_game({"seed": seed, "seats": seats})
    chooser = random.Random(seed)
    while not state.game_over:
        apply_in_place(state, chooser.choice(legal_actions(state)))
    return state
