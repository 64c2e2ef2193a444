"""The action grammar (scythe_core.model.actions): every action the engine offers parses
and formats back to itself, and no other module takes action strings apart by hand."""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import get_args

import pytest

from scythe_core import apply_in_place, legal_actions, new_game
from scythe_core.flow.scheduler import DECISIONS
from scythe_core.model import rng
from scythe_core.model.actions import (
    VERBS_OF_KIND,
    Action,
    Commit,
    DecisionKind,
    Payment,
    Verb,
    argument_of,
    format_action,
    format_choice_pair,
    format_commit,
    format_number,
    format_partial,
    format_pay,
    format_placement,
    format_produce,
    format_section,
    format_unit,
    format_unit_pick,
    is_unit,
    join_action,
    parse_action,
    parse_choice_pair,
    parse_commit,
    parse_number,
    parse_pay,
    parse_placement,
    parse_produce,
    parse_section,
    parse_unit,
    parse_unit_pick,
    split_action,
    split_partial,
    verb_of,
)

ROOT = Path(__file__).resolve().parents[1]
GOLDEN_DIR = ROOT / "tests" / "golden"
#: "  seat 2 top: skip trade:popularity trade:popularity/0 trade:resources"
OFFERED = re.compile(r"^  seat \d+ (\w+): (.*)$")


def golden_offers() -> list[tuple[str, str]]:
    """(decision kind, action) for every action a golden playthrough lists as legal."""
    found = set()
    for path in sorted(GOLDEN_DIR.glob("*_seed*.txt")):
        for line in path.read_text().splitlines():
            match = OFFERED.match(line)
            if match:
                found.update((match[1], action) for action in match[2].split())
    return sorted(found)


GOLDEN_OFFERS = golden_offers()


def test_the_golden_files_offer_many_kinds_of_action():
    assert len({verb_of(a) for _, a in GOLDEN_OFFERS}) >= 25
    assert len({kind for kind, _ in GOLDEN_OFFERS}) >= 14


def test_every_golden_action_parses_and_formats_back():
    for kind, action in GOLDEN_OFFERS:
        parsed = parse_action(action)
        assert format_action(parsed) == action, (kind, action)
        assert parsed.verb in get_args(Verb), action
        assert parsed.verb in VERBS_OF_KIND[kind] or parsed.verb == "objective", (kind, action)


def typed_round_trips(action: str) -> Iterator[str]:
    """The action formatted again from its typed parse (one per parser that fits it)."""
    verb, arg = split_action(action)
    option, part = split_partial(action)
    yield format_partial(option, part)
    yield join_action(verb, arg)
    if verb == "section":
        yield format_section(parse_section(action))
    if verb in ("amount", "workers", "option", "factory", "objective", "peek") or (
        verb == "coins" and arg
    ):
        yield format_number(verb, parse_number(action))
    if verb == "commit":
        commit = parse_commit(action)
        yield format_commit(commit.dial, commit.cards)
    if verb == "pay":
        yield format_pay(parse_pay(action))
    if verb == "produce":
        yield format_produce(parse_produce(action))
    if verb == "unit":
        yield format_unit_pick(format_unit(*parse_unit(parse_unit_pick(action))))
    if verb in ("load", "drop") and is_unit(arg):
        yield join_action(verb, format_unit(*parse_unit(arg)))
    if verb in ("gain", "res", "deploy", "build") and "@" in arg:
        yield join_action(verb, format_placement(*parse_placement(arg)))
    if verb in ("upgrade", "enlist") and arg:
        yield join_action(verb, format_choice_pair(*parse_choice_pair(arg)))


def test_every_golden_action_round_trips_through_its_typed_parser():
    for _kind, action in GOLDEN_OFFERS:
        for again in typed_round_trips(action):
            assert again == action


def random_game_offers(seed: int) -> set[tuple[str, str]]:
    """(kind, action) for every action offered in one random game that seldom passes
    (so that it reaches combats, encounters and the Factory)."""
    automa = {"controller": "automa", "level": "automa"}
    seats = [{}, {}, {}, {}] if seed % 2 else [{}, {}, automa]
    state = new_game({"seed": seed, "seats": seats})
    chooser = rng.seed_state(seed)
    offered = set()
    for _ in range(3000):
        if state.game_over:
            break
        options = legal_actions(state)
        offered.update((state.pending["kind"], a) for a in options)
        keen = [a for a in options if verb_of(a) not in PASSING] or options
        chooser, pick = rng.randbelow(chooser, len(keen))
        apply_in_place(state, keen[pick], check=False)
    return offered


#: Choices the random games avoid while there is another.
PASSING = {"skip", "done", "stop", "coins", "objective"}


@pytest.fixture(scope="module")
def random_offers() -> set[tuple[str, str]]:
    return set().union(*(random_game_offers(seed) for seed in range(40)))


def test_every_action_of_random_games_parses_and_round_trips(random_offers):
    for kind, action in random_offers:
        parsed = parse_action(action)
        assert format_action(parsed) == action
        assert parsed.verb in VERBS_OF_KIND[kind] or parsed.verb == "objective", (kind, action)
        for again in typed_round_trips(action):
            assert again == action


def test_the_random_games_offer_every_decision_kind_and_verb(random_offers):
    # A peek (one encounter card, one Factory card) is parsed in the examples below.
    assert {kind for kind, _ in random_offers} == set(get_args(DecisionKind))
    assert {verb_of(a) for _, a in random_offers} | {"peek"} == set(get_args(Verb))


def test_the_decision_kinds_are_a_closed_set():
    assert set(get_args(DecisionKind)) == set(DECISIONS) == set(VERBS_OF_KIND)
    verbs = set().union(*VERBS_OF_KIND.values()) | {"objective"}
    assert verbs == set(get_args(Verb))


@pytest.mark.parametrize(
    "action,parsed",
    [
        ("section:2", Action("section", "2")),
        ("coins/0", Action("coins", "", 0)),
        ("bolster:power/1", Action("bolster", "power", 1)),
        ("worker@r2c1", Action("worker", "r2c1")),
        ("pay:card:3", Action("pay", "card:3")),
        ("commit:0:-", Action("commit", "0:-")),
        ("load:worker:3", Action("load", "worker:3")),
        ("build", Action("build")),
        ("peek:1", Action("peek", "1")),
        ("automa:play", Action("automa", "play")),
    ],
)
def test_parse_action_takes_an_action_apart(action, parsed):
    assert parse_action(action) == parsed
    assert format_action(parsed) == action


@pytest.mark.parametrize(
    "text",
    ["", "fly", "section", "section:x", "worker:r2c1", "move/1", "bolster:power/", "to:r4"],
)
def test_parse_action_refuses_what_is_not_an_action(text):
    with pytest.raises(ValueError):
        parse_action(text)


def test_the_typed_parsers():
    assert parse_commit("commit:4:2+5") == Commit(4, (2, 5))
    assert parse_commit("commit:4:2+5").total == 11
    assert parse_commit("commit:0:-") == Commit(0, ())
    assert format_commit(3, [5, 2]) == "commit:3:2+5"
    assert parse_pay("pay:r2c1") == Payment(hex="r2c1")
    assert parse_pay("pay:card:3") == Payment(card=3)
    assert parse_pay("pay:oil@r2c1") == Payment(hex="r2c1", resource="oil")
    assert parse_produce("produce:r1c4+r1c5") == ["r1c4", "r1c5"]
    assert parse_placement("1@r2c1") == ("1", "r2c1")
    assert parse_choice_pair("move_units>deploy") == ("move_units", "deploy")
    assert split_partial("trade:popularity") == ("trade:popularity", None)
    assert parse_unit("worker:3") == ("worker", 3)
    assert parse_unit("character") == ("character", None)
    assert parse_unit_pick("unit:mech:0") == "mech:0"
    assert argument_of("retreat:home") == "home"
    assert verb_of("gain:oil@r2c1") == "gain"


# --- no module but the grammar takes action strings apart ---------------------------

#: Methods that take a string apart, and the separators action strings use.
SPLITTERS = {"split", "rsplit", "partition", "rpartition"}
SEPARATORS = {":", "@", ">", "+", "/"}
GRAMMAR = ROOT / "scythe_core" / "model" / "actions.py"
#: (file, the text split) that split strings which are not actions, and why.
NOT_ACTIONS = {
    # Automa move symbols from its cards ("saxony:attack_4"), not actions.
    ("scythe_core/automa/turn.py", "symbol"),
    ("scythe_core/io/wording.py", "symbol"),
    # Objective card conditions ("control:tunnel", "resource:oil"), card data.
    ("scythe_core/rules/objectives.py", "name"),
    # A markup tag's attribute text, asked whether the tag closes itself ("<br/>").
    ("web/markup.py", "match.group(3).rstrip()"),
    ("web/markup.py", "nested.group(3).rstrip()"),
    # The page's address path, cut to the site's directory for its storage keys.
    ("web/storage.py", "path"),
    ("web/storage.py", "pathname"),
    # The page's own mat part ids ("top:2:bolster:power", "mech:1"), not actions.
    ("web/rules_data.py", "part"),
    ("web/rules_data.py", "rest"),
    # The statistics' opponents column ("automa:automa+bot:hard"), not an action.
    ("web/render_stats.py", "str(value)"),
    # A tag's attributes in the markup builder ("<br />"), not an action.
    ("web/markup.py", "rest.rstrip()"),
    # A seat mix's seat ("bot:hard", "automa:automa") for simulate, not an action.
    ("scythe_core/io/simulate.py", "spec"),
    # A test probe's answer ("RecordError: ..."), not an action.
    ("web/page_probe.py", "answer"),
    # A bot's reason recorded after an action ("aims_star:upgrades"), not an action.
    ("scythe_core/model/annotation.py", "text"),
}
#: The data layer parses its own component tables (card texts, Automa cards); it
#: never sees an action.
DATA_LAYER = "scythe_core/data/"


def hand_splits(source: str) -> Iterator[tuple[int, str]]:
    """(line, the text split) for each place the source takes a string apart by an
    action separator: ``x.split(":")``, ``x.partition("@")``, ``x[len("unit:"):]``,
    ``x.startswith("pay:")``."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            first = node.args[0] if node.args else None
            text = first.value if isinstance(first, ast.Constant) else None
            if not isinstance(text, str):
                continue
            method = node.func.attr
            if (
                method in SPLITTERS
                and text in SEPARATORS
                or method in ("startswith", "endswith")
                and SEPARATORS & set(text)
            ):
                yield node.lineno, ast.unparse(node.func.value)
        if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Slice):
            bound = node.slice.lower
            if isinstance(bound, ast.Call) and ast.unparse(bound.func) == "len":
                arg = bound.args[0] if bound.args else None
                if isinstance(arg, ast.Constant) and SEPARATORS & set(str(arg.value)):
                    yield node.lineno, ast.unparse(node.value)


def python_files() -> Iterator[Path]:
    yield from sorted((ROOT / "scythe_core").rglob("*.py"))
    yield from sorted((ROOT / "web").glob("*.py"))


def test_the_detector_finds_hand_splitting():
    found: Callable[[str], list] = lambda src: [t for _, t in hand_splits(src)]  # noqa: E731
    assert found('verb, _, arg = action.partition(":")') == ["action"]
    assert found('int(choice.split(">")[0])') == ["choice"]
    assert found('uid = action[len("unit:") :]') == ["action"]
    assert found('a.startswith("commit:")') == ["a"]
    assert found('line.split("|"); key[len(prefix):]; hid.startswith("HB-")') == []


def test_no_module_but_the_grammar_splits_action_strings():
    by_hand = []
    for path in python_files():
        name = path.relative_to(ROOT).as_posix()
        if path == GRAMMAR or name.startswith(DATA_LAYER):
            continue
        for line, text in hand_splits(path.read_text()):
            if (name, text) not in NOT_ACTIONS:
                by_hand.append(f"{name}:{line}: {text}")
    assert not by_hand, by_hand
