"""The page's pure-Python modules under plain CPython: strings, session, renderers.

Seeded random games go through ``Session`` and every renderer in both languages, so
a missing Dutch string or a pending kind the panel cannot word fails here, fast.
"""

from __future__ import annotations

import doctest
import importlib
import re
from html import escape

import actions_ui
import pytest
import render_decision
import render_pieces
import render_players
import render_screens
import strings
from board_layout import BoardLayout
from session import Session
from strings_en import EN
from strings_nl import NL

from scythe_core import IllegalActionError, rng
from scythe_core.board import board_summary

LAYOUT = BoardLayout(board_summary()["hexes"])
MODULES = (
    "actions_ui",
    "render_pieces",
    "replay",
    "session",
    "strings",
    "watch_board",
    "zoom",
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0


def test_dutch_has_every_english_key_and_the_same_placeholders():
    assert set(NL) == set(EN)
    for key, english in EN.items():
        assert set(re.findall(r"{(\w*)}", NL[key])) == set(re.findall(r"{(\w*)}", english)), key


@pytest.fixture()
def strict_strings(monkeypatch):
    """Fail on any key missing from the language asked for (no silent English fallback)."""
    missing = []
    original = strings.text

    def strict(key, lang=None, **values):
        if key not in strings.STRINGS[lang or strings.LANG]:
            missing.append((lang, key))
        return original(key, lang, **values)

    for module in (
        strings,
        actions_ui,
        render_decision,
        render_players,
        render_screens,
        render_pieces,
    ):
        monkeypatch.setattr(module, "text", strict)
    return missing


def render_all(session: Session, lang: str) -> None:
    view = session.view()
    legal = session.legal()
    seat = session.viewer
    found = actions_ui.targets(legal, view, seat)
    html = render_decision.decision_html(view, seat, legal, lang)
    for action in legal:
        if not action.startswith("commit:"):
            assert f'data-action="{escape(action)}"' in html, action
    render_players.players_html(view, seat, session.scores(), lang)
    render_screens.log_items(session.played, view, lang)
    render_screens.recent_html(session.played, view, seat, lang)
    render_pieces.pieces_svg(view, LAYOUT, {h: "target" for h in found}, lang)


@pytest.mark.parametrize(
    "seed,seats",
    [
        (1, ["human", "automa"]),
        (2, ["human", "human", "human"]),
        (3, ["human", "automa", "automa"]),
        (4, ["human", "human"]),
    ],
)
def test_random_games_render_in_both_languages(seed, seats, strict_strings):
    config = {"seed": seed, "seats": [{"controller": c} for c in seats]}
    session = Session(config)
    chooser = rng.seed_state(seed)
    kinds = set()
    for _ in range(700):
        session.play_automas()
        if session.game_over:
            break
        if session.handover:
            session.finish_handover()
        legal = session.legal()
        assert legal, session.state.pending
        kinds.add(session.state.pending["kind"])
        if len(kinds) < 12 or _ % 7 == 0:
            for lang in ("en", "nl"):
                render_all(session, lang)
        chooser, pick = rng.randbelow(chooser, len(legal))
        session.act(legal[pick])
    if session.game_over:
        for lang in ("en", "nl"):
            render_screens.end_html(session.scores(), session.view(), session.tracks, lang)
    assert strict_strings == []
    assert {"section", "top", "bottom"} <= kinds


def test_saved_games_are_listed_with_resume_and_delete(strict_strings):
    from storage import SaveInfo

    info = SaveInfo(
        "abc",
        "Nordic vs Saxony",
        ({"faction": "nordic"},),
        3,
        40,
        False,
        "x",
        "2026-11-22T10:00:00Z",
    )
    for lang in ("en", "nl"):
        html = render_screens.saved_html([info], lang)
        assert 'data-cmd="resume" data-id="abc"' in html and "2026-11-22 10:00" in html
    assert render_screens.saved_html([], "en") == ""
    assert strict_strings == []


def test_the_setup_form_renders_and_gives_a_config(strict_strings):
    values = render_screens.default_setup()
    values["seats"][1]["faction"] = "saxony"
    for lang in ("en", "nl"):
        html = render_screens.setup_html(values, lang, error="x")
        assert html.count("data-seat-row") == 2
    assert render_screens.setup_config(values) == {
        "seed": 1,
        "seats": [
            {"controller": "human"},
            {"controller": "automa", "level": "automa", "faction": "saxony"},
        ],
    }
    assert strict_strings == []


def solo() -> Session:
    return Session({"seed": 3, "seats": [{"controller": "human"}, {"controller": "automa"}]})


def test_undo_goes_back_within_the_own_turn_only():
    session = solo()
    assert not session.can_undo()
    session.act("section:0")
    assert session.can_undo()
    session.undo()
    assert session.state.pending["kind"] == "section" and session.played == []
    for action in ("section:0", "skip", "skip"):
        session.act(action)
    while session.state.pending["kind"] != "section":
        session.act("end_turn" if "end_turn" in session.legal() else session.legal()[0])
        session.play_automas()
    assert not session.can_undo(), "undo never reaches into a turn that is over"


def test_no_undo_past_revealed_information():
    from scythe_core.ui_helpers import reveals_hidden_information

    session = solo()
    before = session.state
    session.act("section:0")
    assert not reveals_hidden_information(before, session.state)
    state = session.state
    drawn = state.copy()
    drawn.combat_deck.pop()
    assert reveals_hidden_information(state, drawn)


def test_illegal_actions_are_refused():
    session = solo()
    with pytest.raises(IllegalActionError):
        session.act("section:9")


def test_hot_seat_hands_over_between_humans_and_hides_secrets():
    session = Session({"seed": 4, "seats": [{"controller": "human"}, {"controller": "human"}]})
    first = session.viewer
    while session.pending_seat == first:
        legal = session.legal()
        session.act(next((a for a in ("skip", "end_turn") if a in legal), legal[0]))
    assert session.handover and session.legal() == []
    hidden = session.view()
    assert all(isinstance(p["objectives"], int) for p in hidden["players"])
    session.finish_handover()
    assert session.viewer != first and session.legal()
    mine = session.view()["players"][session.viewer]["objectives"]
    assert isinstance(mine, list) and len(mine) == 2
    assert isinstance(session.view()["players"][first]["objectives"], int)


def test_hexes_of_actions_include_where_a_picked_unit_stands():
    session = solo()
    view = session.view()
    seat = session.viewer
    home = view["players"][seat]["character"]
    assert actions_ui.hexes_of("unit:character", view, seat) == [home]
    assert actions_ui.hexes_of("retreat:home", view, seat) == [home]
    found = actions_ui.targets(["to:r1c1", "produce:r1c1+r2c2", "skip"], view, seat)
    assert found == {"r1c1": ["to:r1c1", "produce:r1c1+r2c2"], "r2c2": ["produce:r1c1+r2c2"]}


def test_a_game_from_a_link_is_replayed_with_its_whole_log():
    from storage import parse_fragment

    session = Session({"seed": 4, "seats": [{"controller": "human"}, {"controller": "human"}]})
    for _ in range(12):
        if session.handover:
            session.finish_handover()
        session.act(session.legal()[0])
    copy = Session.from_record(parse_fragment(session.fragment()))
    assert copy.state.history == session.state.history
    assert [p.action for p in copy.played] == [p.action for p in session.played]
    assert copy.handover, "a shared hot-seat game opens behind the hand-over screen"
    assert not copy.can_undo()


def test_the_saved_games_screen_and_the_replay_panel_in_both_languages(strict_strings):
    import render_saves
    from replay import Replay
    from storage import Listing, Problem, SaveError, SaveInfo

    from scythe_core import apply, legal_actions, new_game, player_view, record

    info = SaveInfo(
        "abc",
        "Nordic <vs> Saxony",
        ({"faction": "nordic"}, {"faction": "saxony"}),
        3,
        40,
        False,
        "2026-11-20T09:00:00Z",
        "2026-11-22T10:00:00Z",
    )
    listing = Listing([info], [Problem("scythe.save.bad", "bad", "damaged", "It is cut short.")])
    for lang in ("en", "nl"):
        html = render_saves.saves_screen_html(listing, lang, "abc", "hello")
        assert "Nordic &lt;vs&gt; Saxony" in html and "2026-11-22 10:00" in html
        for cmd in ("resume", "replay", "export-save", "rename", "delete-save"):
            assert f'data-cmd="{cmd}" data-id="abc"' in html
        assert 'data-problem="bad"' in html and 'data-cmd="delete-save" data-id="bad"' in html
        assert 'id="import-file"' in html and 'id="saves-message">hello<' in html
    assert "It is cut short." in render_saves.saves_screen_html(listing, "en")
    assert "beschadigd" in render_saves.saves_screen_html(listing, "nl")
    assert 'id="saves-none"' in render_saves.saves_screen_html(Listing(), "en")

    state = new_game({"seed": 4, "seats": [{"faction": "nordic"}, {"faction": "saxony"}]})
    for _ in range(4):
        state = apply(state, legal_actions(state)[0])
    replay = Replay(record(state), "x")
    for lang in ("en", "nl"):
        view = player_view(replay.state, None)
        assert "disabled" in render_saves.replay_html(replay, view, lang)
    replay.go("next")
    html = render_saves.replay_html(replay, player_view(replay.state, None), "en")
    assert "Decision 1 of 4" in html and "Player 1 (Nordic)" in html
    bad = record(state)
    bad["actions"] = [*bad["actions"], "to:r9c9"]
    broken = Replay(bad, "bad")
    with pytest.raises(SaveError) as caught:
        broken.go("last")
    assert caught.value.code == "damaged" and broken.index == 0
    assert strict_strings == []


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_triumph_track_shows_every_star_space_and_both_bars(lang, strict_strings):
    seats = [{"controller": "human", "faction": "saxony"}, {"controller": "human"}]
    view = Session({"seed": 5, "seats": seats}).view()
    html = render_players.triumph_html(view, lang)
    assert html.count('class="tri-row') == 2
    saxony = next(p["seat"] for p in view["players"] if p["faction"] == "saxony")
    row = re.search(rf'data-seat="{saxony}">(.*?)</li>', html).group(1)
    for category in ("upgrades", "mechs", "structures", "recruits", "workers", "objective"):
        assert row.count(f'data-cat="{category}"') >= 1, category
    assert row.count('data-cat="combat"') == 3  # two spaces and Saxony's "no limit"
    assert row.count('class="tri more"') == 2
    assert 'aria-valuemax="16"' in row and 'aria-valuemax="18"' in row
    tiers = re.findall(r'cell[^"]* tier" data-n="(\d+)"', row)
    assert tiers == ["7", "13"]
    assert escape(strings.text("triumph.title", lang)) in html
    assert "triumph" in render_players.players_html(view, 0, None, lang)


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
    kind = uid.split(":")[0]
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
        r'<g class="arrive" style="--dx:(-?[\d.]+)px;--dy:(-?[\d.]+)px">(<g class="piece [^"]*")',
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


def peeking_session() -> Session:
    """Three humans with promo encounters; seat 0 meets card 31 and chooses its peek option
    (seat 2 holds 5, 2 and 3)."""
    from scythe_core.data import MATS

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
