"""Share links: a whole game in a URL fragment, ``#g1.``... (pure Python).

The fragment is ``scythe_core.io.links``'s encoding of the game's record; opening one
replays the game with every decision checked. Every failure is a ``SaveError``
(codes ``bad_link`` and ``newer``).

>>> from scythe_core import new_game
>>> state = new_game({"seed": 7, "seats": [{"faction": "nordic"}, {"faction": "saxony"}]})
>>> url = share_url("https://example.org/scythe/#old", state)
>>> url.startswith("https://example.org/scythe/#g1.")
True
>>> parse_fragment(url).setup == state.setup
True
>>> link_text("  https://example.org/#g1.abc ")
'g1.abc'
>>> parse_fragment("https://example.org/#")
Traceback (most recent call last):
...
save_format.SaveError: this address holds no game.
"""

from __future__ import annotations

from save_format import SaveError

from scythe_core import GameState, RecordError

# The link's own unpacking and header check (no copy of them here): a link is read
# into its record without replaying it, so that the page replays a game only once.
from scythe_core.io.links import MAX_LINK_CHARS, decode_link, encode_link, link_record


def share_fragment(state: GameState) -> str:
    """The URL fragment that holds the whole game: ``#g1.``..."""
    return "#" + encode_link(state)


def share_url(page_url: str, state: GameState) -> str:
    """``page_url`` (minus any fragment) with the game's fragment."""
    return page_url.split("#", 1)[0] + share_fragment(state)


def link_text(text: str) -> str:
    """The link part of a fragment, a full URL or a pasted link ('' if there is none)."""
    if not isinstance(text, str):
        return ""
    text = text.strip()
    return text.split("#", 1)[1].strip() if "#" in text else text


def fragment_record(text: str) -> dict:
    """The record (format, rules, setup, decisions) of the game in a URL fragment, a
    full URL or a bare link, not yet replayed (``session.Session.replayed`` replays
    it once). What cannot be a link's game raises ``SaveError`` as ``parse_fragment``.

    >>> from scythe_core import new_game, record
    >>> state = new_game({"seed": 7, "seats": [{"faction": "nordic"}, {}]})
    >>> fragment_record(share_fragment(state)) == record(state)
    True
    """
    link = link_text(text)
    if not link:
        raise SaveError("bad_link", "this address holds no game.")
    if len(link) > MAX_LINK_CHARS:
        raise SaveError("bad_link", "it is too long to be a real one.")
    try:
        rec = link_record(link)
    except RecordError as exc:
        code = "newer" if exc.newer or "newer" in str(exc) else "bad_link"
        raise SaveError(code, f"{exc}.") from exc
    if not isinstance(rec["setup"], dict):
        raise SaveError("bad_link", "the link's game setup is not valid.")
    return rec


def parse_fragment(text: str) -> GameState:
    """The game in a URL fragment (``#g1....``), a full URL, or a bare link.

    The game is replayed with every decision checked. A link that is not one,
    was cut short, tampered with or made by a newer version raises ``SaveError``,
    whose message is the reason alone (the page puts "This game link cannot be
    read:" before it, once).
    """
    link = link_text(text)
    if not link:
        raise SaveError("bad_link", "this address holds no game.")
    if len(link) > MAX_LINK_CHARS:
        raise SaveError("bad_link", "it is too long to be a real one.")
    try:
        return decode_link(link)
    except RecordError as exc:
        code = "newer" if exc.newer or "newer" in str(exc) else "bad_link"
        raise SaveError(code, f"{exc}.") from exc
