"""Offline play and updates: the generated service worker, in headless Chromium.

After one visit the page must start with the server gone, and a new build must
replace the cached files as a whole: a new cache, the old one deleted, and no
file of one build ever cached under another build's name.
"""

from __future__ import annotations

import functools
import json
import re
import socket
import threading
import time
import warnings
from pathlib import Path

import pytest
from conftest import CHROMIUM, CHROMIUM_ARGS
from game_driver import UI_READY, act, click, state
from site_browser import (
    BOOT_TIMEOUT_MS,
    READY,
    after_renderer_crashes,
    assert_board_drawn,
    is_loopback,
    open_page,
    serve_site,
    stop_site,
    traced,
)

CHANGED_CSS = b"\n/* a later build */\n"


def precache_urls(sw_text: str) -> list[str]:
    return re.findall(r'^  \["(\./[^"]*)", "sha256-[^"]+"\],$', sw_text, re.M)


@pytest.fixture(scope="module")
def site_plan(build_module, dist) -> dict[str, bytes]:
    """The current build as relative path -> bytes, frozen: the browser tests serve a
    private copy of it, so a rebuild of dist/ while they run cannot disturb them."""
    plan = build_module.plan_site(build_module.build_wheel())
    frozen = {rel: build_module.file_bytes(src) for rel, src in plan.items()}
    frozen[build_module.SERVICE_WORKER] = build_module.service_worker(frozen)
    return frozen


def changed_plan(build_module, plan: dict) -> dict:
    """The same site with one file changed, as the next build would write it."""
    changed = dict(plan)
    changed["style.css"] = plan["style.css"] + CHANGED_CSS
    changed[build_module.SERVICE_WORKER] = build_module.service_worker(changed)
    return changed


def version_of(build_module, directory: Path) -> str:
    return build_module.sw_version((directory / build_module.SERVICE_WORKER).read_text())


# ----------------------------------------------------------------- no browser


def test_the_worker_precaches_every_file_of_the_site(dist, build_module):
    sw_text = (dist / "sw.js").read_text()
    files = {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}
    urls = precache_urls(sw_text)
    assert len(urls) == len(set(urls))
    fallback_only = {f for f in files if build_module.is_fallback_only(f)}
    assert "vendor/pyodide/python_stdlib.zip" in fallback_only
    assert "py/main.py" in fallback_only and "locale/nl/LC_MESSAGES/page.mo" in fallback_only
    assert any(f.startswith("wheels/") for f in fallback_only)
    assert set(urls) == {f"./{f}" for f in files - {"sw.js"} - fallback_only} | {"./"}
    assert {"./bytecode/python_stdlib.zip", "./bytecode/app.bin", "./interpreter.mjs"} <= set(urls)
    assert {"./index.html", "./pyscript.json", "./vendor/pyodide/pyodide.asm.wasm"} <= set(urls)
    assert {"./manifest.webmanifest", "./icons/icon-192.png"} <= set(urls)
    assert "//" not in "".join(urls).replace("./", "")
    assert re.fullmatch(r"[0-9a-f]{20}", build_module.sw_version(sw_text))


def test_the_same_files_give_the_same_cache_version_and_a_changed_file_a_new_one(
    build_module, site_plan, tmp_path
):
    first, again = tmp_path / "first", tmp_path / "again"
    build_module.sync(site_plan, first)
    build_module.sync(build_module.plan_site(build_module.build_wheel()), again)
    assert (first / "sw.js").read_bytes() == (again / "sw.js").read_bytes()
    build_module.sync(changed_plan(build_module, site_plan), again)
    assert (again / "style.css").read_bytes().endswith(CHANGED_CSS)
    assert version_of(build_module, again) != version_of(build_module, first)


def test_the_manifest_makes_the_site_installable(dist, build_module):
    manifest = json.loads((dist / "manifest.webmanifest").read_text())
    assert manifest["start_url"] == "./" and manifest["scope"] == "./"
    assert manifest["display"] == "standalone"
    assert manifest["name"] and manifest["short_name"] and manifest["theme_color"]
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert icon["src"].startswith("./") and (dist / icon["src"]).is_file()
    png = (dist / "icons/icon-512.png").read_bytes()
    assert png.startswith(b"\x89PNG") and int.from_bytes(png[16:20], "big") == 512
    html = (dist / "index.html").read_text()
    assert '<link rel="manifest" href="./manifest.webmanifest">' in html
    assert build_module.SiteHandler.extensions_map[".webmanifest"] == "application/manifest+json"


@pytest.mark.browser
def test_chromium_finds_the_site_installable_under_a_sub_path(
    browser, build_module, dist, tmp_path
):
    """Chromium's own check (DevTools' Page.getInstallabilityErrors) finds nothing to
    complain about. It needs a profile on disk: every test context is incognito."""
    server = serve_site(build_module, dist, base="/scythe/")
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile", executable_path=CHROMIUM, args=CHROMIUM_ARGS
    )
    try:
        page = context.new_page()
        page.route(
            "**/*",
            lambda route: route.continue_() if is_loopback(route.request.url) else route.abort(),
        )
        page.goto(build_module.server_url(server))
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == build_module.server_url(server) + "manifest.webmanifest"
        assert manifest["errors"] == []
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
    finally:
        context.close()
        stop_site(server)


# -------------------------------------------------------------- in the browser

CACHE_STATE = """async () => {
  const names = await caches.keys();
  const entries = {};
  for (const name of names) entries[name] = (await (await caches.open(name)).keys()).length;
  const registration = await navigator.serviceWorker.getRegistration();
  return {
    names, entries,
    active: registration && registration.active ? registration.active.state : null,
    controlled: navigator.serviceWorker.controller !== null,
  };
}"""

#: Ask for an update now and wait for the new worker to activate or fail.
UPDATE = """async () => {
  const registration = await navigator.serviceWorker.getRegistration();
  await registration.update();
  const worker = registration.installing || registration.waiting;
  if (!worker) return "no update";
  const settled = () => ["activated", "redundant"].includes(worker.state);
  if (!settled()) {
    await new Promise((done) => worker.addEventListener("statechange", () => settled() && done()));
  }
  return worker.state;
}"""


def wait_for_cache(page, name: str, count: int, timeout: float = 60) -> dict:
    """Wait until ``name`` is the only cache, holds ``count`` entries and controls the page."""
    deadline = time.monotonic() + timeout
    while True:
        state = page.evaluate(CACHE_STATE)
        if state["names"] == [name] and state["entries"][name] == count and state["controlled"]:
            return state
        if time.monotonic() > deadline:
            pytest.fail(f"the service worker did not fill {name!r} with {count} files: {state}")
        time.sleep(0.25)


def port_is_closed(port: int) -> bool:
    try:
        socket.create_connection(("127.0.0.1", port), timeout=2).close()
    except OSError:
        return True
    return False


@pytest.mark.browser
def test_after_one_visit_the_page_starts_with_the_server_stopped(
    browser, build_module, site_plan, tmp_path
):
    build_module.sync(site_plan, tmp_path)
    server = serve_site(build_module, tmp_path, base="/scythe/")
    url = build_module.server_url(server)
    sw_text = (tmp_path / "sw.js").read_text()
    cache = f"scythe:{url}:{build_module.sw_version(sw_text)}"
    loaded = open_page(browser, url)
    try:
        page = loaded.page
        wait_for_cache(page, cache, len(precache_urls(sw_text)))
        stop_site(server)
        assert port_is_closed(server.server_address[1])
        served = []
        page.on("response", lambda r: served.append((r.url, r.from_service_worker)))
        page.reload()
        page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        assert_board_drawn(page)
        assert served and all(from_worker for _, from_worker in served), served
        # And the game plays: a new game, one decision, the Automa's answer.
        page.wait_for_selector(UI_READY, state="attached")
        click(page, "#start")
        act(page, "section:0")
        assert state(page)["game"] == "on" and state(page)["pending"] != "section"
        assert loaded.blocked == [], loaded.blocked
        assert loaded.console_errors == [], loaded.console_errors
    finally:
        loaded.page.context.close()
        stop_site(server)


WASM = "vendor/pyodide/pyodide.asm.wasm"


@pytest.mark.browser
def test_the_second_visit_starts_pyodide_from_compiled_code(
    browser, build_module, site_plan, tmp_path
):
    """Visit 1 waits for the worker to take over before Pyodide asks for its wasm, so the
    wasm comes from the worker's cache and V8 writes its compiled code beside that copy;
    visit 2 then reads compiled code (a code-cache hit) instead of compiling the wasm.
    Needs a profile on disk: an incognito context keeps no code cache."""
    build_module.sync(site_plan, tmp_path / "site")
    server = serve_site(build_module, tmp_path / "site")
    url = build_module.server_url(server)
    profiles = iter(tmp_path / f"profile-{n}" for n in range(2))
    try:
        # A crashed renderer (rare, not ours to fix: see after_renderer_crashes) starts
        # both visits over once in a new profile; a second crash fails the test.
        visits = after_renderer_crashes(
            lambda: two_visits(browser, url, next(profiles)), say=warn_crash
        )
    finally:
        stop_site(server)
    (first, first_wasm, first_wait), (second, second_wasm, second_wait) = visits
    assert first_wait and first_wait[0] == "taken over", first_wait
    assert first_wasm == [(200, True)], "visit 1: the wasm is answered by the worker"
    wrote, read = "v8.wasm.cachedModule" in first, "v8.wasm.moduleCacheHit" in second
    assert wrote, "visit 1: V8 wrote its code cache"
    assert second_wait[0] == "controlled" and second_wasm == [(200, True)]
    assert read, "visit 2: V8 compiled the wasm instead of reading its code cache"


def warn_crash(text: str) -> None:
    warnings.warn(text.strip(), stacklevel=2)


def two_visits(browser, url: str, profile: Path) -> list[tuple]:
    """Two loads of the page in one new profile on disk: the trace event names, the
    wasm's (status, from the worker) and how the page waited for its worker, each."""
    context = browser.browser_type.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=CHROMIUM_ARGS
    )
    try:
        visits = []
        for _ in range(2):
            page = context.new_page()
            wasm = []
            page.on("response", lambda r, wasm=wasm: r.url == url + WASM and wasm.append(r))

            def load(page=page) -> None:
                page.goto(url)
                page.wait_for_selector(READY, state="attached", timeout=BOOT_TIMEOUT_MS)
                page.wait_for_timeout(3000)  # V8 writes its code cache once code has tiered up

            names = traced(context, page, load)
            waited = page.evaluate("window.__scytheWorkerWait")
            visits.append((names, [(r.status, r.from_service_worker) for r in wasm], waited))
            page.close()
        return visits
    finally:
        context.close()


#: Longer than web/interpreter.mjs's WORKER_WAIT_MS (8 s).
STALL_SECONDS = 40


@pytest.mark.browser
def test_a_first_visit_whose_worker_never_finishes_installing_still_starts(
    browser, build_module, site_plan, tmp_path
):
    """One file the boot does not need (an icon) never arrives in time, so the worker's
    install hangs: the page stops waiting for it after a few seconds and starts from
    the network, never stuck on its loading screen."""
    build_module.sync(site_plan, tmp_path)
    server = build_module.make_server(tmp_path, port=0, quiet=True)
    plain = server.RequestHandlerClass  # functools.partial(handler class, directory=...)

    class Stalling(plain.func):
        def do_GET(self) -> None:
            if self.path.endswith("/icons/icon-512.png"):
                time.sleep(STALL_SECONDS)
            super().do_GET()

    server.RequestHandlerClass = functools.partial(Stalling, *plain.args, **plain.keywords)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    loaded = open_page(browser, build_module.server_url(server))
    try:
        page = loaded.page
        assert_board_drawn(page)
        reason, waited_ms = page.evaluate("window.__scytheWorkerWait")
        assert reason == "timeout" and 7000 <= waited_ms < STALL_SECONDS * 1000, (reason, waited_ms)
        assert page.evaluate("navigator.serviceWorker.controller") is None
        assert loaded.console_errors == [], loaded.console_errors
    finally:
        loaded.page.context.close()
        stop_site(server)


@pytest.mark.browser
def test_a_new_build_replaces_the_cache_and_a_half_deployed_one_changes_nothing(
    browser, build_module, site_plan, tmp_path
):
    site = tmp_path / "site"
    build_module.sync(site_plan, site)
    server = serve_site(build_module, site)
    url = build_module.server_url(server)
    old_sw = (site / "sw.js").read_text()
    old_cache = f"scythe:{url}:{build_module.sw_version(old_sw)}"
    loaded = open_page(browser, url)
    try:
        page = loaded.page
        wait_for_cache(page, old_cache, len(precache_urls(old_sw)))
        new_plan = changed_plan(build_module, site_plan)
        new_sw = build_module.file_bytes(new_plan["sw.js"]).decode()
        new_cache = f"scythe:{url}:{build_module.sw_version(new_sw)}"

        # Half a deploy: the new worker is there, the changed style.css is not yet.
        (site / "sw.js").write_text(new_sw)
        assert page.evaluate(UPDATE) == "redundant"
        state = page.evaluate(CACHE_STATE)
        assert state["names"] == [old_cache] and state["controlled"]

        # The whole deploy: the new cache takes over and the old one is deleted.
        build_module.sync(new_plan, site)
        assert page.evaluate(UPDATE) == "activated"
        wait_for_cache(page, new_cache, len(precache_urls(new_sw)))
        css = page.evaluate("async () => await (await fetch('./style.css')).text()")
        assert css.endswith(CHANGED_CSS.decode())
    finally:
        loaded.page.context.close()
        stop_site(server)


@pytest.mark.browser
def test_a_new_build_taking_over_offers_a_reload_that_keeps_the_game(
    browser, build_module, site_plan, tmp_path
):
    site = tmp_path / "site"
    build_module.sync(site_plan, site)
    server = serve_site(build_module, site)
    url = build_module.server_url(server)
    old_sw = (site / "sw.js").read_text()
    loaded = open_page(browser, url)
    try:
        page = loaded.page
        wait_for_cache(
            page, f"scythe:{url}:{build_module.sw_version(old_sw)}", len(precache_urls(old_sw))
        )
        # The first worker taking over a first visit is no update.
        assert page.locator("#update-reload").count() == 0
        page.wait_for_selector(UI_READY, state="attached")
        click(page, "#start")
        act(page, "section:0")
        before = state(page)
        assert before["game"] == "on"
        assert page.locator("#update-reload").count() == 0

        new_plan = changed_plan(build_module, site_plan)
        build_module.sync(new_plan, site)
        assert page.evaluate(UPDATE) == "activated"
        page.wait_for_selector("#update-reload", timeout=10_000)
        assert "new version" in page.inner_text("#controls .update")

        with page.expect_navigation():
            page.click("#update-reload")
        page.wait_for_selector(UI_READY, state="attached", timeout=BOOT_TIMEOUT_MS)
        after = state(page)
        assert after["game"] == "on" and after["pending"] == before["pending"], (before, after)
        assert page.locator("#update-reload").count() == 0, "the reloaded page is the new build"
        served = page.evaluate("async () => await (await fetch('./style.css')).text()")
        assert served.endswith(CHANGED_CSS.decode())
        assert loaded.console_errors == [], loaded.console_errors
    finally:
        loaded.page.context.close()
        stop_site(server)
