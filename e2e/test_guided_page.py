"""End to end: the guided first game in the page, played by clicking what the guide lights.

From the new-game screen's "Learn by playing", every step's lit object (a mat part, a
hex of the board, a button of the decision panel, the dial and a combat card) is
clicked until the opening is over; a reload in the middle comes back to the same step.
Then the game is played on by clicks (``game_driver.play_to_end``) to the score screen,
where the guide explains the score. Skip, leave (kept over a reload) and the Dutch
words are checked apart; screenshots of a step at 390x844, 1024x768 (in the game played
through) and 1366x768 go to e2e/artifacts/, and axe-core finds nothing serious there.
"""

from __future__ import annotations

import pytest
from game_driver import UI_READY, click, play_to_end, renders, shot, wait_render
from guided_game import SCRIPT
from site_browser import open_page
from test_accessibility import axe_problems

pytestmark = pytest.mark.browser

LIT = "body[data-guide-lit]:not([data-guide-lit=''])"


def open_guide(browser, site_url, viewport=None):
    loaded = open_page(browser, site_url, viewport=viewport or {"width": 1366, "height": 768})
    loaded.page.wait_for_selector(UI_READY, state="attached")
    return loaded


def guide(page) -> dict:
    return page.evaluate(
        """() => ({step: document.body.dataset.guide || '',
                   lit: document.body.dataset.guideLit || '',
                   card: !!document.querySelector('#guide-card'),
                   title: document.querySelector('#guide-title')?.textContent || ''})"""
    )


def click_lit(page) -> str:
    """Click the object the step lights (exactly one is lit) and wait for the re-render."""
    page.wait_for_selector(LIT, state="attached", timeout=10_000)
    info = guide(page)
    assert page.locator(".guide-lit").count() == 1, info
    lit = page.locator(info["lit"])
    assert "guide-lit" in (lit.get_attribute("class") or ""), info
    before = renders(page)
    lit.click()
    wait_render(page, before)
    return info["step"]


def test_the_guided_game_is_played_by_its_steps_to_the_end_and_the_score(browser, site_url):
    loaded = open_guide(browser, site_url, {"width": 1024, "height": 768})
    page = loaded.page
    click(page, "#guide-start")
    seen: list[str] = []
    reloaded = False
    for _ in range(80):
        info = guide(page)
        step = info["step"]
        assert info["card"] and step, info
        if not seen or seen[-1] != step:
            seen.append(step)
            if step in ("t2-section", "t2-character"):  # a lit part of the mat, a lit hex
                check_in_view(page)
                shot(page, f"guide-{'mat' if step == 't2-section' else 'hex'}-1024x768")
        if step == "t4-to" and not reloaded:  # resume after a reload: the same step
            page.reload()
            page.wait_for_selector(UI_READY, state="attached")
            assert guide(page)["step"] == "t4-to"
            reloaded = True
        if step == "star":
            assert page.locator("#players [data-seat='0'] .stars.guide-lit").count() == 1
        if step == "play-on":
            click(page, "#guide-next")
            break
        if step == "star":
            click(page, "#guide-next")
            continue
        click_lit(page)
    scripted = [s.id for s in SCRIPT]
    assert seen == [*scripted[:12], "encounter", *scripted[12:21], "combat", "star", "play-on"]
    assert reloaded
    stars = page.locator("#players [data-seat='0'] .stars .star:not(.empty)")
    assert stars.count() == 1, "the won combat's star"
    assert guide(page)["step"] in ("wait", "")  # no step while the player plays on
    play_to_end(page, max_steps=700)
    page.wait_for_selector("#overlay .end #guide-card", timeout=10_000)
    assert guide(page)["step"] == "end"
    shot(page, "guide-end-1024x768")
    assert axe_problems(page, "the guide at the scores") == []
    click(page, "#overlay #guide-next")
    assert guide(page)["step"] == "done" and not guide(page)["card"]
    assert loaded.console_errors == []
    loaded.page.context.close()


def test_a_step_can_be_skipped_and_the_guide_left_for_good(browser, site_url):
    loaded = open_guide(browser, site_url)
    page = loaded.page
    click(page, "#guide-start")
    assert guide(page)["step"] == "t1-section"
    click(page, "#guide-skip")
    info = guide(page)
    assert info["step"] == "wait" and not info["card"]  # Produce comes with its decision
    click(page, "#decision [data-action='section:2']")  # the player's own way to Produce
    assert click_lit(page) == "t1-produce"
    assert guide(page)["step"] == "t2-section"
    click(page, "#guide-leave")
    assert guide(page)["step"] == "done" and not guide(page)["card"]
    page.reload()
    page.wait_for_selector(UI_READY, state="attached")
    assert page.locator("#decision [data-action^='section:']").count() >= 3  # the game goes on
    assert guide(page)["step"] == "done" and not guide(page)["card"]
    assert loaded.console_errors == []
    loaded.page.context.close()


def test_the_guide_speaks_dutch(browser, site_url):
    loaded = open_guide(browser, site_url)
    page = loaded.page
    click(page, "#lang")
    assert page.inner_text("#guide-start") == "Leer spelen"
    click(page, "#guide-start")
    assert guide(page)["title"] == "Kies een sectie"
    assert "Produceren" in page.inner_text("#guide-card")
    assert click_lit(page) == "t1-section"
    assert guide(page)["title"] == "Produceren"
    assert "Bos" in page.inner_text("#guide-card")  # the forest named in Dutch
    loaded.page.context.close()


@pytest.mark.parametrize("size", [(390, 844), (1366, 768)])
def test_the_step_card_leaves_the_lit_object_in_view(browser, site_url, size):
    width, height = size
    loaded = open_guide(browser, site_url, {"width": width, "height": height})
    page = loaded.page
    click(page, "#guide-start")
    click_lit(page)  # Produce on the mat
    click_lit(page)  # its button
    page.wait_for_selector(LIT, state="attached")
    assert guide(page)["step"] == "t2-section"
    check_in_view(page)
    shot(page, f"guide-mat-{width}x{height}")
    click_lit(page)  # Move on the mat
    assert guide(page)["step"] == "t2-character"
    check_in_view(page)
    shot(page, f"guide-hex-{width}x{height}")
    assert axe_problems(page, f"a guide step at {width}x{height}") == []
    loaded.page.context.close()


def check_in_view(page) -> None:
    """The lit object is on screen and neither the card nor anything else covers its
    middle (what is on top there is the object itself or inside it)."""
    page.wait_for_timeout(50)  # the sheet scrolls to it right after the render
    covered = page.evaluate(
        """() => {
            const lit = document.querySelector('.guide-lit');
            const r = lit.getBoundingClientRect();
            const x = r.left + r.width / 2, y = r.top + r.height / 2;
            if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return 'off screen';
            const top = document.elementFromPoint(x, y);
            if (!top) return 'nothing';
            if (lit.contains(top) || top.closest('#pieces')) return '';
            return top.outerHTML.slice(0, 80);
        }"""
    )
    assert covered == "", covered


def test_the_offer_is_shown_once_while_the_new_game_form_changes(browser, site_url):
    """The form is redrawn only where it changed; the offer is not added again each time."""
    loaded = open_guide(browser, site_url)
    page = loaded.page
    for count in ("3", "2", "4"):
        page.select_option("#setup-count", count)
        page.select_option("#seat1-controller", "bot")
        page.select_option("#seat1-controller", "automa")
        assert page.locator("#guide-offer").count() == 1
    assert page.locator("#guide-start").count() == 1
    loaded.page.context.close()


def guide_records(page) -> dict:
    """The guide's records in the page's storage (key -> text)."""
    return page.evaluate(
        """() => Object.fromEntries(Object.keys(localStorage)
                 .filter(k => k.includes('guide.')).map(k => [k, localStorage.getItem(k)]))"""
    )


def test_the_guide_record_goes_and_comes_back_with_its_save(browser, site_url):
    loaded = open_guide(browser, site_url)
    page = loaded.page
    click(page, "#guide-start")
    assert click_lit(page) == "t1-section"  # one step played: the game is saved
    records = guide_records(page)
    assert len(records) == 1, records
    key = next(iter(records))
    save_id = key.rsplit("guide.", 1)[1]
    click(page, "#open-saves")
    click(page, f"#saves-list .save-game[data-save='{save_id}'] [data-cmd='delete-save']")
    assert guide_records(page) == {}, "the guide's record is deleted with its save"
    click(page, "#undo-delete")
    assert guide_records(page) == records, "and comes back with it"
    click(page, "#close-saves")
    page.reload()
    page.wait_for_selector(UI_READY, state="attached")
    assert guide(page)["step"] not in ("", "done")  # the game is still a guided one
    assert loaded.console_errors == []
    loaded.page.context.close()
