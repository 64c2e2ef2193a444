"""End to end: play by link. A three-human game passed on by link through three fresh
browser contexts (three devices) for two rounds.

Context A starts the game; at the end of each turn the hand-over screen's "Pass on
by link" gives the link, which is opened in the context of the player whose turn it
is (a fresh context the first time, the same one again later, where the link is
pasted into the open tab's address). Each context must show only its own secrets:
before the hand-over nobody's objectives or combat-card values are in its DOM; after
it, its own and no other seat's. Player 2's device plays in Dutch, the others in
English, and every word checked comes from the catalogues. At the end an old link
is opened again where a newer turn was seen: it is refused, and the newer game is
kept whole.
"""

from __future__ import annotations

import json

import pytest
from game_driver import UI_READY, act, choose, click, renders, shot, start_game, state, wait_render
from pass_on import parse_pass, pass_url
from save_format import parse_entry
from site_browser import open_page
from strings import seat_name, text
from test_accessibility import axe_problems
from test_hotseat import combat_position

from scythe_core import new_game, player_view, to_move
from scythe_core.io.card_texts import objective_text

pytestmark = pytest.mark.browser
SEATS = [{"controller": "human"}] * 3
SEED = 5
VIEWPORTS = [
    {"width": 1366, "height": 768},
    {"width": 390, "height": 844},
    {"width": 1024, "height": 768},
]


def dom_text(page) -> str:
    """Every text in the page's DOM, shown or not (stricter than what is on screen)."""
    return page.evaluate("document.body.textContent")


def secrets_of(game, lang: str) -> dict[int, list[str]]:
    """Each seat's hidden things as the page would word them: its objectives' texts."""
    return {p.seat: [objective_text(n, lang) for n in p.objectives] for p in game.players}


def card_values_shown(page) -> dict[int, bool]:
    """Per seat: whether its players-panel entry shows combat-card values ("3 (2, 3, 4)")."""
    found = page.eval_on_selector_all(
        ".player[data-seat]",
        "ps => ps.map(p => [p.dataset.seat, "
        "(p.querySelector(\"[data-track='cards']\") || {textContent: ''}).textContent])",
    )
    return {int(seat): "(" in words for seat, words in found}


def check_nothing_secret(page, game, lang: str) -> None:
    """Before the hand-over: no seat's objective or card values anywhere in the DOM."""
    seen = dom_text(page)
    for seat, secrets in secrets_of(game, lang).items():
        for secret in secrets:
            assert secret not in seen, (seat, secret)
    assert not any(card_values_shown(page).values())


def check_only_own_secrets(page, game, seat: int, lang: str) -> None:
    seen = dom_text(page)
    for other, secrets in secrets_of(game, lang).items():
        for secret in secrets:
            assert (secret in seen) == (other == seat), (seat, other, secret)
    shown = card_values_shown(page)
    assert shown[seat] == bool(game.players[seat].combat_cards), shown
    assert not any(v for s, v in shown.items() if s != seat), shown


#: Sets the page's language to Dutch before the page starts (its kept setting).
DUTCH = "localStorage.setItem('scythe:/:lang', 'nl');"


def open_link(browser, contexts: dict, seat: int, link: str):
    """The link in the seat's device: a fresh context the first time (the second
    device plays in Dutch), else pasted into the address of the tab already open."""
    if seat not in contexts:
        dutch = DUTCH if len(contexts) == 1 else None
        loaded = open_page(browser, link, viewport=VIEWPORTS[seat], ready=None, init_script=dutch)
        loaded.page.wait_for_selector(UI_READY, state="attached", timeout=120_000)
        contexts[seat] = loaded
        return loaded.page
    page = contexts[seat].page
    before = renders(page)
    page.evaluate("link => { location.href = link; }", link)  # as if pasted: a hash change
    wait_render(page, before)
    return page


def play_turn(page) -> None:
    """Skip-heavy play until the game goes to another human (the hand-over screen)."""
    for _ in range(60):
        info = state(page)
        if info["handover"]:
            return
        choose(page, info)
    raise AssertionError(f"the turn did not end: {state(page)}")


def test_three_devices_pass_a_game_on_by_link_for_two_rounds(browser, site_url):
    contexts: dict = {}
    first = open_page(browser, site_url, viewport=VIEWPORTS[0], ready=None)
    page = first.page
    page.wait_for_selector(UI_READY, state="attached", timeout=120_000)
    start_game(page, SEATS, SEED)
    contexts[int(state(page)["viewer"])] = first
    links: list[tuple[int, str, int]] = []  # (seat, link, decisions)
    game, dutch_seat = None, None
    try:
        for passes in range(12):
            play_turn(page)
            lang = page.get_attribute("html", "lang")
            # The sender's hand-over screen: nothing of anyone, then the link.
            assert page.locator("#overlay .handover #pass-on-open").is_visible()
            click(page, "#pass-on-open")
            link = page.input_value("#pass-link")
            assert "#p1." in link, link
            game = parse_pass(link).state
            seat = to_move(game)
            name = seat_name(player_view(game, None)["players"][seat], lang)
            assert page.inner_text("#pass-warning") == text("passon.warning", lang)
            assert page.inner_text("#pass-title") == text("passon.title", lang, name=name)
            check_nothing_secret(page, game, lang)
            if passes == 0:  # the Pass-on dialog on a phone, a tablet and a laptop
                for width, height in ((390, 844), (1024, 768), (1366, 768)):
                    page.set_viewport_size({"width": width, "height": height})
                    shot(page, f"pass-on-{width}x{height}")
                page.set_viewport_size(VIEWPORTS[0])
                assert axe_problems(page, "pass on") == []
                click(page, "#pass-copy")  # copied, or (no clipboard here) asked by hand
                status = page.inner_text("#pass-status")
                assert status in (text("passon.copied", lang), text("passon.by_hand", lang))
                assert page.input_value("#pass-link") == link
            links.append((seat, link, len(game.history)))
            if game.round > 2:
                break

            # The receiver's device: the hand-over for that player, nothing secret.
            fresh = seat not in contexts
            page = open_link(browser, contexts, seat, link)
            if fresh and len(contexts) == 2:
                dutch_seat = seat
            lang = page.get_attribute("html", "lang")
            info = state(page)
            assert info["handover"] and info["viewer"] == "", info
            assert page.locator("#pass-received").is_visible()
            assert page.inner_text("#pass-warning") == text("passon.warning", lang)
            check_nothing_secret(page, game, lang)
            if fresh:
                shot(page, f"pass-on-received-{len(contexts)}")
            click(page, "#handover-ready")
            assert state(page)["viewer"] == str(seat)
            check_only_own_secrets(page, game, seat, lang)
        else:
            raise AssertionError("two rounds were not played")
        assert game is not None and game.round == 3
        assert {seat for seat, _, _ in links} == {0, 1, 2}

        # An old link where a newer turn was seen: refused, and nothing is lost.
        assert contexts[dutch_seat].page.get_attribute("html", "lang") == "nl"
        seat, old_link, old_count = next(entry for entry in links if entry[0] == dutch_seat)
        dutch = contexts[dutch_seat].page
        newest = max(count for s, _, count in links if s == dutch_seat)
        assert newest > old_count
        before = renders(dutch)
        dutch.evaluate("link => { location.href = link; }", old_link)
        wait_render(dutch, before)
        refusal = dutch.inner_text("#setup-error")
        assert refusal.startswith(text("passon.played", "nl")), refusal
        assert state(dutch)["game"] == "setup"
        stored = dutch.evaluate(
            "() => Object.keys(localStorage).filter(k => k.includes(':save.'))"
            ".map(k => [k, localStorage.getItem(k)])"
        )
        saved = [
            len(parse_entry(raw, key.rsplit(".", 1)[-1])["record"]["actions"])
            for key, raw in stored
        ]
        assert len(saved) == 1 and saved[0] >= newest > old_count, (saved, newest, old_count)
        shot(dutch, "pass-on-2-already-played")
        for loaded in contexts.values():
            assert loaded.console_errors == []
    finally:
        for loaded in contexts.values():
            loaded.page.context.close()
        if first not in contexts.values():
            first.page.context.close()


def test_hostile_pass_links_open_the_new_game_screen(browser, site_url):
    """Loaded, then pasted into the open tab: every bad link is a message, never a crash."""
    bad_links = ["#p1.", "#p1.x.g1.AAAA", "#p1.UPPER.g1.eJw", "#p9.abc.g1.eJw", "#p1.a" + "b" * 60]
    bad_links += ["#p1.abc." + "g1." + "A" * 600_000, "#p1.abc.g1.%00%ff", "#p1..g1.eJw"]
    loaded = open_page(browser, site_url + bad_links[0], viewport=VIEWPORTS[0], ready=None)
    page = loaded.page
    try:
        page.wait_for_selector(UI_READY, state="attached", timeout=120_000)
        for number, bad in enumerate(bad_links):
            if number:
                before = renders(page)
                page.evaluate("link => { location.hash = link; }", bad)
                wait_render(page, before)
            assert state(page)["game"] == "setup", bad[:40]
            assert page.inner_text("#setup-error").startswith(text("link.error", error="")), bad[
                :40
            ]
        click(page, "#start")  # and the page still plays
        assert state(page)["game"] == "on" and state(page)["actions"]
        fatal = [e for e in loaded.console_errors if "pageerror" in e or "Traceback" in e]
        assert fatal == [], fatal
    finally:
        page.context.close()


def test_the_link_holds_the_game_id(site_url):
    """(CPython) the id travels in the link and survives a round trip."""
    game = new_game({"seed": SEED, "seats": SEATS})
    opened = parse_pass(pass_url(site_url, "abc123", game))
    assert opened.game_id == "abc123"
    assert json.dumps(opened.state.setup, sort_keys=True) == json.dumps(game.setup, sort_keys=True)


def test_a_combat_passed_on_by_link_hides_the_first_dial(browser, site_url):
    """The attacker commits on one device; the defender's device, opened from the
    pass-on link, shows neither the attacker's dial and cards nor their objectives,
    before or after its hand-over, until both have committed."""
    _, _, _, at_commit = combat_position()
    attacker = at_commit.pending["seat"]
    defender = next(p.seat for p in at_commit.players if p.seat != attacker)
    secrets = secrets_of(at_commit, "en")
    first = open_page(browser, pass_url(site_url, "combat1", at_commit), VIEWPORTS[0], ready=None)
    second = None
    try:
        page = first.page
        page.wait_for_selector(UI_READY, state="attached", timeout=120_000)
        click(page, "#handover-ready")
        assert state(page)["viewer"] == str(attacker)
        click(page, "#decision .dial-n >> nth=-1")
        if page.locator("#decision .hand .card:not([disabled])").count():
            click(page, "#decision .hand .card:not([disabled]) >> nth=0")
        commit = page.get_attribute("#decision [data-action^='commit:']", "data-action")
        act(page, commit)
        assert state(page)["handover"]
        click(page, "#pass-on-open")
        link = page.input_value("#pass-link")
        game = parse_pass(link).state
        assert game.history[-1] == commit and to_move(game) == defender

        second = open_page(browser, link, VIEWPORTS[2], ready=None)
        other = second.page
        other.wait_for_selector(UI_READY, state="attached", timeout=120_000)
        for ready in (False, True):
            if ready:
                click(other, "#handover-ready")
                assert state(other)["viewer"] == str(defender)
            html = other.evaluate("document.body.innerHTML")
            seen = dom_text(other)
            assert not any(s in seen for s in secrets[attacker])
            assert all((s in seen) == ready for s in secrets[defender])
            assert f'data-action="{commit}"' not in html or commit.startswith("commit:0:")
            assert other.locator(".reveal").count() == 0
            assert not card_values_shown(other)[attacker]
        assert other.inner_text("#decision .dial-n.on") == "0"
        shot(other, "pass-on-combat-defender")
        assert first.console_errors == [] and second.console_errors == []
    finally:
        first.page.context.close()
        if second is not None:
            second.page.context.close()


def test_an_automa_plays_on_the_device_that_passes_on(browser, site_url):
    """Two humans and an Automa: the Automa's turn is played where the turn before it
    ended, and the link goes to the next human with it played."""
    instant = "localStorage.setItem('scythe:/:speed', 'instant');"
    seats = [{"controller": "human"}, {"controller": "automa", "level": "automa"}]
    seats.append({"controller": "human"})
    first = open_page(browser, site_url, VIEWPORTS[0], ready=None, init_script=instant)
    contexts = {}
    try:
        page = first.page
        page.wait_for_selector(UI_READY, state="attached", timeout=120_000)
        start_game(page, seats, SEED)
        contexts[int(state(page)["viewer"])] = first
        automa_turns = 0
        for _ in range(4):
            play_turn(page)
            click(page, "#pass-on-open")
            link = page.input_value("#pass-link")
            game = parse_pass(link).state
            automa_turns = game.history.count("automa:play")
            seat = to_move(game)
            assert game.players[seat].controller == "human"
            page = open_link(browser, contexts, seat, link)
            assert state(page)["handover"]
            check_nothing_secret(page, game, page.get_attribute("html", "lang"))
            click(page, "#handover-ready")
            check_only_own_secrets(page, game, seat, page.get_attribute("html", "lang"))
        assert automa_turns >= 1
        for loaded in contexts.values():
            assert loaded.console_errors == []
    finally:
        for loaded in {id(c): c for c in (first, *contexts.values())}.values():
            loaded.page.context.close()
