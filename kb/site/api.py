"""The static JSON API of the site, under `/api/v1/`: the releases, each release's rules, glossary,
keywords and diff from the release before, every rule's line of descent, and a JSON Schema beside
each kind of file (see `kb.site.api_schemas`).

    releases.json               every release: id, published, effective, counts, its file
    releases/RELEASE.json       one release (rules and glossary in full for the newest `FULL_RELEASES`)
    traces.json                 every line of descent: the rule's number in each release, where its text changed
    text/es/RELEASE.txt         the Spanish rules in the official layout (see `kb.documents`)
    schemas/KIND.json           the JSON Schema (draft 2020-12) of each kind of file

Every text comes in English and, where the Spanish exists, in Spanish with its provenance and status.
The same knowledge base gives the same bytes: keys sorted, no dates of the build.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from kb.site.views import SiteData

API_DIR = "api/v1"
# Releases (the newest first) whose file holds every rule and glossary entry; an older release's file
# holds its diff with the texts that changed, from which its rules follow the newer release's.
# A release in full weighs ~2.7 MB (its English, the Spanish of most rules), 110 would be ~280 MB:
# six keep the whole API near 22 MB, within its 30 MB budget (tests/site/test_api_v1.py).
FULL_RELEASES = 6
API_PAGE = "api/index"
PAGE_TITLES = {"es": "API de datos", "en": "Data API"}
_ABILITY_WORDS = re.compile(r"ability words are (.+?)\.\s*$", re.S)


def dump(value: Any) -> str:
    """Deterministic compact JSON: keys sorted, UTF-8 text as it is."""
    return json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":")) + "\n"


def write_api(kb: Any, data: SiteData, site_dir: Path | str) -> dict[str, int]:
    """Write the API under `site_dir/api/v1`; the files written with their sizes in bytes."""
    from kb.documents import spanish_release_text
    from kb.site.api_schemas import SCHEMAS

    root = Path(site_dir) / API_DIR
    files: dict[str, str] = {}
    api = ReleaseApi(kb, data)
    files["releases.json"] = dump(api.releases())
    for release in data.releases:
        files[f"releases/{release}.json"] = dump(api.release(release))
    files["traces.json"] = dump(api.traces())
    text = spanish_release_text(kb, api, data.newest)
    if text is not None:
        files[f"text/es/{data.newest}.txt"] = text
    for kind, schema in SCHEMAS.items():
        files[f"schemas/{kind}.json"] = json.dumps(schema, ensure_ascii=False, sort_keys=True, indent=1) + "\n"
    sizes = {}
    for name, content in sorted(files.items()):
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        raw = content.encode("utf-8")
        path.write_bytes(raw)
        sizes[name] = len(raw)
    return sizes


def write_api_page(writer: Any, lang: str, nav: list[Any]) -> None:
    """The page documenting the API in `lang` (`site/templates/api.LANG.md.j2`), and its place in `nav`."""
    from kb.site.urls import source_path

    title = PAGE_TITLES[lang]
    # The Spanish text file is written where the newest release's English file is at hand.
    text_file = any(Path(part.source).is_file() for part in writer.data.parts[:1])
    writer.write(f"api.{lang}.md.j2", API_PAGE, lang, title, full=FULL_RELEASES, text_file=text_file)
    nav.append({title: source_path(API_PAGE)})


def spanish_of(spanish: Any) -> dict[str, Any] | None:
    """A Spanish text of the site's data with its provenance and status, as the rule pages label it."""
    if spanish is None or not getattr(spanish, "text", "").strip():
        return None
    from kb.translations.precedence import catalog_state

    state = catalog_state(spanish)
    current = not spanish.changed_since and state != "fuzzy"
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
        self._full = set(data.releases[-FULL_RELEASES:])
        self._diffs = {d.new: d for d in data.diffs}
        self._glossary_es = {en.term: es for es, en in data.glossary_pairs}
        self._glossaries: dict[str, dict[str, Any]] = {}

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
            "published": release,
            "effective": doc.effective,
            "counts": dict(sorted(self.data.counts[release].items())),
            "previous": self.data.releases[index - 1] if index else None,
            "full": release in self._full,
            "url": f"releases/{release}.json",
        }

    def spanish(self, release: str, rule_id: str) -> dict[str, Any] | None:
        """The Spanish of `rule_id` of `release`: that of the newest rule of its line of descent, while
        the English text is still the same."""
        number = self.data.descent.get(release, {}).get(rule_id)
        newest_id = self._newest_of_line.get(number) if number is not None else None
        if newest_id is None or newest_id not in self._spanish:
            return None
        if release != self.data.newest:
            texts = self.data.release_texts
            if texts.get(release, {}).get(rule_id) != texts.get(self.data.newest, {}).get(newest_id):
                return None
        return self._spanish[newest_id]

    def release(self, release: str) -> dict[str, Any]:
        doc = self.documents[release]
        out = self._summary(release)
        out["diff"] = self._diff(release)
        out["keywords"] = keywords(doc)
        if release in self._full:
            out["rules"] = [self._rule(release, rule) for rule in doc.rules if rule.kind != "part"]
            out["parts"] = [{"number": r.id, "title": {"en": r.text, "es": self.data.titles_es.get(r.id)}}
                            for r in doc.rules if r.kind == "part"]
            out["glossary"] = [self._term(entry, release) for entry in doc.glossary]
        else:
            out["rules"] = out["parts"] = out["glossary"] = None
        return out

    def _rule(self, release: str, rule: Any) -> dict[str, Any]:
        return {
            "number": rule.id,
            "kind": rule.kind,
            "section": rule.id.split(".", 1)[0],
            "en": {"text": rule.text, "examples": [e.text for e in rule.examples]},
            "es": self.spanish(release, rule.id),
        }

    def _term(self, entry: Any, release: str) -> dict[str, Any]:
        return {
            "term": entry.term,
            "en": {"term": entry.term, "senses": list(entry.senses)},
            "es": self.spanish_term(entry, release),
        }

    def spanish_term(self, entry: Any, release: str) -> dict[str, Any] | None:
        """The Spanish of the glossary entry `entry` of `release` (given for the newest release)."""
        es = self._glossary_es.get(entry.term) if release == self.data.newest else None
        return self._spanish_term(es, entry) if es is not None else None

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

    def _diff(self, release: str) -> dict[str, Any] | None:
        diff = self._diffs.get(release)
        if diff is None:
            return None
        out: dict[str, list] = {"added": [], "removed": [], "changed": [], "renumbered": []}
        texts = diff.texts
        for entry in diff.entries:
            if entry.status == "added":
                out["added"].append({"number": entry.new_id, "text": texts.get((diff.new, entry.new_id))})
            elif entry.status == "removed":
                out["removed"].append({"number": entry.old_id, "text": texts.get((diff.old, entry.old_id))})
            elif entry.status in ("changed", "moved"):
                item = {"from": entry.old_id, "to": entry.new_id, "text_changed": entry.text_changed}
                if entry.text_changed:
                    item["old_text"] = texts.get((diff.old, entry.old_id))
                    item["new_text"] = texts.get((diff.new, entry.new_id))
                out["changed" if entry.old_id == entry.new_id else "renumbered"].append(item)
        return {"from": diff.old, "counts": {k: len(v) for k, v in out.items()}, **out}

    def traces(self) -> dict[str, Any]:
        """Every line of descent: runs of releases (indexes into `releases`) in which the rule kept a
        number, and the releases in which its text changed."""
        releases = self.data.releases
        lines: dict[int, list[list]] = {}
        changed: dict[int, list[int]] = {}
        last_text: dict[int, str] = {}
        for index, release in enumerate(releases):
            texts = self.data.release_texts.get(release, {})
            for rule_id, number in self.data.descent.get(release, {}).items():
                runs = lines.setdefault(number, [])
                if runs and runs[-1][2] == rule_id and runs[-1][1] == index - 1:
                    runs[-1][1] = index
                else:
                    runs.append([index, index, rule_id])
                text = texts.get(rule_id)
                if number in last_text and text != last_text[number]:
                    changed.setdefault(number, []).append(index)
                last_text[number] = text
        newest = len(releases) - 1
        out = []
        for number in sorted(lines):
            runs = lines[number]
            out.append({"runs": runs, "changed": changed.get(number, []),
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


__all__ = ["API_DIR", "API_PAGE", "FULL_RELEASES", "ReleaseApi", "dump", "keywords", "spanish_of", "write_api",
           "write_api_page"]
