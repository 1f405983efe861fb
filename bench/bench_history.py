"""How long the history of every release takes, how much memory it needs, and what it finds.

The releases are parsed once, outside the timings (they are the parser's figures). Then, for N runs,
prints the median and the fastest of:
  history     `History(docs)` with the diff of every release against the next (109 pairs for 110
              releases), cold: references read anew, nothing kept from a run before
  same-id     the baseline: every rule paired with the rule of the same number in the next release,
              texts compared evened out (what a line diff of two releases knows; it follows no
              rule through a renumbering)
  cache-warm  the 109 diffs read back from a `DiffCache` filled by a run before
  composed    a diff of two releases far apart composed from the neighbours' (the neighbours' diffs
              already made), for the pairs named below
  direct      the same pairs compared directly (the other way to answer: pair the two at once)
and, once: the peak memory of the history (tracemalloc), how far back some rules are followed, the
pairs made across the 2009 renumbering by each way, and the counts of the two checked diffs.

Each figure is given in wall-clock and in processor seconds.

    python3 bench/bench_history.py [--runs 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

try:
    import kb  # noqa: F401
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kb.history import DiffCache, History, diff_releases  # noqa: E402
from kb.history.text import even_out  # noqa: E402
from kb.parse.cr import parse_cr  # noqa: E402
from kb.refs import clear_cache  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
FAR_PAIRS = [("2009-07-11", "2026-01-16"), ("2004-10-01", "2005-02-01"), ("2003-03-15", "2026-01-16"),
             ("2009-05-01", "2017-09-29")]
RULES = ["723.1", "101.4", "704.5a", "702.2b", "810.7", "903.4", "100.1", "601.2"]


def release_files() -> list[Path]:
    """Every official release: the corpus's when it lists them all, else ../shared/cr."""
    try:
        from kb.corpus import load_manifest

        files = [e.path for e in load_manifest() if e.kind == "cr" and e.path.is_file()]
        if len(files) > 100:
            return sorted(files)
    except (OSError, ValueError):
        pass
    folder = Path(os.environ.get("KB_RELEASES") or ROOT.parent / "shared" / "cr")
    return sorted(folder.glob("MagicCompRules-*.txt"))


CPU: dict[str, list[float]] = {}


def _timed(function, name: str | None = None) -> tuple[float, object]:
    """Wall-clock seconds of `function()` and its result; its processor seconds are kept under `name`
    (on a machine shared with other work, the wall clock says more about the others)."""
    start, cpu = time.perf_counter(), time.process_time()
    result = function()
    if name:
        CPU.setdefault(name, []).append(time.process_time() - cpu)
    return time.perf_counter() - start, result


def same_id_diffs(docs) -> list[dict]:
    """The baseline: pairs by number only."""
    found = []
    ordered = sorted(docs, key=lambda d: d.release)
    texts = [{r.id: even_out("\n".join([r.text, *(x.text for x in r.examples)])) for r in d.rules} for d in ordered]
    for old, new in zip(texts, texts[1:]):
        paired = old.keys() & new.keys()
        found.append({"paired": len(paired), "changed": sum(1 for i in paired if old[i] != new[i]),
                      "added": len(new.keys() - paired), "removed": len(old.keys() - paired)})
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="runs per figure (the median is reported)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    files = release_files()
    if len(files) < 2:
        parser.error("no releases found (../shared/cr or $KB_RELEASES)")
    docs = [parse_cr(path) for path in files]
    pairs = len(docs) - 1

    def history() -> History:
        clear_cache()
        made = History(docs)
        made.consecutive()
        return made

    times: dict[str, list[float]] = {name: [] for name in ("history", "same-id", "cache-warm", "composed", "direct")}
    built: History | None = None
    with tempfile.TemporaryDirectory() as scratch:
        History(docs, cache=DiffCache(scratch)).consecutive()
        for _ in range(args.runs):
            seconds, built = _timed(history, "history")
            times["history"].append(seconds)
            times["same-id"].append(_timed(lambda: same_id_diffs(docs), "same-id")[0])
            times["cache-warm"].append(
                _timed(lambda: History(docs, cache=DiffCache(scratch)).consecutive(), "cache-warm")[0])
            assert built is not None
            times["composed"].append(_timed(lambda: [built.diff(a, b) for a, b in FAR_PAIRS], "composed")[0])
            times["direct"].append(_timed(
                lambda: [diff_releases(built.prepared(a), built.prepared(b)) for a, b in FAR_PAIRS], "direct")[0])
    assert built is not None

    clear_cache()
    tracemalloc.start()
    History(docs).consecutive()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()

    renumbered = next(d for d in built.consecutive() if d.renumbering)
    baseline = same_id_diffs(docs)
    at = built.releases.index(renumbered.new) - 1
    rules = {}
    for rule_id in RULES:
        if rule_id in built.prepared(built.releases[-1]).rules:
            first = built.first_release(rule_id)
            rules[rule_id] = {"first_release": first, "as": built.trace(rule_id)[first]}
    figures = {
        "releases": len(docs),
        "neighbour_pairs": pairs,
        "seconds": {name: {"median": round(statistics.median(v), 3), "fastest": round(min(v), 3),
                           "cpu_median": round(statistics.median(CPU[name]), 3)}
                    for name, v in times.items()},
        "history_peak_memory_mb": round(peak / 2**20, 1),
        "renumbering": {
            "pair": [renumbered.old, renumbered.new],
            "old_rules": len(built.prepared(renumbered.old).rules),
            "followed": len(renumbered.mapping),
            "followed_same_id_baseline": baseline[at]["paired"],
            "same_id_baseline_unchanged": baseline[at]["paired"] - baseline[at]["changed"],
        },
        "rules_followed_back": rules,
        "checked_diffs": {f"{a}..{b}": {**built.diff(a, b).counts(), "via": len(built.diff(a, b).via)}
                          for a, b in FAR_PAIRS[:2]},
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(f"{len(docs)} releases, {pairs} neighbour pairs; {args.runs} runs "
          "(seconds: wall median / wall fastest / processor median)")
    for name, value in figures["seconds"].items():
        print(f"  {name:<11} {value['median']:>8.3f} {value['fastest']:>8.3f} {value['cpu_median']:>8.3f}")
    print(f"  composed/direct over {len(FAR_PAIRS)} far pairs: {', '.join(f'{a}..{b}' for a, b in FAR_PAIRS)}")
    print(f"history peak memory (tracemalloc): {figures['history_peak_memory_mb']} MB")
    r = figures["renumbering"]
    print(f"renumbering {r['pair'][0]} -> {r['pair'][1]}: {r['followed']} of {r['old_rules']} rules followed "
          f"(same-id baseline: {r['followed_same_id_baseline']} paired by number, "
          f"{r['same_id_baseline_unchanged']} of them the same text)")
    print("followed back to:")
    for rule_id, where in rules.items():
        print(f"  {rule_id:<8} {where['first_release']} (as {where['as']})")
    for name, counts in figures["checked_diffs"].items():
        print(f"diff {name}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
