"""Legal actions as the page offers them: which hexes they name, their buttons and labels.

Pure Python. Nothing here decides what is legal: the list always comes from
``scythe_core.legal_actions``; this module only says where on the board an action
points and how to word it.

>>> hexes_of("produce:r1c4+r1c5")
['r1c4', 'r1c5']
>>> hexes_of("build:mill@r3c3"), hexes_of("pay:card:2")
(['r3c3'], [])
>>> groups(["amount:1", "amount:2", "skip"])
[('amount', ['amount:2', 'amount:1']), ('~passive', ['skip'])]

Actions are taken apart only with ``scythe_core.model.actions`` (the grammar).
"""

from __future__ import annotations

import re

from names import action_text, deploy_label, hex_label, section_name, unit_label
from strings import text

from scythe_core.model.actions import (
    ARTILLERY_HOLD,
    is_unit,
    parse_commit,
    parse_number,
    parse_pay,
    parse_unit,
    split_action,
    verb_of,
)

HEX = re.compile(r"\b(r\d+c\d+|HB-[a-z]+)\b")
#: Actions that end or decline a step: shown last, in a quieter style.
PASSIVE = ("skip", "done", "stop", "end_turn", ARTILLERY_HOLD)
#: Choices of how many to produce: the full amount first (the usual answer).
COUNTS_DOWN = ("amount", "workers")


def hexes_of(action: str, view: dict | None = None, seat: int | None = None) -> list[str]:
    """The hexes an action names; with a view, also where a picked unit stands."""
    found = HEX.findall(action)
    if found or view is None or seat is None:
        return found
    player = view["players"][seat]
    verb, arg = split_action(action)
    if verb == "unit":
        where = unit_location(player, arg)
        return [where] if where else []
    if action == "retreat:home":
        return [f"HB-{player['faction']}"]
    return []


def unit_location(player: dict, uid: str) -> str | None:
    """Where a unit ("character", "mech:1", "worker:3") of a view's player stands."""
    kind, i = parse_unit(uid)
    if i is None:
        return player["character"]
    listing = player["mechs"] if kind == "mech" else player["workers"]
    return listing[i] if i < len(listing) else None


def targets(actions: list[str], view: dict, seat: int) -> dict[str, list[str]]:
    """Hex -> the legal actions that name it (the board highlights these hexes)."""
    found: dict[str, list[str]] = {}
    for action in actions:
        for hid in hexes_of(action, view, seat):
            found.setdefault(hid, []).append(action)
    return found


def is_passive(action: str) -> bool:
    return action in PASSIVE


def groups(actions: list[str]) -> list[tuple[str, list[str]]]:
    """Buttons in groups by verb: objective reveals and passive steps go last; how
    much to produce is offered from the full amount down."""
    by_verb: dict[str, list[str]] = {}
    for action in actions:
        verb = verb_of(action)
        if is_passive(action):
            verb = "~passive"
        elif verb == "objective":
            verb = "~objective"
        by_verb.setdefault(verb, []).append(action)
    for verb in COUNTS_DOWN:
        if verb in by_verb:
            by_verb[verb].sort(key=lambda a: -parse_number(a))
    return sorted(by_verb.items(), key=lambda item: (item[0].startswith("~"), item[0]))


def label(action: str, view: dict, seat: int | None, lang: str) -> str:
    """A button's text: our own wording where it helps, else the engine's sentence."""
    verb, arg = split_action(action)
    if verb == "section":
        return section_label(parse_number(action), view, seat, lang)
    if verb == "commit":
        commit = parse_commit(action)
        return text(
            "commit.label",
            lang,
            dial=commit.dial,
            cards=", ".join(map(str, commit.cards)) or "–",
            total=commit.total,
        )
    player = view["players"][seat] if seat is not None else None
    if player and verb in ("unit", "load") and is_unit(arg):
        where = unit_location(player, arg)
        name = unit_label(player, arg, lang)
        key = "unit.pick" if verb == "unit" else "unit.load"
        return text(key, lang, unit=name, hex=hex_label(where, lang) if where else "")
    if player and verb == "deploy" and arg:
        return deploy_label(player, arg, lang)
    if verb == "amount":
        product = view["pending"].get("product", "")
        return text("act.amount", lang, n=arg, resource=text(f"res.{product}", lang))
    if verb == "coins" and arg:
        return text("coins.take", lang, n=arg)
    if verb == "objective":
        return text("objective.reveal", lang, n=arg)
    if verb == "pay" and parse_pay(action).card is not None:
        return text("pay.card", lang, n=parse_pay(action).card)
    if verb in ("skip", "done", "stop", "end_turn", "take", "all", "option", "workers"):
        return text(f"act.{verb}", lang, n=arg)
    if verb == "factory":
        return text("factory.pick", lang, n=arg)
    return capital(action_text(action, view["players"], seat, lang))


def capital(sentence: str) -> str:
    """The sentence with a capital first letter (a button's caption)."""
    return sentence[:1].upper() + sentence[1:]


def section_label(index: int, view: dict, seat: int | None, lang: str) -> str:
    """ "1 · Move / Build" for a mat section (5 is the Factory card)."""
    player = view["players"][seat] if seat is not None else None
    return section_name(index, player, lang)
