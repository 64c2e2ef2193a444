"""Share links under CPython (web/share_links.py): round trips, bad and fuzzed links.

Whatever a link holds, opening it raises only SaveError.
"""

from __future__ import annotations

import contextlib
import doctest
import json

import pytest
import share_links
from hypothesis import given
from hypothesis import strategies as st
from save_format import SaveError
from saves_helpers import FUZZ, only_save_error, played, same_game
from share_links import parse_fragment, share_fragment, share_url

from scythe_core.io.links import encode_link


def test_the_module_docstring_example_runs():
    assert doctest.testmod(share_links).failed == 0


def test_a_share_link_round_trips_through_the_fragment():
    state = played(12, 60)
    fragment = share_fragment(state)
    assert fragment.startswith("#g1.")
    assert same_game(parse_fragment(fragment), state)
    assert same_game(parse_fragment(fragment[1:]), state)
    url = share_url("https://example.org/scythe/#old", state)
    assert url == "https://example.org/scythe/" + fragment
    assert same_game(parse_fragment(url), state)
    assert same_game(parse_fragment(f"  {url}\n"), state)


@pytest.mark.parametrize(
    "fragment, code, words",
    [
        ("", "bad_link", "holds no game"),
        ("#", "bad_link", "holds no game"),
        ("#hello", "bad_link", "not a game link"),
        ("#g9.abcdef", "newer", "newer"),
        ("#g1.!!!!", "bad_link", "damaged"),
        ("#g1." + "A" * 1_000_001, "bad_link", "too long"),
    ],
)
def test_a_bad_link_is_refused_with_a_clear_message(fragment, code, words):
    with pytest.raises(SaveError, match=words) as err:
        parse_fragment(fragment)
    assert err.value.code == code


def test_a_truncated_or_tampered_link_is_refused():
    fragment = share_fragment(played(5, 80))
    with pytest.raises(SaveError) as err:
        parse_fragment(fragment[: len(fragment) * 2 // 3])
    assert err.value.code == "bad_link"
    flipped = fragment[:20] + ("A" if fragment[20] != "A" else "B") + fragment[21:]
    with contextlib.suppress(SaveError):  # a flip may still decode to a legal game
        parse_fragment(flipped)


def test_a_link_from_a_newer_link_format_says_so():
    import base64
    import zlib

    header = json.dumps({"link": 2, "rules": "9", "setup": {"seed": 1, "seats": [{}, {}]}})
    link = "g1." + base64.urlsafe_b64encode(zlib.compress(header.encode())).decode()
    with pytest.raises(SaveError, match="newer") as err:
        parse_fragment("#" + link)
    assert err.value.code == "newer"


LINK = encode_link(played(4, 40))


@FUZZ
@given(st.text(max_size=200))
def test_fuzzed_fragments_raise_only_save_error(text):
    for candidate in (text, "#" + text, "#g1." + text):
        only_save_error(parse_fragment, candidate)


@FUZZ
@given(st.integers(0, len(LINK)), st.integers(0, 6), st.text("ABCxyz019-_.", max_size=6))
def test_fuzzed_edits_of_a_real_link_raise_only_save_error(start, length, insert):
    only_save_error(parse_fragment, "#" + LINK[:start] + insert + LINK[start + length :])


@pytest.mark.parametrize("link", ["#g1.xyz", "#g9.abc", "#", "#g1.eJyLjgUAARUAuQ"])
def test_the_page_says_a_link_cannot_be_read_once(link):
    from render_saves import error_text
    from strings import text

    with pytest.raises(SaveError) as caught:
        parse_fragment(link)
    for lang, phrase in (("en", "cannot be"), ("nl", "spellink")):
        error = error_text(caught.value.code, caught.value.message, lang)
        message = text("link.error", lang, error=error)
        assert message.lower().count(phrase) == 1, message
