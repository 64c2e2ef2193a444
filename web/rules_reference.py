"""The rules reference in the page: its markup, its search, and the "?" links to it.

Pure Python. The reference is every paragraph of ``rules_data`` in one language,
chapter by chapter, each an ``<article data-para="<id>">`` with its title and body;
it opens in a panel beside the board (``rules_panel``), at the paragraph a "?" link
names (``data-rule``). The search keeps the paragraphs whose title or body holds
every word typed (case and accents aside).

>>> "top.move" in matching("move river", "en") and "ability.swim" in matching("rivier", "nl")
True
>>> 'data-rule="ability.swim"' in rule_link("ability.swim", "en")
True
"""

from __future__ import annotations

import functools
import unicodedata

from markup import Markup, attrs, html, join
from rules_data import CHAPTERS, PARAGRAPHS, is_card, title_key
from strings import RULE_NUMBERS, text

from scythe_core.data.components import FACTIONS
from scythe_core.io.card_texts import (
    FACTORY_MOVE_TEXT,
    encounter_text,
    factory_text,
    objective_text,
)

#: The deck's own paragraph, linked from each card's paragraph ("see also").
DECK_PARAGRAPHS = {"objective": "objectives", "encounter": "encounters", "factory": "factory"}


def _riverwalk(lang: str) -> str:
    """Each faction's two Riverwalk terrains, from the faction data."""
    return "; ".join(
        text(
            "rules.riverwalk.faction",
            lang,
            faction=text(f"faction.{faction}", lang),
            first=text(f"terrain.{data['riverwalk'][0]}", lang).lower(),
            second=text(f"terrain.{data['riverwalk'][1]}", lang).lower(),
        )
        for faction, data in FACTIONS.items()
    )


def _values(lang: str) -> dict:
    """The rules' numbers and the lists built from the data that bodies name."""
    return {**RULE_NUMBERS, "riverwalk": _riverwalk(lang)}


def paragraph_title(paragraph: str, lang: str) -> str:
    if is_card(paragraph):
        deck, number = paragraph.split(".")
        return text(f"rules.card.{deck}", lang, n=int(number))
    title = text(title_key(paragraph), lang, **RULE_NUMBERS)
    return title[:1].upper() + title[1:]  # "mill", "structures on tunnels" as titles


def paragraph_lines(paragraph: str, lang: str) -> tuple[str, ...]:
    """The body of a paragraph, line by line."""
    if is_card(paragraph):
        deck, number = paragraph.split(".")
        card = int(number)
        if deck == "objective":
            return (objective_text(card, lang),)
        if deck == "encounter":
            return tuple(f"{i}. {line}" for i, line in enumerate(encounter_text(card, lang), 1))
        return (factory_text(card, lang), FACTORY_MOVE_TEXT[lang])
    return tuple(text(f"rules.{paragraph}", lang, **_values(lang)).split("\n"))


def _folded(words: str) -> str:
    """Lower case without accents: "Één" and "een" are found alike."""
    decomposed = unicodedata.normalize("NFKD", words.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@functools.cache
def _searchable(lang: str) -> dict[str, str]:
    return {
        p: _folded(" ".join((paragraph_title(p, lang), *paragraph_lines(p, lang))))
        for p in PARAGRAPHS
    }


def matching(query: str, lang: str) -> list[str]:
    """The paragraphs that hold every word of ``query`` (all of them for an empty one)."""
    terms = _folded(query).split()
    return [p for p, found in _searchable(lang).items() if all(t in found for t in terms)]


def rule_link(paragraph: str | None, lang: str, extra: str = "") -> Markup:
    """A small "?" button that opens the reference at ``paragraph`` (nothing for None)."""
    if paragraph is None:
        return Markup("")
    label = text("rules.link", lang, title=paragraph_title(paragraph, lang))
    return html(
        '<button{a}><span aria-hidden="true">?</span></button>',
        a=attrs(
            type="button",
            class_=("rule-link " + extra).strip(),
            data_cmd="rule",
            data_rule=paragraph,
            aria_label=label,
            title=label,
        ),
    )


def _article(paragraph: str, lang: str) -> Markup:
    see = Markup("")
    if is_card(paragraph):
        deck = DECK_PARAGRAPHS[paragraph.split(".")[0]]
        see = html(
            '<p class="rule-see">{see} <button{a}>{title}</button></p>',
            see=text("rules.see", lang),
            a=attrs(type="button", class_="rule-jump", data_cmd="rule", data_rule=deck),
            title=paragraph_title(deck, lang),
        )
    return html(
        '<article class="rule" data-para="{p}" id="rule-{p}" tabindex="-1" '
        'aria-labelledby="rule-h-{p}"><h4 id="rule-h-{p}">{title}</h4>{lines}{see}</article>',
        p=paragraph,
        title=paragraph_title(paragraph, lang),
        lines=join(html("<p>{line}</p>", line=line) for line in paragraph_lines(paragraph, lang)),
        see=see,
    )


@functools.cache
def _chapters_html(lang: str) -> Markup:
    return join(
        html(
            '<section class="rules-chapter" data-chapter="{c}" aria-labelledby="rules-c-{c}">'
            '<h3 id="rules-c-{c}">{title}</h3>{articles}</section>',
            c=chapter,
            title=text(f"rules.chapter.{chapter}", lang),
            articles=join(_article(p, lang) for p in paragraphs),
        )
        for chapter, paragraphs in CHAPTERS
    )


def reference_html(lang: str) -> Markup:
    """The panel's contents: title, close button, search box, and every paragraph."""
    return html(
        '<div class="rules-head"><h2 id="rules-title">{title}</h2>'
        '<button type="button" class="rules-close" data-cmd="rules-close" id="rules-close" '
        'aria-label="{close}" title="{close}"><span aria-hidden="true">×</span></button></div>'
        '<div class="rules-find"><label for="rules-search">{find}</label>'
        '<input type="search" id="rules-search" autocomplete="off" spellcheck="false" '
        'aria-describedby="rules-count" placeholder="{hint}"></div>'
        '<p id="rules-count" class="rules-count" aria-live="polite">{count}</p>'
        '<div id="rules-body" class="rules-body">{chapters}</div>',
        title=text("rules.title", lang),
        close=text("rules.close", lang),
        find=text("rules.search", lang),
        hint=text("rules.search.hint", lang),
        count=count_text(len(PARAGRAPHS), lang),
        chapters=_chapters_html(lang),
    )


def count_text(n: int, lang: str) -> str:
    """How many paragraphs the search finds."""
    return text("rules.count", lang, n=n) if n else text("rules.none", lang)
