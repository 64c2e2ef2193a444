"""Issue 14's "fixes found while playing" in the page's pure modules (CPython)."""

from __future__ import annotations

import re

import pytest
import render_screens
from session import Session

FOUR_AUTOMAS = {
    "seed": 9,
    "seats": [{"controller": "human"}] + [{"controller": "automa", "level": "automa"}] * 4,
}


def after_automa_turns(config: dict) -> Session:
    session = Session(config)
    while session.pending_seat == session.viewer:  # the human's first turn, passively
        legal = session.legal()
        session.act(next((a for a in ("skip", "end_turn", "done") if a in legal), legal[0]))
    session.play_automas()
    return session


def test_the_recent_panel_says_when_it_leaves_lines_out():
    session = after_automa_turns(FOUR_AUTOMAS)
    view = session.view()
    full = render_screens.recent_html(session.played, view, session.viewer, "en", limit=1000)
    count = full.count("<li")
    assert count > 12, "four Automa turns say more than 12 lines"
    for lang, word in (("en", "left out here"), ("nl", "weggelaten")):
        short = render_screens.recent_html(session.played, view, session.viewer, lang)
        assert short.count("<li") == 12
        marker = re.search(r'<p class="recent-more">([^<]*)</p>', short)
        assert marker and word in marker.group(1) and str(count - 12) in marker.group(1)
    assert "recent-more" not in full


def test_the_score_charts_have_axes_and_a_legend():
    session = after_automa_turns(FOUR_AUTOMAS)
    view = session.view()
    html = render_screens.chart_svg(session.tracks, view, "en")
    assert html.count('<svg class="chart"') == 3
    assert html.count('class="axis"') == 6, "an x and a y axis per chart"
    assert html.count("turns played") == 3
    legend = re.search(r'<ul class="chart-legend">(.*)</ul>', html).group(1)
    assert legend.count("<li>") == 5
    for seat, player in enumerate(view["players"]):
        assert f"line f-{player['faction']} dash{seat}" in legend
    top = max(coins for _, seats in session.tracks for coins, _, _ in seats)
    assert f">{top}</text>" in html, "the coins chart names its highest value"


def test_a_game_needs_a_human_and_an_opponent():
    values = render_screens.default_setup()
    html = render_screens.setup_html(values, "en")
    counts = re.search(r'<select id="setup-count".*?</select>', html).group(0)
    assert re.findall(r'value="(\d)"', counts) == ["2", "3", "4", "5"]
    for count, controllers in ((1, ["human"]), (2, ["automa", "automa"]), (0, [])):
        values["count"] = count
        for seat, controller in zip(values["seats"], controllers, strict=False):
            seat["controller"] = controller
        with pytest.raises(ValueError, match="2 to 5 seats"):
            render_screens.setup_config(values)
    values["count"] = 2
    values["seats"][0]["controller"] = "human"
    assert len(render_screens.setup_config(values)["seats"]) == 2
