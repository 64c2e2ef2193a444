"""The page's modules import one way: no cycle, imports at the top, one command registry.

Plain CPython (reads the sources; nothing runs in a browser).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "web"
MODULES = {p.stem: p for p in WEB.glob("*.py")}
#: Browser-only imports that wait for the page to be up (``js``/``pyodide``), or the
#: boot's own order of loading.
LATE_IMPORTS = {"main", "page_probe"}


def web_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module.split(".")[0])
    return found & set(MODULES)


def test_no_cycle_among_the_page_modules():
    graph = {name: web_imports(path) for name, path in MODULES.items()}
    done: set[str] = set()

    def visit(name: str, trail: tuple[str, ...]) -> None:
        assert name not in trail, " -> ".join((*trail, name))
        if name in done:
            return
        for child in sorted(graph[name]):
            visit(child, (*trail, name))
        done.add(name)

    for name in sorted(graph):
        visit(name, ())
    assert "ui_events" not in graph["ui"] and "ui" not in graph["saves_ui"]


def test_imports_are_at_the_top_of_each_module():
    for name, path in MODULES.items():
        if name in LATE_IMPORTS:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                inner = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
                assert not inner, f"{name}.{node.name} imports inside a function"


def test_every_command_in_the_markup_is_in_the_one_registry():
    """Every ``data-cmd`` the page's markup names is a command of ``commands.COMMANDS``,
    and only ``commands.run`` runs them."""
    source = "\n".join(p.read_text() for p in MODULES.values())
    names = set(re.findall(r'data-cmd="([a-z-]+)"', source))
    names |= {f"replay-{s}" for s in ("first", "prev", "next", "last")}  # data-cmd="replay-{step}"
    registry = MODULES["commands"].read_text() + MODULES["saves_ui"].read_text()
    for name in names:
        assert f'"{name}"' in registry or name.startswith(("replay-", "zoom-", "conflict-")), name
    callers = [p.stem for p in MODULES.values() if "commands.run(" in p.read_text()]
    assert callers == ["ui_events"], callers


#: Modules that build their markup only through ``markup`` (escape by default); the
#: others still use f-strings with ``html.escape`` and move over one by one.
BUILT_WITH_MARKUP = (
    "render_mat",
    "render_players",
    "render_screens",
    "render_decision",
    "render_saves",
    "render_board",
)


def test_the_markup_builder_escapes_by_default():
    import doctest

    import markup

    assert doctest.testmod(markup).failed == 0
    hostile = '"><script>alert(1)</script>'
    built = markup.html('<b title="{t}">{x}</b>', t=hostile, x=hostile)
    assert "<script>" not in built and '"><' not in built


def test_modules_built_with_the_builder_write_no_markup_by_hand():
    for name in BUILT_WITH_MARKUP:
        source = MODULES[name].read_text()
        assert "from html import" not in source and "import html" not in source, name
        hand_made = re.findall(r"""f["']<""", source)
        assert not hand_made, (name, hand_made)
