"""Friendly sentences for canonical actions, in English and Dutch (for the game log).

>>> describe("to:r4c3", "en")
'moves to r4c3'
>>> describe("bolster:power", "nl")
'versterkt: kracht'
>>> describe("worker@r2c1", "en")
'places a worker on r2c1'
>>> describe("bolster:power/1", "en")
'bolsters: power (only 1)'
"""

from __future__ import annotations

import re

from ..model.actions import split_action, split_partial

TERMS = {
    "en": {
        "section": "chooses section {0}",
        "coins": "gains coins",
        "move": "moves",
        "skip": "skips",
        "done": "is done",
        "stop": "stops",
        "unit": "picks {0}",
        "load": "loads {0}",
        "drop": "drops {0}",
        "to": "moves to {0}",
        "bolster": "bolsters: {0}",
        "trade": "trades: {0}",
        "gain": "gains {0}",
        "produce": "produces on {0}",
        "upgrade": "upgrades {0}",
        "deploy": "deploys mech {0}",
        "build": "builds {0}",
        "enlist": "enlists {0}",
        "pay": "pays from {0}",
        "fight": "fights on {0}",
        "commit": "commits power and cards",
        "artillery": "artillery: {0}",
        "retreat": "retreats to {0}",
        "automa": "plays its Automa turn",
        "objective": "reveals objective {0}",
        "end_turn": "ends the turn",
        "option": "chooses option {0}",
        "res": "takes {0}",
        "worker": "places a worker on {0}",
        "all": "takes everything it can",
        "factory": "takes Factory card {0}",
        "take": "takes the Factory card's top action",
        "workers": "places {0} new workers",
        "amount": "produces {0} there",
        "peek": "looks at the combat cards of seat {0}",
    },
    "nl": {
        "section": "kiest sectie {0}",
        "coins": "ontvangt munten",
        "move": "beweegt",
        "skip": "slaat over",
        "done": "is klaar",
        "stop": "stopt",
        "unit": "kiest {0}",
        "load": "laadt {0}",
        "drop": "zet {0} af",
        "to": "beweegt naar {0}",
        "bolster": "versterkt: {0}",
        "trade": "ruilt: {0}",
        "gain": "ontvangt {0}",
        "produce": "produceert op {0}",
        "upgrade": "waardeert op: {0}",
        "deploy": "plaatst mech {0}",
        "build": "bouwt {0}",
        "enlist": "werft {0}",
        "pay": "betaalt uit {0}",
        "fight": "vecht op {0}",
        "commit": "kiest kracht en kaarten",
        "artillery": "artillerie: {0}",
        "retreat": "trekt terug naar {0}",
        "automa": "speelt zijn Automabeurt",
        "objective": "onthult doelkaart {0}",
        "end_turn": "beëindigt de beurt",
        "option": "kiest optie {0}",
        "res": "neemt {0}",
        "worker": "plaatst een werker op {0}",
        "all": "neemt alles wat kan",
        "factory": "neemt Fabriekskaart {0}",
        "take": "neemt de bovenste actie van de Fabriekskaart",
        "workers": "plaatst {0} nieuwe werkers",
        "amount": "produceert er {0}",
        "peek": "bekijkt de gevechtskaarten van plaats {0}",
    },
}

WORDS = {
    "en": {
        "move_units": "move (units)",
        "move_coins": "move (coins)",
        "trade_popularity": "trade (popularity)",
        "bolster_power": "bolster (power)",
        "bolster_cards": "bolster (cards)",
        "produce_territories": "produce (territories)",
        "cards": "combat cards",
        "card": "combat card",
    },
    "nl": {
        "power": "kracht",
        "cards": "gevechtskaarten",
        "card": "gevechtskaart",
        "popularity": "populariteit",
        "resources": "grondstoffen",
        "character": "karakter",
        "worker": "werker",
        "mech": "mech",
        "oil": "olie",
        "metal": "metaal",
        "food": "voedsel",
        "wood": "hout",
        "home": "thuisbasis",
        "fire": "vuur",
        "hold": "wacht",
        "coins": "munten",
        "mine": "mijn",
        "armory": "arsenaal",
        "monument": "monument",
        "mill": "molen",
        "upgrade": "opwaarderen",
        "deploy": "inzetten",
        "build": "bouwen",
        "enlist": "rekruteren",
        "move_units": "bewegen (eenheden)",
        "move_coins": "bewegen (munten)",
        "trade_popularity": "ruilen (populariteit)",
        "bolster_power": "versterken (kracht)",
        "bolster_cards": "versterken (kaarten)",
        "produce_territories": "produceren (gebieden)",
    },
}
#: Separators inside an argument: "mill@r3c3", "build>coins", "r1c4+r1c5", "card:2".
GLUE = {
    "en": {"@": " on ", ">": " → ", "+": ", ", ":": " "},
    "nl": {"@": " op ", ">": " → ", "+": ", ", ":": " "},
}


def _words(text: str, lang: str) -> str:
    table = WORDS.get(lang, {})
    glue = GLUE.get(lang, GLUE["en"])
    text = re.sub(r"[a-z_]+", lambda m: table.get(m.group(0), m.group(0)), text)
    return re.sub(r"[@>+:]", lambda m: glue[m.group(0)], text)


#: A top-row gain taken in part: "bolster:power/1", "coins/0".
PART = {"en": " (only {0})", "nl": " (maar {0})"}


def describe(action: str, lang: str = "en") -> str:
    """A short sentence for an action string; unknown verbs are shown as they are."""
    base, part = split_partial(action)
    if part is not None:
        return describe(base, lang) + PART.get(lang, PART["en"]).format(part)
    verb, arg = split_action(action)
    template = TERMS.get(lang, TERMS["en"]).get(verb)
    if template is None:
        return action
    return template.format(_words(arg, lang))
