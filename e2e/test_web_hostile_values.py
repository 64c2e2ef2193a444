"""Values that look like markup reach the page only escaped (plain CPython).

A save name, a player's name, an error or a log entry carrying ``"><script>`` or
``<img onerror>`` is rendered by the page's builders (``markup``): the decision panel,
a log line, the saved-games screen, the replay panel and the new-game form show it as
text, never as a tag or an attribute.
"""

from __future__ import annotations

from html.parser import HTMLParser

import pytest
import render_decision
import render_saves
import render_screens
import strings
from replay import Replay
from session import Session
from storage import Listing, Problem, SaveInfo

from scythe_core import player_view, record

HOSTILE = '"><script>alert(1)</script><img src=x onerror="alert(2)">'
ESCAPED = (
    "&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=&quot;alert(2)&quot;&gt;"
)


class Tags(HTMLParser):
    """The tags and attribute names of some markup."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.attrs: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self.attrs |= {name for name, _ in attrs}


def assert_only_escaped(markup: str, times: int = 1) -> None:
    """The hostile value is in ``markup`` (at least ``times`` times), and only as text."""
    assert markup.count(ESCAPED) >= times, markup
    assert "<script" not in markup and "<img" not in markup
    parsed = Tags()
    parsed.feed(markup)
    assert not parsed.tags & {"script", "img"}, parsed.tags
    assert "onerror" not in parsed.attrs and "src" not in parsed.attrs, parsed.attrs


@pytest.fixture
def hostile_names(monkeypatch):
    """Every seat named by the hostile value (as a player's name would be)."""
    for module in (render_decision, render_screens, render_saves):
        monkeypatch.setattr(module, "seat_name", lambda player, lang=None: HOSTILE)


def game() -> Session:
    session = Session({"seed": 3, "seats": [{"controller": "human"}, {"controller": "automa"}]})
    for action in ("section:0", "skip", "skip"):
        session.act(action)
    return session


@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_a_decision_names_a_hostile_player_only_as_text(lang, hostile_names):
    session = game()
    view, legal = session.view(), session.legal()
    assert_only_escaped(render_decision.decision_html(view, session.viewer, legal, lang))
    waiting = render_decision.decision_html(view, None, [], lang)
    assert_only_escaped(waiting)


@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_a_log_line_shows_hostile_names_and_entries_only_as_text(lang, hostile_names):
    session = game()
    session.play_automas()
    view = session.view()
    assert_only_escaped(render_screens.log_items(session.played, view, lang), times=2)
    # An entry the page has no words for is shown with its raw values: escaped too.
    view["log"] = [{"event": HOSTILE, "seat": 0, "value": HOSTILE}]
    line = render_screens.watch_html(view["log"], view, lang)
    assert_only_escaped(line, times=3)
    assert_only_escaped(render_screens.handover_html(view["players"][0], lang), times=2)


def save(name: str = HOSTILE, gid: str = HOSTILE) -> SaveInfo:
    return SaveInfo(
        gid,
        name,
        ({"faction": "nordic"}, {"faction": "saxony"}),
        3,
        40,
        False,
        "2026-11-20T09:00:00Z",
        HOSTILE,
    )


@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_the_saves_screen_shows_a_hostile_save_only_as_text(lang):
    listing = Listing([save()], [Problem("scythe.save.x", HOSTILE, "damaged", HOSTILE)])
    screen = render_saves.saves_screen_html(listing, lang, HOSTILE, HOSTILE, undo=True)
    # The name (text and rename field), its id on every button, the date, the message.
    assert_only_escaped(screen, times=10)
    assert_only_escaped(render_saves.share_field_html("https://x/#g" + HOSTILE, lang))


def test_the_replay_panel_shows_a_hostile_save_name_only_as_text(hostile_names):
    session = game()
    replay = Replay(record(session.state), HOSTILE)
    replay.go("next")
    assert_only_escaped(
        render_saves.replay_html(replay, player_view(replay.state, None), "en"), times=2
    )


@pytest.mark.parametrize("lang", strings.LANGUAGES)
def test_the_new_game_form_shows_hostile_values_only_as_text(lang):
    values = render_screens.default_setup()
    form = render_screens.setup_html(values, lang, error=HOSTILE)
    assert_only_escaped(form)
    assert_only_escaped(render_screens.saved_html([save()], lang), times=4)
    values["seed"] = HOSTILE  # the form reads a seed as digits only: no markup gets through
    with pytest.raises(ValueError):
        render_screens.setup_html(values, lang)
    with pytest.raises(ValueError):
        render_screens.setup_config(values)
