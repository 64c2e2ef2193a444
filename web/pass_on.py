"""Play by link: a game of humans passed on from device to device (pure Python).

At the end of a human's turn, when the next human is to play, the page offers a
"pass-on" link for that player: ``#p1.<game id>.g1....``, the game's id (the same
on every device the game goes to) before a share link of the whole game
(``share_links``). Opening it in any browser shows the hand-over for the player
whose turn it is, then that turn.

Each browser keeps the game under its id (a saved game of ``storage.SaveStore``),
so it knows how far it has seen the game go. A link of fewer decisions than the
browser holds is a turn already played: it is refused and the newer game is kept
(``verdict``). The link holds the whole game, every hidden card included, so it is
for friends: the page says so beside it.

>>> from scythe_core import new_game
>>> state = new_game({"seed": 7, "seats": [{}, {}]})
>>> url = pass_url("https://example.org/scythe/#g1.old", "a1b2c3", state)
>>> url.startswith("https://example.org/scythe/#p1.a1b2c3.g1.")
True
>>> is_pass_link(url), is_pass_link("#g1.abc")
(True, False)
>>> opened = parse_pass(url)
>>> opened.game_id, opened.state.history == state.history
('a1b2c3', True)
>>> verdict([], ["section:0"]), verdict(["section:0"], []), verdict(["a"], ["b"])
('played', 'open', 'forked')
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from save_format import ID_PATTERN, SaveError
from share_links import fragment_record, link_text, parse_fragment, share_fragment

from scythe_core import GameState

PASS_PREFIX = "p1."
#: The link was made for a newer version of passing on (``p2.``, ...).
PASS_START = "p"


@dataclass(frozen=True)
class PassLink:
    """A pass-on link opened: the game's id and the game, replayed and checked."""

    game_id: str
    state: GameState


def new_pass_id(state: GameState, salt: str = "") -> str:
    """An id for a game passed on for the first time (the browser's save id is used
    when it has one). ``salt``: anything that tells two games of one setup apart
    (the page gives the date)."""
    seed = json.dumps(state.setup, sort_keys=True) + "\n" + salt
    return "p" + hashlib.sha256(seed.encode()).hexdigest()[:11]


def pass_fragment(game_id: str, state: GameState) -> str:
    """``#p1.<game id>.g1....``: the game's id, then the whole game."""
    if not isinstance(game_id, str) or not ID_PATTERN.fullmatch(game_id) or "." in game_id:
        raise SaveError("bad_link", f"{game_id!r} cannot name a game in a link.")
    return f"#{PASS_PREFIX}{game_id}.{share_fragment(state)[1:]}"


def pass_url(page_url: str, game_id: str, state: GameState) -> str:
    """``page_url`` (minus any fragment) with the pass-on fragment."""
    return page_url.split("#", 1)[0] + pass_fragment(game_id, state)


def is_pass_link(text: str) -> bool:
    """Whether a fragment, URL or bare link is a pass-on link (of any version)."""
    link = link_text(text)
    return len(link) > 1 and link[0] == PASS_START and link[1:2].isdigit()


def parse_pass(text: str) -> PassLink:
    """The game of a pass-on link, with its id; ``SaveError`` (``bad_link`` or
    ``newer``) for anything that is not a whole, legal one."""
    game_id, game = pass_parts(text)
    return PassLink(game_id, parse_fragment(game))


def pass_record(text: str) -> tuple[str, dict]:
    """The id and the record (setup, decisions) of a pass-on link, not yet replayed
    (the page replays it once, ``session.Session.replayed``); ``SaveError`` as
    ``parse_pass`` for what cannot be one."""
    game_id, game = pass_parts(text)
    return game_id, fragment_record(game)


def pass_parts(text: str) -> tuple[str, str]:
    """A pass-on link's game id and its game's own link text."""
    link = link_text(text)
    if not link.startswith(PASS_PREFIX):
        if is_pass_link(link):
            raise SaveError("newer", "this link comes from a newer version of the game.")
        raise SaveError("bad_link", "this address holds no game.")
    game_id, dot, game = link[len(PASS_PREFIX) :].partition(".")
    if not dot or not ID_PATTERN.fullmatch(game_id):
        raise SaveError("bad_link", "the link is damaged or incomplete.")
    return game_id, game


def verdict(link_actions: list[str], stored_actions: list[str]) -> str:
    """What a browser holding ``stored_actions`` of a game does with a link of it:

    - ``"open"``: the link is as far as the browser's game or further along it;
    - ``"played"``: the browser's game is further: the link's turn was already played
      (nothing is changed, the newer game is kept);
    - ``"forked"``: both went on differently from a common point (a turn played on
      two devices): the link's game is kept apart, as a copy.
    """
    link, stored = list(link_actions), list(stored_actions)
    if len(link) < len(stored):
        return "played" if stored[: len(link)] == link else "forked"
    return "open" if link[: len(stored)] == stored else "forked"
