"""End to end: a turn played with the keyboard only, and switching language mid-game.

One page serves the module: the keyboard test starts a solo game, the language
test goes on with it (and reloads the page, which resumes the game from its link).
"""

from __future__ import annotations

import pytest
from game_driver import (
    UI_READY,
    choose,
    click,
    press,
    renders,
    shot,
    start_game,
    state,
    wait_render,
)
from names import hex_label
from site_browser import open_page

from scythe_core.model.actions import parse_section

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def controls_page(browser, site_url):
    loaded = open_page(browser, site_url, viewport={"width": 1024, "height": 768})
    loaded.page.wait_for_selector(UI_READY, state="attached")
    yield loaded
    loaded.page.context.close()


def focused(page, attribute: str) -> str | None:
    return page.evaluate(
        f"document.activeElement && document.activeElement.getAttribute('{attribute}')"
    )


def tab_to(page, selector: str, backwards: bool = False, limit: int = 150) -> None:
    """Press Tab (or Shift+Tab) until the focused element matches ``selector``."""
    key = "Shift+Tab" if backwards else "Tab"
    for _ in range(limit):
        if page.evaluate(
            f"!!document.activeElement && document.activeElement.matches({selector!r})"
        ):
            return
        page.keyboard.press(key)
    raise AssertionError(f"Tab never reached {selector}")


def move_section(page) -> str:
    """The section action whose top action is Move."""
    labels = page.eval_on_selector_all(
        "#decision [data-action^='section:']",
        "els => els.map(e => [e.dataset.action, e.textContent])",
    )
    return next(action for action, label in labels if "Move" in label)


def hex_on_screen(page, hid: str) -> tuple[float, float]:
    box = page.locator(f"#board [data-hex='{hid}'] .cell").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def arrow_to(page, hid: str, limit: int = 40) -> None:
    """Press arrow keys (by where the hexes are on screen) until ``hid`` has the focus."""
    for _ in range(limit):
        here = focused(page, "data-hex")
        assert here, "the focus left the board"
        if here == hid:
            return
        (x0, y0), (x1, y1) = hex_on_screen(page, here), hex_on_screen(page, hid)
        keys = ["ArrowLeft" if x1 < x0 else "ArrowRight"]
        if abs(y1 - y0) > 5:
            keys.insert(0, "ArrowUp" if y1 < y0 else "ArrowDown")
        for key in keys:
            page.keyboard.press(key)
            if focused(page, "data-hex") != here:
                break
        else:
            raise AssertionError(f"the arrow keys found no way on from {here} to {hid}")
    raise AssertionError(f"the arrow keys never reached {hid}")


def test_a_turn_with_the_keyboard_only(controls_page):
    page = controls_page.page
    tab_to(page, "#start")
    press(page, "Enter")
    info = state(page)
    assert info["game"] == "on" and info["pending"] == "section", info
    # Shortcut keys pick a section: the one whose top action is Move.
    press(page, str(parse_section(move_section(page)) + 1))
    assert state(page)["pending"] == "top"
    # Focus lands on the first choice; Tab to "move" and press Enter.
    tab_to(page, "#decision [data-action='move']")
    press(page, "Enter")
    info = state(page)
    assert info["pending"] == "move" and info["targets"], info
    # Hexes are focusable: Shift+Tab back into the board to a highlighted unit.
    tab_to(page, f"#board [data-hex='{info['targets'][-1]}']", backwards=True)
    press(page, "Enter")
    if page.locator("#decision .hex-choice").count():
        tab_to(page, "#decision .hex-choice [data-action^='unit:']")
        press(page, "Enter")
    info = state(page)
    assert info["pending"] == "move_unit", info
    destination = info["targets"][0]
    # Back into the board with Shift+Tab, then the arrow keys to the destination.
    tab_to(page, "#board [data-hex]", backwards=True)
    arrow_to(page, destination)
    assert page.inner_text("#hex-info").startswith(hex_label(destination, "en")), (
        "the info line follows"
    )
    press(page, "Enter")
    assert page.locator(f"#pieces .stack[data-at='{destination}'] .piece").count() >= 1
    # Finish the turn with Tab and Enter: pass every remaining step.
    for _ in range(12):
        info = state(page)
        if info["pending"] in ("section", "automa_turn") or info["game"] != "on":
            break
        passive = next(
            (a for a in ("done", "stop", "skip", "end_turn") if a in info["actions"]), None
        )
        target = f"#decision [data-action='{passive}']" if passive else "#decision button.act"
        tab_to(page, target)
        press(page, "Enter")
    info = state(page)
    assert info["pending"] == "section", "the Automa played and the next turn began"
    assert "Automa" in page.inner_text("#log")
    shot(page, "keyboard-turn-1024")
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth"), (
        "no sideways scroll"
    )
    assert controls_page.console_errors == []


def test_switching_language_mid_game_and_after_a_reload(controls_page):
    page = controls_page.page
    if state(page)["game"] != "on":
        click(page, "#start")
    assert page.inner_text("#decision .prompt").startswith("Choose a section")
    click(page, "#lang")
    assert page.evaluate("document.documentElement.lang") == "nl"
    assert page.inner_text("#decision .prompt").startswith("Kies een sectie")
    assert page.inner_text("#log-title") == "Spelverslag"
    assert "Kracht" in page.inner_text(".player.me [data-track='power']")
    assert page.get_attribute(".player.me [data-track='power']", "title").startswith("Kracht")
    assert page.text_content("#board [data-hex='r4c3'] title") == "Fabriek E4"
    # Tooltips follow the language: abilities, tracks, mat sections, zoom buttons.
    ability = page.locator(".player.me .ability[data-ability]").first
    assert ability.get_attribute("title").startswith("Factievaardigheid")
    section_name = page.inner_text("#own-mat .mat-top .mat-name").splitlines()[0]  # then "?"
    assert section_name in (
        "Bewegen",
        "Handelen",
        "Versterken",
        "Produceren",
    )
    structure = page.get_attribute("#own-mat .mp.structure", "title")
    assert structure.split(":")[0] in ("Mijn", "Arsenaal", "Monument", "Molen"), structure
    assert page.get_attribute("[data-cmd='zoom-in']", "title").startswith("Inzoomen")
    assert "Ronde" in page.inner_text("#log")
    shot(page, "language-nl")
    # A reload resumes the game from the link in the address, still in Dutch.
    before = page.inner_text(".player.me [data-track='coins'] dd")
    page.reload()
    page.wait_for_selector(UI_READY, state="attached")
    assert state(page)["game"] == "on"
    assert page.inner_text("#decision .prompt").startswith("Kies een sectie")
    assert page.inner_text(".player.me [data-track='coins'] dd") == before
    renders = int(page.evaluate("document.body.dataset.renders"))
    page.click("#lang")
    wait_render(page, renders)
    assert page.inner_text("#decision .prompt").startswith("Choose a section")
    assert page.text_content("#board [data-hex='r4c3'] title") == "Factory E4"


def test_undo_within_the_own_turn_and_a_watchable_automa(controls_page):
    page = controls_page.page
    click(page, "#new-game")
    click(page, "#start")
    assert page.is_disabled("#undo")
    click(page, "#decision [data-action='section:0']")
    assert state(page)["pending"] == "top"
    assert page.is_enabled("#undo")
    click(page, "#undo")
    info = state(page)
    assert info["pending"] == "section" and "section:0" in info["actions"], info
    click(page, "#decision [data-action='section:1']")
    press(page, "u")  # the keyboard shortcut
    assert state(page)["pending"] == "section"
    # With the "fast" speed the Automa's turn shows before it is played.
    page.select_option("#speed", "fast")
    click(page, "#decision [data-action='section:0']")
    for _ in range(6):
        info = state(page)
        if (
            info["pending"] != "top"
            and info["pending"] != "bottom"
            and "end_turn" not in info["actions"]
        ):
            break
        passive = next(a for a in ("skip", "end_turn") if a in info["actions"])
        click(page, f"#decision [data-action='{passive}']")
    assert state(page)["pending"] == "automa_turn"
    assert "Automa" in page.inner_text("#decision h2")
    page.wait_for_function("document.body.dataset.pending === 'section'", timeout=10_000)
    assert page.is_disabled("#undo"), "no undo into a turn that is over"
    page.select_option("#speed", "instant")


def view_box(page) -> list[float]:
    return [float(v) for v in page.get_attribute("#board", "viewBox").split()]


def test_zoom_and_pan_the_board(controls_page):
    page = controls_page.page
    whole = view_box(page)
    page.click("[data-cmd='zoom-in']")
    zoomed = view_box(page)
    assert zoomed[2] < whole[2] * 0.8
    # Drag to pan: the window moves, and the drag is not taken as a click on a hex.
    renders = int(page.evaluate("document.body.dataset.renders"))
    box = page.locator("#board").bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + 80, y + 40, steps=5)
    page.mouse.up()
    panned = view_box(page)
    assert panned[0] < zoomed[0] and panned[2] == zoomed[2]
    assert int(page.evaluate("document.body.dataset.renders")) == renders
    # The wheel zooms at the pointer; the reset button shows the whole board again.
    page.mouse.wheel(0, -400)
    page.wait_for_function(
        f"document.getElementById('board').viewBox.baseVal.width < {panned[2] - 1}"
    )
    # A mouse let go outside the board pans no more when it comes back without a button.
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x - 30, y, steps=3)
    side = page.locator("#players").bounding_box()
    page.mouse.move(side["x"] + 20, side["y"] + 20, steps=3)
    page.mouse.up()
    let_go = view_box(page)
    page.mouse.move(x, y, steps=5)
    page.mouse.move(x + 60, y + 60, steps=5)
    assert view_box(page) == let_go
    page.click("[data-cmd='zoom-reset']")
    assert view_box(page) == whole


def test_games_are_saved_and_resumed_from_the_new_game_screen(controls_page):
    page = controls_page.page
    if state(page)["game"] != "on":
        click(page, "#start")
    click(page, "#decision [data-action^='section:']")  # a decision, so the save is fresh
    coins = page.inner_text(".player.me [data-track='coins'] dd")
    pending = state(page)["pending"]
    click(page, "#new-game")
    saved = page.locator("#setup .saves li")
    assert saved.count() >= 2, "every game of this page was saved"
    click(page, "#setup .saves li >> nth=0 >> [data-cmd='resume']")
    info = state(page)
    assert info["game"] == "on" and info["pending"] == pending, info
    assert page.inner_text(".player.me [data-track='coins'] dd") == coins
    click(page, "#new-game")
    before = saved.count()
    click(page, "#setup .saves li >> nth=-1 >> [data-cmd='delete-save']")
    assert page.locator("#setup .saves li").count() == before - 1
    click(page, "#setup #undo-delete")  # a delete by mistake comes back
    assert page.locator("#setup .saves li").count() == before
    assert page.locator("#undo-delete").count() == 0


#: Waits out one Automa turn at "watch" speed: did a line name a hex, was it highlighted?
#: Did a unit slide in, and how many different boards (unit places) were shown meanwhile?
WATCH_TURN = """() => new Promise(done => {
    const seen = {named: false, marked: false, arrived: false, boards: [], spoiled: false};
    const board = () => [...document.querySelectorAll('#pieces .stack')].map(stack =>
        stack.dataset.at + ':' + [...stack.querySelectorAll('[data-faction]')]
            .filter(p => p.dataset.piece !== 'structure' && p.dataset.piece !== 'resource')
            .map(p => p.dataset.faction + p.dataset.piece + p.dataset.count).join(',')
    ).join(' ');
    const look = () => {
        const now = document.querySelector('#decision .watch .now');
        // A hex is named by its terrain and the coordinate on the board's edges ("Forest B5").
        if (now && /\\b[A-I][1-8]\\b/.test(now.textContent)) {
            seen.named = true;
            seen.marked ||= !!document.querySelector('#pieces .mark-watch');
        }
        if (now) {
            seen.arrived ||= !!document.querySelector('#pieces .arrive');
            // No summary of the turn while its lines are still coming.
            seen.spoiled ||= !!document.querySelector('#decision .recent');
            const shown = board();
            if (!seen.boards.includes(shown)) seen.boards.push(shown);
        }
        if (document.body.dataset.pending !== 'automa_turn'
            && !document.querySelector('#decision .watch')) done(seen);
        else setTimeout(look, 50);
    };
    look();
})"""


def to_automa(page) -> None:
    for _ in range(12):
        info = state(page)
        if info["pending"] == "automa_turn":
            return
        choose(page, info)
    assert state(page)["pending"] == "automa_turn"


def test_watch_speed_reveals_the_automa_turn_line_by_line(browser, site_url):
    loaded = open_page(browser, site_url, viewport={"width": 1024, "height": 768})
    page = loaded.page
    try:
        page.wait_for_selector(UI_READY, state="attached")
        start_game(page, [{"controller": "human"}, {"controller": "automa"}], seed=3)
        page.select_option("#speed", "watch")
        to_automa(page)
        # The lines come one at a time, the newest marked.
        page.wait_for_selector("#decision .watch .now", timeout=10_000)
        page.wait_for_function(
            "document.querySelectorAll('#decision .watch li').length >= 3", timeout=10_000
        )
        assert page.locator("#decision .watch .now").count() == 1
        # A line's hexes are highlighted while it is the newest one; a line that moves a
        # unit slides it in from the hex it left, so the board changes during the turn
        # (the units do not all jump when the turn starts).
        for _turn in range(6):
            seen = page.evaluate(WATCH_TURN)
            if seen["named"] and seen["arrived"]:
                break
            to_automa(page)
        assert seen["named"] and seen["marked"] and seen["arrived"], seen
        assert len(seen["boards"]) >= 2, seen
        assert not seen["spoiled"], seen
        # Once the turn has been watched, its summary is there.
        page.wait_for_selector("#decision .recent", timeout=10_000)
        assert loaded.console_errors == []
    finally:
        page.context.close()


def focused_centre_in_view(page) -> bool:
    return page.evaluate(
        """() => {
            const box = document.activeElement.getBBox();
            const [x, y, w, h] = document.getElementById('board')
                .getAttribute('viewBox').split(' ').map(Number);
            const cx = box.x + box.width / 2, cy = box.y + box.height / 2;
            return cx > x && cx < x + w && cy > y && cy < y + h;
        }"""
    )


def test_arrow_keys_move_the_focus_from_hex_to_hex(controls_page):
    page = controls_page.page
    page.focus("#board [data-hex='r4c3']")
    for key, expected in (
        ("ArrowRight", "r4c4"),
        ("ArrowLeft", "r4c3"),
        ("ArrowUp", "r3c3"),  # even rows sit half a hex to the east: up-left
        ("ArrowUp", "r2c3"),  # odd rows: up-right, so the focus zig-zags up a column
        ("ArrowDown", "r3c3"),
        ("ArrowDown", "r4c3"),
        ("ArrowLeft", "r4c2"),
    ):
        page.keyboard.press(key)
        assert focused(page, "data-hex") == expected, (key, expected)
    assert page.inner_text("#hex-info").startswith("Lake E3")
    page.focus("#board [data-hex='HB-polania']")
    page.keyboard.press("ArrowLeft")  # the board's edge: the focus stays
    assert focused(page, "data-hex") == "HB-polania"
    page.keyboard.press("ArrowRight")
    assert focused(page, "data-hex") == "r3c1"
    assert page.evaluate("document.scrollingElement.scrollTop") == 0, "arrows do not scroll"
    # On a zoomed board the window follows the focus.
    for _ in range(3):
        page.click("[data-cmd='zoom-in']")
    zoomed = view_box(page)
    page.focus("#board [data-hex='r4c3']")
    for expected in ("r4c4", "r4c5", "r4c6"):
        page.keyboard.press("ArrowRight")
        assert focused(page, "data-hex") == expected
        assert focused_centre_in_view(page), expected
    assert view_box(page)[0] > zoomed[0], "the window moved east with the focus"
    page.click("[data-cmd='zoom-reset']")


def test_a_short_mouse_drag_on_a_highlighted_hex_is_no_click(controls_page):
    """Even where there is nothing to pan (the board is not zoomed), a drag picks no hex."""
    page = controls_page.page
    if state(page)["game"] != "on":
        click(page, "#start")
    press(page, str(parse_section(move_section(page)) + 1))
    click(page, "#decision [data-action='move']")
    info = state(page)
    assert info["pending"] == "move" and info["targets"], info
    x, y = hex_on_screen(page, info["targets"][0])
    before = renders(page)
    page.mouse.move(x - 8, y)
    page.mouse.down()
    page.mouse.move(x + 8, y, steps=4)
    page.mouse.up()
    assert renders(page) == before and state(page)["pending"] == "move"
    click(page, f"#board [data-hex='{info['targets'][0]}']")  # a click on it does pick it
    assert state(page)["pending"] == "move_unit" or page.locator("#decision .hex-choice").count()
