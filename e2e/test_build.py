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
    config = json.loads((dist / "pyscript.json").read_text())
    assert config["interpreter"] == "./interpreter.mjs"
    interpreter = (dist / "interpreter.mjs").read_text()
    assert 'from "./vendor/pyodide/pyodide.mjs"' in interpreter
    for source, target in config["files"].items():
        assert source.startswith("./") and target.startswith("./")
        assert (dist / source).is_file(), source
    for name in ("index.html", "style.css", "pyscript.json"):
        assert "//" not in re.sub(r"<!--.*?-->", "", (dist / name).read_text(), flags=re.S)


def test_the_page_catalogues_reach_the_site_compiled(dist, build_module):
    config = json.loads((dist / "pyscript.json").read_text())
    for lang in ("en", "nl"):
        rel = f"locale/{lang}/LC_MESSAGES/page.mo"
        assert (dist / rel).read_bytes() == (build_module.WEB / rel).read_bytes()
        assert config["files"][f"./{rel}"] == f"./{rel}"
        assert f'"./{rel}"' in (dist / "sw.js").read_text()
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
