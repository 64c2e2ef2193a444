"""The rules reference covers the whole game, in English and Dutch, and everything links to it.

The lists checked come from the engine's own data, never from a list written here:
the action verbs and decision kinds (``model.actions``), the faction and mech
abilities, structures, bonus tiles and recruits (``data.components``), every card of
every deck with the promos (``data.cards``, ``data.automa_cards``), the Automa's log
codes (``io.wording`` and every ``say(...)`` in the engine's source) and every other
log event the engine writes. Each must lead to a paragraph that exists, with a title
and a body in both languages, the Dutch not the English. Seeded games rendered through
the page's renderers show that every action button, mat part and Automa log line
carries a link to an existing paragraph.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import get_args

import pytest
import render_decision
import render_mat
import render_screens
import rules_data
import rules_reference
import strings
from choice_steps import Choice, current
from mat_targets import mat_targets
from rules_data import (
    PARAGRAPHS,
    paragraph_for_action,
    paragraph_for_card,
    paragraph_for_event,
    paragraph_for_kind,
    paragraph_for_part,
)
from session import Session

from scythe_core.data import automa_cards
from scythe_core.data.cards import PROMO_OPTIONS, deck_cards
from scythe_core.data.components import (
    BOTTOM_ACTIONS,
    FACTIONS,
    RECRUIT_ONE_TIME,
    RECRUIT_ONGOING_BONUS,
    STRUCTURE_BONUS_TILES,
    STRUCTURES,
    TOP_ACTIONS,
)
from scythe_core.io import card_texts, wording
from scythe_core.io.ui_helpers import mat_sections
from scythe_core.model import rng
from scythe_core.model.actions import DecisionKind, Verb

ENGINE = Path(__file__).resolve().parents[1] / "scythe_core"
ALL_PROMOS = {name: True for name in PROMO_OPTIONS.values()}


def automa_codes_in_the_engine() -> set[str]:
    """Every code the engine passes to ``say(state, seat, "<code>", ...)``."""
    found = set()
    for path in ENGINE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "say":
                code = node.args[2] if len(node.args) > 2 else None
                if isinstance(code, ast.Constant) and isinstance(code.value, str):
                    found.add(code.value)
    return found


def log_events_in_the_engine() -> set[str]:
    """Every ``"event": "<kind>"`` the engine writes into the log."""
    found = set()
    for path in ENGINE.rglob("*.py"):
        found |= set(re.findall(r'"event": "([a-z_]+)"', path.read_text()))
    return found


def assert_paragraph(paragraph: str | None, what: object) -> None:
    assert paragraph in PARAGRAPHS, f"{what}: no paragraph ({paragraph!r})"


# --- the paragraphs themselves ---------------------------------------------------


@pytest.mark.parametrize("paragraph", PARAGRAPHS)
def test_every_paragraph_has_a_title_and_a_body_in_both_languages(paragraph):
    titles = {lang: rules_reference.paragraph_title(paragraph, lang) for lang in ("en", "nl")}
    bodies = {lang: rules_reference.paragraph_lines(paragraph, lang) for lang in ("en", "nl")}
    for lang in ("en", "nl"):
        assert titles[lang].strip() and all(line.strip() for line in bodies[lang])
        assert not re.search(r"{\w*}", " ".join(bodies[lang])), "a placeholder left unfilled"
        if not rules_data.is_card(paragraph):
            key = f"rules.{paragraph}"
            assert strings.has(key, lang), f"{key} missing in {lang}"
            assert strings.has(rules_data.title_key(paragraph), lang)
    assert bodies["en"] != bodies["nl"], f"{paragraph}: the Dutch body is the English one"
    assert len(" ".join(bodies["en"]).split()) >= 5


def test_paragraph_ids_are_unique_and_each_in_one_chapter():
    assert len(PARAGRAPHS) == len(set(PARAGRAPHS))
    chapters = [c for c, _ in rules_data.CHAPTERS]
    for chapter in chapters:
        for lang in ("en", "nl"):
            assert strings.has(f"rules.chapter.{chapter}", lang)


def test_the_body_names_the_rules_numbers_and_data_of_the_engine():
    from scythe_core.data.components import POWER_MAX, STARS_TO_END

    stars = rules_reference.paragraph_lines("stars", "en")[0]
    assert f"{POWER_MAX} power" in stars and f"The {STARS_TO_END}th star" in stars
    riverwalk = rules_reference.paragraph_lines("ability.riverwalk", "nl")[0]
    for faction, data in FACTIONS.items():
        terrains = [strings.text(f"terrain.{t}", "nl").lower() for t in data["riverwalk"]]
        assert f"{strings.text(f'faction.{faction}', 'nl')}: {terrains[0]} en {terrains[1]}" in (
            riverwalk
        )


# --- everything of the game has its paragraph ----------------------------------------


def test_every_action_kind_and_verb_has_a_paragraph():
    for top in TOP_ACTIONS:
        assert paragraph_for_action(top, "top") == f"top.{top}"
    for bottom in BOTTOM_ACTIONS:
        assert paragraph_for_action(f"{bottom}:x", "bottom") == f"bottom.{bottom}"
    for kind in get_args(DecisionKind):
        assert kind in rules_data.KIND_PARAGRAPHS, kind
        assert_paragraph(paragraph_for_kind(kind), kind)
        for verb in get_args(Verb):
            assert_paragraph(paragraph_for_action(verb, kind), (kind, verb))
    assert set(get_args(Verb)) <= set(rules_data.VERB_PARAGRAPHS)


def test_every_faction_and_mech_ability_has_a_paragraph():
    for faction, data in FACTIONS.items():
        assert_paragraph(f"ability.{data['ability']}", faction)
        for i, mech in enumerate(data["mechs"]):  # 5 factions x 4 mechs
            assert paragraph_for_part(f"mech:{i}", faction) == f"ability.{mech}"
            assert_paragraph(f"ability.{mech}", (faction, mech))


def test_every_structure_tile_and_recruit_has_a_paragraph():
    for structure in STRUCTURES:
        assert paragraph_for_part(f"structure:{structure}") == f"structure.{structure}"
        assert_paragraph(f"structure.{structure}", structure)
    for tile in STRUCTURE_BONUS_TILES:
        assert_paragraph(f"tile.{tile}", tile)
    for bottom in RECRUIT_ONGOING_BONUS:
        assert paragraph_for_part(f"recruit:{bottom}") == "recruits.ongoing"
    for bonus in RECRUIT_ONE_TIME:
        assert paragraph_for_part(f"bonus:{bonus}") == "recruits.once"


@pytest.mark.parametrize("deck", ["objective", "encounter", "factory"])
def test_every_card_has_its_own_paragraph_in_its_own_words(deck):
    cards = deck_cards(deck, ALL_PROMOS)
    assert len(cards) > len(deck_cards(deck))  # the promos are in
    for card in cards:
        paragraph = paragraph_for_card(deck, card)
        assert_paragraph(paragraph, (deck, card))
        for lang in ("en", "nl"):
            lines = " ".join(rules_reference.paragraph_lines(paragraph, lang))
            wording_of = {
                "objective": lambda c, lang=lang: [card_texts.objective_text(c, lang)],
                "encounter": lambda c, lang=lang: card_texts.encounter_text(c, lang),
                "factory": lambda c, lang=lang: [card_texts.factory_text(c, lang)],
            }[deck]
            assert all(sentence in lines for sentence in wording_of(card))


def test_every_automa_card_and_level_has_a_paragraph():
    for card in automa_cards.CARDS:
        assert_paragraph(paragraph_for_card("automa", card), card)
    for level in automa_cards.LEVELS:
        paragraph = paragraph_for_card("star", level)
        assert_paragraph(paragraph, level)
        for lang in ("en", "nl"):
            assert level.capitalize() in " ".join(rules_reference.paragraph_lines(paragraph, lang))


def test_every_automa_event_and_log_event_has_a_paragraph():
    codes = automa_codes_in_the_engine()
    assert {"card_drawn", "plan_switched", "combat_choice"} <= codes
    for code in codes | set(wording.TEMPLATES) | {"symbol_valid"}:
        assert_paragraph(paragraph_for_event({"event": "automa", "code": code}), code)
    events = log_events_in_the_engine() - {"automa"}
    assert {"combat", "star", "objective"} <= events
    for event in events:
        assert_paragraph(paragraph_for_event({"event": event, "card": 1}), event)
    for bottom in BOTTOM_ACTIONS:
        assert_paragraph(paragraph_for_event({"event": f"benefit_{bottom}"}), bottom)


# --- the page links to them ------------------------------------------------------


def _rules(markup: str) -> list[str]:
    return re.findall(r'data-rule="([^"]*)"', markup)


def _check_links(session: Session, lang: str) -> set[str]:
    view, legal, seat = session.view(), session.legal(), session.viewer
    found: set[str] = set()
    decision = render_decision.decision_html(view, seat, legal, lang)
    for button in re.findall(r"<button[^>]*data-(?:action|pick)=[^>]*>", decision):
        assert "data-rule=" in button, button  # every action button links
    if legal and seat is not None:
        assert 'class="rule-link"' in decision  # the prompt's "?"
    found |= set(_rules(decision))
    player = view["players"][seat] if seat is not None else None
    if player and player["mat"]:
        tops = {row["index"]: row["top"] for row in mat_sections(player)}
        step = current(legal, Choice()) if legal else None
        targets = mat_targets(str(view["pending"].get("kind")), legal, step, tops)
        mat = render_mat.own_mat_html(view, seat, targets, session.held(seat), str, lang, None)
        parts = re.findall(r'data-part="([^"]*)"[^>]*data-rule="([^"]*)"', mat)
        assert parts and all(rule in PARAGRAPHS for _, rule in parts)
        assert len(parts) == len(re.findall(r"data-part=", mat)), "a mat part without a rule"
        found |= set(_rules(mat))
    log = render_screens.log_items(session.played, view, lang)
    for line in re.findall(r'<li class="log-ev ev-automa".*?</li>', log):
        assert "rule-link" in line, line  # every Automa log line links
    found |= set(_rules(log))
    return found


@pytest.mark.parametrize("seed", [3, 8])
def test_buttons_mat_parts_and_log_lines_link_to_existing_paragraphs(seed):
    factions = list(FACTIONS)
    config = {
        "seed": seed,
        "seats": [{"faction": factions[seed % 5]}, {"controller": "automa"}],
    }
    session = Session(config)
    chooser = rng.seed_state(seed)
    linked: set[str] = set()
    for step in range(400):
        session.play_automas()
        if session.game_over:
            break
        legal = session.legal()
        if step % 5 == 0:
            linked |= _check_links(session, ("en", "nl")[step % 2])
        chooser, pick = rng.randbelow(chooser, len(legal))
        session.act(legal[pick])
    assert linked <= set(PARAGRAPHS), linked - set(PARAGRAPHS)
    assert {"turn", "automa.turn", "recruits.ongoing", "top.move"} <= linked


def test_the_search_finds_by_every_word_in_either_language():
    assert rules_reference.matching("", "en") == list(PARAGRAPHS)
    assert "move.rivers" in rules_reference.matching("RIVER cross", "en")
    assert "move.rivers" in rules_reference.matching("rivier", "nl")
    assert rules_reference.matching("een", "nl") == rules_reference.matching("één", "nl")
    assert rules_reference.matching("qqqzzz", "en") == []
    assert rules_reference.count_text(1, "nl") == "1 alinea"
    assert rules_reference.count_text(2, "en") == "2 paragraphs"
