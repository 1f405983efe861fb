"""Whether every text scanner grows linearly with its input: each is timed on hostile inputs of
n, 2n, 4n and 8n characters (one long line of citations, a list of one rule repeated, ranges, a PO
catalog with one huge message or very many), and the time of 8n is bounded by 8 times that of n with
room for noise (`--slack`, default 2: a scanner quadratic in its input takes 64 times as long).
The baseline is the same scanner's time on the smallest input, in the same run.

    python3 bench/bench_scanners.py [--size 25000] [--slack 2] [--json]

Exit 1 when a scanner's growth passes the bound.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

try:
    import kb  # noqa: F401
except ImportError:  # run from a checkout without installing the package
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kb.cite import find_citations  # noqa: E402
from kb.refs import clear_cache, find_references  # noqa: E402
from kb.translations.pofile import parse_po  # noqa: E402

FACTORS = (1, 2, 4, 8)


def repeated(unit: str) -> Callable[[int], str]:
    return lambda size: unit * max(1, size // len(unit))


def one_message(size: int) -> bytes:
    return ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\nmsgctxt "1"\nmsgid "'
            + "a" * size + '"\nmsgstr ""\n').encode()


def many_messages(size: int) -> bytes:
    head = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n\n'
    entry = 'msgctxt "{0}"\nmsgid "x"\nmsgstr "y"\n\n'
    return (head + "".join(entry.format(n) for n in range(max(1, size // 32)))).encode()


CASES: dict[str, tuple[Callable, Callable[[int], object]]] = {
    "cite: ordinary text": (find_citations, repeated(
        "As rule 702.19c says (see 704.5k), rules 118.8 and 118.9 apply; CR 717 too. ")),
    "cite: a list of one rule": (find_citations, repeated("118.8, ")),
    "cite: ranges": (find_citations, repeated("603.7d–f, ")),
    "cite: dates after citations": (find_citations, repeated("717.1 (2019-10-04) ")),
    "cite: dots and digits": (find_citations, repeated("1.")),
    "refs (es): a list": (lambda text: find_references(text, "es"), repeated("reglas 118.8, ")),
    "po: one huge message": (lambda data: parse_po(data), one_message),
    "po: many messages": (lambda data: parse_po(data), many_messages),
}


def timed(scanner: Callable, data: object, runs: int = 3) -> float:
    """The fastest of `runs` cold runs, in processor seconds (the reference finder's cache cleared)."""
    best = float("inf")
    for _ in range(runs):
        clear_cache()
        started = time.process_time()
        scanner(data)
        best = min(best, time.process_time() - started)
    return best


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=25_000, help="n, the smallest input (characters)")
    parser.add_argument("--slack", type=float, default=2.0, help="how much worse than linear 8n may be")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for name, (scanner, make) in CASES.items():
        scanner(make(1000))  # warm: compiled patterns, imports
        times = [timed(scanner, make(args.size * f)) for f in FACTORS]
        growth = times[-1] / max(times[0], 1e-6)
        rows.append({"scanner": name, "seconds": times, "growth_8x": growth,
                     "within": growth <= FACTORS[-1] * args.slack})
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        for row in rows:
            figures = "  ".join(f"{f}n {t:6.2f}s" for f, t in zip(FACTORS, row["seconds"]))
            print(f"{row['scanner']:30} {figures}  8n/n = {row['growth_8x']:5.1f}"
                  + ("" if row["within"] else "  TOO SLOW"))
    return 0 if all(row["within"] for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
