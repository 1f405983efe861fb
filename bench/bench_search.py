"""How often the search box lands on the rule: the evaluation of `bench/search_queries.jsonl` over a
built site, per language.

    python3 bench/bench_search.py SITE_DIR                 # the box's ranking, run in node
    python3 bench/bench_search.py SITE_DIR --browser       # typed into the box in headless Chromium
    python3 bench/bench_search.py SITE_DIR --misses 20     # and the first 20 misses of each language
    python3 bench/bench_search.py SITE_DIR --browser --every 10   # a tenth of the queries, evenly

SITE_DIR is a built site (`kb build`'s `site/` folder). For each language it prints the share of
queries whose first result is a target (what Enter opens) and the share with a target among the
first three, for all queries, for the held-out fifth (never looked at while tuning), per form
(term, qualified, question) and per source (keyword ability, section, glossary, jargon, ...), and
beside Enter the share it lands on when a titled rule and its first subrule count as one answer
(the heading "701.17. Mill" opens with 701.17a right under it; sets differ on which of the two a
term names). The default runs the ranking script of the site itself
(`site/assets/rank.js`) in node over the site's index; `--browser` serves the site and types
each query into its search box at 390 px in Chromium, reading the links the box shows, which
measures any version of the site (one built before the ranking existed too).
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import re
import subprocess
import sys
import threading
from collections import defaultdict
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
QUERIES = HERE / "search_queries.jsonl"
RUNNER = HERE / "search_rank.js"
CHROMIUM = "/usr/bin/chromium"


def load_queries(path: Path = QUERIES) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def rank_in_node(site: Path, queries: list[dict[str, Any]], limit: int = 3) -> list[dict[str, Any]]:
    """The first `limit` result ids of each query, by the site's ranking script run in node."""
    lines = "".join(json.dumps({"lang": q["lang"], "query": q["query"]}, ensure_ascii=False) + "\n" for q in queries)
    proc = subprocess.run(["node", str(RUNNER), str(site), str(limit)], input=lines, capture_output=True,
                          text=True, encoding="utf-8", check=False)
    if proc.returncode != 0:
        raise SystemExit(f"bench_search: node failed: {proc.stderr.strip()[-500:]}")
    return [json.loads(line) for line in proc.stdout.splitlines()]


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):
        pass


def href_id(href: str) -> str:
    """The rule, section, part or glossary entry a result link opens."""
    path, _, fragment = href.partition("#")
    if "/glossary/" in path:
        return "g:" + fragment
    if fragment.startswith("part-"):
        return fragment[len("part-"):]
    if fragment:
        return fragment
    found = re.search(r"/cr/(\d+)/?$", path)
    return found.group(1) if found else href


BOX_SCRIPT = """async ([query, limit]) => {
    const input = document.querySelector('#kb-search input');
    const drawer = document.querySelector('#kb-search-drawer');
    input.value = query;
    input.dispatchEvent(new Event('input', {bubbles: true}));
    const started = performance.now();
    while (drawer.dataset.query !== query && performance.now() - started < 10000) {
        await new Promise(r => setTimeout(r, 10));
    }
    await new Promise(r => setTimeout(r, 30));
    return Array.from(drawer.querySelectorAll('a.kb-search__link')).slice(0, limit).map(a => a.href);
}"""


def rank_in_browser(site: Path, queries: list[dict[str, Any]], limit: int = 3) -> list[dict[str, Any]]:
    """The first `limit` results each query shows in the site's own search box."""
    from playwright.sync_api import sync_playwright

    handler = functools.partial(_Quiet, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    out = []
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox"])
            page = browser.new_page(viewport={"width": 390, "height": 844})
            for lang in ("es", "en"):
                page.goto(base + ("/" if lang == "es" else "/en/"))
                for q in (q for q in queries if q["lang"] == lang):
                    hrefs = page.evaluate(BOX_SCRIPT, [q["query"], limit])
                    out.append({"lang": lang, "query": q["query"], "ids": [href_id(h.replace(base, "")) for h in hrefs]})
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return out


def titled_rules(site: Path) -> dict[str, set[str]]:
    """Per language, the rules of the site's search index that carry a title (702.16 Protection)."""
    out = {}
    for core in sorted(site.glob("kb-rank/*/core.json")):
        rows = json.loads(core.read_text(encoding="utf-8"))["docs"].split("\n")
        out[core.parent.name] = {cells[0] for cells in (row.split(" ") for row in rows)
                                 if cells[1] == "r" and " ".join(cells[4:]).strip()}
    return out


def with_first_subrule(targets: list[str], titled: set[str]) -> set[str]:
    """The targets, a titled rule and its first subrule taken as one answer: Enter on 701.17 (Mill)
    opens the heading with 701.17a, the sentence defining milling, right under it."""
    out = set(targets)
    for target in targets:
        if target in titled:
            out.add(target + "a")
        if target.endswith("a") and target[:-1] in titled:
            out.add(target[:-1])
    return out


def score(queries: list[dict[str, Any]], ranked: list[dict[str, Any]],
          titled: dict[str, set[str]] | None = None) -> dict[str, dict[str, Any]]:
    """Per language: counts and shares landing with Enter and in the first three, by split and form;
    with `titled` (see titled_rules), also the share Enter lands on with a titled rule and its first
    subrule taken as one answer."""
    found = {(r["lang"], r["query"]): r for r in ranked}
    table: dict[str, dict[str, list[int]]] = defaultdict(lambda: defaultdict(lambda: [0, 0, 0, 0]))
    misses: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for q in queries:
        ids = found.get((q["lang"], q["query"]), {}).get("ids", [])
        enter = bool(ids) and ids[0] in q["targets"]
        top3 = any(i in q["targets"] for i in ids[:3])
        either = bool(ids) and ids[0] in with_first_subrule(q["targets"], (titled or {}).get(q["lang"], set()))
        for group in ("all", q["split"], q["form"], "source: " + q["source"]):
            cell = table[q["lang"]][group]
            cell[0] += 1
            cell[1] += enter
            cell[2] += top3
            cell[3] += either
        if not enter:
            misses[q["lang"]].append({**q, "got": ids[:3], "top3": top3})
    return {lang: {"groups": {g: {"queries": n, "enter": e / n, "top3": t / n,
                                  **({"enter_title_or_first_subrule": a / n} if titled is not None else {})}
                              for g, (n, e, t, a) in groups.items()},
                   "misses": misses[lang]} for lang, groups in sorted(table.items())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    parser.add_argument("site", type=Path, help="a built site's folder (with kb-rank/ for the node run)")
    parser.add_argument("--browser", action="store_true", help="type the queries into the box in Chromium")
    parser.add_argument("--queries", type=Path, default=QUERIES)
    parser.add_argument("--every", type=int, default=1, help="take every Nth query only (a sample, evenly)")
    parser.add_argument("--misses", type=int, default=0, help="print this many misses per language")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if not args.site.is_dir():
        parser.error(f"{args.site}: no such folder")
    queries = load_queries(args.queries)[::max(1, args.every)]
    ranked = rank_in_browser(args.site, queries) if args.browser else rank_in_node(args.site, queries)
    report = score(queries, ranked, titled_rules(args.site))
    if args.json:
        print(json.dumps({lang: r["groups"] for lang, r in report.items()}, indent=1, sort_keys=True))
        return 0
    for lang, r in report.items():
        groups = ["all", "dev", "held-out", "term", "qualified", "question",
                  *sorted(g for g in r["groups"] if g.startswith("source: "))]
        for group in groups:
            cell = r["groups"].get(group)
            if cell:
                print(f"{lang} {group:<26} {cell['queries']:>5} queries  Enter {cell['enter']:6.1%}  top-3 {cell['top3']:6.1%}"
                      f"  (Enter, a titled rule and its first subrule as one: {cell['enter_title_or_first_subrule']:6.1%})")
        for miss in r["misses"][:args.misses]:
            print(f"   miss {miss['query']!r} -> {miss['got']} want {miss['targets'][:4]}{' (top 3)' if miss['top3'] else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
