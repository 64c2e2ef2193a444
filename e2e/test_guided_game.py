"""The guided first game under plain CPython: its steps come up, in order, when followed.

The game is played through ``Session`` as the page plays it (the answers it gives
without asking, the Autometta's turns at once), taking at each point the action the
shown step points at, so every scripted step, the encounter, the combat (won) and the
star are seen; then it plays on to the end, where the last step explains the score.
"""

from __future__ import annotations

import doctest

import guided_game
import pytest
import render_guide
import strings
from choice_steps import unasked_answer
from guided_game import (
    COMBAT_STEP,
    ENCOUNTER_CHOICE,
    ENCOUNTER_STEP,
    GUIDE_SETUP,
    SCRIPT,
    STEPS,
    Move,
    best_commit,
    load_record,
    progress,
)
from session import Session

from scythe_core.model.actions import verb_of


def moves_of(s: Session) -> list[Move]:
    log = s.state.log
    return [
        Move(
            p.seat,
            p.action,
            tuple(str(e.get("event")) for e in log[p.log_from : p.log_to]),
            tuple(e.get("seat") for e in log[p.log_from : p.log_to] if e.get("event") == "star"),
        )
        for p in s.played
    ]


def settle(s: Session) -> None:
    """What the page does by itself: the Autometta's turns, the answers not asked."""
    while not s.game_over:
        if s.play_automa():
            continue
        answer = unasked_answer(str(s.state.pending.get("kind")), s.legal())
        if answer is None:
            return
        s.act(answer)


def where(s: Session, dismissed: set[str]):
    return progress(
        moves_of(s),
        dismissed,
        str(s.state.pending.get("kind")),
        game_over=s.game_over,
        deciding=bool(s.legal()),
        legal=s.legal(),
    )


def guided_action(step, legal: list[str]) -> str:
    """The action the step points at (as the page lights it)."""
    if step is ENCOUNTER_STEP:
        return ENCOUNTER_CHOICE
    if step is COMBAT_STEP:
        return best_commit(legal)
    if step.action in legal:
        return step.action
    # A mat part sends the section first: the section whose top action is the step's.
    sections = [a for a in legal if verb_of(a) == "section"]
    for section in sections:
        if step.action in legal_after(step, section):
            return section
    raise AssertionError((step.id, legal))


def legal_after(step, section: str) -> list[str]:
    return GUIDED[0].legal_after(section)


GUIDED: list[Session] = []


def play_by_the_guide() -> tuple[Session, list[str], set[str]]:
    s = Session(GUIDE_SETUP)
    GUIDED[:] = [s]
    dismissed: set[str] = set()
    shown: list[str] = []
    settle(s)
    for _ in range(200):
        at = where(s, dismissed)
        if at.step is None:
            break
        if not shown or shown[-1] != at.step.id:
            shown.append(at.step.id)
        if at.step.ack:
            if at.step.id == "play-on":
                break
            dismissed.add(at.step.id)
            continue
        s.act(guided_action(at.step, s.legal()))
        settle(s)
    return s, shown, dismissed


def test_doctests():
    assert doctest.testmod(guided_game).failed == 0


def test_following_the_guide_brings_up_every_lesson_in_order():
    s, shown, _ = play_by_the_guide()
    scripted = [step.id for step in SCRIPT]
    assert shown == [*scripted[:12], "encounter", *scripted[12:21], "combat", "star", "play-on"]
    log = s.state.log
    combat = [e for e in log if e.get("event") == "combat"]
    assert len(combat) == 1 and combat[0]["winner"] == 0 and combat[0]["attacker"] == 0
    assert s.state.players[0].stars == {"combat": 1}
    assert [e["card"] for e in log if e.get("event") == "encounter"] == [27]
    assert len(s.state.players[0].mechs) == 1


def test_the_guided_game_plays_on_to_the_end_and_explains_the_score():
    s, _, dismissed = play_by_the_guide()
    dismissed.add("play-on")
    for _ in range(3000):
        if s.game_over:
            break
        legal = s.legal()
        passive = [a for a in legal if a in ("skip", "done", "end_turn")]
        s.act(passive[0] if passive else legal[0])
        settle(s)
        assert where(s, dismissed).step is None or s.game_over
    assert s.game_over
    at = where(s, dismissed)
    assert at.step is not None and at.step.id == "end"
    assert where(s, dismissed | {"end"}).finished


def test_skipping_a_step_moves_on_and_leaving_ends_the_guide():
    s = Session(GUIDE_SETUP)
    settle(s)
    assert where(s, set()).step.id == "t1-section"
    assert where(s, {"t1-section"}).step is None  # Produce waits for its own decision
    s.act("section:0")  # the player goes their own way: Move instead of Produce
    assert where(s, set()).step is None  # no card for a decision the guide did not ask
    s.act("move")
    s.act("done")
    settle(s)  # turn 1 is behind: its steps are passed over
    assert "section:0" not in s.legal()  # no section twice in a row: no Move step now
    assert where(s, set()).step is None
    assert progress(moves_of(s), set(), "section").step.id == "t2-section"  # (if it could)
    gone = progress(moves_of(s), {"leave"}, "section")
    assert gone.finished and gone.step is not None  # the page shows nothing once finished


def test_no_step_shows_while_the_autometta_plays():
    s = Session(GUIDE_SETUP)
    settle(s)
    at = progress(moves_of(s), set(), "automa_turn", deciding=False)
    assert at.step is None


@pytest.mark.parametrize(
    "stored",
    [
        None,
        "",
        "{",
        "[]",
        '{"guide": 2, "dismissed": []}',
        '{"guide": 1, "dismissed": "t1-section"}',
        '{"guide": 1, "dismissed": [1, null, {"a": 1}]}',
        '{"guide": 1, "dismissed": ' + str(["x"] * 500).replace("'", '"') + "}",
        "[" * 5000,
        '{"guide": 1e999}',
    ],
)
def test_a_stored_record_from_outside_is_checked_never_trusted(stored):
    found = load_record(stored)
    assert found is None or found <= set(STEPS) | {"leave"}


def test_a_stored_record_round_trips():
    import json

    kept = guided_game.record_of({"t1-section", "leave", "star"})
    assert load_record(json.dumps(kept)) == {"t1-section", "leave", "star"}
    assert load_record('{"guide": 1, "dismissed": ["t1-section", "nonsense"]}') == {"t1-section"}


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_every_step_has_its_words_in_both_languages(lang):
    for step in STEPS.values():
        keys = [f"guide.{step.id}.title", f"guide.{step.id}.text"]
        if step.id == "star":
            keys += ["guide.star-automa.title", "guide.star-automa.text"]
        if step.id == "encounter":
            keys += ["guide.encounter-any.title", "guide.encounter-any.text"]
            assert "four metal" in render_guide.card_html(step, "en", card=27)
            assert "four metal" not in render_guide.card_html(step, "en", card=3)
        for key in keys:
            assert strings.has(key, lang), (lang, key)
        card = render_guide.card_html(step, lang, 1 if step.id == "star" else None)
        assert "r1c" not in card.replace("data-step", "")  # hexes by name, never by id
        assert "{" not in card
    assert render_guide.offer_html(lang).count('data-cmd="guide-start"') == 1


def test_a_scripted_step_waits_for_its_own_kind_of_decision():
    """With "Ask how much" on, the page asks how many workers a village makes: no step
    is shown for that question, the next one comes with its own decision."""
    s = Session(GUIDE_SETUP)
    settle(s)
    assert progress(moves_of(s), set(), "section").step.id == "t1-section"
    assert progress(moves_of(s), set(), "produce_amounts").step is None
    s.act("section:2")
    assert progress(moves_of(s), set(), "top").step.id == "t1-produce"
    assert progress(moves_of(s), set(), "produce_amounts").step is None
    assert all(verb_of(step.action) in guided_game.SHOWN_IN for step in SCRIPT)


def test_the_star_step_names_whose_star_it_is():
    """A star placed in another seat's turn (a defender's won combat) is the placer's."""
    played = [Move(0, "section:2"), Move(1, "automa:play", ("combat", "star"), (0,))]
    at = progress(played, set(), "section")
    assert at.step.id == "star" and at.star_seat == 0
    assert guided_game.words_key(at.step, at.star_seat) == "star"
    played = [Move(0, "section:2"), Move(1, "automa:play", ("star",), (1,))]
    at = progress(played, set(), "section")
    assert guided_game.words_key(at.step, at.star_seat) == "star-automa"
    assert progress([*played, Move(0, "section:0")], set(), "top").star_seat == 1
    assert "star" in progress([*played, Move(0, "section:0")], set(), "top").completed
