"""How fast Automa and bot turns play in the page: at once, after a pause, or step by step.

A mixin of ``ui.Page`` (browser only, uses ``js``): it keeps the speed, the timer
and, at "watch" speed, how many of the turn's explanation lines are shown so far.
The engine plays an Automa turn as one action; this only paces how it is shown. A bot
plays its turn decision by decision; at "watch" speed each decision but a unit's pick
is shown for a moment, the units it moved sliding in (``watch_board.moved_units``).
"""

from __future__ import annotations

import js
from pyodide.ffi import create_proxy
from watch_board import moved_units

from scythe_core.model.actions import verb_of

#: Milliseconds before an Automa turn is played, per speed setting.
SPEEDS = {"instant": 0, "fast": 350, "watch": 700}
#: "Watch": ms between the Automa turn's explanation lines, shown one by one.
WATCH_LINE = 650
#: A bot thinks in slices of at most this many ms, the page free to render between.
THINK_SLICE = 12


def unit_places(state) -> list[dict]:
    """Where every seat's units stand (for ``moved_units``)."""
    return [
        {
            "faction": p.faction,
            "character": p.character,
            "mechs": list(p.mechs),
            "workers": list(p.workers),
        }
        for p in state.players
    ]


class AutomaPacing:
    """Plays Automa turns for a page that has ``session`` and ``render()``."""

    def init_pacing(self) -> None:
        self.speed = "instant"
        self.timer = None
        self.tick_proxy = create_proxy(self.tick)
        #: "Watch" speed: (session, log start, log end, lines shown) of the Automa turn.
        self.watch: tuple | None = None
        self.line_proxy = create_proxy(self.watch_line)
        #: A bot's turn being thought out: (session, its thinking).
        self.thinking: tuple | None = None
        self.think_proxy = create_proxy(self.think)
        #: A bot's decision just shown at "watch" speed: the units it moved (arrivals,
        #: drawn once by the next render).
        self.bot_arrivals: dict | None = None
        #: The bot turn being thought out: when it started, and ms spent in its slices.
        self.think_clock = (0.0, 0.0)
        #: Timings for bench/bots.py (``body[data-thinking='1']`` while a bot thinks in
        #: slices): per bot turn thought out in slices, the ms spent
        #: thinking (``__bot_ms``) and from its first slice to its decision
        #: (``__bot_wall_ms``); every slice's length (``__slice_ms``); and a click or key
        #: handled while a bot thinks, to its handler's end (``__busy_ui_ms``) and to
        #: the next painted frame (``__busy_frame_ms``), with its command (``__busy_what``).
        timings = ("__bot_ms", "__bot_wall_ms", "__slice_ms", "__busy_ui_ms", "__busy_frame_ms")
        for name in (*timings, "__busy_what"):
            setattr(js.window, name, js.Array.new())  # (no name mangling)
        self.busy_from = 0.0
        self.busy_frame_proxy = create_proxy(self.busy_frame)
        self.busy_painted_proxy = create_proxy(self.busy_painted)

    def watched(self) -> list:
        """The Automa turn's log entries shown so far at "watch" speed."""
        if self.watch is None:
            return []
        session, start, end, shown = self.watch
        if session is not self.session or len(session.state.log) < end:
            self.watch = None
            return []
        return session.state.log[start:end][:shown]

    def watch_line(self, *_args) -> None:
        """Show the next explanation line; after the last, go on with the next turn."""
        self.timer = None
        if self.watch is None:
            return
        session, start, end, shown = self.watch
        if session is self.session and shown < end - start:
            self.watch = (session, start, end, shown + 1)
            self.timer = js.setTimeout(self.line_proxy, WATCH_LINE)
        else:
            self.watch = None
            self.schedule()
        self.render()

    def stop_timer(self) -> None:
        if self.timer is not None:
            js.clearTimeout(self.timer)
            self.timer = None

    def play_automa(self) -> bool:
        """One Automa turn, timed into ``window.__automa_ms`` (for bench/ui.py)."""
        started = js.performance.now()
        played = self.session is not None and self.session.play_automa()
        if played:
            getattr(js.window, "__automa_ms").push(js.performance.now() - started)
        return played

    def schedule(self) -> None:
        if self.timer is None and self.session and self.session.automa_to_play():
            self.timer = js.setTimeout(self.tick_proxy, SPEEDS[self.speed])

    def think(self, *_args) -> None:
        """A slice of a bot's thinking; its decision applied once it is done. A bot turn
        goes on decision by decision (at "watch" speed each but a unit's pick is drawn and
        shown for a moment); at its end the page is drawn and the next turn scheduled."""
        self.timer = None
        if self.thinking is None or self.thinking[0] is not self.session:
            self.thinking = None
            js.document.body.dataset.thinking = "0"
            return
        session, steps = self.thinking
        seat, turns = session.pending_seat, session.state.turns_taken
        began = js.performance.now()
        until = began + THINK_SLICE
        while js.performance.now() < until:
            try:
                next(steps)
            except StopIteration as done:
                places = unit_places(session.state)
                session.apply_bot_decision(done.value)
                shown = self.speed == "watch" and verb_of(done.value.action) != "unit"
                if shown:
                    self.bot_arrivals = moved_units(places, unit_places(session.state))
                if session.bot_to_think() and (session.pending_seat, session.state.turns_taken) == (
                    seat,
                    turns,
                ):
                    steps = session.bot_thinking()
                    self.thinking = (session, steps)
                    if shown:  # on after a moment, the page drawn meanwhile
                        self.time_slice(began)
                        self.render()
                        self.timer = js.setTimeout(self.think_proxy, WATCH_LINE)
                        return
                    continue
                self.thinking = None
                self.time_slice(began, last=True)
                self.bot_turn_done()
                return
        self.time_slice(began)
        self.timer = js.setTimeout(self.think_proxy, 0)

    def time_slice(self, began: float, last: bool = False) -> None:
        """Add a slice to the bot turn's timings; after its last, note the turn's."""
        now = js.performance.now()
        getattr(js.window, "__slice_ms").push(now - began)
        started, spent = self.think_clock
        self.think_clock = (started, spent + now - began)
        if last:
            getattr(js.window, "__bot_ms").push(spent + now - began)
            getattr(js.window, "__bot_wall_ms").push(now - started)
            js.document.body.dataset.thinking = "0"

    def note_busy_input(self, event_at: float, what: str) -> None:
        """A click or key (``what``: its command) handled while a bot thinks: its time
        to the handler's end now, and to the next painted frame (``busy_painted``)."""
        getattr(js.window, "__busy_ui_ms").push(js.performance.now() - event_at)
        getattr(js.window, "__busy_what").push(what)
        self.busy_from = event_at
        js.requestAnimationFrame(self.busy_frame_proxy)

    def busy_frame(self, *_args) -> None:
        js.setTimeout(self.busy_painted_proxy, 0)

    def busy_painted(self, *_args) -> None:
        getattr(js.window, "__busy_frame_ms").push(js.performance.now() - self.busy_from)

    def bot_turn_done(self) -> None:
        """A bot's turn is over: the page drawn, the next turn scheduled (at "watch"
        speed its lines were shown as its decisions were)."""
        self.render()
        self.schedule()

    def tick(self, *_args) -> None:
        self.timer = None
        s = self.session
        if s is not None and s.bot_to_think():
            self.thinking = (s, s.bot_thinking())
            self.think_clock = (js.performance.now(), 0.0)
            js.document.body.dataset.thinking = "1"  # (for bench/bots.py)
            self.think()
            return
        start = len(s.state.log) if s else 0
        if self.play_automa():
            if self.speed == "watch" and len(s.state.log) > start:
                self.watch = (s, start, len(s.state.log), 0)
                self.watch_line()
                return
            self.render()
            self.schedule()
