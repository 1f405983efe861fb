"""The store's lookup table (`kb.lookup`): `kb rule` read from it says byte for byte what it says read
from the Parquet tables, imports neither pandas nor pyarrow, and is not trusted once damaged."""

from __future__ import annotations

import contextlib
import io
import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from kb import store
from kb.lookup import INDEX, IndexReader, open_index
from kb.model import to_data
from kb.rulecard import card_from_store

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def built():
    """The store of the corpus, current (built if it is not), and its lookup table."""
    from kb.corpus import corpus_dir
    from kb.knowledge import KnowledgeBase

    kb = KnowledgeBase.load()
    if len(kb.releases) < 100:
        pytest.skip("the corpus's releases are not all available")
    path = store.store_dir()
    index = open_index(path, store.corpus_fingerprint(corpus_dir()))
    assert index is not None, "the store was written without its lookup table"
    return kb, path, index


def _printed(card) -> str:
    from kb.cli import kb_cmds

    captured = io.StringIO()
    with contextlib.redirect_stdout(captured):
        kb_cmds._print_card(card)
    return captured.getvalue()


def _sample(kb, count: int, seed: int):
    draw = random.Random(seed)
    releases = kb.releases
    chosen = [("101.4", None), ("702.9b", "2024-06-07"), ("601.2", releases[-1]), ("810.7", None),
              ("405.1", None), ("116.2", "2019-10-04")]
    while len(chosen) < count:
        release = draw.choice(releases[-30:] + releases[:3])
        rule = draw.choice(kb.rules(release))
        chosen.append((rule.id, release))
    return chosen


def test_a_card_from_the_lookup_table_is_the_card_from_the_tables(built):
    from kb.corpus import corpus_dir

    kb, path, index = built
    root = corpus_dir()
    for rule, release in _sample(kb, 40, 4):
        for lang in ("en", "es"):
            slow = card_from_store(path, rule, release, lang, root)
            fast = card_from_store(path, rule, release, lang, root, reader=index)
            assert json.dumps(to_data(fast), ensure_ascii=False) == json.dumps(to_data(slow), ensure_ascii=False), \
                (rule, release, lang)
            assert _printed(fast) == _printed(slow), (rule, release, lang)


def test_the_line_of_descent_is_followed_as_the_stored_history_has_it(built):
    kb, path, index = built
    releases = kb.releases
    whole = store.stored_descent(store.StoreReader(path), releases)
    stepwise = index.descent(releases)
    draw = random.Random(7)
    for _ in range(30):
        release, to = draw.choice(releases), draw.choice(releases)
        rule = draw.choice(kb.rules(release)).id
        assert stepwise.trace(rule, release) == whole.trace(rule, release)
        assert stepwise.carry(rule, release, to) == whole.carry(rule, release, to)


def test_rows_are_those_of_the_parquet_tables(built):
    _kb, path, index = built
    tables = store.StoreReader(path)
    for name, columns, equal in [
        ("records", None, {"release": "2026-01-16", "id": "101.4", "lang": "en"}),
        ("examples", ["release", "rule", "lang", "source", "number", "text"],
         {"release": "2026-01-16", "rule": "702.9b", "lang": "en"}),
        ("references", ["release", "lang", "source_id", "target", "position"],
         {"release": "2026-01-16", "target": "101.4", "lang": "en"}),
        ("alignment", None, {"kind": "rule", "newest_id": "101.4"}),
        ("catalogs", None, {}),
        ("records", None, {"release": "2026-01-16", "id": "no-such-rule", "lang": "en"}),
    ]:
        assert index.rows(name, columns, **equal) == tables.rows(name, columns, **equal), name


def _kb_rule(args, env=None, flags=()):
    return subprocess.run([sys.executable, *flags, "-m", "kb", "rule", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, env={**os.environ, **(env or {})})


def test_kb_rule_imports_neither_pandas_nor_pyarrow(built):
    done = _kb_rule(["101.4", "--lang", "es"], flags=("-X", "importtime"))
    assert done.returncode == 0, done.stderr
    imported = {line.split("|")[-1].strip().split(".")[0] for line in done.stderr.splitlines()
                if line.startswith("import time:")}
    assert not imported & {"pandas", "pyarrow", "numpy", "networkx"}


@pytest.mark.parametrize("damage", ["flipped", "cut", "gone", "unrecorded"])
def test_a_damaged_lookup_table_is_not_read(built, tmp_path, damage):
    _kb, path, _index = built
    copy = tmp_path / "store"
    shutil.copytree(path, copy, ignore=shutil.ignore_patterns("cache", "*.lock"))
    file = copy / INDEX
    if damage == "flipped":
        # One letter of the rule's own text, changed in the file: the row no longer matches its seal.
        text = open_index(path).rows("records", ["text"], release=_kb.releases[-1], id="101.4", lang="en")[0]["text"]
        data = file.read_bytes()
        at = data.index(text.encode("utf-8")) + text.index("players")
        file.write_bytes(data[:at] + b"Q" + data[at + 1:])
        with pytest.raises(store.StoreError, match="seal"):
            open_index(copy).rows("records", None, release=_kb.releases[-1], id="101.4", lang="en")
    elif damage == "cut":
        file.write_bytes(file.read_bytes()[:4096])
    elif damage == "gone":
        file.unlink()
    else:
        manifest = json.loads((copy / store.MANIFEST).read_text(encoding="utf-8"))
        del manifest["index"]
        manifest["checksum"] = store.manifest_checksum(manifest)
        (copy / store.MANIFEST).write_text(json.dumps(manifest), encoding="utf-8")
    if damage != "flipped":
        assert open_index(copy) is None
    expected = _kb_rule(["101.4", "--lang", "es", "--json"])
    answered = _kb_rule(["101.4", "--lang", "es", "--json"], env={"KB_STORE": str(copy)})
    assert answered.returncode == 0, answered.stderr
    assert answered.stdout == expected.stdout


def test_a_lookup_table_of_another_store_is_not_read(built, tmp_path):
    _kb, path, _index = built
    manifest = json.loads((path / store.MANIFEST).read_text(encoding="utf-8"))
    other = dict(manifest["fingerprint"], code="another version of the code")
    assert open_index(path, other) is None
    assert isinstance(open_index(path, manifest["fingerprint"]), IndexReader)


def test_columns_are_stored_as_a_reading_cell_by_cell_would_store_them():
    """`_stored_columns` numbers each string where a reading row by row, each from its first column,
    first meets it (the order the lookup table's bytes depend on): strings repeated across columns and
    rows, strings known from an earlier table, empty strings, nulls, booleans, several chunks."""
    import pyarrow as pa

    from kb.lookup import _STRING, _kind, _seal, _seals, _stored_columns

    generator = random.Random(7)
    words = ["", "a", "b", "ç", "702.19b", "2024-02-09", "\U0001f600"]

    def cell(kind):
        if generator.random() < 0.2:
            return None
        return {"s": generator.choice(words), "i": generator.randint(-3, 3), "b": generator.random() < 0.5,
                "f": generator.choice([0.5, 1.0, 1e-7])}[kind]

    for trial in range(30):
        layout = [generator.choice("ssibf") for _ in range(generator.randint(1, 5))]
        rows = generator.randint(0, 12)
        data = {f"c{n}": [cell(kind) for _ in range(rows)] for n, kind in enumerate(layout)}
        types = {"s": pa.string(), "i": pa.int64(), "b": pa.bool_(), "f": pa.float64()}
        table = pa.table({name: pa.array(values, types[kind]) for (name, values), kind in zip(data.items(), layout)})
        if rows > 2:  # as a table read in row groups comes: in chunks
            table = pa.concat_tables([table.slice(0, rows // 2), table.slice(rows // 2)])
        kinds = [_kind(field.type) for field in table.schema]
        known = {"b": 1, "zzz": 2} if trial % 2 else {}
        expected_strings = dict(known)
        expected = []
        for i in range(rows):
            row = []
            for values, kind in zip(data.values(), kinds):
                value = values[i]
                if value is not None and kind == _STRING:
                    value = expected_strings.setdefault(value, len(expected_strings) + 1)
                elif value is not None and isinstance(value, bool):
                    value = int(value)
                row.append(value)
            expected.append(tuple(row))
        strings = dict(known)
        stored = list(zip(*_stored_columns(table, kinds, strings)))
        assert stored == expected and strings == expected_strings
        assert [repr(row) for row in stored] == [repr(row) for row in expected]
        assert _seals(stored) == [_seal(row) for row in expected]
