"""Every string the page shows, by language, from the page's gettext catalogues.

The words live in ``locale/<lang>/LC_MESSAGES/page.po`` beside this module (msgids
are keys, ``"terrain.farm"``), compiled to ``page.mo`` (``tools/compile_catalogues.py``),
which the standard library's ``gettext`` reads here. A string that counts something
is a plural entry: :func:`ntext` (or :func:`text` with ``n=``) picks its form.

>>> text("terrain.farm")
'Farm'
>>> text("terrain.farm", "nl")
'Boerderij'
>>> text("home_base", faction=text("faction.nordic"))
'Nordic home base'
>>> seat_name({"seat": 1, "controller": "automa", "faction": "saxony"}, "nl")
'Automa (Saxony)'
>>> text("act.workers", "en", n=1), text("act.workers", "nl", n=3)
('1 worker', '3 werkers')
>>> ntext("context.move_unit", 1, "nl", unit="Mech", steps=1)
'Mech: nog 1 stap.'
"""

from __future__ import annotations

import functools
import gettext
from pathlib import Path
from types import MappingProxyType

from scythe_core.data.components import (
    POPULARITY_MAX,
    POPULARITY_TIERS,
    POWER_MAX,
    RECRUIT_ONE_TIME_AMOUNT,
    STAR_GOALS,
    STARS_TO_END,
    TOP_ACTION_COINS,
)

LANGUAGES = ("en", "nl")
LANG = "en"
#: The page's catalogues: ``locale/<lang>/LC_MESSAGES/page.mo`` beside this module.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
DOMAIN = "page"
#: The value a plural entry is counted by when it is not ``n`` (``text`` picks the
#: form by it, so call sites pass their values as for any other string).
COUNTED_BY = MappingProxyType(
    {
        "context.move_unit": "steps",
        "preview.bottom": "coins",
        "preview.move": "move_coins",
        "automa.info": "deck",
        "slot.trade_popularity": "trade_coins",
        "slot.bolster_power": "bolster_coins",
        "slot.bolster_cards": "bolster_coins",
        "tip.top.trade": "trade_coins",
        "tip.top.bolster": "bolster_coins",
    }
)

#: The rules' numbers some strings name ("{goal_mechs} earns a star"), taken from the rules
#: so no string repeats them; pass them with ``text(key, lang, **RULE_NUMBERS)``.
#: ``tier_2``/``tier_3``: the popularity where the second and third scoring tiers start.
RULE_NUMBERS = MappingProxyType(
    {
        "power_max": POWER_MAX,
        "popularity_max": POPULARITY_MAX,
        "stars_to_end": STARS_TO_END,
        "recruit_once": RECRUIT_ONE_TIME_AMOUNT,
        **{f"goal_{category}": goal for category, goal in STAR_GOALS.items()},
        **{f"{top}_coins": coins for top, coins in TOP_ACTION_COINS.items()},
        **{
            f"tier_{n}": low
            for n, low in enumerate(sorted(low for low, *_ in POPULARITY_TIERS), 1)
            if n > 1
        },
    }
)


def set_lang(lang: str) -> None:
    """Make ``lang`` the language of every string without an explicit one."""
    global LANG
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r}")
    LANG = lang


@functools.cache
def catalogue(lang: str) -> gettext.GNUTranslations:
    """The compiled catalogue of ``lang`` (read once)."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo").open("rb") as f:
        return gettext.GNUTranslations(f)


def is_plural(key: str) -> bool:
    """Whether ``key`` is a plural entry (a string that counts something)."""
    return catalogue(LANGUAGES[0]).ngettext(key, key, 1) != key


def has(key: str, lang: str) -> bool:
    """Whether the catalogue of ``lang`` itself holds ``key`` (no English fallback)."""
    table = catalogue(lang)
    return table.gettext(key) != key or table.ngettext(key, key, 1) != key


def _lookup(key: str, lang: str | None, count: int | None) -> str:
    """The entry ``key`` in ``lang``, falling back to English; KeyError if there is none."""
    for code in dict.fromkeys((lang if lang in LANGUAGES else LANG, LANGUAGES[0])):
        table = catalogue(code)
        found = table.gettext(key) if count is None else table.ngettext(key, key, count)
        if found != key:
            return found
    raise KeyError(key)


def text(key: str, lang: str | None = None, **values: object) -> str:
    """The string ``key`` in ``lang`` (falling back to English), formatted with ``values``.

    A plural entry takes the form for the value it counts: ``n``, or the one
    :data:`COUNTED_BY` names (``steps`` of ``context.move_unit``)."""
    if is_plural(key):
        counted = COUNTED_BY.get(key, "n")
        if counted not in values:
            raise TypeError(f"{key!r} counts {counted!r}: pass it, or use ntext()")
        return ntext(key, int(values[counted]), lang, **values)
    template = _lookup(key, lang, None)
    return template.format(**values) if values else template


def ntext(key: str, count: int, lang: str | None = None, /, **values: object) -> str:
    """The plural entry ``key`` in the form for ``count``, formatted with ``values``
    (``count`` is also ``{n}`` unless ``values`` names ``n``)."""
    template = _lookup(key, lang, count)
    return template.format(**{"n": count, **values})


def seat_name(player: dict | None, lang: str | None = None) -> str:
    """ "Player 2 (Saxony)", "Automa (Rusviet)": a seat as the page names it."""
    if not player:
        return ""
    faction = text(f"faction.{player['faction']}", lang)
    key = f"seat.{player.get('controller', 'human')}"
    return text(key, lang, n=player["seat"] + 1, faction=faction)
