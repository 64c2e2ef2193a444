"""Driving a game in the page through real clicks and keys, for the end-to-end tests.

Every step waits for the page to re-render (``body[data-renders]`` grows). The
helpers only pick among what the page offers: buttons in the decision panel and
hexes the board highlights.
"""

from __future__ import annotations

from pathlib import Path

ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
UI_READY = "body[data-ui='1']"
PASSIVE = ("skip", "end_turn", "done", "stop")
#: Clicks and key presses made through this module (``click``/``press``), for counts.
CLICKS = [0]


def renders(page) -> int:
    return int(page.evaluate("Number(document.body.dataset.renders || 0)"))


def wait_render(page, before: int) -> None:
    page.wait_for_function(
        f"Number(document.body.dataset.renders || 0) > {before}", timeout=20_000, polling=20
    )


def next_frame(page) -> None:
    """Wait until a frame has been drawn: layout observers (the header's height,
    ``phone_frame.track_header``) have run on what the last render changed."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => setTimeout(done)))")


def click(page, selector: str) -> None:
    """Click and wait for the re-render it causes."""
    before = renders(page)
    page.click(selector)
    CLICKS[0] += 1
    wait_render(page, before)


def press(page, key: str) -> None:
    before = renders(page)
    page.keyboard.press(key)
    CLICKS[0] += 1
    wait_render(page, before)


def shot(page, name: str) -> Path:
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def state(page) -> dict:
    return page.evaluate(
        """() => ({
            game: document.body.dataset.game,
            pending: document.body.dataset.pending,
            viewer: document.body.dataset.viewer,
            handover: document.body.dataset.handover === '1',
            actions: [...new Set([...document.querySelectorAll(
                '#decision [data-action], #decision [data-leads]')]
                .flatMap(b => b.dataset.action ? [b.dataset.action]
                    : b.dataset.leads.split(' ')))],
            picks: [...document.querySelectorAll('#decision [data-pick]')]
                .map(b => b.dataset.pick),
            targets: [...document.querySelectorAll('#pieces .mark-target')]
                .map(m => m.dataset.mark),
        })"""
    )


def address_game(page) -> str:
    """The game in the page's address (``#g1.``...), as the player sees it on turning to
    the address bar: the window loses the focus, and the page brings the address up
    to date (it does not rewrite it at every decision; see ``page_saves``)."""
    return page.evaluate("window.dispatchEvent(new Event('blur')), location.hash")


def start_game(page, seats: list[dict], seed: int) -> None:
    """Fill in the new-game form and start (seats: controller, level, faction, mat)."""
    page.select_option("#setup-count", str(len(seats)))
    page.wait_for_selector(f"#seat{len(seats) - 1}-controller")
    for i, seat in enumerate(seats):
        page.select_option(f"#seat{i}-controller", seat.get("controller", "human"))
        for key in ("level", "faction", "mat"):
            if seat.get(key):
                page.select_option(f"#seat{i}-{key}", seat[key])
    page.fill("#setup-seed", str(seed))
    click(page, "#start")


def click_hex(page, hid: str) -> None:
    click(page, f"#board [data-hex='{hid}']")


def act(page, action: str) -> None:
    """Take a legal action by clicks: through the steps of a big decision to its button
    (a group's button leads to the actions in its ``data-leads``; a Produce's hexes are
    toggled to the action's set)."""
    for _ in range(6):
        button = page.locator(f"#decision [data-action='{action}']")
        if button.count():
            click(page, f"#decision [data-action='{action}']")
            return
        toggles = page.locator("#decision [data-toggle]")
        if toggles.count():
            from scythe_core.model.actions import parse_produce

            want = set(parse_produce(action))
            for hid in page.eval_on_selector_all(
                "#decision [data-toggle]", "bs => bs.map(b => b.dataset.toggle)"
            ):
                on = page.get_attribute(f"#decision [data-toggle='{hid}']", "aria-pressed")
                if (on == "true") != (hid in want):
                    click(page, f"#decision [data-toggle='{hid}']")
            continue
        picks = page.eval_on_selector_all(
            "#decision [data-pick]",
            "bs => bs.map(b => [b.dataset.pick, b.dataset.leads.split(' ')])",
        )
        group = next((p for p, leads in picks if action in leads), None)
        assert group is not None, (action, state(page))
        click(page, f'#decision [data-pick="{group}"]')
    raise AssertionError(f"{action} not reached: {state(page)}")


def choose(page, info: dict) -> str:
    """One skip-heavy step: pass when offered, else a highlighted hex, else the first button."""
    actions = info["actions"]
    for passive in PASSIVE:
        if passive in actions:
            act(page, passive)
            return passive
    if info["targets"]:
        hid = info["targets"][0]
        click_hex(page, hid)
        if page.locator("#decision .hex-choice").count():
            first = page.locator("#decision .hex-choice [data-action]").first
            action = first.get_attribute("data-action")
            click(page, f"#decision .hex-choice [data-action='{action}']")
            return action
        return f"hex:{hid}"
    first = page.locator("#decision button.act:not([disabled])").first
    action = first.get_attribute("data-action")
    if action is None:  # a step of a big decision: its first action
        action = first.get_attribute("data-leads").split(" ")[0]
    act(page, action)
    return action


def play_to_end(page, max_steps: int = 600, on_step=None) -> int:
    """Play the human seats skip-heavy until the score screen; returns the steps taken."""
    for step in range(max_steps):
        info = state(page)
        if info["game"] == "over":
            return step
        if info["handover"]:
            click(page, "#handover-ready")
            continue
        choose(page, info)
        if on_step:
            on_step(step)
    raise AssertionError(f"the game did not end in {max_steps} steps: {state(page)}")
