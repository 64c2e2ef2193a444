"""Hooks on ``window`` for the browser tests: the engine's answer to a link, file or entry.

``install()`` (run by ``main.py`` once the page is up) puts three functions on
``window``; each takes a string and always returns a string, never raising into
JavaScript:

- ``__scythe_link_digest(link)``: the SHA-256 hex digest of
  ``scythe_core.to_json(decode_link(link))``, the game's whole final state;
- ``__scythe_file_probe(text)``: ``"ok:<number of games>"`` when ``save_files.parse_file``
  reads the file and every game passes ``prepare_import`` (as Import does);
- ``__scythe_entry_probe(text, id)``: ``"ok:<digest>"`` when ``save_format.parse_entry``
  reads the stored entry (under ``id``, default ``"probe"``) and its record replays (as
  Resume does), the digest being the replayed game's as above.

A failure is ``"RecordError: <message>"`` for the documented error (``SaveError`` is
one) and ``"<ExceptionName>: <message>"`` for anything else. The functions below are
pure Python, so CPython gives the answers the page must match
(``e2e/test_replay_hashes.py``).

>>> link_digest("g1.not-a-link")
'RecordError: the link is damaged or incomplete'
>>> file_probe("[]")
'RecordError: This is not a saved-games file.'
"""

from __future__ import annotations

import hashlib

import save_files
import save_format

from scythe_core import RecordError, to_json
from scythe_core.io.links import decode_link

PROBE_ID = "probe"
#: The date an imported game gets when its file gives none (it changes no answer).
PROBE_DATE = "2026-01-01T00:00:00.000Z"
#: Proxies handed to JavaScript, kept alive for the page's lifetime.
_PROXIES: list = []


def state_digest(state) -> str:
    """The SHA-256 hex digest of a game's whole state as ``scythe_core.to_json`` writes it."""
    return hashlib.sha256(to_json(state).encode()).hexdigest()


def error_text(exc: BaseException) -> str:
    """``RecordError: message`` for the documented error, ``Name: message`` otherwise."""
    name = "RecordError" if isinstance(exc, RecordError) else type(exc).__name__
    return f"{name}: {exc}"


def error_class(answer: str) -> str:
    """The part of a probe's answer that names its outcome: ``ok``, a digest, or the error."""
    head, colon, _ = answer.partition(":")
    return head if colon else answer


def guarded(function):
    """``function`` made safe to call from JavaScript: every failure becomes its text."""

    def call(*args):
        try:
            return function(*args)
        except BaseException as exc:  # nothing may reach JavaScript
            return error_text(exc)

    call.__name__ = function.__name__
    call.__doc__ = function.__doc__
    return call


@guarded
def link_digest(link: str) -> str:
    return state_digest(decode_link(link))


@guarded
def file_probe(text: str) -> str:
    games = save_files.parse_file(text)
    for number, game in enumerate(games, start=1):
        save_files.prepare_import(game, number, PROBE_DATE)
    return f"ok:{len(games)}"


@guarded
def entry_probe(text: str, game_id: str = PROBE_ID) -> str:
    entry = save_format.parse_entry(text, game_id)
    state = save_format.replay_record(entry["record"], f"The saved game {game_id!r}")
    return f"ok:{state_digest(state)}"


HOOKS = {
    "__scythe_link_digest": link_digest,
    "__scythe_file_probe": file_probe,
    "__scythe_entry_probe": entry_probe,
}


def install() -> None:
    """Put the hooks on ``window`` and mark ``body[data-probe="1"]`` (browser only)."""
    import js
    from pyodide.ffi import create_proxy

    for name, function in HOOKS.items():
        proxy = create_proxy(function)
        _PROXIES.append(proxy)
        setattr(js.window, name, proxy)
    js.document.body.dataset.probe = "1"
