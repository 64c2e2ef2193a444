"""build.py's helpers for the precompiled start (no browser, no Node)."""

from __future__ import annotations

import gzip
import importlib.util
import json
import zipfile
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


def test_the_app_bundle_reads_back_as_its_files(build):
    files = {
        "__pycache__/a.cpython-314.pyc": b"abc",
        "p/__pycache__/b.cpython-314.pyc": b"",
        "a.py": b"x",
    }
    bundle = build.app_bundle(files)
    raw = gzip.decompress(bundle)
    header, _, body = raw.partition(b"\n")
    offset, back = 0, {}
    for rel, size in json.loads(header):
        back[rel] = body[offset : offset + size]
        offset += size
    assert back == files and offset == len(body)
    assert build.bundled_files(bundle) == files
    assert build.app_bundle(files) == bundle
    with pytest.raises(ValueError):
        build.bundled_files(gzip.compress(raw + b"extra"))


def test_the_page_files_are_the_wheel_unpacked_the_modules_and_catalogues(build, tmp_path):
    wheel = tmp_path / "scythe_core-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        zf.writestr("scythe_core/__init__.py", "x = 1\n")
        zf.writestr("scythe_core-0.1.0.dist-info/METADATA", "Name: scythe_core\n")
    module = build.WEB / "main.py"
    catalogue = build.WEB / "locale" / "nl" / "LC_MESSAGES" / "page.mo"
    files = build.page_files(wheel, [module], [catalogue])
    assert files == {
        "scythe_core/__init__.py": b"x = 1\n",
        "scythe_core-0.1.0.dist-info/METADATA": b"Name: scythe_core\n",
        "main.py": module.read_bytes(),
        "locale/nl/LC_MESSAGES/page.mo": catalogue.read_bytes(),
    }
    fallback = build.fallback_sources(wheel, [module], [catalogue])
    assert fallback == {
        "wheel": f"./wheels/{wheel.name}",
        "files": [
            ["./py/main.py", "main.py"],
            ["./locale/nl/LC_MESSAGES/page.mo", "locale/nl/LC_MESSAGES/page.mo"],
        ],
    }


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
    assert value["sources"] == {"files": []}
    sources = {"wheel": "./wheels/w.whl", "files": [["./py/ui.py", "ui.py"]]}
    text = build.interpreter_module(plan, bytecode, sources).decode()
    line = next(x for x in text.splitlines() if x.startswith("const BYTECODE = "))
    assert (
        json.loads(line.removeprefix("const BYTECODE = ").removesuffix(";"))["sources"] == sources
    )


def test_the_fallback_only_files_are_left_out_of_the_precache(build):
    fallback = {
        "vendor/pyodide/python_stdlib.zip": b"zip",
        "wheels/scythe_core-0.1.0-py3-none-any.whl": b"whl",
        "py/ui.py": b"ui",
        "locale/nl/LC_MESSAGES/page.mo": b"mo",
    }
    kept = {"index.html": b"<p>", "a.js": b"1", "bytecode/app.bin": b"app", "py.js": b"2"}
    worker = build.service_worker({**kept, **fallback}).decode()
    precache = worker.split("const PRECACHE")[1].split("];")[0]
    assert all(f'"./{rel}"' in precache for rel in kept)
    assert not [rel for rel in fallback if rel in precache]
    assert not build.is_fallback_only("vendor/pyodide/pyodide.asm.wasm")
