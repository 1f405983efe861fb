"""A cold `kb build` of this checkout against the same build of a baseline commit, in the same run.

Cold: an empty store of its own (`KB_STORE`), an empty output folder, the Pyodide of this checkout's
node_modules (`KB_PYODIDE`, so that neither build runs npm). The baseline is the commit `--baseline`
(default 8f653f5: the build before what needs no page was made by workers from the moment its inputs
exist, the same site byte for byte; a891f66, the build before the parsing, the pages of each
language, the builder per language, the squeezing and the stamp were shared out between the
processors, makes an older site) exported with `git archive` into a temporary folder, with the same
releases (`KB_RELEASES`). The two builds are
run in turn, `--runs` times each (baseline first in odd pairs, this checkout first in even ones),
so that a machine busy with other work slows both alike; the medians and their ratio are reported,
wall and CPU time (the command and every process it ran), and each build's own stages.

Every pair's two sites are compared file by file (SHA-256 of every file under site/): the same
inputs give the same bytes, whichever code and wherever the checkout lives. A difference is listed
and fails the run.

Budget (the 2-core machine): a cold build <= 40 s.

    python3 bench/bench_cold_build.py [--runs 3] [--baseline REV] [--json]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_build import run  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kb.corpus import release_dirs  # noqa: E402
from kb.site.pyodide import pyodide_dir  # noqa: E402

BASELINE = "8f653f5"
BUDGET_S = 40.0


def export(revision: str, folder: Path) -> Path:
    """The tree of `revision` written into `folder` (nothing of the repository is changed)."""
    folder.mkdir(parents=True)
    archive = subprocess.run(["git", "archive", "--format=tar", revision], cwd=ROOT, capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def digests(site: Path) -> dict[str, str]:
    """Every file under `site` by its path there, with its SHA-256."""
    found = {}
    for path in sorted(site.rglob("*")):
        if path.is_file():
            found[path.relative_to(site).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return found


def differences(ours: dict[str, str], theirs: dict[str, str]) -> list[str]:
    lines = [f"only in this build: {name}" for name in sorted(set(ours) - set(theirs))]
    lines += [f"only in the baseline: {name}" for name in sorted(set(theirs) - set(ours))]
    lines += [f"other bytes: {name}" for name in sorted(set(ours) & set(theirs)) if ours[name] != theirs[name]]
    return lines


def cold_build(checkout: Path, scratch: Path, name: str) -> tuple[dict, Path]:
    """One cold build of `checkout` into scratch/name; its figures and its site folder."""
    store, out = scratch / f"{name}-store", scratch / f"{name}-out"
    shutil.rmtree(store, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    env = {**os.environ, "KB_STORE": str(store), "PYTHONPATH": str(checkout),
           "KB_RELEASES": os.pathsep.join(str(folder) for folder in release_dirs() if folder.is_dir()),
           "KB_PYODIDE": str(pyodide_dir())}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    figures = run([sys.executable, "-m", "kb", "build", "--out", str(out), "--json"], env, cwd=checkout)
    figures["stages"] = json.loads(figures.pop("stdout")).get("timings", {})
    shutil.rmtree(store, ignore_errors=True)
    return figures, out / "site"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="cold builds of each (the median is reported)")
    parser.add_argument("--baseline", default=BASELINE, help=f"the commit to compare with (default {BASELINE})")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    figures: dict[str, list[dict]] = {"baseline": [], "this": []}
    unlike: list[str] = []
    with tempfile.TemporaryDirectory(prefix="bench-cold-build-") as scratch_name:
        scratch = Path(scratch_name)
        checkouts = {"baseline": export(args.baseline, scratch / "baseline"), "this": ROOT}
        for number in range(args.runs):
            order = ["baseline", "this"] if number % 2 == 0 else ["this", "baseline"]
            sites = {}
            for name in order:
                result, sites[name] = cold_build(checkouts[name], scratch, name)
                figures[name].append(result)
                print(f"run {number + 1} {name}: {result['wall']:.1f} s wall, {result['cpu']:.1f} s CPU "
                      f"({', '.join(f'{k} {v:.1f}' for k, v in result['stages'].items())})", file=sys.stderr)
            unlike = differences(digests(sites["this"]), digests(sites["baseline"]))
            if unlike:
                break

    summary = {}
    for name, runs in figures.items():
        stages = sorted({stage for r in runs for stage in r["stages"]})
        summary[name] = {
            "wall_s": round(statistics.median(r["wall"] for r in runs), 2),
            "cpu_s": round(statistics.median(r["cpu"] for r in runs), 2),
            "tree_peak_mb": round(max(r["tree_peak_mb"] for r in runs)),
            "stages_s": {s: round(statistics.median(r["stages"].get(s, 0.0) for r in runs), 2) for s in stages},
            "runs": len(runs),
        }
    this, base = summary["this"]["wall_s"], summary["baseline"]["wall_s"]
    result = {
        "baseline": args.baseline, "figures": summary,
        "wall_ratio": round(this / base, 3) if base else None,
        "cpu_ratio": round(summary["this"]["cpu_s"] / summary["baseline"]["cpu_s"], 3)
        if summary["baseline"]["cpu_s"] else None,
        "budget": f"{this} s (budget {BUDGET_S:g} s): " + ("within" if this <= BUDGET_S else "OVER"),
        "same_bytes": not unlike, "differences": unlike[:50],
        "cpus": os.cpu_count(), "load_average": os.getloadavg()[0] if hasattr(os, "getloadavg") else None,
    }
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        print(f"{'build':<10} {'wall s':>8} {'cpu s':>8} {'tree MB':>8}  stages (median s)")
        for name, row in summary.items():
            print(f"{name:<10} {row['wall_s']:>8.2f} {row['cpu_s']:>8.2f} {row['tree_peak_mb']:>8}  "
                  + ", ".join(f"{k} {v:.1f}" for k, v in row["stages_s"].items()))
        print(f"this / baseline: wall x{result['wall_ratio']}, CPU x{result['cpu_ratio']}")
        print(f"cold build: {result['budget']}")
        print("same bytes: " + ("yes, every file of the site" if not unlike else f"NO ({len(unlike)} files)"))
        for line in unlike[:50]:
            print(f"  {line}")
        print(f"{result['cpus']} CPUs, load average {result['load_average']:.2f} "
              "(a shared machine makes wall times longer; the pairs share the slowing)")
    return 1 if unlike else 0


if __name__ == "__main__":
    sys.exit(main())
