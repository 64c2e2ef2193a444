"""Compact, URL-safe game links: setup plus each decision as its index in the legal list.

A link is ``g1.`` followed by base64url (no padding) of zlib-compressed bytes:
a JSON setup line, a newline, then one unsigned varint per decision. Decoding
replays the game, so a tampered link either fails with :class:`RecordError`
or yields a legal game.

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

from .records import RecordError
from .state import GameState

LINK_PREFIX = "g1."
MAX_LINK_BYTES = 200_000


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return bytes(out)


def _read_varints(data: bytes) -> list[int]:
    values, value, shift = [], 0, 0
    for byte in data:
        value |= (byte & 0x7F) << shift
        if byte & 0x80:
            shift += 7
            if shift > 28:
                raise RecordError("link decision number too large")
        else:
            values.append(value)
            value, shift = 0, 0
    if shift:
        raise RecordError("link ends in the middle of a decision")
    return values


def encode_link(state: GameState) -> str:
    """The whole game so far as a URL-safe string."""
    from .engine import apply_in_place, legal_actions
    from .setup import new_game

    replayed = new_game(state.setup)
    body = bytearray(json.dumps(state.setup, separators=(",", ":"), sort_keys=True).encode())
    body += b"\n"
    for action in state.history:
        body += _varint(legal_actions(replayed).index(action))
        apply_in_place(replayed, action, check=False)
    packed = zlib.compress(bytes(body), 9)
    return LINK_PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def decode_link(link: str) -> GameState:
    """Rebuild the game of a link; RecordError for anything malformed or illegal."""
    from .engine import apply_in_place, legal_actions
    from .setup import SetupError, new_game

    if not isinstance(link, str) or not link.startswith("g"):
        raise RecordError("not a game link")
    if not link.startswith(LINK_PREFIX):
        raise RecordError("this link comes from a newer or unknown version of the game")
    text = link[len(LINK_PREFIX) :].strip()
    try:
        packed = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        inflater = zlib.decompressobj()
        body = inflater.decompress(packed, MAX_LINK_BYTES)
    except (binascii.Error, ValueError, zlib.error) as exc:
        raise RecordError("the link is damaged or incomplete") from exc
    if not inflater.eof or inflater.unconsumed_tail:
        raise RecordError("the link is damaged or incomplete")
    setup_bytes, newline, moves = body.partition(b"\n")
    if not newline:
        raise RecordError("the link is damaged or incomplete")
    try:
        setup = json.loads(setup_bytes.decode())
        state = new_game(setup)
    except (UnicodeDecodeError, ValueError, SetupError, TypeError) as exc:
        raise RecordError(f"the link's game setup is not valid: {exc}") from exc
    for number, index in enumerate(_read_varints(moves), start=1):
        options = legal_actions(state)
        if index >= len(options):
            raise RecordError(f"decision {number} in the link is not legal at that point")
        apply_in_place(state, options[index], check=False)
    return state
