"""`kb build`: a thin face over `kb.site.build_site` (here over the fake knowledge base)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from conftest import fake_kb
from fakes import fake_examples

from kb.cli.main import cli


@pytest.fixture
def fake_corpus(monkeypatch, tmp_path):
    import kb.knowledge
    import kb.site.build

    kb_object = fake_kb(tmp_path)
    # A site build loads through `load_unstored` (it stores a fresh build while the builders run),
    # every other command through `load`: both give the fake, so no test here builds the real site.
    monkeypatch.setattr(kb.knowledge.KnowledgeBase, "load", classmethod(lambda cls, *a, **k: kb_object))
    monkeypatch.setattr(kb.knowledge.KnowledgeBase, "load_unstored", classmethod(lambda cls, *a, **k: (kb_object, None)))
    monkeypatch.setattr(kb.site.build, "_default_examples", fake_examples)
    return kb_object


def test_help():
    result = CliRunner().invoke(cli, ["build", "--help"])
    assert result.exit_code == 0
    assert "--out" in result.output and "--no-search" in result.output and "--json" in result.output


def test_json_summary(fake_corpus, tmp_path):
    result = CliRunner().invoke(cli, ["build", "--out", str(tmp_path / "out"), "--json"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.output)
    assert summary["pages"]["es"] == summary["pages"]["en"] > 10
    assert set(summary["timings"]) == {"load", "generate", "mkdocs", "pagefind"}
    assert summary["search_bytes"]["es"] > 0 and summary["search_bytes"]["en"] > 0
    assert (tmp_path / "out" / "site" / "cr" / "101" / "index.html").is_file()
    # The fake knowledge base's two releases, not the real corpus's: the build read what it was given.
    assert summary["pages"]["es"] < 200


def test_text_summary_without_search(fake_corpus, tmp_path):
    result = CliRunner().invoke(cli, ["build", "--out", str(tmp_path / "out"), "--no-search"])
    assert result.exit_code == 0, result.output
    assert "pages:" in result.output and "time:" in result.output
    # It ends with the command that serves what it built.
    assert result.output.splitlines()[-1] == f"serve it: kb serve --out {tmp_path / 'out'}"
    assert "search index" not in result.output.split("time:")[0].split("site:")[-1]
    assert not (tmp_path / "out" / "site" / "pagefind").exists()


def test_an_output_that_is_a_file_is_refused_in_one_line(tmp_path):
    target = tmp_path / "file"
    target.write_text("x")
    result = CliRunner().invoke(cli, ["build", "--out", str(target)])
    assert result.exit_code != 0
    lines = [line for line in result.output.splitlines() if line.strip()]
    assert len(lines) == 1 and "not a folder" in lines[0] and "Traceback" not in result.output
