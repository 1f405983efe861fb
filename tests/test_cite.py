"""`kb.cite` and `kb cite`: citations followed along the rules' lines of descent, and the stale
citations of a text, checked against the real releases and `kb history`'s own traces."""

from __future__ import annotations

import datetime as dt
import json
import os
import random

import pytest
from click.testing import CliRunner

from kb.cite import (
    Citation, CitationError, KnowledgeLineage, UnknownCitedRelease, check_text, find_citations, parse_citation,
    read_citing_text, resolve, resolve_release,
)
from kb.cli.main import cli

TODAY = dt.date(2026, 11, 27)


# -- reading citations (no corpus needed) ------------------------------------------------------------


@pytest.mark.parametrize("written, rule, release", [
    ("717.1", "717.1", None),
    ("CR 717.1 (2019-10-04)", "717.1", "2019-10-04"),
    ("505.5a as of 2010-06-18", "505.5a", "2010-06-18"),
    ("rule 702.19c", "702.19c", None),
    ("Rule 702.19C.", "702.19c", None),
    ("Comprehensive Rules § 100.1a, October 4, 2019", "100.1a", "2019-10-04"),
    ("CR 601.2 (4 Oct 2019)", "601.2", "2019-10-04"),
    ("MagicCompRules 20191004.txt 717.1", "717.1", "2019-10-04"),
    ("  section   508 ", "508", None),
])
def test_a_citation_names_a_rule_and_maybe_a_release(written, rule, release):
    cited = parse_citation(written)
    assert (cited.rule, cited.release) == (rule, release)


@pytest.mark.parametrize("written", ["", "   ", "nonsense", "717.1 and 718.1", "1000.1", "CR 71.1", "717.1 (2019-13-45)",
                                     "717.1 tomorrow"])
def test_what_is_no_citation_is_refused(written):
    with pytest.raises(CitationError):
        parse_citation(written)


RELEASES = ["2019-08-23", "2019-10-04", "2020-01-24"]
ALIASES = {"2020-01-22": "2020-01-24"}


def test_a_release_is_named_by_either_date_and_a_date_between_by_the_release_in_force():
    assert resolve_release("2019-10-04", RELEASES, ALIASES, TODAY).release == "2019-10-04"
    assert resolve_release("October 4, 2019", RELEASES, ALIASES, TODAY).note is None
    published = resolve_release("2020-01-22", RELEASES, ALIASES, TODAY)
    assert published.release == "2020-01-24" and "published" in published.note
    between = resolve_release("2019-12-25", RELEASES, ALIASES, TODAY)
    assert between.release == "2019-10-04" and "in force" in between.note
    assert resolve_release("2026-01-01", RELEASES, ALIASES, TODAY).release == "2020-01-24"


@pytest.mark.parametrize("name", ["1999-01-01", "2019-08-22", "2099-01-01", "2019-02-30", "nonsense", "2019-10-04x",
                                  "717.1"])
def test_an_unknown_release_or_date_is_refused(name):
    with pytest.raises(UnknownCitedRelease):
        resolve_release(name, RELEASES, ALIASES, TODAY)


def test_citations_are_found_with_their_line_and_column():
    text = ("See rule 601.2a and CR 702.19c.\n"
            "(see 704.5k); rules 118.8 and 118.9\r\n"
            "603.7d–f, CR 717 and 20 life, version 3.11, 2019-10-04\n")
    found = [(f.target, f.line, f.column, f.surface) for f in find_citations(text)]
    assert found == [
        ("601.2a", 1, 10, "601.2a"), ("702.19c", 1, 24, "702.19c"),
        ("704.5k", 2, 6, "704.5k"), ("118.8", 2, 21, "118.8"), ("118.9", 2, 31, "118.9"),
        ("603.7d", 3, 1, "603.7d–f"), ("603.7e", 3, 1, "603.7d–f"), ("603.7f", 3, 1, "603.7d–f"),
        ("717", 3, 14, "717"),
    ]


# -- the real releases -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def kb():
    from kb.knowledge import KnowledgeBase

    loaded = KnowledgeBase.load()
    if len(loaded.releases) < 100:
        pytest.skip("the corpus's releases are not all available")
    return loaded


@pytest.fixture(scope="module")
def lineage(kb):
    return KnowledgeLineage.of_corpus(kb)


def test_a_rule_renumbered_between_two_releases(lineage):
    found = resolve(lineage, "CR 716.1 (2019-08-23)", "2019-10-04", today=TODAY)
    assert (found.id, found.outcome, found.text_changed) == ("717.1", "renumbered", False)
    assert [(s.release, s.old_id, s.new_id) for s in found.renumberings] == [("2019-10-04", "716.1", "717.1")]
    assert found.stale


def test_a_rule_of_2004_followed_to_today_as_kb_history_follows_it(kb, lineage):
    found = resolve(lineage, "509.1 as of 2004-10-01", today=TODAY)
    assert found.id == "723.1" == kb.trace("723.1")["2026-01-16"]
    assert kb.trace("723.1")["2004-10-01"] == "509.1"
    assert found.outcome == "renumbered" and found.text_changed
    # Every renumbering and every change of words of `kb history 723.1` since 2004-10-01, in order.
    events = [e for e in kb.history("723.1") if e.release > "2004-10-01" and e.status != "unchanged"]
    assert [(s.release, s.status, s.old_id, s.new_id) for s in found.steps] == \
        [(e.release, e.status, e.old_id, e.new_id) for e in events]
    assert ("2009-07-11", "509.1", "711.1") in [(s.release, s.old_id, s.new_id) for s in found.renumberings]
    assert any(s.words for s in found.steps)


def test_followed_back_the_same_way(lineage):
    found = resolve(lineage, "723.1", "2004-10-01", today=TODAY)
    assert (found.release, found.id, found.outcome) == ("2026-01-16", "509.1", "renumbered")
    earlier = resolve(lineage, Citation("717.1", "2019-10-04"), "2003-03-15", today=TODAY)
    assert (earlier.id, earlier.outcome, earlier.ended) == (None, "not-yet", "2004-10-01")


def test_a_rule_that_stayed_and_one_that_was_removed(lineage):
    same = resolve(lineage, "101.4", "2024-06-07", as_of="2025-02-07", today=TODAY)
    assert same.id == "101.4" and same.outcome in ("unchanged", "changed") and not same.stale
    gone = resolve(lineage, "100.1 (2003-03-15)", today=TODAY)
    assert (gone.id, gone.outcome, gone.ended) == (None, "removed", "2005-08-01")
    assert gone.stale


def test_a_date_between_releases_names_the_release_in_force(lineage):
    found = resolve(lineage, "716.1 as of 2019-09-15", to="2019-12-25", today=TODAY)
    assert (found.release, found.to, found.id) == ("2019-08-23", "2019-10-04", "717.1")
    assert "in force" in found.release_note and "in force" in found.to_note


def test_resolution_agrees_with_the_traces_of_the_history(kb, lineage):
    draw = random.Random(25)
    releases = kb.releases
    for _ in range(40):
        release, to = draw.choice(releases), draw.choice(releases)
        rule = draw.choice([r for r in kb.rules(release) if r.kind == "rule"])
        found = resolve(lineage, Citation(rule.id, release), to, today=TODAY)
        assert found.id == kb.trace(rule.id, release)[to], (rule.id, release, to)
        assert found.stale == (found.id != rule.id)


ARTICLE = """\
A Time Stop ends the turn: follow rule 716.1 (see 716.2).
Protection is 702.16; "rules 118.8 and 118.9" hold.
Dredge, CR 702.51a, and 603.7d–f. Rule 999.9 is made up.
"""


def test_a_text_of_2019_checked_against_today(lineage):
    findings = check_text(lineage, ARTICLE, "article.md", as_of="2019-08-23", today=TODAY)
    by_cited = {f.cited: f for f in findings}
    assert by_cited["716.1"].stale and by_cited["716.1"].resolution.id == "723.1"
    assert (by_cited["716.1"].line, by_cited["716.1"].column) == (1, 40)
    assert by_cited["716.2"].resolution.id == "723.2"
    assert not by_cited["702.16"].stale and not by_cited["118.9"].stale
    assert by_cited["999.9"].resolution.outcome == "missing" and by_cited["999.9"].stale
    assert {f.cited for f in findings if f.surface == "603.7d–f"} == {"603.7d", "603.7e", "603.7f"}
    # Written against the newest release, only the made-up rule is stale.
    assert [f.cited for f in check_text(lineage, ARTICLE, today=TODAY) if f.stale] == ["999.9"]


def test_a_citation_that_names_its_release_is_followed_from_it(lineage):
    text = "See CR 717.1 (2019-10-04), rule 716.1 as of 2019-08-23, and 723.1 (3019-01-01)."
    by_cited = {f.cited: f for f in check_text(lineage, text, today=TODAY)}
    # As `kb cite` follows each of them alone; not as though written against the newest release.
    assert by_cited["717.1"].stale and by_cited["717.1"].resolution.id == "723.1"
    assert by_cited["717.1"].resolution.id == resolve(lineage, "CR 717.1 (2019-10-04)", today=TODAY).id
    assert by_cited["716.1"].stale and by_cited["716.1"].resolution.id == "723.1"
    # A date that names no release it could be (in the future) leaves the default: the newest.
    assert not by_cited["723.1"].stale


def test_a_rule_missing_from_the_release_says_where_it_last_was(lineage):
    found = resolve(lineage, "200.10 (2019-08-23)", today=TODAY)
    assert found.outcome == "missing" and found.last_seen is not None
    assert found.last_seen < "2019-08-23" and "no rule 200.10 in release 2019-08-23" in found.summary()
    assert found.stale and found.id is None


# -- the command -------------------------------------------------------------------------------------


def _run(args, **kwargs):
    return CliRunner().invoke(cli, [str(a) for a in args], **kwargs)


def test_kb_cite_shows_the_renumbering(kb):
    result = _run(["cite", "CR 716.1 (2019-08-23)", "--to", "2019-10-04"])
    assert result.exit_code == 0, result.stderr
    assert "is 717.1 in 2019-10-04 (renumbered; same words)" in result.stdout
    assert "2019-10-04: renumbered 716.1 -> 717.1" in result.stdout
    data = json.loads(_run(["cite", "509.1 as of 2004-10-01", "--json"]).stdout)
    assert (data["id"], data["outcome"], data["text_changed"]) == ("723.1", "renumbered", True)


def test_kb_cite_check_is_a_linter(kb, tmp_path):
    article = tmp_path / "article.md"
    article.write_text(ARTICLE, encoding="utf-8")
    stale = _run(["cite", "--check", article, "--as-of", "2019-08-23"])
    assert stale.exit_code == 1, stale.stderr
    assert f"{article}:1:40: 716.1 is now 723.1 in 2026-01-16" in stale.stdout
    assert f"{article}:3:" in stale.stdout and "no rule 999.9" in stale.stdout
    clean = tmp_path / "clean.py"
    clean.write_text("# Protection: see rule 702.16 and CR 118.9.\n", encoding="utf-8")
    assert _run(["cite", "--check", clean]).exit_code == 0
    data = json.loads(_run(["cite", "--check", "-", "--as-of", "2019-08-23", "--json"], input=ARTICLE).stdout)
    assert data["stale"] == len(data["findings"]) >= 3
    first = data["findings"][0]
    assert (first["file"], first["line"], first["column"], first["cited"], first["now"]) == \
        ("<stdin>", 1, 40, "716.1", "723.1")


def _bad_inputs(tmp_path):
    folder = tmp_path / "folder"
    folder.mkdir()
    binary = tmp_path / "binary.bin"
    binary.write_bytes(bytes(range(256)))
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    return [
        (["nonsense"], "nonsense"),
        (["717.1 (2019-13-45)"], "2019-13-45"),
        (["717.1", "--to", "1999-01-01"], "1999-01-01"),
        (["717.1", "--to", "someday"], "someday"),
        (["999.99"], "999.99"),
        (["--check", folder], "folder"),
        (["--check", binary], "binary.bin"),
        (["--check", fifo], "fifo"),
        (["--check", "/dev/zero"], "/dev/zero"),
        (["--check", tmp_path / "missing.txt"], "missing.txt"),
        (["--check", folder, "--as-of", "nonsense"], "nonsense"),
        ([], "CITATION"),
        (["717.1", "--check", binary], "CITATION"),
    ]


def test_bad_input_is_one_line_and_exit_2(kb, tmp_path):
    for args, named in _bad_inputs(tmp_path):
        result = _run(["cite", *args])
        assert result.exit_code == 2, (args, result.stdout, result.stderr)
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and named in lines[0] and lines[0].startswith("kb"), (args, lines)
        assert result.stdout == ""


def test_a_text_is_read_within_a_bound(tmp_path):
    big = tmp_path / "big.txt"
    big.write_bytes(b"rule 101.4\n" * 200)
    with pytest.raises(CitationError, match="larger than"):
        read_citing_text(str(big), 1000)
    latin = tmp_path / "latin.txt"
    latin.write_bytes("regla 101.4 \xe9\n".encode("cp1252"))
    assert read_citing_text(str(latin), 1000)[1] == "regla 101.4 é\n"


@pytest.fixture(scope="module")
def indexed(kb, lineage):
    from kb.cite import IndexLineage
    from kb.store import current_index

    index = current_index()
    assert index is not None, "the store's lookup table is missing or stale after a load"
    return IndexLineage(index, index.manifest["releases"], lineage.aliases)


def test_the_lookup_table_follows_citations_as_the_knowledge_base_does(kb, lineage, indexed):
    from kb.model import to_data

    assert indexed.releases == lineage.releases
    draw = random.Random(11)
    cases = [("723.1", None), ("100.1", "2003-03-15"), ("716.1", "2019-08-23"), ("200.10", "2019-08-23")]
    for _ in range(25):
        release = draw.choice(kb.releases)
        cases.append((draw.choice(kb.rules(release)).id, release))
    for rule, release in cases:
        release = release or kb.releases[-1]
        if lineage.has(release, rule):
            assert indexed.events(rule, release) == lineage.events(rule, release), (rule, release)
        for to in (kb.releases[0], "2019-10-04", kb.releases[-1]):
            fast = resolve(indexed, Citation(rule, release), to, today=TODAY)
            slow = resolve(lineage, Citation(rule, release), to, today=TODAY)
            assert to_data(fast) == to_data(slow), (rule, release, to)
    assert [to_data(f) for f in check_text(indexed, ARTICLE, as_of="2019-08-23", today=TODAY)] == \
        [to_data(f) for f in check_text(lineage, ARTICLE, as_of="2019-08-23", today=TODAY)]
