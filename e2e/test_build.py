"""build.py and its dist/ (no browser): contents, relative URLs, caching, MIME types."""

from __future__ import annotations

import json
import re
import threading
import time
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

import pytest


def dist_files(dist: Path) -> set[str]:
    return {p.relative_to(dist).as_posix() for p in dist.rglob("*") if p.is_file()}


def test_dist_holds_only_what_the_page_needs(dist, build_module):
    files = dist_files(dist)
    vendor_pyodide = {f for f in files if f.startswith("vendor/pyodide/")}
    assert vendor_pyodide == {f"vendor/pyodide/{n}" for n in build_module.PYODIDE_RUNTIME}
    assert {"index.html", "style.css", "pyscript.json", "py/main.py"} <= files
    assert "vendor/pyscript/core.js" in files
    assert not [f for f in files if f.endswith(".map") or re.search(r"codemirror|xterm", f)]
    wheels = [f for f in files if f.endswith(".whl")]
    assert len(wheels) == 1 and wheels[0].endswith("-py3-none-any.whl")


def test_every_url_is_relative_and_local(dist):
    html = (dist / "index.html").read_text()
    refs = re.findall(r'(?:src|href|config)="([^"]+)"', html)
    assert refs and all(ref.startswith("./") for ref in refs), refs
    preloads = re.findall(r'<link rel="modulepreload" href="([^"]+)">', html)
    assert preloads == ["./interpreter.mjs", "./vendor/pyodide/pyodide.mjs"]
    assert all((dist / ref).is_file() for ref in preloads)
    config = json.loads((dist / "pyscript.json").read_text())
    assert config["interpreter"] == "./interpreter.mjs"
    interpreter = (dist / "interpreter.mjs").read_text()
    assert 'from "./vendor/pyodide/pyodide.mjs"' in interpreter
    assert set(config) == {"interpreter"}, "the page's files come with app.bin, not PyScript"
    sources = bytecode_of(interpreter)["sources"]
    urls = [sources["wheel"]] + [url for url, _path in sources["files"]]
    for url in urls:
        assert url.startswith("./") and (dist / url).is_file(), url
    for name in ("index.html", "style.css", "pyscript.json"):
        assert "//" not in re.sub(r"<!--.*?-->", "", (dist / name).read_text(), flags=re.S)


def bytecode_of(interpreter: str) -> dict:
    line = next(x for x in interpreter.splitlines() if x.startswith("const BYTECODE = "))
    return json.loads(line.removeprefix("const BYTECODE = ").removesuffix(";"))


def test_app_bin_holds_every_file_of_the_page_with_its_bytecode(dist, build_module):
    """The wheel's files, every page module and catalogue, and a .pyc for each module."""
    files = build_module.bundled_files((dist / "bytecode" / "app.bin").read_bytes())
    wheel = next((dist / "wheels").glob("*.whl"))
    with zipfile.ZipFile(wheel) as zf:
        for name in zf.namelist():
            if not name.endswith("/"):
                assert files[name] == zf.read(name), name
    for path in build_module.web_modules():
        rel = path.relative_to(build_module.WEB).as_posix()
        assert files[rel] == path.read_bytes() == (dist / "py" / rel).read_bytes()
        cached = f"__pycache__/{path.stem}.cpython-314.pyc"
        assert files[str(Path(rel).parent / cached).removeprefix("./")], rel
    assert any(rel.startswith("scythe_core/__pycache__/") for rel in files)
    assert any(rel.startswith("pyscript/__pycache__/") for rel in files)


def test_the_page_catalogues_reach_the_site_compiled(dist, build_module):
    files = build_module.bundled_files((dist / "bytecode" / "app.bin").read_bytes())
    fallback = bytecode_of((dist / "interpreter.mjs").read_text())["sources"]["files"]
    for lang in ("en", "nl"):
        rel = f"locale/{lang}/LC_MESSAGES/page.mo"
        assert (dist / rel).read_bytes() == (build_module.WEB / rel).read_bytes() == files[rel]
        assert [f"./{rel}", rel] in fallback
    assert not list(dist.rglob("*.po")), "the .po sources stay out of the site"


def test_vendored_js_does_not_point_at_missing_source_maps(dist):
    for path in (dist / "vendor").rglob("*js"):
        assert b"sourceMappingURL=" not in path.read_bytes()[-300:], path


def test_a_rebuild_with_no_change_is_fast_and_touches_nothing(dist, build_module):
    before = {p: p.stat().st_mtime_ns for p in dist.rglob("*") if p.is_file()}
    started = time.perf_counter()
    build_module.build()
    assert time.perf_counter() - started < 5
    after = {p: p.stat().st_mtime_ns for p in dist.rglob("*") if p.is_file()}
    assert after == before


def test_the_fallback_wheel_writer_matches_the_pip_wheel(dist, build_module, tmp_path):
    """Without pip, build.py writes the wheel itself; it must hold the same files."""
    built = next((dist / "wheels").glob("*.whl"))
    fallback = build_module.write_wheel(build_module.ROOT, build_module.project_table(), tmp_path)
    assert fallback.name == built.name
    with zipfile.ZipFile(built) as a, zipfile.ZipFile(fallback) as b:
        names_a = {n for n in a.namelist() if ".dist-info/" not in n}
        names_b = {n for n in b.namelist() if ".dist-info/" not in n}
        assert names_a == names_b
        assert all(a.read(n) == b.read(n) for n in names_a)
        for lang in ("en", "nl"):  # the engine's words travel in the wheel
            assert f"scythe_core/locale/{lang}/LC_MESSAGES/engine.mo" in names_a
        meta = b.read(next(n for n in b.namelist() if n.endswith("METADATA"))).decode()
        assert "Name: scythe_core" in meta


@pytest.fixture(scope="module")
def mime_server(build_module, dist):
    server = build_module.make_server(dist, port=0, base="/sub/", quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield build_module.server_url(server)
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(
    ("path", "mime"),
    [
        ("", "text/html"),
        ("vendor/pyodide/pyodide.asm.wasm", "application/wasm"),
        ("vendor/pyodide/pyodide.mjs", "text/javascript"),
        ("vendor/pyodide/python_stdlib.zip", "application/zip"),
        ("vendor/pyscript/core.js", "text/javascript"),
        ("pyscript.json", "application/json"),
    ],
)
def test_the_server_sends_the_right_mime_types(mime_server, path, mime):
    with urllib.request.urlopen(mime_server + path) as response:
        assert response.headers["Content-Type"].split(";")[0] == mime


def test_the_server_serves_the_wheel_as_zip(mime_server, dist):
    wheel = next((dist / "wheels").glob("*.whl")).name
    with urllib.request.urlopen(f"{mime_server}wheels/{wheel}") as response:
        assert response.headers["Content-Type"] == "application/zip"


def test_the_server_keeps_to_its_sub_path(mime_server):
    root = mime_server.split("/sub/")[0]
    with urllib.request.urlopen(root + "/") as response:  # redirected to /sub/
        assert response.url == mime_server
    with pytest.raises(urllib.error.HTTPError) as err:
        urllib.request.urlopen(root + "/index.html")
    assert err.value.code == 404


# --------------------------------------------------------------- the bytecode

TRIMMED_IMPORTS_JS = r"""
import { loadPyodide } from "PYODIDE_DIR/pyodide.mjs";
import { readFileSync } from "node:fs";
const [work, stdlib] = process.argv.slice(2);
const pyodide = await loadPyodide({ indexURL: "PYODIDE_DIR/", stdLibURL: stdlib });
pyodide.mountNodeFS("/work", work);
try {
  console.log(pyodide.runPython(readFileSync(work + "/check.py", "utf8")));
} catch (error) {
  console.log(String(error.message || error).slice(-3000));
  process.exit(1);
}
"""

#: Under the trimmed standard library: every standard-library module that any import
#: statement of the engine, the page or PyScript's package names (also inside functions)
#: imports, as do the text codecs. Prints the failures as JSON.
TRIMMED_IMPORTS_PY = r"""
import ast, codecs, importlib, importlib.util, json, os, sys
stock = set(json.load(open("/work/stock.json")))
app = "/work/app"
wanted = set()
for folder, _, names in os.walk(app):
    for leaf in names:
        rel = os.path.relpath(os.path.join(folder, leaf), app)
        if not leaf.endswith(".py") or rel.endswith(COMMAND_LINE_ONLY):  # not in the page
            continue
        package = os.path.dirname(rel).replace("/", ".")
        for node in ast.walk(ast.parse(open(os.path.join(app, rel), "rb").read())):
            if isinstance(node, ast.Import):
                wanted.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parent = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                    base = parent + ("." + base if base else "")
                wanted.add(base)
                wanted.update(base + "." + alias.name for alias in node.names)
failures = []
for name in sorted(n for n in wanted if n in stock):
    try:
        importlib.import_module(name)
    except Exception as exc:
        failures.append(f"{name}: {type(exc).__name__}: {exc}")
for encoding in ("utf-8", "utf-8-sig", "latin-1", "ascii", "utf-16", "idna", "cp1252"):
    try:
        codecs.lookup(encoding)
    except Exception as exc:
        failures.append(f"codec {encoding}: {exc}")
# Each checked-hash .pyc of app.bin matches its source (else Python would recompile it).
import zlib
raw = zlib.decompress(open("/work/app.bin", "rb").read(), 16 + zlib.MAX_WBITS)  # gzip
header, _, body = raw.partition(b"\n")
offset = 0
for path, size in json.loads(header):
    pyc = body[offset : offset + size]
    offset += size
    if "__pycache__/" not in path:  # a source or data file of the page
        continue
    folder, leaf = os.path.split(os.path.dirname(path))[0], os.path.basename(path)
    source = os.path.join(app, folder, leaf.split(".")[0] + ".py")
    if pyc[8:16] != importlib.util.source_hash(open(source, "rb").read()):
        failures.append(f"{path}: not the hash of {source}")
json.dumps({"checked": len([n for n in wanted if n in stock]), "failures": failures})
"""


def stock_stdlib_modules(build_module) -> list[str]:
    """Every module of Pyodide's stock standard library (its zip of sources)."""
    with zipfile.ZipFile(build_module.NODE_MODULES / "pyodide" / "python_stdlib.zip") as zf:
        names = [n for n in zf.namelist() if n.endswith(".py")]
    return sorted(build_module.module_name(n) for n in names)


def test_every_import_of_the_page_works_under_the_trimmed_stdlib(build_module, dist, tmp_path):
    """Runs the pinned Pyodide under Node with the site's trimmed standard library: an
    import of a module the build left out fails here (and the list is not empty)."""
    import shutil
    import subprocess

    node = shutil.which("node")
    if not node:
        pytest.skip("node not found")
    wheel = next((dist / "wheels").glob("*.whl"))
    for rel, data in build_module.app_sources(wheel, build_module.web_modules()).items():
        (tmp_path / "app" / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / "app" / rel).write_bytes(data)
    (tmp_path / "stock.json").write_text(json.dumps(stock_stdlib_modules(build_module)))
    (tmp_path / "check.py").write_text(
        f"COMMAND_LINE_ONLY = {build_module.COMMAND_LINE_ONLY!r}\n" + TRIMMED_IMPORTS_PY
    )
    (tmp_path / "app.bin").write_bytes((dist / "bytecode" / "app.bin").read_bytes())
    pyodide_dir = (build_module.NODE_MODULES / "pyodide").as_posix()
    (tmp_path / "check.mjs").write_text(TRIMMED_IMPORTS_JS.replace("PYODIDE_DIR", pyodide_dir))
    stdlib = dist / "bytecode" / "python_stdlib.zip"
    run = subprocess.run(
        [node, str(tmp_path / "check.mjs"), str(tmp_path), str(stdlib)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-3000:]
    result = json.loads(run.stdout.strip().splitlines()[-1])
    assert result["checked"] > 20, result
    assert result["failures"] == []
    with zipfile.ZipFile(stdlib) as zf:  # and it is trimmed: not the whole library
        held = {build_module.module_name(n.removesuffix("c")) for n in zf.namelist()}
    assert len(held) < len(stock_stdlib_modules(build_module)) / 2
    assert {"json", "gettext", "dataclasses", "encodings.utf_8"} <= held
    assert not {"pydoc", "unittest", "multiprocessing", "tkinter", "doctest"} & held


def bytecode_config(dist: Path) -> dict:
    text = (dist / "interpreter.mjs").read_text()
    match = re.search(r"^const BYTECODE = (\{.*\});$", text, re.M)
    assert match, "interpreter.mjs names no bytecode"
    return json.loads(match.group(1))


def test_the_bytecode_files_are_what_the_interpreter_module_expects(dist):
    import base64
    import gzip
    import hashlib

    config = bytecode_config(dist)
    magic = bytes.fromhex(config["magic"])
    assert magic == (3627).to_bytes(2, "little") + b"\r\n", "Python 3.14's magic number"
    for name in ("stdlib", "app"):
        data = (dist / config[name]["url"]).read_bytes()
        digest = base64.b64encode(hashlib.sha256(data).digest()).decode()
        assert config[name]["integrity"] == f"sha256-{digest}"
    with zipfile.ZipFile(dist / config["stdlib"]["url"]) as zf:
        for name in zf.namelist():
            pyc = zf.read(name)
            assert name.endswith(".pyc") and pyc[:4] == magic, name
            assert int.from_bytes(pyc[4:8], "little") == 0b01, "unchecked hash-based"
    raw = gzip.decompress((dist / config["app"]["url"]).read_bytes())
    header_line, _, body = raw.partition(b"\n")
    header = json.loads(header_line)
    assert sum(size for _, size in header) == len(body)
    paths = {path for path, _ in header}
    for module in ("main", "ui", "strings"):
        assert f"__pycache__/{module}.cpython-314.pyc" in paths
    assert "scythe_core/__pycache__/engine.cpython-314.pyc" in paths
    assert "pyscript/__pycache__/__init__.cpython-314.pyc" in paths
    offset = 0
    for path, size in header:
        data = body[offset : offset + size]
        offset += size
        if "__pycache__/" not in path:  # a source or data file of the page
            continue
        assert data[:4] == magic and int.from_bytes(data[4:8], "little") == 0b11, "checked hash"


def test_the_bytecode_is_rebuilt_when_a_source_or_pyodide_changes(build_module, dist):
    wheel = next((dist / "wheels").glob("*.whl"))
    sources = build_module.app_sources(wheel, build_module.web_modules())
    key = build_module.bytecode_key(sources, "314.0.7", b"stdlib")
    assert key == build_module.bytecode_key(dict(sources), "314.0.7", b"stdlib")
    edited = {**sources, "ui.py": sources["ui.py"] + b"\n# edited\n"}
    assert build_module.bytecode_key(edited, "314.0.7", b"stdlib") != key
    assert build_module.bytecode_key(sources, "314.0.8", b"stdlib") != key
    assert build_module.bytecode_key(sources, "314.0.7", b"other stdlib") != key
