/* The interpreter module PyScript loads (pyscript.json's "interpreter"): the pinned
   Pyodide's own loadPyodide, started from the build's precompiled bytecode so that
   Python compiles nothing at start-up (build.py, "bytecode").

   This file is a template: build.py fills in BYTECODE (the two files' URLs, their
   SHA-256, the magic number of the Python that compiled them, and where the fallback
   finds the page's files one by one).
   - bytecode/python_stdlib.zip goes to Pyodide as stdLibURL, in place of the stock
     zip of sources (a documented loadPyodide option);
   - bytecode/app.bin holds the page's files (the engine's wheel unpacked, the page
     modules, their catalogues) and checked-hash .pyc for the engine, the page and
     PyScript's own package, all written here into the working directory (the .pyc in
     __pycache__/ beside their sources; Python recompiles any whose source differs).
     PyScript's own "files" would fetch some forty files and unpack the wheel in
     Python (zipfile and pathlib imported for it): about 150 ms more of a cold start.
   If either file is missing, damaged or made by another Python, the page starts the
   stock way (the stock zip of sources, nothing precompiled; the page's files fetched
   one by one): slower, never blank.
   PyScript passes indexURL as this file's folder; Pyodide's files are in ./vendor. */
import { loadPyodide as loadStockPyodide, version } from "./vendor/pyodide/pyodide.mjs";

export { version };

const BYTECODE = null;

const here = (path) => new URL(path, import.meta.url).href;
const INDEX_URL = here("./vendor/pyodide/");
const HOME = "/home/pyodide";

async function fetchChecked(file) {
  const response = await fetch(here(file.url), { integrity: file.integrity });
  if (!response.ok) throw new Error(`${file.url}: HTTP ${response.status}`);
  return response;
}

/* app.bin: gzip of one JSON line [[path, size], ...] and then the files' bytes. */
async function appFiles(response) {
  const unzipped = response.body.pipeThrough(new DecompressionStream("gzip"));
  const bytes = new Uint8Array(await new Response(unzipped).arrayBuffer());
  const newline = bytes.indexOf(10);
  const header = JSON.parse(new TextDecoder().decode(bytes.subarray(0, newline)));
  let offset = newline + 1;
  const files = header.map(([path, size]) => {
    const data = bytes.subarray(offset, offset + size);
    offset += size;
    return [path, data];
  });
  if (offset !== bytes.length) throw new Error("bytecode/app.bin: bad length");
  return files;
}

async function sha256(bytes) {
  if (!(globalThis.crypto && crypto.subtle)) return null; /* not a secure context */
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return btoa(String.fromCharCode(...digest));
}

function magicOf(pyodide) {
  return pyodide.runPython("import importlib.util\nimportlib.util.MAGIC_NUMBER.hex()");
}

/* The running Python reads its standard library from the precompiled zip, made by the
   same Python (magic number) and unchanged (hash), or this throws. */
async function checkStdlib(pyodide) {
  if (magicOf(pyodide) !== BYTECODE.magic) throw new Error("bytecode made by another Python");
  const [major, minor] = pyodide.runPython("import sys\nlist(sys.version_info[:2])").toJs();
  const held = pyodide.FS.readFile(`/lib/python${major}${minor}.zip`);
  const digest = await sha256(held);
  if (digest !== null && `sha256-${digest}` !== BYTECODE.stdlib.integrity) {
    throw new Error("bytecode/python_stdlib.zip is damaged");
  }
}

function writeFile(pyodide, path, data) {
  const target = `${HOME}/${path}`;
  pyodide.FS.mkdirTree(target.slice(0, target.lastIndexOf("/")));
  pyodide.FS.writeFile(target, data);
}

/* app.bin's files: the sources always, the .pyc only for the Python that made them. */
function writeAppFiles(pyodide, files, precompiled) {
  const bytecode = precompiled && magicOf(pyodide) === BYTECODE.magic;
  for (const [path, data] of files) {
    if (bytecode || !path.includes("__pycache__/")) writeFile(pyodide, path, data);
  }
  return bytecode;
}

/* Without app.bin: the wheel unpacked, each page module and catalogue fetched. */
async function fetchPageFiles(pyodide) {
  const { wheel, files } = BYTECODE.sources;
  const fetched = async (url) => {
    const response = await fetch(here(url));
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return response.arrayBuffer();
  };
  const [archive, ...contents] = await Promise.all([wheel, ...files.map(([url]) => url)].map(fetched));
  pyodide.unpackArchive(archive, "whl", { extractDir: HOME });
  files.forEach(([, path], i) => writeFile(pyodide, path, new Uint8Array(contents[i])));
}

/* A first visit: before Pyodide asks for its wasm, wait (at most WORKER_WAIT_MS) for
   the service worker that boot.js registered to install and take over this page. The
   wasm is then answered from the worker's cache, and V8 keeps its code cache beside
   that copy from this visit on: the second visit starts from compiled code (web/sw.js
   says what was measured). No waiting when a worker already controls the page (every
   later visit), when there is none or none installing, or once the install fails; after
   WORKER_WAIT_MS the page starts from the network as it would without a worker. */
const WORKER_WAIT_MS = 8000;

async function workerInCharge() {
  const workers = navigator.serviceWorker; /* undefined, or throws, where none is allowed */
  if (!workers) return "no worker";
  if (workers.controller) return "controlled";
  let timer;
  const timeout = new Promise((done) => {
    timer = setTimeout(() => done("timeout"), WORKER_WAIT_MS);
  });
  try {
    return await Promise.race([timeout, takenOver(workers)]);
  } finally {
    clearTimeout(timer);
  }
}

async function takenOver(workers) {
  const registration = await window.__scytheWorker; /* boot.js */
  if (workers.controller) return "controlled";
  const worker = registration && (registration.installing || registration.waiting);
  if (!worker || worker.state === "redundant") return "no worker installing";
  return new Promise((done) => {
    workers.addEventListener("controllerchange", () => done("taken over"), { once: true });
    worker.addEventListener("statechange", () => worker.state === "redundant" && done("failed"));
  });
}

/* Pyodide runs Python on stacks of its own (JSPI) when the browser offers
   WebAssembly.Suspending. Chromium 156 then crashes the renderer now and then while the
   page boots. Its crash dumps all show one fault: a SIGSEGV reading the word just past
   the top of such a stack, in a loop of Chromium's own that walks a stack word by word
   looking for frame pointers (frames of up to 100000 bytes, as the stack-trace code of
   Chromium's base library allows; the dumps also carry GWP-ASan's key, whose allocation
   sampling takes such traces). One CI machine lost 30 of some 200 page loads to it;
   here it is rare.
   The page never waits on a promise from synchronous Python (no run_sync), so it hides
   JSPI before Pyodide looks for it, and Python runs on the page's own stack, as in a
   browser without JSPI. window.__scytheJspi says whether Pyodide uses it (tests). */
function hideJspi() {
  if (typeof WebAssembly === "object") Reflect.deleteProperty(WebAssembly, "Suspending");
}

export async function loadPyodide(options = {}) {
  hideJspi();
  const stock = { ...options, indexURL: INDEX_URL };
  const waited = performance.now();
  const worker = await workerInCharge().catch((error) => `error: ${error}`);
  window.__scytheWorkerWait = [worker, Math.round(performance.now() - waited)]; /* bench/boot.py */
  if (!BYTECODE) return loadStockPyodide(stock);
  performance.mark("scythe:pyodide-start");
  const appBytecode = fetchChecked(BYTECODE.app).then(appFiles);
  appBytecode.catch(() => {}); /* reported below, when it is used */
  let pyodide;
  let precompiled = true;
  try {
    pyodide = await loadStockPyodide({ ...stock, stdLibURL: here(BYTECODE.stdlib.url) });
    performance.mark("scythe:pyodide-loaded");
    await checkStdlib(pyodide);
  } catch (error) {
    console.warn("Precompiled standard library not usable; starting from sources.", error);
    window.__scytheBootPath = "stock";
    pyodide = await loadStockPyodide(stock);
    precompiled = false;
  }
  try {
    if (writeAppFiles(pyodide, await appBytecode, precompiled)) {
      window.__scytheBootPath = "bytecode";
      performance.mark("scythe:bytecode-written");
    } else if (precompiled) {
      window.__scytheBootPath = "stdlib-bytecode";
    }
  } catch (error) {
    console.warn("Precompiled modules not usable; compiling them from sources.", error);
    if (precompiled) window.__scytheBootPath = "stdlib-bytecode";
    await fetchPageFiles(pyodide);
  }
  window.__scytheJspi = Boolean(pyodide._module && pyodide._module.jspiSupported);
  return pyodide;
}
