"""Stepping through a recorded game, decision by decision (pure Python).

The states are rebuilt from the record's setup and actions with ``scythe_core``;
nothing is trusted: a decision that is not legal stops the replay with a
``save_format.SaveError("damaged")``.

>>> from scythe_core import new_game, apply, legal_actions, record
>>> state = new_game({"seed": 2, "seats": [{"faction": "nordic"}, {"faction": "saxony"}]})
>>> for _ in range(3):
...     state = apply(state, legal_actions(state)[0])
>>> r = Replay(record(state), "test")
>>> r.total, r.index
(3, 0)
>>> r.go("last"); r.index, r.state.history == state.history
(3, True)
>>> r.go("prev"); r.index, r.action
(2, 'bolster:cards')
"""

from __future__ import annotations

from save_format import REPLAY_ERRORS, SaveError

from scythe_core import GameState, apply, new_game, to_move


class Replay:
    """A recorded game and the decision the viewer is looking at (0: the start)."""

    def __init__(self, rec: dict, name: str, save_id: str | None = None) -> None:
        self.name = name
        self.save_id = save_id
        try:
            self.actions = [str(a) for a in rec["actions"]]
            self.states: list[GameState] = [new_game(rec["setup"])]
        except REPLAY_ERRORS as exc:
            raise SaveError("damaged", f"This game cannot be replayed: {exc}") from exc
        self.seats: list[int | None] = []
        self.index = 0

    @property
    def total(self) -> int:
        return len(self.actions)

    def _build(self, upto: int) -> None:
        while len(self.states) <= upto:
            before = self.states[-1]
            action = self.actions[len(self.states) - 1]
            try:
                after = apply(before, action)
            except REPLAY_ERRORS as exc:
                raise SaveError(
                    "damaged", f"Decision {len(self.states)} ({action!r}) is not legal: {exc}"
                ) from exc
            self.seats.append(to_move(before))
            self.states.append(after)

    def go(self, where: str | int) -> None:
        """Move to ``first``, ``prev``, ``next``, ``last`` or a decision number."""
        target = {
            "first": 0,
            "prev": self.index - 1,
            "next": self.index + 1,
            "last": self.total,
        }.get(where, where)
        target = max(0, min(self.total, int(target)))
        self._build(target)
        self.index = target

    @property
    def state(self) -> GameState:
        return self.states[self.index]

    @property
    def action(self) -> str | None:
        """The decision that led to the state shown (None at the start)."""
        return self.actions[self.index - 1] if self.index else None

    @property
    def seat(self) -> int | None:
        """Who took that decision (None at the start, or for the game itself)."""
        return self.seats[self.index - 1] if self.index else None
