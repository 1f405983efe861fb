"""How long parsing a rules release takes, against a bare scan of the same bytes.

For each release in the corpus (the newest first) and for all of them together, prints the median
over N runs of:
  parse   decode the bytes, then `kb.parse.cr.parse_cr_text`
  text    `parse_cr_text` alone, on text decoded beforehand
  scan    decode the bytes, split the lines, test one regular expression per line
and parse/scan, the price of the parser over the least any reader of the file must do. Both are
timed in the same run, interleaved, so the ratio holds on any machine. On a busy machine, --cpu
times the process's CPU use instead of the wall clock.

    python3 bench/bench_parse.py [--runs 5] [--cpu] [--json] [FILE ...]
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import time
from pathlib import Path

try:
    import kb  # noqa: F401
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kb.corpus import load_manifest  # noqa: E402
from kb.decode import decode_bytes, split_lines  # noqa: E402
from kb.parse.cr import parse_cr_text  # noqa: E402

_RULE_START = re.compile(r"\d{3}\.\d+")


def bare_scan(data: bytes, source: str) -> int:
    text, _ = decode_bytes(data, source)
    return sum(1 for line in split_lines(text) if _RULE_START.match(line))


def full_parse(data: bytes, source: str):
    text, decoding = decode_bytes(data, source)
    return parse_cr_text(text, source, decoding)


_clock = time.perf_counter


def _timed(function, *args) -> float:
    start = _clock()
    function(*args)
    return _clock() - start


def measure(files: list[Path], runs: int, cpu: bool = False) -> list[dict]:
    global _clock
    _clock = time.process_time if cpu else time.perf_counter
    blobs = {path: path.read_bytes() for path in files}
    texts = {path: decode_bytes(data, str(path)) for path, data in blobs.items()}
    times: dict[Path, dict[str, list[float]]] = {p: {"parse": [], "text": [], "scan": []} for p in files}
    totals: dict[str, list[float]] = {"parse": [], "text": [], "scan": []}
    for _ in range(runs):
        run = {"parse": 0.0, "text": 0.0, "scan": 0.0}
        for path, data in blobs.items():
            source = str(path)
            measured = {
                "scan": _timed(bare_scan, data, source),
                "parse": _timed(full_parse, data, source),
                "text": _timed(parse_cr_text, *texts[path][0:1], source, texts[path][1]),
            }
            for name, seconds in measured.items():
                times[path][name].append(seconds)
                run[name] += seconds
        for name, seconds in run.items():
            totals[name].append(seconds)
    rows = []
    for path in files:
        doc = full_parse(blobs[path], str(path))
        rows.append(_row(path.name, len(blobs[path]), doc.line_count, len(doc.rules) + len(doc.glossary),
                         times[path]))
    total_lines = sum(row["lines"] for row in rows)
    total_records = sum(row["records"] for row in rows)
    rows.append(_row("all releases", sum(map(len, blobs.values())), total_lines, total_records, totals))
    return rows


def _row(name: str, size: int, lines: int, records: int, samples: dict[str, list[float]]) -> dict:
    median = {name: statistics.median(values) for name, values in samples.items()}
    return {
        "file": name,
        "clock": "cpu" if _clock is time.process_time else "wall",
        "bytes": size,
        "lines": lines,
        "records": records,
        "runs": len(samples["parse"]),
        "parse_ms": round(median["parse"] * 1000, 2),
        "text_ms": round(median["text"] * 1000, 2),
        "scan_ms": round(median["scan"] * 1000, 2),
        "parse_over_scan": round(median["parse"] / median["scan"], 2) if median["scan"] else None,
        "lines_per_s": round(lines / median["parse"]) if median["parse"] else None,
    }


def print_table(rows: list[dict]) -> None:
    header = ("file", "lines", "records", "parse ms", "text ms", "scan ms", "parse/scan", "lines/s")
    body = [
        (r["file"], str(r["lines"]), str(r["records"]), f"{r['parse_ms']:.1f}", f"{r['text_ms']:.1f}",
         f"{r['scan_ms']:.1f}", f"{r['parse_over_scan']:.2f}", f"{r['lines_per_s']:,}")
        for r in rows
    ]
    widths = [max(len(cell) for cell in column) for column in zip(header, *body)]
    for cells in (header, *body):
        print("  ".join(c.ljust(w) if i == 0 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))))
    print(f"median of {rows[0]['runs']} runs, {rows[0]['clock']} time; parse = decode + parse_cr_text, text = parse_cr_text alone, "
          "scan = decode + split + one regex per line")


def default_files() -> list[Path]:
    releases = [entry for entry in load_manifest() if entry.kind == "cr"]
    releases.sort(key=lambda entry: entry.published or entry.release, reverse=True)
    return [entry.path for entry in releases]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="rules files (default: every release in the corpus)")
    parser.add_argument("--runs", type=int, default=5, help="runs per file; the median is shown (default 5)")
    parser.add_argument("--cpu", action="store_true", help="time CPU use of this process, not the wall clock")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    files = args.files or default_files()
    missing = [str(path) for path in files if not path.is_file()]
    if missing:
        parser.error(f"no such file: {', '.join(missing)}")
    rows = measure(files, args.runs, cpu=args.cpu)
    if args.json:
        json.dump(rows, sys.stdout, indent=2)
        print()
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
