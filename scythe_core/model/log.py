"""Writing the game log: events as codes with plain-JSON parameters, never sentences.

Most rule events are appended as ``{"seat", "event", ...}`` where they happen; the
Automa's explanation lines go through :func:`say`. ``scythe_core.io.wording`` and the
page word them in English and Dutch.
"""

from __future__ import annotations

from .state import GameState


def say(
    state: GameState,
    seat: int,
    code: str,
    params: dict | None = None,
    moves: list | None = None,
    **extra,
) -> None:
    """One explanation line in the game log, as an event code with its parameters.

    ``params`` (plain JSON) are what :func:`scythe_core.io.wording.describe_event` needs
    to word the line in English or Dutch; the state holds no sentences. ``moves``
    lists the units the line puts somewhere else, each as
    ``[seat, unit id, from hex, to hex]`` (``None`` = off the board), so a page can
    show an Automa turn unit by unit; ``extra`` adds other plain-JSON facts."""
    entry: dict = {"seat": seat, "event": "automa", "code": code}
    if params:
        entry["params"] = params
    if moves:
        entry["moves"] = moves
    entry.update(extra)
    state.log.append(entry)
