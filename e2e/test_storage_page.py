"""web/storage.py inside Pyodide, against Chromium's real localStorage.

The unit tests (tests/test_storage.py) use a fake storage. This checks the two
things only a browser has: ``getItem`` of a missing key gives JavaScript ``null``
(not ``None``), and a full storage throws a JavaScript ``QuotaExceededError``.
A private copy of the site gets one extra page that runs the check below.
"""

from __future__ import annotations

import json
import threading

import pytest
from site_browser import open_page

pytestmark = pytest.mark.browser

CHECK_PAGE = """<!doctype html>
<html><head><meta charset="utf-8">
<script type="module" src="./vendor/pyscript/core.js"></script></head>
<body><script type="py" src="./check_storage.py" config="./pyscript.json"></script></body>
</html>
"""

CHECK_SCRIPT = """
import json

import js
from storage import SaveError, SaveStore, parse_fragment, share_fragment

from scythe_core import apply, legal_actions, new_game

out = {}
saves = SaveStore(js.localStorage)
now = js.Date.new().toISOString()
state = new_game({"seed": 5, "seats": [{"faction": "nordic"}, {"faction": "saxony"}]})
info = saves.autosave(state, now)
for _ in range(12):
    state = apply(state, legal_actions(state)[0])
    saves.autosave(state, now, game_id=info.id)
out["listed"] = [game.to_dict() for game in saves.list().games]
out["resumed"] = saves.resume(info.id).history == state.history
try:
    saves.resume("nothing-here")
except SaveError as exc:
    out["missing"] = exc.code
out["link"] = parse_fragment(share_fragment(state)).history == state.history

# Fill the storage, then save a longer game: refused, and the last save is kept.
fillers, error, size = 0, None, 1_000_000
while size >= 10 and fillers < 1000:
    try:
        js.localStorage.setItem(f"filler{fillers}", "x" * size)
        fillers += 1
    except Exception as exc:  # full at this size: try a tenth
        error = error or f"{type(exc).__name__}: {exc}"
        size //= 10
out["filler_error"] = error
kept = state
for _ in range(60):
    state = apply(state, legal_actions(state)[0])
try:
    saves.autosave(state, now, game_id=info.id)
    out["full"] = "saved"
except SaveError as exc:
    out["full"] = exc.code
    out["full_message"] = exc.message
out["kept"] = saves.resume(info.id).history == kept.history
for n in range(fillers + 1):
    js.localStorage.removeItem(f"filler{n}")
out["after_cleanup"] = saves.autosave(state, now, game_id=info.id).decisions
js.document.body.setAttribute("data-result", json.dumps(out))
js.document.body.setAttribute("data-ready", "1")
"""


def test_saves_work_with_the_browsers_local_storage(browser, build_module, dist, tmp_path):
    build_module.sync(build_module.plan_site(build_module.build_wheel()), tmp_path)
    (tmp_path / "check.html").write_text(CHECK_PAGE)
    (tmp_path / "check_storage.py").write_text(CHECK_SCRIPT)
    server = build_module.make_server(tmp_path, port=0, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    loaded = open_page(browser, build_module.server_url(server) + "check.html")
    try:
        out = json.loads(loaded.page.get_attribute("body", "data-result"))
        [game] = out["listed"]
        assert (game["factions"], game["decisions"]) == (["nordic", "saxony"], 12)
        assert out["resumed"] and out["link"]
        assert out["missing"] == "not_found"
        assert "QuotaExceededError" in out["filler_error"], out["filler_error"]
        assert out["full"] == "storage_full", out
        assert "previous save is kept" in out["full_message"]
        assert out["kept"]
        assert out["after_cleanup"] == 72
        assert loaded.console_errors == []
    finally:
        loaded.page.context.close()
        server.shutdown()
        server.server_close()
