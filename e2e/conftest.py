"""Fixtures for the site tests: a fresh build of dist/, local servers, one headless Chromium.

The browser is Debian's ``/usr/bin/chromium`` driven by Playwright for Python
(``playwright install`` is never used). Every page load goes through a route that
lets only 127.0.0.1 through, so the page is tested as if the network were cut off
from everything but loopback, and a log of every request proves it.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import threading
from pathlib import Path

import pytest
from site_browser import (
    CHROMIUM,
    CHROMIUM_ARGS,
    RENDERER_CRASHED,
    is_renderer_crash,
    machine_state,
    open_page,
)

ROOT = Path(__file__).resolve().parents[1]
WEB = ROOT / "web"
E2E = Path(__file__).resolve().parent

if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))  # the page's pure-Python modules, for direct tests


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: needs headless Chromium and Playwright")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """A site test whose page lost its renderer (Chromium's "Page crashed") runs once
    more, from its fixtures up (pytest-rerunfailures); any other failure, or a second
    crash, fails it. One CI machine crashed the renderer in 30 of some 200 page loads
    (Chromium sampling a stack on Pyodide's JSPI stacks, which the page now hides: see
    web/interpreter.mjs); this is the net for any other crash, said with the machine's
    state in the report and at the end of the run."""
    for item in items:
        if E2E in Path(str(item.path)).resolve().parents:
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=list(RENDERER_CRASHED)))


#: The site tests whose renderer crashed, each with the machine's state then.
CRASHES = pytest.StashKey[list]()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo):
    """A crashed renderer's report carries the machine's state (memory, disk, load)."""
    report = yield
    if report.failed and is_renderer_crash(report.longreprtext):
        state = machine_state()
        report.sections.append(("Chromium's renderer crashed; the machine", state))
        item.config.stash.setdefault(CRASHES, []).append(f"{item.nodeid}\n{state}")
    return report


def pytest_terminal_summary(terminalreporter, config: pytest.Config) -> None:
    crashes = config.stash.get(CRASHES, [])
    if crashes:
        terminalreporter.section(f"Chromium's renderer crashed {len(crashes)} times")
        for crash in crashes:
            terminalreporter.write_line(crash)


def load_build_module():
    """build.py as a module (named so it cannot clash with the PyPI ``build`` package)."""
    spec = importlib.util.spec_from_file_location("scythe_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def build_module():
    return load_build_module()


@pytest.fixture(scope="session")
def dist(build_module) -> Path:
    """dist/, freshly built (a no-change rebuild takes well under a second)."""
    return build_module.build()


def start_server(build_module, directory: Path, base: str = "/"):
    server = build_module.make_server(directory, port=0, base=base, quiet=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server


@pytest.fixture(scope="session")
def site_url(build_module, dist):
    server = start_server(build_module, dist)
    yield build_module.server_url(server)
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def subpath_site_url(build_module, dist):
    """The same dist/ published under /scythe/, like a GitHub Pages project site."""
    server = start_server(build_module, dist, base="/scythe/")
    yield build_module.server_url(server)
    server.shutdown()
    server.server_close()


def browser_missing_reason() -> str | None:
    if not (shutil.which(CHROMIUM) or Path(CHROMIUM).exists()):
        return f"{CHROMIUM} not found (the README's test command installs Debian's chromium)"
    if importlib.util.find_spec("playwright") is None:
        return "playwright is not installed (pip install -e '.[test]')"
    return None


@pytest.fixture(scope="session")
def browser():
    reason = browser_missing_reason()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(reason)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture(scope="module")
def board_page(browser, site_url):
    loaded = open_page(browser, site_url)
    yield loaded
    loaded.page.context.close()


@pytest.fixture()
def strict_strings(monkeypatch):
    """For the tests of the page's modules: fail on any key missing from the language
    asked for (no silent English fallback)."""
    import actions_ui
    import render_decision
    import render_pieces
    import render_players
    import render_screens
    import strings

    missing = []
    original = strings.text

    def strict(key, lang=None, **values):
        if not strings.has(key, lang or strings.LANG):
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
