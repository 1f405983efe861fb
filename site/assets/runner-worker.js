/* The examples' runner, in a Web Worker so that the page stays responsive: loads Pyodide from the
   site's own runner/ folder, unpacks the engine into it (one archive, compiled when the site was built),
   and runs each code it is sent with kb.examples.web. Loading reports its progress in bytes. Messages:
     in:  {id, code, lang, name, path, line} | {id, lang, table, moves} (the playground without code)
     out: {id, kind: "progress", stage, loaded, total} | {id, kind: "result", stdout, stderr, passed}
          | {id, kind: "played", narration, choices, state, code, doctest, error}
          | {id, kind: "error", message} | {id, kind: "unavailable"}
   A result says when each stage of its loading ended (`timings`, ms since the epoch, for the page
   to read against its click): the runner's config read, the runtime's module fetched, its last
   byte arrived, Python started, the engine's files unpacked and its modules imported, the run
   begun and ended (a run after the first has the last two only). */
const RUNNER = new URL("../runner/", import.meta.url);
let ready = null;
let loading = {};
// A restored Python's files, unpacked after its first Run (`unpackLater`); a Run waits for them.
let unpackLater = null;
let unpacked = Promise.resolve();

function afterRun() {
  if (unpackLater === null) return;
  const unpack = unpackLater;
  unpackLater = null;
  unpacked = new Promise((done) => setTimeout(() => unpack().catch(() => {}).finally(done), 0));
}

// Whom the loading's progress is told to: the Run waiting for it (the loading may have begun
// before, at the press of the button).
let reporting = null;

function now() { return performance.timeOrigin + performance.now(); }
function mark(stage) { loading[stage] = now(); }

function post(message) { self.postMessage(message); }

// Every byte of the runtime's files, counted as it arrives: what the progress bar shows.
function countingFetch(sizes, onBytes, onDone) {
  const realFetch = self.fetch.bind(self);
  const watched = new Set(Object.keys(sizes).map((name) => new URL(name, RUNNER).href));
  return async function (input, init) {
    const response = await realFetch(input, init);
    const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url, self.location.href).href;
    if (!watched.has(url) || !response.ok || !response.body) return response;
    const reader = response.body.getReader();
    const body = new ReadableStream({
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) { controller.close(); onDone(); return; }
        onBytes(value.byteLength);
        controller.enqueue(value);
      },
      cancel(reason) { return reader.cancel(reason); },
    });
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}

async function load(id) {
  mark("worker");
  const answer = await fetch(new URL("runner.json", RUNNER), { cache: "no-cache" }).catch(() => null);
  if (!answer || !answer.ok) return null;
  const config = await answer.json();
  const total = Object.values(config.sizes).reduce((a, b) => a + b, 0);
  let loaded = 0;
  let stage = "loading";
  reporting = id;
  const report = () => post({ id: reporting, kind: "progress", stage, loaded: Math.min(loaded, total), total });
  // Once kept by the service worker, the runtime is read as it is: a response of the browser's
  // cache lets it reuse the interpreter's compiled code, which a counted copy would not.
  const kept = self.caches && await caches.match(new URL("pyodide/pyodide.asm.wasm", RUNNER).href).catch(() => null);
  mark("config");
  if (kept) loaded = total;
  // The last file fetched, when its last byte arrives: the runtime downloaded (overlapping
  // Python's start, which compiles the interpreter as it streams in).
  else self.fetch = countingFetch(config.sizes, (bytes) => { loaded += bytes; report(); }, () => mark("downloaded"));
  report();
  const { loadPyodide } = await import(new URL("pyodide/pyodide.mjs", RUNNER).href);
  mark("module");
  const engine = fetch(new URL(config.engine, RUNNER)).then((r) => {
    if (!r.ok) throw new Error(`${config.engine}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
  // Everything from the site: no package is ever looked for elsewhere.
  const index = new URL("pyodide/", RUNNER).href;
  const options = { indexURL: index, packageBaseUrl: index, env: { PYTHONHASHSEED: "0" } };
  const snapshot = await keptSnapshot(config);
  let pyodide = null;
  if (snapshot) {
    // Python as an earlier page left it, the engine imported: its memory put back, not started.
    pyodide = await loadPyodide({ ...options, _loadSnapshot: snapshot }).catch(() => null);
    if (pyodide) mark("restored");
  }
  const restored = pyodide !== null;
  if (!restored) pyodide = await loadPyodide({ ...options, _makeSnapshot: canKeep() });
  mark("python");
  stage = "engine";
  report();
  // The engine's files. A restored Python has every module and datum of them in memory already
  // (kb.examples.web.warm): its first Run does not wait for them, they are unpacked after it.
  if (restored) {
    unpackLater = async () => pyodide.unpackArchive(await engine, "xztar");
  } else {
    pyodide.unpackArchive(await engine, "xztar");
    mark("unpacked");
  }
  const web = pyodide.pyimport("kb.examples.web");
  if (restored) {
    // Its random numbers as they were when the snapshot was made: drawn afresh.
    pyodide.runPython("import random; random.seed()");
  } else {
    web.warm();
    // Before any code of the reader's has run: what the next page starts from.
    if (canKeep()) keepSnapshot(config, pyodide.makeMemorySnapshot());
  }
  mark("engine");
  return web;
}

// The memory of a Python just started, with the engine imported, kept in the browser's cache
// (beside the runtime the service worker keeps, and removed with it when the site is rebuilt): a
// reload, or another page of the site, starts from it instead of starting Python again.
function canKeep() { return Boolean(self.caches); }

function snapshotRequest(config) { return new Request(new URL(`python-${config.build}.snapshot`, RUNNER).href); }

async function keptSnapshot(config) {
  if (!canKeep()) return null;
  try {
    const kept = await (await caches.open(`kb-runner-${config.build}`)).match(snapshotRequest(config));
    return kept ? new Uint8Array(await kept.arrayBuffer()) : null;
  } catch (err) {
    return null;
  }
}

function keepSnapshot(config, snapshot) {
  caches.open(`kb-runner-${config.build}`)
    .then((cache) => cache.put(snapshotRequest(config), new Response(snapshot, { headers: { "Content-Type": "application/octet-stream" } })))
    .catch(() => {});  // a browser that will not keep it starts Python again next time
}

self.onmessage = async (event) => {
  const { id } = event.data;
  if (ready === null) ready = load(id);
  if (event.data.warm) {
    // Started at the press of Run, or again after a Stop: load now, run nothing.
    ready.catch(() => { ready = null; });
    return;
  }
  reporting = id;
  let web;
  try {
    web = await ready;
  } catch (err) {
    ready = null;
    post({ id, kind: "error", stage: "load", message: String((err && err.message) || err).split("\n")[0] });
    return;
  }
  if (web === null) {
    ready = null;
    post({ id, kind: "unavailable" });
    return;
  }
  await unpacked;
  try {
    answer(web, event.data);
  } finally {
    afterRun();
  }
};

// Run what a message asks and post the answer, with when each stage of it ended.
function answer(web, { id, code, lang, name, path, line, table, moves }) {
  post({ id, kind: "progress", stage: "running", loaded: 1, total: 1 });
  const timings = { ...loading, begun: now() };
  loading = {};
  const took = () => ({ ...timings, ran: now() });
  if (table !== undefined) {
    // The playground without code: the table and the moves chosen, the game they make.
    try {
      post({ id, kind: "played", ...JSON.parse(web.play(JSON.stringify(table), JSON.stringify(moves), lang)), timings: took() });
    } catch (err) {
      post({ id, kind: "error", message: String((err && err.message) || err).trim().split("\n").pop() });
    }
    return;
  }
  try {
    const result = JSON.parse(web.run(code, lang, name, path, line));
    if (result.error) post({ id, kind: "error", message: result.error, timings: took() });
    else post({ id, kind: "result", ...result, timings: took() });
  } catch (err) {
    post({ id, kind: "error", message: String((err && err.message) || err).trim().split("\n").pop() });
  }
}
