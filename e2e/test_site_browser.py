"""The helpers the browser tests share: a crashed renderer starts a load over once."""

from __future__ import annotations

import pytest
from playwright.sync_api import Error
from site_browser import after_renderer_crashes, is_loopback, is_renderer_crash, machine_state


def failing(errors: list[Exception], result: str = "loaded"):
    """A run that raises the given errors one per call, then returns ``result``."""
    calls = []

    def run() -> str:
        calls.append(1)
        if errors:
            raise errors.pop(0)
        return result

    return run, calls


def test_one_crash_starts_over_and_says_so():
    said: list[str] = []
    run, calls = failing([Error("Page.goto: Page crashed")])
    assert after_renderer_crashes(run, say=said.append) == "loaded"
    assert len(calls) == 2 and len(said) == 1 and "Page crashed" in said[0]


def test_a_crash_on_the_last_attempt_goes_up():
    run, calls = failing([Error("Page crashed"), Error("Target crashed")])
    with pytest.raises(Error, match="Target crashed"):
        after_renderer_crashes(run, say=lambda _text: None)
    assert len(calls) == 2


def test_other_errors_are_never_retried():
    run, calls = failing([Error("Timeout 120000ms exceeded")])
    with pytest.raises(Error, match="Timeout"):
        after_renderer_crashes(run, say=lambda _text: None)
    run, calls_too = failing([AssertionError("visit 2: no code cache")])
    with pytest.raises(AssertionError):
        after_renderer_crashes(run, say=lambda _text: None)
    assert len(calls) == 1 and len(calls_too) == 1


def test_only_loopback_addresses_are_let_through():
    assert is_loopback("http://127.0.0.1:8000/index.html")
    assert is_loopback("blob:http://127.0.0.1:8000/x") and is_loopback("data:text/plain,x")
    assert not is_loopback("https://cdn.jsdelivr.net/pyodide/")
    assert not is_loopback("http://localhost.evil.example/")


#: The runs of the test below: its first run crashes its renderer on purpose.
CRASH_RUNS: list[str] = []


@pytest.mark.browser
def test_a_site_test_whose_renderer_crashes_runs_once_more(browser):
    """Chromium's renderer killed on purpose (a typed navigation to chrome://crash)
    gives the error a real crash gives; conftest's rerun starts the test over, and the
    second run passes."""
    CRASH_RUNS.append("run")
    context = browser.new_context()
    try:
        page = context.new_page()
        page.set_content("<p>ready</p>")
        if len(CRASH_RUNS) == 1:
            with pytest.raises(Error) as crashed:
                page.context.new_cdp_session(page).send(
                    "Page.navigate", {"url": "chrome://crash", "transitionType": "typed"}
                )
                page.wait_for_selector("p.never", timeout=30_000)
            assert is_renderer_crash(crashed.value), str(crashed.value)
            raise crashed.value
        assert page.text_content("p") == "ready"
    finally:
        context.close()
    assert len(CRASH_RUNS) == 2


def test_the_machine_state_names_memory_disk_load_and_chromium():
    state = machine_state()
    for words in ("MemAvailable=", "/dev/shm", "load ", "chromium processes "):
        assert words in state
    assert not is_renderer_crash("Timeout 120000ms exceeded")
    assert is_renderer_crash("Page.wait_for_selector: Page crashed\nCall log:")
