"""Steps on the flow stack: plain JSON dicts.

A *decision* step waits for a seat: ``{"seat": 0, "kind": "move", ...}`` (the kind
names the handler; the other keys are what the page shows about it). An *automatic*
step runs by itself: ``{"auto": "combats", ...}``; its function returns the steps
that come next, in the order they run.
"""

from __future__ import annotations

from ..model.actions import DecisionKind

Step = dict


def decision(seat: int, kind: DecisionKind, **fields) -> Step:
    return {"seat": seat, "kind": kind, **fields}


def auto(name: str, **params) -> Step:
    return {"auto": name, **params}


def sequence(names: tuple[str, ...], **params) -> list[Step]:
    """Automatic steps for a sequence of step names, each with the same parameters."""
    return [auto(name, **params) for name in names]


def is_decision(step: Step) -> bool:
    return "kind" in step
