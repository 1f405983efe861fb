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

A CSV file follows RFC 4180 (CRLF line ends; a cell holding a line break or a comma is quoted). It is
opened by spreadsheets, which run a cell beginning with `=`, `+`, `-`, `@`, a tab or a
carriage return as a formula: such a cell gets a single quote (`'`) in front, as OWASP advises for
CSV injection, and is shown as the text it is. The JSON and Parquet files keep the text as it is.

The files go through `kb.outputs`: never into the corpus, never over a file kb did not write there
(unless `overwrite`), and all of them or none.
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


def export(kb, out_dir: str | Path, formats: Iterable[str] = FORMATS, what: Iterable[str] = WHAT,
           overwrite: bool = False) -> list[Path]:
    """Write the chosen parts of `kb` in the chosen formats into `out_dir`; the files written, sorted.
    A destination `kb.outputs` refuses raises `OutputRefused` before anything is written."""
    from kb.outputs import check_files, check_folder, write_files

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
    check_folder(out)
    check_files(export_paths(out, formats, what), overwrite)  # before the work: a refusal costs nothing
    tables = [table for name in what if name in TABLES for table in TABLES[name]]
    contents: dict[Path, Any] = {}
    if tables:
        frames = export_frames(kb, tables)
        for table in tables:
            for fmt in formats:
                contents[out / f"{table}.{fmt}"] = _content(frames[table], fmt)
    if "graph" in what:
        contents.update(_graph_contents(kb, out, formats))
    out.mkdir(parents=True, exist_ok=True)
    return sorted(write_files(contents, overwrite))


def export_paths(out_dir: str | Path, formats: Iterable[str] = FORMATS, what: Iterable[str] = WHAT) -> list[Path]:
    """The files `export` writes into `out_dir` for these formats and parts."""
    out, formats = Path(out_dir), list(dict.fromkeys(formats))
    tables = [table for name in dict.fromkeys(what) if name in TABLES for table in TABLES[name]]
    paths = [out / f"{table}.{fmt}" for table in tables for fmt in formats]
    if "graph" in what:
        paths += [out / "graph.graphml"] + ([out / "graph.json"] if "json" in formats else [])
    return paths


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


def _content(frame, fmt: str):
    """A function writing the file of `frame` in `fmt` to a binary stream: each file is made only
    when it is written, so that one at a time is held in memory."""
    if fmt == "csv":
        # RFC 4180's CRLF line ends: a cell holding a carriage return is quoted, so that it cannot end
        # its row early and begin the next one with a formula.
        return lambda stream: stream.write(
            spreadsheet_safe(frame).to_csv(index=False, lineterminator="\r\n").encode("utf-8"))
    if fmt == "json":
        return lambda stream: stream.write(_json_text(frame).encode("utf-8"))
    from kb.store import write_parquet

    return lambda stream: write_parquet(frame, stream)


# What a spreadsheet takes for the start of a formula (OWASP, "CSV Injection").
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_safe(frame):
    """`frame` with every text cell a spreadsheet would run as a formula (see `FORMULA_STARTS`)
    behind a single quote, which shows it as text; other cells, and `frame` itself, unchanged."""
    def safe(value: Any) -> Any:
        return f"'{value}" if isinstance(value, str) and value.startswith(FORMULA_STARTS) else value

    import pandas as pd

    texts = [c for c in frame.columns if frame[c].dtype == object or str(frame[c].dtype) in ("string", "str")]
    if not texts:
        return frame
    safer = frame.copy()
    for column in texts:
        safer[column] = pd.Series([safe(v) for v in frame[column]], index=frame.index, dtype=object)
    return safer


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


def _graph_contents(kb, out: Path, formats: list[str]) -> dict[Path, Any]:
    from kb.graph import graphml_writer, node_link_text

    from kb.store import Paths

    # Node sources relative to the corpus, as in the tables: the same corpus gives the same bytes.
    paths = Paths(kb.corpus_root)
    graph = kb.graph.copy()
    for _, data in graph.nodes(data=True):
        if isinstance(data.get("source"), str):
            data["source"] = paths.rel(data["source"])
    contents: dict[Path, Any] = {out / "graph.graphml": graphml_writer(graph)}
    if "json" in formats:
        contents[out / "graph.json"] = node_link_text(graph).encode("utf-8")
    return contents
