"""Exports of the knowledge base for other tools: tables as CSV, JSON and Parquet, the graph as GraphML
and JSON.

    export(kb, "out/", formats=["csv"], what=["alignment"])   ->  out/alignment.csv

What can be exported:
    records       records (every rule, section and part, English and Spanish), examples, glossary
    alignment     each Spanish record, its English record, status, evidence, newest number
    history       each rule of each release paired with the next release's: unchanged, changed,
                  moved, added, removed, with the words that changed (in the text and in the examples)
    terminology   term pairs, and Spanish section titles by their newest number
    graph         the cross-reference graph (GraphML, and JSON node-link data; "csv" and "parquet"
                  do not apply to it)

The same knowledge base gives the same bytes: rows in a fixed order, paths relative to the corpus,
JSON with fixed key order and no timestamps.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

FORMATS = ("csv", "json", "parquet")
WHAT = ("records", "alignment", "history", "terminology", "graph")
TABLES = {
    "records": ("records", "examples", "glossary"),
    "alignment": ("alignment",),
    "history": ("history",),
    "terminology": ("terminology", "section_titles"),
}
# Columns holding JSON text in the store: lists in a JSON export.
_JSON_COLUMNS = {"senses", "evidence", "words", "es_examples", "stamp", "example_changes"}
# Store columns left out of exports (the full Spanish record is in `records`).
_DROP = {"alignment": ("es_record",)}


class ExportError(ValueError):
    """An export that cannot be made (unknown format or table, output path that is a file)."""


def export(kb, out_dir: str | Path, formats: Iterable[str] = FORMATS, what: Iterable[str] = WHAT) -> list[Path]:
    """Write the chosen parts of `kb` in the chosen formats into `out_dir`; the files written, sorted."""
    formats, what = list(dict.fromkeys(formats)), list(dict.fromkeys(what))
    for name in formats:
        if name not in FORMATS:
            raise ExportError(f"unknown format {name!r}: expected one of {', '.join(FORMATS)}")
    for name in what:
        if name not in WHAT:
            raise ExportError(f"unknown export {name!r}: expected one of {', '.join(WHAT)}")
    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise ExportError(f"{out}: exists and is not a folder")
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    tables = [table for name in what if name in TABLES for table in TABLES[name]]
    if tables:
        frames = export_frames(kb, tables)
        for table in tables:
            for fmt in formats:
                written.append(_write(frames[table], out / f"{table}.{fmt}", fmt))
    if "graph" in what:
        written.extend(_write_graph(kb, out, formats))
    return sorted(written)


def export_frames(kb, tables: Iterable[str]) -> dict[str, Any]:
    """The export tables as pandas frames (store columns, JSON columns still as text)."""
    from kb.store import frames

    every = frames(kb)
    chosen = {}
    for table in tables:
        frame = every[table]
        drop = [c for c in _DROP.get(table, ()) if c in frame.columns]
        chosen[table] = frame.drop(columns=drop) if drop else frame
    return chosen


def _write(frame, path: Path, fmt: str) -> Path:
    if fmt == "csv":
        frame.to_csv(path, index=False, lineterminator="\n", encoding="utf-8")
    elif fmt == "json":
        path.write_text(_json_text(frame), encoding="utf-8")
    else:
        from kb.store import write_parquet

        write_parquet(frame, path)
    return path


def _json_text(frame) -> str:
    rows = []
    for record in frame.to_dict(orient="records"):
        row = {}
        for key, value in record.items():
            value = _plain(value)
            if key in _JSON_COLUMNS and isinstance(value, str):
                value = json.loads(value)
            row[key] = value
        rows.append(row)
    return json.dumps(rows, ensure_ascii=False, indent=1) + "\n"


def _plain(value: Any) -> Any:
    """pandas and numpy scalars as plain Python (missing values as None)."""
    if value is None:
        return None
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and value != value:
        return None
    return value


def _write_graph(kb, out: Path, formats: list[str]) -> list[Path]:
    from kb.graph import write_graphml, write_node_link

    from kb.store import Paths

    # Node sources relative to the corpus, as in the tables: the same corpus gives the same bytes.
    paths = Paths(kb.corpus_root)
    graph = kb.graph.copy()
    for _, data in graph.nodes(data=True):
        if isinstance(data.get("source"), str):
            data["source"] = paths.rel(data["source"])
    written = [out / "graph.graphml"]
    write_graphml(graph, written[0])
    if "json" in formats:
        written.append(out / "graph.json")
        write_node_link(graph, written[-1])
    return written
