"""Encounters (work in progress: replaced by the full implementation)."""

from __future__ import annotations

from .state import GameState

HANDLERS: dict = {}


def begin_encounter_if_any(state: GameState) -> bool:
    return False
