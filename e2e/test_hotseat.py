"""End to end: a two-player hot-seat combat, with the hand-over screen between the dials.

The game is found with the engine under CPython (seeded random play until two
humans meet in a combat) and opened from a game link at the start of the turn that
leads to the combat; that whole turn and the combat are then played by clicks.
The second player's screen must never show the first player's dial or objectives;
after both committed, the reveal dialog shows each side's dial, cards and total, and
the loser's consolation card when the engine gives one.
"""

from __future__ import annotations

import pytest
from game_driver import UI_READY, act, click, click_hex, shot, state
from site_browser import open_page

from scythe_core import apply, legal_actions, new_game
from scythe_core.engine import apply_in_place
from scythe_core.io.card_texts import objective_text
from scythe_core.io.links import encode_link
from scythe_core.model import rng
from scythe_core.model.actions import argument_of, parse_commit, verb_of

pytestmark = pytest.mark.browser
SEATS = [{"controller": "human"}, {"controller": "human"}]


def combat_position():
    """(link at the start of the attacker's turn, that turn's actions, attacker objectives,
    the engine's state at the attacker's combat commit)."""
    for seed in range(400):
        config = {"seed": seed, "seats": SEATS}
        state = new_game(config)
        chooser = rng.seed_state(seed ^ 77)
        for _ in range(1500):
            if state.game_over or state.pending["kind"] == "combat_commit":
                break
            options = legal_actions(state)
            keen = [a for a in options if a not in ("skip", "done", "stop")]
            keen = [a for a in keen if not a.startswith("objective:")] or options
            chooser, pick = rng.randbelow(chooser, len(keen))
            apply_in_place(state, keen[pick], check=False)
        if state.pending.get("kind") != "combat_commit":
            continue
        history = state.history
        start = max(i for i, a in enumerate(history) if a.startswith("section:"))
        before = new_game(config)
        for action in history[:start]:
            apply_in_place(before, action)
        attacker = state.players[state.pending["seat"]]
        return encode_link(before), history[start:], list(attacker.objectives), state
    raise AssertionError("no combat between two humans found")


def play(page, action: str) -> None:
    """Play one known action the way a person would: on the board if it names a hex."""
    info = state(page)
    assert action in info["actions"], (action, info)
    hid = argument_of(action) if verb_of(action) == "to" else None
    if hid and hid in info["targets"]:
        click_hex(page, hid)
        if page.locator("#decision .hex-choice").count():
            click(page, f"#decision .hex-choice [data-action='{action}']")
    else:
        act(page, action)


def page_html(page) -> str:
    return page.evaluate("document.body.innerHTML")


def test_hot_seat_combat_hides_the_first_dial_and_objectives(browser, site_url):
    link, turn, secret_objectives, at_commit = combat_position()
    secrets = [objective_text(n, "en") for n in secret_objectives]
    loaded = open_page(browser, f"{site_url}#{link}", viewport={"width": 1366, "height": 768})
    page = loaded.page
    try:
        page.wait_for_selector(UI_READY, state="attached")
        # A loaded hot-seat game starts behind the hand-over screen.
        assert state(page)["handover"]
        assert page.locator("#overlay .handover").is_visible()
        click(page, "#handover-ready")
        attacker = state(page)["viewer"]
        assert all(text in page_html(page) for text in secrets), "own objectives are shown"

        for action in turn:
            play(page, action)
        info = state(page)
        assert info["pending"] == "combat_commit" and info["viewer"] == attacker, info

        # The attacker sets the dial to its highest power and adds a card if it may.
        click(page, "#decision .dial-n >> nth=-1")
        cards = page.locator("#decision .hand .card:not([disabled])")
        if cards.count():
            click(page, "#decision .hand .card:not([disabled]) >> nth=0")
        commit = page.get_attribute("#decision [data-action^='commit:']", "data-action")
        shot(page, "hotseat-1-attacker-dial")
        act(page, commit)

        # Hand-over: nothing of either player is on screen.
        info = state(page)
        assert info["handover"] and info["pending"] == "combat_commit", info
        assert page.locator("#overlay .handover").is_visible()
        html = page_html(page)
        assert not any(text in html for text in secrets)
        assert page.locator(".dial, .objectives, #decision [data-action]").count() == 0
        shot(page, "hotseat-2-handover")
        click(page, "#handover-ready")

        # The defender's screen: own dial at 0, no trace of the attacker's choice.
        info = state(page)
        assert info["viewer"] != attacker and info["pending"] == "combat_commit", info
        html = page_html(page)
        assert not any(text in html for text in secrets)
        assert f'data-action="{commit}"' not in html or commit.startswith("commit:0:")
        assert page.inner_text("#decision .dial-n.on") == "0"
        attacker_cards = page.inner_text(f".player[data-seat='{attacker}'] [data-track='cards'] dd")
        assert "(" not in attacker_cards, "the attacker's card values are hidden"
        assert "commits power and cards" in page.inner_text("#log")
        assert page.locator(".reveal").count() == 0, "no reveal before both committed"
        # The defender dials 1 (if it has power) and adds a card if it may.
        if page.locator("#decision .dial-n").count() > 1:
            click(page, "#decision .dial-n >> nth=1")
        if page.locator("#decision .hand .card:not([disabled])").count():
            click(page, "#decision .hand .card:not([disabled]) >> nth=0")
        shot(page, "hotseat-3-defender-dial")
        answer = page.get_attribute("#decision [data-action^='commit:']", "data-action")
        act(page, answer)

        # The reveal: both totals are in the log.
        reveal = page.inner_text("#log .ev-combat")
        assert "attacks" in reveal and " against " in reveal, reveal
        # ... and in the reveal dialog: both totals and the winner.
        dialog = page.locator(".reveal[role='dialog']")
        assert dialog.count() == 1 and dialog.is_visible()
        totals = page.locator(".reveal .reveal-total").all_inner_texts()
        assert len(totals) == 2 and all(t.strip().isdigit() for t in totals), totals
        assert all(t.strip() in reveal for t in totals), (totals, reveal)
        assert " wins." in page.inner_text(".reveal .reveal-winner")
        # Each side's row: the dial and every card it committed, and their sum.
        defender = next(s for s in ("0", "1") if s != attacker)
        for seat, chosen in ((attacker, commit), (defender, answer)):
            committed = parse_commit(chosen)
            row = f".reveal tr[data-seat='{seat}']"
            assert page.inner_text(f"{row} .reveal-dial").strip() == str(committed.dial)
            shown = page.locator(f"{row} .reveal-card").all_inner_texts()
            assert [int(c) for c in shown] == list(committed.cards), (seat, chosen, shown)
            assert page.inner_text(f"{row} .reveal-total").strip() == str(committed.total)
        # The loser's card draw, exactly when the engine gave one.
        resolved = apply(apply(at_commit, commit), answer)
        drew = [e["seat"] for e in resolved.log if e["event"] == "combat_card"]
        card_lines = page.locator(".reveal .reveal-after .ev-combat_card").all_inner_texts()
        assert len(card_lines) == len(drew), (card_lines, drew)
        for seat, line in zip(drew, card_lines, strict=True):
            name = page.inner_text(f".reveal tr[data-seat='{seat}'] th").rsplit(" (", 1)[0]
            assert line.startswith(name) and line.endswith("draws a combat card."), line
        shot(page, "hotseat-4-reveal")
        click(page, "#reveal-close")
        assert page.locator(".reveal").count() == 0
        assert loaded.console_errors == []
    finally:
        page.context.close()
