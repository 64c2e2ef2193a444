"""Stepping through a recorded game, decision by decision (pure Python).

The states are rebuilt from the record's setup and actions with ``scythe_core``;
nothing is trusted: a decision that is not legal stops the replay with a
``save_format.SaveError("damaged")``. One state is played forward in place, and a
copy is kept every so many decisions (at most ``MAX_CHECKPOINTS``), so stepping
back replays from the nearest copy: time and memory stay linear in the record.

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

from scythe_core import GameState, apply_in_place, new_game, to_move
from scythe_core.model.annotation import bare_action

#: Keep a copy of the state at least every this many decisions ...
CHECKPOINT_EVERY = 32
#: ... but no more copies than this in all (each copy holds the history so far).
MAX_CHECKPOINTS = 120


class Replay:
    """A recorded game and the decision the viewer is looking at (0: the start)."""

    def __init__(self, rec: dict, name: str, save_id: str | None = None) -> None:
        self.name = name
        self.save_id = save_id
        try:
            self.actions = [str(a) for a in rec["actions"]]
            start = new_game(rec["setup"])
        except REPLAY_ERRORS as exc:
            raise SaveError("damaged", f"This game cannot be replayed: {exc}") from exc
        self.every = max(CHECKPOINT_EVERY, -(-len(self.actions) // MAX_CHECKPOINTS))
        self.checkpoints: dict[int, GameState] = {0: start}
        #: The state played forward in place, and how many decisions it holds.
        self.current: GameState | None = start.copy()
        self.played = 0
        #: Who took each decision replayed so far.
        self.seats: list[int | None] = []
        self.index = 0

    @property
    def total(self) -> int:
        return len(self.actions)

    def _advance(self) -> None:
        """Play the next decision on the current state."""
        state, number = self.current, self.played + 1
        action = self.actions[self.played]
        seat = to_move(state)
        try:
            apply_in_place(state, action)
        except REPLAY_ERRORS as exc:
            self.current = None  # possibly half changed: rebuilt from a copy next time
            raise SaveError(
                "damaged", f"Decision {number} ({action!r}) is not legal: {exc}"
            ) from exc
        if len(self.seats) < number:
            self.seats.append(seat)
        self.played = number
        if number % self.every == 0:
            self.checkpoints.setdefault(number, state.copy())

    def _seek(self, target: int) -> None:
        if self.current is None or target < self.played:
            base = max(n for n in self.checkpoints if n <= target)
            self.current, self.played = self.checkpoints[base].copy(), base
        while self.played < target:
            self._advance()

    def go(self, where: str | int) -> None:
        """Move to ``first``, ``prev``, ``next``, ``last`` or a decision number."""
        target = {
            "first": 0,
            "prev": self.index - 1,
            "next": self.index + 1,
            "last": self.total,
        }.get(where, where)
        target = max(0, min(self.total, int(target)))
        self._seek(target)
        self.index = target

    @property
    def state(self) -> GameState:
        """The state after the decision shown (not to be changed by the caller)."""
        self._seek(self.index)
        return self.current

    @property
    def action(self) -> str | None:
        """The decision that led to the state shown (None at the start), without a bot's
        reason recorded with it (the log shows that)."""
        return bare_action(self.actions[self.index - 1]) if self.index else None

    @property
    def seat(self) -> int | None:
        """Who took that decision (None at the start, or for the game itself)."""
        return self.seats[self.index - 1] if self.index else None
