"""The rules releases the corpus manifest lists, named by either of their dates."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from kb.corpus import CorpusFile, load_manifest
from kb.history.model import UnknownRelease
from kb.model import CRDocument

_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}\Z")


@dataclass(frozen=True)
class CorpusRelease:
    """A release of the rules in the corpus: its file, the date it was published (the file name's)
    and the date it takes effect (the one the file states). Either date names it."""

    entry: CorpusFile
    published: str
    effective: str

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(dict.fromkeys(n for n in (self.effective, self.published) if n))

    def load(self) -> CRDocument:
        from kb.ingest import parse_corpus_file

        doc = parse_corpus_file(self.entry)
        assert isinstance(doc, CRDocument)
        return doc


def _iso(written: str) -> str:
    if _ISO_DATE.match(written):
        return written
    from kb.parse.cr.dates import read_effective_date

    found = read_effective_date(f"effective as of {written}")
    return found.iso if found else ""


def corpus_releases(root: Path | None = None, lang: str = "en") -> list[CorpusRelease]:
    """The rules releases in `lang` the corpus manifest lists, oldest first."""
    releases = [
        CorpusRelease(entry, _iso(entry.published) if entry.published else "", _iso(entry.release))
        for entry in load_manifest(root)
        if entry.kind == "cr" and entry.lang == lang
    ]
    return sorted(releases, key=lambda r: (r.effective or r.published, r.published))


def release_names(releases: Sequence[CorpusRelease]) -> dict[str, str]:
    """Each date that names a release (effective or published), with the date it takes effect, by
    which the knowledge base names it; a date that names two releases names the older."""
    names: dict[str, str] = {}
    for release in releases:
        if release.effective:
            for name in release.names:
                names.setdefault(name, release.effective)
    return names


def find_release(name: str, releases: Sequence[CorpusRelease]) -> CorpusRelease:
    """The release `name` (its effective or its publication date, ISO) names."""
    for release in releases:
        if name in release.names:
            return release
    known = ", ".join("/".join(r.names) for r in releases) or "none"
    raise UnknownRelease(f"no release {name!r} in the corpus; known: {known}")
