"""Every string the page shows, by language: English here, Dutch in ``strings_nl``.

>>> text("terrain.farm")
'Farm'
>>> text("terrain.farm", "nl")
'Boerderij'
>>> text("home_base", faction=text("faction.nordic"))
'Nordic home base'
>>> seat_name({"seat": 1, "controller": "automa", "faction": "saxony"}, "nl")
'Automa (Saxony)'
"""

from __future__ import annotations

from types import MappingProxyType

from strings_en import EN
from strings_nl import NL

from scythe_core.data.components import (
    POPULARITY_MAX,
    POPULARITY_TIERS,
    POWER_MAX,
    RECRUIT_ONE_TIME_AMOUNT,
    STAR_GOALS,
    STARS_TO_END,
    TOP_ACTION_COINS,
)

STRINGS: dict[str, dict[str, str]] = {"en": EN, "nl": NL}
LANGUAGES = ("en", "nl")
LANG = "en"

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
    if lang not in STRINGS:
        raise ValueError(f"unknown language {lang!r}")
    LANG = lang


def text(key: str, lang: str | None = None, **values: object) -> str:
    """The string ``key`` in ``lang`` (falling back to English), formatted with ``values``."""
    table = STRINGS.get(lang or LANG, EN)
    template = table.get(key) or EN[key]
    return template.format(**values) if values else template


def seat_name(player: dict | None, lang: str | None = None) -> str:
    """ "Player 2 (Saxony)", "Automa (Rusviet)": a seat as the page names it."""
    if not player:
        return ""
    faction = text(f"faction.{player['faction']}", lang)
    key = f"seat.{player.get('controller', 'human')}"
    return text(key, lang, n=player["seat"] + 1, faction=faction)
