"""The new-game form's values and starting a game from them; new games' seeds.

A mixin of ``ui.Page`` (browser only, uses ``js``), for a page with ``setup``,
``session``, ``render()`` and ``after_change()``.
"""

from __future__ import annotations

import js
from render_screens import setup_config
from session import Session

from scythe_core import SetupError


def el(element_id: str):
    return js.document.getElementById(element_id)


def new_seed() -> int:
    """A new game's seed: 64 bits from the browser's cryptographic random source, so
    no seat can find the seed (and with it every deck order) from what it sees."""
    words = js.Uint32Array.new(2)
    js.crypto.getRandomValues(words)
    return (int(words[0]) << 32) | int(words[1])


class PageSetup:
    """Reading the new-game form and starting its game."""

    def start(self) -> None:
        self.read_setup()
        try:
            session = Session(setup_config(self.setup))
        except (SetupError, ValueError) as exc:
            self.error = str(exc)
            self.render()
            return
        self.error = ""
        self.session = session
        self.end_closed = False
        self.after_change()

    def read_setup(self) -> None:
        values = self.setup
        count = el("setup-count")
        if not count:
            return
        values["count"] = int(count.value)
        seed = str(el("setup-seed").value).strip()
        values["seed"] = int(seed) if seed.isascii() and seed.isdigit() and len(seed) <= 20 else 0
        for i, seat in enumerate(values["seats"][: values["count"]]):
            for key in ("controller", "level", "faction", "mat"):
                field = el(f"seat{i}-{key}")
                if field:
                    seat[key] = str(field.value)
