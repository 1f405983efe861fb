"""How long the history and the cross-reference graph of the whole corpus take to build.

The releases (and wiki pages) are parsed once, outside the timings. Then, for N runs, prints the
median and the fastest of:
  refs       `find_references` over every rule, example and glossary entry of every release, cold
             (its cache emptied; a text met again, in a later release, is read once)
  history    `History(docs)` with every consecutive diff computed (what `kb history` pays), after refs
  graph      `build_graph` of every release with the wiki pages
  graphml    the graph written as GraphML (networkx's writer)
  nodelink   the graph written as node-link JSON
and, once, what was built: references per release, broken references, and the counts of each
consecutive diff.

    python3 bench/bench_graph.py [--runs 5] [--json]
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

try:
    import kb  # noqa: F401
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kb.corpus import load_manifest  # noqa: E402
from kb.graph import build_graph, summary, write_graphml, write_node_link  # noqa: E402
from kb.history import History  # noqa: E402
from kb.ingest import parse_corpus_file  # noqa: E402
from kb.refs import broken_references, clear_cache, document_references  # noqa: E402


def _timed(function) -> tuple[float, object]:
    start = time.perf_counter()
    result = function()
    return time.perf_counter() - start, result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (the median is reported)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    entries = load_manifest()
    docs = [parse_corpus_file(e) for e in entries if e.kind == "cr"]
    pages = [parse_corpus_file(e) for e in entries if e.kind == "wiki"]

    def all_refs() -> int:
        return sum(1 for doc in docs for _ in document_references(doc))

    def history() -> History:
        built = History(docs)
        built.consecutive()
        return built

    def graph():
        return build_graph(docs, pages)

    timings: dict[str, list[float]] = {"refs": [], "history": [], "graph": [], "graphml": [], "nodelink": []}
    built_history, built_graph = None, None
    with tempfile.TemporaryDirectory() as scratch:
        for _ in range(args.runs):
            clear_cache()  # each run starts cold, as a fresh process does
            seconds, _ = _timed(all_refs)
            timings["refs"].append(seconds)
            seconds, built_history = _timed(history)
            timings["history"].append(seconds)
            seconds, built_graph = _timed(graph)
            timings["graph"].append(seconds)
            seconds, _ = _timed(lambda: write_graphml(built_graph, Path(scratch) / "g.graphml", overwrite=True))
            timings["graphml"].append(seconds)
            seconds, _ = _timed(lambda: write_node_link(built_graph, Path(scratch) / "g.json", overwrite=True))
            timings["nodelink"].append(seconds)

    assert built_history is not None and built_graph is not None
    figures = {
        "releases": [d.release for d in docs],
        "pages": len(pages),
        "runs": args.runs,
        "seconds": {
            name: {"median": round(statistics.median(values), 4), "min": round(min(values), 4)}
            for name, values in timings.items()
        },
        "references": {d.release: sum(1 for _ in document_references(d)) for d in docs},
        "broken": {d.release: [(s, r.target) for s, r in broken_references(d)] for d in docs},
        "diffs": {f"{d.old} -> {d.new}": d.counts() for d in built_history.consecutive()},
        "graph": summary(built_graph),
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(f"{len(docs)} releases ({figures['releases'][0]} .. {figures['releases'][-1]}), {len(pages)} wiki pages, "
          f"{args.runs} runs")
    print(f"{'':<10}{'median s':>10}{'min s':>10}")
    for name, values in figures["seconds"].items():
        print(f"{name:<10}{values['median']:>10.3f}{values['min']:>10.3f}")
    print("\nreferences per release (broken):")
    for release, count in figures["references"].items():
        broken = figures["broken"][release]
        listed = ", ".join(f"{s} -> {t}" for s, t in broken)
        print(f"  {release}  {count:>5}  ({len(broken)}{': ' + listed if listed else ''})")
    print("\nconsecutive diffs:")
    for pair, counts in figures["diffs"].items():
        print(f"  {pair}  " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    graph_counts = figures["graph"]
    print("\ngraph: " + ", ".join(f"{k} {v}" for k, v in graph_counts["nodes"].items()))
    print("       " + ", ".join(f"{k} {v}" for k, v in graph_counts["edges"].items()))
    print(f"       broken nodes {graph_counts['broken']}, placeholders {graph_counts['placeholders']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
