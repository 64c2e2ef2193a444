"""Opening the site in Chromium with the network cut off from all but 127.0.0.1."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

#: Debian's Chromium (never a browser downloaded by ``playwright install``).
CHROMIUM = os.environ.get("SCYTHE_CHROMIUM", "/usr/bin/chromium")
#: Headless flags that keep Chromium from reaching for the network on its own.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

#: DevTools' trace category of Blink's wasm code-cache events (v8.wasm.moduleCacheHit:
#: compiled code read from the cache; v8.wasm.cachedModule: compiled code written to it).
CODE_CACHE_TRACE = "disabled-by-default-devtools.timeline"

READY = "body[data-ready='1']"
BOOT_TIMEOUT_MS = 120_000  # a cold Pyodide boot takes ~5 s here; leave room for slow CI


def is_loopback(url: str) -> bool:
    parts = urlsplit(url)
    return parts.scheme in ("blob", "data") or parts.hostname in ("127.0.0.1",)


@dataclass
class LoadedPage:
    """A page loaded to "ready", with everything it logged on the way."""

    page: object
    url: str
    requests: list[str] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    console_errors: list[str] = field(default_factory=list)
    failed_responses: list[str] = field(default_factory=list)


def open_page(
    browser,
    url: str,
    viewport: dict | None = None,
    init_script: str | None = None,
    ready: str | None = READY,
    **context_options,
) -> LoadedPage:
    """``context_options`` go to ``browser.new_context`` (e.g. ``has_touch=True``);
    ``init_script`` runs in every page of the context before the page's own scripts;
    ``ready`` is the selector waited for (None: do not wait)."""
    context = browser.new_context(
        viewport=viewport or {"width": 1280, "height": 900}, **context_options
    )
    if init_script:
        context.add_init_script(init_script)
    loaded = LoadedPage(page=context.new_page(), url=url)
    page = loaded.page

    def only_loopback(route):
        if is_loopback(route.request.url):
            route.continue_()
        else:
            loaded.blocked.append(route.request.url)
            route.abort("internetdisconnected")

    context.route("**/*", only_loopback)
    context.on("request", lambda request: loaded.requests.append(request.url))
    page.on(
        "console",
        lambda msg: msg.type == "error" and loaded.console_errors.append(msg.text),
    )
    page.on("pageerror", lambda exc: loaded.console_errors.append(f"pageerror: {exc}"))
    page.on(
        "response",
        lambda r: r.status >= 400 and loaded.failed_responses.append(f"{r.status} {r.url}"),
    )
    page.goto(url)
    if ready:
        page.wait_for_selector(ready, state="attached", timeout=BOOT_TIMEOUT_MS)
    return loaded


def traced(context, page, load) -> list[str]:
    """The names of the trace events (``CODE_CACHE_TRACE``) recorded while ``load()``
    runs in ``page`` (for the tests and bench/boot.py)."""
    cdp = context.new_cdp_session(page)
    finished: dict = {}
    cdp.on("Tracing.tracingComplete", lambda params: finished.update(params))
    cdp.send("Tracing.start", {"categories": CODE_CACHE_TRACE, "transferMode": "ReturnAsStream"})
    load()
    cdp.send("Tracing.end")
    deadline = time.monotonic() + 30
    while "stream" not in finished and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    chunks = []
    while True:
        read = cdp.send("IO.read", {"handle": finished["stream"], "size": 1 << 20})
        chunks.append(read["data"])
        if read.get("eof"):
            break
    cdp.send("IO.close", {"handle": finished["stream"]})
    events = json.loads("".join(chunks))
    events = events["traceEvents"] if isinstance(events, dict) else events
    return [event.get("name", "") for event in events]


#: How Playwright words an error of a page whose renderer process died.
RENDERER_CRASHED = ("Page crashed", "Target crashed")


def is_renderer_crash(error: BaseException | str) -> bool:
    """Whether ``error`` (an exception or its text) says Chromium's renderer died."""
    text = str(error)
    return any(words in text for words in RENDERER_CRASHED)


def _read(path: str) -> str:
    try:
        with open(path, encoding="utf-8") as file:
            return file.read()
    except OSError:
        return ""


def _fields(path: str) -> dict[str, str]:
    """A ``name: value`` file of /proc (meminfo, a process's status) as a dict."""
    return dict(line.split(":", 1) for line in _read(path).splitlines() if ":" in line)


def _memory_cgroup_lines() -> list[str]:
    """The limit, peak and OOM kills of this process's memory cgroup (v1 or v2), when
    the machine shows them: a limit below the machine's memory kills renderers."""
    lines = []
    for entry in _read("/proc/self/cgroup").splitlines():
        _number, controllers, path = entry.split(":", 2)
        if controllers == "memory":
            base = f"/sys/fs/cgroup/memory{path}"
            names = ("memory.limit_in_bytes", "memory.max_usage_in_bytes", "memory.failcnt")
            events = "memory.oom_control"
        elif controllers == "" and os.path.exists(f"/sys/fs/cgroup{path}/memory.max"):
            base = f"/sys/fs/cgroup{path}"
            names = ("memory.max", "memory.peak")
            events = "memory.events"
        else:
            continue
        values = [f"{name}={_read(f'{base}/{name}').strip() or '?'}" for name in names]
        kills = [line for line in _read(f"{base}/{events}").splitlines() if "oom" in line]
        lines.append("cgroup " + " ".join(values + kills))
    return lines


def machine_state() -> str:
    """A few lines on the memory, disk and load of this machine and on Chromium's
    processes: said with every renderer crash, so that a crash in CI tells whether the
    machine ran short (the ones seen so far were not that: see web/interpreter.mjs,
    hideJspi; /dev/shm or /tmp cut to a few MB here crashed nothing)."""
    meminfo = _fields("/proc/meminfo")
    memory = " ".join(
        f"{name}={meminfo.get(name, '?').strip()}" for name in ("MemTotal", "MemAvailable")
    )
    disks = []
    for folder in (tempfile.gettempdir(), "/dev/shm"):
        try:
            disks.append(f"{folder} free={shutil.disk_usage(folder).free // 2**20} MiB")
        except OSError:
            disks.append(f"{folder} missing")
    chromium_count, chromium_kib = 0, 0
    for pid in filter(str.isdigit, os.listdir("/proc") if os.path.isdir("/proc") else []):
        status = _fields(f"/proc/{pid}/status")
        if status.get("Name", "").strip().startswith("chrom"):
            chromium_count += 1
            chromium_kib += int(status.get("VmRSS", "0 kB").split()[0])
    load = " ".join(f"{value:.1f}" for value in os.getloadavg())
    return "\n".join(
        [
            f"memory {memory}",
            *_memory_cgroup_lines(),
            "disk " + ", ".join(disks),
            f"load {load} on {os.cpu_count()} cores",
            f"chromium processes {chromium_count}, {chromium_kib // 1024} MiB resident",
        ]
    )


def after_renderer_crashes(run, attempts: int = 2, say=print):
    """``run()``, started over when Chromium's renderer crashes (at most ``attempts``
    times in all, each crash said with ``say``); any other error, or a crash on the last
    attempt, goes up. For the loads that trace V8 in a profile on disk: such a crash was
    seen a few times in some hundred loads here and in CI. Its crash dumps showed
    Chromium's stack sampling reading past the end of a JSPI stack, which the page now
    hides from Pyodide (web/interpreter.mjs); kept as a net for what else may crash."""
    from playwright.sync_api import Error

    for attempt in range(attempts):
        try:
            return run()
        except Error as exc:
            if not is_renderer_crash(exc) or attempt == attempts - 1:
                raise
            first_line = str(exc).splitlines()[0]
            say(f"  (the page crashed, starting over: {first_line})\n{machine_state()}")
    raise AssertionError("unreachable")


def serve_site(build_module, directory, base: str = "/"):
    """A site folder served by build.py's own server on a free port, in a thread."""
    server = build_module.make_server(directory, port=0, base=base, quiet=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def stop_site(server) -> None:
    server.shutdown()
    server.server_close()


def assert_board_drawn(page) -> None:
    """The page says its board is drawn, and all 54 hexes are there."""
    assert page.get_attribute("body", "data-board-drawn") == "1"
    assert page.locator("[data-hex]").count() == 54
