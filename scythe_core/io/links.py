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
import binascii
import json
import zlib

from ..model.state import GameState, IllegalActionError
from ..setup import SetupError, new_game
from .records import RULES_VERSION, RecordError, apply_decision

LINK_PREFIX = "g1."
LINK_FORMAT = 1
MAX_LINK_BYTES = 2_000_000


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
        raise RecordError("this link comes from a newer or unknown version of the game")
    text = link[len(LINK_PREFIX) :].strip()
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflater = zlib.decompressobj()
        body = inflater.decompress(packed, MAX_LINK_BYTES)
        if not inflater.eof or inflater.unconsumed_tail:
            raise ValueError("truncated")
        return body.decode().split("\n")
    except (binascii.Error, ValueError, zlib.error, UnicodeDecodeError) as exc:
        raise RecordError("the link is damaged or incomplete") from exc


def decode_link(link: str) -> GameState:
    """Rebuild the game of a link; RecordError for anything malformed or illegal."""

    header_line, *actions = _unpack(link)
    try:
        header = json.loads(header_line)
    except ValueError as exc:
        raise RecordError("the link is damaged or incomplete") from exc
    if not isinstance(header, dict) or not isinstance(header.get("link"), int):
        raise RecordError("the link is damaged or incomplete")
    if header["link"] > LINK_FORMAT:
        raise RecordError("this link comes from a newer version of the game")
    try:
        state = new_game(header.get("setup"))
    except (SetupError, TypeError, AttributeError) as exc:
        raise RecordError(f"the link's game setup is not valid: {exc}") from exc
    for number, action in enumerate(actions, start=1):
        try:
            apply_decision(state, action, header.get("rules"))
        except IllegalActionError as exc:
            raise RecordError(
                f"decision {number} in the link ({action!r}) is not legal at that point"
            ) from exc
    return state
