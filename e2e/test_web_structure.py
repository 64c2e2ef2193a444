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


#: Modules that build their markup only through ``markup`` (escape by default): every
#: module that writes markup or hands it to the page (``innerHTML``,
#: ``insertAdjacentHTML``) is one of them.
BUILT_WITH_MARKUP = (
    "guide_ui",
    "main",
    "page_dom",
    "page_saves",
    "pass_on_ui",
    "render_board",
    "render_decision",
    "render_guide",
    "render_mat",
    "render_pass_on",
    "render_pieces",
    "render_players",
    "render_saves",
    "render_screens",
    "rules_panel",
    "rules_reference",
    "render_stats",
    "saves_ui",
    "stats_ui",
    "ui",
    "ui_events",
    "zoom_events",
)
#: A tag in a string: ``<b>``, ``</b>``, ``<svg ``, ``<br/>``, ``<input{attrs}`` (not ``a < b``).
TAG = re.compile(r"</?[a-zA-Z][\w-]*(?=[\s/>{]|$)")
#: Calls whose string argument is markup on purpose: a template of ``html`` (its
#: values are escaped) or a constant written in the code, wrapped in ``Markup``.
MARKUP_CALLS = {"html", "Markup"}
SINKS = ("innerHTML", "insertAdjacentHTML")


def _docstrings(tree: ast.AST) -> set[int]:
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _call_name(node: ast.AST) -> str | None:
    if isinstance(node, ast.Call):
        func = node.func
        return func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
    return None


def loose_markup(path: Path) -> list[str]:
    """Markup written outside the builder: every string (or f-string) with a tag in it
    that is not the template of ``html(...)`` or a constant in ``Markup(...)``."""
    tree = ast.parse(path.read_text())
    docstrings = _docstrings(tree)
    allowed = set()
    for node in ast.walk(tree):
        if _call_name(node) in MARKUP_CALLS and node.args:
            first = node.args[0]
            if isinstance(first, ast.Constant):
                allowed.add(id(first))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            parts = [v for v in node.values if isinstance(v, ast.Constant)]
            allowed |= {id(v) for v in parts}  # an f-string is looked at as a whole
            text = "".join(v.value for v in parts)
            if TAG.search(text):
                found.append(f"line {node.lineno}: f-string {text[:40]!r}")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in docstrings or id(node) in allowed or not TAG.search(node.value):
                continue
            found.append(f"line {node.lineno}: {node.value[:40]!r}")
    return found


def sink_values(path: Path) -> list[ast.AST]:
    """What a module hands to ``innerHTML`` or ``insertAdjacentHTML``."""
    values = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Attribute) and target.attr == "innerHTML":
                    values.append(node.value)
        elif _call_name(node) == "insertAdjacentHTML":
            values.append(node.args[1])
    return values


def test_the_markup_builder_escapes_by_default():
    import doctest

    import markup

    assert doctest.testmod(markup).failed == 0
    hostile = '"><script>alert(1)</script>'
    built = markup.html('<b title="{t}">{x}</b>', t=hostile, x=hostile)
    assert "<script>" not in built and '"><' not in built


def test_every_module_that_writes_markup_builds_it_with_the_builder():
    """No hand-made markup anywhere in the page's modules: a module with markup in it,
    or one that hands markup to the page, is listed and builds it with ``markup``."""
    for name, path in MODULES.items():
        if name == "markup":
            continue
        writes = bool(loose_markup(path)) or any(
            isinstance(n, ast.Call) and _call_name(n) in MARKUP_CALLS
            for n in ast.walk(ast.parse(path.read_text()))
        )
        if writes or sink_values(path):
            assert name in BUILT_WITH_MARKUP, f"{name} writes markup: add it to BUILT_WITH_MARKUP"


def test_modules_built_with_the_builder_write_no_markup_by_hand():
    for name in BUILT_WITH_MARKUP:
        source = MODULES[name].read_text()
        assert "from html import" not in source and "import html" not in source, name
        hand_made = re.findall(r"""f["']<""", source)
        assert not hand_made, (name, hand_made)
        assert not loose_markup(MODULES[name]), (name, loose_markup(MODULES[name]))


def test_the_page_is_handed_only_built_markup():
    """``innerHTML`` and ``insertAdjacentHTML`` get what a builder returns (or ""),
    never a string put together on the spot."""
    for name, path in MODULES.items():
        for value in sink_values(path):
            where = f"{name} line {value.lineno}"
            assert not isinstance(value, ast.JoinedStr), where
            if isinstance(value, ast.Constant):
                assert value.value == "", where
            for node in ast.walk(value):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    assert node.value in ("", "beforeend") or _inside_call(value, node), where


def _inside_call(root: ast.AST, constant: ast.Constant) -> bool:
    """True when ``constant`` is an argument of a call inside ``root`` (a template of
    ``html``, a translation key), not a piece glued onto markup."""
    for node in ast.walk(root):
        if isinstance(node, ast.Call):
            args = [*node.args, *(k.value for k in node.keywords)]
            if any(arg is constant for n in args for arg in ast.walk(n)):
                return True
    return False
