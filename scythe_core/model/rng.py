"""A small deterministic PRNG (splitmix64) whose whole state is one integer.

The engine never uses the global ``random`` module: the generator's state is a
field of the game state, so a game replays identically on any Python version.

>>> state, value = next_u64(42)
>>> next_u64(42) == (state, value)
True
"""

from __future__ import annotations

MASK64 = (1 << 64) - 1
TWO_TO_64 = 1 << 64


def next_u64(state: int) -> tuple[int, int]:
    """Advance the generator; return (new_state, 64-bit output)."""
    state = (state + 0x9E3779B97F4A7C15) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def randbelow(state: int, n: int) -> tuple[int, int]:
    """A uniform integer in [0, n) by rejection sampling; returns (new_state, value).

    (:func:`next_u64` written out: this runs for every shuffle and random choice.)"""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = TWO_TO_64 - TWO_TO_64 % n
    while True:
        state = (state + 0x9E3779B97F4A7C15) & MASK64
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        value = z ^ (z >> 31)
        if value < limit:
            return state, value % n


def shuffled(state: int, items: list) -> tuple[int, list]:
    """A Fisher-Yates shuffled copy of items; returns (new_state, list)."""
    result = list(items)
    for i in range(len(result) - 1, 0, -1):
        state, j = randbelow(state, i + 1)
        result[i], result[j] = result[j], result[i]
    return state, result


def seed_state(seed: int) -> int:
    """The initial generator state for a game seed."""
    return seed & MASK64
