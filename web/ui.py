"""The game in the page: clicks and keys become actions, each change re-renders the screen.

Runs in the browser only (``js``). Every click on a button or a highlighted hex
sends one canonical action from ``Session.legal()``; the markup comes from the
pure ``render_*`` modules, and a region's ``innerHTML`` is set only when its markup
changed (``page_dom.Regions``): a click re-creates the decision panel, not the board's
pieces, the players, the mat and the header as well. A click's answer is painted
first: the board, the decision and the mat in the click's own task, the header, the
players' panels and the log right after that frame (``Page.render``).
"""

from __future__ import annotations

import guide_ui
import js
import pass_on_ui
import saves_ui
import stats_ui
import strings
from actions_ui import targets
from automa_pacing import SPEEDS, AutomaPacing
from choice_steps import Choice, current, repeats, toggle, unasked_answer
from markup import Markup, attrs, html, join
from mat_targets import mat_targets
from names import hex_label
from page_dom import LAYOUT, SUMMARY, Regions, attr, document, el, set_data, zoom_labels
from page_saves import PageSaves
from page_setup import PageSetup, new_seed
from phone_frame import Menu, Sheet
from pyodide.ffi import create_once_callable, create_proxy
from render_board import board_svg, legend_html, territories_html
from render_decision import decision_html
from render_mat import own_mat_html
from render_pieces import pieces_inputs, pieces_svg
from render_players import players_html, players_inputs
from render_saves import message_html
from render_screens import (
    default_setup,
    end_html,
    handover_html,
    log_items,
    recent_html,
    reveal_html,
    saved_html,
    setup_html,
    watch_hexes,
    watch_html,
)
from render_stats import stats_button_html
from rules_data import paragraph_for_kind
from rules_panel import RulesPanel
from session import Session
from strings import LANGUAGES, text
from watch_board import watched_board
from zoom_events import ZoomControl

from scythe_core import IllegalActionError
from scythe_core.data.board import BOARD_HEXES, reading_order_key
from scythe_core.io.ui_helpers import mat_sections, territory_control

NOTHING = Markup("")
#: Open dialogs that hold the keyboard's focus until they close (``follow_dialogs``).
DIALOGS = "#overlay:not([hidden]) [role=dialog], #decision .reveal[role=dialog]"
FOCUSABLE = "button:not([disabled]), input:not([disabled]), select:not([disabled]), [tabindex='0']"


class Page(AutomaPacing, PageSaves, PageSetup):
    """What the page shows besides the engine state: language, setup, choices in progress.

    Automa pacing, saving and the new-game form live in the mixins (``automa_pacing``,
    ``page_saves``, ``page_setup``)."""

    def __init__(self) -> None:
        self.session: Session | None = None
        self.setup = default_setup()
        self.setup["seed"] = new_seed()
        self.error = ""
        self.hex_choice: str | None = None
        self.combat_pick: dict = {}
        #: Ask how much to take (coins, production) instead of taking the full amount.
        self.ask_less = False
        #: The board's high-contrast palette (a class on <html>; style.css switches colours).
        self.high_contrast = False
        #: The element focused before a dialog opened (focus returns there), or None.
        self.dialog_from = None
        #: A big decision's steps taken so far (``choice_steps``).
        self.choice = Choice()
        #: The last combat revealed: (session, its log index, the log's end after it).
        self.reveal: tuple | None = None
        self.end_closed = False
        self.log_shown: tuple = ()
        self.renders = 0
        #: The markup last set per region (only a changed region is set again).
        self.regions = Regions()
        #: The screen over the board is shown (``show_overlay``).
        self.overlay_shown = False
        self.init_pacing()
        self.zoom = ZoomControl(LAYOUT.view_box())
        #: The phone's bottom sheet and header menu (``phone_frame``).
        self.sheet = Sheet()
        self.menu = Menu()
        #: The rules reference beside the board (``rules_panel``).
        self.rules = RulesPanel()
        #: The players' panels drawn last, by what they were drawn from (``players_html``).
        self.panels_drawn: dict[str, Markup] = {}
        #: The board's pieces, stacks and highlights drawn so far (``pieces_svg``).
        self.pieces_drawn: dict[tuple, Markup] = {}
        #: The mat's parts drawn last, with what they were drawn from (``own_mat_html``).
        self.mat_drawn: dict[str, tuple] = {}
        #: The view last drawn (the hover info reads it instead of asking the engine again).
        self.view: dict | None = None
        self.notice = ""
        self.init_saves()
        #: A newer build's service worker has taken over: offer a reload.
        self.update_ready = False
        #: The replay being watched (``replay.Replay``), the screen over the board
        #: ("saves" or ""), its message, and the link to copy by hand (no clipboard).
        self.replay = None
        self.panel = ""
        self.saves_message = ""
        self.share_field = ""
        #: Play by link (``pass_on_ui``): the hand-over whose link is shown and what its
        #: Copy button did, and the hand-over of a game just opened from a link.
        self.pass_shown: tuple | None = None
        self.pass_status = ""
        self.pass_received: tuple | None = None
        #: Statistics (``stats_ui``): the finished game last recorded, the screen's message.
        self.stats_noted: tuple | None = None
        self.stats_message = ""
        #: ``event.timeStamp`` of the click or key being handled (for timings).
        self.input_at: float | None = None
        #: The input being handled is a pointer's click (not a key): the focus is put
        #: back only after the next frame is painted (``refocus``).
        self.pointer = False
        self.refocus_proxy = create_proxy(self.refocus_later)
        self.dialogs_proxy = create_proxy(self.follow_dialogs_later)
        setattr(js.window, "__ui_ms", js.Array.new())  # (no name mangling)
        setattr(js.window, "__automa_ms", js.Array.new())
        setattr(js.window, "__frame_ms", js.Array.new())
        setattr(js.window, "__frame_round", js.Array.new())
        setattr(js.window, "__settled_ms", js.Array.new())
        self.frame_from = 0.0
        self.frame_proxy = create_proxy(self.frame)
        #: The guided first game (``guide_ui``): its step card and the object it lights.
        self.guide = guide_ui.Guide()
        self.painted_proxy = create_proxy(self.painted)
        #: A click's render left its rest for after the next frame (``render_rest``).
        self.rest_due = False
        #: ``event.timeStamp`` of the first input whose render left the rest due.
        self.rest_from = 0.0
        self.rest_proxy = create_proxy(self.rest_later)
        self.rest_now_proxy = create_proxy(self.render_rest)
        #: The viewer's mat is shown beside the players' panels (``show_own_mat``).
        self.mat_shown = False
        self.decision_whole = NOTHING
        self.log_end_proxy = create_proxy(self.log_to_end)

    @property
    def lang(self) -> str:
        return strings.LANG

    # --- drawing -------------------------------------------------------------

    def header(self) -> None:
        other = LANGUAGES[(LANGUAGES.index(self.lang) + 1) % len(LANGUAGES)]
        s = self.session
        status = ""
        shown = self.replay.state if self.replay is not None else s.state if s else None
        if shown is not None:  # the game on the board: the one being replayed, if any
            status = f"{text('game.round', n=shown.round)} · {text('game.seed', seed=shown.seed)}"
        speeds = join(
            html(
                "<option{a}>{label}</option>",
                a=attrs(value=k, selected=k == self.speed),
                label=text("speed." + k),
            )
            for k in SPEEDS
        )
        update = NOTHING
        if self.update_ready:
            update = html(
                '<span class="update" role="status">{ready} '
                '<button type="button" data-cmd="reload" id="update-reload" '
                'title="{tip}">{reload}</button></span>',
                ready=text("update.ready"),
                tip=text("update.tip"),
                reload=text("update.reload"),
            )
        self.regions.set(
            "controls",
            html(
                '<span id="game-status" class="game-status"{status_tip}>{status}</span>'
                "{notice}{update}"
                '<button type="button" data-cmd="undo" id="undo" title="{undo_tip}"{undo_off}>'
                "{undo}</button>"
                '<label class="speed" title="{speed_tip}">{speed} <select id="speed">{speeds}'
                "</select></label>"
                '<label class="ask-less" title="{ask_tip}"><input type="checkbox" id="ask-less"'
                "{checked}> {ask}</label>"
                '<label class="contrast" title="{contrast_tip}"><input type="checkbox" '
                'id="high-contrast"{contrast_on}> {contrast}</label>'
                '<button type="button" data-cmd="new" id="new-game">{new}</button>{saves}'
                '<button type="button" data-cmd="rule" data-rule="{rule}" id="rules-open" '
                'title="{rules_tip}">{rules}</button>'
                '<button type="button" data-cmd="lang" data-lang="{other}" id="lang" lang="{other}" '
                'title="{lang_tip}">{lang}</button>',
                status=status,
                status_tip=attrs(title=status or None),
                notice=self.notice_html(),
                update=update,
                undo_tip=text("game.undo.tip"),
                undo_off=attrs(disabled=not (s and s.can_undo())),
                undo=text("game.undo"),
                speed=text("speed.label"),
                speed_tip=text("speed.tip"),
                speeds=speeds,
                ask_tip=text("ask_less.tip"),
                checked=attrs(checked=self.ask_less),
                ask=text("ask_less.label"),
                contrast_tip=text("contrast.tip"),
                contrast_on=attrs(checked=self.high_contrast),
                contrast=text("contrast.label"),
                new=text("game.new"),
                saves=saves_ui.controls_html(self),
                rule=self.rule_here(),
                rules_tip=text("rules.open.tip"),
                rules=text("rules.open"),
                other=other,
                lang_tip=text("lang.switch.tip"),
                lang=text("lang.switch"),
            ),
        )

    def rule_here(self) -> str:
        """The rules paragraph of what is on screen: the pending decision's, or the goal."""
        s = self.session
        if s is None or self.replay is not None or s.game_over:
            return "goal"
        return paragraph_for_kind(str(s.state.pending.get("kind")))

    def render(self) -> None:
        """Redraw everything that depends on the game (the regions whose markup changed).

        A click's or key's answer is painted first: the board, the decision and the
        mat now; the rest (the header, the players' panels, the log, the territory
        list; the autosave) in a task after the next painted frame (``render_rest``),
        once however many renders come before it. ``body[data-renders]`` counts only
        renders the whole page shows, the rest included."""
        if self.input_at is not None:  # first of this render's frame callbacks (``frame``)
            self.frame_from = self.input_at
            js.requestAnimationFrame(self.frame_proxy)
        later = self.input_at is not None and self.game_shown()
        if not later:
            self.rest_due = False
            self.save()
            stats_ui.note_finished(self)
            self.header()
        if self.replay is not None:
            saves_ui.render_replay(self)
        elif self.session is None:
            self.render_setup()
        else:
            self.render_game(later)
            if not later:
                self.render_game_rest()
        self.guide.show(self)
        set_data(
            document.body,
            saves="1" if self.panel == "saves" else "0",
            stats="1" if self.panel == "stats" else "0",
        )
        if self.panel == "saves":
            saves_ui.show_saves(self)
        elif self.panel == "stats":
            stats_ui.show_stats(self)
        if not later:
            self.render_territories()
        if self.rules.open and (self.session is None or self.session.handover):
            self.rules.close()  # the next player's screen starts without the last one's page
        self.follow_dialogs()
        s = self.session
        self.sheet.follow(
            (id(s), len(s.played) if s else -1, self.choice.path, self.hex_choice, self.replay)
        )
        if later and not self.rest_due:
            self.rest_due = True
            self.rest_from = self.input_at
            js.requestAnimationFrame(self.rest_proxy)
        self._mark_rendered(settled=not later)

    def leaving(self, *_args) -> None:
        """The player may look at the address or leave: what a click left for after its
        frame (the autosave among it) is done now, then the address brought up to date."""
        self.render_rest()
        self.flush_address()

    def game_shown(self) -> bool:
        """The game's own screen is drawn (not a replay, the new-game form or a screen
        over the board): only its render leaves a part for after the frame."""
        return self.session is not None and self.replay is None and not self.panel

    def rest_later(self, *_args) -> None:
        js.setTimeout(self.rest_now_proxy, 0)

    def render_rest(self, *_args) -> None:
        """What a click's render left for after its frame (``render``), if still due."""
        if not self.rest_due:
            return
        self.rest_due = False
        self.save()
        stats_ui.note_finished(self)
        self.header()
        if self.game_shown():
            self.render_game_rest()
        self.render_territories()
        self.remember()
        document.body.dataset.renders = str(self.renders)
        # Click or key to the whole page drawn, the rest included (for bench/ui.py).
        getattr(js.window, "__settled_ms").push(js.performance.now() - self.rest_from)

    def render_territories(self) -> None:
        """The board as a list (legend's "Territories as a list"), drawn while it is open."""
        box = el("territories-box")
        if not box or not box.open:
            return
        s = self.session
        shown = self.replay.state if self.replay is not None else s.state if s else None
        if shown is None:  # the empty board before a game: the names alone
            control = dict.fromkeys(sorted(BOARD_HEXES, key=reading_order_key))
            view = None
        else:
            control, view = territory_control(shown), self.view
        self.regions.set("territories", territories_html(view, control, self.lang))

    def follow_dialogs(self) -> None:
        """Move the focus into a dialog that is open (the hand-over, the combat reveal,
        the scores) unless it is there already, and back to where it was once no dialog
        is open any more.

        Focusing lays the page out at once, half redrawn; after a pointer's click that
        waits until the next frame is painted (as ``refocus`` does), so a click while
        the combat reveal stays open lays the page out once, not twice."""
        if self.dialog_from is None and self.reveal is None and not self.overlay_shown:
            return  # no dialog was open, and none can be: nothing to look for
        if self.pointer:
            js.requestAnimationFrame(self.dialogs_proxy)
            return
        self.follow_dialogs_now()

    def follow_dialogs_later(self, *_args) -> None:
        js.setTimeout(create_once_callable(self.follow_dialogs_now), 0)

    def follow_dialogs_now(self, *_args) -> None:
        dialog = document.querySelector(DIALOGS)  # JS null (falsy) when none is open
        if dialog:
            region = el("overlay") if dialog.closest("#overlay") else dialog
            active = document.activeElement
            if self.dialog_from is None:
                self.dialog_from = active if active else document.body
            if not (active and region.contains(active)):
                first = region.querySelector(FOCUSABLE)
                if first:
                    first.focus()
        elif self.dialog_from is not None:
            before, self.dialog_from = self.dialog_from, None
            if before != document.body and before.isConnected:
                before.focus()
            else:
                self.refocus()

    def render_setup(self) -> None:
        self.regions.set(
            "pieces",
            pieces_svg({"players": [], "resources": {}, "encounter_tokens": _spots()}, LAYOUT),
        )
        form = setup_html(self.setup, self.lang, self.error) + saved_html(self.saved(), self.lang)
        if self.deleted is not None and self.panel != "saves":  # a delete from this list
            form += message_html(self.saves_message, self.lang, undo=True)
        form += html(
            '<p><button type="button" data-cmd="saves" id="more-saves">{more}</button> {stats}</p>',
            more=text("saves.more"),
            stats=stats_button_html(self.lang),
        )
        self.regions.set("decision", html('<div id="setup" class="setup">{form}</div>', form=form))
        self.regions.set("players", "")
        self.regions.set("mat-box", "")
        el("log").innerHTML = ""
        self.log_shown = ()
        if self.panel != "saves":
            self.show_overlay(None)
        set_data(document.body, game="setup")

    def render_game(self, later: bool = False) -> None:
        """The game's regions; ``later``: those that do not show a click's answer are
        left for ``render_rest`` (the summary of the others' turns under the choices)."""
        s = self.session
        view = self.view = s.view()
        legal = s.legal()
        seat = s.viewer
        step = current(legal, self.choice) if legal else None
        found = targets(step.actions(), view, seat) if step and not step.toggles else {}
        if self.hex_choice not in found:
            self.hex_choice = None
        marks = {hid: "target" for hid in found}
        if step and step.toggles:  # a Produce: the lit hexes toggle
            marks = {h: "chosen" if h in step.on else "target" for h in step.enabled}
        pending = view["pending"]
        at = pending.get("at") if pending.get("kind") == "move_unit" else pending.get("hex")
        if isinstance(at, str):
            marks.setdefault(at, "from")  # the moving unit, or the combat
        if self.hex_choice:
            marks[self.hex_choice] = "chosen"
        watched = self.watched()
        board, arrivals = view, None
        if watched:
            for hid in watch_hexes(watched[-1], view, self.lang):
                marks[hid] = "watch"
            session, start, end, shown = self.watch
            board, arrivals = watched_board(view, session.state.log[start:end], shown)
        elif self.bot_arrivals:  # a bot's decision watched: drawn once with its slides
            arrivals, self.bot_arrivals = self.bot_arrivals, None
        drawn = self.regions.set_drawn(
            "pieces",
            (pieces_inputs(board), marks, self.lang, arrivals),
            lambda: pieces_svg(board, LAYOUT, marks, self.lang, arrivals, self.pieces_drawn),
        )
        if arrivals and drawn:
            start_arrivals(el("pieces"))
        reveal = self.reveal_markup(view)
        asked = decision_html(
            view,
            seat,
            legal,
            self.lang,
            self.hex_choice,
            found.get(self.hex_choice) if self.hex_choice else None,
            self.combat_pick,
            self.choice,
        ) + (NOTHING if s.handover else reveal + watch_html(watched, view, self.lang))
        # While an Automa turn is watched, its lines come one by one: no summary yet.
        recap = NOTHING if watched or not legal else recent_html(s.played, view, seat, self.lang)
        ending = NOTHING if legal else self.after_game()
        #: The decision panel whole: with the summary of the others' turns under the
        #: choices, which a click's render leaves for after its frame (``render_rest``).
        self.decision_whole = asked + recap + ending
        # (Not in a guided game: its step card scrolls to what it lights, in the mat below.)
        apart = later and self.guide.session is not s
        self.regions.set("decision", asked + ending if apart else self.decision_whole)
        self.mat_shown = self.show_own_mat(view, legal, step)
        if self.panel in ("saves", "stats"):
            pass  # the saved-games or statistics screen stays over the board
        elif s.handover:
            player = view["players"][s.pending_seat]
            extra = pass_on_ui.handover_extra(self, player)
            self.show_overlay(handover_html(player, self.lang, extra) + reveal)
        elif s.game_over and not self.end_closed:
            self.show_overlay(end_html(s.scores(), view, s.tracks, self.lang))
        else:
            self.show_overlay(None)
        set_data(
            document.body,
            game="over" if s.game_over else "on",
            pending=str(view["pending"].get("kind")),
            viewer="" if seat is None or s.handover else str(seat),
            handover="1" if s.handover else "0",
        )

    def render_game_rest(self) -> None:
        """The game's regions that do not show a click's answer: the summary of the
        others' turns under the choices, the players' panels and the log (drawn from
        ``render_game``'s view)."""
        s, view = self.session, self.view
        self.regions.set("decision", self.decision_whole)
        viewer = None if s.handover else s.viewer
        scores = s.scores()
        mat_shown = self.mat_shown
        self.regions.set_drawn(
            "players",
            (players_inputs(view), viewer, scores, self.lang, mat_shown),
            lambda: players_html(view, viewer, scores, self.lang, mat_shown, self.panels_drawn),
        )
        if not self.watched():
            self.render_log(view)

    def show_overlay(self, markup: Markup | None) -> None:
        """The screen over the board (hand-over, scores, saved games), or none."""
        self.regions.set("overlay", markup or "")
        self.overlay_shown = markup is not None
        overlay = el("overlay")
        if overlay and bool(overlay.hidden) != (markup is None):
            overlay.hidden = markup is None

    def show_own_mat(self, view: dict, legal: list[str], step) -> bool:
        """Draw the viewer's mat, its parts lit where the pending decision (``legal``:
        the viewer's, empty when someone else decides) is made; False if none is shown."""
        s = self.session
        seat = s.viewer
        player = view["players"][seat] if seat is not None and not s.handover else None
        rows = mat_sections(player) if player is not None and player["mat"] else []
        if not rows:
            self.regions.set("mat-box", NOTHING)
            return False
        targets = {}
        if legal:
            tops = {row["index"]: row["top"] for row in rows}
            kind = str(view["pending"].get("kind"))
            after = {a: s.legal_after(a) for a in legal} if kind == "section" else None
            targets = mat_targets(kind, legal, step, tops, after)
        chosen = view.get("turn", {}).get("section") if legal else None
        held = s.held(seat)
        self.regions.set_drawn(
            "mat-box",
            (player, seat, targets, held, chosen, self.lang),
            lambda: own_mat_html(
                view, seat, targets, held, hex_label, self.lang, chosen, self.mat_drawn
            ),
        )
        return True

    def reveal_markup(self, view: dict) -> Markup:
        """The combat reveal dialog, while it belongs to this game and was not undone."""
        if self.reveal is None:
            return NOTHING
        session, index, end = self.reveal
        log = session.state.log
        if session is not self.session or len(log) < end or log[index].get("event") != "combat":
            self.reveal = None
            return NOTHING
        return reveal_html(log, index, end, view, self.lang)

    def render_log(self, view: dict) -> None:
        """Append new log lines; redraw the log only after an undo or a language switch."""
        s = self.session
        key = (id(s), self.lang)
        shown = self.log_shown[2] if self.log_shown[:2] == key else -1
        if shown < 0 or shown > len(s.played):
            el("log").innerHTML = log_items(s.played, view, self.lang, 0)
        elif shown < len(s.played):
            before = el("log").children.length
            el("log").insertAdjacentHTML("beforeend", log_items(s.played, view, self.lang, shown))
            self.announce(el("log").children, before)
        else:
            return
        self.log_shown = (*key, len(s.played))
        # To the newest line once the frame is laid out: reading the log's height now
        # would lay the whole page out twice (here, then again for the frame).
        js.requestAnimationFrame(self.log_end_proxy)

    def log_to_end(self, *_args) -> None:
        box = el("log")
        if box:
            box.scrollTop = box.scrollHeight

    def announce(self, lines, start: int) -> None:
        """Read the log's new lines out (the legend's polite live region)."""
        region = el("announce")
        if region:
            region.textContent = " ".join(
                str(lines.item(i).textContent) for i in range(start, lines.length)
            )

    def after_game(self) -> Markup:
        """Under "the game is over": the scores again, or a new game."""
        if not self.session.game_over:
            return NOTHING
        return html(
            '<p class="choices"><button type="button" class="primary" data-cmd="show-end" '
            'id="show-end">{show}</button> '
            '<button type="button" data-cmd="new">{new}</button></p>',
            show=text("end.show"),
            new=text("game.new"),
        )

    def _mark_rendered(self, settled: bool = True) -> None:
        """Count the render; ``settled``: the whole page shows it (else ``render_rest``
        finishes it and tells the tests)."""
        self.renders += 1
        if settled:
            self.remember()
            document.body.dataset.renders = str(self.renders)
        now = js.performance.now()
        setattr(js.window, "__t_render", now)
        if self.input_at is not None:  # click or key to re-rendered page, for bench/ui.py
            getattr(js.window, "__ui_ms").push(now - self.input_at)
            self.input_at = None

    def frame(self, *_args) -> None:
        """The frame after a re-render is being made: once it is painted, ``painted``.

        Asked for as a render starts, before the render's own frame callbacks (the
        focus that waits for the frame, the log scrolled to its end): the first task
        after the paint is then this one, not theirs."""
        js.setTimeout(self.painted_proxy, 0)

    def painted(self, *_args) -> None:
        """Click or key to the next painted frame (the first task after the frame's
        animation callbacks, style, layout and paint), and the round, for bench/ui.py."""
        getattr(js.window, "__frame_ms").push(js.performance.now() - self.frame_from)
        s = self.session
        getattr(js.window, "__frame_round").push(s.state.round if s else 0)

    def redraw_static(self) -> None:
        """The board's own art and the legend (they change only with the language)."""
        document.documentElement.lang = self.lang
        el("board-wrap").innerHTML = board_svg(SUMMARY)
        self.regions.forget()  # the pieces' layer was drawn afresh with the board
        self.zoom.apply()
        self.zoom.relabel(zoom_labels())
        self.sheet.relabel()
        self.menu.relabel()
        el("legend").innerHTML = legend_html()
        el("log-title").textContent = text("log.title")
        el("hex-info").textContent = text("hint")

    def apply_contrast(self) -> None:
        """Show the board in the high-contrast palette or the usual one."""
        document.documentElement.classList.toggle("high-contrast", self.high_contrast)

    # --- playing -------------------------------------------------------------

    def act(self, action: str, then: str | None = None) -> None:
        """Send a legal action; ``then``: one more right after it, if it is then legal
        (a section and its top action from one click on the mat)."""
        s = self.session
        if s is None or self.replay is not None or action not in s.legal():
            return
        before = len(s.state.log)
        try:
            s.act(action)
            if then is not None and then in s.legal():
                s.act(then)
            while repeats(action, self.ask_less) and action in s.legal():
                s.act(action)  # the rest of a cost paid from the same hex
        except IllegalActionError:
            return
        log = s.state.log
        fought = [i for i in range(before, len(log)) if log[i].get("event") == "combat"]
        if fought:
            self.reveal = (s, fought[-1], len(log))
        self.hex_choice = None
        self.combat_pick = {}
        self.choice = Choice()
        if self.watch is not None:
            self.watch = None
            self.stop_timer()
        self.after_change()

    def after_change(self) -> None:
        while self.answer_unasked():
            pass
        if SPEEDS[self.speed] == 0:
            # Automa turns at once; a bot thinks in slices even now (the page stays live).
            while not self.bot_thinks_next() and (self.play_automa() or self.answer_unasked()):
                pass
            if self.bot_thinks_next():
                self.schedule()
        else:
            self.schedule()
        self.render()
        self.refocus()

    def bot_thinks_next(self) -> bool:
        return self.session is not None and self.session.bot_to_think()

    def answer_unasked(self) -> bool:
        """Answer what needs no question (``choice_steps.unasked_answer``): a lone way
        on, the full amount; Undo shows the question again where it can."""
        s = self.session
        if s is None or self.replay is not None or s.handover:
            return False
        seat = s.pending_seat
        if seat is None or s.controller(seat) != "human":
            return False
        answer = unasked_answer(str(s.state.pending.get("kind")), s.legal(), self.ask_less)
        if answer is not None:
            s.act(answer)
        return answer is not None

    def hex_clicked(self, hid: str) -> None:
        s = self.session
        if s is None or self.replay is not None:
            return
        step = current(s.legal(), self.choice)
        if step.toggles:
            if hid in step.enabled:
                self.choice = toggle(s.legal(), self.choice, hid)
                self.render()
            return
        found = targets(step.actions(), s.view(), s.viewer)
        actions = found.get(hid, [])
        if len(actions) == 1:
            self.act(actions[0])
        elif actions:
            self.hex_choice = hid
            self.render()
            self.refocus()

    def refocus(self) -> None:
        """Keep keyboard play going: focus the first choice when focus was lost.

        Focusing lays the page out at once; after a pointer's click (no keyboard play
        going on) that waits until the next frame is painted, so the page is laid out
        once per click, not twice."""
        if self.pointer:
            js.requestAnimationFrame(self.refocus_proxy)
            return
        self.refocus_now()

    def refocus_later(self, *_args) -> None:
        js.setTimeout(create_once_callable(self.refocus_now), 0)

    def refocus_now(self, *_args) -> None:
        active = document.activeElement
        if active and active != document.body and active.isConnected:
            return
        first = document.querySelector(
            "#overlay:not([hidden]) button, #decision button.act:not(.passive), #decision button"
        )
        if first:
            first.focus()

    # --- commands ------------------------------------------------------------

    def combat_toggle(self, target) -> None:
        pick = self.combat_pick
        if attr(target, "data-dial"):
            pick["dial"] = int(attr(target, "data-dial"))
        elif attr(target, "data-value"):
            value = int(attr(target, "data-value"))
            cards = list(pick.get("cards", []))
            if target.getAttribute("aria-pressed") == "true":
                cards.remove(value)
            else:
                cards.append(value)
            pick["cards"] = cards
        self.render()


def start_arrivals(root) -> None:
    """Where each arriving piece slides in from (set through CSSOM: the page's
    Content-Security-Policy allows no style attributes in markup). With reduced motion
    asked for, the pieces stand in their new places at once: no slide at all."""
    if js.window.matchMedia("(prefers-reduced-motion: reduce)").matches:
        for group in root.querySelectorAll(".arrive"):
            group.classList.remove("arrive")
        return
    for group in root.querySelectorAll(".arrive[data-dx]"):
        group.style.setProperty("--dx", f"{group.getAttribute('data-dx')}px")
        group.style.setProperty("--dy", f"{group.getAttribute('data-dy')}px")


def _spots() -> list[str]:
    return [c["id"] for c in SUMMARY["hexes"] if c["encounter"]]
