"""Build the whole bilingual site from the embedded corpus and print what it costs.

    python3 bench/bench_site.py [--out DIR] [--runs N] [--fresh]

Prints the time of each stage (loading the knowledge base, generating the Markdown pages, the site
builder, the search index), the pages generated, the HTML files and total size of the site, and
the size of the search index of each language. The goal is a whole build under 30 s on a 2-core
machine. `--fresh` builds the knowledge base from the corpus instead of loading the stored one.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from kb.site import build_site  # noqa: E402


def _mb(n: int) -> str:
    return f"{n / (1024 * 1024):.2f} MB"


def _elements(path: Path) -> int:
    """Elements of a page as its HTML stands (the browser's DOM adds text nodes and what scripts add)."""
    from html.parser import HTMLParser

    class Counter(HTMLParser):
        count = 0

        def handle_starttag(self, tag, attrs):
            self.count += 1

    counter = Counter()
    counter.feed(path.read_text(encoding="utf-8"))
    return counter.count


def _cpu() -> float:
    """CPU seconds used so far by this process and its finished children (the builder, the indexer,
    example workers): on a busy machine, a truer measure of the work than the wall clock."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="output folder (default: a temporary one)")
    parser.add_argument("--runs", type=int, default=1, help="builds to time (default 1)")
    parser.add_argument("--fresh", action="store_true", help="build the knowledge base from the corpus")
    args = parser.parse_args()

    from kb.knowledge import KnowledgeBase

    out = args.out or Path(tempfile.mkdtemp(prefix="kb-site-bench-"))
    print(f"machine: {os.cpu_count()} CPUs; output: {out}")
    totals: list[float] = []
    result = None
    for run in range(1, args.runs + 1):
        cpu: dict[str, float] = {}

        def on_stage(stage: str, event: str) -> None:
            cpu[stage] = _cpu() - cpu[stage] if event == "done" else _cpu()

        start, cpu_start = time.perf_counter(), _cpu()
        kb = KnowledgeBase.build() if args.fresh else None
        kb_time, kb_cpu = time.perf_counter() - start, _cpu() - cpu_start
        result = build_site(kb, out, on_stage=on_stage)
        total, total_cpu = time.perf_counter() - start, _cpu() - cpu_start
        totals.append(total)
        stages = dict(result.timings)
        stages["load"] = stages.get("load", 0.0) + kb_time
        cpu["load"] = cpu.get("load", 0.0) + kb_cpu
        line = "  ".join(f"{name} {seconds:6.2f} s" for name, seconds in stages.items())
        print(f"run {run}: total {total:6.2f} s  ({line})")
        line = "  ".join(f"{name} {cpu.get(name, 0.0):6.2f} s" for name in stages)
        print(f"       cpu {total_cpu:6.2f} s  ({line})  load average {os.getloadavg()[0]:.1f}")

    assert result is not None
    print()
    print(f"pages generated: {result.total_pages} ({', '.join(f'{k} {v}' for k, v in result.pages.items())})")
    print(f"HTML files: {result.html_files}")
    print(f"site size: {_mb(result.site_bytes)}")
    for lang, size in sorted(result.search_bytes.items()):
        print(f"search index [{lang}]: {_mb(size)}  (budget 1.5 MB: {'met' if size <= 1.5 * 1024 * 1024 else 'NOT met'})")
    pages = sorted((p.stat().st_size, p) for p in [*result.site_dir.glob("cr/*/index.html"),
                                                   *result.site_dir.glob("en/cr/*/index.html")])
    if pages:
        largest, median = pages[-1], statistics.median(size for size, _ in pages)
        print(f"rule pages: {len(pages)}; largest {largest[0] / 1024:.0f} KB "
              f"({largest[1].relative_to(result.site_dir)}; budget 300 KB), median {median / 1024:.1f} KB (budget 30 KB)")
    section = result.site_dir / "cr" / "702" / "index.html"
    if section.is_file():
        print(f"cr/702/: {section.stat().st_size / 1024:.0f} KB, {_elements(section)} elements in its HTML")
    print(f"site size: {_mb(result.site_bytes)} (budget 150 MB: {'met' if result.site_bytes <= 150 * 1024 * 1024 else 'NOT met'})")
    if len(totals) > 1:
        print(f"total time: median {statistics.median(totals):.2f} s, best {min(totals):.2f} s over {len(totals)} runs")
    print(f"goal: under 30 s on 2 cores -> {'met' if min(totals) < 30 else 'NOT met'} ({min(totals):.2f} s)")


if __name__ == "__main__":
    main()
