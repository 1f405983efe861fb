"""How long `kb build` takes, cold and with nothing changed, and how much memory it takes.

Each figure is one run of the command itself (`python -m kb build --out DIR --json`) in a fresh
process, with an empty store of its own, against a baseline taken in the same run:
  floor        every release file read and decoded in a fresh interpreter, nothing else
  cold build   `kb build` with an empty store and an empty output folder: parse, diff, align, store
               the knowledge base, generate the pages, build the site, index it
  no change    `kb build` again into the same folder, nothing changed
  forced       `kb build --force`: everything but the knowledge base, which the store answers
Printed for each: wall time, CPU time (the command and every process it ran), the largest resident
set of any one of its processes, and the peak of the whole process tree together (sampled every
50 ms), with the times as multiples of the floor.
Budgets (this 2-core machine): cold build <= 60 s, no change <= 10 s, peak memory <= 2 GB, site
<= 150 MB, search index <= 1.5 MB per language.

    python3 bench/bench_build.py [--runs 1] [--json]
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
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

BUDGETS = {"cold build": 60.0, "no change": 10.0}
MEMORY_BUDGET_MB = 2048
SITE_BUDGET_MB = 150
INDEX_BUDGET_MB = 1.5

FLOOR = (
    "from kb.corpus import read_corpus\n"
    "from kb.decode import read_text\n"
    "for entry in read_corpus().files:\n"
    "    read_text(entry.path)\n"
)


def _tree_rss_kb(pid: int) -> int:
    """The resident memory of `pid` and all its descendants (Linux /proc), in KiB."""
    total, pending = 0, [pid]
    while pending:
        current = pending.pop()
        try:
            with open(f"/proc/{current}/status", encoding="ascii", errors="replace") as status:
                total += next((int(line.split()[1]) for line in status if line.startswith("VmRSS:")), 0)
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children", encoding="ascii") as children:
                    pending.extend(int(child) for child in children.read().split())
        except (OSError, ValueError):
            continue
    return total


def run(command: list[str], env: dict[str, str], cwd: Path = ROOT) -> dict:
    """Wall and CPU time, largest process and peak of the process tree of one command.

    The command's own resource use comes from `os.wait4`, which counts it and every descendant it
    waited for; `RUSAGE_CHILDREN` would give the largest of all commands run so far instead.
    """
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(command, env=env, cwd=cwd, stdout=out, stderr=err)
        peak = 0
        sampling = Path("/proc").is_dir()
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if sampling:
                peak = max(peak, _tree_rss_kb(proc.pid))
            time.sleep(0.05)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        stdout, stderr = out.read(), err.read()
    if proc.returncode != 0:
        raise SystemExit(f"{' '.join(command[2:])} failed: {stderr.decode(errors='replace').strip()[-2000:]}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "largest_mb": usage.ru_maxrss / 1024,
            "tree_peak_mb": peak / 1024, "stdout": stdout.decode(errors="replace")}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1, help="runs of each figure (the median is reported)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    figures: dict[str, list[dict]] = {}
    build: dict = {}
    with tempfile.TemporaryDirectory(prefix="bench-build-") as scratch:
        store, out = Path(scratch) / "store", Path(scratch) / "out"
        env = {**os.environ, "KB_STORE": str(store), "PYTHONPATH": str(ROOT)}
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        kb_build = [sys.executable, "-m", "kb", "build", "--out", str(out), "--json"]
        for _ in range(args.runs):
            figures.setdefault("floor", []).append(run([sys.executable, "-c", FLOOR], env))
            shutil.rmtree(store, ignore_errors=True)
            shutil.rmtree(out, ignore_errors=True)
            cold = run(kb_build, env)
            figures.setdefault("cold build", []).append(cold)
            build = json.loads(cold["stdout"])
            again = run(kb_build, env)
            if not json.loads(again["stdout"]).get("unchanged"):
                raise SystemExit("the build with nothing changed built the site again")
            figures.setdefault("no change", []).append(again)
            figures.setdefault("forced", []).append(run([*kb_build, "--force"], env))

    floor = statistics.median(f["wall"] for f in figures["floor"])
    summary = {}
    for name, runs in figures.items():
        wall = statistics.median(f["wall"] for f in runs)
        summary[name] = {
            "wall_s": round(wall, 2),
            "cpu_s": round(statistics.median(f["cpu"] for f in runs), 2),
            "largest_process_mb": round(max(f["largest_mb"] for f in runs)),
            "tree_peak_mb": round(max(f["tree_peak_mb"] for f in runs)),
            "wall_x_floor": round(wall / floor, 1) if floor else None,
            "runs": len(runs),
        }
    verdicts = {
        name: f"{summary[name]['wall_s']} s (budget {limit:g} s): " + ("within" if summary[name]["wall_s"] <= limit else "OVER")
        for name, limit in BUDGETS.items()
    }
    peak = max(summary[name]["tree_peak_mb"] for name in ("cold build", "forced"))
    verdicts["memory"] = f"{peak} MB (budget {MEMORY_BUDGET_MB} MB): " + ("within" if peak <= MEMORY_BUDGET_MB else "OVER")
    site_mb = build.get("site_bytes", 0) / 2**20
    verdicts["site"] = f"{site_mb:.1f} MB (budget {SITE_BUDGET_MB} MB): " + ("within" if site_mb <= SITE_BUDGET_MB else "OVER")
    for lang, size in sorted(build.get("search_bytes", {}).items()):
        mb = size / 2**20
        verdicts[f"search index {lang}"] = f"{mb:.2f} MB (budget {INDEX_BUDGET_MB} MB): " + (
            "within" if mb <= INDEX_BUDGET_MB else "OVER")
    result = {
        "figures": summary, "budgets": verdicts, "stages": build.get("timings", {}),
        "pages": build.get("total_pages"), "html_files": build.get("html_files"),
        "cpus": os.cpu_count(), "load_average": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"{'figure':<12} {'wall s':>8} {'cpu s':>8} {'x floor':>8} {'largest MB':>11} {'tree MB':>8}")
    for name, row in summary.items():
        print(f"{name:<12} {row['wall_s']:>8.2f} {row['cpu_s']:>8.2f} {row['wall_x_floor']!s:>8} "
              f"{row['largest_process_mb']:>11} {row['tree_peak_mb']:>8}")
    print("cold build stages: " + ", ".join(f"{k} {v:.1f} s" for k, v in result["stages"].items()))
    for name, verdict in verdicts.items():
        print(f"{name}: {verdict}")
    print(f"{result['cpus']} CPUs, load average {result['load_average']:.2f} (a shared machine makes wall times longer)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
