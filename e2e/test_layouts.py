"""Every screen size: a whole solo game on a phone (by taps), a tablet and a large screen.

On each screen of the game (new-game form, decisions, score table, saved games) the page
never scrolls sideways, the zoom buttons cover nothing and nothing covers them, and on
a phone every control is at least 44 px each way. On a phone the decision lives in a
bottom sheet (tapped, dragged or moved by keys between three heights) and the header's
controls behind a menu button. With reduced motion the watched units do not slide.
Screenshots of each go to ``e2e/artifacts/layout-*.png``.
"""

from __future__ import annotations

import game_driver
import pytest
from game_driver import (
    UI_READY,
    choose,
    click,
    play_to_end,
    renders,
    shot,
    start_game,
    state,
    wait_render,
)
from site_browser import open_page

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
SIDEWAYS = {"width": 844, "height": 390}
TABLET = {"width": 1024, "height": 768}
LARGE = {"width": 1920, "height": 1080}
SOLO = [{"controller": "human"}, {"controller": "automa"}]

#: What is wrong with the layout now: sideways scrolling, a zoom button that overlaps
#: the decision or the sheet, or that something else covers (so a tap would miss it).
PROBLEMS = """() => {
    const found = [];
    if (document.scrollingElement.scrollWidth > window.innerWidth)
        found.push('scrolls sideways: ' + document.scrollingElement.scrollWidth);
    const shown = el => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const meet = (a, b) => a.left < b.right && b.left < a.right
        && a.top < b.bottom && b.top < a.bottom;
    const overlay = document.getElementById('overlay');
    const covered = overlay && !overlay.hidden;
    for (const button of document.querySelectorAll('#zoom-ctl button')) {
        if (!shown(button)) continue;
        const box = button.getBoundingClientRect();
        for (const sel of ['#decision', '#mat-box', 'aside.side', '#controls']) {
            const other = document.querySelector(sel);
            if (other && shown(other) && meet(box, other.getBoundingClientRect())
                    && !(sel === '#controls' && document.body.dataset.menu !== '1'))
                found.push(button.dataset.cmd + ' overlaps ' + sel);
        }
        const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        if (!covered && !(hit && button.contains(hit)))
            found.push(button.dataset.cmd + ' is covered by ' + (hit ? hit.outerHTML.slice(0, 60) : 'nothing'));
    }
    return found;
}"""

#: Visible controls smaller than 44 px each way (a finger's width).
SMALL_TARGETS = """(selector) => [...document.querySelectorAll(selector)]
    .filter(el => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0
        && getComputedStyle(el).visibility !== 'hidden'; })
    .filter(el => { const r = el.getBoundingClientRect();
        return r.width < 43.5 || r.height < 43.5; })
    .map(el => el.outerHTML.slice(0, 80))"""
TOUCH_TARGETS = (
    "#decision button, #mat-box button.mp.lit, #zoom-ctl button, #sheet-handle, #menu-btn, "
    "#controls button, #controls select, #overlay button"
)


def problems(page) -> list[str]:
    return page.evaluate(PROBLEMS)


def small_targets(page) -> list[str]:
    return page.evaluate(SMALL_TARGETS, TOUCH_TARGETS)


def view_box(page) -> list[float]:
    return [float(v) for v in page.get_attribute("#board", "viewBox").split()]


def tap(page, selector: str) -> None:
    """A tap (touch, not a mouse click), then wait for the re-render it causes."""
    before = renders(page)
    page.tap(selector)
    game_driver.CLICKS[0] += 1
    wait_render(page, before)


def sheet(page) -> tuple[str, float]:
    """The sheet's height name and size in px, once it has stopped sliding."""
    page.evaluate(
        "Promise.all(document.querySelector('aside.side').getAnimations().map(a => a.finished))"
    )
    height = page.evaluate("document.body.dataset.sheet")
    return height, page.locator("aside.side").bounding_box()["height"]


def set_sheet(page, height: str) -> None:
    for _ in range(3):
        if sheet(page)[0] == height:
            return
        page.tap("#sheet-handle")
    assert sheet(page)[0] == height


def open_menu(page) -> None:
    if page.evaluate("document.body.dataset.menu") != "1":
        page.tap("#menu-btn")
    page.wait_for_selector("#controls #open-saves", state="visible")


def check_saved_games(page, name: str, opener, press=click) -> None:
    opener()
    page.wait_for_selector("#overlay .saves-screen", state="visible")
    assert problems(page) == []
    shot(page, name)
    press(page, "#close-saves")


@pytest.fixture()
def phone(browser, site_url):
    loaded = open_page(browser, site_url, viewport=PHONE, has_touch=True, is_mobile=True)
    loaded.page.wait_for_selector(UI_READY, state="attached")
    yield loaded
    loaded.page.context.close()


def test_the_phone_frame_sheet_menu_and_zoom(phone):
    page = phone.page
    # The board is about as wide as the screen (not 18 px; the zoom buttons' column
    # beside it), above the sheet.
    board = page.locator("#board").bounding_box()
    assert board["width"] >= PHONE["width"] * 0.85 and board["height"] > 250, board
    shot(page, "layout-390-setup")
    assert problems(page) == [] and small_targets(page) == []
    start_game(page, SOLO, seed=11)
    sheet_box = page.locator("aside.side").bounding_box()
    assert sheet_box["y"] >= board["y"] + board["height"] - 1, (board, sheet_box)

    # The handle: a tap goes one height up (the top one wraps to the bottom), the
    # keys go up and down, a drag snaps to the nearest height.
    height, px = sheet(page)
    assert height == "mid"
    page.tap("#sheet-handle")
    assert sheet(page)[0] == "high" and sheet(page)[1] > px
    assert page.get_attribute("#sheet-handle", "aria-expanded") == "true"
    page.tap("#sheet-handle")
    assert sheet(page)[0] == "low" and sheet(page)[1] < px
    shot(page, "layout-390-sheet-low")
    page.focus("#sheet-handle")
    page.keyboard.press("ArrowUp")
    assert sheet(page)[0] == "mid"
    page.keyboard.press("ArrowDown")
    assert sheet(page)[0] == "low"
    page.keyboard.press("Enter")
    assert sheet(page)[0] == "mid"
    label = page.get_attribute("#sheet-handle", "aria-label")
    assert label and page.get_attribute("#sheet-handle", "title") == label
    box = page.locator("#sheet-handle").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, 120, steps=6)
    dragging = sheet(page)[1]
    assert dragging > PHONE["height"] - 150, dragging
    page.mouse.up()
    assert sheet(page)[0] == "high"
    box = page.locator("#sheet-handle").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x, PHONE["height"] - 200, steps=6)
    page.mouse.up()
    assert sheet(page)[0] == "low"
    set_sheet(page, "mid")

    # The zoom buttons work and cover nothing.
    assert problems(page) == []
    whole = view_box(page)
    page.tap("#zoom-ctl [data-cmd='zoom-in']")
    zoomed = view_box(page)
    assert zoomed[2] < whole[2] and zoomed[3] < whole[3], (whole, zoomed)
    page.tap("#zoom-ctl [data-cmd='zoom-out']")
    assert view_box(page)[2] > zoomed[2]
    page.tap("#zoom-ctl [data-cmd='zoom-reset']")
    assert view_box(page) == whole

    # The header's controls are behind the menu button; a tap opens them, Escape or a
    # command folds them again.
    assert not page.locator("#new-game").is_visible()
    assert page.get_attribute("#menu-btn", "aria-label")
    open_menu(page)
    assert page.get_attribute("#menu-btn", "aria-expanded") == "true"
    assert page.locator("#new-game").is_visible() and page.locator("#speed").is_visible()
    assert problems(page) == [] and small_targets(page) == []
    shot(page, "layout-390-menu")
    page.keyboard.press("Escape")
    assert page.evaluate("document.body.dataset.menu") == "0"
    assert not page.locator("#new-game").is_visible()
    open_menu(page)
    strip = page.locator("#zoom-ctl").bounding_box()  # beside the zoom buttons: no command
    page.touchscreen.tap(strip["x"] + 10, strip["y"] + strip["height"] / 2)
    assert state(page)["pending"] == "section"  # a tap elsewhere folds it, and plays nothing
    assert page.evaluate("document.body.dataset.menu") == "0"

    # Sideways, the sheet stands beside the board.
    page.set_viewport_size(SIDEWAYS)
    page.wait_for_timeout(300)
    board = page.locator("#board").bounding_box()
    side = page.locator("aside.side").bounding_box()
    assert board["x"] + board["width"] <= side["x"] + 1 and board["height"] > 250, (board, side)
    assert problems(page) == []
    shot(page, "layout-844x390-decision")
    assert phone.console_errors == []


def test_a_whole_solo_game_by_taps_on_a_phone(phone, monkeypatch):
    page = phone.page
    monkeypatch.setattr(game_driver, "click", tap)  # every step of the game is a tap
    start_game(page, SOLO, seed=5)
    assert problems(page) == [] and small_targets(page) == []
    shot(page, "layout-390-decision")

    def each_step(step: int) -> None:
        assert problems(page) == [], step
        if step % 5 == 0:
            assert small_targets(page) == [], step
        if step == 12:
            shot(page, "layout-390-midgame")

    steps = play_to_end(page, on_step=each_step)
    assert steps > 20
    page.wait_for_selector("#score-table", state="visible")
    assert problems(page) == [] and small_targets(page) == []
    shot(page, "layout-390-scores")
    tap(page, "#overlay [data-cmd='close-end']")

    def from_the_menu() -> None:
        open_menu(page)
        tap(page, "#open-saves")

    check_saved_games(page, "layout-390-saves", from_the_menu, tap)
    assert small_targets(page) == []
    assert page.evaluate("document.body.dataset.menu") == "0"
    tap(page, "#decision [data-cmd='new']")
    assert problems(page) == []
    assert phone.console_errors == []


@pytest.mark.parametrize(("size", "name"), [(TABLET, "1024"), (LARGE, "1920")])
def test_a_whole_solo_game_by_clicks(browser, site_url, size, name):
    loaded = open_page(browser, site_url, viewport=size)
    page = loaded.page
    try:
        page.wait_for_selector(UI_READY, state="attached")
        assert problems(page) == []
        shot(page, f"layout-{name}-setup")
        # The laptop and tablet layout: the board on the left, the side panel on the right;
        # no menu button, no sheet handle.
        assert not page.locator("#menu-btn").is_visible()
        assert not page.locator("#sheet-handle").is_visible()
        start_game(page, SOLO, seed=5)
        board = page.locator("#board").bounding_box()
        decision = page.locator("#decision").bounding_box()
        assert board["x"] + board["width"] <= decision["x"] + 1, (board, decision)
        assert board["height"] > size["height"] * 0.75, board
        # The whole board is in view (the header's controls may wrap onto two lines).
        assert board["y"] + board["height"] <= size["height"], board
        if size is LARGE:
            # Room to spare: the mat beside the decision, and the log in view.
            mat = page.locator("#mat-box").bounding_box()
            log = page.locator("#log-box").bounding_box()
            assert mat["x"] < log["x"] and log["y"] < size["height"] - 100, (mat, log)
        for _ in range(3):
            choose(page, state(page))
        if size is LARGE:
            last = page.locator("#log li").last.bounding_box()
            assert last["y"] + last["height"] <= size["height"], last
        assert problems(page) == []
        shot(page, f"layout-{name}")

        def each_step(step: int) -> None:
            assert problems(page) == [], step

        play_to_end(page, on_step=each_step)
        page.wait_for_selector("#score-table", state="visible")
        assert problems(page) == []
        shot(page, f"layout-{name}-scores")
        click(page, "#overlay [data-cmd='close-end']")
        check_saved_games(page, f"layout-{name}-saves", lambda: click(page, "#open-saves"))
        assert loaded.console_errors == []
    finally:
        page.context.close()


#: During one Automa turn at "watch" speed: did the board change, did a unit slide?
WATCHED = """() => new Promise(done => {
    const seen = {boards: new Set(), slid: false, lines: 0};
    const look = () => {
        const now = document.querySelector('#decision .watch .now');
        if (now) {
            seen.lines += 1;
            seen.boards.add([...document.querySelectorAll('#pieces .stack')]
                .map(s => s.dataset.at + s.textContent).join(' '));
            for (const piece of document.querySelectorAll('#pieces .arrive'))
                seen.slid ||= getComputedStyle(piece).animationName !== 'none';
        }
        if (document.body.dataset.pending !== 'automa_turn'
            && !document.querySelector('#decision .watch'))
            done({boards: seen.boards.size, slid: seen.slid, lines: seen.lines});
        else setTimeout(look, 40);
    };
    look();
})"""


def test_reduced_motion_moves_the_watched_units_at_once(browser, site_url):
    loaded = open_page(browser, site_url, viewport=TABLET, reduced_motion="reduce")
    page = loaded.page
    try:
        page.wait_for_selector(UI_READY, state="attached")
        start_game(page, SOLO, seed=3)
        page.select_option("#speed", "watch")
        moved = False
        for _turn in range(5):
            for _ in range(12):
                if state(page)["pending"] == "automa_turn":
                    break
                choose(page, state(page))
            seen = page.evaluate(WATCHED)
            assert not seen["slid"], seen
            moved = moved or seen["boards"] >= 2
            if moved:
                break
        assert moved, "no watched Automa turn moved a unit"
        assert loaded.console_errors == []
    finally:
        page.context.close()


#: The visible controls of the header, each as (top, bottom): one line when they all
#: share a height band.
HEADER_BANDS = """() => [...document.querySelectorAll('header.top h1, #controls > *')]
    .map(e => e.getBoundingClientRect()).filter(r => r.width > 0 && r.height > 0)
    .map(r => [r.top, r.bottom])"""
#: Every shown select whose chosen option's text is wider than the select: a copy with
#: that option alone, sized to fit it, is wider than the select itself.
CLIPPED_SELECTS = """() => [...document.querySelectorAll('select')]
    .filter(s => s.offsetParent !== null && s.selectedIndex >= 0)
    .map(s => {
        const probe = document.createElement('select');
        const option = document.createElement('option');
        option.textContent = s.options[s.selectedIndex].text;
        probe.appendChild(option);
        probe.style.width = 'auto';
        probe.style.position = 'absolute';
        probe.style.visibility = 'hidden';
        s.parentNode.appendChild(probe);
        const needed = probe.getBoundingClientRect().width;
        probe.remove();
        const width = s.getBoundingClientRect().width;
        return needed > width + 0.5 ? `${s.id}: "${option.textContent}" ${needed} > ${width}` : '';
    }).filter(Boolean)"""
#: Every choice a seat row offers somewhere: the longest words in either language.
SEAT_CHOICES = [
    ("human", None, "", ""),
    ("automa", "ultimaszyna", "", ""),
    ("bot", "normal", "rusviet", "agricultural"),
    ("automa", "automaszyna", "polania", ""),
    ("human", None, "crimea", "engineering"),
]


def one_line(bands: list[list[float]]) -> bool:
    return max(top for top, _ in bands) < min(bottom for _, bottom in bands)


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_header_and_the_seat_choices_fit(browser, site_url, lang):
    """At 1366x768, in English and Dutch, the header's controls stand on one line beside
    the title, whatever the seed (up to 20 digits); at 1024x768 and 390x844, in English and Dutch,
    every select on the new-game screen shows its chosen option whole, and the seed field
    a seed's twenty digits."""
    for size in (TABLET, PHONE, {"width": 1366, "height": 768}):
        loaded = open_page(browser, site_url, viewport=size)
        page = loaded.page
        page.wait_for_selector(UI_READY, state="attached")
        if lang == "nl":
            if not page.is_visible("#lang"):
                page.click("#menu-btn")
            click(page, "#lang")
            if page.get_attribute("#menu-btn", "aria-expanded") == "true":
                page.click("#menu-btn")
        page.select_option("#setup-count", "5")
        page.wait_for_selector("#seat4-controller")
        for i, (controller, level, faction, mat) in enumerate(SEAT_CHOICES):
            page.select_option(f"#seat{i}-controller", controller)
            if level:
                page.select_option(f"#seat{i}-level", level)
            for key, value in (("faction", faction), ("mat", mat)):
                if value and page.is_enabled(f"#seat{i}-{key}"):
                    page.select_option(f"#seat{i}-{key}", value)
        if size != PHONE:  # the phone's sheet shows the table once scrolled to it
            page.locator("table.seats").scroll_into_view_if_needed()
        else:
            page.locator("#seat0-controller").scroll_into_view_if_needed()
        clipped = page.evaluate(CLIPPED_SELECTS)
        shot(page, f"layout-setup-{lang}-{size['width']}")
        if size["width"] != 1366:
            assert clipped == [], (size, clipped)
        page.fill("#setup-seed", "18446744073709551615")  # the largest seed: all twenty digits
        seed_box = page.eval_on_selector("#setup-seed", "e => [e.scrollWidth, e.clientWidth]")
        assert seed_box[0] <= seed_box[1], (size, seed_box)
        if size["width"] == 1366:
            page.fill("#setup-seed", "18446744073709551615")
            page.select_option("#setup-count", "2")
            click(page, "#start")
            bands = page.evaluate(HEADER_BANDS)
            shot(page, f"layout-header-{lang}-1366")
            assert one_line(bands), bands
            assert page.get_attribute("#game-status", "title").endswith("18446744073709551615")
        page.context.close()


#: Words of the drawn mat's sections that reach past their section's box (cut or
#: spilling into the next section).
CUT_MAT_WORDS = """() => {
    const found = [];
    for (const col of document.querySelectorAll('#own-mat .mat-col')) {
        const box = col.getBoundingClientRect();
        const walker = document.createTreeWalker(col, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            if (!node.textContent.trim()) continue;
            const range = document.createRange();
            range.selectNodeContents(node);
            for (const r of range.getClientRects())
                if (r.width > 0 && (r.right > box.right + 1 || r.left < box.left - 1))
                    found.push(node.textContent.trim());
        }
    }
    return found;
}"""


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_the_mat_sections_show_their_words_whole(browser, site_url, lang):
    """At 1024x768 (a narrow side panel), 1366x768 and 390x844, in English and Dutch
    ("Produceren", "Gevechtskaarten +1"), no word of the mat's sections is cut."""
    loaded = open_page(browser, site_url, viewport={"width": 1366, "height": 768})
    page = loaded.page
    page.wait_for_selector(UI_READY, state="attached")
    start_game(page, SOLO, seed=9)
    if lang == "nl":
        click(page, "#lang")
    page.wait_for_selector("#own-mat .mat-col")
    for size in (TABLET, {"width": 1366, "height": 768}, PHONE):
        page.set_viewport_size(size)
        page.wait_for_timeout(200)
        cut = page.evaluate(CUT_MAT_WORDS)
        assert cut == [], (size, lang, cut)
    shot(page, f"layout-mat-{lang}-390")
    page.context.close()
