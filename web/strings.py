"""Every string the page shows, by language (English now; Dutch can be added as "nl").

>>> text("terrain.farm")
'Farm'
>>> text("home_base", faction=text("faction.nordic"))
'Nordic home base'
"""

from __future__ import annotations

STRINGS: dict[str, dict[str, str]] = {
    "en": {
        "board.title": "The Scythe board",
        "hint": "Hover over or tab to a hex to name it.",
        "loading.drawing": "Drawing the board…",
        "error": "Something went wrong while starting the game: {error}",
        "legend.title": "Legend",
        "legend.home": "Home base (marked with its faction's letter)",
        "legend.river": "River (no crossing without a special ability)",
        "footer": "Rules engine: Python {python} in your browser (Pyodide {pyodide}).",
        "terrain.mountain": "Mountain",
        "terrain.farm": "Farm",
        "terrain.village": "Village",
        "terrain.forest": "Forest",
        "terrain.tundra": "Tundra",
        "terrain.lake": "Lake",
        "terrain.factory": "Factory",
        "marker.tunnel": "Tunnel",
        "marker.encounter": "Encounter",
        "home_base": "{faction} home base",
        "faction.albion": "Albion",
        "faction.crimea": "Crimea",
        "faction.nordic": "Nordic",
        "faction.polania": "Polania",
        "faction.rusviet": "Rusviet",
        "faction.saxony": "Saxony",
        "faction.togawa": "Togawa",
    },
}

LANG = "en"


def text(key: str, lang: str | None = None, **values: object) -> str:
    """The string ``key`` in ``lang`` (falling back to English), formatted with ``values``."""
    table = STRINGS.get(lang or LANG, STRINGS["en"])
    template = table.get(key) or STRINGS["en"][key]
    return template.format(**values) if values else template
