"""Run an example in headless Chromium, as a reader does, and print what it costs.

    python3 bench/bench_runner.py [--site DIR] [--example NAME] [--rounds N] [--json]

For each round, in a fresh browser (no cache, no service worker): the time from the click on Run
to the run's output on the page, cold (Pyodide downloaded and started), warm (a second Run on the
same page), and cached (the next page's first Run, with the runtime kept by the service worker),
and the bytes the server sent for the first Run. Where the cold and the cached Run's time went,
stage by stage, as the page and the runner's worker mark it (`STAGES`: Python's start, the
engine's files unpacked, its modules imported, the run...), and each round's figures with the
load average at its start. The baselines, measured in the same run: the same example run by this
CPython in process (`kb.examples.run_code`); Pyodide's own start with the engine imported, outside
any browser (Node, from the site's own runner files: what no page can do faster on this machine
now), with the load average at its start; the page's own weight before the click. The budget, on
a quiet machine: cold <= 5 s, warm <= 0.3 s, <= 15 MB for the first Run (a loaded machine's
figures are read against its load average and the Node baseline printed beside them).

Without --site, a small site is built first (the fake knowledge base of the tests with a few real
examples; the runner's files are those of a full build).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(1, str(ROOT / "tests" / "site"))

BUDGET = {"cold_s": 5.0, "warm_s": 0.3, "first_run_mb": 15.0}
CHROMIUM = "/usr/bin/chromium"
DEFAULT_EXAMPLE = "two-headed-giant-flame-rift"


class CountingHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site and counts the bytes of every response body it sends."""

    sent = 0
    lock = threading.Lock()

    def copyfile(self, source, outputfile):
        while chunk := source.read(1 << 16):
            outputfile.write(chunk)
            with CountingHandler.lock:
                CountingHandler.sent += len(chunk)

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


def serve(folder: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(CountingHandler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def build_small_site(out: Path, example: str) -> Path:
    from conftest import fake_kb

    from kb.examples import find, run
    from kb.site import build_site

    class Examples:
        def catalog(self):
            return [find(example)]

        def run(self, name, lang):
            return run(name, lang)

    out.mkdir(parents=True, exist_ok=True)
    return build_site(fake_kb(out), out / "out", examples=Examples(), search=False).site_dir


def timed_run(page) -> tuple[float, dict[str, int]]:
    """Seconds from the click on Run to its output on the page, and when each stage of it ended
    (ms after the click, as the page measured them: data-run-timings)."""
    # The code is folded below the result: a reader unfolds it before Run (not timed).
    page.evaluate("document.querySelectorAll('details.kb-example-code').forEach(d => { d.open = true; })")
    page.evaluate("document.querySelector('[data-kb-runner]').removeAttribute('data-run-timings')")
    start = time.perf_counter()
    page.click("[data-kb-run]")
    page.wait_for_selector("[data-kb-runner][aria-busy='false'] .kb-runner__stdout:not(:empty)", timeout=120_000)
    took = time.perf_counter() - start
    stages = page.get_attribute("[data-kb-runner]", "data-run-timings")
    return took, json.loads(stages) if stages else {}


def cpython_baseline(example: str) -> float:
    from kb.examples import find
    from kb.examples.runner import run_code

    code = find(example).code
    run_code(code, "en", example)  # imports and catalogs, as the browser's warm-up does
    start = time.perf_counter()
    run_code(code, "en", example)
    return time.perf_counter() - start


_NODE_START = """
import { loadPyodide } from %(module)s;
import fs from "fs";
const start = performance.now();
const pyodide = await loadPyodide();
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(process.argv[2])), process.argv[3]);
pyodide.pyimport("kb.examples.web").warm();
console.log((performance.now() - start) / 1000);
"""


def node_baseline(folder: Path, site: Path) -> float | None:
    """Seconds for Node to start Pyodide and import the engine from the site's own runner files
    (its compiled standard library and engine), as the browser's worker does."""
    import shutil
    import subprocess

    node = shutil.which("node")
    runner = site / "runner"
    if node is None or not (runner / "runner.json").is_file():
        return None
    config = json.loads((runner / "runner.json").read_text(encoding="utf-8"))
    # A site built before the engine shipped compiled has its wheel instead.
    engine = runner / config.get("engine", config.get("wheel", ""))
    unpack = "xztar" if engine.name.endswith(".tar.xz") else "wheel"
    script = folder / "start.mjs"
    script.write_text(_NODE_START % {"module": json.dumps((runner / "pyodide" / "pyodide.mjs").resolve().as_uri())},
                      encoding="utf-8")
    proc = subprocess.run([node, str(script), str(engine), unpack], capture_output=True, text=True, timeout=300)
    return float(proc.stdout.strip().splitlines()[-1]) if proc.returncode == 0 else None


# The stages of a Run, in the order they end (data-run-timings; see site/assets/runner.js and
# runner-worker.js), and what each one's time is spent on.
STAGES = {
    "script": "the runner's script fetched and started",
    "service_worker": "the service worker registered and in control",
    "worker": "the Web Worker fetched and started",
    "config": "runner.json read, the cache looked at",
    "module": "Pyodide's JavaScript module imported",
    "restored": "Python's memory put back as an earlier page kept it (the cached Run; no start)",
    "python": "Pyodide's start: the interpreter and the standard library fetched, compiled, Python initialised",
    "unpacked": "the engine's archive fetched and unpacked",
    "engine": "the engine's modules imported, its cards and catalogs read",
    "begun": "the code handed to Python",
    "ran": "the run itself",
    "shown": "the output put on the page",
}


def stage_seconds(marks: dict[str, int], total: float) -> dict[str, float]:
    """How long each stage took (seconds), from the marks of one Run (ms after its click): a stage
    the Run had not (a warm one's loading) is left out; `downloaded`, when the runtime's last byte
    arrived, overlaps Python's start and is given as a time after the click."""
    out: dict[str, float] = {}
    previous = 0
    for stage in STAGES:
        at = total * 1000 if stage == "shown" else marks.get(stage)
        if at is None:
            continue
        out[stage] = round((at - previous) / 1000, 3)
        previous = at
    if "downloaded" in marks:
        out["downloaded_at"] = round(marks["downloaded"] / 1000, 3)
    return out


def one_round(browser, url: str) -> dict[str, object]:
    context = browser.new_context(viewport={"width": 390, "height": 844})
    try:
        load = os.getloadavg()[0]
        page = context.new_page()
        CountingHandler.sent = 0
        page.goto(url)
        page.wait_for_load_state("networkidle")
        page_bytes = CountingHandler.sent
        CountingHandler.sent = 0
        cold, cold_marks = timed_run(page)
        first_run = CountingHandler.sent
        warm, _ = timed_run(page)
        page.wait_for_timeout(500)  # the service worker's last writes to its cache
        second = context.new_page()
        second.goto(url)
        second.wait_for_load_state("networkidle")
        CountingHandler.sent = 0
        cached, cached_marks = timed_run(second)
        return {"cold_s": cold, "warm_s": warm, "cached_s": cached, "first_run_mb": first_run / 1e6,
                "cached_run_kb": CountingHandler.sent / 1e3, "page_kb": page_bytes / 1e3, "load_average": load,
                "cold_stages_s": stage_seconds(cold_marks, cold), "cached_stages_s": stage_seconds(cached_marks, cached)}
    finally:
        context.close()


def medians(rounds: list[dict[str, float]]) -> dict[str, float]:
    keys = [key for key in rounds[0] if all(key in r for r in rounds)]
    return {key: round(statistics.median(r[key] for r in rounds), 3) for key in keys}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build a small one)")
    parser.add_argument("--example", default=DEFAULT_EXAMPLE, help=f"the example to run (default {DEFAULT_EXAMPLE})")
    parser.add_argument("--rounds", type=int, default=3, help="fresh browsers to time (default 3)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = args.site or build_small_site(Path(tmp), args.example)
        node_load = os.getloadavg()[0]
        node_start = node_baseline(Path(tmp), site)
        server, base = serve(site)
        url = f"{base}/en/examples/{args.example}/"
        rounds = []
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
            try:
                for _ in range(args.rounds):
                    rounds.append(one_round(browser, url))
            finally:
                browser.close()
        server.shutdown()
    figures: dict[str, object] = medians([{k: v for k, v in r.items() if not isinstance(v, dict)} for r in rounds])
    figures["cpython_run_s"] = round(cpython_baseline(args.example), 4)
    figures["node_pyodide_start_s"] = round(node_start, 3) if node_start is not None else None
    figures["node_load_average"] = round(node_load, 2)
    figures["rounds"] = len(rounds)
    figures["within_budget"] = {key: figures[key] <= limit for key, limit in BUDGET.items()}
    figures["cold_stages_s"] = medians([r["cold_stages_s"] for r in rounds])
    figures["cached_stages_s"] = medians([r["cached_stages_s"] for r in rounds])
    figures["each_round"] = [{key: round(r[key], 3) for key in ("load_average", "cold_s", "warm_s", "cached_s")}
                             for r in rounds]
    if args.json:
        print(json.dumps(figures, indent=1))
        return 0
    for key, value in figures.items():
        if key.endswith("_stages_s"):
            print(f"{key:>20}: (medians, s)")
            for stage, seconds in value.items():
                print(f"{'':>22}{stage:>15} {seconds:6.3f}  {STAGES.get(stage, 'when the runtime’s last byte arrived, after the click')}")
        elif key == "each_round":
            for number, figures_of in enumerate(value, 1):
                print(f"{'round ' + str(number):>20}: " + ", ".join(f"{k} {v}" for k, v in figures_of.items()))
        else:
            limit = BUDGET.get(key)
            print(f"{key:>20}: {value}" + (f"  (budget {limit})" if limit is not None else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
