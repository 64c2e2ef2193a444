"""Saved games, files, links and the replay viewer in the page (issue 7), in Chromium.

One page serves most of the module (Pyodide boots once); a link is opened in a
fresh browser context, and each bad link boots the page again. Every bad input
must show its message and leave the saved games exactly as they were.
"""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from game_driver import UI_READY, act, address_game, choose, click, start_game, state, wait_render
from site_browser import open_page

from scythe_core.io.links import LINK_PREFIX

pytestmark = pytest.mark.browser

SEATS = [
    {"controller": "human", "faction": "nordic"},
    {"controller": "automa", "level": "automa", "faction": "saxony"},
]
#: The saves of the site under test (served at "/": ``storage.site_prefix("/")``).
SAVE_PREFIX = "scythe:/:save."
SAVES = f"""() => Object.fromEntries(Object.keys(localStorage)
    .filter((k) => k.startsWith('{SAVE_PREFIX}')).map((k) => [k, localStorage.getItem(k)]))"""
POSITION = """() => ({
    game: document.body.dataset.game,
    pending: document.body.dataset.pending,
    viewer: document.body.dataset.viewer,
    actions: [...document.querySelectorAll('#decision [data-action]')].map((b) => b.dataset.action),
    pieces: document.getElementById('pieces').innerHTML,
    players: document.getElementById('players').innerText,
})"""


@pytest.fixture(scope="module")
def saves_page(browser, site_url):
    loaded = open_page(browser, site_url, viewport={"width": 1366, "height": 768})
    loaded.page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    loaded.page.wait_for_selector(UI_READY, state="attached")
    yield loaded
    loaded.page.context.close()


def saves(page) -> dict:
    return page.evaluate(SAVES)


def position(page) -> dict:
    return page.evaluate(POSITION)


def steps(page, n: int) -> None:
    for _ in range(n):
        info = state(page)
        if info["handover"]:
            click(page, "#handover-ready")
        else:
            choose(page, info)


def boot(page, url: str) -> None:
    """Load ``url`` afresh (a new fragment alone would not reload the page)."""
    page.goto("about:blank")
    page.goto(url)
    page.wait_for_selector(UI_READY, state="attached", timeout=120_000)


def current_link(page) -> str:
    return address_game(page).lstrip("#")


def pack(lines: list[str]) -> str:
    packed = zlib.compress("\n".join(lines).encode(), 9)
    return LINK_PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def unpack(link: str) -> list[str]:
    body = link[len(LINK_PREFIX) :]
    return (
        zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
        .decode()
        .split("\n")
    )


def test_a_reload_mid_game_resumes_the_same_position_in_the_same_save(saves_page):
    page = saves_page.page
    start_game(page, SEATS, seed=11)
    act(page, "section:0")
    steps(page, 3)
    before, stored = position(page), saves(page)
    assert before["game"] == "on" and len(stored) == 1
    page.reload()
    page.wait_for_selector(UI_READY, state="attached")
    assert position(page) == before
    assert saves(page).keys() == stored.keys(), "a reload adds no copy of the game"
    steps(page, 1)
    assert saves(page).keys() == stored.keys()
    assert saves(page) != stored, "the next decision is saved into the same entry"


def test_export_then_import_gives_the_same_position(saves_page, tmp_path):
    page = saves_page.page
    before = position(page)
    with page.expect_download() as download:
        page.click("#export")
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)
    assert path.name.startswith("scythe-") and path.suffix == ".json"
    exported = json.loads(path.read_text())
    assert exported["kind"] == "scythe-saves" and len(exported["games"]) == 1
    # Bad files are refused with their message; nothing changes.
    stored = saves(page)
    click(page, "#open-saves")
    text = path.read_text()
    for name, content in (
        ("garbage.json", b"{not json"),
        ("cut.json", text[: len(text) // 2].encode()),
        ("other.json", b'{"kind": "something-else"}'),
    ):
        renders = int(page.evaluate("document.body.dataset.renders"))
        page.set_input_files(
            "#import-file",
            files=[{"name": name, "mimeType": "application/json", "buffer": content}],
        )
        wait_render(page, renders)
        message = page.inner_text("#saves-message")
        assert message.startswith("Not imported:") and "saved-games file" in message, message
        assert saves(page) == stored
    click(page, "#close-saves")
    assert position(page) == before, "the current game is untouched"
    # Delete the game's save, then import the file: the same game, same position.
    click(page, "#open-saves")
    click(page, "#saves-list .save-game >> nth=0 >> [data-cmd='delete-save']")
    assert saves(page) == {}
    renders = int(page.evaluate("document.body.dataset.renders"))
    page.set_input_files("#import-file", str(path))
    wait_render(page, renders)
    page.wait_for_function("document.body.dataset.saves === '0'")
    assert position(page) == before
    assert len(saves(page)) == 1


def test_copy_link_opens_the_same_game_in_a_fresh_browser(saves_page, browser):
    page = saves_page.page
    before = position(page)
    click(page, "#copy-link")
    page.wait_for_function("document.querySelector('#controls .notice').textContent.length > 0")
    assert "Link copied" in page.inner_text("#controls .notice")
    url = page.evaluate("navigator.clipboard.readText()")
    assert "#g1." in url and url.split("#")[0] == page.url.split("#")[0]
    other = open_page(browser, url, viewport={"width": 1366, "height": 768})
    try:
        fresh = other.page
        fresh.wait_for_selector(UI_READY, state="attached")
        assert position(fresh) == before
        steps(fresh, 1)
        assert position(fresh) != before and state(fresh)["game"] == "on"
        assert len(saves(fresh)) == 1, "the recipient's browser saves the game too"
        # Without a clipboard the link shows in a field to copy by hand.
        fresh.evaluate("Object.defineProperty(navigator, 'clipboard', {value: undefined})")
        click(fresh, "#copy-link")
        field = fresh.input_value("#share-field")
        assert field.split("#")[1] == current_link(fresh)
        assert other.console_errors == []
    finally:
        other.page.context.close()


def test_bad_saved_entries_are_listed_with_their_message_and_deletable(saves_page):
    page = saves_page.page
    stored = saves(page)
    (key, good), *_ = stored.items()
    page.evaluate(
        """([prefix, cut]) => {
            localStorage.setItem(prefix + 'broken', '{not json at all');
            localStorage.setItem(prefix + 'cut', cut);
        }""",
        [SAVE_PREFIX, good[: len(good) // 2]],
    )
    click(page, "#open-saves")
    assert page.locator("#saves-list .save-game").count() == len(stored)
    for problem in ("broken", "cut"):
        row = page.locator(f".save-problem[data-problem='{problem}']")
        assert "damaged or cut short" in row.inner_text()
        click(page, f".save-problem[data-problem='{problem}'] [data-cmd='delete-save']")
    assert page.locator(".save-problem").count() == 0
    assert saves(page) == stored
    # A game deleted by mistake comes back with Undo, exactly as it was stored.
    click(
        page,
        f"#saves-list .save-game[data-save='{key[len(SAVE_PREFIX) :]}'] [data-cmd='delete-save']",
    )
    assert key not in saves(page) and "Deleted." in page.inner_text("#saves-message")
    click(page, "#undo-delete")
    assert saves(page) == stored and "Restored." in page.inner_text("#saves-message")
    assert page.locator("#undo-delete").count() == 0
    click(page, "#close-saves")


def test_bad_links_show_their_message_and_change_no_save(saves_page, site_url):
    page = saves_page.page
    stored = saves(page)
    good = current_link(page)
    header, *actions = unpack(good)
    newer = json.dumps({**json.loads(header), "link": 99})
    middle = len(good) // 2
    tampered = good[:middle] + ("A" if good[middle] != "A" else "B") + good[middle + 1 :]
    for link, expected in (
        (tampered, "cannot be"),
        (good[: len(good) // 2], "cannot be"),
        (pack([newer, *actions]), "newer version"),
        (pack([header, *actions, "to:r9c9"]), "not legal"),
    ):
        boot(page, f"{site_url}#{link}")
        assert state(page)["game"] == "setup"
        message = page.inner_text("#setup-error")
        assert message.startswith("This game link cannot be read") and expected in message, (
            link[:40],
            message,
        )
        assert saves(page) == stored
    click(page, "#setup .saves li >> nth=0 >> [data-cmd='resume']")
    assert state(page)["game"] == "on"


def test_a_full_storage_warns_and_play_goes_on(saves_page):
    page = saves_page.page
    stored = saves(page)
    fillers = page.evaluate(
        """() => {
            let n = 0, size = 1 << 20;
            while (size >= 1 && n < 5000) {
                try { localStorage.setItem('filler' + n, 'x'.repeat(size)); n++; }
                catch (e) { size = Math.floor(size / 4); }
            }
            // The last characters: one-letter keys with nothing in them ("filler"
            // keys cost more than what may be left).
            for (let i = 0; i < 64; i++) {
                try { localStorage.setItem(String.fromCharCode(0x4e00 + i), ''); }
                catch (e) { break; }
            }
            return n;
        }"""
    )
    assert fillers > 0
    # A packed save grows by a character every few decisions (and may even shrink):
    # play until it no longer fits.
    for _ in range(40):
        stored, before = saves(page), position(page)
        steps(page, 1)
        notice = page.inner_text("#controls .notice")
        if notice:
            break
    assert notice.startswith("Not saved:") and "full" in notice, notice
    assert position(page) != before and state(page)["game"] == "on", "play goes on"
    assert saves(page) == stored, "the previous save is kept whole"
    page.evaluate(
        "() => Object.keys(localStorage).filter((k) => k.startsWith('filler') || k.length == 1)"
        ".forEach((k) => localStorage.removeItem(k))"
    )
    steps(page, 1)
    assert page.inner_text("#controls .notice") == ""
    assert saves(page).keys() == stored.keys() and saves(page) != stored


def test_the_replay_viewer_steps_forward_and_back(saves_page):
    page = saves_page.page
    game = position(page)
    click(page, "#open-saves")
    click(page, "#saves-list .save-game >> nth=0 >> [data-cmd='replay']")
    replay = page.locator("#replay")
    total = int(replay.get_attribute("data-total"))
    assert state(page)["game"] == "replay" and replay.get_attribute("data-index") == "0"
    assert total >= 5 and page.is_disabled("#replay-prev")
    assert page.inner_text("#replay-line") == "The start of the game."
    start = page.inner_html("#pieces")
    click(page, "#replay-next")
    assert page.get_attribute("#replay", "data-index") == "1"
    assert page.inner_text("#replay-line").startswith("Player 1 (Nordic)")
    click(page, "#replay-next")
    second = page.inner_text("#replay-line")
    click(page, "#replay-prev")
    assert page.get_attribute("#replay", "data-index") == "1"
    click(page, "#replay-last")
    assert page.get_attribute("#replay", "data-index") == str(total)
    assert page.is_disabled("#replay-next")
    assert page.inner_html("#pieces") != start
    last_round = page.inner_text("#replay-step").split(" · ")[1]
    assert page.inner_text("#game-status").startswith(last_round), "the header tells the replay"
    click(page, "#replay-first")
    assert page.inner_html("#pieces") == start
    assert page.inner_text("#game-status").startswith("Round 1 · Seed 11")
    assert page.locator("#decision [data-action]").count() == 0, "read-only"
    click(page, "#lang")
    click(page, "#replay-next")
    click(page, "#replay-next")
    assert page.inner_text("#replay-line") != second and "Terugkijken" in page.inner_text("#replay")
    click(page, "#lang")
    click(page, "#replay-close")
    assert position(page) == game
