"""End to end: a seeded solo game played by clicks through the steps of big decisions.

One click at a time (a step's group, a Produce's hex, the final action), the page is
asked at every screen how many choices ``#decision`` shows: never more than 8
(passive buttons such as Skip and Back not counted; the combat dial and cards are
their own control). On the way an Upgrade, a Build and a Produce are completed by
clicks. The actions are picked from what the page offers, seeded, so the game is the
same every run.
"""

from __future__ import annotations

import random

import pytest
from game_driver import UI_READY, click, shot, start_game, state
from site_browser import open_page

from scythe_core.model.actions import parse_produce, verb_of

pytestmark = pytest.mark.browser

SEED = 107
DECISIONS = 75
WANT = ("upgrade", "build", "produce")
KEEN = (
    "trade", "gain", "section", "to", "unit", "coins", "amount", "workers", "bolster",
    "deploy", "enlist", "option", "take", "factory", "pay", "fight", "retreat", "artillery",
)  # fmt: skip
CHOICES = "#decision button.act:not(.passive), #decision [data-toggle]"


def policy(actions: list[str], rnd: random.Random, done: dict) -> str:
    """The wanted kinds first (a middle-sized Produce), else a seeded keen action."""
    actions = [a for a in sorted(actions) if verb_of(a) not in ("objective", "commit")]
    for verb in WANT:
        mine = [a for a in actions if verb_of(a) == verb] if verb not in done else []
        if mine:
            if verb == "produce":
                mine.sort(key=lambda a: len(parse_produce(a)))
                return mine[len(mine) // 2]
            return rnd.choice(mine)
    if not actions:
        return "commit:0:-"  # a combat: the commit button as the dial and cards stand
    keen = [a for a in actions if verb_of(a) in KEEN]
    return rnd.choice(keen or actions)


def one_click_toward(page, action: str) -> bool:
    """One click on the way to the action; True when the action itself was clicked."""
    if page.locator(f"#decision [data-action='{action}']").count():
        click(page, f"#decision [data-action='{action}']")
        return True
    toggles = page.eval_on_selector_all(
        "#decision [data-toggle]", "bs => bs.map(b => [b.dataset.toggle, b.ariaPressed])"
    )
    if toggles:
        want = set(parse_produce(action))
        hid = next(h for h, on in toggles if (on == "true") != (h in want))
        click(page, f"#decision [data-toggle='{hid}']")
        return False
    picks = page.eval_on_selector_all(
        "#decision [data-pick]", "bs => bs.map(b => [b.dataset.pick, b.dataset.leads])"
    )
    group = next(p for p, leads in picks if action in leads.split(" "))
    click(page, f'#decision [data-pick="{group}"]')
    return False


def test_no_screen_shows_more_than_eight_choices(browser, site_url):
    loaded = open_page(browser, site_url, viewport={"width": 1366, "height": 768})
    page = loaded.page
    page.wait_for_selector(UI_READY, state="attached")
    page.check("#ask-less")  # the questions of how much count as screens too
    start_game(page, [{"controller": "human"}, {"controller": "automa", "level": "automa"}], SEED)
    rnd, done, most, steps = random.Random(SEED), {}, 0, 0
    target = None
    for _ in range(DECISIONS * 4):
        info = state(page)
        if info["game"] == "over" or len(done) == len(WANT) and target is None:
            break
        shown = page.locator(CHOICES).count()
        most = max(most, shown)
        assert shown <= 8, (shown, info)
        if target is None:
            target = policy(info["actions"], rnd, done)
        if verb_of(target) in WANT and target not in info["actions"]:
            raise AssertionError(f"{target} not reachable: {info}")
        if one_click_toward(page, target):
            if verb_of(target) in WANT and verb_of(target) not in done:
                done[verb_of(target)] = steps
                shot(page, f"choice_steps_{verb_of(target)}")
            target = None
        else:
            steps += 1
    assert set(done) == set(WANT), done
    assert steps > 0, "no decision needed a step"
    assert 0 < most <= 8
    loaded.page.context.close()
