"""What a site build was made from, and what it made: a build whose inputs are those of the
previous build of the same folder, whose output is still as that build left it, keeps that output.

The inputs are everything the bytes of a site depend on: the corpus (the knowledge base's own
fingerprint: every release, wiki page, catalog and term-base file, and the releases that are
unavailable), the package's code, the templates and theme, the executable examples, the site's
configuration, the installed Python distributions and the Python that runs them, the Pyodide the
examples run on in the browser (its version; `kb.site.build` adds it), the output
folder (the configuration written beside the site names it) and the build's options. The stamp
is written beside the site (`OUT/.kb-stamp.json`) once the build is in place, and removed before
a build starts changing the folder; the output is checked by the SHA-256 of every file.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import os
import sys
from pathlib import Path
from typing import Any

from kb.atomic import write_atomic
from kb.site.output import STAMP

FORMAT = 1
# What the build writes into its folder, checked file by file.
OUTPUTS = ("docs", "site", "mkdocs.yml")
# Folders of the project whose files shape the site.
_PROJECT_INPUTS = ("kb", "site", "mkdocs.yml", "pyproject.toml", "package.json", "package-lock.json")
_SKIPPED_PARTS = {"__pycache__", ".pytest_cache", ".hypothesis"}


def _digest_files(paths: list[Path], base: Path, workers: int = 1) -> str:
    """One SHA-256 over the names (relative to `base`) and bytes of `paths`, in name order; each
    file's bytes read in up to `workers` forked processes (`kb.workers`)."""
    from kb.workers import forked_map

    ordered = sorted(paths, key=lambda p: p.relative_to(base).as_posix())
    contents = forked_map(_file_digest, ordered, workers)
    if contents is None:
        contents = [_file_digest(path) for path in ordered]
    digest = hashlib.sha256()
    for path, content in zip(ordered, contents):
        digest.update(path.relative_to(base).as_posix().encode("utf-8", "surrogateescape") + b"\0")
        digest.update(content)
    return digest.hexdigest()


def _file_digest(path: Path) -> bytes:
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").digest()


def _files_under(top: Path) -> list[Path]:
    if top.is_file():
        return [top]
    found: list[Path] = []
    for folder, subfolders, names in os.walk(top):
        subfolders[:] = [name for name in subfolders if name not in _SKIPPED_PARTS]
        found.extend(Path(folder, name) for name in names if not name.endswith(".pyc"))
    return found


def _distributions() -> dict[str, str]:
    """Every installed distribution and its version: the site builder, its theme and plugins, the
    search indexer, the template and Markdown libraries among them."""
    versions: dict[str, str] = {}
    for dist in importlib.metadata.distributions():
        name = dist.metadata["Name"]
        if name:
            versions[name.lower()] = dist.version
    return dict(sorted(versions.items()))


def build_inputs(out_dir: Path, search: bool, store: Path | None = None) -> tuple[dict[str, Any], list[str]]:
    """The inputs of a build of the embedded corpus into `out_dir`, as plain data (see the module),
    and one line for each release of the manifest that is unavailable."""
    from kb import store as stored
    from kb.corpus import PROJECT_ROOT, corpus_dir, read_corpus
    from kb.examples.catalog import examples_dir
    from kb.store_manifest import CHECKSUMS

    root = corpus_dir()
    store = store or stored.store_dir()
    corpus = read_corpus(root, checksums=store / CHECKSUMS)
    project = [path for name in _PROJECT_INPUTS for path in _files_under(PROJECT_ROOT / name)]
    examples = examples_dir()
    inputs = {
        "format": FORMAT,
        "out": str(out_dir),
        "search": search,
        "corpus": stored.corpus_fingerprint(root, corpus),
        "project": _digest_files(project, PROJECT_ROOT),
        "examples": _digest_files(_files_under(examples), examples) if examples.is_dir() else None,
        "python": sys.version,
        "distributions": _distributions(),
    }
    return inputs, [u.line for u in corpus.unavailable]


def output_digest(out_dir: Path) -> str | None:
    """One SHA-256 over every file the build wrote into `out_dir`; None if any of it is missing."""
    files: list[Path] = []
    for name in OUTPUTS:
        path = out_dir / name
        if not path.exists():
            return None
        files.extend(_files_under(path))
    from kb.workers import default_workers

    return _digest_files(files, out_dir, default_workers())


def read_stamp(out_dir: Path) -> dict[str, Any] | None:
    """The stamp of the build in `out_dir`, or None if there is none that can be read."""
    try:
        data = json.loads((out_dir / STAMP).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def unchanged_build(out_dir: Path, inputs: dict[str, Any]) -> dict[str, Any] | None:
    """The summary of the build in `out_dir` when it was made from `inputs` and its output is as
    that build left it; else None."""
    stamp = read_stamp(out_dir)
    if stamp is None or stamp.get("inputs") != inputs or not isinstance(stamp.get("summary"), dict):
        return None
    try:
        digest = output_digest(out_dir)
    except OSError:
        return None
    return stamp["summary"] if digest is not None and digest == stamp.get("output") else None


def remove_stamp(out_dir: Path) -> None:
    try:
        (out_dir / STAMP).unlink()
    except FileNotFoundError:
        pass


def write_stamp(out_dir: Path, inputs: dict[str, Any], summary: dict[str, Any]) -> None:
    """Stamp the build now in `out_dir` with its inputs, its summary and its output's digest."""
    digest = output_digest(out_dir)
    if digest is None:
        return
    text = json.dumps({"inputs": inputs, "summary": summary, "output": digest}, indent=1, sort_keys=True) + "\n"
    write_atomic(out_dir / STAMP, text.encode("utf-8"))
