"""The JSON Schemas (draft 2020-12) of the API's files, served beside them as `/api/v1/schemas/KIND.json`:
`releases`, `release` (a release's index), `section`, `glossary`, `texts` (a shard of the texts) and `traces`."""

from __future__ import annotations

from typing import Any

DRAFT = "https://json-schema.org/draft/2020-12/schema"
RELEASE_ID = {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$"}
NUMBER = {"type": "string", "minLength": 1}
TEXT_OR_NULL = {"type": ["string", "null"]}


def _object(properties: dict[str, Any], required: list[str] | None = None) -> dict[str, Any]:
    return {"type": "object", "properties": properties, "required": required or sorted(properties),
            "additionalProperties": False}


def _nullable(schema: dict[str, Any]) -> dict[str, Any]:
    return {"anyOf": [schema, {"type": "null"}]}


SPANISH = _object({
    "text": {"type": "string"},
    "examples": {"type": "array", "items": {"type": "string"}},
    "id": {"type": "string", "description": "the rule's number in the Spanish text"},
    "provenance": {"enum": ["project", "wiki"], "description": "the team's translation, or an official quote from a wiki page"},
    "status": {"enum": ["official", "translated", "fuzzy", "reviewed"]},
    "current": {"type": "boolean", "description": "whether it translates the English of this release"},
    "translates": {**TEXT_OR_NULL, "description": "the English release the Spanish was made from"},
    "changed_in": {**TEXT_OR_NULL, "description": "the first release whose English differs from the one translated"},
    "source": {"type": "string", "description": "the catalog file or wiki page the Spanish comes from"},
})
TEXT_KEY = {"type": "string", "pattern": r"^[0-9a-z]+/[0-9a-f]/[0-9a-f]+$",
            "description": "a text's key: its shard under texts/ is the key up to its last '/'"}
TEXT_KEY_OR_NULL = _nullable(TEXT_KEY)
SUMMARY_PROPERTIES = {
    "id": RELEASE_ID,
    "published": {**RELEASE_ID, "description": "the date the release was published"},
    "effective": {"type": "string", "description": "the effective date, as the file states it"},
    "counts": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
    "previous": _nullable(RELEASE_ID),
    "url": {"type": "string", "description": "the release's index file"},
    "glossary": {"type": "string", "description": "the release's glossary file"},
}
TITLE = _object({"en": {"type": "string"}, "es": TEXT_OR_NULL})
KEYWORD = _object({"number": NUMBER, "name": {"type": "string"}})
CHANGE = _object({
    "from": NUMBER, "to": NUMBER, "text_changed": {"type": "boolean"},
    "old_text": TEXT_KEY_OR_NULL, "new_text": TEXT_KEY_OR_NULL,
})
ONE_RULE = _object({"number": NUMBER, "text": TEXT_KEY_OR_NULL})
DIFF = _object({
    "from": RELEASE_ID,
    "counts": _object({k: {"type": "integer", "minimum": 0} for k in ("added", "removed", "changed", "renumbered")}),
    "added": {"type": "array", "items": ONE_RULE},
    "removed": {"type": "array", "items": ONE_RULE},
    "changed": {"type": "array", "items": CHANGE},
    "renumbered": {"type": "array", "items": CHANGE},
})
RULE_TEXT = _object({
    "en": _object({"text": {"type": "string"}, "examples": {"type": "array", "items": {"type": "string"}}}),
    "es": _nullable(SPANISH),
})
TERM_TEXT = _object({
    "en": _object({"term": {"type": "string"}, "senses": {"type": "array", "items": {"type": "string"}}}),
    "es": _nullable(_object({
        "term": {"type": "string"}, "senses": {"type": "array", "items": {"type": "string"}},
        "provenance": {"enum": ["project", "wiki"]}, "status": {"enum": ["official", "translated", "fuzzy", "reviewed"]},
        "source": {"type": "string"},
        "translates": {**TEXT_OR_NULL, "description": "the English release the Spanish was made from"},
        "current": {"type": "boolean", "description": "whether that release's English definition is this one"},
    })),
})


def _document(kind: str, title: str, body: dict[str, Any]) -> dict[str, Any]:
    return {"$schema": DRAFT, "$id": f"{kind}.json", "title": title, **body}


SCHEMAS: dict[str, dict[str, Any]] = {
    "releases": _document("releases", "Releases of the Comprehensive Rules", _object({
        "newest": RELEASE_ID,
        "releases": {"type": "array", "minItems": 1, "items": _object(SUMMARY_PROPERTIES)},
    })),
    "release": _document("release", "One release: its parts, sections, keywords and diff from the release before", _object({
        **SUMMARY_PROPERTIES,
        "parts": {"type": "array", "items": _object({"number": NUMBER, "title": TITLE})},
        "sections": {"type": "array", "items": _object({
            "number": NUMBER, "title": _nullable(TITLE), "rules": {"type": "integer", "minimum": 0,
                                                                  "description": "how many numbers the section's file maps"},
            "url": {"type": "string", "description": "the section's file"}})},
        "keywords": _object({
            "abilities": {"type": "array", "items": KEYWORD, "description": "keyword abilities (702.x)"},
            "actions": {"type": "array", "items": KEYWORD, "description": "keyword actions (701.x)"},
            "ability_words": {"type": "array", "items": {"type": "string"}, "description": "ability words (207.2c)"},
        }),
        "diff": _nullable(DIFF),
    })),
    "section": _document("section", "One section of one release: each rule's number (keys sorted as text) and its text's key", _object({
        "release": RELEASE_ID,
        "section": NUMBER,
        "rules": {"type": "object", "additionalProperties": TEXT_KEY, "propertyNames": {
            "pattern": r"^\d+(\.\d+[a-z]?)?(-\d+)?$",
            "description": "a rule's number (a number the release prints twice is told apart by -2)"}},
    })),
    "glossary": _document("glossary", "One release's glossary: each term (keys sorted as text) and its text's key", _object({
        "release": RELEASE_ID,
        "terms": {"type": "object", "additionalProperties": TEXT_KEY},
    })),
    "texts": _document("texts", "One shard of the table of texts: a rule's (English, examples, Spanish) or a glossary entry's", {
        "type": "object",
        "propertyNames": TEXT_KEY,
        "additionalProperties": {"anyOf": [RULE_TEXT, TERM_TEXT]},
        "minProperties": 1,
    }),
    "traces": _document("traces", "Every rule's line of descent across the releases", _object({
        "releases": {"type": "array", "items": RELEASE_ID},
        "lines": {"type": "array", "items": _object({
            "runs": {"type": "array", "minItems": 1, "items": {
                "type": "array", "prefixItems": [{"type": "integer", "minimum": 0}, {"type": "integer", "minimum": 0}, NUMBER],
                "minItems": 3, "maxItems": 3,
                "description": "[first release index, last release index, the rule's number in them]"}},
            "changed": {"type": "array", "items": {"type": "integer", "minimum": 0},
                        "description": "indexes of the releases in which its words or its examples' words changed"},
            "newest": {**TEXT_OR_NULL, "description": "the rule's number in the newest release, null if it is gone"},
        })},
    })),
}
