"""Friendly sentences for canonical actions, in English and Dutch (for the game log).

>>> describe("to:r4c3", "en")
'moves to r4c3'
>>> describe("bolster:power", "nl")
'versterkt: kracht'
"""

from __future__ import annotations

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
    },
}

WORDS = {
    "nl": {
        "power": "kracht",
        "cards": "gevechtskaarten",
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
    }
}


def _words(text: str, lang: str) -> str:
    table = WORDS.get(lang, {})
    for key, word in table.items():
        text = text.replace(key, word)
    return text.replace("+", ", ")


def describe(action: str, lang: str = "en") -> str:
    """A short sentence for an action string; unknown verbs are shown as they are."""
    verb, _, arg = action.partition(":")
    template = TERMS.get(lang, TERMS["en"]).get(verb)
    if template is None:
        return action
    return template.format(_words(arg, lang))
