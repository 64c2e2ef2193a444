#!/usr/bin/env python3
"""How long from navigation until the board is drawn, cold and warm, against bare Pyodide.

    python bench/boot.py [--runs 7] [--no-build] [--phone]

Builds dist/ (unless --no-build), serves a copy of it on 127.0.0.1 together with a
baseline page (``bench/bare.html``) that only boots the same vendored Pyodide,
loads the same wheel and runs ``import scythe_core``, and opens both pages in
headless Debian Chromium:

* cold: each run in a brand-new browser profile (empty HTTP and code caches);
* warm: repeated loads in one profile, after one unmeasured load fills its caches.

Runs of the two pages alternate, so both see the same machine load. It prints min
and median seconds from navigation start to "board drawn" (``window.__t_board``,
which the baseline sets right after its import), the bytes that came over the
network (``transferSize`` of the page and every resource), and our times as a
ratio of the baseline's. Nothing is asserted: this is a measurement, not a test.

With ``--phone`` every load runs as on a phone: a 390x844 touch viewport (mobile, 3x
pixels) and the CPU slowed 4x through the DevTools protocol
(``Emulation.setCPUThrottlingRate``), as Chromium's own mobile presets do.
"""

from __future__ import annotations

import argparse
import importlib.util
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
from site_browser import CHROMIUM, CHROMIUM_ARGS  # noqa: E402  (one list for tests and benches)

TIMEOUT_MS = 180_000
LIMIT = 1.3  # the budget: our boot within 1.3x of bare Pyodide

BARE_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>Baseline: bare Pyodide + scythe_core wheel</title>
  <link rel="icon" href="data:,">
  <script type="module" src="./bare.mjs"></script>
</head>
<body><p>Baseline: boots Pyodide, loads the wheel, imports scythe_core.</p></body>
</html>
"""

BARE_MJS = """import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
const here = (path) => new URL(path, import.meta.url).href;
window.__t_start = performance.now();
const pyodide = await loadPyodide({ indexURL: here("../vendor/pyodide/") });
window.__t_pyodide = performance.now();
await pyodide.loadPackage(here("../wheels/WHEEL"));
window.__t_wheel = performance.now();
pyodide.runPython("import scythe_core");
window.__t_board = performance.now();
document.body.dataset.ready = "1";
"""

BYTES_JS = """() => performance.getEntriesByType("navigation")
  .concat(performance.getEntriesByType("resource"))
  .reduce((sum, entry) => sum + (entry.transferSize || 0), 0)"""

PAGES = {"scythe page": "", "bare Pyodide + wheel": "bench/bare.html"}


def load_build_module():
    spec = importlib.util.spec_from_file_location("scythe_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def prepare_site(build, site: Path, rebuild: bool) -> None:
    """A copy of dist/ plus the baseline page (dist/ itself is left as built)."""
    dist = build.build() if rebuild else build.DIST
    shutil.copytree(dist, site)
    wheel = next((site / "wheels").glob("*.whl")).name
    (site / "bench").mkdir()
    (site / "bench" / "bare.html").write_text(BARE_HTML)
    (site / "bench" / "bare.mjs").write_text(BARE_MJS.replace("WHEEL", wheel))


#: The phone a ``--phone`` run emulates, and how much slower its CPU is.
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
PHONE_SCALE = 3
CPU_SLOWDOWN = 4


def measure(context, url: str, rate: int = 1, attempts: int = 2) -> tuple[float, int]:
    """(seconds from navigation start to board drawn, bytes over the network).

    A renderer that crashes (rare, on a loaded machine) is retried once, and said so.
    """
    from playwright.sync_api import Error

    for attempt in range(attempts):
        try:
            return measure_once(context, url, rate)
        except Error as exc:
            if "crash" not in str(exc).lower() or attempt == attempts - 1:
                raise
            print(f"  (page crashed, retrying: {str(exc).splitlines()[0]})", flush=True)
    raise AssertionError("unreachable")


def measure_once(context, url: str, rate: int = 1) -> tuple[float, int]:
    page = context.new_page()
    try:
        if rate > 1:
            cdp = context.new_cdp_session(page)
            cdp.send("Emulation.setCPUThrottlingRate", {"rate": rate})
        page.goto(url)
        page.wait_for_function("window.__t_board > 0", timeout=TIMEOUT_MS, polling=50)
        seconds = page.evaluate("window.__t_board") / 1000
        return seconds, int(page.evaluate(BYTES_JS))
    finally:
        page.close()


def run(playwright, base_url: str, runs: int, rate: int = 1) -> dict[str, dict[str, list]]:
    results = {name: {"cold": [], "warm": [], "cold_bytes": [], "warm_bytes": []} for name in PAGES}

    def profile(directory: str):
        phone = {**PHONE, "device_scale_factor": PHONE_SCALE} if rate > 1 else {}
        return playwright.chromium.launch_persistent_context(
            directory, executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, **phone
        )

    order = list(PAGES)
    for i in range(runs):  # cold: a new profile for every load
        for name in order if i % 2 == 0 else order[::-1]:
            with tempfile.TemporaryDirectory(prefix="scythe-bench-") as directory:
                context = profile(directory)
                seconds, size = measure(context, base_url + PAGES[name], rate)
                context.close()
            results[name]["cold"].append(seconds)
            results[name]["cold_bytes"].append(size)
            print(f"  cold {i + 1}/{runs} {name}: {seconds:.2f} s, {size:,} bytes", flush=True)

    with tempfile.TemporaryDirectory(prefix="scythe-bench-") as scratch:
        contexts = {name: profile(str(Path(scratch) / str(n))) for n, name in enumerate(PAGES)}
        for name, context in contexts.items():
            measure(context, base_url + PAGES[name], rate)  # fills the caches; not counted
        for i in range(runs):  # warm: the same profile again and again
            for name in order if i % 2 == 0 else order[::-1]:
                seconds, size = measure(contexts[name], base_url + PAGES[name], rate)
                results[name]["warm"].append(seconds)
                results[name]["warm_bytes"].append(size)
                print(f"  warm {i + 1}/{runs} {name}: {seconds:.2f} s, {size:,} bytes", flush=True)
        for context in contexts.values():
            context.close()
    return results


def report(results: dict[str, dict[str, list]], runs: int, rate: int = 1) -> None:
    ours, bare = (results[name] for name in PAGES)
    how = f", phone 390x844 with the CPU {rate}x slower" if rate > 1 else ""
    print(f"\nBoot to board drawn, {runs} runs each (seconds from navigation start){how}")
    header = f"{'':22} {'cold min':>9} {'cold med':>9} {'warm min':>9} {'warm med':>9}"
    print(header + f" {'cold bytes':>12} {'warm bytes':>11}")
    for name, r in results.items():
        row = [min(r["cold"]), statistics.median(r["cold"]), min(r["warm"])]
        row.append(statistics.median(r["warm"]))
        cells = " ".join(f"{v:9.2f}" for v in row)
        sizes = f"{int(statistics.median(r['cold_bytes'])):12,} {int(statistics.median(r['warm_bytes'])):11,}"
        print(f"{name:22} {cells} {sizes}")
    ratios = [
        min(ours["cold"]) / min(bare["cold"]),
        statistics.median(ours["cold"]) / statistics.median(bare["cold"]),
        min(ours["warm"]) / min(bare["warm"]),
        statistics.median(ours["warm"]) / statistics.median(bare["warm"]),
    ]
    print(f"{'ratio (ours / bare)':22} " + " ".join(f"{v:8.2f}x" for v in ratios))
    verdict = "yes" if max(ratios) <= LIMIT else "NO"
    print(f"\nCold and warm boot within {LIMIT}x of bare Pyodide (min and median): {verdict}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7, help="loads per page, cold and warm")
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument(
        "--phone", action="store_true", help="a 390x844 touch phone with a 4x slower CPU"
    )
    args = parser.parse_args()
    rate = CPU_SLOWDOWN if args.phone else 1
    if not Path(CHROMIUM).exists():
        sys.exit(f"{CHROMIUM} not found: apt-get install chromium (or run bash test.sh once)")
    from playwright.sync_api import sync_playwright

    build = load_build_module()
    with tempfile.TemporaryDirectory(prefix="scythe-bench-site-") as tmp:
        site = Path(tmp) / "site"
        prepare_site(build, site, rebuild=not args.no_build)
        server = build.make_server(site, port=0, quiet=True)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base_url = build.server_url(server)
        print(f"Serving {site} at {base_url}", flush=True)
        try:
            with sync_playwright() as playwright:
                results = run(playwright, base_url, args.runs, rate)
        finally:
            server.shutdown()
            server.server_close()
    report(results, args.runs, rate)


if __name__ == "__main__":
    main()
