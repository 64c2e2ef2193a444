"""Friendly sentences for canonical actions, in English and Dutch (for the game log),
worded from the engine's catalogue (``act.*`` entries of ``locale/<lang>/.../engine.po``).

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
from .catalogue import nwords, words

#: The verbs with a sentence (``act.<verb>`` in the catalogue; ``workers`` is counted).
VERBS = (
    "section", "coins", "move", "skip", "done", "stop", "unit", "load", "drop", "to",
    "bolster", "trade", "gain", "produce", "upgrade", "deploy", "build", "enlist", "pay",
    "fight", "commit", "artillery", "retreat", "automa", "objective", "end_turn", "option",
    "res", "worker", "all", "factory", "take", "workers", "amount", "peek",
)  # fmt: skip
#: Separators inside an argument ("mill@r3c3", "build>coins", "r1c4+r1c5"), each worded
#: by ``act.glue.<name>``; a colon ("card:2") is a space in every language.
GLUE = {"@": "at", ">": "to", "+": "and"}
#: Lower-case names inside an argument that have words of their own (``act.word.<name>``).
WORDS = (
    "armory", "bolster_cards", "bolster_power", "build", "card", "cards",
    "character", "coins", "deploy", "enlist", "fire", "food", "hold", "home", "mech",
    "metal", "mill", "mine", "monument", "move_coins", "move_units", "oil", "popularity",
    "power", "produce_territories", "resources", "trade_popularity", "upgrade", "wood",
    "worker",
)  # fmt: skip


def _words(text: str, lang: str) -> str:
    def word(m: re.Match) -> str:
        name = m.group(0)
        return words(f"act.word.{name}", lang) if name in WORDS else name

    text = re.sub(r"[a-z_]+", word, text)
    text = re.sub(r"[@>+]", lambda m: words(f"act.glue.{GLUE[m.group(0)]}", lang), text)
    return text.replace(":", " ")


def describe(action: str, lang: str = "en") -> str:
    """A short sentence for an action string; unknown verbs are shown as they are."""
    base, part = split_partial(action)
    if part is not None:
        return describe(base, lang) + words("act.part", lang, n=part)
    verb, arg = split_action(action)
    if verb not in VERBS:
        return action
    if verb == "workers" and arg.isdigit():
        return nwords("act.workers", int(arg), lang, n=int(arg))
    return words(f"act.{verb}", lang, what=_words(arg, lang))
