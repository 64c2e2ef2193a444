"""Names a player reads: hexes, units and actions, never an internal id.

Pure Python. A hex is named by its terrain and the coordinate the board prints on
its edges (``scythe_core.io.hex_names``), a home base by its faction; a unit by its
faction and kind, and where it stands when that tells it apart from the others; a
deployed mech by the ability it unlocks. The ids (``r2c5``, ``HB-nordic``,
``worker:0``) stay in data attributes and actions, which nobody reads.

>>> hex_label("r2c5"), hex_label("r2c5", "nl"), hex_label("HB-nordic")
('Farm C6', 'Boerderij C6', 'Nordic home base')
>>> name_hexes("moves to r4c3", "en")
'moves to Factory E4'
>>> unit_name("crimea", "mech", "nl")
'mech van Crimea'
"""

from __future__ import annotations

import re

from strings import seat_name, text

from scythe_core.data.board import board_summary, home_base_id, is_home_base
from scythe_core.data.components import FACTIONS, mat_section
from scythe_core.io.describe import describe
from scythe_core.io.hex_names import hex_coordinate
from scythe_core.model.actions import (
    RETREAT_HOME,
    is_unit,
    parse_number,
    parse_placement,
    parse_retreat,
    parse_section,
    parse_unit,
    split_action,
)

#: An internal hex id inside a sentence (the engine's and the Automa's words use them).
HEX_ID = re.compile(r"\b(r\d+c\d+|HB-[a-z]+)\b")
_CELLS = {h["id"]: h for h in board_summary()["hexes"]}
#: Home base id -> faction ("HB-nordic" -> "nordic").
HOME_FACTION = {h: h.split("-", 1)[1] for h in _CELLS if is_home_base(h)}


def hex_label(hid: str, lang: str | None = None) -> str:
    """ "Forest C6", "Nordic home base": a hex as every text on the page names it."""
    if hid in HOME_FACTION:
        return text("name.home", lang, faction=text(f"faction.{HOME_FACTION[hid]}", lang))
    coordinate = hex_coordinate(hid)
    if coordinate is None:
        return hid
    terrain = text(f"terrain.{_CELLS[hid]['terrain']}", lang)
    return text("name.hex", lang, terrain=terrain, coordinate=coordinate)


def name_hexes(sentence: str, lang: str | None = None) -> str:
    """A sentence with every internal hex id in it replaced by the hex's name."""
    return HEX_ID.sub(lambda m: hex_label(m.group(0), lang), sentence)


def named_values(values: dict, lang: str | None = None) -> dict:
    """String values that hold hex ids (a prompt's or a log entry's ``hex``), named."""
    return {k: name_hexes(v, lang) if isinstance(v, str) else v for k, v in values.items()}


def unit_name(faction: str, kind: str, lang: str | None = None) -> str:
    """ "Nordic worker", "mech van Crimea"."""
    return text(
        "name.unit", lang, faction=text(f"faction.{faction}", lang), unit=text(f"unit.{kind}", lang)
    )


def unit_label(player: dict, uid: str, lang: str | None = None) -> str:
    """A unit of a view's player: "Nordic worker", or "Nordic worker 2" when more of its
    kind stand on its hex (numbered there in their order, so each button differs)."""
    kind, i = parse_unit(uid)
    name = unit_name(player["faction"], kind, lang)
    if i is None:
        return name
    listing = player["mechs"] if kind == "mech" else player["workers"]
    where = listing[i] if i < len(listing) else None
    same = [j for j, h in enumerate(listing) if h == where]
    if len(same) < 2:
        return name
    faction, unit = text(f"faction.{player['faction']}", lang), text(f"unit.{kind}", lang)
    return text("name.unit_nth", lang, faction=faction, unit=unit, n=same.index(i) + 1)


def mech_ability(faction: str, index: int) -> str:
    """The ability a faction's mech ``index`` (of ``deploy:1@r3c3``) unlocks, its key."""
    return FACTIONS[faction]["mechs"][index]


def _deploy_names(player: dict, arg: str, lang: str | None) -> dict[str, str]:
    index, hid = parse_placement(arg)
    ability = text(f"ability.{mech_ability(player['faction'], int(index))}", lang)
    return {"hex": hex_label(hid, lang), "ability": ability}


def deploy_label(player: dict, arg: str, lang: str | None = None) -> str:
    """ "Mech on Forest C6: Speed": where a Deploy puts the mech, and what it unlocks."""
    return text("name.deploy", lang, **_deploy_names(player, arg, lang))


def deploy_tip(player: dict, arg: str, lang: str | None = None) -> str:
    """What the deployed mech's ability does (the ability's own one-line tip)."""
    index, _ = parse_placement(arg)
    return text(f"ability.{mech_ability(player['faction'], int(index))}.tip", lang)


def section_name(index: int, player: dict | None, lang: str | None = None) -> str:
    """ "1 · Move / Build": a mat section as its button shows it (5 is the Factory card)."""
    if index == 4:
        return f"5 · {text('section.factory', lang)}"
    if not player or not player.get("mat"):
        return str(index + 1)
    top, bottom, *_ = mat_section(player["mat"], index)
    return f"{index + 1} · {text(f'top.{top}', lang)} / {text(f'bottom.{bottom}', lang)}"


def action_text(action: str, players: list, seat: int | None, lang: str | None = None) -> str:
    """An action in words (button titles, the log, the replay), with every hex, unit,
    mech ability and seat named as the page names them; ``seat`` is who takes it."""
    player = players[seat] if seat is not None and seat < len(players) else None
    verb, arg = split_action(action)
    if verb == "section":  # numbered as the buttons number them, from 1
        return text(
            "name.act.section", lang, section=section_name(parse_section(action), player, lang)
        )
    if player and verb in ("unit", "load", "drop") and is_unit(arg):
        kind, _ = parse_unit(arg)
        return text(f"name.act.{verb}", lang, unit=unit_name(player["faction"], kind, lang))
    if player and verb == "deploy" and arg:
        return text("name.act.deploy", lang, **_deploy_names(player, arg, lang))
    if player and verb == "retreat" and parse_retreat(action) == RETREAT_HOME:
        home = hex_label(home_base_id(player["faction"]), lang)
        return text("name.act.retreat", lang, hex=home)
    if verb == "peek" and arg and parse_number(action) < len(players):
        return text("name.act.peek", lang, name=seat_name(players[parse_number(action)], lang))
    return name_hexes(describe(action, lang), lang)
