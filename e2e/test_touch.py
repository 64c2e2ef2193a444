"""End to end on a touch screen: pinch to zoom, one finger to pan, a tap to pick a hex.

The page runs in a touch-enabled, mobile-emulated context; the fingers are real touch
input sent through the DevTools protocol (``Input.dispatchTouchEvent``), which Chromium
turns into touch and pointer events the way it does for a finger on a phone.
"""

from __future__ import annotations

import pytest
from game_driver import UI_READY, act, renders, start_game, state, wait_render
from site_browser import open_page

pytestmark = pytest.mark.browser

Point = tuple[float, float]


@pytest.fixture(scope="module")
def touch_page(browser, site_url):
    loaded = open_page(
        browser,
        site_url,
        viewport={"width": 1024, "height": 768},
        has_touch=True,
        is_mobile=True,
    )
    loaded.page.wait_for_selector(UI_READY, state="attached")
    yield loaded
    loaded.page.context.close()


class Fingers:
    """Touch points on the page through CDP; every call is one touch event."""

    def __init__(self, page) -> None:
        self.page = page
        self.cdp = page.context.new_cdp_session(page)

    def send(self, kind: str, points: list[Point]) -> None:
        touches = [{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)]
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touches})

    def gesture(self, start: list[Point], end: list[Point], steps: int = 8) -> None:
        """Put the fingers down at ``start``, slide them to ``end``, hold still, lift them.

        Holding still before lifting means no fling: Chromium (like a phone) swallows a
        tap that comes within ~180 ms of stopping a fling.
        """
        self.send("touchStart", start)
        for step in range(1, steps + 1):
            t = step / steps
            self.send(
                "touchMove",
                [
                    (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
                    for (x0, y0), (x1, y1) in zip(start, end, strict=True)
                ],
            )
        self.page.wait_for_timeout(150)
        self.send("touchEnd", [])
        self.page.evaluate("() => new Promise(requestAnimationFrame)")


def view_box(page) -> list[float]:
    return [float(v) for v in page.get_attribute("#board", "viewBox").split()]


def board_point(page, at: Point) -> Point:
    """The board (SVG) point under a page point."""
    x, y = page.evaluate(
        """([x, y]) => {
            const svg = document.getElementById('board');
            const p = new DOMPoint(x, y).matrixTransform(svg.getScreenCTM().inverse());
            return [p.x, p.y];
        }""",
        list(at),
    )
    return x, y


def hex_on_screen(page, hid: str) -> Point:
    box = page.locator(f"#board [data-hex='{hid}'] .cell").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def test_pinch_zooms_at_the_fingers_a_drag_pans_and_a_tap_picks_a_hex(touch_page):
    page = touch_page.page
    start_game(page, [{"controller": "human"}, {"controller": "automa"}], seed=11)
    sections = page.locator("#decision [data-action^='section:']")
    move = next(
        sections.nth(i).get_attribute("data-action")
        for i in range(sections.count())
        if "Move" in sections.nth(i).inner_text()
    )
    act(page, move)
    act(page, "move")
    info = state(page)
    assert info["pending"] == "move" and info["targets"], info
    unit = info["targets"][0]
    fingers = Fingers(page)
    whole = view_box(page)
    before = renders(page)

    # Pinch out around a highlighted hex: the board zooms in, the hex stays under the fingers.
    cx, cy = hex_on_screen(page, unit)
    under = board_point(page, (cx, cy))
    fingers.gesture(
        [(cx - 25, cy - 10), (cx + 25, cy + 10)], [(cx - 75, cy - 30), (cx + 75, cy + 30)]
    )
    zoomed = view_box(page)
    assert zoomed[2] < whole[2] / 2 and zoomed[3] < whole[3] / 2, (whole, zoomed)
    after = board_point(page, (cx, cy))
    assert abs(after[0] - under[0]) < whole[2] * 0.02, (under, after)
    assert abs(after[1] - under[1]) < whole[3] * 0.02, (under, after)
    assert renders(page) == before and state(page)["pending"] == "move", "a pinch picks nothing"

    # One finger drags the zoomed board, even when it starts on a highlighted hex.
    cx, cy = hex_on_screen(page, unit)
    fingers.gesture([(cx, cy)], [(cx + 60, cy + 30)])
    panned = view_box(page)
    assert panned[0] < zoomed[0] and panned[1] < zoomed[1], (zoomed, panned)
    assert panned[2:] == zoomed[2:]
    assert renders(page) == before and state(page)["pending"] == "move", "a drag picks nothing"
    moved = hex_on_screen(page, unit)
    assert moved[0] == pytest.approx(cx + 60, abs=3) and moved[1] == pytest.approx(cy + 30, abs=3)

    # A tap (no drag) on the highlighted hex picks it, as a click does.
    page.touchscreen.tap(*moved)
    page.wait_for_timeout(500)
    wait_render(page, before)
    info = state(page)
    assert info["pending"] == "move_unit" or page.locator("#decision .hex-choice").count(), info
    assert view_box(page) == panned, "a tap does not pan"
    assert touch_page.console_errors == []
