"""How long the knowledge base takes to build, rebuild and answer, and how much memory a build takes,
over the whole corpus (every release found, every wiki page).

Every figure is taken in a fresh interpreter (a subprocess), with its wall time, its CPU time and its
peak memory (maximum resident set), against a baseline measured in the same run on the same machine:
  floor          every release file read and decoded, nothing else (the least a build must do)
  cold build     `KnowledgeBase.load()` with an empty store: parse, diff, align, store (and fill the cache)
  no change      `KnowledgeBase.load()` again, nothing changed: the store is current and is opened
  warm rebuild   the store's tables gone, its cache kept (as after a change to a wiki page, a catalog
                 or the alignment code): parse results and references come from the cache
  kb rule        `python -m kb rule 101.4 --lang es` from a current store, from a cold interpreter
Budgets (this 2-core machine): cold build <= 60 s, a rebuild with nothing changed <= 10 s, peak memory of
a build <= 2 GB. The machine may be shared: CPU time is the steadier figure, and ratios to the floor
(taken in the same run) compare across machines.

    python3 bench/bench_kb.py [--runs 1] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

BUDGETS = {"cold build": ("wall", 60.0), "no change": ("wall", 10.0)}
MEMORY_BUDGET_MB = 2048

_MEASURE = r"""
import json, resource, sys, time
start = time.perf_counter()
{body}
wall = time.perf_counter() - start
usage = resource.getrusage(resource.RUSAGE_SELF)
print("FIGURES " + json.dumps({{"wall": wall, "cpu": usage.ru_utime + usage.ru_stime,
                                "peak_mb": usage.ru_maxrss / 1024}}))
"""

FLOOR = """
from kb.corpus import read_corpus
from kb.decode import read_text
for entry in read_corpus().files:
    read_text(entry.path)
"""

LOAD = """
from kb.knowledge import KnowledgeBase
kb = KnowledgeBase.load(warn=lambda line: None)
kb.rule("101.4")
releases = len(kb.releases)
"""


def measure(body: str, env: dict[str, str]) -> dict[str, float]:
    """Wall time, CPU time and peak memory of `body` run in a fresh interpreter."""
    return _raw(_MEASURE.format(body=body), env)


def _raw(program: str, env: dict[str, str]) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", program], env=env, cwd=ROOT, capture_output=True, text=True)
    if done.returncode != 0:
        raise SystemExit(f"a measurement failed: {done.stderr.strip()[-2000:]}")
    line = next(l for l in done.stdout.splitlines() if l.startswith("FIGURES "))
    return json.loads(line[len("FIGURES "):])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs of each figure (the median is reported)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    figures: dict[str, list[dict[str, float]]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-kb-") as scratch:
        store = Path(scratch) / "store"
        env = {**os.environ, "KB_STORE": str(store), "PYTHONPATH": str(ROOT)}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        for _ in range(args.runs):
            figures.setdefault("floor", []).append(measure(FLOOR, env))
            shutil.rmtree(store, ignore_errors=True)
            figures.setdefault("cold build", []).append(measure(LOAD, env))
            figures.setdefault("no change", []).append(measure(LOAD, env))
            for child in store.iterdir():
                if child.is_file():
                    child.unlink()  # the tables and the manifest; the cache stays
            figures.setdefault("warm rebuild", []).append(measure(LOAD, env))
            figures.setdefault("kb rule", []).append(
                _raw(  # the command's own figures (RUSAGE_CHILDREN), from the interpreter that starts it
                    "import json, resource, subprocess, sys, time\n"
                    "start = time.perf_counter()\n"
                    "done = subprocess.run([sys.executable, '-m', 'kb', 'rule', '101.4', '--lang', 'es'],"
                    " capture_output=True)\n"
                    "wall = time.perf_counter() - start\n"
                    "usage = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
                    "assert done.returncode == 0, done.stderr\n"
                    "print('FIGURES ' + json.dumps({'wall': wall, 'cpu': usage.ru_utime + usage.ru_stime,"
                    " 'peak_mb': usage.ru_maxrss / 1024}))\n",
                    env,
                )
            )
        cache_mb = sum(p.stat().st_size for p in (store / "cache").rglob("*") if p.is_file()) / 2**20
        store_mb = sum(p.stat().st_size for p in store.glob("*.parquet")) / 2**20

    from kb.corpus import read_corpus

    corpus = read_corpus()
    summary = {}
    floor = statistics.median(f["wall"] for f in figures["floor"])
    floor_cpu = statistics.median(f["cpu"] for f in figures["floor"])
    for name, runs in figures.items():
        wall = statistics.median(f["wall"] for f in runs)
        cpu = statistics.median(f["cpu"] for f in runs)
        summary[name] = {
            "wall_s": round(wall, 2), "cpu_s": round(cpu, 2), "peak_mb": round(max(f["peak_mb"] for f in runs)),
            "wall_x_floor": round(wall / floor, 1) if floor else None,
            "cpu_x_floor": round(cpu / floor_cpu, 1) if floor_cpu else None, "runs": len(runs),
        }
    verdicts = {}
    for name, (measure_of, limit) in BUDGETS.items():
        verdicts[name] = f"{summary[name]['wall_s']} s (budget {limit:g} s): " + (
            "within" if summary[name]["wall_s"] <= limit else "OVER")
    peak = max(summary[n]["peak_mb"] for n in ("cold build", "warm rebuild"))
    verdicts["memory"] = f"{peak} MB (budget {MEMORY_BUDGET_MB} MB): " + ("within" if peak <= MEMORY_BUDGET_MB else "OVER")
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    result = {
        "corpus": {"releases": len([f for f in corpus.files if f.kind == "cr"]), "unavailable": len(corpus.unavailable),
                   "pages": len([f for f in corpus.files if f.kind == "wiki"])},
        "figures": summary, "budgets": verdicts, "store_mb": round(store_mb, 1), "cache_mb": round(cache_mb, 1),
        "cpus": os.cpu_count(), "load_average": load,
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    c = result["corpus"]
    print(f"corpus: {c['releases']} releases ({c['unavailable']} unavailable), {c['pages']} wiki pages; "
          f"{result['cpus']} CPUs, load average {load:.1f}" if load is not None else "")
    print(f"{'figure':<14} {'wall s':>8} {'cpu s':>8} {'peak MB':>8} {'wall/floor':>11} {'cpu/floor':>10}")
    for name, f in summary.items():
        print(f"{name:<14} {f['wall_s']:>8.2f} {f['cpu_s']:>8.2f} {f['peak_mb']:>8} {f['wall_x_floor']:>11} "
              f"{f['cpu_x_floor']:>10}")
    print(f"store {result['store_mb']} MB, cache {result['cache_mb']} MB")
    for name, verdict in verdicts.items():
        print(f"{name}: {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
