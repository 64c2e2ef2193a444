"""The page's panels under plain CPython: the watched Automa turn, the combat reveal,
arrow keys between hexes, the produce question and a peeked hand.

Each builds a real position (a seeded game through ``Session``, or the engine) and
checks the markup a player would see, in English and Dutch where words matter.
"""

from __future__ import annotations

import re
from html import escape

import pytest
import render_decision
import render_pieces
import render_players
import render_screens
import strings
from board_layout import BoardLayout
from names import hex_label
from session import Session

from scythe_core.data.board import board_summary
from scythe_core.model import rng
from scythe_core.model.actions import unit_kind

LAYOUT = BoardLayout(board_summary()["hexes"])


def test_a_watched_automa_turn_shows_units_where_they_stood_then_slides_them_in():
    """A real Automa turn from a seeded game: before its move line the unit is drawn on
    the hex it left; at that line it is drawn on its new hex, sliding in from the old."""
    import watch_board

    session = Session({"seed": 5, "seats": [{"controller": "human"}, {"controller": "automa"}]})
    chooser = rng.seed_state(5)
    for _ in range(400):
        if session.automa_to_play():
            start = len(session.state.log)
            session.play_automa()
            lines = session.state.log[start:]
            moved = [i for i, e in enumerate(lines) if e.get("moves")]
            if moved and lines[moved[0]]["moves"][0][2]:
                break
            continue
        legal = session.legal()
        chooser, pick = rng.randbelow(chooser, len(legal))
        session.act(legal[pick])
    else:
        pytest.fail("no Automa turn moved a unit from a hex")
    view = session.view()
    seat, uid, origin, dest = lines[moved[0]]["moves"][0]
    faction = view["players"][seat]["faction"]
    kind = unit_kind(uid)
    needle = f'data-piece="{kind}" data-faction="{faction}"'

    def stack(svg: str, hid: str) -> str:
        """The markup of the pieces on one hex."""
        parts = svg.split('<g class="stack" data-at="')
        return next(p for p in parts if p.startswith(f'{hid}"'))

    board, arrivals = watch_board.watched_board(view, lines, moved[0])
    before = render_pieces.pieces_svg(board, LAYOUT, arrivals=arrivals)
    assert needle in stack(before, origin)
    assert "arrive" not in before
    board, arrivals = watch_board.watched_board(view, lines, moved[0] + 1)
    assert arrivals[(dest, faction, kind)] == origin
    at = render_pieces.pieces_svg(board, LAYOUT, arrivals=arrivals)
    arriving = re.findall(
        r'<g class="arrive" data-dx="(-?[\d.]+)" data-dy="(-?[\d.]+)">(<g class="piece [^"]*")',
        at,
    )
    assert arriving and all(kind in piece and faction in piece for _, _, piece in arriving)
    dx, dy = (float(v) for v in arriving[0][:2])
    (ox, oy), (tx, ty) = (render_pieces.stack_center(LAYOUT, h) for h in (origin, dest))
    assert dx * (ox - tx) >= 0 and dy * (oy - ty) >= 0, "it slides in from the old hex's side"
    assert abs(dx) + abs(dy) > 10


def fought_combat():
    """Nordic (seat 0) attacks Saxony's character and worker: 6 + a 5 card against 1 + a 2."""
    from scythe_core import new_game, player_view
    from scythe_core.engine import apply_in_place

    state = new_game(
        {
            "seed": 1,
            "seats": [
                {"faction": "nordic", "mat": "mechanical"},
                {"faction": "saxony", "mat": "engineering"},
            ],
        }
    )
    state.turn_index, state.turn = state.turn_order.index(0), {}
    state.pending = {"seat": 0, "kind": "section"}
    a, d = state.players
    a.character, d.character, d.workers[0] = "r4c4", "r4c3", "r4c3"
    a.power, a.combat_cards, d.power, d.combat_cards = 6, [5], 3, [2]
    for action in ("section:2", "move", "unit:character", "to:r4c3", "done"):
        apply_in_place(state, action)
    apply_in_place(state, "commit:6:5")
    apply_in_place(state, "commit:1:2")
    index = next(i for i, e in enumerate(state.log) if e["event"] == "combat")
    return state, index, player_view(state, 1)


def cells(html: str, seat: int) -> dict[str, str]:
    row = re.search(rf'<tr data-seat="{seat}"[^>]*>(.*?)</tr>', html).group(1)
    found = dict(re.findall(r'<td class="reveal-(\w+)">(.*?)</td>', row))
    found["cards"] = re.findall(r'<span class="reveal-card">(\d+)</span>', found["cards"])
    return found


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_reveal_shows_each_sides_dial_cards_total_and_the_losers_card(lang, strict_strings):
    state, index, view = fought_combat()
    html = render_screens.reveal_html(state.log, index, len(state.log), view, lang)
    assert cells(html, 0) == {"dial": "6", "cards": ["5"], "total": "11"}
    assert cells(html, 1) == {"dial": "1", "cards": ["2"], "total": "3"}
    attacker, loser = (strings.seat_name(p, lang) for p in view["players"])
    assert escape(strings.text("reveal.winner", lang, name=attacker)) in html
    after = re.findall(r'<li class="ev-(\w+)">(.*?)</li>', html)
    assert [kind for kind, _ in after] == ["worker_retreat", "combat_card", "star"]
    assert after[1][1] == escape(strings.text("event.combat_card", lang, name=loser))
    line = render_screens.event_text(state.log[index], view, lang)
    assert strings.text("event.combat_side", lang, total=11, dial=6, cards="5") in line
    assert strict_strings == []


def test_the_reveal_says_none_for_a_side_without_cards():
    state, index, view = fought_combat()
    event = dict(state.log[index], cards={"0": [], "1": [2]}, dials={"0": 11, "1": 1})
    html = render_screens.reveal_html([event], 0, 1, view, "en")
    assert cells(html, 0) == {"dial": "11", "cards": [], "total": "11"}
    assert ">none</td>" in html
    assert "11 (dial 11, no cards)" in render_screens.event_text(event, view, "en")


def test_arrow_keys_step_to_the_hex_in_that_screen_direction():
    from board_layout import ARROWS

    def step(hid: str, *keys: str) -> str | None:
        for key in keys:
            hid = LAYOUT.hex_toward(hid, "Arrow" + key)
        return hid

    assert step("r4c3", "Right") == "r4c4" and step("r4c3", "Left") == "r4c2"
    # Even rows sit half a hex to the east: Up from r4c3 is up-left, from r3c3 up-right.
    assert step("r4c3", "Up") == "r3c3" and step("r3c3", "Up") == "r2c3"
    assert step("r4c3", "Down") == "r5c3" and step("r5c3", "Down") == "r6c3"
    assert step("HB-polania", "Right") == "r3c1" and step("r3c1", "Left") == "HB-polania"
    assert step("HB-albion", "Right") == "HB-nordic"  # over the gap in the top row
    assert step("HB-crimea", "Up") == "r7c2" and step("r8c3", "Left") == "HB-crimea"
    # At the board's edge (or where nothing lies within 45 degrees) the focus stays.
    assert step("r4c0", "Left") is None and step("r1c3", "Up") is None
    assert step("HB-nordic", "Right") is None and step("r8c3", "Down") is None
    for hid in LAYOUT.cells:
        x0, y0 = LAYOUT.center(hid)
        for key, (sx, sy) in ARROWS.items():
            found = LAYOUT.hex_toward(hid, key)
            if found is None:
                continue
            dx, dy = LAYOUT.center(found)[0] - x0, LAYOUT.center(found)[1] - y0
            if sx:
                assert dy == 0 and dx * sx > 0, (hid, key, found)
            else:
                assert dy * sy > 0 and abs(dx) <= abs(dy), (hid, key, found)
    # Inside the board, Down walks back what Up did, and Left what Right did.
    for hid, (row, col) in LAYOUT.cells.items():
        if 2 <= row <= 6 and 1 <= col <= 5:
            assert step(hid, "Up", "Down") == hid and step(hid, "Down", "Up") == hid
            assert step(hid, "Left", "Right") == hid
    # Every hex and home base can be reached from any other.
    seen, todo = {"r4c3"}, ["r4c3"]
    while todo:
        here = todo.pop()
        for key in ARROWS:
            found = LAYOUT.hex_toward(here, key)
            if found and found not in seen:
                seen.add(found)
                todo.append(found)
    assert seen == set(LAYOUT.cells)


def test_how_much_a_territory_produces_is_asked_from_the_full_amount_down():
    """A random game until a territory with 2+ workers produces: the prompt names the
    resource and the hex, the buttons go from all workers down to one."""
    for seed in range(40):
        session = Session({"seed": seed, "seats": [{}, {}]})
        chooser = rng.seed_state(seed)
        for _ in range(600):
            if session.handover:
                session.finish_handover()
            view = session.view()
            pending = view["pending"]
            if pending["kind"] == "produce_amounts" and pending["product"] != "worker":
                break
            if session.game_over:
                break
            legal = session.legal()
            chooser, pick = rng.randbelow(chooser, len(legal))
            session.act(legal[pick])
        else:
            continue
        if pending["kind"] == "produce_amounts" and pending["product"] != "worker":
            break
    else:
        pytest.fail("no random game asked how much to produce")
    seat = pending["seat"]
    html = render_decision.decision_html(view, seat, session.legal(), "en")
    resource = strings.text(f"res.{pending['product']}", "en")
    assert f"How much {resource} on {hex_label(pending['hex'], 'en')}?" in html
    # The full amount is the button; smaller ones wait behind "Take less", largest first.
    shown = re.findall(r'data-action="amount:(\d+)"', html)
    less = re.search(r'data-pick="~less" data-leads="([^"]*)"', html)
    assert len(shown) == 1 and less, html
    smaller = [int(a.split(":")[1]) for a in less.group(1).split()]
    assert smaller == sorted(smaller, reverse=True) and max(smaller) < int(shown[0])
    assert f">{shown[0]} {resource}<" in html
    nl = render_decision.decision_html(view, seat, session.legal(), "nl")
    assert "Hoeveel " + strings.text("res." + pending["product"], "nl") in nl


def peeking_session() -> Session:
    """Three humans with promo encounters; seat 0 meets card 31 and chooses its peek option
    (seat 2 holds 5, 2 and 3)."""
    from scythe_core.data.components import MATS

    seats = [
        {"controller": "human", "faction": f, "mat": m}
        for f, m in (
            ("nordic", "mechanical"),
            ("saxony", "engineering"),
            ("crimea", "agricultural"),
        )
    ]
    session = Session({"seed": 5, "seats": seats, "options": {"promo_encounters": True}})
    state = session.state
    state.turn_index, state.turn = state.turn_order.index(0), {}
    state.pending = {"seat": 0, "kind": "section"}
    session.viewer, session.handover = 0, False
    nordic = state.players[0]
    nordic.character, nordic.popularity, nordic.objectives = "r4c0", 4, []
    state.players[2].combat_cards = [5, 2, 3]
    state.encounter_deck.remove(31)
    state.encounter_deck.append(31)  # on top
    move = [t for t, *_ in MATS[nordic.mat]["sections"]].index("move")
    for action in (f"section:{move}", "move", "unit:character", "to:r4c1", "done", "option:3"):
        session.act(action)
    return session


def seen_line(html: str, seat: int) -> str | None:
    panel = re.search(rf'<section class="player[^"]*" data-seat="{seat}"(.*?)</section>', html)
    found = re.search(r'<span class="seen"[^>]*>(.*?)</span>', panel.group(1))
    return found and found.group(1)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_players_panel_shows_a_peeked_hand_to_the_peeker_only(lang, strict_strings):
    session = peeking_session()
    assert session.can_undo(), "choosing the option may still be undone"
    session.act("peek:2")
    assert not session.can_undo(), "undo never goes back past what was seen"
    html = render_players.players_html(session.view(), 0, None, lang)
    assert seen_line(html, 2) == escape(strings.text("cards.seen", lang, cards="2, 3, 5"))
    assert seen_line(html, 1) is None and seen_line(html, 0) is None
    for viewer in (1, 2):
        session.viewer = viewer
        assert 'class="seen"' not in render_players.players_html(session.view(), viewer, None, lang)
    session.viewer, session.handover = 0, True  # the hand-over screen shows nobody's secrets
    assert 'class="seen"' not in render_players.players_html(session.view(), None, None, lang)
    assert strict_strings == []
