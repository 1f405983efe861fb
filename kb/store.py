"""The built knowledge base on disk: one Parquet file per table, written with pandas, read with pyarrow.

    records        every rule, section and part: English (per release) and Spanish (per quote)
    examples       their examples
    glossary       glossary entries, English and Spanish
    documents      what else each release holds (decoding, intro, contents, credits, regions)
    skipped        release lines in no record, and why;  diagnostics: what the parser reported
    pages          the parsed wiki pages (each as one JSON document)
    alignment      each Spanish record, its English record, status and evidence
    history        every pair of consecutive releases: each rule paired, moved, changed, added, removed
    references     every cross-reference of every release
    terminology    Spanish/English term pairs;  section_titles: Spanish section titles by newest number
    boxes          the release each navigation box reflects

The store lives in `.kb/` at the project root, or in `$KB_STORE`. Its `manifest.json` records a
fingerprint of what it was built from (the corpus files, the package version and the code that
builds it); a store whose fingerprint differs is stale and is rebuilt. Paths inside are relative to
the corpus root, so two checkouts build the same bytes.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import shutil
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kb import __version__
from kb.corpus import PROJECT_ROOT, RELEASE_FOLDER, ManifestError, corpus_dir, read_corpus, release_dirs
from kb.decode import file_kind
from kb.store_manifest import CHECKSUMS
from kb.store_manifest import MANIFEST as MANIFEST
from kb.store_manifest import StoreError as StoreError
from kb.store_manifest import manifest_checksum, read_manifest

if TYPE_CHECKING:
    import pandas as pd

FORMAT = 1
TABLES = (
    "records",
    "examples",
    "glossary",
    "documents",
    "skipped",
    "diagnostics",
    "pages",
    "alignment",
    "history",
    "references",
    "terminology",
    "section_titles",
    "boxes",
    "catalogs",
)
# The code a build depends on: a change to any of it makes a stored build stale.
_BUILD_CODE = (
    "model.py", "decode.py", "corpus.py", "refs.py", "history", "terms.py", "store.py", "store_manifest.py", "knowledge.py",
    "contents.py", "knowledge_build.py",
    "parse", "align", "translations",
)


def store_dir() -> Path:
    """`$KB_STORE` if set, else `.kb/` at the project root."""
    return Path(os.environ.get("KB_STORE") or PROJECT_ROOT / ".kb")


def misplaced_store() -> str | None:
    """Why `$KB_STORE` may not hold the store (one line), or None: a folder inside the corpus or a
    folder of the releases, where its tables, cache and memos would land among the user's files."""
    given = os.environ.get("KB_STORE")
    if not given:
        return None
    real = Path(os.path.realpath(given))
    for folder in [corpus_dir(), PROJECT_ROOT / "corpus", *release_dirs()]:
        kept = Path(os.path.realpath(folder))
        if real == kept or kept in real.parents:
            return f"KB_STORE={given}: inside {kept}, which holds the user's files, not kb's; choose a folder outside it"
    return None


def unwritable(path: Path) -> str | None:
    """Why no store can be written at `path` (one phrase), or None when one can: the folder is made
    when it is missing, and a file is made in it and removed."""
    path = Path(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
        from kb.atomic import staged

        with staged(path / "probe", b""):
            pass
    except OSError as err:
        return _not_a_folder(path) or err.strerror or str(err)
    return None


def _not_a_folder(path: Path) -> str | None:
    """What `path`, or the first part of it that is not a folder, is instead (None: all are folders)."""
    import stat

    for part in [*reversed(path.parents), path]:
        try:
            mode = part.stat().st_mode  # through a symbolic link: what it leads to
        except FileNotFoundError:
            if part.is_symlink():
                return f"{part} is a symbolic link to {os.readlink(part)}, which does not exist"
            return None
        except OSError:
            return None
        if stat.S_ISDIR(mode):
            continue
        return f"{part} is {file_kind(mode) or 'not a folder'}, not a folder"
    return None


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def code_hash() -> str:
    """A hash of the package code that builds the knowledge base."""
    package = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for name in _BUILD_CODE:
        path = package / name
        files = sorted(path.rglob("*.py")) if path.is_dir() else [path]
        for file in files:
            if file.is_file():
                digest.update(str(file.relative_to(package)).encode())
                digest.update(file.read_bytes())
    return digest.hexdigest()


def po_files(root: Path) -> list[Path]:
    """Translation catalogs kept with the corpus in `po/` (manifest entries of kind "po" are hashed
    with the other manifest entries)."""
    from kb.translations.files import po_files as catalogs_in

    return catalogs_in(Path(root))


def corpus_fingerprint(root: Path | None = None, corpus=None) -> dict[str, Any]:
    """What a build depends on: every corpus file's hash, the releases that are unavailable, the
    package version and the build code. A release the manifest gives a SHA-256 for was checked
    against it when found, so that hash is not computed twice."""
    root = Path(root) if root else corpus_dir()
    corpus = corpus or read_corpus(root)
    files = {"manifest.toml": _sha256(root / "manifest.toml")}
    for entry in corpus.files:
        files[entry.rel] = entry.sha256.lower() if entry.kind == "cr" and entry.sha256 else _sha256(entry.path)
    for path in po_files(root):
        files[path.relative_to(root).as_posix()] = _sha256(path)
    for path in sorted((root / "terms").glob("*.tsv")):  # the term base steers the alignment
        files[path.relative_to(root).as_posix()] = _sha256(path)
    return {
        "format": FORMAT, "version": __version__, "code": code_hash(), "files": dict(sorted(files.items())),
        "unavailable": sorted(u.entry.rel for u in corpus.unavailable),
    }


def store_problem(path: Path, root: Path | None = None, fingerprint: dict[str, Any] | None = None) -> str | None:
    """Why the store at `path` cannot answer for this corpus and code, or None when it can: "absent"
    (no store there), "stale" (built from another corpus or code), or what is damaged (a manifest
    that is not JSON, a table missing, or a table whose bytes are not those written: cut short,
    or another table copied over it)."""
    path = Path(path)
    try:
        manifest = read_manifest(path)
    except StoreError as err:
        return str(err)
    if manifest is None:
        return "absent"
    if not isinstance(manifest, dict) or not isinstance(manifest.get("tables"), dict):
        return f"{path / MANIFEST}: not a store manifest"
    if "checksum" not in manifest:
        return "stale"  # written by an older version, which kept no checksum
    if manifest["checksum"] != manifest_checksum(manifest):
        return f"{path / MANIFEST}: its checksum differs: the bytes are not those written"
    releases = manifest.get("releases", [])
    if not isinstance(releases, list) or not all(isinstance(r, str) for r in releases):
        return f"{path / MANIFEST}: its list of releases is not one"
    fingerprint = fingerprint or corpus_fingerprint(root)
    if manifest.get("fingerprint") != fingerprint:
        return "stale"
    for name in TABLES:
        file = path / f"{name}.parquet"
        expected = manifest["tables"].get(name)
        if not isinstance(expected, dict) or "sha256" not in expected:
            return f"{file}: not in the store manifest"
        try:
            size = file.stat().st_size
            if "size" in expected and size != expected["size"]:
                return f"{file}: {size} bytes where {expected['size']} were written"
            if _sha256(file) != expected["sha256"]:
                return f"{file}: not the table that was written (its checksum differs)"
        except FileNotFoundError:
            return f"{file}: table missing from the store"
        except OSError as err:
            return f"{file}: {err.strerror or err}"
    return _columns_problem(path)


def _columns_problem(path: Path) -> str | None:
    """What table of the store at `path` lacks the columns this code reads (a store whose tables
    match their checksums, but were written by other code), or None. Only the tables' footers are read."""
    import pyarrow.parquet as pq

    for name in TABLES:
        file = path / f"{name}.parquet"
        try:
            columns = pq.ParquetFile(file).schema_arrow.names
        except (OSError, ValueError) as err:  # pyarrow's own errors are both
            return f"{file}: not a table that can be read ({one_line(str(err))})"
        if columns != _COLUMNS[name]:
            return f"{file}: not a table of this store (its columns are not those this version reads)"
    return None


def is_current(path: Path, root: Path | None = None, fingerprint: dict[str, Any] | None = None) -> bool:
    """Whether the store at `path` was built from exactly this corpus and code, and is whole."""
    return store_problem(path, root, fingerprint) is None


def current_index(corpus_root: Path | str | None = None, store: Path | str | None = None):
    """The lookup table (`kb.lookup.IndexReader`) of the store (`$KB_STORE` or `.kb/`) when it was
    built from this corpus and code and is whole, else None (the caller loads the knowledge base,
    which rebuilds the store)."""
    from kb.lookup import open_index

    root = Path(corpus_root) if corpus_root else corpus_dir()
    path = Path(store) if store else store_dir()
    try:
        corpus = read_corpus(root, checksums=path / CHECKSUMS)
        if corpus.unavailable:
            return None  # the knowledge base's loader tells each one
        return open_index(path, corpus_fingerprint(root, corpus))
    except (OSError, ManifestError, ValueError):
        return None


def write_store(frames: dict[str, pd.DataFrame], path: Path, fingerprint: dict[str, Any], extra: dict | None = None) -> None:
    """Write every table, then the manifest; a reader never sees a manifest before its tables."""
    path = Path(path)
    path.mkdir(parents=True, exist_ok=True)
    missing = set(TABLES) - set(frames)
    if missing:
        raise StoreError(f"tables missing from the build: {', '.join(sorted(missing))}")
    stale = path / MANIFEST
    if stale.exists():
        stale.unlink()
    from kb.atomic import temporary_folder, write_atomic
    from kb.cache import remove_leftovers

    remove_leftovers(path)  # what a writer killed long ago left
    scratch = temporary_folder(path, "tables")
    try:
        tables = {}
        for name in TABLES:
            target = scratch / f"{name}.parquet"
            frame = frames[name]
            write_parquet(frame, target)
            tables[name] = {"rows": len(frame), "sha256": _sha256(target), "size": target.stat().st_size}
            os.replace(target, path / f"{name}.parquet")
        from kb.lookup import INDEX, write_index

        index = write_index(path, scratch / INDEX, tables)  # what `kb rule` reads (see kb.lookup)
        os.replace(scratch / INDEX, path / INDEX)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    manifest = {"fingerprint": fingerprint, "tables": tables, "index": index, **(extra or {})}
    manifest["checksum"] = manifest_checksum(manifest)
    text = json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
    write_atomic(path / MANIFEST, text.encode("utf-8"))


def write_parquet(frame: pd.DataFrame, target: Path) -> None:
    """One table; the same rows give the same bytes (no index column, fixed compression)."""
    frame.to_parquet(target, index=False, engine="pyarrow", compression="zstd")


def one_line(text: str) -> str:
    return " ".join(text.split())


class StoreReader:
    """Tables of a store, read on first use and kept (only the columns asked for)."""

    def __init__(self, path: Path):
        self.path = Path(path)
        self._tables: dict[tuple[str, tuple[str, ...] | None], Any] = {}

    def table(self, name: str, columns: Iterable[str] | None = None):
        """The pyarrow Table `name` (optionally only `columns`). Read through `ParquetFile`, which
        needs neither pandas nor pyarrow's dataset layer: a cold start stays quick."""
        import pyarrow.parquet as pq

        key = (name, tuple(columns) if columns is not None else None)
        if key not in self._tables:
            file = self.path / f"{name}.parquet"
            if not file.is_file():
                raise StoreError(f"{file}: table missing from the store")
            try:
                table = pq.ParquetFile(file)
                lacking = sorted(set(columns or _COLUMNS.get(name, ())) - set(table.schema_arrow.names))
                if lacking:
                    raise StoreError(f"{file}: not a table of this store (no column {', '.join(lacking)})")
                self._tables[key] = table.read(columns=list(columns) if columns is not None else None)
            except (OSError, ValueError) as err:  # pyarrow's own errors are both
                if isinstance(err, StoreError):
                    raise
                raise StoreError(f"{file}: not a table that can be read ({one_line(str(err))})") from None
        return self._tables[key]

    def rows(self, name: str, columns: Iterable[str] | None = None, **equal: Any) -> list[dict[str, Any]]:
        """The rows of `name` whose columns equal the given values, as dicts (in table order)."""
        table = self.table(name, columns)
        if not equal:
            return table.to_pylist()
        keep: list[int] | None = None
        for column, value in equal.items():
            values = table.column(column).to_pylist()
            candidates = range(len(values)) if keep is None else keep
            keep = [i for i in candidates if values[i] == value]
        chosen = {n: table.column(n) for n in table.column_names}
        return [{n: chosen[n][i].as_py() for n in chosen} for i in keep or []]

    def rows_among(self, name: str, columns: Iterable[str] | None, keys: tuple[str, ...], values: Iterable[tuple],
                   **equal: Any) -> list[dict[str, Any]]:
        """`rows` of those rows whose `keys` columns hold one of the tuples `values` (in table order);
        a tuple holding None matches no row."""
        wanted = {tuple(v) for v in values if None not in v}
        kept = list(columns) if columns is not None else None
        asked = None if kept is None else list(dict.fromkeys([*kept, *keys]))
        found = [row for row in self.rows(name, asked, **equal) if tuple(row[k] for k in keys) in wanted]
        return found if kept is None else [{c: row[c] for c in kept} for row in found]

    def frame(self, name: str) -> pd.DataFrame:
        return self.table(name).to_pandas()


_CELL_JSON = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":"))
# Most history rows have no word or example changes: their cells are this one string.
_EMPTY_LIST = "[]"


def dumps(data: Any) -> str:
    """JSON for a table cell: compact, keys sorted, non-ASCII kept."""
    # One encoder for every cell: `json.dumps` with options makes a new one per call.
    return _CELL_JSON.encode(data)


def loads(text: str | None) -> Any:
    return None if text is None else json.loads(text)


# -- from records to tables and back ---------------------------------------------------------------


def revive(cls: type, data: Any) -> Any:
    """Rebuild a record of `kb.model` (or any dataclass of plain fields) from `to_data` output."""
    import dataclasses
    import types
    import typing

    def build(hint: Any, value: Any) -> Any:
        if value is None:
            return None
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin in (typing.Union, types.UnionType):
            options = [a for a in args if a is not type(None)]
            return build(options[0], value) if len(options) == 1 else value
        if origin is typing.Literal:
            return value
        if origin is list:
            return [build(args[0], v) for v in value]
        if origin is tuple:
            if len(args) == 2 and args[1] is Ellipsis:
                return tuple(build(args[0], v) for v in value)
            return tuple(build(a, v) for a, v in zip(args, value))
        if origin is dict:
            return {k: build(args[1], v) for k, v in value.items()}
        if dataclasses.is_dataclass(hint):
            hints, names = _fields_of(hint)
            return hint(**{k: build(hints[k], v) for k, v in value.items() if k in names})
        return value

    return build(cls, data)


@functools.lru_cache(maxsize=None)
def _fields_of(cls: type) -> tuple[dict[str, Any], frozenset[str]]:
    import dataclasses
    import typing

    return typing.get_type_hints(cls), frozenset(f.name for f in dataclasses.fields(cls) if f.init)


class Paths:
    """Corpus paths as the store keeps them: relative to the corpus root. A rules release found
    elsewhere on the release search path (`kb.corpus.release_dirs`) is kept as `cr/FILE`, as the
    manifest names it, so that the same corpus gives the same bytes wherever its files lie."""

    def __init__(self, root: Path):
        self.root = Path(root).resolve()
        self._folders = [folder.resolve() for folder in release_dirs(self.root)]
        self._kept: dict[str | Path, str] = {}

    def rel(self, path: str | Path) -> str:
        # A save asks for the same few sources thousands of times; resolving each costs system calls.
        kept = self._kept.get(path)
        if kept is None:
            kept = self._kept[path] = self._rel(path)
        return kept

    def _rel(self, path: str | Path) -> str:
        resolved = Path(path).resolve()
        try:
            return resolved.relative_to(self.root).as_posix()
        except ValueError:
            pass
        if resolved.parent in self._folders:
            return f"{RELEASE_FOLDER}/{resolved.name}"
        return str(path)

    def absolute(self, path: str) -> str:
        if Path(path).is_absolute():
            return path
        inside = self.root / path
        parts = Path(path).parts
        if not inside.exists() and len(parts) == 2 and parts[0] == RELEASE_FOLDER:
            for folder in self._folders:
                if (folder / parts[1]).is_file():
                    return str(folder / parts[1])
        return str(inside)


def _sources(data: Any, convert) -> Any:
    """`data` (plain JSON-ready) with every "source" value converted."""
    if isinstance(data, dict):
        return {k: (convert(v) if k == "source" and isinstance(v, str) else _sources(v, convert)) for k, v in data.items()}
    if isinstance(data, list):
        return [_sources(v, convert) for v in data]
    return data


def frames(kb) -> dict[str, pd.DataFrame]:
    """Every table of a knowledge base, as pandas frames in a fixed row order."""
    import pandas as pd

    from kb.model import to_data

    paths = Paths(kb.corpus_root)
    rows: dict[str, list[dict[str, Any]]] = {name: [] for name in TABLES}
    done: dict[str, pd.DataFrame] = {}

    def finished(*names: str) -> None:
        # A table whose rows are all made becomes its frame at once, and its rows (a dict per row,
        # the bulk of the memory a save takes) are let go: the frame points at the knowledge base's
        # own strings.
        for name in names:
            done[name] = pd.DataFrame(rows.pop(name), columns=_COLUMNS[name])

    for release, doc in kb.documents.items():
        source = paths.rel(doc.source)
        rows["documents"].append(
            {
                "release": release, "source": source, "effective": doc.effective, "kind": doc.kind,
                "lang": doc.lang, "line_count": doc.line_count, "decoding": dumps(to_data(doc.decoding)),
                "intro": dumps(doc.intro), "contents": dumps(to_data(doc.contents)),
                "credits": dumps(doc.credits), "regions": dumps(to_data(doc.regions)),
            }
        )
        _rule_rows(rows, doc.rules, doc.lang or "en", source)
        _glossary_rows(rows, doc.glossary, doc.lang or "en", source)
        rows["skipped"].extend(
            {"source": source, "line": s.line, "reason": s.reason, "text": s.text} for s in doc.skipped
        )
        rows["diagnostics"].extend(
            {"source": source, "line": d.line, "level": d.level, "message": d.message} for d in doc.diagnostics
        )
    finished("documents", "skipped", "diagnostics")
    for page in kb.pages:
        source = paths.rel(page.source)
        rows["pages"].append(
            {"source": source, "lang": page.lang, "title": page.title,
             "data": dumps(_sources(to_data(page), paths.rel))}
        )
        for quote in page.quotes:
            if quote.document == "cr":
                _rule_rows(rows, quote.rules, page.lang, source, page.title)
            elif quote.document == "glossary":
                _glossary_rows(rows, quote.glossary, page.lang, source)
    for a in kb.alignment:
        # Spanish records read from translation catalogs join the records of the wiki pages.
        if a.origin != "po":
            continue
        if a.kind == "rule":
            _rule_rows(rows, [a.es], "es", paths.rel(a.es.source), a.page_title)
        else:
            _glossary_rows(rows, [a.es], "es", paths.rel(a.es.source))
    finished("records", "examples", "glossary")
    for position, a in enumerate(kb.alignment):
        rows["alignment"].append(
            {
                "position": position, "kind": a.kind, "origin": a.origin, "es_source": paths.rel(a.es.source),
                "es_line": a.es.line, "es_id": a.es_id, "es_release": a.es.release, "es_text": a.es.text,
                "es_examples": dumps([e.text for e in getattr(a.es, "examples", [])]),
                "es_record": dumps(_sources(to_data(a.es), paths.rel)), "page_title": a.page_title,
                "stamp": dumps(to_data(a.stamp)) if a.stamp else None, "stated_release": a.stated_release,
                "english_release": a.english_release, "en_id": a.en_id, "status": a.status,
                "evidence": dumps(a.evidence), "newest_id": a.newest_id, "changed_since": a.changed_since,
                "changed_in": a.changed_in, "state": a.state,
                # What a fuzzy catalog entry translates (its previous msgid, if given) is not its
                # release's English: kept, so a stored build knows it as a fresh one does.
                "en_text": a.en.text if a.origin == "po" and a.status == "drifted" and a.en is not None else None,
            }
        )
    finished("alignment")
    releases = kb.releases
    for old, new in zip(releases, releases[1:]):
        diff = kb.diff(old, new)
        moved = {e.old_id for e in diff.entries if e.old_id}
        kinds = {rule.id: rule.kind for rule in kb.documents[old].rules}
        position = 0
        for old_id, new_id in diff.mapping.items():
            if old_id in moved:
                continue
            rows["history"].append(_history_row(old, new, position, "unchanged", kinds[old_id], old_id, new_id, (), 1.0, ()))
            position += 1
        for entry in diff.entries:
            rows["history"].append(
                _history_row(old, new, position, entry.status, entry.kind, entry.old_id, entry.new_id,
                             entry.words, entry.similarity, entry.examples)
            )
            position += 1
    finished("history")
    for position, (release, lang, source_id, ref) in enumerate(kb._part("references")):
        rows["references"].append(
            {"position": position, "release": release, "lang": lang, "source_id": source_id, "target": ref.target,
             "surface": ref.surface, "start": ref.start, "end": ref.end, "kind": ref.kind}
        )
    finished("references")
    for term in kb.terminology():
        rows["terminology"].append(
            {"es": term.es, "en": term.en, "kind": term.kind, "source": paths.rel(term.source), "line": term.line}
        )
    for title in kb.section_titles():
        rows["section_titles"].append(
            {"section": title.section, "title_es": title.title_es, "box_release": title.box_release,
             "box_section": title.box_section, "title_en": title.title_en, "source": paths.rel(title.source),
             "line": title.line, "note": title.note}
        )
    for box in kb.boxes():
        rows["boxes"].append(
            {"source": paths.rel(box.box.source), "line": box.box.line, "release": box.release,
             "distance": box.distance, "tied": dumps(list(box.tied)), "evidence": dumps(list(box.evidence))}
        )
    for catalog in kb.catalogs:
        rows["catalogs"].append(
            {"source": paths.rel(catalog.source), "release": catalog.release, "locale": catalog.locale,
             "messages": catalog.messages, "translated": catalog.translated, "fuzzy": catalog.fuzzy,
             "untranslated": catalog.untranslated,
             "problems": dumps([[p.line, p.level, p.message, p.context] for p in catalog.problems]),
             "extra": dumps({"reviewed": catalog.reviewed, "readable": catalog.readable,
                             "headings": catalog.headings})}
        )
    finished(*list(rows))
    return {name: done[name] for name in TABLES}


_COLUMNS = {
    "records": ["lang", "release", "id", "kind", "parent", "text", "source", "line", "end_line", "page_title"],
    "examples": ["lang", "release", "source", "rule", "number", "text", "line"],
    "glossary": ["lang", "release", "term", "senses", "text", "source", "line", "end_line"],
    "documents": ["release", "source", "effective", "kind", "lang", "line_count", "decoding", "intro", "contents",
                  "credits", "regions"],
    "skipped": ["source", "line", "reason", "text"],
    "diagnostics": ["source", "line", "level", "message"],
    "pages": ["source", "lang", "title", "data"],
    "alignment": ["position", "kind", "origin", "es_source", "es_line", "es_id", "es_release", "es_text",
                  "es_examples", "es_record", "page_title", "stamp", "stated_release", "english_release", "en_id",
                  "status", "evidence", "newest_id", "changed_since", "changed_in", "state", "en_text"],
    "history": ["old_release", "new_release", "position", "status", "kind", "old_id", "new_id", "words",
                "similarity", "example_changes"],
    "references": ["position", "release", "lang", "source_id", "target", "surface", "start", "end", "kind"],
    "terminology": ["es", "en", "kind", "source", "line"],
    "section_titles": ["section", "title_es", "box_release", "box_section", "title_en", "source", "line", "note"],
    "boxes": ["source", "line", "release", "distance", "tied", "evidence"],
    "catalogs": ["source", "release", "locale", "messages", "translated", "fuzzy", "untranslated", "problems",
                 "extra"],
}


def _rule_rows(rows, rules, lang: str, source: str, page_title: str | None = None) -> None:
    for rule in rules:
        rows["records"].append(
            {"lang": lang, "release": rule.release, "id": rule.id, "kind": rule.kind, "parent": rule.parent,
             "text": rule.text, "source": source, "line": rule.line, "end_line": rule.end_line,
             "page_title": page_title}
        )
        rows["examples"].extend(
            {"lang": lang, "release": rule.release, "source": source, "rule": rule.id, "number": e.number,
             "text": e.text, "line": e.line}
            for e in rule.examples
        )


def _glossary_rows(rows, entries, lang: str, source: str) -> None:
    rows["glossary"].extend(
        {"lang": lang, "release": e.release, "term": e.term, "senses": dumps(e.senses), "text": e.text,
         "source": source, "line": e.line, "end_line": e.end_line}
        for e in entries
    )


def _history_row(old, new, position, status, kind, old_id, new_id, words, similarity, examples) -> dict[str, Any]:
    return {
        "old_release": old, "new_release": new, "position": position, "status": status, "kind": kind,
        "old_id": old_id, "new_id": new_id,
        "words": dumps([[w.op, w.old, w.new] for w in words]) if words else _EMPTY_LIST,
        "similarity": float(similarity),
        "example_changes": dumps([
            [x.op, x.old_number, x.new_number, x.old, x.new, [[w.op, w.old, w.new] for w in x.words]] for x in examples
        ]) if examples else _EMPTY_LIST,
    }


def stored_contents(path: Path | str, corpus_root: Path | str | None = None):
    """The contents of a knowledge base over the store at `path` (`kb.contents.Contents`, holding the
    releases' names alone), and what reads each of its other parts from its table when first needed."""
    from kb.contents import Contents

    reader = StoreReader(Path(path))
    manifest = read_manifest(Path(path)) or {}
    root = Path(corpus_root) if corpus_root else corpus_dir()
    contents = Contents(corpus_root=root, releases=list(manifest.get("releases", [])))
    return contents, _Loader(reader, Paths(root), contents)


class _Loader:
    """Rebuilds each part of a knowledge base from its tables."""

    def __init__(self, reader: StoreReader, paths: Paths, contents):
        self.reader = reader
        self.paths = paths
        self.contents = contents

    def __call__(self, name: str) -> Any:
        import gc

        # Rebuilding a table's records makes many objects and no cycles: the cycle collector waits.
        collecting = gc.isenabled()
        gc.disable()
        try:
            return getattr(self, "load_" + name)()
        finally:
            if collecting:
                gc.enable()

    def load_documents(self):
        from kb.model import CRDocument, Decoding, Diagnostic, Example, GlossaryEntry, Rule, Skipped

        absolute = self.paths.absolute
        docs: dict[str, CRDocument] = {}
        for row in self.reader.rows("documents"):
            docs[row["release"]] = CRDocument(
                source=absolute(row["source"]), release=row["release"], effective=row["effective"],
                decoding=revive(Decoding, loads(row["decoding"])), line_count=row["line_count"],
                intro=loads(row["intro"]), contents=[tuple(c) for c in loads(row["contents"])],
                credits=loads(row["credits"]), kind=row["kind"], lang=row["lang"],
                regions=[tuple(r) for r in loads(row["regions"])],
            )
        by_source = {self.paths.rel(doc.source): doc for doc in docs.values()}
        examples: dict[tuple[str, str], list[Example]] = {}
        for row in self.reader.rows("examples"):
            if row["source"] in by_source:
                examples.setdefault((row["source"], row["rule"]), []).append(
                    Example(row["rule"], row["number"], row["text"], row["line"])
                )
        for row in self.reader.rows("records"):
            doc = by_source.get(row["source"])
            if doc is None:
                continue
            doc.rules.append(
                Rule(
                    id=row["id"], kind=row["kind"], parent=row["parent"], text=row["text"], release=row["release"],
                    lang=row["lang"], source=doc.source, line=row["line"],
                    examples=examples.get((row["source"], row["id"]), []), end_line=row["end_line"],
                )
            )
        for row in self.reader.rows("glossary"):
            doc = by_source.get(row["source"])
            if doc is not None:
                doc.glossary.append(
                    GlossaryEntry(row["term"], loads(row["senses"]), row["release"], row["lang"], doc.source,
                                  row["line"], row["end_line"])
                )
        for row in self.reader.rows("skipped"):
            doc = by_source.get(row["source"])
            if doc is not None:
                doc.skipped.append(Skipped(doc.source, row["line"], row["reason"], row["text"]))
        for row in self.reader.rows("diagnostics"):
            doc = by_source.get(row["source"])
            if doc is not None:
                doc.diagnostics.append(Diagnostic(doc.source, row["line"], row["level"], row["message"]))
        return docs

    def load_pages(self):
        from kb.model import WikiPage

        return [
            revive(WikiPage, _sources(loads(row["data"]), self.paths.absolute)) for row in self.reader.rows("pages")
        ]

    def load_history(self):
        from kb.history import DiffEntry, ExampleChange, ReleaseDiff, WordChange
        from kb.contents import CachedHistory

        diffs: dict[tuple[str, str], ReleaseDiff] = {}
        rows = sorted(self.reader.rows("history"), key=lambda r: (r["old_release"], r["position"]))
        for row in rows:
            key = (row["old_release"], row["new_release"])
            diff = diffs.setdefault(key, ReleaseDiff(key[0], key[1], [], {}, 0))
            if row["old_id"] is not None and row["new_id"] is not None:
                diff.mapping[row["old_id"]] = row["new_id"]
            if row["status"] == "unchanged":
                diff.unchanged += 1
                continue
            words = tuple(WordChange(*w) for w in loads(row["words"]))
            examples = tuple(
                ExampleChange(op, old_number, new_number, old_text, new_text, tuple(WordChange(*w) for w in changes))
                for op, old_number, new_number, old_text, new_text, changes in loads(row["example_changes"])
            )
            diff.entries.append(
                DiffEntry(row["status"], row["kind"], row["old_id"], row["new_id"], words, row["similarity"], examples)
            )
        documents = self.contents.documents if self.contents.documents is not None else None
        if documents is None:
            documents = self.load_documents()
            self.contents.documents = documents
        return CachedHistory(documents.values(), list(diffs.values()))

    def load_alignment(self):
        from kb.align import AlignmentResult
        from kb.align.navbox import BoxRelease, SectionTitle, boxes_of

        documents = self.contents.documents
        if documents is None:
            documents = self.contents.documents = self.load_documents()
        by_id = {release: {r.id: r for r in doc.rules} for release, doc in documents.items()}
        by_term = {release: {g.term: g for g in doc.glossary} for release, doc in documents.items()}
        result = AlignmentResult()
        for row in sorted(self.reader.rows("alignment"), key=lambda r: r["position"]):
            kind = row["kind"]
            en = None
            if row["en_id"] is not None and row["english_release"] is not None:
                table = by_id if kind == "rule" else by_term
                en = table.get(row["english_release"], {}).get(row["en_id"])
                if en is not None and kind == "rule" and row["en_text"] is not None and row["en_text"] != en.text:
                    import dataclasses

                    en = dataclasses.replace(en, text=row["en_text"])
            alignment = alignment_of_row(row, self.paths, en)
            (result.rules if kind == "rule" else result.glossary).append(alignment)
        for row in self.reader.rows("section_titles"):
            result.section_titles.append(
                SectionTitle(row["section"], row["title_es"], row["box_release"], self.paths.absolute(row["source"]),
                             row["line"], row["box_section"], row["title_en"], row["note"])
            )
        pages = self.contents.pages
        if pages is None:
            pages = self.contents.pages = self.load_pages()
        boxes = {(box.source, box.line): box for page in pages for box in boxes_of(page)}
        for row in self.reader.rows("boxes"):
            box = boxes.get((self.paths.absolute(row["source"]), row["line"]))
            if box is not None:
                result.boxes.append(
                    BoxRelease(box, row["release"], row["distance"], tuple(loads(row["tied"])),
                               tuple(loads(row["evidence"])))
                )
        return result

    def load_references(self):
        from kb.refs import Reference

        rows = sorted(self.reader.rows("references"), key=lambda r: r["position"])
        return [
            (r["release"], r["lang"], r["source_id"], Reference(r["target"], r["surface"], r["start"], r["end"], r["kind"]))
            for r in rows
        ]

    def load_catalogs(self):
        from kb.translations.check import Problem
        from kb.translations.source import CatalogSource

        out = []
        for row in self.reader.rows("catalogs"):
            source = self.paths.absolute(row["source"])
            extra = loads(row["extra"]) or {}
            out.append(
                CatalogSource(
                    source=source, release=row["release"], locale=row["locale"], messages=row["messages"],
                    translated=row["translated"], fuzzy=row["fuzzy"], untranslated=row["untranslated"],
                    problems=[Problem(source, line, level, message, context)
                              for line, level, message, context in loads(row["problems"])],
                    reviewed=extra.get("reviewed", 0), readable=extra.get("readable", True),
                    headings={k: tuple(v) for k, v in (extra.get("headings") or {}).items()},
                )
            )
        return out

    def load_terminology(self):
        from kb.terms import Term

        return [
            Term(r["es"], r["en"], self.paths.absolute(r["source"]), r["line"], r["kind"])
            for r in self.reader.rows("terminology")
        ]


def stored_descent(reader: StoreReader, releases: list[str]):
    """The rules' lines of descent (`kb.history.descent.Descent`) from the store's history table: each
    release's pairing with the next, as the stored knowledge base's history has it."""
    from kb.history.descent import Descent

    table = reader.table("history", ["old_release", "new_release", "old_id", "new_id"])
    mappings: dict[tuple[str, str], dict[str, str]] = {pair: {} for pair in zip(releases, releases[1:])}
    columns = [table.column(name).to_pylist() for name in ("old_release", "new_release", "old_id", "new_id")]
    for old, new, old_id, new_id in zip(*columns):
        if old_id is not None and new_id is not None and (old, new) in mappings:
            mappings[(old, new)][old_id] = new_id
    return Descent(releases, list(mappings.values()))


def alignment_of_row(row: dict[str, Any], paths: Paths, en=None):
    """The alignment a row of the `alignment` table keeps, its Spanish record's sources made absolute
    by `paths`; `en` is its English record, found by the caller (None: none, or not needed)."""
    from kb.align.records import Alignment
    from kb.model import GlossaryEntry, Rule, Stamp

    record = _sources(loads(row["es_record"]), paths.absolute)
    return Alignment(
        kind=row["kind"], es=revive(Rule if row["kind"] == "rule" else GlossaryEntry, record), en=en,
        status=row["status"], evidence=loads(row["evidence"]), origin=row["origin"],
        page_title=row["page_title"] or "", stamp=revive(Stamp, loads(row["stamp"])) if row["stamp"] else None,
        stated_release=row["stated_release"], english_release=row["english_release"],
        newest_id=row["newest_id"], changed_since=row["changed_since"], changed_in=row["changed_in"],
        state=row["state"],
    )
