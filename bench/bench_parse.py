"""How long reading a rules release takes, against a bare scan of the same bytes in the same run.

For each release (the newest first) and for all of them together, prints the median over N runs of:
  scan    the least any reader of the file must do, with Python alone: `bytes.decode` with the
          file's codec (known beforehand, not detected), `str.splitlines`, one regular
          expression matched against each line
  decode  `kb.decode.decode_bytes`: the encoding detected, the text decoded and described
  parse   `decode_bytes`, then `kb.parse.cr.parse_cr_text`: every record, skip and diagnostic
  remake  the records of the parsed document made again from their fields' values, every string
          already made: what any reader that gives this document spends beyond reading the lines
and the ratios decode/scan and parse/scan, the price of the project's reader over that bare scan,
and remake/scan: a reader that read every line as cheaply as the scan would still need
1 + remake/scan times the scan, with no time left for deciding what any line means.
All four are timed in the same run, interleaved, so the ratios hold on any machine; on a busy
machine --cpu times this process's CPU use instead of the wall clock. What decode and parse return
is let go after the clock stops: freeing a document is the business of whoever holds it, and costs
what everything else that caller holds makes it cost. The target is parse/scan
<= 3 for every release.

    python3 bench/bench_parse.py [--runs 7] [--cpu] [--json] [FILE ...]

Without FILE, every MagicCompRules-*.txt found on the release search path: the folders of
$KB_RELEASES (separated like PATH), then corpus/cr/, then ../shared/cr/ beside the project.
"""

from __future__ import annotations

import argparse
import codecs
import json
import os
import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
try:
    import kb  # noqa: F401
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(ROOT))

from kb.decode import decode_bytes  # noqa: E402
from kb.parse.cr import parse_cr_text  # noqa: E402

_RULE_START = re.compile(r"\d{3}\.\d+")
TARGET = 3.0


def python_codec(data: bytes, encoding: str) -> str:
    """The codec a bare reader would name for a file the project read as `encoding`."""
    if data.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    return {"windows-1252": "cp1252", "ascii": "ascii"}.get(encoding, "utf-8")


def bare_scan(data: bytes, codec: str) -> int:
    return sum(1 for line in data.decode(codec).splitlines() if _RULE_START.match(line))


def full_parse(data: bytes, source: str):
    text, decoding = decode_bytes(data, source)
    return parse_cr_text(text, source, decoding)


def records_maker(doc):
    """A function that makes again the records `doc` holds (rules with their examples, glossary
    entries, skipped lines, diagnostics) from their fields' values: a new object of the same class,
    its attributes filled from a ready dict in one call (half the time of setting them one by one)."""
    new = object.__new__

    def recipe(record) -> tuple[type, dict]:
        return type(record), dict(vars(record))

    rules = [(recipe(rule), [recipe(example) for example in rule.examples]) for rule in doc.rules]
    others = [recipe(item) for name in ("glossary", "skipped", "diagnostics") for item in getattr(doc, name)]

    def make() -> list:
        made = []
        for (rule_type, values), examples in rules:
            rule = new(rule_type)
            rule.__dict__.update(values)
            rule.examples = []
            for example_type, example_values in examples:
                example = new(example_type)
                example.__dict__.update(example_values)
                rule.examples.append(example)
            made.append(rule)
        for kind, values in others:
            item = new(kind)
            item.__dict__.update(values)
            made.append(item)
        return made

    return make


def measure(files: list[Path], runs: int, cpu: bool = False) -> list[dict]:
    clock = time.process_time if cpu else time.perf_counter
    blobs = {path: path.read_bytes() for path in files}
    codecs_of = {path: python_codec(data, decode_bytes(data, str(path))[1].encoding) for path, data in blobs.items()}
    names = ("scan", "decode", "parse", "remake")
    # Each file parsed once beforehand: what the remake makes, and the figures of its row.
    makers, sizes = {}, {}
    for path, data in blobs.items():
        doc = full_parse(data, str(path))
        makers[path] = records_maker(doc)
        sizes[path] = doc.line_count, len(doc.rules) + len(doc.glossary)
    times = {path: {name: [] for name in names} for path in files}
    totals: dict[str, list[float]] = {name: [] for name in names}
    jobs = {
        "scan": lambda path: bare_scan(blobs[path], codecs_of[path]),
        "decode": lambda path: decode_bytes(blobs[path], str(path)),
        "parse": lambda path: full_parse(blobs[path], str(path)),
        "remake": lambda path: makers[path](),
    }
    for _ in range(runs):
        run = dict.fromkeys(names, 0.0)
        for path in files:
            for name in names:
                start = clock()
                result = jobs[name](path)
                seconds = clock() - start
                del result  # freed after the clock stops: how long that takes is the caller's
                times[path][name].append(seconds)
                run[name] += seconds
        for name, seconds in run.items():
            totals[name].append(seconds)
    rows = []
    for path in files:
        rows.append(_row(path.name, codecs_of[path], len(blobs[path]), *sizes[path], times[path], cpu))
    rows.append(_row("all releases", "", sum(map(len, blobs.values())), sum(r["lines"] for r in rows),
                     sum(r["records"] for r in rows), totals, cpu))
    return rows


def _row(name: str, codec: str, size: int, lines: int, records: int, samples: dict, cpu: bool) -> dict:
    median = {key: statistics.median(values) for key, values in samples.items()}
    ratio = lambda key: round(median[key] / median["scan"], 2) if median["scan"] else None  # noqa: E731
    return {
        "file": name, "codec": codec, "clock": "cpu" if cpu else "wall", "bytes": size, "lines": lines,
        "records": records, "runs": len(samples["scan"]),
        "scan_ms": round(median["scan"] * 1000, 2), "decode_ms": round(median["decode"] * 1000, 2),
        "parse_ms": round(median["parse"] * 1000, 2), "remake_ms": round(median["remake"] * 1000, 2),
        "decode_over_scan": ratio("decode"), "parse_over_scan": ratio("parse"), "remake_over_scan": ratio("remake"),
    }


def print_table(rows: list[dict]) -> None:
    header = ("file", "codec", "lines", "records", "scan ms", "decode ms", "parse ms", "remake ms",
              "decode/scan", "parse/scan", "remake/scan")
    body = [
        (r["file"], r["codec"], str(r["lines"]), str(r["records"]), f"{r['scan_ms']:.1f}", f"{r['decode_ms']:.1f}",
         f"{r['parse_ms']:.1f}", f"{r['remake_ms']:.1f}", f"{r['decode_over_scan']:.2f}",
         f"{r['parse_over_scan']:.2f}", f"{r['remake_over_scan']:.2f}")
        for r in rows
    ]
    widths = [max(len(cell) for cell in column) for column in zip(header, *body)]
    for cells in (header, *body):
        print("  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))))
    ratios = [r["parse_over_scan"] for r in rows[:-1]]
    over = [r["file"] for r in rows[:-1] if r["parse_over_scan"] > TARGET]
    print(f"median of {rows[0]['runs']} runs, {rows[0]['clock']} time. scan = bytes.decode + splitlines + one regex "
          "per line; decode = kb.decode.decode_bytes; parse = decode_bytes + parse_cr_text; remake = the "
          "parsed document's records made again from their values.")
    floors = [1 + r["remake_over_scan"] for r in rows[:-1]]
    print(f"scan + remake (a reader that spends nothing on deciding what a line means): median "
          f"{statistics.median(floors):.2f}, worst {max(floors):.2f} times the scan")
    print(f"parse/scan: median {statistics.median(ratios):.2f}, worst {max(ratios):.2f}, all releases "
          f"{rows[-1]['parse_over_scan']:.2f}; target <= {TARGET:g}: "
          + ("met by every release" if not over else f"missed by {len(over)}: {', '.join(over[:5])}"))


def release_search_path() -> list[Path]:
    configured = [Path(p) for p in os.environ.get("KB_RELEASES", "").split(os.pathsep) if p]
    return [*configured, ROOT / "corpus" / "cr", ROOT.parent / "shared" / "cr"]


def default_files() -> list[Path]:
    found: dict[str, Path] = {}
    for folder in release_search_path():
        for path in sorted(folder.glob("MagicCompRules-*.txt")) if folder.is_dir() else []:
            found.setdefault(path.name, path)
    return [found[name] for name in sorted(found, reverse=True)]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="*", type=Path, help="rules files (default: every release found)")
    parser.add_argument("--runs", type=int, default=7, help="runs per file; the median is shown (default 7)")
    parser.add_argument("--cpu", action="store_true", help="time CPU use of this process, not the wall clock")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    files = args.files or default_files()
    if not files:
        parser.error(f"no release found in {', '.join(map(str, release_search_path()))}")
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
