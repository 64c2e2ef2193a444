"""Issue 13 in the browser: hostile links and files, start-up that survives, saves across tabs.

Each case is tried where it broke: in Chromium, through the page's own address,
file input and storage. The page must never die (no page error, the new-game
screen or the game still works) and every refusal must say what is wrong.
"""

from __future__ import annotations

import base64
import functools
import http.server
import json
import random
import re
import threading
import time
import zlib

import pytest
from game_driver import UI_READY, act, address_game, click, state, wait_render
from site_browser import open_page
from test_saves import SAVE_PREFIX, boot, pack, saves, unpack
from test_session_replay import skipped_turns

from scythe_core import apply_in_place, legal_actions, new_game, to_move
from scythe_core.io.links import LINK_PREFIX, encode_link
from scythe_core.io.records import MAX_DECISIONS

pytestmark = pytest.mark.browser

SOLO = [{"controller": "human", "faction": "nordic"}, {"controller": "automa", "faction": "saxony"}]
#: Makes ``window.localStorage`` throw, as blocked cookies and some private modes do.
NO_STORAGE = """Object.defineProperty(window, 'localStorage', {
    configurable: true,
    get() { throw new DOMException('The operation is insecure.', 'SecurityError'); },
});"""
#: Records every Content-Security-Policy violation of the page.
CSP_WATCH = """window.__csp = [];
document.addEventListener('securitypolicyviolation',
    (e) => window.__csp.push(e.violatedDirective + ' ' + e.blockedURI));"""


def fresh(browser, url: str, **options):
    return open_page(browser, url, viewport={"width": 1366, "height": 768}, **options)


def ui_ready(page) -> None:
    page.wait_for_selector(UI_READY, state="attached", timeout=120_000)


def link_of(header: str, actions: list[str] = ()) -> str:
    return pack([header, *actions])


def played(config: dict, until, seed: int = 1):
    """A game played with seeded random choices until ``until(state)`` (or its end)."""
    state_, choices = new_game(config), random.Random(seed)
    while not state_.game_over and not until(state_):
        apply_in_place(state_, choices.choice(legal_actions(state_)))
    return state_


def setup_error(page) -> str:
    return page.inner_text("#setup-error")


def no_page_errors(loaded) -> None:
    fatal = [e for e in loaded.console_errors if "pageerror" in e or "Traceback" in e]
    assert fatal == [], fatal


def the_page_still_plays(page) -> None:
    click(page, "#start")
    assert state(page)["game"] == "on" and state(page)["actions"]


# ---------------------------------------------------------------- 1, 2, 3: links


def test_a_link_of_deeply_nested_json_gets_a_message_and_the_page_lives(browser, site_url):
    deep = LINK_PREFIX + base64.urlsafe_b64encode(
        zlib.compress(b"[" * 10_000 + b"]" * 10_000, 9)
    ).decode().rstrip("=")
    assert len(deep) < 80  # a short link
    loaded = fresh(browser, f"{site_url}#{deep}", ready=UI_READY)
    page = loaded.page
    assert state(page)["game"] == "setup"
    assert setup_error(page).startswith("This game link cannot be read")
    no_page_errors(loaded)
    the_page_still_plays(page)
    page.context.close()


def test_an_unchecked_option_in_a_link_is_refused_with_a_message(browser, site_url):
    header = json.loads(unpack(encode_link(new_game({"seed": 3, "seats": SOLO})))[0])
    loaded = fresh(browser, site_url, ready=UI_READY)
    page = loaded.page
    for options, expected in (
        ('{"automa_coins": Infinity}', "cannot be read"),
        ('{"automa_coins": 1e999}', "cannot be read"),
        ('{"automa_coins": 7}', "automa_coins"),
        ('{"from_the_future": true}', "newer version"),
    ):
        text = json.dumps(header).replace('"options": {}', f'"options": {options}')
        assert options in text
        boot(page, f"{site_url}#{link_of(text)}")
        assert state(page)["game"] == "setup"
        message = setup_error(page)
        assert expected in message and "Traceback" not in message, (options, message)
    no_page_errors(loaded)
    the_page_still_plays(page)
    page.context.close()


def test_a_link_with_a_forged_bot_reason_is_refused_with_a_message(browser, site_url):
    """A bot's reason rides in the link with its decision; one not on the list, or on a
    human's decision, is refused as an illegal decision would be."""
    seats = [{"controller": "human"}, {"controller": "bot", "level": "hard"}]
    games = {seed: new_game({"seed": seed, "seats": seats}) for seed in (1, 3)}
    assert [to_move(games[1]), to_move(games[3])] == [1, 0]  # the bot starts, the human
    loaded = fresh(browser, site_url, ready=UI_READY)
    page = loaded.page
    for seed, decision, expected in (
        (1, "section:1|shouts", "unknown bot reason"),
        (1, "section:1|attacks:<script>", "not a known hex"),
        (3, "section:1|gathers", "only a bot seat"),
    ):
        header = unpack(encode_link(games[seed]))[0]
        boot(page, f"{site_url}#{link_of(header, [decision])}")
        assert state(page)["game"] == "setup"
        message = setup_error(page)
        assert "cannot be read" in message and expected in message, (decision, message)
    no_page_errors(loaded)
    the_page_still_plays(page)
    page.context.close()


def test_a_link_longer_than_any_real_game_is_refused_before_any_replay(browser, site_url):
    link = encode_link(skipped_turns(MAX_DECISIONS + 1))
    assert len(link) < 20_000  # a short link for so many decisions
    loaded = fresh(browser, site_url, ready=UI_READY)
    page = loaded.page
    started = time.monotonic()
    boot(page, f"{site_url}#{link}")
    assert time.monotonic() - started < 60, "refused before replaying (boot included)"
    message = setup_error(page)
    assert "decisions" in message and f"{MAX_DECISIONS:,}" in message, message
    assert saves(page) == {}, "nothing was saved"
    no_page_errors(loaded)
    page.context.close()


# ------------------------------------------------------------ 1, 2: imported files


def import_file(page, content: bytes) -> str:
    renders = int(page.evaluate("document.body.dataset.renders"))
    page.set_input_files(
        "#import-file",
        files=[{"name": "x.json", "mimeType": "application/json", "buffer": content}],
    )
    wait_render(page, renders)
    return page.inner_text("#saves-message")


def test_hostile_files_are_refused_with_a_message(browser, site_url):
    import save_files
    from save_format import make_entry

    state_ = new_game({"seed": 4, "seats": SOLO})
    entry = make_entry("abc", "x", state_, "2026-11-23T10:00:00Z", "2026-11-23T10:00:00Z")
    good = save_files.export_file_text([entry])
    infinite = good.replace('"options": {}', '"options": {"automa_power": Infinity}')
    assert infinite != good
    loaded = fresh(browser, site_url, ready=UI_READY)
    page = loaded.page
    click(page, "#open-saves")
    for content in (b"[" * 100_000 + b"]" * 100_000, b'{"a":' * 50_000, infinite.encode()):
        message = import_file(page, content)
        assert message.startswith("Not imported:"), message
        assert saves(page) == {}
    renders = int(page.evaluate("document.body.dataset.renders"))
    page.set_input_files(
        "#import-file",
        files=[{"name": "x.json", "mimeType": "application/json", "buffer": good.encode()}],
    )
    wait_render(page, renders)
    page.wait_for_function("document.body.dataset.game === 'on'")
    assert len(saves(page)) == 1, "a good file still imports"
    no_page_errors(loaded)
    page.context.close()


# ------------------------------------------------------------------ 4: reloads


def test_a_reload_while_an_automa_turn_is_pending_goes_on(browser, site_url):
    config = {"seed": 8, "seats": SOLO}
    waiting = played(config, lambda s: s.pending.get("kind") == "automa_turn")
    link = encode_link(waiting)
    loaded = fresh(browser, site_url, ready=UI_READY)
    page = loaded.page
    for speed in ("instant", "fast", "watch"):
        page.evaluate(f"localStorage.setItem('scythe:/:speed', '{speed}')")
        boot(page, f"{site_url}#{link}")
        assert page.input_value("#speed") == speed
        page.wait_for_function(
            "document.body.dataset.pending !== 'automa_turn' && "
            "document.body.dataset.viewer === '0'",
            timeout=30_000,
        )
        assert len(unpack(address_game(page).lstrip("#"))) > len(unpack(link))
    no_page_errors(loaded)
    page.context.close()


# ---------------------------------------------------------------- 5: no storage


def test_the_game_plays_without_storage_with_a_notice_and_export(browser, site_url):
    loaded = fresh(browser, site_url, init_script=NO_STORAGE, ready=UI_READY)
    page = loaded.page
    assert "Saving is off" in page.inner_text("#notice")
    the_page_still_plays(page)
    act(page, state(page)["actions"][0])
    assert "Saving is off" in page.inner_text("#notice")
    with page.expect_download() as download:
        page.click("#export")
    exported = json.loads(download.value.path().read_text())
    assert exported["games"][0]["record"]["actions"], "Export holds the game"
    click(page, "#open-saves")
    assert page.locator("#saves-list .save-game").count() == 1  # for as long as the tab lives
    no_page_errors(loaded)
    page.context.close()


# ------------------------------------------------------------------ 6: two tabs


def play(page, n: int) -> None:
    for _ in range(n):
        info = state(page)
        passive = [a for a in info["actions"] if a in ("skip", "end_turn", "done")]
        act(page, (passive or info["actions"])[0])


def stored_entries(page) -> list[dict]:
    """The page's saved games as their JSON objects (stored packed)."""
    from save_format import parse_entry

    return [parse_entry(v, k.rsplit(".", 1)[-1]) for k, v in saves(page).items()]


def decisions_saved(page) -> list[int]:
    return sorted(entry["decisions"] for entry in stored_entries(page))


def test_a_tab_that_is_behind_does_not_overwrite_a_newer_save(browser, site_url):
    first = fresh(browser, site_url, ready=UI_READY)
    a = first.page
    a.fill("#setup-seed", "21")
    click(a, "#start")
    play(a, 3)
    b = a.context.new_page()
    b.goto(f"{site_url}#{address_game(a).lstrip('#')}")
    ui_ready(b)
    play(a, 2)
    newest = decisions_saved(a)
    assert len(newest) == 1
    b.wait_for_selector("#save-conflict")  # told at once (the browser's storage event)
    play(b, 1)  # the stale tab's decision: not saved over the newer game
    b.wait_for_selector("#save-conflict")
    assert str(newest[0]) in b.inner_text("#save-conflict")
    assert decisions_saved(b) == newest
    click(b, "#conflict-load")
    assert address_game(b) == address_game(a)
    play(a, 1)
    play(b, 1)
    b.wait_for_selector("#save-conflict")
    click(b, "#conflict-copy")
    names = sorted(entry["name"] for entry in stored_entries(b))
    assert len(names) == 2 and any(n.endswith("(copy)") for n in names), names
    play(b, 1)  # saves to its copy now, without a conflict
    assert b.locator("#save-conflict").count() == 0
    assert all(k.startswith(SAVE_PREFIX) for k in saves(b))
    no_page_errors(first)
    a.context.close()


# ------------------------------------------------------- 7: an entry from a newer version


def test_a_save_from_a_newer_version_is_listed_as_a_problem(browser, site_url):
    from save_format import make_entry

    state_ = new_game({"seed": 6, "seats": SOLO})
    good = make_entry("mine", "Mine", state_, "2026-11-23T10:00:00Z", "2026-11-23T10:00:00Z")
    future = json.loads(json.dumps(good))
    future["id"], future["name"] = "future", "Future"
    future["seats"][1]["faction"] = future["record"]["setup"]["seats"][1]["faction"] = "albion"
    old = json.loads(json.dumps(good))
    old["id"], old["name"] = "older", "From before the path was in the key"
    seed_storage = f"""
        localStorage.setItem('{SAVE_PREFIX}mine', {json.dumps(json.dumps(good))});
        localStorage.setItem('{SAVE_PREFIX}future', {json.dumps(json.dumps(future))});
        localStorage.setItem('scythe.save.older', {json.dumps(json.dumps(old))});"""
    # Before the page's first start: it adopts the save kept under the old key.
    loaded = fresh(browser, site_url, init_script=seed_storage, ready=UI_READY)
    page = loaded.page
    click(page, "#open-saves")
    names = page.locator("#saves-list .save-game .save-name").all_inner_texts()
    assert sorted(names) == ["From before the path was in the key", "Mine"]
    problem = page.inner_text(".save-problem[data-problem='future']")
    assert "newer version" in problem, problem
    click(page, "#saves-list .save-game[data-save='mine'] [data-cmd='resume']")
    assert state(page)["game"] == "on"
    no_page_errors(loaded)
    page.context.close()


# ---------------------------------------------------------------------- 9: seeds


def test_new_games_get_64_bit_seeds_from_the_cryptographic_source(browser, site_url):
    fixed = "crypto.getRandomValues = (words) => { words[0] = 3; words[1] = 7; return words; };"
    loaded = fresh(browser, site_url, init_script=fixed, ready=UI_READY)
    page = loaded.page
    assert int(page.input_value("#setup-seed")) == (3 << 32) | 7
    page.context.close()
    seeds = set()
    for _ in range(2):
        loaded = fresh(browser, site_url, ready=UI_READY)
        seeds.add(int(loaded.page.input_value("#setup-seed")))
        loaded.page.context.close()
    assert len(seeds) == 2 and max(seeds) >= 1 << 32
    big = 2**64 - 1
    page = fresh(browser, site_url, ready=UI_READY).page
    page.fill("#setup-seed", str(big))
    click(page, "#start")
    assert str(big) in page.inner_text("#game-status")
    click(page, "#new-game")  # the next game is not the last one again
    assert int(page.input_value("#setup-seed")) != big
    page.context.close()


# ------------------------------------------------------ 10: a finished hot-seat game


def test_a_finished_hot_seat_game_opens_from_its_link(browser, site_url):
    config = {"seed": 11, "seats": [{"controller": "human"}, {"controller": "human"}]}
    finished = played(config, lambda s: False)
    assert finished.game_over and to_move(finished) is None
    loaded = fresh(browser, f"{site_url}#{encode_link(finished)}", ready=UI_READY)
    page = loaded.page
    assert state(page)["game"] == "over" and not state(page)["handover"]
    assert page.locator("#overlay:not([hidden])").count() == 1
    no_page_errors(loaded)
    page.context.close()


# ------------------------------------------- 11: the page's policy, framing, own keys


def test_the_page_keeps_to_its_content_security_policy(browser, site_url):
    loaded = fresh(browser, site_url, init_script=CSP_WATCH, ready=UI_READY)
    page = loaded.page
    policy = page.get_attribute("meta[http-equiv='Content-Security-Policy']", "content")
    assert "default-src 'self'" in policy and "'unsafe-inline'" not in policy
    the_page_still_plays(page)
    play(page, 6)
    assert page.evaluate("window.__csp") == [], "the page itself needs nothing more"
    page.evaluate(
        """() => document.body.insertAdjacentHTML('beforeend',
            '<img src="x.png" onerror="window.__ran = 1"><p style="color: red">x</p>')"""
    )
    page.wait_for_function("window.__csp.length >= 1")
    assert page.evaluate("window.__ran") is None, "no inline handler runs"
    headers = page.goto(site_url).headers
    assert headers["x-frame-options"] == "DENY"
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert all(re.match(r"scythe:/:", k) for k in page.evaluate("Object.keys(localStorage)"))
    page.context.close()


def serve(directory) -> http.server.ThreadingHTTPServer:
    """A plain static host that sends no headers of its own (like GitHub Pages)."""
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(directory))
    handler.log_message = lambda *args: None
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_inside_another_sites_frame_the_game_does_not_start(browser, dist, site_url, tmp_path):
    plain = serve(dist)
    game = f"http://127.0.0.1:{plain.server_address[1]}/"
    (tmp_path / "index.html").write_text(
        f'<!doctype html><title>other site</title><link rel="icon" href="data:,">'
        f'<iframe id="plain" src="{game}"></iframe><iframe id="headers" src="{site_url}"></iframe>'
    )
    other = serve(tmp_path)
    try:
        loaded = fresh(browser, f"http://127.0.0.1:{other.server_address[1]}/", ready=None)
        page = loaded.page
        # Where the host sends no headers, the page refuses by itself and links its own tab.
        framed = page.frame_locator("#plain")
        framed.locator("body[data-framed='1']").wait_for(state="attached", timeout=120_000)
        assert "own tab" in framed.locator("#loading").inner_text()
        assert framed.locator("body[data-ui='1']").count() == 0
        # Where it sends them (build.py serve, _headers), the browser does not even load it.
        urls = [frame.url for frame in page.frames]
        assert page.frame_locator("#headers").locator("#loading").count() == 0, urls
        page.context.close()
    finally:
        for server in (plain, other):
            server.shutdown()
            server.server_close()
