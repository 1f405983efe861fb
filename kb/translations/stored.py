"""A stored catalog (`po/part-1.po`) rewritten entry by entry: what an import leaves alone keeps its
bytes, header included, whatever version of babel wrote it; only new or changed entries are written
anew, as `catalog_bytes` writes them."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath, PureWindowsPath

from babel.messages.catalog import Catalog

from kb.translations.catalog import catalog_bytes, new_catalog, po_locations
from kb.translations.pofile import PoEntry, PoFile, parse_po


@dataclass
class StoredCatalog:
    """A catalog as it is on disk: its reading, the text before its first entry (the header) and
    each entry's own text by msgctxt; `others` are the texts of entries without one, or obsolete."""

    po: PoFile
    header: str
    texts: dict[str, str] = field(default_factory=dict)
    others: list[str] = field(default_factory=list)


def read_stored(path: Path) -> StoredCatalog:
    """Read the catalog at `path` (`PoSyntaxError`, `OSError` as `read_po_file`), keeping the text of
    each entry."""
    data = path.read_bytes()
    po = parse_po(data, path)
    lines = data.decode("utf-8").split("\n")
    everything = sorted([*po.entries, *po.obsolete], key=lambda e: e.start)
    starts = [e.start for e in everything]
    first = starts[0] if starts else len(lines) + 1
    stored = StoredCatalog(po, "\n".join(lines[: first - 1]))
    for n, entry in enumerate(everything):
        end = starts[n + 1] - 1 if n + 1 < len(starts) else len(lines)
        text = "\n".join(lines[entry.start - 1: end]).rstrip("\n")
        if entry.context and not entry.obsolete and entry.context not in stored.texts:
            stored.texts[entry.context] = text
        else:
            stored.others.append(text)
    return stored


def catalog_text(header: str, texts: list[str]) -> bytes:
    """A catalog's bytes from its header's text and its entries' texts, as babel lays them out: one
    blank line after each."""
    return ("\n\n".join([header.rstrip("\n"), *texts]) + "\n\n").encode("utf-8")


def render_entries(release: str, entries: list[PoEntry]) -> list[str]:
    """The text of each entry as a new catalog of `release` writes it."""
    if not entries:
        return []
    pieces = catalog_bytes(entries_catalog(release, entries)).decode("utf-8").split("\n\n")
    texts = [p for p in pieces[1:] if p.strip()]
    if len(texts) != len(entries):
        raise AssertionError(f"{len(entries)} entries written as {len(texts)}")
    return texts


def entries_catalog(release: str, entries: list[PoEntry]) -> Catalog:
    """A new catalog of `release` holding `entries` (the header every new stored catalog has)."""
    catalog = new_catalog(release, "es")
    for entry in entries:
        catalog.add(entry.msgid, entry.msgstr, locations=po_locations(entry.references), flags=list(entry.flags),
                    user_comments=list(entry.comments), auto_comments=list(entry.auto_comments),
                    previous_id=entry.previous, context=entry.context)
    return catalog


_DRIVE = re.compile(r"^[A-Za-z]:[\\/]")


def portable_reference(reference: str, root: Path) -> str:
    """`reference` as a catalog may keep it: relative, never a path of this machine. A file inside
    the corpus is named from the corpus folder; any other (a release read from `$KB_RELEASES` or
    `../shared/cr/`) as `cr/NAME`, where the corpus looks for releases."""
    where, _, line = reference.rpartition(":")
    if not where or not line.isdigit():
        where, line = reference, ""
    windows = bool(_DRIVE.match(where)) or "\\" in where
    path = PureWindowsPath(where) if windows else PurePosixPath(where)
    if not (path.is_absolute() or windows or ".." in path.parts):
        return reference
    try:
        relative = Path(where).resolve().relative_to(Path(root).resolve()).as_posix()
    except (ValueError, OSError):
        relative = f"cr/{path.name}"
    return f"{relative}:{line}" if line else relative

