"""Diffs of two releases kept on disk, named by what they depend on: the content of the two
releases (every rule's id, kind, parent, text and examples) and the code that compares them. A
release whose file changes, or a change to this package, names other files: nothing stale is read."""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
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
    """Diffs of pairs of releases kept as pickles in `folder` (made when first written to)."""

    def __init__(self, folder: Path | str):
        self.folder = Path(folder)
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
        name = hashlib.sha256(f"{code_hash()}\0{self._hash(old)}\0{self._hash(new)}".encode()).hexdigest()
        return self.folder / f"{name[:2]}" / f"{name}.pickle"

    def get(self, old: CRDocument, new: CRDocument) -> ReleaseDiff | None:
        """The kept diff of `old` and `new`, or None (also for a file that cannot be read back)."""
        path = self.path(old, new)
        try:
            found = pickle.loads(path.read_bytes())
        except FileNotFoundError:
            self.misses += 1
            return None
        except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ValueError, TypeError):
            self.misses += 1
            return None  # damaged or from other code: made again and written over
        if not isinstance(found, ReleaseDiff) or (found.old, found.new) != (old.release, new.release):
            self.misses += 1
            return None
        self.hits += 1
        return found

    def put(self, old: CRDocument, new: CRDocument, diff: ReleaseDiff) -> None:
        """Keep `diff`; written whole or not at all (a file of its own, renamed into place)."""
        path = self.path(old, new)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, scratch = tempfile.mkstemp(dir=path.parent, suffix=".part")
            with os.fdopen(handle, "wb") as out:
                pickle.dump(diff, out, protocol=pickle.HIGHEST_PROTOCOL)
            os.replace(scratch, path)
        except OSError:
            pass  # a cache that cannot be written only costs time
