"""The store's own files and its manifest, read and checked: what the store's writer (`kb.store`) and
its lookup table (`kb.lookup`) both read, kept below them both.

    read_manifest(path)                        ->  the manifest of the store at `path` (None: no store)
    manifest.get("checksum") == manifest_checksum(manifest)   # the bytes are those written
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

MANIFEST = "manifest.json"
CHECKSUMS = "checksums.json"  # inside the store: the releases' SHA-256 by file stat (see `kb.corpus`)


class StoreError(ValueError):
    """A store that cannot be read: missing tables, or a manifest that is not JSON."""


def read_manifest(path: Path) -> dict[str, Any] | None:
    try:
        return json.loads((Path(path) / MANIFEST).read_text(encoding="utf-8"))
    except OSError:
        return None  # no store there (or none that can be read): it will be built
    except (json.JSONDecodeError, UnicodeDecodeError) as err:
        raise StoreError(f"{Path(path) / MANIFEST}: not a store manifest ({err})") from None


def manifest_checksum(manifest: dict[str, Any]) -> str:
    """The SHA-256 of a manifest's content (all but its own "checksum"), written in one canonical way."""
    content = {k: v for k, v in manifest.items() if k != "checksum"}
    return hashlib.sha256(json.dumps(content, sort_keys=True, ensure_ascii=False).encode()).hexdigest()
