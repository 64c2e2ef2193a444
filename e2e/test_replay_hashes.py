"""Recorded games replayed in the page give CPython's final states; hostile input never kills it.

The page (opened once) carries ``web/page_probe.py``'s hooks on ``window``. Seeded
games across seat mixes (humans, every Automa level, one to three Automas, game
options), finished and cut short, are encoded as links in CPython; the page decodes
each and hashes its final state, which must equal CPython's hash. Then a fixed sample
of hostile links, files and stored entries (random text, deep JSON, huge numbers,
mutated real games) goes through the page's probes: each answer must be CPython's
(the same digest, or the same error class), and the page must still work afterwards.
"""

from __future__ import annotations

import base64
import doctest
import hashlib
import json
import random
import zlib

import page_probe
import pytest
import save_files
import save_format

from scythe_core import legal_actions, new_game, to_json
from scythe_core.engine import apply_in_place
from scythe_core.io.links import LINK_PREFIX, decode_link, encode_link

HUMAN = {}
AUTOMETTA = {"controller": "automa", "level": "autometta"}
AUTOMA = {"controller": "automa", "level": "automa"}
AUTOMASZYNA = {"controller": "automa", "level": "automaszyna"}
ULTIMASZYNA = {"controller": "automa", "level": "ultimaszyna"}
BOT = {"controller": "bot"}
#: (seats, game options, decisions to play: None = to the end of the game)
GAMES = [
    ([HUMAN, HUMAN], None, 0),
    ([HUMAN, HUMAN], None, 37),
    ([HUMAN, BOT, HUMAN], None, 400),
    ([HUMAN, HUMAN, HUMAN, HUMAN], {"promo_factory": True}, 250),
    ([HUMAN, HUMAN, BOT, HUMAN, HUMAN], {"promo_objectives": True}, 600),
    ([HUMAN], None, 300),
    ([HUMAN, AUTOMETTA], None, None),
    ([HUMAN, AUTOMA], None, None),
    ([AUTOMASZYNA, HUMAN], None, None),
    ([HUMAN, ULTIMASZYNA], None, None),
    ([HUMAN, AUTOMETTA], {"automa_skip_turns": True}, 60),
    ([HUMAN, ULTIMASZYNA], {"automa_coins": -2, "automa_power": 2}, None),
    ([HUMAN, AUTOMA], {"automa_move_flip": True, "automa_place_flip": True}, None),
    ([HUMAN, HUMAN, AUTOMASZYNA], {"promo_encounters": True}, None),
    ([HUMAN, AUTOMA, HUMAN, ULTIMASZYNA], None, None),
    ([AUTOMETTA, HUMAN, AUTOMA, HUMAN, AUTOMASZYNA], None, None),
    ([HUMAN, HUMAN, ULTIMASZYNA, BOT], None, 180),
    ([AUTOMA], None, None),
    ([ULTIMASZYNA, AUTOMASZYNA], {"automa_all_moves": True}, None),
    ([AUTOMETTA, AUTOMA, AUTOMASZYNA, ULTIMASZYNA, AUTOMA], None, None),
    ([HUMAN, ULTIMASZYNA], None, 45),
    ([BOT, AUTOMASZYNA, AUTOMETTA], {"automa_power": -1}, None),
]
WAIT_FOR_HOOKS = "() => typeof window.__scythe_link_digest === 'function'"
CALL_ALL = "([name, texts]) => texts.map((text) => window[name](text))"


def play(number: int) -> object:
    seats, options, decisions = GAMES[number]
    draw = random.Random(f"replay-hashes:{number}")
    config = {"seed": draw.getrandbits(64), "seats": seats}
    if options:
        config["options"] = options
    state = new_game(config)
    while not state.game_over and (decisions is None or len(state.history) < decisions):
        options = legal_actions(state)
        apply_in_place(state, options[draw.randrange(len(options))])
    return state


@pytest.fixture(scope="module")
def recorded() -> list[tuple[str, str, bool]]:
    """(link, CPython's digest of its final state, finished) for every game."""
    games = []
    for number in range(len(GAMES)):
        state = play(number)
        games.append((encode_link(state), page_probe.state_digest(state), state.game_over))
    return games


def pack(lines: list[str]) -> str:
    packed = zlib.compress("\n".join(lines).encode(), 9)
    return LINK_PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def mutate(draw: random.Random, text: str, alphabet: str) -> str:
    for _ in range(draw.randint(1, 3)):
        i = draw.randrange(len(text) + 1)
        op = draw.choice(["flip", "cut", "insert", "truncate"])
        if op == "flip" and i < len(text):
            text = text[:i] + draw.choice(alphabet) + text[i + 1 :]
        elif op == "cut":
            text = text[:i] + text[i + draw.randint(1, 12) :]
        elif op == "insert":
            text = text[:i] + "".join(draw.choices(alphabet, k=draw.randint(1, 6))) + text[i:]
        else:
            text = text[: max(i, 3)]
    return text


def hostile_inputs(recorded) -> dict[str, list[str]]:
    """A fixed sample of hostile links, files and stored entries (50 in all)."""
    draw = random.Random(1313)
    b64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    printable = "".join(map(chr, range(32, 127))) + "é€\u2028"
    links = [link for link, _, _ in recorded]
    inf_setup = (
        '{"seed":1,"seats":[{},{"controller":"automa"}],"options":{"automa_coins":Infinity}}'
    )
    skipped = ["section:0", "skip", "skip", "end_turn", "section:1", "skip", "skip", "end_turn"]
    link_inputs = [
        pack(["[" * 10_000]),  # the 62-character link of issue 13
        pack(["[" * 100_000]),
        pack(['{"link":1,"rules":"0.3","setup":' + '{"a":' * 50_000]),
        pack(['{"link":1,"rules":"0.3","setup":' + inf_setup + "}", "automa:play"]),
        pack(['{"link":1,"rules":"0.3","setup":{"seed":1e999,"seats":[{},{}]}}']),
        pack(['{"link":1,"rules":"0.3","setup":{"seed":1,"seats":[{},{}]}}', *skipped * 3_800]),
        pack(['{"link":99}']),
        links[1] + "AAAA",
        "".join(draw.choices(printable, k=80)),
        "g1." + "".join(draw.choices(b64, k=120)),
        "g1.",
        "g2.abc",
        *(mutate(draw, draw.choice(links), b64) for _ in range(12)),
    ]
    entries = [
        save_format.make_entry("probe", "Game", decode_link(link), "2026-01-02", "2026-01-02")
        for link in links[:4]
    ]
    file_text = save_files.export_file_text(entries[:2])
    unknown = json.loads(json.dumps(entries[0]))
    unknown["seats"][0]["faction"] = "albion"  # a faction from a newer version
    infinity = json.loads(json.dumps(entries[1]))
    infinity["record"]["setup"]["options"] = {"automa_power": float("inf")}
    file_inputs = [
        "[" * 100_000,
        '{"kind":"scythe-saves","format":1,"games":' + "[" * 10_000,
        "1" * 5_000,
        '{"kind":"scythe-saves","format":1,"games":[' + "{}," * 600 + "{}]}",
        save_files.export_file_text([infinity]),
        "".join(draw.choices(printable, k=200)),
        file_text,
        *(mutate(draw, file_text, printable) for _ in range(8)),
    ]
    entry_inputs = [
        json.dumps(entries[2]),
        json.dumps(unknown),
        json.dumps(infinity),
        '{"kind":"scythe-save","format":1,"record":' + '{"a":' * 100_000,
        "".join(draw.choices(printable, k=100)),
        "null",
        *(mutate(draw, json.dumps(entries[3]), printable) for _ in range(6)),
    ]
    return {
        "__scythe_link_digest": link_inputs,
        "__scythe_file_probe": file_inputs,
        "__scythe_entry_probe": entry_inputs,
    }


# ------------------------------------------------------------------ CPython


def test_the_probes_docstring_examples_run():
    assert doctest.testmod(page_probe).failed == 0


def test_the_probes_answer_with_a_digest_or_the_error_in_cpython(recorded):
    link, digest, _ = recorded[7]
    expected = hashlib.sha256(to_json(decode_link(link)).encode()).hexdigest()
    assert page_probe.link_digest(link) == digest == expected
    assert page_probe.link_digest(None).startswith("RecordError: ")
    assert page_probe.file_probe("{").startswith("RecordError: ")
    entry = save_format.make_entry("probe", "G", decode_link(link), "2026-01-02", "2026-01-02")
    assert page_probe.entry_probe(json.dumps(entry)) == f"ok:{digest}"
    assert page_probe.entry_probe(json.dumps(entry), "other").startswith("RecordError: ")
    assert page_probe.file_probe(save_files.export_file_text([entry, entry])) == "ok:2"

    @page_probe.guarded
    def broken(text):
        return {}[text]

    assert broken("x") == "KeyError: 'x'"
    assert page_probe.error_class("KeyError: 'x'") == "KeyError"
    assert page_probe.error_class("ok:2") == "ok"


def test_the_games_cover_finished_and_unfinished_games_and_seat_mixes(recorded):
    assert len(recorded) >= 20
    finished = sum(done for _, _, done in recorded)
    assert 8 <= finished < len(recorded)
    levels = {s.get("level") for seats, _, _ in GAMES for s in seats} - {None}
    assert levels == {"autometta", "automa", "automaszyna", "ultimaszyna"}
    assert {len(seats) for seats, _, _ in GAMES} == {1, 2, 3, 4, 5}


def test_the_hostile_sample_raises_only_record_error_in_cpython(recorded):
    inputs = hostile_inputs(recorded)
    assert sum(len(texts) for texts in inputs.values()) >= 50
    for name, texts in inputs.items():
        probe = page_probe.HOOKS[name]
        for text in texts:
            answer = probe(text)
            assert answer.startswith(("RecordError: ", "ok:")) or len(answer) == 64, answer


# ------------------------------------------------------------------ the page


@pytest.fixture(scope="module")
def probe_page(board_page):
    board_page.page.wait_for_function(WAIT_FOR_HOOKS, timeout=60_000)
    return board_page


@pytest.mark.browser
def test_recorded_games_replay_in_the_page_to_cpythons_final_states(probe_page, recorded):
    links = [link for link, _, _ in recorded]
    answers = probe_page.page.evaluate(CALL_ALL, ["__scythe_link_digest", links])
    for number, ((_, digest, _), answer) in enumerate(zip(recorded, answers, strict=True)):
        assert answer == digest, f"game {number}: {GAMES[number]} gave {answer[:200]}"


@pytest.mark.browser
def test_hostile_links_files_and_entries_get_cpythons_answers_and_the_page_lives(
    probe_page, recorded
):
    page = probe_page.page
    for name, texts in hostile_inputs(recorded).items():
        answers = page.evaluate(CALL_ALL, [name, texts])
        for text, answer in zip(texts, answers, strict=True):
            expected = page_probe.HOOKS[name](text)
            assert isinstance(answer, str), (name, text[:80], answer)
            assert page_probe.error_class(answer) == page_probe.error_class(expected), (
                f"{name}({text[:80]!r}): page {answer[:200]!r}, CPython {expected[:200]!r}"
            )
            if not expected.startswith("RecordError"):
                assert answer == expected
    # Still alive: Python answers, the board is there, nothing fatal was logged.
    link, digest, _ = recorded[9]
    assert page.evaluate("(link) => window.__scythe_link_digest(link)", link) == digest
    assert page.evaluate("document.body.dataset.ready") == "1"
    assert page.locator("#board-wrap svg").count() == 1
    fatal = [e for e in probe_page.console_errors if "fatal" in e.lower()]
    assert not fatal, fatal
