"""Bots: seat controllers that play the full rules at three strengths (easy, normal, hard).

A seat set up as ``{"controller": "bot", "level": "hard"}`` is played by
:class:`BotPlayer`; it sees only its own ``player_view`` (:mod:`.observe`) and chooses
among ``legal_actions``. :func:`play_bot_decision` decides and applies the choice with its reason (the engine
logs it and the record keeps it).
"""

from __future__ import annotations

from .player import (
    LEVELS,
    BotDecision,
    BotPlayer,
    bot_seats,
    play_bot_decision,
    seat_players,
)
from .reasons import CODES, Reason

__all__ = [
    "CODES",
    "LEVELS",
    "BotDecision",
    "BotPlayer",
    "Reason",
    "bot_seats",
    "play_bot_decision",
    "seat_players",
]
