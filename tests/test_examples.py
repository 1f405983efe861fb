"""The executable examples: the catalog, their texts against the corpus, their runs and
narration in both languages, the coverage report, the gettext catalogs and the CLI."""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path

import pytest
from click.testing import CliRunner

from kb.cli.main import cli
from kb.corpus import PROJECT_ROOT, release_file
from kb.decode import read_text
from kb.engine import Game
from kb.examples import (
    ExampleFormatError,
    UnknownExampleError,
    UnknownLanguageError,
    catalog,
    coverage,
    find,
    narrate,
    read_example,
    run,
    run_example,
)
from kb.examples.coverage import REASONS, reason_for
from kb.examples.i18n import check_catalogs
from kb.examples.locales import load_translations
from kb.examples.narration import DECISIONS, MESSAGES, SILENT, message_ids
from kb.parse.cr import parse_cr

NEWEST = release_file("MagicCompRules-2026-01-16.txt")

# The examples the engine must run: every example of 810.8a, 810.9 and 810.9a–d of the newest
# release, APNAP (101.4) and the others asked for by name.
REQUIRED_IDS = {
    "101.4#ex1",
    "810.8a#ex1",
    "810.8a#ex2",
    "810.8a#ex3",
    "810.9#ex1",
    "810.9a#ex1",
    "810.9a#ex2",
    "810.9a#ex3",
    "810.9c#ex1",
    "810.9d#ex1",
}
REQUIRED_NAMES = {
    "mind-swords",
    "masticore-and-black-vise",
    "apnap-triggered-abilities",
    "stack-responses-resolve-first",
    "two-headed-giant-ichor-rats",
    "two-headed-giant-gray-merchant",
    "three-headed-giant",
    "two-headed-giant-first-draw",
    "ending-the-turn-time-stop",
    "ending-the-turn-sundial-in-cleanup",
    "ending-the-combat-phase-mandate-of-peace",
}


@pytest.fixture(scope="module")
def examples():
    return catalog()


@pytest.fixture(scope="module")
def newest():
    return parse_cr(NEWEST)


def _nfc(text: str) -> str:
    return unicodedata.normalize("NFC", text)


def _corpus_text(relative: str) -> str:
    # A release is named as the manifest names it (corpus/cr/FILE) and found on the release search path.
    parts = Path(relative).parts
    path = release_file(parts[-1]) if parts[:2] == ("corpus", "cr") else PROJECT_ROOT / relative
    text, _ = read_text(path)
    return _nfc(text)


# ----- the catalog


def test_the_catalog_holds_every_required_example(examples):
    names = {e.name for e in examples}
    assert REQUIRED_NAMES <= names
    covered = {i for e in examples for i in e.example_ids}
    assert REQUIRED_IDS <= covered
    assert len(names) == len(examples)
    assert [e.name for e in examples] == sorted(names)


def test_every_example_is_complete(examples):
    for example in examples:
        assert example.title_es and example.title_en and example.text_es and example.text_en
        assert example.rules and example.code.lstrip().startswith(">>>")
        assert example.spanish_origin in ("wiki", "ours")
        assert Path(example.path).name == f"{example.name}.md"
        lines = Path(example.path).read_text(encoding="utf-8").split("\n")
        assert lines[example.code_line - 1].lstrip().startswith(">>>")


def test_english_texts_are_the_rules_own_examples(examples, newest):
    texts = {e.id: _nfc(e.text) for r in newest.rules for e in r.examples}
    checked = 0
    for example in examples:
        if example.english_origin == "cr":
            assert len(example.example_ids) == 1, example.name
            assert example.text_en == texts[example.example_ids[0]], example.name
            checked += 1
    assert checked >= len(REQUIRED_IDS)


def test_quoted_texts_are_in_the_pages_they_come_from(examples):
    for example in examples:
        if example.spanish_origin == "wiki":
            assert example.spanish_source.startswith("corpus/wiki/"), example.name
            assert example.text_es in _corpus_text(example.spanish_source), example.name
        if example.english_origin == "wiki":
            assert example.text_en in _corpus_text(example.english_source), example.name


def test_example_ids_and_rules_exist_in_the_newest_release(examples, newest):
    ids = {e.id for r in newest.rules for e in r.examples}
    rules = {r.id for r in newest.rules}
    for example in examples:
        assert set(example.example_ids) <= ids, example.name
        assert set(example.rules) <= rules, example.name


def test_find_unknown_example():
    with pytest.raises(UnknownExampleError, match="no executable example named 'nope'"):
        find("nope")
    with pytest.raises(UnknownExampleError):
        run("nope")


# ----- bad example files


GOOD = """---
name: sample
title_es: Muestra
title_en: Sample
example_ids: []
rules: ["101.4"]
spanish_origin: ours
english_origin: ours
---

## Español

Texto.

## English

Text.

## Run

```python
>>> 1 + 1
2
```
"""


@pytest.mark.parametrize(
    "text, line, reason",
    [
        ("no front matter\n", 1, "no front matter"),
        ("---\nname: x\n", 1, "not closed"),
        ("---\nname: [\n---\n", 2, "not valid YAML"),
        (GOOD.replace("title_es: Muestra\n", ""), 1, "lacks 'title_es'"),
        (GOOD.replace("name: sample", "name: Bad Name"), 2, "lowercase words"),
        (GOOD.replace('rules: ["101.4"]', 'rules: ["rule four"]'), 2, "not a rule number"),
        (GOOD.replace("example_ids: []", 'example_ids: ["101.4"]'), 2, "not an example id"),
        (GOOD.replace("spanish_origin: ours", "spanish_origin: elsewhere"), 2, "spanish_origin"),
        (GOOD.replace("english_origin: ours", "english_origin: cr"), 2, "names its example ids"),
        (GOOD.replace(">>> 1 + 1\n2\n", "print(2)\n"), 10, "no doctest"),
        (GOOD.replace("```\n", "", 1).rsplit("```", 1)[0] + "```python\n>>> 1\n", None, "not closed"),
        (GOOD.replace("## English\n\nText.\n", ""), 10, "no '## English' section"),
        (GOOD.replace("Texto.", ""), 10, "'## Español' section is empty"),
    ],
)
def test_bad_example_files_raise_errors_naming_file_and_line(tmp_path, text, line, reason):
    path = tmp_path / "sample.md"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ExampleFormatError, match=reason) as caught:
        read_example(path)
    assert caught.value.path == str(path)
    if line is not None:
        assert caught.value.line == line
    assert str(caught.value).startswith(f"{path}:")


def test_an_example_file_that_is_not_utf8(tmp_path):
    path = tmp_path / "latin.md"
    path.write_bytes(GOOD.replace("Español", "Espa\u00f1ol").encode("latin-1"))
    with pytest.raises(ExampleFormatError, match="not UTF-8"):
        read_example(path)


def test_duplicate_names_in_a_folder(tmp_path):
    (tmp_path / "a.md").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.md").write_text(GOOD, encoding="utf-8")
    with pytest.raises(ExampleFormatError, match="also used by"):
        catalog(tmp_path)


def test_decomposed_accents_are_read_as_nfc(tmp_path):
    path = tmp_path / "sample.md"
    path.write_text(unicodedata.normalize("NFD", GOOD.replace("Texto.", "Acción.")), encoding="utf-8")
    example = read_example(path)
    assert example.text_es == "Acción." and example.text_es == unicodedata.normalize("NFC", example.text_es)


def test_a_failing_doctest_is_reported_with_what_the_engine_gave(tmp_path):
    path = tmp_path / "sample.md"
    path.write_text(GOOD.replace(">>> 1 + 1\n2\n", ">>> 1 + 1\n3\n>>> 2 + 2\n4\n"), encoding="utf-8")
    result = run_example(read_example(path), "en")
    assert not result.passed
    assert [(c.got, c.passed) for c in result.checks] == [("2\n", False), ("4\n", True)]
    assert result.checks[0].line == 22  # the line of ">>> 1 + 1" in the file
    assert result.failures and "Expected:\n3\nGot:\n2" in result.failures[0]


# ----- running the examples


@pytest.mark.parametrize("lang", ["es", "en"])
def test_every_example_passes_and_tells_every_event(examples, lang):
    for example in examples:
        result = run(example.name, lang)
        assert result.passed, (example.name, result.failures)
        assert result.lang == lang and result.example_ids == example.example_ids
        for game in result.games:
            assert all(line.text and line.text[0].isupper() for line in game.narration)


def test_runs_are_deterministic(examples):
    for example in examples[:12]:
        first = run_example(example, "es")
        second = run_example(example, "es")
        assert first.output == second.output
        assert first == run(example.name, "es")


def test_narration_is_in_the_chosen_language():
    es = run("two-headed-giant-flame-rift", "es")
    en = run("two-headed-giant-flame-rift", "en")
    assert "Fisura llameante hace 4 puntos de daño a Ana." in es.narration
    assert "Flame Rift deals 4 damage to Ana." in en.narration
    assert es.narration[-1] == "El equipo B queda con 22 vidas."
    assert en.narration[-1] == "Team B is at 22 life."
    assert len(es.narration) == len(en.narration)
    assert es.games[0].outcome == en.games[0].outcome
    assert es.games[0].outcome["teams"] == {
        "A": {"life": 22, "poison": 0, "players": ["Ana", "Bea"]},
        "B": {"life": 22, "poison": 0, "players": ["Carlos", "Dani"]},
    }


def test_the_rules_own_numbers_are_the_outcomes():
    def team_life(name, team="A", variable="game"):
        result = run(name, "en")
        game = next(g for g in result.games if g.variable == variable)
        return game.outcome["teams"][team]["life"]

    assert team_life("two-headed-giant-beacon-of-immortality") == 34
    assert team_life("two-headed-giant-lurking-evil") == 5
    assert team_life("two-headed-giant-life-total-becomes") == 10
    assert team_life("two-headed-giant-repay-in-kind", "B") == 7
    assert team_life("two-headed-giant-repay-in-kind", "A") == 7
    endurance = run("two-headed-giant-test-of-endurance", "en").games[0].outcome
    assert endurance["winners"] == ["A"] and endurance["teams"]["A"]["life"] == 50
    rats = run("two-headed-giant-ichor-rats", "en").games[0].outcome
    assert rats["teams"]["A"]["poison"] == rats["teams"]["B"]["poison"] == 2
    three = run("three-headed-giant", "en").games[0].outcome
    assert three["losers"] == ["B"] and three["teams"]["B"]["poison"] == 20


def test_masticore_and_black_vise_the_damage_comes_first():
    lines = run("masticore-and-black-vise", "en").narration
    damage = lines.index("Black Vise deals 3 damage to Ana.")
    discard = lines.index("Ana chooses to discard a card.")
    assert damage < discard


def test_unknown_language():
    with pytest.raises(UnknownLanguageError):
        run("mana-value", "fr")
    with pytest.raises(ValueError):
        narrate([], "de")


def test_every_event_the_examples_produce_has_a_sentence(examples):
    kinds: set[str] = set()
    for example in examples:
        result = run_example(example, "en")
        for game in result.games:
            kinds.update(line.kind for line in game.narration)
    games: list[Game] = []
    for example in examples:
        import doctest

        test = doctest.DocTestParser().get_doctest(example.code, {}, example.name, example.path, 0)
        doctest.DocTestRunner(optionflags=0).run(test, out=lambda s: None, clear_globs=False)
        games.extend(v for v in test.globs.values() if isinstance(v, Game))
    for game in games:
        told = narrate(game.events, "es")
        silent = [e for e in game.events if e.kind in SILENT]
        assert len(told) == len(game.events) - len(silent)
        for event in game.events:
            if event.kind == "decision":
                assert any(event["decision"].kind == key.split(".")[0] for key in DECISIONS)
            elif event.kind not in SILENT:
                assert event.kind in MESSAGES or any(k.startswith(event.kind + ".") for k in MESSAGES)


# ----- catalogs


def test_the_gettext_catalogs_translate_every_message():
    assert check_catalogs() == []
    es = load_translations("es")
    for message in message_ids():
        # Creature types whose Spanish name is the English one.
        same_in_spanish = ("%(object)s resolves.", "Berserker", "Elemental", "Myr", "Zombie")
        assert es.gettext(message) != message or message in same_in_spanish or not message


def test_catalog_problems_are_reported(tmp_path, monkeypatch):
    from kb.examples import i18n

    original = i18n.po_path
    target = tmp_path / "es" / "LC_MESSAGES" / "engine.po"
    target.parent.mkdir(parents=True)
    text = original("es").read_text(encoding="utf-8")
    text = text.replace('msgstr "Comienza %(step)s."', 'msgstr ""')
    target.write_text(text, encoding="utf-8")
    monkeypatch.setattr(i18n, "po_path", lambda lang: target if lang == "es" else original(lang))
    problems = check_catalogs()
    assert any("'%(step)s begins.' is not translated" in p for p in problems)
    text = text.replace('msgstr "Termina el turno %(turn)d."', 'msgstr "Termina el turno %(vuelta)d."')
    target.write_text(text, encoding="utf-8")
    problems = check_catalogs()
    assert any("Turn %(turn)d ends." in p and "placeholder" in p.lower() for p in problems), problems


# ----- coverage


def test_coverage_of_the_newest_release(examples, newest):
    report = coverage(NEWEST, examples)
    total = sum(len(r.examples) for r in newest.rules)
    assert report.total == total and report.release == newest.release
    executable = {e.id for e in report.executable}
    assert REQUIRED_IDS <= executable
    assert executable == {i for e in examples for i in e.example_ids}
    assert report.unknown_ids == []
    for entry in report.not_executable:
        assert entry.reason and entry.reason.startswith("needs ") and not entry.examples
    assert len(report.executable) + len(report.not_executable) == total
    assert report.figures()["percent_executable"] == round(100 * len(executable) / total, 1)


def test_coverage_defaults_to_the_newest_release_in_the_manifest():
    report = coverage()
    assert report.source.endswith("MagicCompRules-2026-01-16.txt")


def test_coverage_of_an_older_release_names_ids_it_lacks(examples):
    old = release_file("MagicCompRules-2017-09-25.txt")
    report = coverage(old, examples)
    assert report.release and report.total > 0
    assert "810.9a#ex1" in {e.id for e in report.executable}
    assert set(report.unknown_ids) <= {i for e in examples for i in e.example_ids}


def test_reasons_prefer_the_most_specific_rule_and_fall_back_to_the_section_title():
    assert reason_for("613.4d", {}) == REASONS["613"]
    assert reason_for("603.10a", {}) == REASONS["603.10"]
    assert reason_for("704.7", {}) == REASONS["704.7"]
    assert reason_for("999.1", {"999": "Imaginary Things"}) == "needs more of rule 999 (Imaginary Things)"
    assert reason_for("999.1", {}) == "needs more of rule 999"
    assert reason_for("801.13b", {}) == REASONS["801.13"]


# ----- the command line


def test_cli_list_and_run():
    runner = CliRunner()
    listed = runner.invoke(cli, ["example", "list", "--json"])
    assert listed.exit_code == 0
    names = [e["name"] for e in json.loads(listed.output)]
    assert "two-headed-giant-flame-rift" in names
    ran = runner.invoke(cli, ["example", "run", "two-headed-giant-flame-rift", "--lang", "en", "--json"])
    assert ran.exit_code == 0
    data = json.loads(ran.output)
    assert data["passed"] and data["games"][0]["outcome"]["teams"]["A"]["life"] == 22
    assert data["games"][0]["narration"][-1] == {"text": "Team B is at 22 life.", "rule": "119", "kind": "life_total"}
    text = runner.invoke(cli, ["example", "run", "mana-value"])
    assert text.exit_code == 0 and "doctest: superado (2/2 comprobaciones)" in text.output


def test_cli_unknown_example_is_one_line_and_non_zero():
    result = CliRunner().invoke(cli, ["example", "run", "nope"])
    assert result.exit_code != 0
    assert result.stderr.strip().count("\n") == 0 and "no executable example named 'nope'" in result.stderr


def test_cli_coverage():
    result = CliRunner().invoke(cli, ["example", "coverage", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.output)
    assert data["examples"] == data["executable"] + data["not_executable"]
    assert all(e["reason"] for e in data["entries"] if not e["executable"])
    text = CliRunner().invoke(cli, ["example", "coverage"])
    assert text.exit_code == 0 and "examples executable" in text.output


@pytest.mark.parametrize("args", [["example", "--help"], ["example", "run", "--help"], ["example", "coverage", "--help"]])
def test_cli_help(args):
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0 and "Usage" in result.output


def test_the_catalog_is_read_again_when_a_file_changes_and_leaves_readme_out(tmp_path):
    """The catalog kept between calls is the folder's: a file added, removed or rewritten (another size
    or time) is read again; README.md, a hidden file, any other file and a folder not named *.md are no
    example."""
    import os
    import shutil

    source = sorted(p for p in (PROJECT_ROOT / "examples").glob("*.md") if p.name.lower() != "readme.md")[:2]
    for path in source:
        shutil.copy(path, tmp_path / path.name)
    (tmp_path / "README.md").write_text("# not an example\n", encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not an example either\n", encoding="utf-8")
    # An editor's lock file: a hidden link to nothing.
    (tmp_path / ".#draft.md").symlink_to("someone@host.1234")
    assert [e.name for e in catalog(tmp_path)] == [read_example(p).name for p in source]
    renamed = tmp_path / source[0].name
    text = renamed.read_text(encoding="utf-8")
    first = read_example(source[0]).name
    renamed.write_text(text.replace(f"name: {first}", "name: zz-renamed", 1), encoding="utf-8")
    os.utime(renamed, ns=(1, 1))
    assert sorted(e.name for e in catalog(tmp_path)) == sorted(["zz-renamed", read_example(source[1]).name])
    (tmp_path / source[1].name).unlink()
    assert [e.name for e in catalog(tmp_path)] == ["zz-renamed"]
    assert find("zz-renamed", tmp_path).path == str(renamed)
