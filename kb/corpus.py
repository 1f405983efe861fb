"""The embedded corpus: where it is, and what its manifest says of each file."""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent


class ManifestError(ValueError):
    """The corpus manifest is missing, malformed, or names a file that is not there."""


@dataclass(frozen=True)
class CorpusFile:
    path: Path
    kind: str
    lang: str
    title: str
    release: str
    title_en: str = ""
    published: str = ""
    seed: str = ""

    @property
    def name(self) -> str:
        return self.path.name


def corpus_dir() -> Path:
    """`$KB_CORPUS` if set, else the `corpus/` folder beside the package."""
    return Path(os.environ.get("KB_CORPUS", PROJECT_ROOT / "corpus"))


def load_manifest(root: Path | None = None) -> list[CorpusFile]:
    root = Path(root) if root else corpus_dir()
    manifest = root / "manifest.toml"
    try:
        data = tomllib.loads(manifest.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ManifestError(f"{manifest}: no corpus manifest here") from None
    except tomllib.TOMLDecodeError as err:
        raise ManifestError(f"{manifest}: {err}") from None
    files = []
    for number, entry in enumerate(data.get("file", []), 1):
        missing = {"path", "kind", "lang", "title", "release"} - set(entry)
        if missing:
            raise ManifestError(f"{manifest}: entry {number} lacks {', '.join(sorted(missing))}")
        path = root / entry["path"]
        if not path.is_file():
            raise ManifestError(f"{manifest}: entry {number} names {entry['path']}, which is not there")
        files.append(CorpusFile(**{**entry, "path": path}))
    return files
