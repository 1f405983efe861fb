"""How long `kb rule` takes, and how much memory, with every release in the store, against the bare
import of pandas measured in the same run.

Each figure is the command itself in a fresh process (`python -m kb rule ...`, from the project
root, with the store already built and current: the first run builds it if needed and is not
counted), waited for with `os.wait4`, which gives that one process's own resource use:
  baseline          python3 -c 'import pandas'
  python alone      python3 -c pass (the interpreter's own start, site-packages included: the floor
                    under every kb command)
  rule              kb rule 101.4
  rule es           kb rule 101.4 --lang es
  rule es json      kb rule 101.4 --lang es --json
  older release es  kb rule 702.9b --lang es --release 2024-06-07 (the line of descent is followed)
  published date es kb rule 702.9b --lang es --release 2021-07-12 (a release named by its publication
                    date; it takes effect on 2021-07-23)
  oldest release es kb rule 502.2 --lang es --release 2003-03-15 (the whole line of descent, renumbered)
  older es json     kb rule 702.9b --lang es --release 2024-06-07 --json
  many references   kb rule 601.2b --lang es (57 rules refer to it)
  not a release     kb rule 702.9b --release 2024-07-01 (no release that day: one line, exit 2)
  no such rule      kb rule 999.9z (one line, exit 2)
Printed for each: the median wall time of the runs, the median CPU time (user + system), the peak
resident set (ru_maxrss), and the time as a multiple of the baseline's. The cases take turns, so a
busy moment of a shared machine weighs on all alike; on such a machine the CPU time and the multiple
of the baseline say more than the wall time. Bytecode is cached as for an installed package.
Budgets: each `kb rule` <= 0.2 s and <= 150 MB.

    python3 bench/bench_rule_lookup.py [--runs 7] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TIME_BUDGET_S = 0.2
MEMORY_BUDGET_MB = 150

CASES = {
    "baseline (import pandas)": [sys.executable, "-c", "import pandas"],
    "python alone": [sys.executable, "-c", "pass"],
    "rule": [sys.executable, "-m", "kb", "rule", "101.4"],
    "rule es": [sys.executable, "-m", "kb", "rule", "101.4", "--lang", "es"],
    "rule es json": [sys.executable, "-m", "kb", "rule", "101.4", "--lang", "es", "--json"],
    "older release es": [sys.executable, "-m", "kb", "rule", "702.9b", "--lang", "es", "--release", "2024-06-07"],
    "published date es": [sys.executable, "-m", "kb", "rule", "702.9b", "--lang", "es", "--release", "2021-07-12"],
    "oldest release es": [sys.executable, "-m", "kb", "rule", "502.2", "--lang", "es", "--release", "2003-03-15"],
    "older es json": [sys.executable, "-m", "kb", "rule", "702.9b", "--lang", "es", "--release", "2024-06-07", "--json"],
    "many references": [sys.executable, "-m", "kb", "rule", "601.2b", "--lang", "es"],
    "not a release": [sys.executable, "-m", "kb", "rule", "702.9b", "--release", "2024-07-01"],
    "no such rule": [sys.executable, "-m", "kb", "rule", "999.9z"],
}
_BASELINES = ("baseline (import pandas)", "python alone")
# The exit status each case must end with (0 unless named): a refusal is timed as an answer is.
EXPECTED_EXIT = {"not a release": 2, "no such rule": 2}


# As an installed package runs: its modules' bytecode cached (the first, uncounted run writes it),
# as pandas's is in site-packages.
_ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def run_once(command: list[str], expected_exit: int = 0) -> dict[str, float]:
    """One run of `command`: wall time, CPU time and peak resident set of that process alone."""
    start = time.perf_counter()
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=_ENV)
    _pid, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    errors = process.stderr.read().decode(errors="replace") if process.stderr else ""
    process.stderr.close()
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != expected_exit:
        raise SystemExit(f"{' '.join(command)} exited {process.returncode}, not {expected_exit}: {errors.strip()}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "rss_mb": usage.ru_maxrss / 1024}


def measure(runs: int) -> dict[str, dict[str, float]]:
    for name, command in CASES.items():  # the store built and current, bytecode written, before anything is counted
        run_once(command, EXPECTED_EXIT.get(name, 0))
    samples: dict[str, list[dict[str, float]]] = {name: [] for name in CASES}
    for _ in range(runs):
        for name, command in CASES.items():  # interleaved: a busy moment weighs on every case alike
            samples[name].append(run_once(command, EXPECTED_EXIT.get(name, 0)))
    results = {}
    for name, found in samples.items():
        results[name] = {
            "wall_s": statistics.median(s["wall"] for s in found),
            "cpu_s": statistics.median(s["cpu"] for s in found),
            "peak_rss_mb": max(s["rss_mb"] for s in found),
        }
    base = results["baseline (import pandas)"]["wall_s"]
    for name, figures in results.items():
        figures["x_baseline"] = figures["wall_s"] / base if base else float("nan")
        if name not in _BASELINES:
            figures["within_budget"] = figures["wall_s"] <= TIME_BUDGET_S and figures["peak_rss_mb"] <= MEMORY_BUDGET_MB
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    results = measure(max(1, args.runs))
    if args.json:
        print(json.dumps({"runs": args.runs, "budget_s": TIME_BUDGET_S, "budget_mb": MEMORY_BUDGET_MB,
                          "results": results}, indent=2))
        return
    print(f"{'case':<26} {'wall s':>8} {'cpu s':>8} {'peak MB':>8} {'x pandas':>9}  budget")
    for name, f in results.items():
        verdict = "" if "within_budget" not in f else ("ok" if f["within_budget"] else "OVER")
        print(f"{name:<26} {f['wall_s']:>8.3f} {f['cpu_s']:>8.3f} {f['peak_rss_mb']:>8.1f} {f['x_baseline']:>9.2f}  {verdict}")
    print(f"(median of {args.runs} runs; budget {TIME_BUDGET_S} s and {MEMORY_BUDGET_MB} MB per kb rule)")


if __name__ == "__main__":
    main()
