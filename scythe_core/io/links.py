"""Compact, URL-safe game links: the game's record, compressed.

A link is ``g1.`` followed by base64url (no padding) of zlib-compressed text: a
JSON header line (link format, rules version, setup), then one canonical action
per line. Decoding replays the game with every decision checked, so a tampered
link either fails with :class:`RecordError` or yields a legal game. Action
strings (not indices into legal lists) keep old links readable after the rules
gain new options.

>>> from scythe_core import new_game
>>> state = new_game({"seed": 1, "seats": [{}, {}]})
>>> decode_link(encode_link(state)).history == state.history
True
"""

from __future__ import annotations

import base64
import json
import zlib

from ..model.state import GameState
from .records import (
    MAX_DECISIONS,
    MAX_REPLAY_SECONDS,
    RECORD_FORMAT,
    RULES_VERSION,
    check_decision_count,
    check_rules_version,
    replay_decisions,
    setup_game,
)
from .untrusted import HOSTILE_ERRORS, RecordError, parse_json

LINK_PREFIX = "g1."
LINK_FORMAT = 1
#: Actions average 8 characters and stay under 40 (34 in the longest random games): a
#: link of ``MAX_DECISIONS`` decisions unpacks to well under 1.2 MB, its header to a
#: few hundred characters. Anything longer is refused before it is unpacked (or parsed).
MAX_LINK_BYTES = 48 * MAX_DECISIONS
MAX_HEADER_CHARS = 10_000
#: The most characters of a link before it is unpacked: real games compress to a few
#: KB (a 5-seat game of 8,365 random decisions: a 5,900-character link); browsers
#: refuse URLs past 2 MB anyway.
MAX_LINK_CHARS = 500_000
_DAMAGED = "the link is damaged or incomplete"


def encode_link(state: GameState) -> str:
    """The whole game so far as a URL-safe string."""
    header = {"link": LINK_FORMAT, "rules": RULES_VERSION, "setup": state.setup}
    lines = [json.dumps(header, separators=(",", ":"), sort_keys=True), *state.history]
    packed = zlib.compress("\n".join(lines).encode(), 9)
    return LINK_PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def _unpack(link: str) -> list[str]:
    if not isinstance(link, str) or not link.startswith("g"):
        raise RecordError("not a game link")
    if not link.startswith(LINK_PREFIX):
        raise RecordError("this link comes from a newer or unknown version of the game", newer=True)
    if len(link) > MAX_LINK_CHARS:
        raise RecordError(f"the link is too long to be a real game ({len(link):,} characters)")
    text = link[len(LINK_PREFIX) :].strip()
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflater = zlib.decompressobj()
        body = inflater.decompress(packed, MAX_LINK_BYTES)
    except HOSTILE_ERRORS as exc:
        raise RecordError(_DAMAGED) from exc
    if inflater.unconsumed_tail:
        raise RecordError(f"the link unpacks to more than {MAX_LINK_BYTES:,} bytes")
    if not inflater.eof:
        raise RecordError(_DAMAGED)
    try:
        return body.decode().split("\n")
    except UnicodeDecodeError as exc:
        raise RecordError(_DAMAGED) from exc


def decode_link(
    link: str,
    *,
    max_decisions: int = MAX_DECISIONS,
    max_seconds: float = MAX_REPLAY_SECONDS,
) -> GameState:
    """Rebuild the game of a link; RecordError for anything malformed or illegal.

    The header is checked before any replay, and so is the number of decisions (at
    most ``max_decisions``); a replay that takes more than ``max_seconds`` stops."""
    rec = link_record(link, max_decisions=max_decisions)
    state = setup_game(rec["setup"], "the link's game setup is not valid")
    replay_decisions(
        state, rec["actions"], rec["rules"], max_seconds=max_seconds, where=" in the link"
    )
    return state


def link_record(link: str, *, max_decisions: int = MAX_DECISIONS) -> dict:
    """The record (format, rules, setup, decisions) a link holds, not yet replayed:
    its header, rules version and number of decisions checked; RecordError else."""
    header_line, *actions = _unpack(link)
    header = _header(header_line)
    check_decision_count(len(actions), max_decisions)
    check_rules_version(header.get("rules"))
    return {
        "format": RECORD_FORMAT,
        "rules": header.get("rules"),
        "setup": header.get("setup"),
        "actions": actions,
    }


def _header(line: str) -> dict:
    try:
        header = parse_json(line, max_chars=MAX_HEADER_CHARS)
    except RecordError as exc:
        raise RecordError(f"{_DAMAGED} ({exc})") from exc
    version = header.get("link") if isinstance(header, dict) else None
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise RecordError(_DAMAGED)
    if version > LINK_FORMAT:
        raise RecordError("this link comes from a newer version of the game", newer=True)
    return header
