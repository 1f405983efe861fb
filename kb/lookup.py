"""The store's lookup table: the rows one rule's card needs, in a SQLite file beside the Parquet tables.

`kb rule` asks for a handful of rows (a rule, its examples, its references both ways, its Spanish
texts, a few steps of its line of descent); reading them from Parquet means importing pyarrow and
reading whole columns. `write_index` copies the tables the card reads into `lookup.sqlite`, each
string kept once (`strings`) and every column a card filters on indexed; `IndexReader` answers
`StoreReader.rows` from it, row for row the same values in the same order, and `IndexDescent`
follows a line of descent one step at a time instead of reading the history whole. Only the
standard library is imported on that path.

The index is written with the store, and the store's manifest records it (under "index": its size
and the checksum of the tables it was made from, which the file keeps too); `open_index` reads it
only when the manifest's own checksum holds, the store was built from this corpus and code (the
fingerprint), and the file is the one written for these tables. Hashing the whole file on every
lookup would cost more than the lookup: instead every row, and every string, carries a seal (a
keyed BLAKE2b of its values) that is checked as it is read, so a damaged row is never answered
(`LookupDamaged`); SQLite itself refuses a file whose structure is damaged (`sqlite3.DatabaseError`).
Either way the caller reads the Parquet tables as before.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from kb.store_manifest import StoreError, manifest_checksum, read_manifest

INDEX = "lookup.sqlite"
FORMAT = 1
# The tables a rule's card (and `kb cite`) reads, with the columns kept and those searched by.
TABLES: dict[str, tuple[tuple[str, ...] | None, tuple[tuple[str, ...], ...]]] = {
    "records": (None, (("release", "id", "lang"), ("release", "lang"))),
    "examples": (None, (("release", "rule", "lang"),)),
    "references": (("position", "release", "lang", "source_id", "target"),
                   (("release", "source_id", "lang"), ("release", "target", "lang"))),
    "alignment": (None, (("kind", "newest_id"), ("kind",), ("position",))),
    "history": (("old_release", "new_release", "position", "status", "kind", "old_id", "new_id", "words",
                 "example_changes"), (("old_release", "old_id"), ("new_release", "new_id"))),
    "catalogs": (None, ()),
}
_STRING, _INT, _FLOAT, _BOOL, _NULL = "s", "i", "f", "b", "n"


class LookupTableError(ValueError):
    """A lookup table that cannot be written from the store's tables."""


def _damaged(file: Path, what: str):
    class LookupDamaged(StoreError):
        pass

    return LookupDamaged(f"{file}: {what} is not the one written (its seal differs)")


_SEAL_KEY = b"kb.lookup seal 1"


def _seal(values: tuple) -> int:
    """The seal of a row's stored values: 64 bits of a keyed BLAKE2b, as SQLite's signed integer."""
    digest = hashlib.blake2b(repr(values).encode("utf-8", "surrogatepass"), digest_size=8, key=_SEAL_KEY).digest()
    return int.from_bytes(digest, "big", signed=True)


def _seals(rows: Iterable[tuple]) -> list[int]:
    """`_seal` of each row: the keyed hash copied rather than keyed afresh, the integers made at once."""
    import numpy as np

    keyed = hashlib.blake2b(digest_size=8, key=_SEAL_KEY)
    digests = []
    for values in rows:
        hashed = keyed.copy()
        hashed.update(repr(values).encode("utf-8", "surrogatepass"))
        digests.append(hashed.digest())
    return np.frombuffer(b"".join(digests), dtype=">i8").tolist()


def tables_checksum(tables: dict[str, Any]) -> str:
    """What ties a lookup table to the Parquet tables it was made from: a hash of their checksums."""
    return hashlib.sha256(json.dumps(tables, sort_keys=True).encode()).hexdigest()


def _kind(arrow_type) -> str:
    import pyarrow as pa

    if pa.types.is_string(arrow_type) or pa.types.is_large_string(arrow_type):
        return _STRING
    if pa.types.is_integer(arrow_type):
        return _INT
    if pa.types.is_floating(arrow_type):
        return _FLOAT
    if pa.types.is_boolean(arrow_type):
        return _BOOL
    if pa.types.is_null(arrow_type):
        return _NULL
    raise LookupTableError(f"a column of type {arrow_type} cannot be kept in the lookup table")


def write_index(store: Path, target: Path, tables: dict[str, Any]) -> dict[str, Any]:
    """Write the lookup table of the Parquet tables in `store` (whose manifest entries are `tables`)
    to `target` (a new file); returns what the store's manifest records of it."""
    import pyarrow.parquet as pq

    target = Path(target)
    if target.exists():
        target.unlink()
    connection = sqlite3.connect(target)
    try:
        db = connection.cursor()
        db.execute("PRAGMA journal_mode=OFF")
        db.execute("PRAGMA synchronous=OFF")
        # The whole file in memory while it is made: indexing and VACUUM then spill nothing to disk.
        db.execute("PRAGMA cache_size=-131072")
        db.execute("PRAGMA temp_store=MEMORY")
        db.execute("CREATE TABLE strings (id INTEGER PRIMARY KEY, s TEXT NOT NULL, seal INTEGER NOT NULL)")
        db.execute("CREATE TABLE columns (name TEXT, position INTEGER, col TEXT, kind TEXT)")
        strings: dict[str, int] = {}

        def interned(value: str | None) -> int | None:
            if value is None:
                return None
            found = strings.get(value)
            if found is None:
                found = strings[value] = len(strings) + 1
            return found

        for name, (kept, searched) in TABLES.items():
            table = pq.ParquetFile(Path(store) / f"{name}.parquet").read(columns=list(kept) if kept else None)
            names = table.column_names
            kinds = [_kind(table.schema.field(n).type) for n in names]
            db.executemany("INSERT INTO columns VALUES (?, ?, ?, ?)",
                           [(name, i, n, k) for i, (n, k) in enumerate(zip(names, kinds))])
            db.execute(f'CREATE TABLE "{name}" ({", ".join(f"{_quoted(n)}" for n in names)}, seal INTEGER NOT NULL)')
            columns = _stored_columns(table, kinds, strings)
            marks = ", ".join("?" * (len(names) + 1))
            db.executemany(f'INSERT INTO "{name}" VALUES ({marks})', zip(*columns, _seals(zip(*columns))))
            for number, key in enumerate(searched):
                db.execute(f'CREATE INDEX "{name}_{number}" ON "{name}" ({", ".join(map(_quoted, key))})')
        db.executemany("INSERT INTO strings VALUES (?, ?, ?)", ((i, s, _seal((i, s))) for s, i in strings.items()))
        # Filters name short strings (ids, releases, languages): only those are indexed.
        db.execute(f"CREATE INDEX strings_short ON strings(s) WHERE length(s) <= {_SHORT}")
        db.execute("CREATE TABLE pairs (old_release, new_release, paired, moved, seal INTEGER NOT NULL)")
        pairs = [(interned(old), interned(new), paired, moved) for old, new, paired, moved in _pair_counts(db, strings)]
        db.executemany("INSERT INTO pairs VALUES (?, ?, ?, ?, ?)", ((*row, _seal(row)) for row in pairs))
        db.executemany("INSERT INTO columns VALUES (?, ?, ?, ?)",
                       [("pairs", i, n, k) for i, (n, k) in enumerate(
                           [("old_release", _STRING), ("new_release", _STRING), ("paired", _INT), ("moved", _INT)])])
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
        checksum = tables_checksum(tables)
        db.executemany("INSERT INTO meta VALUES (?, ?)", [("format", str(FORMAT)), ("tables", checksum)])
        connection.commit()
        db.execute("VACUUM")
    finally:
        connection.close()
    return {"size": target.stat().st_size, "tables": checksum, "format": FORMAT}


_SHORT = 64


def _stored_columns(table, kinds: list[str], strings: dict[str, int]) -> list[list]:
    """Each column of the pyarrow `table` as the lookup table stores it: a string as its id in
    `strings`, where a string met for the first time is added (numbered in the order a reading of the
    rows one by one, each from its first column, meets them), a boolean as an integer, None as None.

    Made a column at a time (pyarrow's dictionary encoding, numpy's indexing), not a cell at a time:
    the ~650,000 rows of the tables a card reads cost seconds that way."""
    import numpy as np
    import pyarrow.compute as pc

    rows = table.num_rows
    columns: list[Any] = [None] * len(kinds)
    encoded = {}
    met = []  # (where a string is first met, as row * width + column; the string)
    for at, kind in enumerate(kinds):
        column = table.column(at)
        if kind != _STRING:
            if column.null_count == 0 and kind != _NULL:
                values = column.to_numpy()
                columns[at] = (values.astype(np.int64) if kind == _BOOL else values).tolist()
            else:
                values = column.to_pylist()
                columns[at] = [None if v is None else int(v) for v in values] if kind == _BOOL else values
            continue
        dictionary = pc.dictionary_encode(column.combine_chunks() if column.num_chunks != 1 else column.chunk(0))
        indices = dictionary.indices.fill_null(-1).to_numpy()
        texts = dictionary.dictionary.to_pylist()
        present = np.flatnonzero(indices >= 0)
        # A dictionary lists its values in the order they are first met: each one's first row.
        _, first = np.unique(indices[present], return_index=True)
        firsts = (present[first] * len(kinds) + at).tolist()
        met.extend((where, text) for where, text in zip(firsts, texts) if text not in strings)
        encoded[at] = (indices, texts)
    met.sort(key=lambda found: found[0])
    for _, text in met:
        if text not in strings:
            strings[text] = len(strings) + 1
    for at, (indices, texts) in encoded.items():
        ids = np.array([strings[text] for text in texts] or [0], dtype=np.int64)[np.maximum(indices, 0)]
        stored = ids.astype(object)
        stored[indices < 0] = None
        columns[at] = stored.tolist() if rows else []
    return columns


def _pair_counts(db, strings: dict[str, int]) -> list[tuple[str, str, int, int]]:
    """For each pair of consecutive releases of the history: its rules paired, and those renumbered."""
    found = db.execute(
        "SELECT old_release, new_release, count(*), sum(old_id != new_id) FROM history "
        "WHERE old_id IS NOT NULL AND new_id IS NOT NULL GROUP BY old_release, new_release").fetchall()
    text = {i: s for s, i in strings.items()}
    return [(text[old], text[new], paired, moved or 0) for old, new, paired, moved in found]


def _among(name: str, keys: Sequence[str], stored: Sequence[tuple]) -> tuple[str, list]:
    """The condition that a row of table `name` holds one of the tuples `stored` in its columns
    `keys`: a join with those tuples where an index of the table covers some of the columns, so that
    it is searched (SQLite would scan the table for a row value IN a list), else a row value IN the
    list, the table scanned once."""
    marks = ", ".join(f"({', '.join('?' * len(keys))})" for _ in stored)
    values = [value for key in stored for value in key]
    # The index of the most of those columns, named: the table has no statistics to choose by.
    searched = [(len(key), number) for number, key in enumerate(TABLES.get(name, (None, ()))[1])
                if set(key) <= set(keys)]
    if not searched:
        return f"({', '.join(map(_quoted, keys))}) IN (VALUES {marks})", values
    on = " AND ".join(f"t.{_quoted(key)} = wanted.column{n}" for n, key in enumerate(keys, 1))
    hint = f' INDEXED BY "{name}_{max(searched)[1]}"'
    return f'rowid IN (SELECT t.rowid FROM (VALUES {marks}) AS wanted JOIN "{name}" AS t{hint} ON {on})', values


def _quoted(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def open_index(path: Path | str, fingerprint: dict[str, Any] | None = None) -> IndexReader | None:
    """The lookup table of the store at `path`, or None when it cannot be trusted to answer: no
    manifest, a manifest whose checksum fails, a store built from another corpus or code than
    `fingerprint` (when given), or an index file that is not the one written for the store's tables
    (another size, another store's, another format)."""
    path = Path(path)
    try:
        manifest = read_manifest(path)
    except StoreError:
        return None
    if not isinstance(manifest, dict) or manifest.get("checksum") != manifest_checksum(manifest):
        return None
    if fingerprint is not None and manifest.get("fingerprint") != fingerprint:
        return None
    recorded = manifest.get("index")
    file = path / INDEX
    if not isinstance(manifest.get("tables"), dict):
        return None
    if not isinstance(recorded, dict) or recorded.get("format") != FORMAT or \
            recorded.get("tables") != tables_checksum(manifest.get("tables")):
        return None
    try:
        if file.stat().st_size != recorded.get("size"):
            return None
        # A table missing or cut short is the store's loader's to tell and rebuild: the sizes cost a
        # stat each, where checking the tables' bytes would cost more than the lookup.
        for name, table in manifest["tables"].items():
            if not isinstance(table, dict) or (path / f"{name}.parquet").stat().st_size != table.get("size"):
                return None
        reader = IndexReader(file, manifest)
        if reader.meta.get("tables") != recorded["tables"] or reader.meta.get("format") != str(FORMAT):
            return None
        return reader
    except (OSError, sqlite3.Error):
        return None


class IndexReader:
    """`kb.store.StoreReader`'s `rows` and `rows_among`, answered from the lookup table (read-only),
    every row and string read checked against its seal (`LookupDamaged` when one differs)."""

    indexed = True  # a filter is answered by an index, not by a scan of the table

    def __init__(self, file: Path, manifest: dict[str, Any] | None = None):
        self.file = Path(file)
        self.manifest = manifest or {}
        uri = self.file.resolve().as_uri() + "?mode=ro"
        self.db = sqlite3.connect(uri, uri=True)
        self._columns: dict[str, list[tuple[str, str]]] = {}
        for table, _position, column, kind in self.db.execute("SELECT * FROM columns ORDER BY rowid"):
            self._columns.setdefault(table, []).append((column, kind))
        self.meta = dict(self.db.execute("SELECT key, value FROM meta"))
        self._ids: dict[str, int | None] = {}
        self._text: dict[int, str] = {}

    def _string_id(self, value: str) -> int | None:
        if value not in self._ids:
            short = f" AND length(s) <= {_SHORT}" if len(value) <= _SHORT else ""
            found = self.db.execute(f"SELECT id, s, seal FROM strings WHERE s = ?{short}", (value,)).fetchone()
            if found is not None:
                self._check_string(found)
            self._ids[value] = found[0] if found else None
        return self._ids[value]

    def _check_string(self, row: tuple) -> None:
        if _seal(tuple(row[:2])) != row[2]:
            raise _damaged(self.file, f"string {row[0]}")
        self._text[row[0]] = row[1]

    def _strings(self, ids: Iterable[int]) -> dict[int, str]:
        wanted = sorted({i for i in ids if i is not None and i not in self._text})
        for start in range(0, len(wanted), 900):  # SQLite's limit on the parameters of one statement
            chunk = wanted[start:start + 900]
            marks = ", ".join("?" * len(chunk))
            for row in self.db.execute(f"SELECT id, s, seal FROM strings WHERE id IN ({marks})", chunk):
                self._check_string(row)
        missing = [i for i in wanted if i not in self._text]
        if missing:
            raise _damaged(self.file, f"string {missing[0]}")
        return self._text

    def _select(self, name: str, equal: dict[str, Any], tail: str = "ORDER BY rowid",
                among: tuple[tuple[str, ...], Iterable[tuple]] | None = None) -> list[tuple]:
        """The stored rows of `name` (every column, strings as their ids) whose columns equal the
        given values (and, with `among` = (columns, tuples), whose columns hold one of the tuples),
        each checked against its seal."""
        kept = self._columns.get(name)
        if kept is None:
            raise StoreError(f"{self.file}: no table {name} in the lookup table")
        kinds = dict(kept)
        lacking = [c for c in equal if c not in kinds]
        if lacking:
            raise StoreError(f"{self.file}: the lookup table keeps no column {', '.join(lacking)} of {name}")
        where, parameters = [], []
        for column, value in equal.items():
            if value is None:
                where.append(f"{_quoted(column)} IS NULL")
                continue
            if kinds[column] == _STRING:
                value = self._string_id(value)
                if value is None:
                    return []  # a string the store never holds: no row has it
            elif kinds[column] == _BOOL:
                value = int(value)
            where.append(f"{_quoted(column)} = ?")
            parameters.append(value)
        if among is not None:
            keys, wanted = among
            lacking = [c for c in keys if c not in kinds]
            if lacking:
                raise StoreError(f"{self.file}: the lookup table keeps no column {', '.join(lacking)} of {name}")
            stored = [stored for stored in (self._stored(tuple(values), [kinds[k] for k in keys]) for values in wanted)
                      if stored is not None]
            if not stored:
                return []
            clause, values = _among(name, keys, stored)
            where.append(clause)
            parameters.extend(values)
        query = f'SELECT {", ".join(_quoted(c) for c, _ in kept)}, seal FROM "{name}"'
        if where:
            query += " WHERE " + " AND ".join(where)
        found = self.db.execute(f"{query} {tail}", parameters).fetchall()
        for row in found:
            if _seal(tuple(row[:-1])) != row[-1]:
                raise _damaged(self.file, f"a row of {name}")
        return found

    def _stored(self, values: tuple, kinds: list[str]) -> tuple | None:
        """`values` as the table stores them (strings as their ids), or None when a string is one
        the lookup table never holds (no row has it). A None among them matches no row either."""
        out = []
        for value, kind in zip(values, kinds):
            if value is None:
                return None
            if kind == _STRING:
                value = self._string_id(value)
                if value is None:
                    return None
            elif kind == _BOOL:
                value = int(value)
            out.append(value)
        return tuple(out)

    def rows(self, name: str, columns: Iterable[str] | None = None, **equal: Any) -> list[dict[str, Any]]:
        """The rows of table `name` whose columns equal the given values, as dicts (in table order)."""
        return self._rows(name, columns, self._select(name, equal))

    def rows_among(self, name: str, columns: Iterable[str] | None, keys: tuple[str, ...], values: Iterable[tuple],
                   **equal: Any) -> list[dict[str, Any]]:
        """`rows` of those rows whose `keys` columns hold one of the tuples `values` (in table order)."""
        return self._rows(name, columns, self._select(name, equal, among=(tuple(keys), list(values))))

    def _rows(self, name: str, columns: Iterable[str] | None, found: list[tuple]) -> list[dict[str, Any]]:
        kept = self._columns[name]
        wanted = list(columns) if columns is not None else [c for c, _ in kept]
        at = {c: i for i, (c, _) in enumerate(kept)}
        kinds = dict(kept)
        lacking = [c for c in wanted if c not in at]
        if lacking:
            raise StoreError(f"{self.file}: the lookup table keeps no column {', '.join(lacking)} of {name}")
        strings = self._strings(row[at[c]] for row in found for c in wanted if kinds[c] == _STRING)
        out = []
        for row in found:
            values = {}
            for column in wanted:
                value, kind = row[at[column]], kinds[column]
                if value is not None:
                    value = strings[value] if kind == _STRING else bool(value) if kind == _BOOL else \
                        float(value) if kind == _FLOAT else value
                values[column] = value
            out.append(values)
        return out

    def pair_counts(self) -> list[tuple[str, str, int, int]]:
        """For each pair of consecutive releases of the history: its rules paired, and those renumbered."""
        return [(r["old_release"], r["new_release"], r["paired"], r["moved"]) for r in self.rows("pairs")]

    def descent(self, releases: Sequence[str]) -> IndexDescent:
        return IndexDescent(self, releases)


class IndexDescent:
    """`kb.history.descent.Descent`'s `trace` and `carry` over the lookup table's history (the same
    pairing as `kb.store.stored_descent`: a later row of a pair wins). A line of descent is walked in
    one query, then checked against every row a walk step by step would read: each row's seal, and
    the step it makes."""

    def __init__(self, reader: IndexReader, releases: Sequence[str]):
        self.reader = reader
        self.releases = list(releases)
        self._at = {release: i for i, release in enumerate(self.releases)}
        self._steps: dict[tuple[int, str, bool], str | None] = {}
        kept = [c for c, _ in reader._columns["history"]]
        self._kept = kept
        self._old, self._new = kept.index("old_id"), kept.index("new_id")
        self._release_ids: list[int | None] | None = None

    def _releases_stored(self) -> list[int | None]:
        """Each release's string id in the lookup table (None for one it does not hold): those of the
        history's pairs of releases at once (a small table), any other one by one."""
        if self._release_ids is None:
            reader = self.reader
            paired = reader._select("pairs", {})
            names = reader._strings(sid for row in paired for sid in row[:2])
            for sid in {sid for row in paired for sid in row[:2]}:
                reader._ids.setdefault(names[sid], sid)
            self._release_ids = [reader._string_id(r) for r in self.releases]
        return self._release_ids

    def _walk(self, at: int, rule_id: str, forward: bool, end: int) -> None:
        """Put every step of the line of `rule_id` of release `at` toward release `end` in the memo of
        steps (`_step` reads whatever is not there one step at a time)."""
        if end == at or (at if forward else at - 1, rule_id, forward) in self._steps:
            return
        reader = self.reader
        stored = self._releases_stored()
        first = reader._string_id(rule_id)
        if first is None or None in stored:
            return
        given, other = ("old_id", "new_id") if forward else ("new_id", "old_id")
        step, low, high = (1, 0, 1) if forward else (-1, -1, 0)
        # Each release stepped from, with the pair of releases of its step.
        froms = range(at, end) if forward else range(at, end, -1)
        marks = ", ".join("(?, ?, ?)" for _ in froms)
        walked = reader.db.execute(
            f"WITH RECURSIVE steps(p, old, new) AS (VALUES {marks}), walk(p, id) AS (SELECT ?, ? UNION ALL "
            f"SELECT walk.p + {step}, (SELECT h.{other} FROM history h WHERE h.old_release = steps.old "
            f"AND h.new_release = steps.new AND h.{given} = walk.id AND h.{other} IS NOT NULL "
            f"ORDER BY h.rowid DESC LIMIT 1) "
            f"FROM walk JOIN steps ON steps.p = walk.p WHERE walk.id IS NOT NULL) SELECT p, id FROM walk",
            [*(value for p in froms for value in (p, stored[p + low], stored[p + high])), at, first]).fetchall()
        ids = [found for _p, found in walked]
        # The pairs stepped from (release before, release after, the id given), and every row of them.
        asked = [(stored[p + low], stored[p + high], ids[n]) for n, (p, _id) in enumerate(walked[:-1])]
        clause, values = _among("history", ("old_release", "new_release", given), asked)
        columns = ", ".join(_quoted(c) for c in self._kept)
        rows = reader.db.execute(f"SELECT {columns}, seal FROM history WHERE {clause} ORDER BY rowid DESC",
                                 values).fetchall() if asked else []
        at_given = self._kept.index(given)
        at_other = self._new if forward else self._old
        chosen: dict[tuple, int] = {}
        for row in rows:
            if _seal(tuple(row[:-1])) != row[-1]:
                raise _damaged(reader.file, "a row of history")
            key = (row[0], row[1], row[at_given])
            if row[at_other] is not None:
                chosen.setdefault(key, row[at_other])
        text = reader._strings([*ids, *chosen.values()])
        for n, key in enumerate(asked):
            if chosen.get(key) != ids[n + 1]:
                raise _damaged(reader.file, "the history")
            p = walked[n][0]
            after = ids[n + 1]
            self._steps[(p if forward else p - 1, text[ids[n]], forward)] = None if after is None else text[after]

    def _step(self, i: int, rule_id: str, forward: bool) -> str | None:
        """The id in release i + 1 of rule `rule_id` of release i (forward), or back from i + 1 to i."""
        key = (i, rule_id, forward)
        if key not in self._steps:
            given, other = ("old_id", self._new) if forward else ("new_id", self._old)
            rows = [row for row in self.reader._select(
                "history", {"old_release": self.releases[i], "new_release": self.releases[i + 1], given: rule_id},
                "ORDER BY rowid DESC") if row[other] is not None]
            self._steps[key] = self.reader._strings([rows[0][other]])[rows[0][other]] if rows else None
        return self._steps[key]

    def trace(self, rule_id: str, release: str) -> dict[str, str | None]:
        at = self._at[release]
        self._walk(at, rule_id, False, 0)
        self._walk(at, rule_id, True, len(self.releases) - 1)
        ids: list[str | None] = [None] * len(self.releases)
        ids[at] = rule_id
        current: str | None = rule_id
        for i in range(at - 1, -1, -1):
            current = self._step(i, current, forward=False)
            if current is None:
                break
            ids[i] = current
        current = rule_id
        for i in range(at, len(self.releases) - 1):
            current = self._step(i, current, forward=True)
            if current is None:
                break
            ids[i + 1] = current
        return dict(zip(self.releases, ids))

    def carry(self, rule_id: str, release: str, to: str) -> str | None:
        at, end = self._at[release], self._at[to]
        self._walk(at, rule_id, end >= at, end)
        current: str | None = rule_id
        steps = ((i, True) for i in range(at, end)) if end >= at else ((i, False) for i in range(at - 1, end - 1, -1))
        for i, forward in steps:
            current = self._step(i, current, forward)
            if current is None:
                break
        return current
