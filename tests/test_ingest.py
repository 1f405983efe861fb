import json

import pytest
from click.testing import CliRunner

from kb.cli.main import cli
from kb.corpus import load_manifest, release_file
from kb.ingest import corpus_stats, parse_file, sniff_kind
from kb.decode import read_text
from kb.model import CRDocument, WikiPage


@pytest.mark.parametrize("entry", load_manifest(), ids=lambda e: e.path.name)
def test_every_corpus_file_is_recognised_for_what_it_is(entry):
    text, _ = read_text(entry.path)
    assert sniff_kind(text) == entry.kind
    doc = parse_file(entry.path)
    assert isinstance(doc, CRDocument if entry.kind == "cr" else WikiPage)


def test_a_rules_text_without_its_heading_is_still_recognised():
    body = "\n\n".join(f"{100 + i // 5}.{i % 5 + 1}. Some rule text number {i}." for i in range(40))
    assert sniff_kind(body) == "cr"
    assert sniff_kind("Jugador\nUn jugador (en Inglés, player) es ...\n- 102.1. Un jugador ...") == "wiki"


def test_stats_give_the_checked_figures_of_the_newest_release():
    rows = {row["file"]: row for row in corpus_stats()}
    newest = rows["cr/MagicCompRules-2026-01-16.txt"]
    assert newest["release"] == "2026-01-16"
    assert (newest["parts"], newest["sections"], newest["rules"], newest["subrules"]) == (9, 146, 1157, 1957)
    assert (newest["examples"], newest["glossary"]) == (276, 725)
    assert rows["cr/MagicCompRules-2017-09-25.txt"]["release"] == "2017-09-29"
    assert rows["wiki/es-finalizar-el-turno.txt"]["release"] == "2019-08-23"


def test_manifest_release_agrees_with_the_file_itself():
    from kb.parse.wiki import parse_stamp

    for entry in load_manifest():
        doc = parse_file(entry.path)
        if entry.kind == "cr":
            assert parse_stamp(entry.release).date == doc.release
        else:
            stamped = {q.stamp.date for q in doc.quotes if q.document != "tr"}
            assert parse_stamp(entry.release).date in stamped


def test_parse_command_prints_json_records():
    result = CliRunner().invoke(cli, ["parse", "corpus/wiki/es-jugador.txt", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["kind"] == "wiki"
    ids = [r["id"] for q in data["document"]["quotes"] for r in q["rules"]]
    assert "101.4a" in ids and "805.6a" in ids
    assert data["counts"]["glossary"] == 6


def test_parse_command_lists_records_and_skipped_lines():
    result = CliRunner().invoke(cli, ["parse", str(release_file("MagicCompRules-2026-01-16.txt"))])
    assert result.exit_code == 0
    assert "101.4a" in result.output
    assert "== skipped" in result.output
    assert "rules: 1157" in result.output


@pytest.mark.parametrize(
    "make, message",
    [
        (lambda p: p / "missing.txt", "no such file"),
        (lambda p: p, "is a folder"),
        (lambda p: (p / "bin.txt").write_bytes(b"abc\n\x00\x00\x01") and p / "bin.txt", "bin.txt:2: binary data"),
    ],
)
def test_parse_command_bad_input_is_one_line_and_non_zero(tmp_path, make, message):
    result = CliRunner().invoke(cli, ["parse", str(make(tmp_path))])
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output
    assert len(result.output.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "text",
    [
        "lorem 12.3 ipsum\n\n999. not a section\nExample: orphan\n",
        "These rules are effective as of Smarch 40, 2020.\n\n100.1a orphan subrule\n\x0c\n",
        "- 101.4. glued rule.- 101.4a next\nDe las Reglas completas (sin fecha)\n",
    ],
)
def test_random_text_is_parsed_with_every_line_accounted_for(tmp_path, text):
    from kb.parse.cr import check_accounting as check_cr
    from kb.parse.wiki import check_accounting as check_wiki

    path = tmp_path / "noise.txt"
    path.write_text(text, encoding="utf-8")
    doc = parse_file(path)
    check = check_cr if isinstance(doc, CRDocument) else check_wiki
    assert check(doc) == []
    result = CliRunner().invoke(cli, ["parse", str(path), "--json"])
    assert result.exit_code == 0
    assert json.loads(result.output)["kind"] == doc.kind


def test_bad_usage_is_non_zero():
    result = CliRunner().invoke(cli, ["parse"])
    assert result.exit_code == 2
    result = CliRunner().invoke(cli, ["stats", "--nonsense"])
    assert result.exit_code == 2
