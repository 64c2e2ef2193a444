"""One game in the page: the state, the decisions played, undo, Automa turns, hand-overs.

Pure Python (no browser objects), so it is tested under plain CPython. Every change
goes through ``scythe_core.apply``; this class only remembers states and decides
whose screen is showing.

>>> s = Session({"seed": 3, "seats": [{"controller": "human"},
...                                   {"controller": "automa", "level": "automa"}]})
>>> s.viewer, s.legal()[:2]
(0, ['section:0', 'section:1'])
>>> s.act("section:0"); s.can_undo()
True
>>> s.undo(); s.state.pending["kind"]
'section'
"""

from __future__ import annotations

import time
from collections.abc import Generator
from dataclasses import dataclass

from save_format import SaveError
from share_links import share_fragment

from scythe_core import (
    GameState,
    RecordError,
    apply,
    apply_in_place,
    final_scores,
    legal_actions,
    new_game,
    player_view,
    record,
    to_move,
)
from scythe_core.bots import BotDecision, bot_seats
from scythe_core.io.records import (
    CLOCK_EVERY,
    MAX_REPLAY_SECONDS,
    apply_recorded,
    check_decision_count,
    check_rules_version,
)
from scythe_core.io.ui_helpers import (
    resources_held,
    reveals_hidden_information,
    score_estimate,
)
from scythe_core.io.untrusted import HOSTILE_ERRORS
from scythe_core.model.annotation import bare_action
from scythe_core.setup import SetupError


@dataclass
class Played:
    """One decision for the game log: who, what, and the engine log entries it added."""

    seat: int | None
    action: str
    log_from: int
    log_to: int
    round: int


class Session:
    """A game being played in the page."""

    def __init__(self, config: dict) -> None:
        self.config = config
        self.state: GameState = new_game(config)
        self.link_cache: tuple[int, str] = (-1, "")
        #: The saved game this session writes to (``storage.SaveStore``), and the
        #: decisions this tab last saved there or loaded from it (None: not yet).
        self.save_id: str | None = None
        self.saved_actions: list[str] | None = None
        #: The game's id in pass-on links (``pass_on``), once it has been passed on or
        #: came from such a link.
        self.pass_id: str | None = None
        self.played: list[Played] = []
        #: The bot seats' controllers (they keep the rest of their turn's plan).
        self.bots = bot_seats(self.state)
        self._undo: list[tuple[GameState, int]] = []
        self.viewer: int | None = None
        self.handover = False
        #: (turns taken, [(coins, power, popularity) per seat]) after each turn, for the chart.
        self.tracks: list[tuple[int, list[tuple[int, int, int]]]] = []
        self._record_tracks()
        self._choose_viewer()

    @classmethod
    def from_record(cls, recorded: GameState) -> Session:
        """A game already played (a state), opened as a session (``replayed``)."""
        return cls.replayed(record(recorded))

    @classmethod
    def replayed(
        cls, rec: dict, where: str = "", max_seconds: float = MAX_REPLAY_SECONDS
    ) -> Session:
        """A recorded game (setup, rules and decisions: from a link or a save), replayed
        once, decision by decision, so the log is whole. With more than one human, the
        screen starts behind a hand-over.

        Every decision is checked as ``scythe_core.replay`` checks it, and every failure
        is a ``RecordError`` naming the decision (``where`` says where it was, e.g. " in
        the link"); the number of decisions, the rules version and the setup are checked
        first, and a replay longer than ``max_seconds`` stops. The replay changes one
        state in place, so it costs time linear in the number of decisions; ``act``
        keeps a state per decision for undo.
        """
        actions, rules = rec["actions"], rec.get("rules")
        check_decision_count(len(actions))
        check_rules_version(rules)
        try:
            session = cls(rec["setup"])
        except SetupError as exc:
            raise RecordError(f"the game's setup is not valid: {exc}", newer=exc.newer) from exc
        except HOSTILE_ERRORS as exc:
            raise RecordError(f"the game's setup is not valid: {type(exc).__name__}") from exc
        state = session.state
        deadline = time.monotonic() + max_seconds
        for number, action in enumerate(actions, start=1):
            if number % CLOCK_EVERY == 0 and time.monotonic() > deadline:
                raise RecordError(
                    f"replaying the game took more than {max_seconds:g} seconds "
                    f"(stopped at decision {number:,} of {len(actions):,})"
                )
            seat, log_from, round_, turns = (
                to_move(state),
                len(state.log),
                state.round,
                state.turns_taken,
            )
            apply_recorded(state, action, rules, number, where)
            session._note(seat, bare_action(action), log_from, round_, turns)
        seat = session.pending_seat
        many = len(session.humans) > 1
        session.handover = many and seat is not None and session.controller(seat) == "human"
        return session

    def fragment(self) -> str:
        """The URL fragment holding the game so far (``#g1.``...), cached per decision."""
        n = len(self.state.history)
        if self.link_cache[0] != n:
            self.link_cache = (n, share_fragment(self.state))
        return self.link_cache[1]

    # --- who is who ----------------------------------------------------------

    @property
    def humans(self) -> list[int]:
        return [p.seat for p in self.state.players if p.controller == "human"]

    def controller(self, seat: int) -> str:
        return self.state.players[seat].controller

    @property
    def pending_seat(self) -> int | None:
        return to_move(self.state)

    @property
    def game_over(self) -> bool:
        return self.state.game_over

    def automa_to_play(self) -> bool:
        """The pending decision is an Automa turn or a bot's (the page plays it by itself)."""
        if self.game_over:
            return False
        return self.state.pending.get("kind") == "automa_turn" or self.pending_seat in self.bots

    def _choose_viewer(self) -> None:
        """Show the deciding human's screen; between two humans, hand over first."""
        seat = self.pending_seat
        if seat is None:
            self.handover = False  # the game is over: nobody hands over any more
        if seat is None or self.controller(seat) != "human" or seat == self.viewer:
            if self.viewer is None and self.humans:
                self.viewer = self.humans[0]
            return
        if self.viewer is not None and len(self.humans) > 1:
            self.handover = True
        self.viewer = seat

    def finish_handover(self) -> None:
        self.handover = False

    # --- what the page may show and offer -----------------------------------

    def view(self) -> dict:
        """What the screen shows: the viewer's ``player_view`` (nobody's during a hand-over)."""
        return player_view(self.state, None if self.handover else self.viewer)

    def legal(self) -> list[str]:
        """The actions the viewer may click now (none during a hand-over or an Automa turn)."""
        seat = self.pending_seat
        if self.handover or seat is None or seat != self.viewer:
            return []
        return legal_actions(self.state)

    def legal_after(self, action: str) -> list[str]:
        """What will be legal once ``action`` is taken (the state is not changed)."""
        return legal_actions(apply(self.state, action))

    def held(self, seat: int) -> dict[str, list[tuple[str, int]]]:
        """The resources a seat holds, by type, with where they lie."""
        return resources_held(self.state, seat)

    def scores(self) -> list[dict]:
        return final_scores(self.state) if self.game_over else score_estimate(self.state)

    # --- playing -------------------------------------------------------------

    def act(self, action: str) -> None:
        """Apply one action (``IllegalActionError`` if it is not legal now)."""
        before = self.state
        seat = self.pending_seat
        after = apply(before, action)
        same_turn = (
            to_move(after) == seat
            and after.turns_taken == before.turns_taken
            and seat is not None
            and self.controller(seat) == "human"
        )
        if same_turn and not reveals_hidden_information(before, after):
            self._undo.append((before, len(self.played)))
        else:
            self._undo.clear()
        self.state = after
        self._note(seat, action, len(before.log), before.round, before.turns_taken)

    def _note(self, seat: int | None, action: str, log_from: int, round_: int, turns: int) -> None:
        """After a decision (the state already holds it): its log entry, the chart's
        tracks when a turn ended, and whose screen shows."""
        state = self.state
        self.played.append(Played(seat, action, log_from, len(state.log), round_))
        if state.turns_taken != turns or state.game_over:
            self._record_tracks()
        self._choose_viewer()

    def play_automa(self) -> bool:
        """Play one Automa turn, or a bot's decisions up to its end of turn (or until
        another seat must decide), if one is pending; False otherwise."""
        if not self.automa_to_play():
            return False
        if self.state.pending.get("kind") == "automa_turn":
            self.act("automa:play")
            return True
        seat, turns = self.pending_seat, self.state.turns_taken
        while self.pending_seat == seat and self.state.turns_taken == turns:
            self.play_bot_decision()
        return True

    def play_bot_decision(self) -> None:
        """One decision of the bot to move: its reason in the log, then its choice."""
        self.apply_bot_decision(self.bots[self.pending_seat].decide(self.state))

    def bot_to_think(self) -> bool:
        """A bot seat is to decide (the page lets it think in slices)."""
        return not self.game_over and self.pending_seat in self.bots

    def bot_thinking(self) -> Generator[None, None, BotDecision]:
        """The pending bot's thinking, step by step (``BotPlayer.deliberate``)."""
        return self.bots[self.pending_seat].deliberate(self.state)

    def apply_bot_decision(self, decision: BotDecision) -> None:
        """Apply the bot's choice with its reason (a decision of its seat): the engine
        logs the reason and the history keeps it, so a reload shows it again."""
        seat = self.pending_seat
        before = self.state
        after = before.copy()
        apply_in_place(after, decision.recorded)
        self._undo.clear()
        self.state = after
        self._note(seat, decision.action, len(before.log), before.round, before.turns_taken)

    def play_automas(self, limit: int = 100) -> int:
        """Play Automa turns until a human must decide (or the game ends)."""
        n = 0
        while n < limit and self.play_automa():
            n += 1
        return n

    def can_undo(self) -> bool:
        return bool(self._undo) and not self.handover

    def undo(self) -> None:
        """Go back one decision of the own turn (never past revealed information)."""
        state, played = self._undo.pop()
        self.state = state
        del self.played[played:]

    def _record_tracks(self) -> None:
        values = [(p.coins, p.power, p.popularity) for p in self.state.players]
        self.tracks.append((self.state.turns_taken, values))


def replay_link(rec: dict) -> Session:
    """A link's game's session; every failure a ``SaveError`` (``bad_link`` or ``newer``)."""
    try:
        return Session.replayed(rec, " in the link")
    except RecordError as exc:
        code = "newer" if exc.newer or "newer" in str(exc) else "bad_link"
        raise SaveError(code, f"{exc}.") from exc
