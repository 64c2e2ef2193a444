"""Card texts in English and Dutch, in our own words: objectives, encounter options,
Factory cards and benefits, generated from the card data (never the printed prose).
The words come from the engine's catalogues (:mod:`.catalogue`): ``objective.<n>``,
``amount.<kind>`` (plural entries: "1 coin", "2 coins"), ``action.<kind>`` and the
``glue.*`` entries that join them.

>>> encounter_text(1, "en")[1]
'Pay 2 coins: gain 4 food.'
>>> benefit_text([("coins", 1), ("worker", 2)], "nl")
'ontvang 1 munt en 2 werkers'
"""

from __future__ import annotations

from types import MappingProxyType

from ..data.cards import ENCOUNTERS, FACTORY, OBJECTIVES
from .catalogue import LANGUAGES, nwords, words

#: Gains a card names as an amount (catalogue entries ``amount.<kind>``).
AMOUNTS = (
    "coins",
    "popularity",
    "power",
    "cards",
    "oil",
    "metal",
    "food",
    "wood",
    "any",
    "resources",
    "different",
    "worker",
)
#: Gains a card names as an action (catalogue entries ``action.<kind>``; ``produce``
#: is a plural entry counted by its number of territories).
ACTIONS = ("build", "deploy", "enlist", "upgrade", "produce", "peek")


def _check(lang: str) -> None:
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")


def objective_text(card: int, lang: str = "en") -> str:
    """The objective's condition in our own words (``lang`` is "en" or "nl")."""
    _check(lang)
    if card not in OBJECTIVES:
        raise KeyError(card)
    return words(f"objective.{card}", lang)


def _amount(kind: str, n: int, lang: str) -> str:
    return nwords(f"amount.{kind}", n, lang, n=n)


def _action(kind: str, n: int, lang: str) -> str:
    if kind == "produce":
        return nwords("action.produce", n, lang, n=n)
    return words(f"action.{kind}", lang)


def _join(items: list[str], lang: str) -> str:
    """ "a", "a and b", "a, b and c"."""
    if len(items) == 1:
        return items[0]
    head = items[0]
    for item in items[1:-1]:
        head = words("glue.comma", lang, items=head, next=item)
    return words("glue.and", lang, items=head, last=items[-1])


def benefit_text(parts: list[tuple[str, int]], lang: str = "en") -> str:
    """A benefit as a clause: 'gain 1 worker and 3 food', 'upgrade once and gain 2 ...'."""
    _check(lang)
    clauses: list[str] = []
    amounts: list[str] = []

    def flush() -> None:
        if amounts:
            clauses.append(words("glue.gain", lang, amounts=_join(amounts, lang)))
            amounts.clear()

    for kind, n in parts:
        if kind in ACTIONS:
            flush()
            clauses.append(_action(kind, n, lang))
        else:
            amounts.append(_amount(kind, n, lang))
    flush()
    return _join(clauses, lang)


def _sentence(cost: dict, benefit: str, lang: str) -> str:
    if not cost:
        return benefit[0].upper() + benefit[1:] + "."
    paid = _join([_amount(k, n, lang) for k, n in cost.items()], lang)
    return words("glue.pay", lang, cost=paid, benefit=benefit)


def encounter_text(card: int, lang: str = "en") -> tuple[str, ...]:
    """The three options of an encounter card as short sentences."""
    _check(lang)
    return tuple(
        _sentence(o["cost"], benefit_text(o["gain"], lang), lang) for o in ENCOUNTERS[card]
    )


def factory_text(card: int, lang: str = "en") -> str:
    """The top action of a Factory card as one short sentence (its bottom is always a Move)."""
    _check(lang)
    data = FACTORY[card]
    alternatives = [benefit_text(alt, lang) for alt in data["choose"]]
    benefit = alternatives[0]
    for alt in alternatives[1:]:
        benefit = words("glue.or", lang, first=benefit, second=alt)
    return _sentence(data["cost"], benefit, lang)


#: The bottom action of every Factory card, by language.
FACTORY_MOVE_TEXT = MappingProxyType({lang: words("factory.move", lang) for lang in LANGUAGES})
