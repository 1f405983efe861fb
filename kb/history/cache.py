"""Diffs of two releases kept on disk, named by what they depend on: the content of the two
releases (every rule's id, kind, parent, text and examples) and the code that compares them. A
release whose file changes, or a change to this package, names other files: nothing stale is read.
Each is an entry of `kb.cache` (JSON data with its own header and checksum, never code): one that is
damaged or not a diff of those two releases is told on standard error and made again."""

from __future__ import annotations

import dataclasses
import hashlib
from functools import lru_cache
from pathlib import Path

from kb.history.model import ReleaseDiff
from kb.model import CRDocument

_PACKAGE = Path(__file__).resolve().parent


@lru_cache(maxsize=1)
def code_hash() -> str:
    """A hash of this package's code (a change to how releases are compared changes every name)."""
    digest = hashlib.sha256()
    for file in sorted(_PACKAGE.glob("*.py")):
        digest.update(file.name.encode())
        digest.update(file.read_bytes())
    return digest.hexdigest()


def content_hash(doc: CRDocument) -> str:
    """A hash of what a diff reads of `doc`: its release, language and every rule with its examples."""
    digest = hashlib.sha256(f"{doc.release}\0{doc.lang or 'en'}\0".encode())
    for rule in doc.rules:
        digest.update("\x1e".join([rule.id, rule.kind, rule.parent or "", rule.text,
                                   *(example.text for example in rule.examples)]).encode())
        digest.update(b"\x1d")
    return digest.hexdigest()


class DiffCache:
    """Diffs of pairs of releases kept in `folder` (made when first written to), as entries of
    `kb.cache`; `notices` tells what is not trusted or cannot be written (`kb.cache.Notices`)."""

    def __init__(self, folder: Path | str, notices=None):
        from kb.cache import Notices

        self.folder = Path(folder)
        self.notices = notices or Notices()
        self._hashes: dict[int, tuple[CRDocument, str]] = {}
        self.hits = 0
        self.misses = 0

    def __repr__(self) -> str:
        return f"DiffCache({str(self.folder)!r})"

    def _hash(self, doc: CRDocument) -> str:
        known = self._hashes.get(id(doc))
        if known is None or known[0] is not doc:
            known = self._hashes[id(doc)] = (doc, content_hash(doc))
        return known[1]

    def path(self, old: CRDocument, new: CRDocument) -> Path:
        from kb.cache import SUFFIX

        return self.folder / f"{self._name(old, new)[:2]}" / f"{self._name(old, new)}{SUFFIX}"

    def _name(self, old: CRDocument, new: CRDocument) -> str:
        from kb.cache import FORMAT

        return hashlib.sha256(f"{FORMAT}\0{code_hash()}\0{self._hash(old)}\0{self._hash(new)}".encode()).hexdigest()

    def _header(self, old: CRDocument, new: CRDocument) -> dict[str, str]:
        return {"stage": "diff", "code": code_hash(), "key": f"{old.release}\0{new.release}",
                "old": self._hash(old), "new": self._hash(new)}

    def get(self, old: CRDocument, new: CRDocument) -> ReleaseDiff | None:
        """The kept diff of `old` and `new`, or None (also for an entry that is not trusted: told,
        then made again and written over)."""
        from kb.cache import MISSING, EntryProblem, read_entry

        path = self.path(old, new)
        try:
            found = read_entry(path, self._header(old, new), ReleaseDiff)
            if found is not MISSING and (found.old, found.new) != (old.release, new.release):
                raise EntryProblem(f"a diff of {found.old} and {found.new}, not of {old.release} and {new.release}")
        except EntryProblem as problem:
            self.notices.distrusted(path, problem, "the two releases are compared again")
            found = MISSING
        if found is MISSING:
            self.misses += 1
            return None
        found._lookups = {}  # what lookups were made is no part of the data
        self.hits += 1
        return found

    def put(self, old: CRDocument, new: CRDocument, diff: ReleaseDiff) -> None:
        """Keep `diff`; written whole or not at all. A cache that cannot be written only costs time."""
        from kb.cache import write_entry

        if not self.notices.writable:
            return
        try:
            write_entry(self.path(old, new), self._header(old, new), dataclasses.replace(diff, _lookups={}))
        except OSError as err:
            self.notices.unwritable(self.folder, err)
