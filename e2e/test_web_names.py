"""The page's names (web/names.py) under plain CPython: hexes by terrain and coordinate,
units by faction and kind, Deploy by its mech ability, seats by name and faction."""

from __future__ import annotations

import doctest
import re

import actions_ui
import names
import render_decision
import render_screens
from names import action_text, hex_label, name_hexes, section_name, unit_label, unit_name

from scythe_core.data.board import board_summary
from scythe_core.data.components import FACTIONS

HEXES = board_summary()["hexes"]
ID = re.compile(r"\br\d+c\d+\b|HB-")


def test_doctests():
    assert doctest.testmod(names).failed == 0


def test_every_hex_has_a_distinct_readable_name_in_both_languages():
    for lang in ("en", "nl"):
        labels = [hex_label(h["id"], lang) for h in HEXES]
        assert len(set(labels)) == len(HEXES) == 54
        assert not any(ID.search(label) for label in labels)
    assert hex_label("r4c3", "en") == "Factory E4"
    assert hex_label("r4c3", "nl") == "Fabriek E4"
    assert hex_label("r2c1", "nl") == "Toendra C2"
    assert hex_label("HB-crimea", "en") == "Crimea home base"
    assert hex_label("HB-crimea", "nl") == "thuisbasis van Crimea"
    assert hex_label("HB-albion", "en") == "Albion home base"  # not a playable faction


def test_ids_inside_sentences_are_named():
    assert name_hexes("produces on r1c4, r1c5", "en") == "produces on Forest B5, Tundra B6"
    assert name_hexes("naar HB-nordic", "nl") == "naar thuisbasis van Nordic"
    assert name_hexes("no ids here: card 12, seat 2", "en") == "no ids here: card 12, seat 2"


def player(faction="nordic", workers=(), mechs=(), character="HB-nordic", seat=0, mat="industrial"):
    return {
        "seat": seat,
        "faction": faction,
        "controller": "human",
        "mat": mat,
        "character": character,
        "workers": list(workers),
        "mechs": list(mechs),
    }


def test_units_are_named_by_faction_and_kind_and_told_apart_by_where_they_stand():
    assert unit_name("rusviet", "character", "en") == "Rusviet character"
    assert unit_name("crimea", "mech", "nl") == "mech van Crimea"
    me = player(workers=["r1c4", "r2c5", "r1c4"], mechs=["r2c5"])
    assert unit_label(me, "worker:1", "en") == "Nordic worker"
    assert [unit_label(me, f"worker:{i}", "en") for i in (0, 2)] == [
        "Nordic worker 1",
        "Nordic worker 2",
    ]
    assert unit_label(me, "worker:2", "nl") == "werker 2 van Nordic"
    view = {"players": [me], "pending": {}}
    labels = [actions_ui.label(f"unit:worker:{i}", view, 0, "en") for i in range(3)]
    assert labels == [
        "Move Nordic worker 1 (Forest B5)",
        "Move Nordic worker (Farm C6)",
        "Move Nordic worker 2 (Forest B5)",
    ]
    assert (
        actions_ui.label("unit:character", view, 0, "en")
        == "Move Nordic character (Nordic home base)"
    )
    assert action_text("unit:mech:0", [me], 0, "en") == "picks a Nordic mech"
    assert action_text("load:worker:2", [me], 0, "nl") == "neemt een werker van Nordic mee"


def test_every_deploy_choice_names_the_mech_ability_it_unlocks():
    for faction, data in FACTIONS.items():
        me = player(faction=faction)
        view = {"players": [me], "pending": {}}
        for index, ability in enumerate(data["mechs"]):
            action = f"deploy:{index}@r2c5"
            for lang in ("en", "nl"):
                name = names.text(f"ability.{ability}", lang)
                assert name in actions_ui.label(action, view, 0, lang)
                assert name in action_text(action, [me], 0, lang)
                tip = names.text(f"ability.{ability}.tip", lang)
                assert tip in render_decision.action_title(action, view, 0, lang)
    me = player(faction="polania")
    assert action_text("deploy:3@r2c5", [me], 0, "en") == (
        "deploys a mech on Farm C6, unlocking Speed"
    )


def test_sections_are_numbered_as_their_buttons_in_tooltips_and_the_log():
    me = player()
    view = {"players": [me], "pending": {}}
    for index in range(5):
        button = actions_ui.label(f"section:{index}", view, 0, "en")
        assert button == section_name(index, me, "en")
        assert action_text(f"section:{index}", [me], 0, "en") == f"chooses section {button}"
    assert actions_ui.label("section:0", view, 0, "en").startswith("1 · ")


def test_retreat_home_and_peek_name_the_place_and_the_seat():
    me = player(faction="saxony")
    automa = {"seat": 1, "faction": "crimea", "controller": "automa"}
    assert action_text("retreat:home", [me, automa], 0, "en") == "retreats to Saxony home base"
    assert action_text("retreat:r2c2", [me, automa], 0, "en") == "retreats to Lake C3"
    assert action_text("peek:1", [me, automa], 0, "en") == (
        "looks at the combat cards of Automa (Crimea)"
    )


def test_two_automas_are_told_apart_in_their_explanation_lines():
    me = player()
    rusviet = {"seat": 1, "faction": "rusviet", "controller": "automa"}
    crimea = {"seat": 2, "faction": "crimea", "controller": "automa"}
    event = {"seat": 2, "event": "automa", "code": "coins_gained", "params": {"coins": 1}}
    two = {"players": [me, rusviet, crimea]}
    assert render_screens.event_text(event, two, "en").startswith("Automa (Crimea): ")
    one = {"players": [me, {**crimea, "seat": 1}]}
    assert not render_screens.event_text({**event, "seat": 1}, one, "en").startswith("Automa")
    bonus = {
        "seat": 1,
        "event": "automa",
        "code": "recruit_bonus",
        "params": {"recruit": "build", "seat": 0, "bonus": "popularity"},
    }
    line = render_screens.event_text(bonus, two, "en")
    assert line == "Automa (Rusviet): Recruit bonus of Build for Player 1 (Nordic): popularity +1."
    moved = {
        "seat": 1,
        "event": "automa",
        "code": "symbol_valid",
        "params": {
            "symbol": "M",
            "unit": "mech:0",
            "from": "HB-rusviet",
            "to": "r4c5",
            "unit_why": "only_choice",
            "to_why": "only_choice",
        },
    }
    for lang in ("en", "nl"):
        assert not ID.search(render_screens.event_text(moved, two, lang))
    # The hexes a watched line names are still found (to highlight them).
    assert render_screens.watch_hexes(moved, two, "en") == ["r4c5"]


def test_a_hex_with_several_choices_and_the_produce_toggles_are_named():
    me = player(workers=["r1c4", "r1c5"])
    view = {"players": [me], "pending": {"kind": "top", "seat": 0, "action": "produce"}, "turn": {}}
    legal = ["produce:r1c4+r1c5", "produce:r1c4", "produce:r1c5", "skip"]
    html = render_decision.decision_html(view, 0, legal, "nl")
    assert ">Bos B5<" in html and ">Toendra B6<" in html
    assert 'data-toggle="r1c4"' in html  # the data attribute keeps the id
    html = render_decision.decision_html(view, 0, legal, "en", "r1c4", legal[:2])
    assert "Choices on Forest B5" in html
