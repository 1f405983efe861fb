"""Shared by the hostile tests of the translation catalogs: copies of the corpus to work on (never
the project's own `corpus/po`), and commands run as a user runs them, each bounded in time."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
PROJECT = TESTS.parent
if str(TESTS) not in sys.path:
    sys.path.insert(0, str(TESTS))

REAL_CORPUS = PROJECT / "corpus"
REAL_RELEASE = "MagicCompRules-2026-01-16.txt"  # the release the team's catalogs translate


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file of `folder` (dot files too) by name, with its bytes."""
    return {p.name: p.read_bytes() for p in sorted(Path(folder).iterdir()) if p.is_file()}


def real_corpus_copy(where: Path, releases: Path) -> Path:
    """A copy of the project's corpus whose manifest keeps only the release the catalogs translate
    (the knowledge base builds in seconds), with that release put in `releases`, a folder outside
    the corpus given as $KB_RELEASES."""
    corpus = Path(shutil.copytree(REAL_CORPUS, where, ignore=shutil.ignore_patterns("cr", ".kb-*")))
    text = (corpus / "manifest.toml").read_text(encoding="utf-8")
    head, *entries = re.split(r"(?m)^(?=\[\[file\]\])", text)
    kept = [e for e in entries if 'kind = "cr"' not in e or REAL_RELEASE in e]
    (corpus / "manifest.toml").write_text(head + "".join(kept), encoding="utf-8")
    releases.mkdir(parents=True, exist_ok=True)
    source = next(p for p in _release_folders() if (p / REAL_RELEASE).is_file()) / REAL_RELEASE
    shutil.copyfile(source, releases / REAL_RELEASE)
    return corpus


def _release_folders() -> list[Path]:
    from shared_releases import release_folders

    return release_folders()


def kb_env(corpus: Path, store: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("KB_")}
    env.update({"KB_CORPUS": str(corpus), "KB_STORE": str(store), "PYTHONPATH": str(PROJECT)}, **extra)
    return env


def run_kb(args: list[str], env: dict[str, str], timeout: float = 120, prelude: str = "") -> subprocess.CompletedProcess:
    """`python -m kb ARGS` in a child process from the project folder, after `prelude` (Python run
    first, to set a test hook)."""
    code = f"import sys\n{prelude}\nfrom kb.cli.main import main\nsys.argv = ['kb', *{args!r}]\nmain()\n"
    return subprocess.run([sys.executable, "-c", code], cwd=PROJECT, env=env, capture_output=True, text=True,
                          timeout=timeout)


TINY_NEWEST = "2021-03-05"


def tiny_catalogs(base: Path, fills: dict[str, dict[str, str]]):
    """The small test corpus in `base/corpus`, its knowledge base, and a catalog of its newest
    release for each of `fills` (name → msgctxt → Spanish), at `base/NAME.po`."""
    from kb.knowledge import KnowledgeBase
    from kb.translations import export_catalog
    from test_align_corpus import write_tiny_corpus
    from test_translations import fill

    corpus = write_tiny_corpus(base / "corpus")
    kb = KnowledgeBase.build(corpus)
    export_catalog(kb, base / "es.po", TINY_NEWEST)
    catalogs = {name: fill(base / "es.po", base / f"{name}.po", strings) for name, strings in fills.items()}
    return corpus, kb, catalogs


def signals_as_default() -> None:
    """For a child that a test signals: SIGINT, SIGTERM and SIGHUP as a terminal's process has them,
    even where the test runner was started with them ignored (`nohup`, a background job), which a
    child would otherwise inherit."""
    import signal

    for number in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(number, signal.SIG_DFL)
