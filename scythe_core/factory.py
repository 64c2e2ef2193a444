"""The Factory (work in progress: replaced by the full implementation)."""

from __future__ import annotations

from .state import GameState

HANDLERS: dict = {}


def begin_factory_visit_if_any(state: GameState) -> bool:
    return False


def begin_factory_section(state: GameState) -> None:
    raise NotImplementedError
