"""The page's pure-Python modules under plain CPython: strings, session, renderers.

Seeded random games go through ``Session`` and every renderer in both languages, so
a missing Dutch string or a pending kind the panel cannot word fails here, fast.
"""

from __future__ import annotations

import doctest
import importlib
import re
from html import escape, unescape
from html.parser import HTMLParser

import actions_ui
import pytest
import render_decision
import render_pieces
import render_players
import render_screens
import strings
from board_layout import BoardLayout
from session import Session

from scythe_core import IllegalActionError, apply, new_game, player_view
from scythe_core.data.board import board_summary
from scythe_core.model import rng
from scythe_core.model.actions import is_commit

LAYOUT = BoardLayout(board_summary()["hexes"])
MODULES = (
    "actions_ui",
    "render_pieces",
    "render_stats",
    "replay",
    "session",
    "stats",
    "strings",
    "watch_board",
    "zoom",
)


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0


def test_the_csv_link_is_encoded_as_urllib_would():
    """render_stats writes its own percent-encoding (urllib costs the page's start)."""
    from urllib.parse import quote

    import render_stats

    awkward = "\ufeff" + "".join(map(chr, range(1, 0x180))) + 'Noordse Rijk; 12 €\r\n"a,b"\t~'
    assert render_stats.percent_encoded(awkward) == quote(awkward, safe="")
    assert render_stats.percent_encoded("") == ""


def test_the_statistics_csv_is_written_as_the_csv_module_would():
    """stats writes its own CSV records (the csv module costs the page's start)."""
    import csv
    import io

    import stats

    cells = ["a", "b,c", 'say "hi"', "x\ny", "", " lead", "tab\tx", "cr\rz", "é€", '"', ","]
    for row in (cells, ["one"], ["x", ""], [c * 2 for c in cells]):
        out = io.StringIO()
        csv.writer(out, lineterminator="\r\n").writerow(row)
        assert stats.csv_line(row) == out.getvalue(), row


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_resource_chip_sets_its_letter_apart_from_its_count(lang):
    """Three oil read "3" and a smaller letter, never "30" (the letter O beside a count)."""
    game = new_game(
        {"seed": 5, "seats": [{"faction": "saxony", "mat": "industrial"}, {"controller": "automa"}]}
    )
    for action in ("section:1", "produce:r6c0+r7c1"):
        game = apply(game, action)
    svg = str(render_pieces.pieces_svg(player_view(game, 0), LAYOUT, None, lang))
    chips = re.findall(r'data-resource="(\w+)" data-count="(\d+)">.*?</g>', svg)
    assert sorted(chips) == [("metal", "1"), ("oil", "1")]
    oil = re.search(r'data-resource="oil".*?<text class="ltr"[^>]*>(.*?)</text>', svg).group(1)
    letter = strings.text("res.letter.oil", lang)
    assert oil == f'1<tspan class="kind" dx="0.5">{letter}</tspan>'


def test_counted_strings_take_their_plural_form():
    assert strings.text("saves.imported", "en", n=1) == "Imported 1 game."
    assert strings.text("saves.imported", "nl", n=2) == "2 spellen geïmporteerd."
    assert strings.text("coins.take", "nl", n=1) == "Neem 1 munt"
    assert strings.text("context.move_unit", "en", unit="Mech", steps=1) == "Mech: 1 step left."
    assert strings.text("context.move_unit", "en", unit="Mech", steps=2) == "Mech: 2 steps left."
    assert strings.ntext("saves.decisions", 1, "nl") == "1 beslissing"
    assert strings.text("tip.top.trade", "en", **strings.RULE_NUMBERS).startswith(
        "Trade: pay 1 coin for"
    )
    with pytest.raises(TypeError):
        strings.text("act.workers", "en")
    for key in strings.COUNTED_BY:
        assert strings.is_plural(key), key


def test_strings_take_the_rules_numbers_from_the_rules():
    from scythe_core.data.components import POWER_MAX, STAR_GOALS, TOP_ACTION_COINS

    numbers = strings.RULE_NUMBERS
    for lang in strings.LANGUAGES:
        for key in ("tip.power", "tip.mechs", "star.popularity", "triumph.tip", "tip.top.trade"):
            template = strings.catalogue(lang).ngettext(key, key, 2)
            assert set(re.findall(r"{(\w*)}", template)) <= set(numbers) | {"n"}, key
    assert numbers["goal_mechs"] == STAR_GOALS["mechs"]
    assert numbers["bolster_coins"] == TOP_ACTION_COINS["bolster"]
    assert f"(0–{POWER_MAX})" in strings.text("tip.power", "en", **numbers)
    assert "(7 and 13)" in strings.text("triumph.tip", "en", **numbers)
    assert "zes" not in strings.text("triumph.tip", "nl", **numbers)


#: An internal id a player must never read: a hex (``r2c5``, ``HB-nordic``) or a unit.
INTERNAL_ID = re.compile(r"\br\d+c\d+\b|HB-|\b(?:worker|mech):\d")


class ReadText(HTMLParser):
    """What a player reads (or hears) of markup: its text, titles and aria-labels."""

    def __init__(self) -> None:
        super().__init__()
        self.read: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.read += [v for k, v in attrs if k in ("title", "aria-label", "alt") and v]

    def handle_data(self, data):
        self.read.append(data)


def assert_no_internal_ids(markup: str) -> None:
    reader = ReadText()
    reader.feed(markup)
    leaked = [t for t in reader.read if INTERNAL_ID.search(t)]
    assert not leaked, leaked


def render_all(session: Session, lang: str) -> None:
    view = session.view()
    legal = session.legal()
    seat = session.viewer
    found = actions_ui.targets(legal, view, seat)
    html = render_decision.decision_html(view, seat, legal, lang)
    assert_no_internal_ids(html)
    for hid, actions in found.items():  # a hex's own choices, as after a click on it
        assert_no_internal_ids(render_decision.decision_html(view, seat, legal, lang, hid, actions))
    # Every legal action is a button, or a step's button leads to it (choice_steps).
    leads = " ".join(re.findall(r'data-(?:action|leads)="([^"]*)"', html))
    reachable = set(unescape(leads).split())
    for action in legal:
        if not is_commit(action):
            assert action in reachable, action
    panels = render_players.players_html(view, seat, session.scores(), lang)
    assert not re.search(r"{\w+}", panels), "a placeholder left unfilled"
    log = render_screens.log_items(session.played, view, lang)
    assert not re.search(r"{\w+}", log), "a placeholder left unfilled"
    for markup in (
        panels,
        log,
        render_screens.recent_html(session.played, view, seat, lang),
        render_screens.watch_html(view["log"][-12:], view, lang),
        render_pieces.pieces_svg(view, LAYOUT, {h: "target" for h in found}, lang),
    ):
        assert_no_internal_ids(markup)


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
    from scythe_core.io.ui_helpers import reveals_hidden_information

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
    assert row.count('data-cat="objective"') == 2  # Saxony may complete both cards
    assert row.count('class="tri more"') == 1
    assert 'aria-valuemax="16"' in row and 'aria-valuemax="18"' in row
    tiers = re.findall(r'cell[^"]* tier" data-n="(\d+)"', row)
    assert tiers == ["7", "13"]
    assert escape(strings.text("triumph.title", lang)) in html
    assert "triumph" in render_players.players_html(view, 0, None, lang)
