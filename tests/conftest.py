"""Puts ``web/`` on the path: the page's pure-Python modules are tested directly."""

from __future__ import annotations

import sys
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "web"
if str(WEB) not in sys.path:
    sys.path.insert(0, str(WEB))  # web/ is not a package
