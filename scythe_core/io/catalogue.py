"""The engine's words in each language, from its gettext catalogues.

Every word of the engine a player reads (Automa log lines, card texts, hex, unit
and faction names) lives in ``scythe_core/locale/<lang>/LC_MESSAGES/engine.po``,
compiled to the ``engine.mo`` beside it (``tools/compile_catalogues.py``). The
msgids are keys (``event.card_drawn``), so English is a catalogue like Dutch. This
module reads the compiled catalogues with the standard library's ``gettext`` and
fills in their ``{placeholders}``; :func:`nwords` picks the plural form by the
catalogue's ``Plural-Forms`` rule.

>>> nwords("count.coin", 1, "en", n=1), nwords("count.coin", 2, "nl", n=2)
('1 coin', '2 munten')
>>> words("faction.nordic", "xx")
'Nordic'
"""

from __future__ import annotations

import functools
import gettext
from pathlib import Path

#: The languages with a catalogue; any other language falls back to the first.
LANGUAGES = ("en", "nl")
DOMAIN = "engine"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def language(lang: str | None) -> str:
    """``lang`` when it has a catalogue, else English."""
    return lang if lang in LANGUAGES else LANGUAGES[0]


@functools.cache
def translations(lang: str) -> gettext.GNUTranslations:
    """The compiled catalogue of ``lang`` (read once)."""
    path = LOCALE_DIR / language(lang) / "LC_MESSAGES" / f"{DOMAIN}.mo"
    with path.open("rb") as f:
        return gettext.GNUTranslations(f)


def words(key: str, lang: str, /, **values: object) -> str:
    """The entry ``key`` in ``lang``, its ``{placeholders}`` filled from ``values``."""
    found = translations(lang).gettext(key)
    if found == key:
        raise KeyError(f"{key!r} is not in the {DOMAIN} catalogue")
    return found.format(**values) if values else found


def nwords(key: str, count: int, lang: str, /, **values: object) -> str:
    """The plural entry ``key`` in the form for ``count``, filled from ``values``."""
    found = translations(lang).ngettext(key, key, count)
    if found == key:
        raise KeyError(f"{key!r} is not a plural entry of the {DOMAIN} catalogue")
    return found.format(**values) if values else found
