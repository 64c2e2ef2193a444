"""The precompiled start falls back to the stock start, in headless Chromium.

web/interpreter.mjs starts Pyodide from the build's bytecode (build.py "bytecode").
When one of those optional files is missing, damaged or made by another Python, the
page must still start, the slow way, and draw the board: never a blank page. Each
case serves a private copy of the site with that file broken (or both missing). When
app.bin (which also carries the page's files) is unusable, the page fetches the wheel
and each module and catalogue itself.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
import strings
from game_driver import UI_READY, act, click, state
from site_browser import assert_board_drawn, open_page, serve_site, stop_site

#: The Python 3.14 magic number with its version field changed: a .pyc "from another Python".
FOREIGN_MAGIC = b"\x00\x00\r\n"


def foreign_magic_zip(data: bytes, tmp: Path) -> bytes:
    """The same standard-library zip, every .pyc stamped by some other Python."""
    source, target = tmp / "in.zip", tmp / "out.zip"
    source.write_bytes(data)
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w") as new:
        for info in old.infolist():
            new.writestr(info, FOREIGN_MAGIC + old.read(info)[4:])
    return target.read_bytes()


BREAKAGES = {
    "stdlib missing": ("bytecode/python_stdlib.zip", None),
    "stdlib garbage": ("bytecode/python_stdlib.zip", lambda data, tmp: data[:1000] + b"x" * 5000),
    "stdlib from another python": ("bytecode/python_stdlib.zip", foreign_magic_zip),
    "app bytecode missing": ("bytecode/app.bin", None),
    "app bytecode truncated": ("bytecode/app.bin", lambda data, tmp: data[: len(data) // 2]),
    "nothing precompiled": (("bytecode/python_stdlib.zip", "bytecode/app.bin"), None),
}


@pytest.fixture(scope="module")
def site_files(build_module, dist) -> dict[str, bytes]:
    plan = build_module.plan_site(build_module.build_wheel())
    return {rel: build_module.file_bytes(src) for rel, src in plan.items()}


@pytest.mark.browser
@pytest.mark.parametrize("breakage", list(BREAKAGES))
def test_a_missing_or_damaged_bytecode_file_still_starts_the_page(
    browser, build_module, site_files, tmp_path, breakage
):
    rel, damage = BREAKAGES[breakage]
    files = dict(site_files)
    if damage is None:
        for missing in (rel,) if isinstance(rel, str) else rel:
            del files[missing]
    else:
        files[rel] = damage(files[rel], tmp_path)
        assert files[rel] != site_files[rel]
    site = tmp_path / "site"
    build_module.sync(files, site)
    server = serve_site(build_module, site)
    loaded = open_page(browser, build_module.server_url(server))
    try:
        page = loaded.page
        assert_board_drawn(page)
        boot_path = page.evaluate("window.__scytheBootPath")
        expected = "stdlib-bytecode" if rel == "bytecode/app.bin" else "stock"
        assert boot_path == expected, breakage
        # And the game plays: a new game, one decision, the Automa's answer.
        page.wait_for_selector(UI_READY, state="attached")
        click(page, "#start")
        act(page, "section:0")
        assert state(page)["game"] == "on" and state(page)["pending"] != "section"
        # Both catalogues reached the page: its words in Dutch too.
        if not page.is_visible("#lang"):
            page.click("#menu-btn")
        click(page, "#lang")
        assert page.evaluate("document.documentElement.lang") == "nl"
        assert page.inner_text("#log-title") == strings.text("log.title", "nl")
        assert loaded.blocked == [], loaded.blocked
    finally:
        loaded.page.context.close()
        stop_site(server)


@pytest.mark.browser
def test_the_intact_site_starts_from_bytecode(board_page):
    assert board_page.page.evaluate("window.__scytheBootPath") == "bytecode"
    assert board_page.console_errors == [], board_page.console_errors


@pytest.mark.browser
def test_python_runs_on_the_page_stack_not_on_jspi_stacks(board_page):
    """Chromium offers JSPI (WebAssembly.promising), but the page hides it from Pyodide:
    sampling a stack trace on a JSPI stack crashed Chromium's renderer while the page
    booted (web/interpreter.mjs, hideJspi)."""
    offered, hidden, used = board_page.page.evaluate(
        "[typeof WebAssembly.promising === 'function',"
        " !('Suspending' in WebAssembly), window.__scytheJspi]"
    )
    assert offered, "this Chromium has no JSPI: the test shows nothing"
    assert hidden and used is False
