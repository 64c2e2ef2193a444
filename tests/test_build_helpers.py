"""build.py's helpers for the precompiled start (no browser, no Node)."""

from __future__ import annotations

import gzip
import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def build():
    spec = importlib.util.spec_from_file_location("scythe_build_helpers", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_js_object_literal_of_strings_reads_as_nested_files(build):
    text = (
        'x=1;wo(".",{pyscript:{"__init__.py":"import a\\nb = \\"q\\"\\n",sub:{"c.py":"\\\\t"}}});'
    )
    start = text.index(build.PYSCRIPT_PACKAGE_MARK)
    tree, end = build.parse_js_literal(text, start)
    assert text[end:] == ");"
    assert build.flatten_tree(tree) == {
        "pyscript/__init__.py": b'import a\nb = "q"\n',
        "pyscript/sub/c.py": b"\\t",
    }


@pytest.mark.parametrize("bad", ["{a:1}", '{a "x"}', '{"a":"x"'])
def test_a_literal_of_another_shape_is_refused(build, bad):
    with pytest.raises((ValueError, IndexError)):
        build.parse_js_literal(bad, 0)


def test_pyscripts_own_package_is_found_in_its_bundle(build):
    if not (build.NODE_MODULES / "@pyscript" / "core" / "dist").exists():
        pytest.skip("node_modules not installed")
    files = build.pyscript_python_sources()
    assert "pyscript/__init__.py" in files and "pyscript/web.py" in files
    for source in files.values():
        compile(source, "<pyscript>", "exec")  # each one is whole Python


def test_module_names_of_paths(build):
    assert build.module_name("scythe_core/__init__.py") == "scythe_core"
    assert build.module_name("scythe_core/io/records.py") == "scythe_core.io.records"
    assert build.module_name("ui.py") == "ui"


def test_the_app_bundle_reads_back_as_its_files(build, tmp_path):
    files = {"__pycache__/a.cpython-314.pyc": b"abc", "p/__pycache__/b.cpython-314.pyc": b""}
    for rel, data in files.items():
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_bytes(data)
    raw = gzip.decompress(build.app_bundle(tmp_path, list(files)))
    header, _, body = raw.partition(b"\n")
    offset, back = 0, {}
    for rel, size in json.loads(header):
        back[rel] = body[offset : offset + size]
        offset += size
    assert back == files and offset == len(body)
    assert build.app_bundle(tmp_path, list(files)) == build.app_bundle(tmp_path, list(files))


def test_the_interpreter_module_gets_this_builds_bytecode(build):
    plan = {build.BYTECODE_STDLIB: b"zip bytes", build.BYTECODE_APP: b"app bytes"}
    bytecode = build.Bytecode(stdlib_zip=Path("unused"), app_bundle=b"", meta={"magic": "2b0e0d0a"})
    text = build.interpreter_module(plan, bytecode).decode()
    assert build.INTERPRETER_LINE not in text
    line = next(x for x in text.splitlines() if x.startswith("const BYTECODE = "))
    value = json.loads(line.removeprefix("const BYTECODE = ").removesuffix(";"))
    assert value["magic"] == "2b0e0d0a"
    assert value["stdlib"] == {
        "url": "./bytecode/python_stdlib.zip",
        "integrity": build.integrity_of(b"zip bytes"),
    }
    assert value["app"]["integrity"] == build.integrity_of(b"app bytes")


def test_the_fallback_only_file_is_left_out_of_the_precache(build):
    plan = {"index.html": b"<p>", "vendor/pyodide/python_stdlib.zip": b"zip", "a.js": b"1"}
    worker = build.service_worker(plan).decode()
    assert '"./a.js"' in worker and '"./index.html"' in worker
    assert "python_stdlib.zip" not in worker.split("const PRECACHE")[1].split("];")[0]
