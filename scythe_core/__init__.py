"""scythe_core: a pure-Python rules engine for the board game Scythe."""

from __future__ import annotations

__version__ = "0.1.0"
