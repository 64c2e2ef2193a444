#!/usr/bin/env python3
"""Compile every translation catalogue (``.po``) into the ``.mo`` file the code loads.

    python3 tools/compile_catalogues.py          # write every .mo next to its .po
    python3 tools/compile_catalogues.py --check  # exit 1 when a .mo is not up to date

The ``.po`` files are the one source of every word the player reads: the engine's
domain ``engine`` (``scythe_core/locale/<lang>/LC_MESSAGES/engine.po``: Automa log
lines, card texts, hex and unit names) and the page's domain ``page``
(``web/locale/<lang>/LC_MESSAGES/page.po``). The compiled ``.mo`` files are
committed, so an editable install, a fresh checkout and ``build.py`` need nothing
but the standard library (``gettext.GNUTranslations`` reads them);
``tests/test_catalogues.py`` checks that each committed ``.mo`` equals a fresh
compile of its ``.po``. Compiling needs Babel (the ``test`` extra of pyproject.toml).
"""

from __future__ import annotations

import io
import sys
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
#: Where each domain's catalogues live: <dir>/<lang>/LC_MESSAGES/<domain>.po
DOMAINS = {"engine": ROOT / "scythe_core" / "locale", "page": ROOT / "web" / "locale"}
LANGUAGES = ("en", "nl")
#: The header's dates stay fixed, so a catalogue changes only where its words change.
FIXED_DATE = datetime(2025, 1, 1, tzinfo=UTC)


def po_path(domain: str, lang: str) -> Path:
    return DOMAINS[domain] / lang / "LC_MESSAGES" / f"{domain}.po"


def compiled(po: Path) -> bytes:
    """The ``.mo`` bytes of a ``.po`` file, as Babel writes them."""
    out = io.BytesIO()
    write_mo(out, read_catalog(po))
    return out.getvalue()


def new_catalog(domain: str, lang: str) -> Catalog:
    """An empty catalogue of ``domain`` in ``lang`` with the header this project writes."""
    return Catalog(
        locale=lang,
        domain=domain,
        project="Scythe in the browser",
        version="0.1",
        copyright_holder="Scythe in the browser",
        creation_date=FIXED_DATE,
        revision_date=FIXED_DATE,
        fuzzy=False,
        header_comment=(
            f"# The {domain} words of Scythe in the browser in {lang}: the one source of them.\n"
            "# After an edit, run tools/compile_catalogues.py (it writes the .mo beside this file)."
        ),
        last_translator="Scythe in the browser",
        language_team=lang,
        msgid_bugs_address="",
    )


def read_catalog(po: Path) -> Catalog:
    with po.open("rb") as f:
        return read_po(f)


def write_catalog(po: Path, catalog: Catalog) -> None:
    """Write ``catalog`` as ``po`` (entries in the catalogue's order, no line wrapping)."""
    po.parent.mkdir(parents=True, exist_ok=True)
    out = io.BytesIO()
    write_po(out, catalog, width=0, omit_header=False, include_lineno=False)
    po.write_bytes(out.getvalue())


def all_po_files() -> list[Path]:
    return [po_path(domain, lang) for domain in DOMAINS for lang in LANGUAGES]


def main(argv: list[str]) -> int:
    stale = []
    for po in all_po_files():
        if not po.exists():
            continue
        mo = po.with_suffix(".mo")
        data = compiled(po)
        if mo.exists() and mo.read_bytes() == data:
            continue
        if "--check" in argv:
            stale.append(mo)
        else:
            mo.write_bytes(data)
            print(f"wrote {mo.relative_to(ROOT)}")
    for mo in stale:
        print(f"out of date: {mo.relative_to(ROOT)} (run tools/compile_catalogues.py)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
