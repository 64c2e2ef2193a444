#!/usr/bin/env python3
"""Merge the page's old key dicts (web/strings_en.py, web/strings_nl.py) into its
gettext catalogues, compile them, and delete the dicts.

    python3 tools/strings_to_po.py           # merge, compile, delete the two dicts
    python3 tools/strings_to_po.py --keep    # merge and compile, keep the dicts

The page's words live in ``web/locale/<lang>/LC_MESSAGES/page.po`` (msgids are the
keys, ``"terrain.farm"``; ``web/strings.py`` reads the compiled ``page.mo``). This
script exists for the move from the dicts ``EN``/``NL`` to the catalogues, and for
branches that still add keys to those dicts: after merging such a branch (keep its
``strings_en.py``/``strings_nl.py``), run the script again. It

- reads both dicts without running them (``ast.literal_eval`` of ``EN = {...}``,
  ``NL = {...}``; a missing file counts as an empty dict);
- for every key of the dicts: adds it to each catalogue, or replaces the catalogue's
  words with the dict's (the dict is the newer edit). A key that is a plural entry in
  the catalogue stays as it is (the dicts cannot hold plurals); when the dict's words
  differ from its singular form the script says so, to be merged by hand;
- turns the keys of :data:`PLURALS` into plural entries (both forms, both languages)
  when they are still plain ones: every string that counts something;
- keeps entries that are only in the catalogues, and their order (new keys go last);
- writes both ``page.po`` and compiles them (``tools/compile_catalogues.py``, Babel),
  then deletes the two dicts unless ``--keep`` is given.

A key the code reads with ``ntext(key, n, ...)`` (or ``text(key, lang, n=...)``) must be
a plural entry; ``tests/test_catalogues.py`` checks that, and that both catalogues
are complete.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from compile_catalogues import LANGUAGES, ROOT, new_catalog, po_path, read_catalog, write_catalog
from compile_catalogues import main as compile_all

WEB = ROOT / "web"
#: "game(s)", "spel(len)": the either-forms the plural entries replace.
EITHER_FORM = re.compile(r"[a-z]\([a-z]{1,3}\)")
DICTS = {"en": (WEB / "strings_en.py", "EN"), "nl": (WEB / "strings_nl.py", "NL")}

#: Strings that count something: key -> {lang: (one, many)}. Both forms keep the
#: placeholders of the old string, so call sites pass the same values.
PLURALS: dict[str, dict[str, tuple[str, str]]] = {
    "saves.decisions": {
        "en": ("{n} decision", "{n} decisions"),
        "nl": ("{n} beslissing", "{n} beslissingen"),
    },
    "saves.imported": {
        "en": ("Imported {n} game.", "Imported {n} games."),
        "nl": ("{n} spel geïmporteerd.", "{n} spellen geïmporteerd."),
    },
    "coins.take": {
        "en": ("Take {n} coin", "Take {n} coins"),
        "nl": ("Neem {n} munt", "Neem {n} munten"),
    },
    "act.workers": {
        "en": ("{n} worker", "{n} workers"),
        "nl": ("{n} werker", "{n} werkers"),
    },
    "context.move_unit": {
        "en": ("{unit}: {steps} step left.", "{unit}: {steps} steps left."),
        "nl": ("{unit}: nog {steps} stap.", "{unit}: nog {steps} stappen."),
    },
    "preview.bottom": {
        "en": (
            "Then {action}: pay {cost}, gain {coins} coin.",
            "Then {action}: pay {cost}, gain {coins} coins.",
        ),
        "nl": (
            "Daarna {action}: betaal {cost}, ontvang {coins} munt.",
            "Daarna {action}: betaal {cost}, ontvang {coins} munten.",
        ),
    },
    "preview.move": {
        "en": (
            "Move up to {move_units} units, or gain {move_coins} coin.",
            "Move up to {move_units} units, or gain {move_coins} coins.",
        ),
        "nl": (
            "Beweeg tot {move_units} eenheden, of ontvang {move_coins} munt.",
            "Beweeg tot {move_units} eenheden, of ontvang {move_coins} munten.",
        ),
    },
    "automa.info": {
        "en": (
            "{level} · plan {plan} · star track {cube} · {deck} card left",
            "{level} · plan {plan} · star track {cube} · {deck} cards left",
        ),
        "nl": (
            "{level} · plan {plan} · sterrenspoor {cube} · nog {deck} kaart",
            "{level} · plan {plan} · sterrenspoor {cube} · nog {deck} kaarten",
        ),
    },
    "slot.trade_popularity": {
        "en": ("Popularity for {trade_coins} coin", "Popularity for {trade_coins} coins"),
        "nl": ("Populariteit voor {trade_coins} munt", "Populariteit voor {trade_coins} munten"),
    },
    "slot.bolster_power": {
        "en": ("Power for {bolster_coins} coin", "Power for {bolster_coins} coins"),
        "nl": ("Kracht voor {bolster_coins} munt", "Kracht voor {bolster_coins} munten"),
    },
    "slot.bolster_cards": {
        "en": ("Combat cards for {bolster_coins} coin", "Combat cards for {bolster_coins} coins"),
        "nl": (
            "Gevechtskaarten voor {bolster_coins} munt",
            "Gevechtskaarten voor {bolster_coins} munten",
        ),
    },
    "tip.top.trade": {
        "en": (
            "Trade: pay {trade_coins} coin for 2 resources or for popularity",
            "Trade: pay {trade_coins} coins for 2 resources or for popularity",
        ),
        "nl": (
            "Handelen: betaal {trade_coins} munt voor 2 grondstoffen of voor populariteit",
            "Handelen: betaal {trade_coins} munten voor 2 grondstoffen of voor populariteit",
        ),
    },
    "tip.top.bolster": {
        "en": (
            "Bolster: pay {bolster_coins} coin for power or for combat cards",
            "Bolster: pay {bolster_coins} coins for power or for combat cards",
        ),
        "nl": (
            "Versterken: betaal {bolster_coins} munt voor kracht of voor gevechtskaarten",
            "Versterken: betaal {bolster_coins} munten voor kracht of voor gevechtskaarten",
        ),
    },
}


def read_dict(path: Path, name: str) -> dict[str, str]:
    """The dict literal assigned to ``name`` in ``path`` (empty when the file is gone)."""
    if not path.exists():
        return {}
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        target = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        if isinstance(target, ast.Name) and target.id == name and node.value is not None:
            return ast.literal_eval(node.value)
    raise SystemExit(f"{path}: no {name} = {{...}} found")


def is_plural(catalog: Catalog, key: str) -> bool:
    message = catalog.get(key)
    return message is not None and message.pluralizable


def merge(lang: str, words: dict[str, str]) -> Catalog:
    """The page catalogue of ``lang`` with the dict's words and :data:`PLURALS` merged in."""
    po = po_path("page", lang)
    catalog = read_catalog(po) if po.exists() else new_catalog("page", lang)
    for key, text in words.items():
        if is_plural(catalog, key):
            one = catalog.get(key).string[0]
            replaced = key in PLURALS and (text in PLURALS[key][lang] or EITHER_FORM.search(text))
            if text != one and not replaced:
                print(f"{lang}: kept the plural entry {key!r}; the dict has {text!r}")
            continue
        message = catalog.get(key)
        if message is None:
            catalog.add(key, text)
        else:
            message.string = text
    for key, forms in PLURALS.items():
        message = catalog.get(key)
        if message is None:
            catalog.add((key, key), forms[lang])
        elif not message.pluralizable:  # in place, so the entry keeps its position
            message.id, message.string = (key, key), forms[lang]
    return catalog


def main(argv: list[str]) -> int:
    dicts = {lang: read_dict(*DICTS[lang]) for lang in LANGUAGES}
    missing = set(dicts["en"]) ^ set(dicts["nl"])
    if missing:
        raise SystemExit(f"the dicts differ in keys: {sorted(missing)}")
    for lang in LANGUAGES:
        catalog = merge(lang, dicts[lang])
        write_catalog(po_path("page", lang), catalog)
        print(f"{po_path('page', lang).relative_to(ROOT)}: {len(catalog)} entries")
    compile_all([])
    if "--keep" not in argv:
        for path, _ in DICTS.values():
            if path.exists():
                path.unlink()
                print(f"deleted {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
