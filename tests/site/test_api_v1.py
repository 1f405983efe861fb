"""The static JSON API under /api/v1/: each kind of file valid against its schema, deterministic bytes,
the Spanish with its provenance, the diffs and traces, and the whole API within its budget."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from fakes import NEW, OLD

from conftest import fake_kb

jsonschema = pytest.importorskip("jsonschema")

BUDGET = 30 * 1024 * 1024


@pytest.fixture(scope="module")
def fake_api(tmp_path_factory):
    from kb.site.api import write_api
    from kb.site.views import SiteData

    tmp = tmp_path_factory.mktemp("api")
    kb = fake_kb(tmp)
    data = SiteData.collect(kb)
    sizes = write_api(kb, data, tmp / "site")
    again = write_api(kb, data, tmp / "again")
    return tmp / "site" / "api" / "v1", sizes, tmp / "again" / "api" / "v1", again


def _load(root: Path, name: str):
    return json.loads((root / name).read_text(encoding="utf-8"))


def _validate(root: Path, kind: str, name: str) -> None:
    schema = _load(root, f"schemas/{kind}.json")
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(_load(root, name))


def test_every_file_is_valid_against_its_schema(fake_api):
    root, sizes, _, _ = fake_api
    _validate(root, "releases", "releases.json")
    _validate(root, "traces", "traces.json")
    for release in (OLD, NEW):
        _validate(root, "release", f"releases/{release}.json")
    assert {"schemas/releases.json", "schemas/release.json", "schemas/traces.json"} <= set(sizes)


def test_a_schema_refuses_what_it_does_not_describe(fake_api):
    root = fake_api[0]
    schema = _load(root, "schemas/release.json")
    document = _load(root, f"releases/{NEW}.json")
    document["rules"][0]["es"] = {"text": "sin procedencia"}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(schema).validate(document)


def test_the_same_knowledge_base_gives_the_same_bytes(fake_api):
    root, sizes, again, sizes_again = fake_api
    assert sizes == sizes_again
    for name in sizes:
        assert (root / name).read_bytes() == (again / name).read_bytes(), name


def test_releases_with_dates_and_counts(fake_api):
    releases = _load(fake_api[0], "releases.json")
    assert releases["newest"] == NEW
    assert [r["id"] for r in releases["releases"]] == [OLD, NEW]
    newest = releases["releases"][-1]
    assert newest["previous"] == OLD and newest["url"] == f"releases/{NEW}.json"
    assert newest["counts"]["rules"] > 0


def test_spanish_comes_with_its_provenance_and_status(fake_api):
    release = _load(fake_api[0], f"releases/{NEW}.json")
    by_number = {rule["number"]: rule for rule in release["rules"]}
    spanish = by_number["101.4"]["es"]
    assert spanish["text"].startswith("Si varios jugadores")
    assert (spanish["provenance"], spanish["status"], spanish["translates"]) == ("wiki", "official", OLD)
    assert by_number["405.7"]["es"] is None
    # The English of 100.1 changed: the older release's 100.1 keeps its own text.
    assert by_number["100.1"]["en"]["text"].endswith("including multiplayer games.")


def test_the_diff_from_the_release_before(fake_api):
    diff = _load(fake_api[0], f"releases/{NEW}.json")["diff"]
    assert diff["from"] == OLD
    assert [a["number"] for a in diff["added"]] == ["405.7"]
    changed = {c["to"]: c for c in diff["changed"]}
    assert changed["100.1"]["old_text"].endswith("two or more players.")
    assert diff["counts"]["added"] == 1
    assert _load(fake_api[0], f"releases/{OLD}.json")["diff"] is None


def test_traces_follow_every_rule_and_mark_the_changes(fake_api):
    traces = _load(fake_api[0], "traces.json")
    assert traces["releases"] == [OLD, NEW]
    lines = {line["newest"]: line for line in traces["lines"]}
    assert lines["100.1"]["runs"] == [[0, 1, "100.1"]] and lines["100.1"]["changed"] == [1]
    assert lines["101.4"]["changed"] == []
    assert lines["405.7"]["runs"] == [[1, 1, "405.7"]]


def test_keywords_of_a_release():
    from kb.parse.cr import parse_cr_text
    from kb.site.api import keywords

    doc = parse_cr_text(KEYWORD_RULES, "MagicCompRules-2026-01-16.txt")
    found = keywords(doc)
    assert found["actions"] == [{"number": "701.2", "name": "Activate"}]
    assert found["abilities"] == [{"number": "702.2", "name": "Deathtouch"}, {"number": "702.3", "name": "Defender"}]
    assert found["ability_words"] == ["adamant", "addendum", "alliance"]


KEYWORD_RULES = """Magic: The Gathering Comprehensive Rules

These rules are effective as of January 16, 2026.

Contents

1. Game Concepts

1. Game Concepts

207. Text

207.2c An ability word appears in italics at the beginning of some abilities. The ability words are adamant, addendum, and alliance.

701. Keyword Actions

701.1. Most actions described in a card's rules text use the standard English definitions of the verbs.

701.2. Activate

701.2a To activate an activated ability is to put it onto the stack.

702. Keyword Abilities

702.1. Most abilities describe exactly what they do.

702.2. Deathtouch

702.2a Deathtouch is a static ability.

702.3. Defender

702.3a Defender is a static ability.

Glossary

Activate
To put an activated ability onto the stack.

Credits

Magic: The Gathering Original Game Design: Richard Garfield
"""


# -- the real site (built once per session by the shared fixture)

def test_the_real_api_is_valid_within_budget_and_carries_the_spanish_text(real_site, real_kb):
    root = real_site.site_dir / "api" / "v1"
    total = sum(p.stat().st_size for p in root.rglob("*") if p.is_file())
    assert total <= BUDGET, f"the API weighs {total} bytes"
    releases = _load(root, "releases.json")
    assert len(releases["releases"]) == len(real_kb.releases)
    _validate(root, "releases", "releases.json")
    _validate(root, "traces", "traces.json")
    # The newest release, the oldest, and one of the new numbering's first.
    for release in (real_kb.newest, real_kb.releases[0], "2009-10-01"):
        if release in real_kb.releases:
            _validate(root, "release", f"releases/{release}.json")
    newest = _load(root, f"releases/{real_kb.newest}.json")
    assert sum(1 for r in newest["rules"] if r["es"]) > 0
    assert len(newest["keywords"]["abilities"]) > 100 and len(newest["keywords"]["ability_words"]) > 20

    from kb.documents import english_lines

    english = english_lines(real_kb, real_kb.newest)
    spanish = (root / "text" / "es" / f"{real_kb.newest}.txt").read_text(encoding="utf-8").split("\n")[:-1]
    assert len(spanish) == len(english)
    number = re.compile(r"^(\d+(?:\.\d+[a-z]?)?)\.? ")
    differing = 0
    for en, es in zip(english, spanish):
        found = number.match(en)
        assert (found is None) == (number.match(es) is None) or en.startswith("Example"), (en, es)
        if found:
            assert es.startswith(found.group(0)), (en, es)
        differing += en != es
    assert differing > 10, "no line of the newest release is in Spanish"


def test_the_built_site_serves_the_api_and_documents_it_in_both_languages(fake_site):
    site = fake_site.site_dir
    assert (site / "api" / "v1" / "releases.json").is_file()
    assert (site / "api" / "v1" / "schemas" / "release.json").is_file()
    spanish = (site / "api" / "index.html").read_text(encoding="utf-8")
    english = (site / "en" / "api" / "index.html").read_text(encoding="utf-8")
    assert "API de datos" in spanish and "curl" in spanish and f"releases/{NEW}.json" in spanish
    assert "Data API" in english and "curl" in english
    # In the navigation of every page.
    assert 'href="api/' in (site / "index.html").read_text(encoding="utf-8")


def test_spanish_glossary_says_what_it_translates_and_whether_it_is_current(fake_api):
    glossary = {entry["term"]: entry for entry in _load(fake_api[0], f"releases/{NEW}.json")["glossary"]}
    active, stack = glossary["Active Player"]["es"], glossary["Stack"]["es"]
    assert active["term"] == "Jugador activo" and active["translates"] == OLD
    # Active Player's definition stayed, Stack's changed after the release the Spanish translates.
    assert active["current"] is True and stack["current"] is False
    assert (active["provenance"], active["status"]) == ("wiki", "official")
    assert glossary["Priority"]["es"] is None
