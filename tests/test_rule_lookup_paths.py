"""`kb rule` read from the store's lookup table answers as the whole knowledge base does: the same
card for a sample of rules x releases (newest, older, the oldest, a release named by its publication
date) x languages, the same lines printed and the same JSON, the same refusals; and its path imports
nothing of the knowledge base's heavier machinery (how it stays within its time budget; the figures
are in bench/bench_rule_lookup.py)."""

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
from kb.model import to_data

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def whole():
    """The knowledge base of the corpus (the store built and current), and how the corpus names its
    releases (either date of each)."""
    from kb.corpus import corpus_dir
    from kb.history.corpus import corpus_releases, release_names
    from kb.knowledge import KnowledgeBase
    from kb.lookup import open_index

    kb = KnowledgeBase.load()
    if len(kb.releases) < 100:
        pytest.skip("the corpus's releases are not all available")
    assert open_index(store.store_dir(), store.corpus_fingerprint(corpus_dir())) is not None, \
        "the store was written without its lookup table"
    return kb, release_names(corpus_releases())


def _published_only(names: dict[str, str]) -> list[str]:
    """Dates that name a release by its publication alone (it takes effect another day)."""
    return sorted(name for name, effective in names.items() if name != effective and name not in names.values())


def _sample(kb, names: dict[str, str], count: int, seed: int) -> list[tuple[str, str | None]]:
    draw = random.Random(seed)
    releases = kb.releases
    published = _published_only(names)
    chosen: list[tuple[str, str | None]] = [
        ("101.4", None), ("702.9b", "2024-06-07"), ("502.2", releases[0]), ("601.2b", None), ("702.9b", "2009-10-01"),
        ("116.2", "2019-10-04"), ("810.7", None), ("702.9b", published[-1]), ("101.4", published[0]),
    ]
    while len(chosen) < count:
        name = draw.choice([*releases, *published])
        chosen.append((draw.choice(kb.rules(names.get(name, name))).id, name))
    # A rule the release asked for does not have, and a date that is no release: refused alike.
    return [*chosen, ("702.9b", "2024-07-01"), ("999.9z", None), ("702.24i", releases[0])]


def _answer(card_of_rule, *args):
    from kb.knowledge import UnknownReleaseError, UnknownRuleError

    try:
        return to_data(card_of_rule(*args))
    except (UnknownReleaseError, UnknownRuleError) as err:
        return type(err).__name__, str(err)


def _shown(card, as_json: bool) -> str:
    from kb.cli.common import emit_json
    from kb.cli.kb_cmds import _print_card

    captured = io.StringIO()
    with contextlib.redirect_stdout(captured):
        emit_json(card) if as_json else _print_card(card)
    return captured.getvalue()


def test_the_lookup_path_answers_as_the_whole_knowledge_base(whole):
    from kb.rulecard import card_of, rule_card

    kb, names = whole
    for rule, release in _sample(kb, names, 36, 25):
        for lang in ("en", "es"):
            # What the whole knowledge base says of the release the date names (`kb.cli.common.release_name`).
            named = names.get(release, release) if release else None
            expected = _answer(card_of, kb, rule, named, lang)
            assert _answer(rule_card, rule, release, lang) == expected, (rule, release, lang)
            if isinstance(expected, dict):
                assert _shown(rule_card(rule, release, lang), False) == _shown(card_of(kb, rule, named, lang), False)


def _kb_rule(*args: str, env: dict[str, str] | None = None, flags: tuple[str, ...] = ()):
    return subprocess.run([sys.executable, *flags, "-m", "kb", "rule", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=600, env={**os.environ, **(env or {})})


@pytest.mark.parametrize("rule, release, lang, as_json", [
    ("101.4", None, "es", True), ("702.9b", "2024-06-07", "es", False), ("702.9b", "2024-06-07", "es", True),
    ("502.2", "2003-03-15", "es", False), ("601.2b", None, "en", False),
])
def test_kb_rule_prints_what_the_whole_knowledge_base_says(whole, rule, release, lang, as_json):
    from kb.rulecard import card_of

    kb, names = whole
    done = _kb_rule(rule, "--lang", lang, *(["--release", release] if release else []), *(["--json"] if as_json else []))
    assert done.returncode == 0, done.stderr
    assert done.stdout == _shown(card_of(kb, rule, release, lang), as_json)


def test_a_release_named_by_its_publication_date(whole):
    from kb.rulecard import card_of

    kb, names = whole
    published = _published_only(names)[-1]
    done = _kb_rule("702.9b", "--lang", "es", "--release", published, "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["release"] == names[published] != published
    assert done.stdout == _shown(card_of(kb, "702.9b", names[published], "es"), True)


@pytest.mark.parametrize("args, said", [
    (("702.9b", "--release", "2024-07-01"), "kb: no release 2024-07-01; the corpus has 2003-03-15, "),
    (("999.9z",), "kb: release {newest} has no rule 999.9z"),
    (("702.9b", "--release", "July 2024", "--json"), "kb: no release July 2024; the corpus has "),
])
def test_a_refusal_is_one_line_and_exit_2(whole, args, said):
    kb, _names = whole
    done = _kb_rule(*args)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(said.format(newest=kb.releases[-1])), lines


def test_kb_rule_imports_only_what_one_rule_needs(whole):
    done = _kb_rule("702.9b", "--lang", "es", "--release", "2024-06-07", flags=("-X", "importtime"))
    assert done.returncode == 0, done.stderr
    imported = {line.split("|")[-1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    tops = {name.split(".")[0] for name in imported}
    assert not tops & {"pandas", "pyarrow", "numpy", "networkx", "rich", "babel", "rapidfuzz", "jinja2"}, tops
    heavy = {"kb.history.diff", "kb.history.pairing", "kb.parse.cr", "kb.graph", "kb.cli.translations",
             "kb.cli.site", "kb.cli.history", "kb.cli.fetch", "kb.cli.ingest"}
    assert not imported & heavy, imported & heavy


def test_a_store_whose_memo_cannot_be_written_still_answers(whole, tmp_path):
    """The store kept elsewhere, its memo of the releases' checksums a folder where a file should
    be: `kb rule` reads every release to check it, cannot keep what it learnt, and answers the same."""
    path = store.store_dir()
    copy = tmp_path / "store"
    shutil.copytree(path, copy, ignore=shutil.ignore_patterns("cache", "*.lock"))
    memo = copy / "checksums.json"
    memo.unlink()
    memo.mkdir()
    args = ("702.9b", "--lang", "es", "--release", "2024-06-07", "--json")
    expected = _kb_rule(*args)
    answered = _kb_rule(*args, env={"KB_STORE": str(copy)})
    assert answered.returncode == 0, answered.stderr
    assert answered.stdout == expected.stdout and answered.stderr == ""
    assert memo.is_dir() and not [p for p in copy.iterdir() if p.name.startswith("checksums.json.")]


@pytest.mark.parametrize("change", ["another id", "no id"])
def test_a_line_of_descent_through_a_damaged_row_is_refused(whole, tmp_path, change):
    """A row of the history along the line changed in the file (the rule renumbered otherwise, or its
    step erased, which a walk in one query would step over): the walk is refused, never answered."""
    import sqlite3

    from kb.lookup import INDEX, IndexReader

    kb, _names = whole
    copy = tmp_path / INDEX
    shutil.copyfile(store.store_dir() / INDEX, copy)
    reader = IndexReader(copy)
    releases = kb.releases
    assert reader.descent(releases).trace("702.9b", "2024-06-07")[releases[-1]] == "702.9b"
    at = releases.index("2024-06-07")
    sid = reader._string_id
    value = sid("702.9a") if change == "another id" else None
    with sqlite3.connect(copy) as db:
        changed = db.execute("UPDATE history SET new_id = ? WHERE old_release = ? AND new_release = ? AND old_id = ?",
                             (value, sid(releases[at]), sid(releases[at + 1]), sid("702.9b"))).rowcount
    assert changed >= 1
    with pytest.raises(store.StoreError, match="seal"):
        IndexReader(copy).descent(releases).trace("702.9b", "2024-06-07")
    with pytest.raises(store.StoreError, match="seal"):
        IndexReader(copy).descent(releases).carry("702.9b", "2024-06-07", releases[-1])
