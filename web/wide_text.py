"""Bytes as text of 15 bits a character, for storage that counts characters (pure Python).

The browser's ``localStorage`` counts the characters of what it holds, whatever their
code (Chromium allows 5,242,880 per site), so base64's 6 bits a character waste most
of it. Here every 15 bytes become 8 characters from the 32,768 code points U+3400 to
U+B3FF (no surrogates, no control characters, all in the Basic Multilingual Plane, so
every JavaScript string holds them as they are), and a last block of 1-14 bytes the
fewest characters that hold its bits. The first character says how long that last
block is. Anything that is not such a text raises ``ValueError``.

>>> len(widen(bytes(30))), len(widen(bytes(31)))  # 2 blocks; 1 byte more: 1 character more
(17, 18)
>>> [unwiden(widen(bytes(range(n)))) == bytes(range(n)) for n in (0, 1, 14, 15, 16, 200)]
[True, True, True, True, True, True]
>>> unwiden("x")
Traceback (most recent call last):
...
ValueError: not a widened text
"""

from __future__ import annotations

#: The first code point used; the 32,768 from here on each carry 15 bits.
FIRST = 0x3400
BITS = 15
#: Bytes per full block, and the characters that hold them.
BLOCK = 15
BLOCK_CHARS = 8


def chars_for(count: int) -> int:
    """The characters that hold ``count`` bytes (at most one block)."""
    return -(-count * 8 // BITS)


def widen(data: bytes) -> str:
    """``data`` as text: a character for the last block's length, then the blocks."""
    out = [chr(FIRST + len(data) % BLOCK)]
    for start in range(0, len(data), BLOCK):
        block = data[start : start + BLOCK]
        chars = chars_for(len(block))
        number = int.from_bytes(block, "big") << (chars * BITS - len(block) * 8)
        out.extend(chr(FIRST + ((number >> (BITS * k)) & 0x7FFF)) for k in range(chars - 1, -1, -1))
    return "".join(out)


def unwiden(text: str) -> bytes:
    """The bytes ``widen`` made this text of (``ValueError`` for any other text)."""
    codes = [ord(c) - FIRST for c in text]
    if not codes or not all(0 <= code < 1 << BITS for code in codes) or codes[0] >= BLOCK:
        raise ValueError("not a widened text")
    tail, codes = codes[0], codes[1:]
    tail_chars = chars_for(tail)
    if (len(codes) - tail_chars) % BLOCK_CHARS or len(codes) < tail_chars:
        raise ValueError("not a widened text")
    out = bytearray()
    for start in range(0, len(codes), BLOCK_CHARS):
        chunk = codes[start : start + BLOCK_CHARS]
        size = (
            BLOCK
            if len(chunk) == BLOCK_CHARS and start + BLOCK_CHARS <= len(codes) - tail_chars
            else tail
        )
        number = 0
        for code in chunk:
            number = number << BITS | code
        out += (number >> (len(chunk) * BITS - size * 8)).to_bytes(size, "big")
    return bytes(out)
