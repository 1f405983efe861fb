"""How long the knowledge base takes to read the translation catalogs it reads at every build.

Reads the catalogs of a folder (default: the corpus's po/, or, when it has none, the newest release
exported split by part into a temporary folder), and prints, over N runs, the median and the fastest of:
  babel      babel's `read_po` over every file: the baseline, a reader that checks little
  strict     `kb.translations.pofile.read_po_file` over every file (what msgfmt -c rejects, rejected)
  check      `check_catalog` of every file against the English of its release, as a build reads them
  align      `catalog_alignments`: reading, checking and aligning, everything a build spends on them
and, once, how many files and entries were read.

    python3 bench/bench_catalogs.py [FOLDER] [--runs 5] [--json]
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

from babel.messages.pofile import read_po  # noqa: E402

from kb.knowledge import Contents, KnowledgeBase  # noqa: E402
from kb.translations import export_catalogs  # noqa: E402
from kb.translations.check import check_catalog  # noqa: E402
from kb.translations.files import po_files  # noqa: E402
from kb.translations.pofile import read_po_file  # noqa: E402
from kb.translations.source import catalog_alignments  # noqa: E402


def _timed(function) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", nargs="?", type=Path)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    knowledge = KnowledgeBase.load()
    scratch = tempfile.TemporaryDirectory()
    root = Path(scratch.name)
    if args.folder:
        paths = sorted(args.folder.glob("*.po"))
    else:
        paths = po_files(knowledge.corpus_root)
    if not paths:
        paths = [path for path, _ in export_catalogs(knowledge, root / "po")]
    (root / "po").mkdir(exist_ok=True)
    for path in paths:
        target = root / "po" / path.name
        if target != path:
            target.write_bytes(path.read_bytes())
    (root / "manifest.toml").write_text("", encoding="utf-8")
    documents = knowledge.documents
    contents = Contents(corpus_root=root, releases=knowledge.releases, documents=documents,
                        history=knowledge.history_of_releases)
    stored = po_files(root)
    runs = {
        "babel": lambda: [read_po(p.open("rb")) for p in stored],
        "strict": lambda: [read_po_file(p) for p in stored],
        "check": lambda: [check_catalog(p, documents, advice=False) for p in stored],
        "align": lambda: catalog_alignments(contents),
    }
    timings = {name: [_timed(run) for _ in range(args.runs)] for name, run in runs.items()}
    entries = sum(len(read_po_file(p).entries) for p in stored)
    report = {
        "files": len(stored), "entries": entries, "runs": args.runs,
        "seconds": {name: {"median": statistics.median(t), "fastest": min(t)} for name, t in timings.items()},
    }
    scratch.cleanup()
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{report['files']} catalogs, {entries} entries, {args.runs} runs")
    for name, figures in report["seconds"].items():
        print(f"  {name:<7} median {figures['median']:.3f} s   fastest {figures['fastest']:.3f} s")
    strict, babel = report["seconds"]["strict"]["median"], report["seconds"]["babel"]["median"]
    print(f"  the strict reader takes {strict / babel:.2f}x babel's time")


if __name__ == "__main__":
    main()
