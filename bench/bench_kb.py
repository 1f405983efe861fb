"""How long the knowledge base takes to build, store and answer from a cold start.

Over the embedded corpus (every release, every wiki page), prints for N runs the median and the
fastest of:
  parse        every release and page parsed
  history      every consecutive release diffed (`kb.knowledge.CachedHistory`), references cold
  alignment    the Spanish aligned with the English (`kb.align.align_corpus`), given the history
  graph        the cross-reference graph of every release, page and alignment
  build        `KnowledgeBase.build()` from nothing: all of the above plus references and terminology
  store        the built knowledge base written as Parquet
  open         a stored knowledge base opened and asked for one Spanish text
and, as subprocesses from a cold interpreter (median of --starts runs):
  python       `python -c pass`, the floor
  kb rule      `python -m kb rule 101.4 --lang es` answered from an up-to-date store, with the
               environment as it is (with PYTHONDONTWRITEBYTECODE set, every module is compiled
               at every start)
  kb rule pyc  the same once the modules' bytecode is cached, as in an installed package

    python3 bench/bench_kb.py [--runs 3] [--starts 7] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
try:
    import kb  # noqa: F401
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(ROOT))

from kb.align import align_corpus  # noqa: E402
from kb.corpus import corpus_dir, load_manifest  # noqa: E402
from kb.knowledge import CachedHistory, KnowledgeBase  # noqa: E402
from kb.parse.cr import parse_cr  # noqa: E402
from kb.parse.wiki import parse_wiki  # noqa: E402
from kb.store import open_store  # noqa: E402


def _timed(function):
    start = time.perf_counter()
    result = function()
    return time.perf_counter() - start, result


def _clear_reference_cache() -> None:
    import kb.refs

    clear = getattr(kb.refs, "clear_cache", None)
    if clear is not None:
        clear()


def _subprocess_seconds(command: list[str], env: dict[str, str], runs: int) -> list[float]:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        done = subprocess.run(command, env=env, cwd=ROOT, capture_output=True, text=True)
        times.append(time.perf_counter() - start)
        if done.returncode != 0:
            raise SystemExit(f"{' '.join(command)} failed: {done.stderr.strip()}")
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per build figure (the median is reported)")
    parser.add_argument("--starts", type=int, default=7, help="cold starts per subprocess figure")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.starts < 1:
        parser.error("--runs and --starts must be at least 1")

    root = corpus_dir()
    entries = load_manifest(root)
    times: dict[str, list[float]] = {}

    def record(name: str, seconds: float) -> None:
        times.setdefault(name, []).append(seconds)

    built = None
    for _ in range(args.runs):
        seconds, (docs, pages) = _timed(lambda: (
            {d.release: d for d in (parse_cr(e.path) for e in entries if e.kind == "cr")},
            [parse_wiki(e.path, e.lang) for e in entries if e.kind == "wiki"],
        ))
        record("parse", seconds)
        _clear_reference_cache()
        seconds, history = _timed(lambda: _consecutive(docs))
        record("history", seconds)
        seconds, result = _timed(lambda: align_corpus(docs, pages, history))
        record("alignment", seconds)
        _clear_reference_cache()
        seconds, built = _timed(lambda: KnowledgeBase.build(root))
        record("build", seconds)
        seconds, _ = _timed(lambda: built.graph)
        record("graph", seconds)
        with tempfile.TemporaryDirectory() as scratch:
            seconds, path = _timed(lambda: built.save(Path(scratch) / "kb"))
            record("store", seconds)
            seconds, _ = _timed(lambda: open_store(path, root).spanish("723.1a"))
            record("open", seconds)

    with tempfile.TemporaryDirectory() as scratch:
        store = Path(scratch) / "kb"
        built.save(store)
        env = {**os.environ, "KB_STORE": str(store), "KB_CORPUS": str(root), "PYTHONPATH": str(ROOT)}
        times["python"] = _subprocess_seconds([sys.executable, "-c", "pass"], env, args.starts)
        command = [sys.executable, "-m", "kb", "rule", "101.4", "--lang", "es"]
        times["kb rule"] = _subprocess_seconds(command, env, args.starts)
        cached = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}
        _subprocess_seconds(command, cached, 1)  # writes the bytecode
        times["kb rule pyc"] = _subprocess_seconds(command, cached, args.starts)

    figures = {
        name: {"median": round(statistics.median(values), 4), "fastest": round(min(values), 4), "runs": len(values)}
        for name, values in times.items()
    }
    counts = {
        "releases": len(built.releases),
        "pages": len(built.pages),
        "rules": sum(len(d.rules) for d in built.documents.values()),
        "alignments": len(built.alignment),
    }
    if args.json:
        print(json.dumps({"figures": figures, "corpus": counts}, indent=2))
        return 0
    print(f"corpus: {counts['releases']} releases, {counts['pages']} pages, {counts['rules']} rules, "
          f"{counts['alignments']} Spanish records aligned")
    print(f"{'figure':<12} {'median s':>10} {'fastest s':>10}  runs")
    for name, figure in figures.items():
        print(f"{name:<12} {figure['median']:>10.3f} {figure['fastest']:>10.3f}  {figure['runs']}")
    return 0


def _consecutive(docs) -> CachedHistory:
    history = CachedHistory(docs.values())
    history.consecutive()
    return history


if __name__ == "__main__":
    sys.exit(main())
