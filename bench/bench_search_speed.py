"""How fast the search box answers, in headless Chromium at a phone's width (390 × 844).

    python3 bench/bench_search_speed.py SITE_DIR [--baseline OTHER_SITE_DIR] [--queries N] [--cpu-slowdown 4]

For each site and language it measures:

- the bytes the first keystroke loads: every file fetched from the moment a letter (or `--first`
  WORDS, a letter at a time) is typed into a fresh page's box until its results are shown (the ranking script, the index's core, the shards
  its words need, the texts the results show), by their size on the wire and unpacked;
- the time from the last keystroke to the results shown, once the index is loaded: each query is
  typed whole into the box (one input event, as a paste or the last letter of a word is) and timed
  until the box shows its answer; the median, the 95th percentile and the slowest.

The queries are the first N of each language in `bench/search_queries.jsonl`, taken evenly.
`--baseline` measures another build the same way in the same run (the site before a change).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import statistics
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_search import CHROMIUM, _Quiet, load_queries
from playwright.sync_api import Error as PlaywrightError

TIMED = """async (query) => {
    const input = document.querySelector('#kb-search input');
    const drawer = document.querySelector('#kb-search-drawer');
    const done = new Promise(resolve => {
        const seen = new MutationObserver(() => {
            if (drawer.dataset.query === query) { seen.disconnect(); resolve(performance.now()); }
        });
        seen.observe(drawer, {attributes: true, childList: true, subtree: true});
    });
    input.value = query;
    const started = performance.now();
    input.dispatchEvent(new Event('input', {bubbles: true}));
    const ended = await Promise.race([done, new Promise(r => setTimeout(() => r(null), 10000))]);
    return ended === null ? null : ended - started;
}"""

CLEAR = """() => { const input = document.querySelector('#kb-search input'); input.value = '';
    input.dispatchEvent(new Event('input', {bubbles: true}));
    document.querySelector('#kb-search-drawer').removeAttribute('data-query'); }"""


def _serve(site: Path):
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def measure(browser, site: Path, queries: dict[str, list[str]], slowdown: float, first: str) -> dict[str, dict[str, float]]:
    server, base = _serve(site)
    out = {}
    try:
        for lang in ("es", "en"):
            context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True)
            page = context.new_page()
            if slowdown > 1:
                page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": slowdown})
            page.goto(base + ("/" if lang == "es" else "/en/"))
            page.wait_for_load_state("networkidle")
            fetched: list[tuple[int, int]] = []

            def count(response, fetched=fetched):
                try:
                    body = len(response.body())
                except PlaywrightError:  # a response without a body (a redirect)
                    body = 0
                sizes = response.request.sizes()
                fetched.append((sizes.get("responseBodySize", body) + sizes.get("responseHeadersSize", 0), body))

            page.on("response", count)
            page.click("#kb-search input")
            page.keyboard.type(first)
            page.wait_for_function("document.querySelector('#kb-search-drawer').dataset.query !== undefined", timeout=20000)
            page.wait_for_load_state("networkidle")
            page.wait_for_timeout(300)
            page.remove_listener("response", count)
            first_wire = sum(w for w, _ in fetched)
            first_body = sum(b for _, b in fetched)
            page.evaluate(CLEAR)
            # Once loaded: the index's shards for these queries may still be read as they come; a
            # first pass reads them, the second is timed.
            for query in queries[lang]:
                page.evaluate(TIMED, query)
                page.evaluate(CLEAR)
            times = []
            for query in queries[lang]:
                ms = page.evaluate(TIMED, query)
                page.evaluate(CLEAR)
                if ms is not None:
                    times.append(ms)
            times.sort()
            out[lang] = {
                "first_keystroke_files": len(fetched), "first_keystroke_wire_kb": first_wire / 1024,
                "first_keystroke_kb": first_body / 1024, "answered": len(times), "queries": len(queries[lang]),
                "median_ms": statistics.median(times) if times else float("nan"),
                "p95_ms": times[int(0.95 * (len(times) - 1))] if times else float("nan"),
                "max_ms": times[-1] if times else float("nan"),
            }
            context.close()
    finally:
        server.shutdown()
        server.server_close()
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("site", type=Path)
    parser.add_argument("--baseline", type=Path, help="another built site measured the same way")
    parser.add_argument("--queries", type=int, default=60, help="queries timed per language")
    parser.add_argument("--first", default="p", help="what is typed first, a letter at a time (default: a letter)")
    parser.add_argument("--cpu-slowdown", type=float, default=1, help="Chromium's CPU throttling rate (4: a phone)")
    args = parser.parse_args(argv)
    for site in filter(None, (args.site, args.baseline)):
        if not site.is_dir():
            parser.error(f"{site}: no such folder")
    every = load_queries()
    queries = {}
    for lang in ("es", "en"):
        mine = [q["query"] for q in every if q["lang"] == lang]
        step = max(1, len(mine) // args.queries)
        queries[lang] = mine[::step][:args.queries]
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
        for name, site in (("site", args.site), ("baseline", args.baseline)):
            if site is None:
                continue
            for lang, m in measure(browser, site, queries, args.cpu_slowdown, args.first).items():
                print(f"{name:<8} {lang}  first keystroke {m['first_keystroke_files']:>2} files "
                      f"{m['first_keystroke_kb']:7.1f} KB ({m['first_keystroke_wire_kb']:.1f} KB on the wire)  "
                      f"last keystroke to results: median {m['median_ms']:6.1f} ms  p95 {m['p95_ms']:6.1f} ms  "
                      f"max {m['max_ms']:6.1f} ms  ({m['answered']}/{m['queries']} answered)")
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
