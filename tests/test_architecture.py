"""The engine's shape: layers that only import downwards, no cycles, no hidden imports.

Layers, lowest first: ``data`` (components), ``model`` (state and its parts),
``rules``, ``automa`` (the Automa as a seat controller), ``flow`` (the scheduler and
its steps), the public API (``engine``, ``setup``), ``io`` (records, links, views,
wording, page helpers, simulation), ``bots`` (full-rules seat controllers: they read
``io.views.player_view``, so they sit above ``io``; ``io.simulate`` gets them handed
in) and the package itself.
"""

from __future__ import annotations

import ast
import re
import statistics
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "scythe_core"
LAYERS = ["data", "model", "rules", "automa", "flow", "api", "io", "bots", "top"]
API_MODULES = {"engine", "setup"}
TOP_MODULES = {"__init__", "__main__"}


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer_of(module: str) -> str:
    head = module.split(".")[0]
    if head in API_MODULES:
        return "api"
    if head in TOP_MODULES:
        return "top"
    return head


def imported_modules(module: str, path: Path) -> list[tuple[str, ast.ImportFrom]]:
    """(imported scythe_core module, the import node) for each relative import."""
    tree = ast.parse(path.read_text())
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or not node.level:
            continue
        base = package[: len(package) - node.level + 1]
        target = ".".join([*base, *([node.module] if node.module else [])])
        for alias in node.names:
            full = f"{target}.{alias.name}" if target else alias.name
            if full in MODULES:
                found.append((full, node))
            elif target in MODULES:
                found.append((target, node))
    return found


def test_every_module_belongs_to_a_layer():
    for module in MODULES:
        assert layer_of(module) in LAYERS, module


def test_imports_only_go_down_the_layers():
    upward = []
    for module, path in MODULES.items():
        here = LAYERS.index(layer_of(module))
        for target, _node in imported_modules(module, path):
            if LAYERS.index(layer_of(target)) > here:
                upward.append(f"{module} imports {target}")
    assert not upward, upward


def test_no_import_cycle():
    graph = {m: {t for t, _ in imported_modules(m, p)} - {m} for m, p in MODULES.items()}
    state: dict[str, str] = {}

    def visit(module: str, trail: list[str]) -> None:
        state[module] = "open"
        for target in sorted(graph[module]):
            if state.get(target) == "open":
                pytest.fail("import cycle: " + " -> ".join([*trail, module, target]))
            if target not in state:
                visit(target, [*trail, module])
        state[module] = "done"

    for module in sorted(graph):
        if module not in state:
            visit(module, [])


def test_no_import_inside_a_function():
    hidden = []
    for module, path in MODULES.items():
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        hidden.append(f"{module}.{node.name}")
    assert not hidden, hidden


def test_no_private_name_is_imported_across_modules():
    private = []
    for module, path in MODULES.items():
        for _target, node in imported_modules(module, path):
            private += [f"{module}: {a.name}" for a in node.names if a.name.startswith("_")]
    assert not private, private


def test_rules_never_look_at_the_controller():
    """Where a seat plays by other rules, the rules ask ``model.seats.seat_rules``."""
    test = re.compile(r"\.controller\s*(==|!=|\bin\b|\bnot\b)")
    for module, path in MODULES.items():
        if layer_of(module) in ("rules", "flow"):
            assert not test.search(path.read_text()), module


def test_modules_and_functions_stay_small():
    sizes = []
    for module, path in MODULES.items():
        source = path.read_text()
        assert len(source.splitlines()) <= 450, f"{module} has grown past ~400 lines"
        sizes += [
            node.end_lineno - node.lineno + 1
            for node in ast.walk(ast.parse(source))
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        ]
    assert statistics.median(sizes) < 12


def test_step_types_name_every_step_and_decision():
    """The closed sets of step names and decision kinds match the scheduler's registries."""
    from typing import get_args

    from scythe_core.flow.scheduler import AUTO_STEPS, DECISIONS
    from scythe_core.flow.sequences import (
        AFTER_AUTOMA_COMBAT,
        AFTER_MOVE,
        AFTER_UNIT,
        AUTOMA_ROWS,
        BOTTOM_ACTION,
        COMBAT,
        ENCOUNTER_OPTION,
        SECTION,
        TURN,
    )
    from scythe_core.flow.steps import AutoStepName
    from scythe_core.model.actions import DecisionKind

    assert set(get_args(AutoStepName)) == set(AUTO_STEPS)
    assert set(get_args(DecisionKind)) == set(DECISIONS)
    sequences = (TURN, SECTION, AFTER_MOVE, AFTER_UNIT, COMBAT, BOTTOM_ACTION)
    for names in (*sequences, ENCOUNTER_OPTION, AUTOMA_ROWS, AFTER_AUTOMA_COMBAT):
        assert set(names) <= set(AUTO_STEPS), names


def test_closed_sets_cover_the_data():
    """Terrains and resources are closed sets: the board and the tables use only them."""
    from scythe_core.data.board import TERRAIN, TERRAINS
    from scythe_core.data.components import PRODUCTION, RESOURCES

    assert set(TERRAIN.values()) == set(TERRAINS)
    assert set(PRODUCTION) <= set(TERRAINS)
    assert set(PRODUCTION.values()) == {*RESOURCES, "worker"}
