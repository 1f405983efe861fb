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

BUDGET = 30 * 1000 * 1000
# No file a client must fetch whole should be a release's worth (~2.7 MB).
LARGEST = 2 * 1000 * 1000


@pytest.fixture(scope="module")
def fake_api(tmp_path_factory):
    from kb.site.api import write_api
    from kb.site.sitedata import SiteData

    tmp = tmp_path_factory.mktemp("api")
    kb = fake_kb(tmp)
    data = SiteData.collect(kb)
    sizes = write_api(kb, data, tmp / "site")
    again = write_api(kb, data, tmp / "again")
    return tmp / "site" / "api" / "v1", sizes, tmp / "again" / "api" / "v1", again


def _load(root: Path, name: str):
    return json.loads((root / name).read_text(encoding="utf-8"))


def kind_of_file(name: str) -> str | None:
    """The schema a file of the API answers to (None for the plain text and the schemas)."""
    if name in ("releases.json", "traces.json"):
        return name[:-5]
    if name.startswith("texts/"):
        return "texts"
    if name.startswith("releases/"):
        if "/sections/" in name:
            return "section"
        return {"index.json": "release", "glossary.json": "glossary"}.get(name.rsplit("/", 1)[1])
    return None


def validate_all(root: Path) -> dict[str, int]:
    """Validate every JSON file under `root` against its kind's schema; how many of each kind."""
    validators = {}
    counted: dict[str, int] = {}
    for path in sorted(root.rglob("*.json")):
        name = path.relative_to(root).as_posix()
        if name.startswith("schemas/"):
            continue
        kind = kind_of_file(name)
        assert kind is not None, f"{name}: a file of no kind"
        if kind not in validators:
            schema = _load(root, f"schemas/{kind}.json")
            jsonschema.Draft202012Validator.check_schema(schema)
            validators[kind] = jsonschema.Draft202012Validator(schema)
        validators[kind].validate(_load(root, name))
        counted[kind] = counted.get(kind, 0) + 1
    return counted


def text_of(root: Path, key: str) -> dict:
    """The text of `key`, from its shard (the key up to its last '/'), as the API page tells a client."""
    return _load(root, f"texts/{key.rsplit('/', 1)[0]}.json")[key]


def rule_text(root: Path, release: str, rule_id: str) -> dict:
    key = _load(root, f"releases/{release}/sections/{rule_id.split('.')[0]}.json")["rules"][rule_id]
    return text_of(root, key)


def test_every_file_is_valid_against_its_schema(fake_api):
    root, sizes, _, _ = fake_api
    counted = validate_all(root)
    assert counted["release"] == counted["glossary"] == 2 and counted["section"] > 4 and counted["texts"] > 4
    assert {f"schemas/{k}.json" for k in ("releases", "release", "section", "glossary", "texts", "traces")} <= set(sizes)


def test_a_schema_refuses_what_it_does_not_describe(fake_api):
    root = fake_api[0]
    key = _load(root, f"releases/{NEW}/sections/101.json")["rules"]["101.4"]
    shard = _load(root, f"texts/{key.rsplit('/', 1)[0]}.json")
    shard[key]["es"] = {"text": "sin procedencia"}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(_load(root, "schemas/texts.json")).validate(shard)
    section = _load(root, f"releases/{NEW}/sections/101.json")
    section["rules"]["101.4"] = "an English text instead of a key"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.Draft202012Validator(_load(root, "schemas/section.json")).validate(section)


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
    assert newest["previous"] == OLD and newest["url"] == f"releases/{NEW}/index.json"
    assert newest["counts"]["rules"] > 0


def test_every_release_has_every_rule_and_term_in_full(fake_api, tmp_path):
    root = fake_api[0]
    kb = fake_kb(tmp_path)
    for release in (OLD, NEW):
        doc = kb.documents[release]
        index = _load(root, f"releases/{release}/index.json")
        sections = {s["number"]: _load(root, s["url"])["rules"] for s in index["sections"]}
        numbers = {number for rules in sections.values() for number in rules}
        assert numbers == {r.id for r in doc.rules if r.kind != "part"}
        for rule in doc.rules:
            if rule.kind != "part":
                text = rule_text(root, release, rule.id)["en"]
                assert (text["text"], text["examples"]) == (rule.text, [e.text for e in rule.examples])
        terms = _load(root, f"releases/{release}/glossary.json")["terms"]
        assert sorted(terms) == sorted(e.term for e in doc.glossary)
        for entry in doc.glossary:
            assert text_of(root, terms[entry.term])["en"]["senses"] == list(entry.senses)


def test_a_text_the_releases_share_is_stored_once(fake_api):
    root = fake_api[0]
    old = _load(root, f"releases/{OLD}/sections/101.json")["rules"]
    new = _load(root, f"releases/{NEW}/sections/101.json")["rules"]
    assert old["101.4"] == new["101.4"]
    keys = [key for path in (root / "texts").rglob("*.json") for key in json.loads(path.read_text(encoding="utf-8"))]
    assert len(keys) == len(set(keys))
    records = [json.dumps(v, sort_keys=True) for path in (root / "texts").rglob("*.json")
               for v in json.loads(path.read_text(encoding="utf-8")).values()]
    assert len(records) == len(set(records))


def test_spanish_comes_with_its_provenance_and_status(fake_api):
    root = fake_api[0]
    spanish = rule_text(root, NEW, "101.4")["es"]
    assert spanish["text"].startswith("Si varios jugadores")
    assert (spanish["provenance"], spanish["status"], spanish["translates"]) == ("wiki", "official", OLD)
    assert rule_text(root, NEW, "405.7")["es"] is None
    # The English of 100.1 changed: the older release's 100.1 keeps its own text.
    assert rule_text(root, NEW, "100.1")["en"]["text"].endswith("including multiplayer games.")
    assert rule_text(root, OLD, "100.1")["en"]["text"].endswith("two or more players.")
    assert rule_text(root, OLD, "100.1")["es"] is None


def test_the_diff_from_the_release_before(fake_api):
    root = fake_api[0]
    diff = _load(root, f"releases/{NEW}/index.json")["diff"]
    assert diff["from"] == OLD
    assert [a["number"] for a in diff["added"]] == ["405.7"]
    assert text_of(root, diff["added"][0]["text"]) == rule_text(root, NEW, "405.7")
    changed = {c["to"]: c for c in diff["changed"]}
    assert text_of(root, changed["100.1"]["old_text"])["en"]["text"].endswith("two or more players.")
    assert diff["counts"]["added"] == 1
    assert _load(root, f"releases/{OLD}/index.json")["diff"] is None


def test_traces_follow_every_rule_and_mark_the_changes(fake_api):
    traces = _load(fake_api[0], "traces.json")
    assert traces["releases"] == [OLD, NEW]
    lines = {line["newest"]: line for line in traces["lines"]}
    assert lines["100.1"]["runs"] == [[0, 1, "100.1"]] and lines["100.1"]["changed"] == [1]
    assert lines["101.4"]["changed"] == []
    assert lines["405.7"]["runs"] == [[1, 1, "405.7"]]


def test_a_clash_of_keys_stops_the_build(monkeypatch):
    from kb.site import api

    monkeypatch.setattr(api, "KEY_DIGITS", 0)
    table = api.TextTable()
    first = table.key("100", {"en": {"text": "a", "examples": []}, "es": None})
    assert table.key("100", {"en": {"text": "a", "examples": []}, "es": None}) == first
    with pytest.raises(api.TextKeyClash):
        for n in range(40):
            table.key("100", {"en": {"text": f"b{n}", "examples": []}, "es": None})


def test_the_documented_curl_and_jq_examples_work(fake_site, fake_server):
    import shutil
    import subprocess

    if not (shutil.which("curl") and shutil.which("jq") and shutil.which("bash")):
        pytest.skip("curl, jq or bash is not installed")
    for lang in ("es", "en"):
        page = (fake_site.docs_dir / lang / "api" / "index.md").read_text(encoding="utf-8")
        script = page.split("```sh\n", 1)[1].split("```", 1)[0].replace("http://localhost:8000", fake_server)
        work = fake_site.out_dir / f"curl-{lang}"
        work.mkdir(exist_ok=True)
        done = subprocess.run(["bash", "-euo", "pipefail", "-c", script], cwd=work, capture_output=True, text=True,
                              timeout=120)
        assert done.returncode == 0, done.stderr
        out = done.stdout
        assert f"{OLD} " in out and f"{NEW} " in out
        assert "Si varios jugadores" in out and '"provenance": "wiki"' in out
        assert "101.4 If multiple players" in out or "101.4 " in out
        assert "Jugador activo" in out
        assert f'["{OLD}","{NEW}","101.4"]' in out


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
    files = [p for p in root.rglob("*") if p.is_file()]
    total = sum(p.stat().st_size for p in files)
    assert total <= BUDGET, f"the API weighs {total} bytes"
    assert max(p.stat().st_size for p in files) <= LARGEST, "one file of the API outweighs the rest"
    releases = _load(root, "releases.json")
    assert len(releases["releases"]) == len(real_kb.releases)
    counted = validate_all(root)
    # Every release in full, with no file per rule per release.
    assert counted["release"] == counted["glossary"] == len(real_kb.releases)
    assert counted["section"] < 20 * 1000
    for release in (real_kb.releases[0], real_kb.newest):
        doc = real_kb.documents[release]
        rule = next(r for r in doc.rules if r.kind == "subrule")
        assert rule_text(root, release, rule.id)["en"]["text"] == rule.text
    newest = _load(root, f"releases/{real_kb.newest}/index.json")
    rules = {n: k for s in newest["sections"] for n, k in _load(root, s["url"])["rules"].items()}
    assert sum(1 for key in rules.values() if text_of(root, key)["es"]) > 100
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
    assert "API de datos" in spanish and "curl" in spanish and "sections/101.json" in spanish
    assert "Data API" in english and "curl" in english
    # In the navigation of every page.
    assert 'href="api/' in (site / "index.html").read_text(encoding="utf-8")


def test_spanish_glossary_says_what_it_translates_and_whether_it_is_current(fake_api):
    root = fake_api[0]
    terms = _load(root, f"releases/{NEW}/glossary.json")["terms"]
    glossary = {term: text_of(root, key) for term, key in terms.items()}
    active, stack = glossary["Active Player"]["es"], glossary["Stack"]["es"]
    assert active["term"] == "Jugador activo" and active["translates"] == OLD
    # Active Player's definition stayed, Stack's changed after the release the Spanish translates.
    assert active["current"] is True and stack["current"] is False
    assert (active["provenance"], active["status"]) == ("wiki", "official")
    assert glossary["Priority"]["es"] is None


def test_dump_writes_the_bytes_the_json_module_writes():
    """The API's JSON comes from msgspec: for every kind of value the API holds, the same bytes as the
    json module's compact, key-sorted, non-ASCII-kept text (what the API was first written with)."""
    from kb.site.api import dump

    every_char = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c < 0xE000)
    values = [
        every_char,
        {"b": 1, "a": [1, -2, 10**20, {"z": None, "y": True, "x": False}], "": ""},
        # Keys sorted by code point: an astral character after the last of the basic plane.
        {"é": 1, "e": 2, "Z": 3, "\U0001f600": 4, "\uffff": 5, "\x7f": 6, "\n": 7, '"': 8, "\\": 9},
        ("a tuple", ["nested", ("deeper",)]),
        [],
        {},
    ]
    for value in values:
        assert dump(value) == json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"
