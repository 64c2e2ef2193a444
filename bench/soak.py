"""Soak test: many seeded games with every per-step invariant, hostile inputs, replay speed.

Usage: python bench/soak.py [--games 10000] [--fuzz 10000] [--seed 0] [--workers N]
                            [--replay-decisions 100000] [--quick] [--only GAME] [--json]

1. Games: ``--games`` seeded games over every seat mix of 1 to 5 seats (0 to 5
   Automas, each Automa level leading in turn, the others following; the remaining
   seats are humans or bots, both played by a seeded random policy), some with the
   promo cards and the Automa's difficulty options. ``tests/invariants.py`` checks
   every step (the state, the offered choices, a probe of every choice every 97
   steps, the end of the game); every tenth game is also rebuilt from its snapshot,
   its record and its link. A game stops at its first violation or exception, which
   is listed with the game's number, seed, seats and step (``--only GAME`` plays that
   game alone and prints the traceback).
2. Fuzz: ``--fuzz`` Hypothesis cases (driven outside pytest) of share links
   (``decode_link``), imported files (``save_files.parse_file`` then
   ``prepare_import`` for each game, as Import does) and stored entries
   (``save_format.parse_entry`` then ``replay_record``, as Resume does): random text,
   random JSON, deeply nested JSON, real links/files/entries mutated character by
   character or field by field (odd option values, deep values, huge numbers).
   ``RecordError`` (``SaveError`` is one) is the documented answer; anything else
   counts as an exception, listed with its input.
3. Replay: a legal record of ``--replay-decisions`` decisions (two seats that skip
   every action: a game that never ends), replayed with ``scythe_core.replay`` with
   the decision limit lifted; seconds per 10,000 decisions.

The targets (0 violations, 0 exceptions, replay well under 1 s per 10,000
decisions) are printed beside the figures. The exit status is 1 when any violation
or exception was found.
"""

from __future__ import annotations

import argparse
import base64
import copy
import hashlib
import inspect
import json
import multiprocessing
import os
import random
import re
import sys
import time
import traceback
import zlib
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
for folder in (ROOT, ROOT / "tests", ROOT / "web"):
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))

import save_files  # noqa: E402  (web/, the page's pure modules)
import save_format  # noqa: E402
from hypothesis import HealthCheck, Phase, given, settings  # noqa: E402
from hypothesis import seed as hypothesis_seed  # noqa: E402
from hypothesis import strategies as st  # noqa: E402
from invariants import (  # noqa: E402  (tests/, shared with test_playouts.py)
    InvariantViolation,
    check_finished,
    check_options,
    check_probe,
    check_state,
    require,
)

from scythe_core import (  # noqa: E402
    RecordError,
    from_json,
    legal_actions,
    new_game,
    record,
    replay,
    to_json,
)
from scythe_core.data.automa_cards import LEVELS  # noqa: E402
from scythe_core.data.options import FLAG, GAME_OPTIONS  # noqa: E402
from scythe_core.engine import apply_in_place  # noqa: E402
from scythe_core.io.links import LINK_PREFIX, decode_link, encode_link  # noqa: E402
from scythe_core.io.simulate import _seat_config  # noqa: E402  (the simulate command's seats)
from scythe_core.model.state import state_to_dict  # noqa: E402

DEFAULT_GAMES = 10_000
DEFAULT_FUZZ = 10_000
DEFAULT_REPLAY = 100_000
QUICK = {"games": 200, "fuzz": 1_000, "replay_decisions": 20_000}
#: A random policy's game of five humans can run past 10,000 decisions; cut it here.
MAX_DECISIONS = 20_000
PROBE_EVERY = 97
ROUND_TRIP_EVERY = 10
EXAMPLES = 5
DATE = "2026-01-01T00:00:00.000Z"
ENTRY_ID = "soak1"
#: Game options and their values (flags, or integer ranges): scythe_core.data.options.
PROMO_OPTIONS = tuple(n for n in GAME_OPTIONS if n.startswith("promo_"))
AUTOMA_OPTIONS = tuple(n for n in GAME_OPTIONS if n.startswith("automa_"))


# ------------------------------------------------------------------ games


def seat_mixes() -> list[tuple[str, ...]]:
    """Every mix of 1-5 seats: humans only, and 1..n Automas with each level leading."""
    mixes = []
    for seats in range(1, 6):
        mixes.append(("random",) * seats)
        for automas in range(1, seats + 1):
            for first in range(len(LEVELS)):
                levels = [LEVELS[(first + i) % len(LEVELS)] for i in range(automas)]
                mixes.append(
                    ("random",) * (seats - automas) + tuple(f"automa:{lv}" for lv in levels)
                )
    return mixes


MIXES = seat_mixes()


def game_config(base_seed: int, index: int) -> dict:
    """The setup of game ``index`` of a soak run: its seat mix, a 64-bit seed, options."""
    draw = random.Random(f"soak-setup:{base_seed}:{index}")
    mix = list(MIXES[index % len(MIXES)])
    turn = draw.randrange(len(mix))
    mix = mix[turn:] + mix[:turn]  # Automas sit anywhere
    seats = []
    for spec in mix:
        controller, _, level = spec.partition(":")
        if controller == "random" and draw.random() < 0.5:
            controller = "human"  # humans and bots: both played by the random policy
        seats.append(_seat_config(controller, level or None))
    options = {}
    automas = any(spec.startswith("automa") for spec in mix)
    for name in PROMO_OPTIONS + (AUTOMA_OPTIONS if automas else ()):
        if draw.random() < (0.2 if name in PROMO_OPTIONS else 0.1):
            kind = GAME_OPTIONS[name]
            options[name] = draw.random() < 0.8 if kind == FLAG else draw.randint(*kind)
    config = {"seed": draw.getrandbits(64), "seats": seats}
    if options:
        config["options"] = options
    return config


def describe_mix(config: dict) -> str:
    return ",".join(
        f"automa:{s['level']}" if s["controller"] == "automa" else s["controller"]
        for s in config["seats"]
    )


def check_round_trip(state, decisions: int) -> None:
    """The snapshot, the record and the link each give back the same game."""
    require(len(state.history) == decisions, "the history does not hold every decision")
    whole = state_to_dict(state)
    require(state_to_dict(from_json(to_json(state))) == whole, "the snapshot differs")
    rec = json.loads(json.dumps(record(state)))
    require(state_to_dict(replay_unlimited(rec)) == whole, "the replayed record differs")
    linked = decode_link(encode_link(state), **unlimited(decode_link, decisions))
    require(state_to_dict(linked) == whole, "the link's game differs")


def play_game(
    base_seed: int,
    index: int,
    max_decisions: int = MAX_DECISIONS,
    extra_check=None,
    reraise: bool = False,
) -> dict:
    """One seeded game with every per-step check; its result and its first problem."""
    config = game_config(base_seed, index)
    result = {
        "game": index,
        "seed": config["seed"],
        "seats": describe_mix(config),
        "decisions": 0,
        "finished": False,
        "violation": None,
        "exception": None,
    }
    policy = random.Random(f"soak-play:{base_seed}:{index}")
    step = 0
    try:
        state = new_game(config)
        check_state(state)
        while not state.game_over and step < max_decisions:
            options = legal_actions(state)
            check_options(state, options)
            if step % PROBE_EVERY == 0:
                check_probe(state, options)
            apply_in_place(state, options[policy.randrange(len(options))])
            step += 1
            check_state(state)
            if extra_check is not None:
                extra_check(state, step)
        if state.game_over:
            check_finished(state)
        if index % ROUND_TRIP_EVERY == 0:
            check_round_trip(state, step)
        result["finished"] = state.game_over
    except InvariantViolation as exc:
        if reraise:
            raise
        result["violation"] = f"InvariantViolation: {exc}"
    except Exception as exc:  # every failure is reported, the soak goes on
        if reraise:
            raise
        where = traceback.extract_tb(exc.__traceback__)[-1]
        result["exception"] = (
            f"{type(exc).__name__}: {shorten(str(exc))} "
            f"({Path(where.filename).name}:{where.lineno})"
        )
    result["decisions"] = step
    return result


def run_games(games: int, seed: int = 0, workers: int = 1, extra_check=None) -> dict:
    """Play ``games`` soak games (in ``workers`` processes); counts and first examples."""
    started = time.perf_counter()
    task = partial(play_game, seed, extra_check=extra_check)
    results = map_tasks(task, range(games), workers, chunksize=16)
    report = {
        "games": len(results),
        "finished": sum(r["finished"] for r in results),
        "cut": sum(
            not r["finished"] and not r["violation"] and not r["exception"] for r in results
        ),
        "decisions": sum(r["decisions"] for r in results),
        "violations": sum(bool(r["violation"]) for r in results),
        "exceptions": sum(bool(r["exception"]) for r in results),
        "violation_examples": [],
        "exception_examples": [],
    }
    for r in sorted(results, key=lambda r: r["game"]):
        for kind in ("violation", "exception"):
            examples = report[f"{kind}_examples"]
            if r[kind] and len(examples) < EXAMPLES:
                examples.append(
                    f"game {r['game']} (seed {r['seed']}, seats {r['seats']}) "
                    f"after {r['decisions']} decisions: {r[kind]}"
                )
    report["seconds"] = round(time.perf_counter() - started, 2)
    return report


def map_tasks(task, items, workers: int, chunksize: int = 1) -> list:
    items = list(items)
    if workers <= 1 or len(items) <= 1:
        return [task(item) for item in items]
    with multiprocessing.Pool(min(workers, len(items))) as pool:
        return list(pool.imap_unordered(task, items, chunksize=chunksize))


# ------------------------------------------------------------------ samples for the fuzz

#: Real games the fuzz mutates: (seats, decisions played; None = to the end).
SAMPLE_GAMES = [
    (("random", "random"), 0),
    (("random", "random"), 9),
    (("random", "random", "random"), 60),
    (("random", "automa:autometta"), None),
    (("random", "random", "automa:ultimaszyna"), None),
    (("automa:automa",), None),
    (("random", "automa:automa", "random", "automa:automaszyna"), 150),
    (("random",) * 5, 40),
]


def sample_state(number: int):
    seats, cut = SAMPLE_GAMES[number]
    config = {
        "seed": 7_000 + number,
        "seats": [_seat_config(*(s.split(":") + [None])[:2]) for s in seats],
    }
    if number % 3 == 1:
        config["options"] = {"promo_factory": True, "automa_coins": 1}
    state = new_game(config)
    policy = random.Random(number)
    while not state.game_over and (cut is None or len(state.history) < cut):
        options = legal_actions(state)
        apply_in_place(state, options[policy.randrange(len(options))])
    return state


_SAMPLES: dict | None = None


def samples() -> dict:
    """Links, record trees, entries and files of the sample games (built once a process)."""
    global _SAMPLES
    if _SAMPLES is None:
        states = [sample_state(n) for n in range(len(SAMPLE_GAMES))]
        entries = [
            save_format.make_entry(ENTRY_ID, f"Game {n}", s, DATE, DATE)
            for n, s in enumerate(states)
        ]
        files = [save_files.export_file([e]) for e in entries]
        files.append(save_files.export_file(entries[:3]))
        _SAMPLES = {
            "links": [encode_link(s) for s in states],
            "link_trees": [
                {
                    "header": {"link": 1, "rules": record(s)["rules"], "setup": s.setup},
                    "actions": list(s.history),
                }
                for s in states
            ],
            "entries": entries,
            "files": files,
            "actions": sorted({a for s in states for a in s.history}),
        }
    return _SAMPLES


# ------------------------------------------------------------------ fuzz strategies

KEYS = [
    "kind", "format", "games", "record", "setup", "seats", "seed", "options", "actions",
    "rules", "link", "id", "name", "created", "updated", "round", "decisions", "game_over",
    "faction", "mat", "controller", "level", *GAME_OPTIONS,
]  # fmt: skip
WORDS = [
    "scythe-save", "scythe-saves", "nordic", "saxony", "polania", "crimea", "rusviet",
    "industrial", "human", "bot", "automa", "ultimaszyna", "0.1", "0.3", "9.9", "section:0",
    "skip", "end_turn", "automa:play", "g1.", "", " ", "\u0000", "Infinity", DATE,
]  # fmt: skip
LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-3, max_value=20),
    st.integers(),
    st.sampled_from([2**31, 2**63, 2**64 + 1, -(2**63), 10**30]),
    st.floats(),  # NaN and infinities too: json.dumps writes NaN and Infinity
    st.text(max_size=12),
    st.sampled_from(WORDS),
)
JSON_VALUES = st.recursive(
    LEAVES,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
DEEP = re.compile(r'"\\u0000deep(\d+)([\[{])\\u0000"')
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_="


def nested(depth: int, bracket: str, closed: bool = True) -> str:
    if bracket == "[":
        return "[" * depth + ("]" * depth if closed else "")
    return '{"a":' * depth + ("0" + "}" * depth if closed else "")


def dumps(tree) -> str:
    """JSON text of a mutated tree, with deep-nesting placeholders spliced in."""
    text = json.dumps(tree)
    return DEEP.sub(lambda m: nested(int(m.group(1)), m.group(2)), text)


DEPTHS = st.one_of(st.integers(1, 50), st.integers(900, 1100), st.sampled_from([10_000, 100_000]))


@st.composite
def deep_text(draw, wrap=None) -> str:
    """Deeply nested JSON, bare or inside the fields of a real entry or file."""
    depth = draw(DEPTHS)
    text = nested(depth, draw(st.sampled_from("[{")), closed=draw(st.booleans()))
    if wrap is not None:
        tree = copy.deepcopy(draw(st.sampled_from(wrap)))
        place = draw(st.sampled_from(list(node_paths(tree))[1:]))
        set_path(tree, place, "\u0000DEEP\u0000")
        text = json.dumps(tree).replace('"\\u0000DEEP\\u0000"', text)
    return text


@st.composite
def hostile_text(draw) -> str:
    """Text a JSON parser finds hard: huge numbers, lone surrogates, odd constants."""
    return draw(
        st.sampled_from(
            [
                "1" * 5_000,
                "1e999999",
                "-1e999999",
                "NaN",
                "[" + "1," * 20_000 + "1]",
                '"\\ud800"',
                '{"kind": "scythe-saves", "format": 1, "games": [' + "{}," * 600 + "{}]}",
                '{"kind": "scythe-saves", "format": 1e999, "games": [{}]}',
                '{"kind": "scythe-save", "format": 1, "record": {"format": 1.5}}',
                "\ufeff{}",
                "",
                "null",
            ]
        )
    )


def node_paths(tree, prefix=()):
    yield prefix
    if isinstance(tree, dict):
        for key, value in tree.items():
            yield from node_paths(value, (*prefix, key))
    elif isinstance(tree, list):
        for i, value in enumerate(tree):
            yield from node_paths(value, (*prefix, i))


def set_path(tree, path, value):
    for step in path[:-1]:
        tree = tree[step]
    tree[path[-1]] = value


def setup_dicts(tree):
    """Every dict of a tree that looks like a game setup (it has seats)."""
    found = []
    if isinstance(tree, dict):
        if "seats" in tree:
            found.append(tree)
        for value in tree.values():
            found += setup_dicts(value)
    elif isinstance(tree, list):
        for value in tree:
            found += setup_dicts(value)
    return found


@st.composite
def mutated_tree(draw, trees):
    """A real tree with 1-3 fields replaced, removed, nested deep or given odd options."""
    tree = copy.deepcopy(draw(st.sampled_from(trees)))
    for _ in range(draw(st.integers(1, 3))):
        op = draw(st.sampled_from(["replace", "replace", "delete", "deep", "option", "seat"]))
        setups = setup_dicts(tree)
        if op == "option" and setups:
            setup = draw(st.sampled_from(setups))
            options = setup.get("options")
            if not isinstance(options, dict):
                options = setup["options"] = {}
            key = draw(st.sampled_from([*GAME_OPTIONS]))
            options[key] = draw(JSON_VALUES)
            continue
        if op == "seat" and setups:
            seats = draw(st.sampled_from(setups)).get("seats")
            if isinstance(seats, list) and seats and isinstance(seats[0], dict):
                seat = draw(st.sampled_from(seats))
                if isinstance(seat, dict):
                    key = draw(st.sampled_from(["faction", "mat", "controller", "level"]))
                    seat[key] = draw(LEAVES)
                    continue
        paths = list(node_paths(tree))[1:]
        if not paths:
            tree = draw(JSON_VALUES)
            continue
        path = draw(st.sampled_from(paths))
        if op == "delete":
            parent = tree
            for step in path[:-1]:
                parent = parent[step]
            del parent[path[-1]]
        elif op == "deep":
            depth = draw(DEPTHS)
            set_path(tree, path, f"\u0000deep{depth}{draw(st.sampled_from('[{'))}\u0000")
        else:
            set_path(tree, path, draw(JSON_VALUES))
    return tree


@st.composite
def mutated_text(draw, texts, alphabet=None) -> str:
    """A real text with 1-4 characters flipped, cut, inserted or repeated."""
    text = draw(st.sampled_from(texts))
    chars = st.sampled_from(alphabet) if alphabet else st.characters()
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(["flip", "delete", "insert", "truncate", "repeat"]))
        i = draw(st.integers(0, len(text)))
        if op == "flip" and i < len(text):
            text = text[:i] + draw(chars) + text[i + 1 :]
        elif op == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 20)) :]
        elif op == "insert":
            text = text[:i] + draw(st.text(chars, min_size=1, max_size=8)) + text[i:]
        elif op == "truncate":
            text = text[:i]
        else:
            text = text[:i] + text[i : i + draw(st.integers(1, 40))] * 2 + text[i:]
    return text


def pack_link(header_line: str, actions: list) -> str:
    lines = [header_line, *(a if isinstance(a, str) else json.dumps(a) for a in actions)]
    packed = zlib.compress("\n".join(lines).encode("utf-8", "surrogatepass"), 9)
    return LINK_PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")


@st.composite
def link_from_tree(draw) -> str:
    """A link whose header and decisions were mutated before packing (so it inflates)."""
    tree = draw(mutated_tree(samples()["link_trees"]))
    if isinstance(tree, dict) and isinstance(tree.get("actions"), list):
        actions = tree["actions"]
        if draw(st.booleans()):  # mutate the decisions too
            actions = list(actions)
            i = draw(st.integers(0, len(actions)))
            extra = st.sampled_from(samples()["actions"]) | st.text(max_size=12)
            actions[i:i] = draw(st.lists(extra, max_size=3))
        return pack_link(dumps(tree.get("header")), actions)
    return pack_link(dumps(tree), [])


@st.composite
def crafted_link(draw) -> str:
    """A packed body that is no real game: deep headers, random headers and decisions."""
    header = draw(
        st.one_of(
            DEPTHS.map(lambda d: nested(d, "[")),
            DEPTHS.map(lambda d: '{"link":1,"setup":' + nested(d, "{") + "}"),
            JSON_VALUES.map(json.dumps),
            st.text(max_size=40),
        )
    )
    actions = draw(st.lists(st.sampled_from(samples()["actions"]) | st.text(max_size=10)))
    return pack_link(header, actions)


def raw_mutated_link(draw_base64: bool):
    """A real link, mutated in its characters or in its compressed bytes."""
    if not draw_base64:
        return st.deferred(lambda: mutated_text(samples()["links"], B64))

    @st.composite
    def flipped_bytes(draw):
        link = draw(st.sampled_from(samples()["links"]))
        body = bytearray(base64.urlsafe_b64decode(link[3:] + "=" * (-len(link[3:]) % 4)))
        for _ in range(draw(st.integers(1, 3))):
            body[draw(st.integers(0, len(body) - 1))] ^= 1 << draw(st.integers(0, 7))
        return LINK_PREFIX + base64.urlsafe_b64encode(bytes(body)).decode().rstrip("=")

    return flipped_bytes()


def texts_of(kind: str) -> list[str]:
    if kind == "file":
        return [save_files.export_file_text(f["games"]) for f in samples()["files"]]
    return [json.dumps(e) for e in samples()["entries"]]


def trees_of(kind: str) -> list:
    return samples()["files"] if kind == "file" else samples()["entries"]


def strategy(target: str, kind: str):
    """The Hypothesis strategy for one fuzz target and kind of input."""
    if target == "link":
        return {
            "text": st.text(max_size=300) | st.text(B64, max_size=300).map(LINK_PREFIX.__add__),
            "crafted": st.deferred(crafted_link),
            "mutated": raw_mutated_link(False) | raw_mutated_link(True),
            "structural": st.deferred(link_from_tree),
        }[kind]
    return {
        "text": st.text(max_size=300) | st.deferred(hostile_text),
        "crafted": JSON_VALUES.map(json.dumps) | st.deferred(lambda: deep_text(trees_of(target))),
        "mutated": st.deferred(lambda: mutated_text(texts_of(target))),
        "structural": st.deferred(lambda: mutated_tree(trees_of(target)).map(dumps)),
    }[kind]


FUZZ_KINDS = ("text", "crafted", "mutated", "structural")


# ------------------------------------------------------------------ fuzz targets


def fuzz_link(text: str) -> str:
    return str(len(decode_link(text).history))


def fuzz_file(text: str) -> str:
    games = save_files.parse_file(text)
    for number, game in enumerate(games, start=1):
        save_files.prepare_import(game, number, DATE)
    return str(len(games))


def fuzz_entry(text: str) -> str:
    entry = save_format.parse_entry(text, ENTRY_ID)
    state = save_format.replay_record(entry["record"], "The saved game")
    return str(len(state.history))


TARGETS = {"link": fuzz_link, "file": fuzz_file, "entry": fuzz_entry}


def fuzz_chunk(task: tuple, targets: dict | None = None) -> dict:
    """Run ``cases`` Hypothesis examples of one target and kind; count what came out."""
    target, kind, chunk_seed, cases = task
    call = (targets or TARGETS)[target]
    stats = {
        "target": target,
        "kind": kind,
        "cases": 0,
        "rejected": 0,
        "accepted": 0,
        "exceptions": 0,
        "examples": [],
        "slowest": 0.0,
        "slowest_input": "",
    }

    def case(text):
        stats["cases"] += 1
        started = time.perf_counter()
        try:
            call(text)
            stats["accepted"] += 1
        except RecordError:
            stats["rejected"] += 1
        except Exception as exc:  # anything but the documented error is a finding
            stats["exceptions"] += 1
            if len(stats["examples"]) < EXAMPLES:
                stats["examples"].append(
                    f"{target}/{kind} (seed {chunk_seed}, case {stats['cases']}): "
                    f"{type(exc).__name__}: {shorten(str(exc))} on {shorten(repr(text))} "
                    f"({len(text)} chars, sha256 {hashlib.sha256(text.encode('utf-8', 'surrogatepass')).hexdigest()[:12]})"
                )
        took = time.perf_counter() - started
        if took > stats["slowest"]:
            stats["slowest"], stats["slowest_input"] = took, shorten(repr(text))

    run = given(strategy(target, kind))(case)
    run = settings(
        max_examples=cases,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )(run)
    hypothesis_seed(chunk_seed)(run)()
    return stats


def fuzz_tasks(cases: int, seed: int, chunk: int = 250) -> list[tuple]:
    """The fuzz cases split evenly over targets and kinds, in chunks of at most ``chunk``."""
    pairs = [(target, kind) for target in TARGETS for kind in FUZZ_KINDS]
    tasks = []
    for n, (target, kind) in enumerate(pairs):
        share = cases // len(pairs) + (n < cases % len(pairs))
        for start in range(0, share, chunk):
            name = f"{seed}:{target}:{kind}:{start}"
            chunk_seed = int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "big")
            tasks.append((target, kind, chunk_seed, min(chunk, share - start)))
    return tasks


def run_fuzz(cases: int, seed: int = 0, workers: int = 1, targets: dict | None = None) -> dict:
    started = time.perf_counter()
    task = partial(fuzz_chunk, targets=targets)
    chunks = map_tasks(task, fuzz_tasks(cases, seed), workers)
    by_target = {}
    for c in chunks:
        row = by_target.setdefault(
            c["target"], {"cases": 0, "rejected": 0, "accepted": 0, "exceptions": 0}
        )
        for key in row:
            row[key] += c[key]
    slowest = max(chunks, key=lambda c: c["slowest"], default=None)
    examples = [
        e for c in sorted(chunks, key=lambda c: (c["target"], c["kind"])) for e in c["examples"]
    ]
    return {
        "cases": sum(c["cases"] for c in chunks),
        "exceptions": sum(c["exceptions"] for c in chunks),
        "by_target": by_target,
        "exception_examples": examples[: EXAMPLES * 3],
        "slowest_case": round(slowest["slowest"], 3) if slowest else 0.0,
        "slowest_input": f"{slowest['target']}: {slowest['slowest_input']}" if slowest else "",
        "seconds": round(time.perf_counter() - started, 2),
    }


# ------------------------------------------------------------------ replay timing

SKIPS = ("skip", "done", "end_turn")


def skipping_record(decisions: int) -> dict:
    """A legal record of ``decisions`` decisions: two seats that skip whatever they may."""
    state = new_game({"seed": 11, "seats": [{}, {}]})
    for _ in range(decisions):
        options = legal_actions(state)
        pick = next((a for a in options if a in SKIPS), None)
        if pick is None:
            coins = [a for a in options if a.startswith("coins")]
            pick = coins[0] if coins else options[0]
        apply_in_place(state, pick, check=False)
    if state.game_over:
        raise RuntimeError("the skipping game ended")
    return record(state)


def unlimited(function, decisions: int) -> dict:
    """Keywords that lift ``replay``'s or ``decode_link``'s limits (where it has them)."""
    params = inspect.signature(function).parameters
    keywords = {}
    if "max_decisions" in params:
        keywords["max_decisions"] = max(decisions, 1)
    if "max_seconds" in params:
        keywords["max_seconds"] = 1e9
    return keywords


def replay_unlimited(rec: dict):
    """``scythe_core.replay`` with its decision limit and time budget lifted."""
    return replay(rec, **unlimited(replay, len(rec.get("actions") or ())))


def replay_timing(decisions: int) -> dict:
    rec = skipping_record(decisions)
    started = time.perf_counter()
    state = replay_unlimited(rec)
    seconds = time.perf_counter() - started
    if len(state.history) != decisions:
        raise RuntimeError("the replay did not give back every decision")
    return {
        "decisions": decisions,
        "seconds": round(seconds, 3),
        "per_10k": round(seconds / decisions * 10_000, 4),
        "limit_keyword": "max_decisions" in unlimited(replay, decisions),
    }


# ------------------------------------------------------------------ report


def shorten(text: str, width: int = 160) -> str:
    return text if len(text) <= width else text[: width - 3] + "..."


def print_report(report: dict) -> None:
    g, f, r = report.get("games"), report.get("fuzz"), report.get("replay")
    print(f"soak: seed {report['seed']}, {report['workers']} workers")
    if g:
        print(
            f"games        {g['games']:>10,}   ({len(MIXES)} seat mixes of 1-5 seats, every Automa level)"
        )
        print(
            f"  finished   {g['finished']:>10,}   (cut at {MAX_DECISIONS:,} decisions: {g['cut']:,})"
        )
        print(f"decisions    {g['decisions']:>10,}")
        print(f"violations   {g['violations']:>10,}   target 0")
        for line in g["violation_examples"]:
            print(f"  {line}")
        print(f"exceptions   {g['exceptions']:>10,}   target 0")
        for line in g["exception_examples"]:
            print(f"  {line}")
        print(f"time         {g['seconds']:>10.1f} s")
    if f:
        print(f"fuzz cases   {f['cases']:>10,}   (links, files, stored entries; Hypothesis)")
        for target, row in sorted(f["by_target"].items()):
            print(
                f"  {target:<6} {row['cases']:>8,} cases: {row['rejected']:,} RecordError, "
                f"{row['accepted']:,} accepted, {row['exceptions']:,} other exceptions"
            )
        print(f"fuzz exceptions {f['exceptions']:>7,}   target 0 (anything but RecordError)")
        for line in f["exception_examples"]:
            print(f"  {line}")
        print(f"  slowest case {f['slowest_case']:.3f} s ({f['slowest_input']})")
        print(f"fuzz time    {f['seconds']:>10.1f} s")
    if r:
        print(
            f"replay       {r['per_10k']:>10.4f} s per 10,000 decisions   target well under 1 s "
            f"({r['decisions']:,} decisions in {r['seconds']:.2f} s"
            f"{'' if r['limit_keyword'] else '; replay has no max_decisions keyword yet'})"
        )
    print(f"total time   {report['seconds']:>10.1f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=None, help=f"default {DEFAULT_GAMES}")
    parser.add_argument("--fuzz", type=int, default=None, help=f"default {DEFAULT_FUZZ}")
    parser.add_argument(
        "--replay-decisions", type=int, default=None, help=f"default {DEFAULT_REPLAY}"
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--quick", action="store_true", help=f"CI-sized: {QUICK}")
    parser.add_argument(
        "--only", type=int, metavar="GAME", help="play one game, show its traceback"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)

    if args.only is not None:
        config = game_config(args.seed, args.only)
        print(json.dumps(config))
        result = play_game(args.seed, args.only, reraise=True)
        print(json.dumps(result))
        return 0

    sizes = QUICK if args.quick else {
        "games": DEFAULT_GAMES, "fuzz": DEFAULT_FUZZ, "replay_decisions": DEFAULT_REPLAY,
    }  # fmt: skip
    games = sizes["games"] if args.games is None else args.games
    fuzz = sizes["fuzz"] if args.fuzz is None else args.fuzz
    decisions = (
        sizes["replay_decisions"] if args.replay_decisions is None else args.replay_decisions
    )
    started = time.perf_counter()
    report = {"seed": args.seed, "workers": args.workers}
    if games:
        report["games"] = run_games(games, args.seed, args.workers)
    if fuzz:
        report["fuzz"] = run_fuzz(fuzz, args.seed, args.workers)
    if decisions:
        report["replay"] = replay_timing(decisions)
    report["seconds"] = round(time.perf_counter() - started, 2)
    if args.json:
        print(json.dumps(report))
    else:
        print_report(report)
    found = sum(report.get("games", {}).get(k, 0) for k in ("violations", "exceptions"))
    found += report.get("fuzz", {}).get("exceptions", 0)
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
