"""The translation catalogues are complete, consistent and compiled.

Every word a player reads lives in a gettext catalogue: the engine's domain
``engine`` (``scythe_core/locale``) and the page's domain ``page`` (``web/locale``),
each in English and Dutch. These tests read the ``.po`` files with Babel and check
that both languages hold the same entries, every one translated (both forms of a
plural entry), with the same ``{placeholders}``; that the committed ``.mo`` files
are a fresh compile of them; that every key the code looks up exists; that no
either-form ("coin(s)", "munt(en)") or internal hex id is left; and that the Dutch
is not English copied over.
"""

from __future__ import annotations

import gettext
import io
import re
import string
import sys
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from compile_catalogues import DOMAINS, LANGUAGES, compiled, po_path, read_catalog  # noqa: E402

PLURAL_FORMS = "nplurals=2; plural=(n != 1);"
#: Where each domain's keys are looked up, and how a lookup reads in the code.
SOURCES = {"engine": [ROOT / "scythe_core"], "page": [ROOT / "web"]}
LOOKUPS = {
    "engine": (r"\bwords\(\s*f?\"([^\"]+)\"", r"\bnwords\(\s*f?\"([^\"]+)\""),
    "page": (r"\btext\(\s*f?\"([^\"]+)\"", r"\bntext\(\s*f?\"([^\"]+)\""),
}
#: Words that are the same in English and Dutch (names, and a few shared words);
#: words of one or two letters (abbreviations: "Mi", "II") are not compared.
SAME_IN_BOTH = {
    *("albion", "crimea", "nordic", "polania", "rusviet", "saxony", "togawa"),
    *("automa", "mech", "mechs", "bot", "plan", "tunnel", "python", "pyodide", "ok"),
    *("scythe", "json", "vs", "seed", "scores", "monument"),
}
EITHER_FORM = re.compile(r"[a-z]\([a-z]{1,3}\)")
INTERNAL_HEX = re.compile(r"\br\dc\d\b|\bHB-\w+")

DOMAIN_LANGS = [(domain, lang) for domain in DOMAINS for lang in LANGUAGES]


def catalog(domain: str, lang: str) -> Catalog:
    return read_catalog(po_path(domain, lang))


def entries(domain: str, lang: str) -> dict[str, tuple[str, ...]]:
    """msgid -> its forms (one for a plain entry, two for a plural one)."""
    out = {}
    for message in catalog(domain, lang):
        if not message.id:
            continue
        key = message.id[0] if message.pluralizable else message.id
        forms = message.string if message.pluralizable else (message.string,)
        out[key] = tuple(forms)
    return out


def placeholders(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


@pytest.mark.parametrize(("domain", "lang"), DOMAIN_LANGS)
def test_each_catalogue_has_the_plural_rule_of_its_language(domain, lang):
    cat = catalog(domain, lang)
    assert str(cat.locale) == lang
    assert cat.plural_forms == PLURAL_FORMS
    assert cat.num_plurals == 2


@pytest.mark.parametrize("domain", DOMAINS)
def test_both_languages_hold_the_same_entries_all_translated(domain):
    en, nl = entries(domain, "en"), entries(domain, "nl")
    assert len(en) > 50
    assert set(en) == set(nl), set(en) ^ set(nl)
    for key in en:
        assert len(en[key]) == len(nl[key]), f"{key}: a plural entry in one language only"
        assert len(en[key]) in (1, 2), key
        assert all(form.strip() for form in en[key] + nl[key]), f"{key}: an empty form"


@pytest.mark.parametrize("domain", DOMAINS)
def test_placeholders_agree_between_languages_and_forms(domain):
    en, nl = entries(domain, "en"), entries(domain, "nl")
    for key, forms in en.items():
        wanted = placeholders(forms[0])
        for form in forms + nl[key]:
            assert placeholders(form) == wanted, f"{key}: {form!r} has other placeholders"


@pytest.mark.parametrize(("domain", "lang"), DOMAIN_LANGS)
def test_no_either_forms_or_internal_hex_ids(domain, lang):
    for key, forms in entries(domain, lang).items():
        for form in forms:
            assert not EITHER_FORM.search(form), f"{key}: {form!r} is an either-form"
            assert not INTERNAL_HEX.search(form), f"{key}: {form!r} names an internal id"


def _words(text: str) -> set[str]:
    plain = re.sub(r"\{[^}]*\}", " ", text)
    return {w.lower() for w in re.findall(r"[^\W\d_]+", plain) if len(w) > 2}  # not "Mi", "II"


@pytest.mark.parametrize("domain", DOMAINS)
def test_the_dutch_is_not_english_copied(domain):
    en, nl = entries(domain, "en"), entries(domain, "nl")
    for key, forms in en.items():
        for en_form, nl_form in zip(forms, nl[key], strict=True):
            if en_form == nl_form:
                stray = _words(nl_form) - SAME_IN_BOTH
                assert not stray, f"{key}: the Dutch {nl_form!r} is the English text"


@pytest.mark.parametrize(("domain", "lang"), DOMAIN_LANGS)
def test_each_compiled_catalogue_is_a_fresh_compile_of_its_po(domain, lang):
    """The committed .mo holds exactly the .po's entries (the header's Babel version aside)."""
    po = po_path(domain, lang)
    fresh = gettext.GNUTranslations(io.BytesIO(compiled(po)))
    with po.with_suffix(".mo").open("rb") as f:
        committed = gettext.GNUTranslations(f)
    assert _without_tool_version(committed) == _without_tool_version(fresh), (
        f"{po.with_suffix('.mo').relative_to(ROOT)} is stale: run tools/compile_catalogues.py"
    )
    assert [committed.plural(n) for n in range(4)] == [1, 0, 1, 1]


def _without_tool_version(t: gettext.GNUTranslations) -> dict:
    found = dict(t._catalog)  # noqa: SLF001 (the stdlib keeps the entries there)
    found[""] = re.sub(r"Generated-By: .*\n", "", found.get("", ""))
    return found


def _keys_used(domain: str) -> tuple[set[str], set[str], set[str]]:
    """Plain keys, plural keys and f-string key prefixes the code looks up."""
    plain_re, plural_re = LOOKUPS[domain]
    plain, plural, prefixes = set(), set(), set()
    for folder in SOURCES[domain]:
        for path in folder.rglob("*.py"):
            source = path.read_text(encoding="utf-8")
            for pattern, found in ((plain_re, plain), (plural_re, plural)):
                for key in re.findall(pattern, source):
                    if "{" in key or key.endswith("."):  # f"res.{r}", "slot." + slot
                        prefixes.add(key.split("{")[0])
                    else:
                        found.add(key)
    return plain, plural, prefixes


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_key_the_code_looks_up_exists(domain):
    en = entries(domain, "en")
    plain, plural, prefixes = _keys_used(domain)
    assert plain or plural
    for key in plain:
        assert key in en, f"{key}: looked up but not in the catalogue"
        if domain == "engine":
            assert len(en[key]) == 1, f"{key}: a plural entry read as a plain one"
    for key in plural:
        assert key in en and len(en[key]) == 2, f"{key}: counted but not a plural entry"
    for prefix in prefixes:
        assert any(key.startswith(prefix) for key in en), f"no entry starts with {prefix!r}"


def test_every_counted_page_string_names_its_count():
    """``text`` picks a plural entry's form by ``n`` or by the value ``COUNTED_BY`` names."""
    sys.path.insert(0, str(ROOT / "web"))
    import strings

    en = entries("page", "en")
    plural = {key for key, forms in en.items() if len(forms) == 2}
    assert len(plural) >= 10
    assert set(strings.COUNTED_BY) <= plural
    for key in plural:
        counted = strings.COUNTED_BY.get(key, "n")
        for lang in LANGUAGES:
            for form in entries("page", lang)[key]:
                assert counted in placeholders(form), f"{key}: {form!r} does not name {counted}"


def test_the_engine_words_every_key_family_it_builds():
    """Keys built from codes (``event.<code>``) exist for every code the engine has."""
    from scythe_core.data.board import TERRAIN, TERRAINS
    from scythe_core.data.components import RECRUIT_ONGOING_BONUS
    from scythe_core.io import card_texts, wording

    en = entries("engine", "en")
    wanted = {f"event.{code}" for code in wording.TEMPLATES if code != "combat_card_flipped"}
    wanted |= {f"reason.{c}" for c in wording.REASONS} | {f"tie.{c}" for c in wording.TIE_BREAKERS}
    wanted |= {f"fact.{c}" for c in wording.FACTS} | {f"count.{c}" for c in wording.NOUNS}
    wanted |= {f"flip.{c}" for c in wording.FLIP_TARGETS}
    wanted |= {f"retreat.{c}" for c in wording.RETREAT_PLACES}
    wanted |= {f"symbol.{c}" for c in wording.SYMBOLS}
    wanted |= {f"unit.{k}" for k in wording.UNIT_KINDS} | {
        f"unit.the.{k}" for k in wording.UNIT_KINDS
    }
    wanted |= {f"move.{v}.{k}" for v in ("keep", "place") for k in wording.UNIT_KINDS}
    wanted |= {f"place.{t}" for t in (set(TERRAIN.values()) | set(TERRAINS)) - {"home"}}
    wanted |= {f"recruit.{r}" for r in RECRUIT_ONGOING_BONUS}
    wanted |= {f"amount.{a}" for a in card_texts.AMOUNTS}
    wanted |= {f"action.{a}" for a in card_texts.ACTIONS}
    assert not wanted - set(en), sorted(wanted - set(en))
    for key in wanted:
        plural = key.split(".")[0] in ("fact", "count", "amount") or key in (
            *(f"event.{c}" for c in wording.COUNTS),
            "action.produce",
        )
        assert len(en[key]) == (2 if plural else 1), key
