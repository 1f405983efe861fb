"""The static JSON API of the site, under `/api/v1/`: every release's rules (by section), glossary,
keywords and diff from the release before, every rule's line of descent, and a JSON Schema beside
each kind of file (see `kb.site.api_schemas`).

    releases.json                         every release: id, published, effective, counts, its files
    releases/RELEASE/index.json           one release: parts, sections (with their files), keywords, diff
    releases/RELEASE/sections/SECTION.json   one section of one release: rule number -> text key
    releases/RELEASE/glossary.json        one release's glossary: term -> text key
    texts/SHELF/SHARD.json                the texts, each stored once: text key -> English and Spanish
    traces.json                           every line of descent: the rule's number in each release, where its words changed
    schemas/KIND.json                     the JSON Schema (draft 2020-12) of each kind of file

110 releases of ~3,000 rules each are ~230,000 rules but only ~15,000 distinct texts: a text is
stored once, under a key made of where it stands and a hash of what it says
(`702/3/fa41c07b`: section 702, shard 3, hash), in the shard `texts/702/3.json` (the key up to its
last `/`). A release then weighs its numbers and keys, not its texts, and a client that wants one
section of one release fetches that section's file and its shards (at most 16, the texts the section
had in any release), never the whole release.

Every text comes in English and, where the Spanish exists, in Spanish with its provenance and status.
The same knowledge base gives the same bytes: keys sorted, no dates of the build.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from kb.site.output import write_files
from kb.site.sitedata import SiteData

API_DIR = "api/v1"
API_PAGE = "api/index"
PAGE_TITLES = {"es": "API de datos", "en": "Data API"}
CITE_PAGE = "cite/index"
CITE_TITLES = {"es": "Resolver una cita", "en": "Resolve a citation"}
GLOSSARY_SHELF = "glossary"
# Hex digits of a text's hash: the first names its shard within the section, the rest tell the
# texts of one shard apart (a clash stops the build rather than give a rule another's text).
SHARD_DIGITS = 1
KEY_DIGITS = 8
_ABILITY_WORDS = re.compile(r"ability words are (.+?)\.\s*$", re.S)


class TextKeyClash(RuntimeError):
    """Two different texts whose keys are the same (never seen: 32 bits within one shard)."""


# The same bytes as `json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))`
# for what the API holds (strings, integers, booleans, None, lists and string-keyed objects), in a
# tenth of the time. Not for floats: msgspec writes their exponents otherwise ("1e16", "0.00001"),
# and no document of the API has one (`kb.site.api_schemas`: every number is an integer).
_JSON = msgspec.json.Encoder(order="sorted")


def dump(value: Any) -> str:
    """Deterministic compact JSON: keys sorted, UTF-8 text as it is."""
    return _JSON.encode(value).decode("utf-8") + "\n"


def shard_of(key: str) -> str:
    """The shard file (under `texts/`, without `.json`) that holds the text of `key`."""
    return key.rsplit("/", 1)[0]


def section_of(number: str) -> str:
    """The section a rule, subrule or section heading belongs to: "702.19b" -> "702"."""
    return number.split(".", 1)[0]


class TextTable:
    """The distinct texts of the API, each under a key that depends only on its shelf (a section,
    or the glossary) and its content: the same text gets the same key in every build."""

    def __init__(self) -> None:
        self.shards: dict[str, dict[str, Any]] = {}
        self._keys: dict[tuple[str, str], str] = {}

    def key(self, shelf: str, record: dict[str, Any]) -> str:
        raw = dump(record)
        found = self._keys.get((shelf, raw))
        if found is not None:
            return found
        digest = hashlib.sha256(raw.encode("utf-8")).hexdigest()
        shard = f"{shelf}/{digest[:SHARD_DIGITS]}"
        key = f"{shard}/{digest[SHARD_DIGITS:SHARD_DIGITS + KEY_DIGITS]}"
        texts = self.shards.setdefault(shard, {})
        if key in texts:
            raise TextKeyClash(f"two texts share the key {key}: lengthen KEY_DIGITS")
        texts[key] = record
        self._keys[(shelf, raw)] = key
        return key


class Cancelled(Exception):
    """Work given up because its result is no longer wanted (a preview's data changed meanwhile)."""


def api_files(kb: Any, data: SiteData, cancelled: Callable[[], bool] | None = None) -> dict[str, bytes]:
    """Every file of the API: its path under the site's root -> its bytes. With `cancelled`, the
    work stops (`Cancelled`) between two releases once it says so."""
    from kb.documents import spanish_release_text
    from kb.site.api_schemas import SCHEMAS

    api = ReleaseApi(kb, data)
    files = api.files(cancelled)
    text = spanish_release_text(kb, api, data.newest)
    if text is not None:
        files[f"text/es/{data.newest}.txt"] = text
    for kind, schema in SCHEMAS.items():
        files[f"schemas/{kind}.json"] = json.dumps(schema, ensure_ascii=False, sort_keys=True, indent=1) + "\n"
    return {f"{API_DIR}/{name}": content.encode("utf-8") for name, content in sorted(files.items())}


def write_api(kb: Any, data: SiteData, site_dir: Path | str) -> dict[str, int]:
    """Write the API under `site_dir/api/v1`; the files written with their sizes in bytes."""
    sizes = write_files(api_files(kb, data), site_dir)
    return {name.removeprefix(API_DIR + "/"): size for name, size in sizes.items()}


def write_api_page(writer: Any, lang: str, nav: list[Any]) -> None:
    """The page documenting the API in `lang` (`site/templates/api.LANG.md.j2`), and its place in `nav`."""
    from kb.site.urls import source_path

    title = PAGE_TITLES[lang]
    # The Spanish text file is written where the newest release's English file is at hand.
    text_file = any(Path(part.source).is_file() for part in writer.data.parts[:1])
    example = _example_rule(writer.data)
    terms = [entry.term for entry in writer.data.glossary.get("en", [])]
    term = "Active Player" if "Active Player" in terms else next(iter(terms), "")
    writer.write(f"api.{lang}.md.j2", API_PAGE, lang, title, text_file=text_file, example=example,
                 example_section=section_of(example), example_term=term)
    nav.append({title: source_path(API_PAGE)})


def write_cite_page(writer: Any, lang: str, nav: list[Any]) -> None:
    """The citation box's page in `lang` (`site/templates/cite.md.j2`, `site/assets/cite.js`)."""
    from kb.site.urls import source_path

    writer.write("cite.md.j2", CITE_PAGE, lang, CITE_TITLES[lang])
    nav.append({CITE_TITLES[lang]: source_path(CITE_PAGE)})


def _example_rule(data: SiteData) -> str:
    """The rule the API page's examples ask for: 101.4 where the newest release has it."""
    if "101.4" in data.rules:
        return "101.4"
    return next(iter(data.order), "100.1")


def spanish_of(spanish: Any) -> dict[str, Any] | None:
    """A Spanish text of the site's data with its provenance and status, as the rule pages label it."""
    if spanish is None or not getattr(spanish, "text", "").strip():
        return None
    from kb.translations.precedence import catalog_state, is_stale

    state = catalog_state(spanish)
    current = not is_stale(spanish)
    return {
        "text": spanish.text,
        "examples": list(spanish.examples),
        "id": spanish.id_es,
        "provenance": "project" if spanish.origin == "po" else "wiki",
        "status": state,
        "current": current,
        "translates": spanish.english_release,
        "changed_in": spanish.changed_in,
        "source": Path(spanish.source).name if spanish.origin == "po" else (spanish.page_title or Path(spanish.source).stem),
    }


def published_dates(kb: Any) -> dict[str, str]:
    """The date each release (named by the date it takes effect) was published, where the corpus says."""
    root = getattr(kb, "corpus_root", None)
    if root is None:
        return {}
    from kb.history import corpus_releases

    return {r.effective: r.published for r in corpus_releases(root) if r.effective and r.published}


class ReleaseApi:
    """The API's documents, from a knowledge base and the site's data of it."""

    def __init__(self, kb: Any, data: SiteData):
        self.kb = kb
        self.data = data
        self.documents = kb.documents
        newest = data.newest
        descent = data.descent.get(newest, {})
        # The newest rule of each line of descent: an older rule with the same English text has its Spanish.
        self._newest_of_line = {number: rule_id for rule_id, number in descent.items()}
        self._spanish = {rule_id: spanish_of(rule.spanish) for rule_id, rule in data.rules.items()}
        self._diffs = {d.new: d for d in data.diffs}
        self._glossary_es = {en.term: es for es, en in data.glossary_pairs}
        self._glossaries: dict[str, dict[str, Any]] = {}
        self._published = published_dates(kb)
        self.texts = TextTable()
        # Each text key by what its record is made from: ~230,000 rules of 110 releases hold ~15,000
        # distinct records, each made, written as JSON and hashed once instead of once per release.
        self._rule_keys: dict[tuple, str] = {}
        self._term_keys: dict[tuple, str] = {}
        self._rules_by_id: dict[str, dict[str, Any]] = {}
        # Each release's lines of descent and texts, and whether it is older than the newest.
        self._of_release: dict[str, tuple[dict[str, int], dict[str, str], bool]] = {}
        self._newest_texts = data.release_texts.get(newest, {})

    def files(self, cancelled: Callable[[], bool] | None = None) -> dict[str, str]:
        """Every JSON file of the API but the schemas: path under `api/v1` -> content. `cancelled`
        is asked before each release; when it says so, `Cancelled` is raised."""
        files: dict[str, str] = {"releases.json": dump(self.releases())}
        for release in self.data.releases:
            if cancelled is not None and cancelled():
                raise Cancelled("the API's files are no longer wanted")
            index, sections, glossary = self.release(release)
            files[f"releases/{release}/index.json"] = dump(index)
            files[f"releases/{release}/glossary.json"] = dump(glossary)
            for section, document in sections.items():
                files[f"releases/{release}/sections/{section}.json"] = dump(document)
        files["traces.json"] = dump(self.traces())
        for shard, texts in self.texts.shards.items():
            files[f"texts/{shard}.json"] = dump(texts)
        return files

    def releases(self) -> dict[str, Any]:
        return {
            "newest": self.data.newest,
            "releases": [self._summary(release) for release in self.data.releases],
        }

    def _summary(self, release: str) -> dict[str, Any]:
        doc = self.documents[release]
        index = self.data.releases.index(release)
        return {
            "id": release,
            "published": self._published.get(release, release),
            "effective": doc.effective,
            "counts": dict(sorted(self.data.counts[release].items())),
            "previous": self.data.releases[index - 1] if index else None,
            "url": f"releases/{release}/index.json",
            "glossary": f"releases/{release}/glossary.json",
        }

    def _spanish_from(self, release: str, rule_id: str) -> str | None:
        """The newest rule whose Spanish (in `_spanish`) is that of `rule_id` of `release`: the newest
        rule of its line of descent, while the English text is still the same; or None."""
        found = self._of_release.get(release)
        if found is None:
            texts = self.data.release_texts
            found = self._of_release[release] = (self.data.descent.get(release, {}), texts.get(release, {}),
                                                  release != self.data.newest)
        descent, texts_of_release, older = found
        number = descent.get(rule_id)
        newest_id = self._newest_of_line.get(number) if number is not None else None
        if newest_id is None or newest_id not in self._spanish:
            return None
        if older and texts_of_release.get(rule_id) != self._newest_texts.get(newest_id):
            return None
        return newest_id

    def rule_key(self, release: str, rule: Any) -> str:
        """The text key of rule `rule` of `release`: its English, its examples and its Spanish."""
        shelf = section_of(rule.id)
        spanish_from = self._spanish_from(release, rule.id)
        examples = tuple(e.text for e in rule.examples)
        made_of = (shelf, rule.text, examples, spanish_from)
        key = self._rule_keys.get(made_of)
        if key is None:
            record = {"en": {"text": rule.text, "examples": list(examples)},
                      "es": None if spanish_from is None else self._spanish[spanish_from]}
            key = self._rule_keys[made_of] = self.texts.key(shelf, record)
        return key

    def release(self, release: str) -> tuple[dict[str, Any], dict[str, dict[str, Any]], dict[str, Any]]:
        """The index of `release`, its sections' files by section number, and its glossary's file."""
        doc = self.documents[release]
        newest = release == self.data.newest
        sections: dict[str, dict[str, Any]] = {}
        keys: dict[str, str] = {}
        for rule in doc.rules:
            if rule.kind == "part":
                continue
            section = section_of(rule.id)
            document = sections.setdefault(section, {"release": release, "section": section, "rules": {}})
            document["rules"][rule.id] = keys[rule.id] = self.rule_key(release, rule)
        headings = {rule.id: rule for rule in doc.rules if rule.kind in ("part", "section")}
        index = self._summary(release)
        index["parts"] = [{"number": r.id, "title": self._title(r, newest)} for r in doc.rules if r.kind == "part"]
        index["sections"] = [
            {"number": section, "title": self._title(headings[section], newest) if section in headings else None,
             "rules": len(document["rules"]), "url": f"releases/{release}/sections/{section}.json"}
            for section, document in sections.items()
        ]
        index["keywords"] = keywords(doc)
        index["diff"] = self._diff(release, keys)
        glossary = {"release": release,
                    "terms": {entry.term: self._term_key(entry, release) for entry in doc.glossary}}
        return index, sections, glossary

    def _title(self, heading: Any, newest: bool) -> dict[str, str | None]:
        return {"en": heading.text, "es": self.data.titles_es.get(heading.id) if newest else None}

    def _term_key(self, entry: Any, release: str) -> str:
        # The Spanish of an entry depends on its term, its senses and whether its release is the newest.
        made_of = (entry.term, tuple(entry.senses), release == self.data.newest)
        key = self._term_keys.get(made_of)
        if key is None:
            record = {"en": {"term": entry.term, "senses": list(entry.senses)},
                      "es": self.spanish_term(entry, release)}
            key = self._term_keys[made_of] = self.texts.key(GLOSSARY_SHELF, record)
        return key

    def spanish_term(self, entry: Any, release: str) -> dict[str, Any] | None:
        """The Spanish of the glossary entry `entry` of `release`: that of the newest release's entry,
        while the English definition is still the same."""
        es = self._glossary_es.get(entry.term)
        if es is None:
            return None
        if release != self.data.newest:
            newest = self._english_glossary(self.data.newest).get(entry.term)
            if newest is None or list(newest.senses) != list(entry.senses):
                return None
        return self._spanish_term(es, entry)

    def _spanish_term(self, es: Any, entry: Any) -> dict[str, Any]:
        """A Spanish glossary entry: the team's catalog or a wiki's quote, and whether the English it
        translates (that of its release) is still the definition of `entry`."""
        from_catalog = Path(es.source).suffix == ".po"
        translated = self._english_glossary(es.release).get(entry.term)
        return {
            "term": es.term, "senses": list(es.senses),
            "provenance": "project" if from_catalog else "wiki",
            "status": "translated" if from_catalog else "official",
            "source": Path(es.source).name if from_catalog else Path(es.source).stem,
            "translates": es.release,
            "current": translated is not None and list(translated.senses) == list(entry.senses),
        }

    def _english_glossary(self, release: str) -> dict[str, Any]:
        if release not in self._glossaries:
            doc = self.documents.get(release)
            self._glossaries[release] = {g.term: g for g in (doc.glossary if doc is not None else [])}
        return self._glossaries[release]

    def _diff(self, release: str, keys: dict[str, str]) -> dict[str, Any] | None:
        """The diff from the release before, each text by its key (`keys`: this release's rules)."""
        diff = self._diffs.get(release)
        if diff is None:
            return None
        old_rules = self._rules_of(diff.old)
        old_keys: dict[str, str] = {}

        def old_key(rule_id: str) -> str:
            if rule_id not in old_keys:
                old_keys[rule_id] = self.rule_key(diff.old, old_rules[rule_id])
            return old_keys[rule_id]

        out: dict[str, list] = {"added": [], "removed": [], "changed": [], "renumbered": []}
        for entry in diff.entries:
            if entry.status == "added":
                out["added"].append({"number": entry.new_id, "text": keys.get(entry.new_id)})
            elif entry.status == "removed":
                out["removed"].append({"number": entry.old_id, "text": old_key(entry.old_id)})
            elif entry.status in ("changed", "moved"):
                item = {"from": entry.old_id, "to": entry.new_id, "text_changed": entry.text_changed,
                        "old_text": old_key(entry.old_id), "new_text": keys.get(entry.new_id)}
                out["changed" if entry.old_id == entry.new_id else "renumbered"].append(item)
        return {"from": diff.old, "counts": {k: len(v) for k, v in out.items()}, **out}

    def _rules_of(self, release: str) -> dict[str, Any]:
        """The rules of `release` by number (the first of a number, as `CRDocument.rule` finds it)."""
        rules = self._rules_by_id.get(release)
        if rules is None:
            rules = self._rules_by_id[release] = {}
            for rule in self.documents[release].rules:
                rules.setdefault(rule.id, rule)
        return rules

    def traces(self) -> dict[str, Any]:
        """Every line of descent: runs of releases (indexes into `releases`) in which the rule kept a
        number, and the releases in which its words (or its examples' words) changed, as the diffs and
        `kb cite` tell a change: a reference rewritten to a rule's new number is no change."""
        releases = self.data.releases
        position = {release: index for index, release in enumerate(releases)}
        lines: dict[int, list[list]] = {}
        for index, release in enumerate(releases):
            for rule_id, number in self.data.descent.get(release, {}).items():
                runs = lines.setdefault(number, [])
                if runs and runs[-1][2] == rule_id and runs[-1][1] == index - 1:
                    runs[-1][1] = index
                else:
                    runs.append([index, index, rule_id])
        # The parts (1-9), which the lines of descent of the site leave out, keep their numbers.
        parts: dict[str, int] = {}
        for index, release in enumerate(releases):
            for rule in self.documents[release].rules:
                if rule.kind == "part":
                    number = parts.setdefault(rule.id, -1 - len(parts))
                    runs = lines.setdefault(number, [])
                    if runs and runs[-1][1] == index - 1:
                        runs[-1][1] = index
                    else:
                        runs.append([index, index, rule.id])
        changed: dict[int, list[int]] = {}
        for diff in self.data.diffs:
            descent = {**self.data.descent.get(diff.new, {}), **parts}
            for entry in diff.entries:
                if entry.status in ("changed", "moved") and entry.text_changed and entry.new_id in descent:
                    changed.setdefault(descent[entry.new_id], []).append(position[diff.new])
        newest = len(releases) - 1
        out = []
        for number in sorted(lines):
            runs = lines[number]
            out.append({"runs": runs, "changed": sorted(set(changed.get(number, []))),
                        "newest": runs[-1][2] if runs[-1][1] == newest else None})
        return {"releases": releases, "lines": out}


def keywords(doc: Any) -> dict[str, list]:
    """The keyword abilities (702.x), keyword actions (701.x) and ability words (207.2c) of a release."""
    out: dict[str, list] = {"abilities": [], "actions": [], "ability_words": []}
    for rule in doc.rules:
        if rule.kind != "rule":
            continue
        section, _, rest = rule.id.partition(".")
        name = rule.text.strip()
        if section in ("701", "702") and rest.isdigit() and rest != "1" and name and len(name) < 40 and "." not in name:
            key = "actions" if section == "701" else "abilities"
            out[key].append({"number": rule.id, "name": name})
    for rule in doc.rules:
        if rule.id == "207.2c":
            found = _ABILITY_WORDS.search(rule.text)
            if found:
                words = re.split(r",\s*(?:and\s+)?|\s+and\s+", found.group(1))
                out["ability_words"] = [w.strip() for w in words if w.strip()]
    return out


__all__ = ["API_DIR", "API_PAGE", "CITE_PAGE", "ReleaseApi", "TextKeyClash", "TextTable", "dump", "keywords", "published_dates",
           "section_of", "shard_of", "spanish_of", "api_files", "write_api", "write_api_page", "write_cite_page"]
