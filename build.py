#!/usr/bin/env python3
"""Build the static site into dist/, and optionally serve it on 127.0.0.1.

    python build.py                          build dist/
    python build.py serve [--port 8000]      build, then serve dist/ (prints the URL)
    python build.py serve --base /scythe/    ...as if published under a sub-path

The site is fully static and self-contained: the page, its Python modules, the
``scythe_core`` wheel, the PyScript config, and local copies of the Pyodide and
PyScript files the page needs (taken from ``node_modules/``, pinned by
``package-lock.json``), the Python it runs precompiled to bytecode by that pinned
Pyodide (run under Node; see "bytecode" below), plus a web app manifest and a generated service worker
(``sw.js``) that precaches every file, so the site installs and plays offline after
one visit. Every URL in it is relative, so ``dist/`` works from any sub-path.
Nothing is fetched from a CDN at run time.

Standard library only. It runs ``npm ci`` when ``node_modules/`` is missing or
does not match ``package-lock.json``, and builds the wheel with ``pip wheel``
(or, where pip is missing, with a small built-in wheel writer), caching it by a
hash of its sources so that a rebuild with no change takes well under a second.
The bytecode is cached the same way (``build/bytecode-cache/``); compiling it anew
takes some 20 s (Node starts Pyodide once).
"""

from __future__ import annotations

import argparse
import base64
import fnmatch
import functools
import gzip
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib
import zipfile
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import NamedTuple
from urllib.parse import unquote, urlsplit

ROOT = Path(__file__).resolve().parent
WEB = ROOT / "web"
DIST = ROOT / "dist"
NODE_MODULES = ROOT / "node_modules"
WHEEL_CACHE = ROOT / "build" / "wheel-cache"
BYTECODE_CACHE = ROOT / "build" / "bytecode-cache"
NPM_STAMP = NODE_MODULES / ".scythe-build-stamp"

#: The only Pyodide files needed at run time (no wheels: our engine is pure Python).
PYODIDE_RUNTIME = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
#: PyScript chunks the page never loads: the code editor, the terminal, and helpers
#: that are not part of ``core.js``. Chunks that statically import these go too.
PYSCRIPT_UNUSED = re.compile(r"^(codemirror|xterm)|^(service-worker|storage)\.js$|\.map$")
STATIC_IMPORT = re.compile(r"""(?:\bfrom|\bimport)\s*["']\./([^"']+)["']""")
SOURCE_MAP_COMMENT = re.compile(rb"\n//# sourceMappingURL=\S+\s*$")


def log(msg: str) -> None:
    print(f"[build] {msg}", flush=True)


def sha256_of(paths: list[Path], root: Path = ROOT) -> str:
    digest = hashlib.sha256()
    for path in sorted(paths):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


# --------------------------------------------------------------------------- npm


def ensure_node_modules() -> None:
    """Run ``npm ci`` unless node_modules/ already matches package-lock.json."""
    wanted = sha256_of([ROOT / "package.json", ROOT / "package-lock.json"])
    have = NPM_STAMP.read_text().strip() if NPM_STAMP.exists() else ""
    present = (
        all((NODE_MODULES / "pyodide" / f).exists() for f in PYODIDE_RUNTIME)
        and (NODE_MODULES / "@pyscript" / "core" / "dist" / "core.js").exists()
    )
    if have == wanted and present:
        return
    npm = shutil.which("npm")
    if not npm:
        sys.exit("build.py: npm not found; install Node.js 20 (with npm) first.")
    log("node_modules/ missing or stale: running npm ci")
    cmd = [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"]
    subprocess.run(cmd, cwd=ROOT, check=True)
    NPM_STAMP.write_text(wanted + "\n")


def package_version(name: str) -> str:
    return json.loads((NODE_MODULES / name / "package.json").read_text())["version"]


# ------------------------------------------------------------------------- wheel


def project_table() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())


def wheel_inputs(project: dict) -> list[Path]:
    """Every file whose change means the wheel must be rebuilt."""
    files = [ROOT / "pyproject.toml"]
    readme = project.get("project", {}).get("readme")
    if isinstance(readme, str):
        files.append(ROOT / readme)
    setuptools = project["tool"]["setuptools"]
    for pkg in package_names(ROOT, setuptools["packages"]):
        pkg_dir = ROOT / pkg.replace(".", "/")
        files += [p for p in pkg_dir.iterdir() if p.is_file() and not is_junk(p)]
        files += package_data_files(pkg_dir, package_data_patterns(setuptools, pkg))
    return sorted(set(files))


def package_data_patterns(setuptools: dict, pkg: str) -> list[str]:
    """pyproject's package-data globs for ``pkg`` (its own and those for every package)."""
    package_data = setuptools.get("package-data", {})
    return package_data.get(pkg, []) + package_data.get("*", [])


def package_data_files(pkg_dir: Path, patterns: list[str]) -> list[Path]:
    """The files of ``pkg_dir`` that package-data names, also in its data folders
    (``locale/*/LC_MESSAGES/*.mo``)."""
    return sorted(
        {p for pattern in patterns for p in pkg_dir.glob(pattern) if p.is_file() and not is_junk(p)}
    )


def is_junk(path: Path) -> bool:
    return "__pycache__" in path.parts or path.suffix in (".pyc", ".pyo")


def build_wheel() -> Path:
    """The scythe_core wheel, rebuilt only when its sources changed."""
    project = project_table()
    inputs = wheel_inputs(project)
    key = sha256_of(inputs)[:20]
    cached = sorted((WHEEL_CACHE / key).glob("*.whl")) if (WHEEL_CACHE / key).exists() else []
    if cached:
        return cached[0]
    shutil.rmtree(WHEEL_CACHE, ignore_errors=True)
    out = WHEEL_CACHE / key
    out.mkdir(parents=True)
    with tempfile.TemporaryDirectory(prefix="scythe-wheel-") as tmp:
        # Build from a clean copy so stale setuptools build/ output can never leak in.
        for path in inputs:
            dest = Path(tmp) / path.relative_to(ROOT)
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, dest)
        built = False
        if has_pip():
            log("building the scythe_core wheel (pip wheel)")
            cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(out), tmp]
            built = subprocess.run(cmd).returncode == 0 and any(out.glob("*.whl"))
            if not built:
                log("pip wheel failed (offline?): writing the wheel directly instead")
        else:
            log("pip not found: writing the scythe_core wheel directly")
        if not built:
            write_wheel(Path(tmp), project, out)
    wheel = next(out.glob("*.whl"))
    if not wheel.name.endswith("-py3-none-any.whl"):
        sys.exit(f"build.py: {wheel.name} is not a pure-Python wheel; Pyodide cannot load it.")
    return wheel


def has_pip() -> bool:
    probe = [sys.executable, "-m", "pip", "--version"]
    return subprocess.run(probe, capture_output=True).returncode == 0


def package_names(src: Path, packages: list | dict) -> list[str]:
    """The packages pyproject.toml names: a list, or ``packages.find``'s include patterns."""
    if isinstance(packages, list):
        return packages
    include = packages.get("find", {}).get("include", ["*"])
    found = [
        ".".join(init.parent.relative_to(src).parts)
        for init in sorted(src.rglob("__init__.py"))
        if not is_junk(init)
    ]
    return [name for name in found if any(fnmatch.fnmatch(name, pat) for pat in include)]


def write_wheel(src: Path, project: dict, out: Path) -> Path:
    """A minimal PEP 427 wheel of the pure-Python packages named in pyproject.toml."""
    meta = project["project"]
    name = re.sub(r"[-_.]+", "_", meta["name"])
    version = meta["version"]
    dist_info = f"{name}-{version}.dist-info"
    files: dict[str, bytes] = {}
    setuptools = project.get("tool", {}).get("setuptools", {})
    for pkg in package_names(src, setuptools["packages"]):
        pkg_dir = src / pkg.replace(".", "/")
        patterns = package_data_patterns(setuptools, pkg)
        modules = [p for p in pkg_dir.iterdir() if p.is_file() and p.suffix == ".py"]
        for path in sorted({*modules, *package_data_files(pkg_dir, patterns)}):
            files[path.relative_to(src).as_posix()] = path.read_bytes()
    files[f"{dist_info}/METADATA"] = metadata_text(meta).encode()
    files[f"{dist_info}/WHEEL"] = (
        b"Wheel-Version: 1.0\nGenerator: scythe build.py\nRoot-Is-Purelib: true\n"
        b"Tag: py3-none-any\n\n"
    )
    scripts = meta.get("scripts", {})
    if scripts:
        lines = ["[console_scripts]"] + [f"{k} = {v}" for k, v in scripts.items()]
        files[f"{dist_info}/entry_points.txt"] = ("\n".join(lines) + "\n").encode()
    tops = sorted({p.split(".")[0] for p in setuptools["packages"]})
    files[f"{dist_info}/top_level.txt"] = ("\n".join(tops) + "\n").encode()
    record = [f"{path},sha256={record_hash(data)},{len(data)}" for path, data in files.items()]
    files[f"{dist_info}/RECORD"] = ("\n".join(record + [f"{dist_info}/RECORD,,"]) + "\n").encode()
    wheel = out / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, data in files.items():
            info = zipfile.ZipInfo(path, date_time=(1980, 1, 1, 0, 0, 0))
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)
    return wheel


def metadata_text(meta: dict) -> str:
    lines = ["Metadata-Version: 2.1", f"Name: {meta['name']}", f"Version: {meta['version']}"]
    if "description" in meta:
        lines.append(f"Summary: {meta['description']}")
    if "requires-python" in meta:
        lines.append(f"Requires-Python: {meta['requires-python']}")
    lines += [f"Requires-Dist: {dep}" for dep in meta.get("dependencies", [])]
    for extra, deps in meta.get("optional-dependencies", {}).items():
        lines.append(f"Provides-Extra: {extra}")
        lines += [f'Requires-Dist: {dep}; extra == "{extra}"' for dep in deps]
    return "\n".join(lines) + "\n\n"


def record_hash(data: bytes) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


# ---------------------------------------------------------------------- bytecode
#
# Python compiles every module it imports, and Pyodide ships its standard library as
# .py sources only (and may not write __pycache__), so every visit used to compile
# some 200 modules before the board could be drawn. The build compiles them once,
# with the pinned Pyodide's own CPython running under Node (the same interpreter the
# page runs, so the same bytecode and magic number), into two files:
#
# * ``bytecode/python_stdlib.zip``: the standard-library modules that Pyodide, PyScript,
#   the engine and the page import (found by modulefinder, which follows every import
#   statement, also those inside functions), as sourceless unchecked-hash .pyc. The
#   page's interpreter module (web/interpreter.mjs) gives it to Pyodide as
#   ``stdLibURL`` in place of the stock 2.5 MB zip of sources.
# * ``bytecode/app.bin``: the page's files (the wheel unpacked, the page modules and
#   catalogues) and the engine's, the page's and PyScript's own modules as
#   checked-hash .pyc in ``__pycache__/`` beside their sources, so a .pyc whose source
#   differs (or that is damaged) is simply recompiled from source. A gzip of a list of
#   (path, bytes); the interpreter module writes them out (the .pyc only when the
#   running Python's magic number is theirs).
#
# Both are rebuilt when any Python source or the Pyodide version changes (the cache key
# hashes them all); the page falls back to the stock start when either is missing or
# does not match the running Pyodide (web/interpreter.mjs).

BYTECODE_STDLIB = "bytecode/python_stdlib.zip"
BYTECODE_APP = "bytecode/app.bin"
#: Where Pyodide runs the page (its HOME and working directory): web/interpreter.mjs
#: writes app.bin's files there, PyScript its own ``pyscript`` package.
PYODIDE_HOME = "/home/pyodide"
#: Standard-library modules imported by name at run time, which no import statement
#: shows: the text codecs that ``codecs.lookup`` finds through ``encodings``.
DYNAMIC_STDLIB = (
    "encodings.aliases",
    "encodings.ascii",
    "encodings.latin_1",
    "encodings.utf_8",
    "encodings.utf_8_sig",
    "encodings.utf_16",
    "encodings.utf_32",
    "encodings.idna",
    "encodings.raw_unicode_escape",
    "encodings.unicode_escape",
    "encodings.cp1252",
    "encodings.cp437",
)
#: Where PyScript's own Python package sits in its bundle: ``wo(".",{pyscript:{...}})``.
PYSCRIPT_PACKAGE_MARK = "{pyscript:{"

#: Runs under Node: loads the pinned Pyodide from node_modules, mounts the work folder
#: and runs PRECOMPILE_PY in it.
PRECOMPILE_JS = r"""
import { loadPyodide } from "PYODIDE_MJS";
const work = process.argv[2];
const pyodide = await loadPyodide({ indexURL: "PYODIDE_DIR/" });
pyodide.mountNodeFS("/work", work);
const code = await import("node:fs").then((fs) => fs.readFileSync(work + "/precompile.py", "utf8"));
try {
  pyodide.runPython(code);
} catch (error) {
  console.error(String(error.message || error).slice(-4000));
  process.exit(1);
}
"""

#: Runs inside the pinned Pyodide (CPython 3.14): /work/app holds the modules to
#: compile; writes /work/out/{python_stdlib.zip, app.json, app/...}.
PRECOMPILE_PY = r"""
import sys

started_with = list(sys.modules)  # what Pyodide itself imported while starting
import ast, importlib.util, json, os, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

spec = json.load(open("/work/spec.json"))
stdlib_zip = "/lib/python%d%d.zip" % sys.version_info[:2]
stdlib_dir = "/tmp/stdlib"
with zipfile.ZipFile(stdlib_zip) as zf:
    zf.extractall(stdlib_dir)
app_dir = "/work/app"
startup = sorted(name for name in started_with
                 if (getattr(sys.modules[name], "__file__", None) or "").startswith(stdlib_zip))
# Which modules are imported: every import statement of our own modules (also inside
# functions), and of a standard-library module only those run when it is imported
# (not inside functions, not under `if __name__ == "__main__"`, TYPE_CHECKING or a
# test for Windows):
# its imports inside functions (pydoc, multiprocessing, ...) serve features the
# page never calls, and would double the bytes.
def locate(name):
    rel = name.replace(".", "/")
    for root in (app_dir, stdlib_dir):
        for candidate in (rel + "/__init__.py", rel + ".py"):
            if os.path.isfile(os.path.join(root, candidate)):
                return root, candidate
    return None


def skipped_block(node):
    if not isinstance(node, ast.If):
        return False
    test = ast.unparse(node.test)
    windows = ("sys.platform == 'win32'", "os.name == 'nt'", "_os.name == 'nt'")
    return test in ("TYPE_CHECKING", "typing.TYPE_CHECKING") or "__main__" in test or test in windows


def import_nodes(tree, whole):
    todo = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node
        elif skipped_block(node):
            todo.extend(node.orelse)
        elif whole or not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo.extend(ast.iter_child_nodes(node))


def imported_names(name, root, rel):
    tree = ast.parse(open(os.path.join(root, rel), "rb").read())
    package = name if rel.endswith("__init__.py") else name.rpartition(".")[0]
    for node in import_nodes(tree, whole=(root == app_dir)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name
            continue
        base = node.module or ""
        if node.level:
            parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
            base = parent + ("." + base if base else "")
        yield base
        for alias in node.names:
            yield base + "." + alias.name


found, edges, unfound = {}, {}, []
todo = [(name, None) for name in startup + spec["app_modules"] + spec["dynamic"]]
while todo:
    name, caller = todo.pop()
    parts = name.split(".")
    for depth in range(1, len(parts) + 1):
        sub = ".".join(parts[:depth])
        if sub in found:
            continue
        where = locate(sub)
        if where is None:
            if caller is None:
                unfound.append(sub)
            continue
        found[sub] = where
        edges[sub] = caller
        todo.extend((child, sub) for child in imported_names(sub, *where))
stdlib = {name: rel for name, (root, rel) in found.items() if root == stdlib_dir}
os.makedirs("/work/out/app", exist_ok=True)
with zipfile.ZipFile("/work/out/python_stdlib.zip", "w", zipfile.ZIP_DEFLATED, compresslevel=9) as out:
    for name in sorted(stdlib):
        rel = stdlib[name]
        source = open(os.path.join(stdlib_dir, rel), "rb").read()
        code = compile(source, stdlib_zip + "/" + rel, "exec", dont_inherit=True)
        data = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
        info = zipfile.ZipInfo(rel[:-3] + ".pyc", date_time=(1980, 1, 1, 0, 0, 0))
        info.compress_type = zipfile.ZIP_DEFLATED
        out.writestr(info, bytes(data))
app = []
for rel in spec["app_sources"]:
    source = open(os.path.join(app_dir, rel), "rb").read()
    code = compile(source, spec["home"] + "/" + rel, "exec", dont_inherit=True)
    data = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=True)
    folder, leaf = os.path.split(rel)
    target = os.path.join(folder, "__pycache__", leaf[:-3] + "." + sys.implementation.cache_tag + ".pyc")
    dest = os.path.join("/work/out/app", target)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    open(dest, "wb").write(bytes(data))
    app.append(target)
json.dump({
    "magic": importlib.util.MAGIC_NUMBER.hex(),
    "cache_tag": sys.implementation.cache_tag,
    "python": sys.version.split()[0],
    "stdlib_modules": sorted(stdlib),
    "app_pycs": app,
    "unfound_roots": unfound,
    "imported_by": {name: edges[name] for name in sorted(stdlib)},
}, open("/work/out/meta.json", "w"), indent=1)
"""


class Bytecode(NamedTuple):
    """The precompiled modules of one build (see above)."""

    stdlib_zip: Path
    #: The compiled modules (.pyc) as an :func:`app_bundle`; the build adds the sources.
    app_bundle: bytes
    meta: dict


def pyscript_python_sources() -> dict[str, bytes]:
    """PyScript's own Python package, as PyScript writes it at start-up
    (``./pyscript/<name>.py``, UTF-8), read out of its JavaScript bundle."""
    dist = NODE_MODULES / "@pyscript" / "core" / "dist"
    for path in sorted(dist.glob("core-*.js")):
        text = path.read_text(encoding="utf-8")
        start = text.find(PYSCRIPT_PACKAGE_MARK)
        if start >= 0:
            tree, _ = parse_js_literal(text, start)
            return flatten_tree(tree)
    sys.exit("build.py: PyScript's Python package not found in @pyscript/core/dist/core-*.js")


def parse_js_literal(text: str, pos: int) -> tuple[object, int]:
    """A JS object literal of strings and nested objects (``{a:"x","b.py":{...}}``)
    starting at ``text[pos]``: (value, position after it). Its strings are JSON strings."""
    if text[pos] == '"':
        end = pos + 1
        while text[end] != '"':
            end += 2 if text[end] == "\\" else 1
        return json.loads(text[pos : end + 1]), end + 1
    if text[pos] != "{":
        raise ValueError(f"unexpected {text[pos : pos + 20]!r} in PyScript's package")
    result: dict[str, object] = {}
    pos += 1
    while text[pos] != "}":
        if text[pos] == '"':
            key, pos = parse_js_literal(text, pos)
        else:
            match = re.compile(r"[A-Za-z_$][\w$]*").match(text, pos)
            if not match:
                raise ValueError(f"unexpected {text[pos : pos + 20]!r} in PyScript's package")
            key, pos = match.group(), match.end()
        if text[pos] != ":":
            raise ValueError(f"expected ':' in PyScript's package, found {text[pos]!r}")
        result[str(key)], pos = parse_js_literal(text, pos + 1)
        if text[pos] == ",":
            pos += 1
    return result, pos + 1


def flatten_tree(tree: object, prefix: str = "") -> dict[str, bytes]:
    if isinstance(tree, str):
        return {prefix: tree.encode("utf-8")}
    files: dict[str, bytes] = {}
    for name, sub in tree.items():  # type: ignore[union-attr]
        files.update(flatten_tree(sub, f"{prefix}/{name}" if prefix else name))
    return files


def app_sources(wheel: Path, modules: list[Path]) -> dict[str, bytes]:
    """Every Python source the page's interpreter holds in its working directory, by
    path there: the wheel's files, the page modules and PyScript's package."""
    sources: dict[str, bytes] = {}
    with zipfile.ZipFile(wheel) as zf:
        for name in zf.namelist():
            if name.endswith(".py"):
                sources[name] = zf.read(name)
    for path in modules:
        sources[path.relative_to(WEB).as_posix()] = path.read_bytes()
    for rel, data in pyscript_python_sources().items():
        sources[rel] = data
    return dict(sorted(sources.items()))


#: The engine's command line (``python -m scythe_core``, ``simulate`` on every core):
#: in the wheel, never imported by the page, so their imports (argparse,
#: multiprocessing) are not kept in the trimmed standard library.
COMMAND_LINE_ONLY = ("scythe_core/__main__.py", "scythe_core/io/simulate.py")


def is_command_line_only(rel: str) -> bool:
    return rel.endswith(COMMAND_LINE_ONLY)


def module_name(rel: str) -> str:
    parts = rel[:-3].split("/")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def precompile(wheel: Path, modules: list[Path]) -> Bytecode:
    """The bytecode for this build, compiled by the pinned Pyodide (cached by content)."""
    sources = app_sources(wheel, modules)
    pyodide_dir = NODE_MODULES / "pyodide"
    stock = (pyodide_dir / "python_stdlib.zip").read_bytes()
    key = bytecode_key(sources, package_version("pyodide"), stock)
    cached = BYTECODE_CACHE / key
    if not (cached / "meta.json").exists():
        compile_with_pyodide(sources, cached)
    meta = json.loads((cached / "meta.json").read_text())
    app_bundle = (cached / "app.bin").read_bytes()
    return Bytecode(stdlib_zip=cached / "python_stdlib.zip", app_bundle=app_bundle, meta=meta)


def bytecode_key(sources: dict[str, bytes], pyodide_version: str, stock_stdlib: bytes) -> str:
    """The bytecode cache key: every source, the Pyodide version and its stock standard
    library, and the compiling code itself."""
    parts = [pyodide_version.encode(), stock_stdlib, PRECOMPILE_JS.encode(), PRECOMPILE_PY.encode()]
    parts.append("\n".join(DYNAMIC_STDLIB).encode())
    parts.append("\n".join(COMMAND_LINE_ONLY).encode())
    parts += [rel.encode() + b"\0" + data for rel, data in sources.items()]
    digest = hashlib.sha256()
    for part in parts:
        digest.update(hashlib.sha256(part).digest())
    return digest.hexdigest()[:20]


def compile_with_pyodide(sources: dict[str, bytes], out: Path) -> None:
    node = shutil.which("node")
    if not node:
        sys.exit("build.py: node not found; install Node.js 20 first (it runs Pyodide to compile).")
    log(
        f"compiling {len(sources)} modules and the standard library with Pyodide {package_version('pyodide')}"
    )
    not_stdlib = sorted(
        {rel.split("/")[0].removesuffix(".py") for rel in sources}
        | {"js", "pyodide_js", "polyscript", "pyscript"}
    )
    spec = {
        "home": PYODIDE_HOME,
        "app_sources": list(sources),
        "app_modules": [module_name(rel) for rel in sources if not is_command_line_only(rel)],
        "dynamic": list(DYNAMIC_STDLIB),
        "not_stdlib": not_stdlib,
    }
    pyodide_dir = (NODE_MODULES / "pyodide").as_posix()
    script = PRECOMPILE_JS.replace("PYODIDE_MJS", f"{pyodide_dir}/pyodide.mjs").replace(
        "PYODIDE_DIR", pyodide_dir
    )
    with tempfile.TemporaryDirectory(prefix="scythe-pyc-") as tmp:
        work = Path(tmp)
        for rel, data in sources.items():
            (work / "app" / rel).parent.mkdir(parents=True, exist_ok=True)
            (work / "app" / rel).write_bytes(data)
        (work / "spec.json").write_text(json.dumps(spec))
        (work / "precompile.py").write_text(PRECOMPILE_PY)
        (work / "precompile.mjs").write_text(script)
        run = subprocess.run(
            [node, str(work / "precompile.mjs"), str(work)], capture_output=True, text=True
        )
        if run.returncode != 0:
            sys.exit(
                f"build.py: compiling with Pyodide failed:\n{(run.stdout + run.stderr)[-4000:]}"
            )
        meta = json.loads((work / "out" / "meta.json").read_text())
        check_magic(work / "out", meta)
        bundle = app_bundle(
            {rel: (work / "out" / "app" / rel).read_bytes() for rel in meta["app_pycs"]}
        )
        shutil.rmtree(BYTECODE_CACHE, ignore_errors=True)
        out.mkdir(parents=True)
        shutil.copy2(work / "out" / "python_stdlib.zip", out / "python_stdlib.zip")
        (out / "app.bin").write_bytes(bundle)
        (out / "meta.json").write_text(json.dumps(meta, indent=1) + "\n")


def check_magic(out: Path, meta: dict) -> None:
    """Every .pyc starts with the magic number of the Pyodide that compiled it, and that
    Pyodide is the pinned one (its Python reported it)."""
    magic = bytes.fromhex(meta["magic"])
    with zipfile.ZipFile(out / "python_stdlib.zip") as zf:
        bad = [n for n in zf.namelist() if zf.read(n)[:4] != magic]
    bad += [p for p in meta["app_pycs"] if (out / "app" / p).read_bytes()[:4] != magic]
    if bad:
        sys.exit(f"build.py: .pyc files with a magic number other than {meta['magic']}: {bad[:5]}")


def app_bundle(files: dict[str, bytes]) -> bytes:
    """A bundle of files (``bytecode/app.bin``): gzip of a JSON header line
    (``[[path, size], ...]``) and the files' bytes one after the other, written out by
    web/interpreter.mjs."""
    header = json.dumps([[rel, len(data)] for rel, data in files.items()]).encode() + b"\n"
    return gzip.compress(header + b"".join(files.values()), compresslevel=9, mtime=0)


def bundled_files(bundle: bytes) -> dict[str, bytes]:
    """The files of an :func:`app_bundle`, by path."""
    header, _, body = gzip.decompress(bundle).partition(b"\n")
    files, offset = {}, 0
    for rel, size in json.loads(header):
        files[rel] = body[offset : offset + size]
        offset += size
    if offset != len(body):
        raise ValueError("app bundle: bad length")
    return files


# ---------------------------------------------------------------------- assemble


def pyscript_files() -> list[str]:
    """Names in @pyscript/core/dist that the page may load (see PYSCRIPT_UNUSED)."""
    src = NODE_MODULES / "@pyscript" / "core" / "dist"
    names = sorted(p.name for p in src.iterdir() if p.is_file())
    dropped = {n for n in names if PYSCRIPT_UNUSED.search(n)}
    changed = True
    while changed:  # drop chunks that statically import a dropped chunk
        changed = False
        for name in names:
            if name in dropped or not name.endswith(".js"):
                continue
            imports = set(STATIC_IMPORT.findall((src / name).read_text(encoding="utf-8")))
            if imports & dropped:
                dropped.add(name)
                changed = True
    return [n for n in names if n not in dropped]


def web_modules() -> list[Path]:
    return sorted(p for p in WEB.rglob("*.py") if not is_junk(p))


def web_catalogues() -> list[Path]:
    """The page's compiled translation catalogues (``locale/<lang>/LC_MESSAGES/page.mo``)."""
    return sorted(p for p in WEB.glob("locale/*/LC_MESSAGES/*.mo") if p.is_file())


def check_syntax(paths: list[Path]) -> None:
    for path in paths:
        compile(path.read_text(encoding="utf-8"), str(path), "exec")


def pyscript_config() -> dict:
    """The PyScript config: our interpreter module, which also writes the page's files
    (PyScript's own ``files`` would fetch them one by one and unpack the wheel in Python,
    about 150 ms of a cold start: see web/interpreter.mjs)."""
    return {"interpreter": f"./{INTERPRETER}"}


def page_files(wheel: Path, modules: list[Path], catalogues: list[Path]) -> dict[str, bytes]:
    """What the page's Python reads from its working directory, by path there: the wheel
    unpacked, the page modules and the page's catalogues (``strings.py`` reads
    ``./locale/...``). They go to the page inside ``bytecode/app.bin``."""
    files: dict[str, bytes] = {}
    with zipfile.ZipFile(wheel) as zf:
        for name in zf.namelist():
            if not name.endswith("/"):
                files[name] = zf.read(name)
    for path in (*modules, *catalogues):
        files[path.relative_to(WEB).as_posix()] = path.read_bytes()
    return files


def fallback_sources(wheel: Path, modules: list[Path], catalogues: list[Path]) -> dict:
    """Where the fallback start (app.bin unusable) fetches the page's files: the wheel,
    and each module and catalogue (site URL -> path in the working directory)."""
    files = [
        [f"./py/{p.relative_to(WEB).as_posix()}", p.relative_to(WEB).as_posix()] for p in modules
    ]
    files += [
        [f"./{p.relative_to(WEB).as_posix()}", p.relative_to(WEB).as_posix()] for p in catalogues
    ]
    return {"wheel": f"./wheels/{wheel.name}", "files": files}


INTERPRETER = "interpreter.mjs"
INTERPRETER_LINE = "const BYTECODE = null;"


def interpreter_module(
    plan: dict[str, Path | bytes],
    bytecode: Bytecode,
    sources: dict | None = None,
    template: Path = WEB / INTERPRETER,
) -> bytes:
    """interpreter.mjs: web/interpreter.mjs with this build's BYTECODE filled in."""
    text = template.read_text(encoding="utf-8")
    if text.count(INTERPRETER_LINE) != 1:
        sys.exit(f"build.py: {template.name} must contain the line {INTERPRETER_LINE!r} once")
    files = {
        name: {"url": f"./{rel}", "integrity": integrity_of(file_bytes(plan[rel]))}
        for name, rel in (("stdlib", BYTECODE_STDLIB), ("app", BYTECODE_APP))
    }
    value = {**files, "magic": bytecode.meta["magic"], "sources": sources or {"files": []}}
    return text.replace(INTERPRETER_LINE, f"const BYTECODE = {json.dumps(value)};").encode()


def integrity_of(data: bytes) -> str:
    return "sha256-" + base64.b64encode(hashlib.sha256(data).digest()).decode()


def plan_site(wheel: Path) -> dict[str, Path | bytes]:
    """Every file of dist/: relative path -> source file or generated bytes."""
    plan: dict[str, Path | bytes] = {}
    for path in sorted(WEB.rglob("*")):
        rel = path.relative_to(WEB).as_posix()
        if not path.is_file() or is_junk(path) or path.name.startswith("."):
            continue
        if path.suffix == ".po":  # the catalogues' source; the page reads the .mo
            continue
        plan[f"py/{rel}" if path.suffix == ".py" else rel] = path
    modules = web_modules()
    check_syntax(modules)
    catalogues = web_catalogues()
    plan["pyscript.json"] = (json.dumps(pyscript_config(), indent=2) + "\n").encode()
    bytecode = precompile(wheel, modules)
    plan[BYTECODE_STDLIB] = bytecode.stdlib_zip
    files = page_files(wheel, modules, catalogues)
    plan[BYTECODE_APP] = app_bundle({**files, **bundled_files(bytecode.app_bundle)})
    sources = fallback_sources(wheel, modules, catalogues)
    plan[INTERPRETER] = interpreter_module(plan, bytecode, sources)
    plan[f"wheels/{wheel.name}"] = wheel
    pyodide = NODE_MODULES / "pyodide"
    for name in PYODIDE_RUNTIME:
        plan[f"vendor/pyodide/{name}"] = vendored(pyodide / name)
    pyscript = NODE_MODULES / "@pyscript" / "core" / "dist"
    for name in pyscript_files():
        plan[f"vendor/pyscript/{name}"] = vendored(pyscript / name)
    versions = {
        "scythe_core": wheel.name.split("-")[1],
        "pyodide": package_version("pyodide"),
        "@pyscript/core": package_version("@pyscript/core"),
    }
    plan["build-info.json"] = (json.dumps(versions, indent=2) + "\n").encode()
    check_manifest(plan)
    plan[SERVICE_WORKER] = service_worker(plan)
    return plan


# ------------------------------------------------------- offline and installable

SERVICE_WORKER = "sw.js"
#: Files only the fallback start reads (web/interpreter.mjs, when the precompiled
#: bytecode cannot be used: the stock standard library; the wheel, the page modules and
#: catalogues, which bytecode/app.bin also holds): not precached, so a first visit does
#: not download them.
FALLBACK_ONLY = re.compile(
    r"vendor/pyodide/python_stdlib\.zip|wheels/[^/]+\.whl|py/.+\.py|locale/[^/]+/LC_MESSAGES/[^/]+\.mo"
)


def is_fallback_only(rel: str) -> bool:
    return FALLBACK_ONLY.fullmatch(rel) is not None


MANIFEST = "manifest.webmanifest"
SW_VERSION_LINE = 'const VERSION = "dev";'
SW_PRECACHE_LINE = 'const PRECACHE = [["./", ""]];'


def file_bytes(src: Path | bytes) -> bytes:
    return src.read_bytes() if isinstance(src, Path) else src


def service_worker(plan: dict[str, Path | bytes], template: Path = WEB / SERVICE_WORKER) -> bytes:
    """dist/sw.js: web/sw.js with this build's VERSION and PRECACHE list filled in.

    PRECACHE names every other file of the site but FALLBACK_ONLY (and ``./``, the page itself) with
    its SHA-256 for the fetch's ``integrity`` check. VERSION is a hash of all of
    them and of the worker template, so any change to the site gives a new cache.
    """
    text = template.read_text(encoding="utf-8")
    for line in (SW_VERSION_LINE, SW_PRECACHE_LINE):
        if text.count(line) != 1:
            sys.exit(f"build.py: {template.name} must contain the line {line!r} once")
    version = hashlib.sha256(text.encode())
    entries = []
    for rel in sorted(plan):
        if rel == SERVICE_WORKER or is_fallback_only(rel):
            continue
        digest = hashlib.sha256(file_bytes(plan[rel])).digest()
        version.update(rel.encode() + b"\0" + digest)
        integrity = "sha256-" + base64.b64encode(digest).decode()
        entries.append([f"./{rel}", integrity])
        if rel == "index.html":  # the page as it is usually asked for: the directory URL
            entries.insert(0, ["./", integrity])
    precache = ",\n  ".join(json.dumps(entry) for entry in entries)
    text = text.replace(SW_VERSION_LINE, f'const VERSION = "{version.hexdigest()[:20]}";')
    text = text.replace(SW_PRECACHE_LINE, f"const PRECACHE = [\n  {precache},\n];")
    return text.encode()


def sw_version(sw_text: str) -> str:
    """The VERSION a generated sw.js caches under (its cache name ends with it)."""
    match = re.search(r'^const VERSION = "([0-9a-f]+)";$', sw_text, re.M)
    if not match:
        raise ValueError("no VERSION line in this sw.js")
    return match.group(1)


def check_manifest(plan: dict[str, Path | bytes]) -> None:
    """The web app manifest parses and every icon it names is part of the site."""
    if MANIFEST not in plan:
        return
    try:
        manifest = json.loads(file_bytes(plan[MANIFEST]))
    except ValueError as exc:
        sys.exit(f"build.py: web/{MANIFEST} is not valid JSON: {exc}")
    for icon in manifest.get("icons", []):
        rel = icon["src"].removeprefix("./")
        if rel not in plan:
            sys.exit(f"build.py: web/{MANIFEST} names {icon['src']}, which is not in web/")


def vendored(path: Path) -> Path | bytes:
    """A vendored file, minus the source-map comment (the maps are not shipped)."""
    if path.suffix not in (".js", ".mjs"):
        return path
    data = path.read_bytes()
    stripped = SOURCE_MAP_COMMENT.sub(b"\n", data)
    return path if stripped == data else stripped


def sync(plan: dict[str, Path | bytes], out: Path) -> int:
    """Make ``out`` hold exactly ``plan``; touch only changed files. Returns the count."""
    changed = 0
    for rel, src in plan.items():
        dest = out / rel
        if isinstance(src, Path):
            st = src.stat()
            if dest.exists() and same_stat(dest.stat(), st):
                continue
            dest.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dest)
        else:
            if dest.exists() and dest.read_bytes() == src:
                continue
            dest.parent.mkdir(parents=True, exist_ok=True)
            dest.write_bytes(src)
        changed += 1
    keep = set(plan)
    for path in sorted(out.rglob("*"), reverse=True):
        rel = path.relative_to(out).as_posix()
        if path.is_file() and rel not in keep:
            path.unlink()
            changed += 1
        elif path.is_dir() and not any(path.iterdir()):
            path.rmdir()
    return changed


def same_stat(a: os.stat_result, b: os.stat_result) -> bool:
    return a.st_size == b.st_size and a.st_mtime_ns == b.st_mtime_ns


def build(out: Path = DIST) -> Path:
    """Build the whole site into ``out`` and return it."""
    ensure_node_modules()
    wheel = build_wheel()
    out.mkdir(parents=True, exist_ok=True)
    plan = plan_site(wheel)
    changed = sync(plan, out)
    log(
        f"{out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}: {len(plan)} files, {changed} changed"
    )
    return out


# ------------------------------------------------------------------------- serve


class SiteHandler(SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs, optionally under a sub-path."""

    base = "/"
    quiet = False
    extensions_map = {
        ".html": "text/html; charset=utf-8",
        ".css": "text/css; charset=utf-8",
        ".js": "text/javascript; charset=utf-8",
        ".mjs": "text/javascript; charset=utf-8",
        ".json": "application/json",
        ".webmanifest": "application/manifest+json",
        ".wasm": "application/wasm",
        ".whl": "application/zip",
        ".zip": "application/zip",
        ".py": "text/x-python; charset=utf-8",
        ".svg": "image/svg+xml",
        ".png": "image/png",
        ".ico": "image/x-icon",
        ".txt": "text/plain; charset=utf-8",
        "": "application/octet-stream",
    }

    def translate_path(self, path: str) -> str:
        url_path = unquote(urlsplit(path).path)
        return super().translate_path("/" + url_path[len(self.base) :])

    def send_head(self):
        if not unquote(urlsplit(self.path).path).startswith(self.base):
            self.send_error(404, f"Not under {self.base}")
            return None
        return super().send_head()

    def do_GET(self) -> None:
        if self.base != "/" and self.path in ("/", self.base.rstrip("/")):
            self.send_response(302)
            self.send_header("Location", self.base)
            self.end_headers()
            return
        super().do_GET()

    def end_headers(self) -> None:
        # Always revalidate (cheap 304s): a rebuilt page is never stale.
        self.send_header("Cache-Control", "no-cache")
        # As web/_headers asks of hosts that can: no framing by other sites.
        self.send_header("Content-Security-Policy", "frame-ancestors 'none'")
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (stdlib signature)
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True
    base = "/"

    def handle_error(self, request, client_address) -> None:
        if isinstance(sys.exc_info()[1], ConnectionError):
            return  # the browser went away mid-response (reload, closed tab): not our error
        super().handle_error(request, client_address)


def make_server(
    directory: Path = DIST, port: int = 0, base: str = "/", quiet: bool = False
) -> SiteServer:
    """An HTTP server for ``directory`` on 127.0.0.1 (port 0 picks a free port)."""
    base = "/" + base.strip("/") + "/" if base.strip("/") else "/"
    handler = type("Handler", (SiteHandler,), {"base": base, "quiet": quiet})
    server = SiteServer(("127.0.0.1", port), functools.partial(handler, directory=str(directory)))
    server.base = base
    return server


def server_url(server: SiteServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host}:{port}{server.base}"


def serve(port: int, base: str, quiet: bool) -> None:
    try:
        server = make_server(DIST, port, base, quiet)
    except OSError as exc:
        sys.exit(f"build.py: cannot listen on 127.0.0.1:{port} ({exc.strerror}); try --port 0")
    print(f"Serving Scythe at {server_url(server)}  (Ctrl+C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("\nStopped.")
    finally:
        server.server_close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", nargs="?", choices=["build", "serve"], default="build")
    parser.add_argument("--port", type=int, default=8000, help="serve: port (0 = any free)")
    parser.add_argument("--base", default="/", help="serve: URL sub-path, e.g. /scythe/")
    parser.add_argument("--quiet", action="store_true", help="serve: no request log")
    args = parser.parse_args(argv)
    build()
    if args.command == "serve":
        serve(args.port, args.base, args.quiet)


if __name__ == "__main__":
    main()
