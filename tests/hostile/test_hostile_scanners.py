"""No input makes `kb cite --check` hang (issue 33 item 2): its scanner asks each match once whether a
reference already holds it (never every match against every span), inputs at the command's own
limit are checked whole, and one byte more is refused before any work. The growth in time is
bench/bench_scanners.py's to show; these tests count work, never seconds."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

PROJECT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(PROJECT))

from kb import cite  # noqa: E402
from kb.cli.cite import MAX_TEXT_BYTES  # noqa: E402
from kb.cli.main import cli  # noqa: E402


def at_limit(unit: str) -> str:
    text = unit * (MAX_TEXT_BYTES // len(unit.encode()))
    assert len(text.encode()) <= MAX_TEXT_BYTES
    return text


class Counted(cite._Spans):
    asked = 0
    compared = 0

    def holds(self, offset: int) -> bool:
        Counted.asked += 1
        return super().holds(offset)


@pytest.mark.parametrize("unit", ["118.8, ", "603.7d–f, "])
def test_each_match_is_asked_once_at_the_limit(monkeypatch, unit):
    monkeypatch.setattr(cite, "_Spans", Counted)
    Counted.asked = 0
    text = at_limit(unit)
    found = cite.find_citations(text)
    matches = sum(1 for pattern in (cite._CR_SECTION, cite._RULE_SHAPED) for _ in pattern.finditer(text))
    assert Counted.asked == matches  # one question a match, whatever the number of spans
    assert len(found) >= text.count(unit)  # the whole text was read, every item found


def test_spans_answer_as_a_list_would():
    spans = [(0, 5), (3, 8), (10, 12), (20, 30), (21, 22)]
    merged = cite._Spans(spans)
    for offset in range(-1, 35):
        assert merged.holds(offset) == any(s <= offset < e for s, e in spans), offset


def test_a_text_at_the_limit_is_checked_and_one_byte_more_is_refused_before_any_work(tmp_path, monkeypatch):
    text = at_limit("rules 100.1, 100.1 and 100.1. ")
    padded = text + " " * (MAX_TEXT_BYTES - len(text.encode()))
    path = tmp_path / "article.txt"
    path.write_text(padded, encoding="utf-8")
    assert path.stat().st_size == MAX_TEXT_BYTES
    big = tmp_path / "big.txt"
    big.write_text(padded + " ", encoding="utf-8")
    loaded = []
    import kb.cli.cite as command

    real = command._lineage
    monkeypatch.setattr(command, "_lineage", lambda *args: loaded.append(1) or real(*args))
    refused = CliRunner().invoke(cli, ["cite", "--check", str(big)])
    assert refused.exit_code == 2 and "larger than" in refused.stderr and not loaded
    assert len(refused.stderr.strip().splitlines()) == 1
    monkeypatch.setenv("KB_STORE", str(tmp_path / "store"))
    found = cite.find_citations(padded)
    assert len(found) == 3 * text.count("rules 100.1")
