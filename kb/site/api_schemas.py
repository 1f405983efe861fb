"""The JSON Schemas (draft 2020-12) of the API's files, served beside them as `/api/v1/schemas/KIND.json`."""

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
SUMMARY_PROPERTIES = {
    "id": RELEASE_ID,
    "published": RELEASE_ID,
    "effective": {"type": "string", "description": "the effective date, as the file states it"},
    "counts": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}},
    "previous": _nullable(RELEASE_ID),
    "full": {"type": "boolean", "description": "whether `rules`, `parts` and `glossary` are given"},
    "url": {"type": "string"},
}
RULE = _object({
    "number": NUMBER,
    "kind": {"enum": ["section", "rule", "subrule"]},
    "section": NUMBER,
    "en": _object({"text": {"type": "string"}, "examples": {"type": "array", "items": {"type": "string"}}}),
    "es": _nullable(SPANISH),
})
TERM = _object({
    "term": {"type": "string"},
    "en": _object({"term": {"type": "string"}, "senses": {"type": "array", "items": {"type": "string"}}}),
    "es": _nullable(_object({
        "term": {"type": "string"}, "senses": {"type": "array", "items": {"type": "string"}},
        "provenance": {"enum": ["project", "wiki"]}, "status": {"enum": ["official", "translated", "fuzzy", "reviewed"]},
        "source": {"type": "string"},
        "translates": {**TEXT_OR_NULL, "description": "the English release the Spanish was made from"},
        "current": {"type": "boolean", "description": "whether that release's English definition is this release's"},
    })),
})
KEYWORD = _object({"number": NUMBER, "name": {"type": "string"}})
CHANGE = _object({
    "from": NUMBER, "to": NUMBER, "text_changed": {"type": "boolean"},
    "old_text": TEXT_OR_NULL, "new_text": TEXT_OR_NULL,
}, required=["from", "to", "text_changed"])
ONE_RULE = _object({"number": NUMBER, "text": TEXT_OR_NULL})
DIFF = _object({
    "from": RELEASE_ID,
    "counts": _object({k: {"type": "integer", "minimum": 0} for k in ("added", "removed", "changed", "renumbered")}),
    "added": {"type": "array", "items": ONE_RULE},
    "removed": {"type": "array", "items": ONE_RULE},
    "changed": {"type": "array", "items": CHANGE},
    "renumbered": {"type": "array", "items": CHANGE},
})

SCHEMAS: dict[str, dict[str, Any]] = {
    "releases": {
        "$schema": DRAFT,
        "$id": "releases.json",
        "title": "Releases of the Comprehensive Rules",
        **_object({
            "newest": RELEASE_ID,
            "releases": {"type": "array", "minItems": 1, "items": _object(SUMMARY_PROPERTIES)},
        }),
    },
    "release": {
        "$schema": DRAFT,
        "$id": "release.json",
        "title": "One release: its rules, glossary, keywords and diff from the release before",
        **_object({
            **SUMMARY_PROPERTIES,
            "diff": _nullable(DIFF),
            "keywords": _object({
                "abilities": {"type": "array", "items": KEYWORD, "description": "keyword abilities (702.x)"},
                "actions": {"type": "array", "items": KEYWORD, "description": "keyword actions (701.x)"},
                "ability_words": {"type": "array", "items": {"type": "string"}, "description": "ability words (207.2c)"},
            }),
            "rules": _nullable({"type": "array", "items": RULE}),
            "parts": _nullable({"type": "array", "items": _object({
                "number": NUMBER, "title": _object({"en": {"type": "string"}, "es": TEXT_OR_NULL})})}),
            "glossary": _nullable({"type": "array", "items": TERM}),
        }),
    },
    "traces": {
        "$schema": DRAFT,
        "$id": "traces.json",
        "title": "Every rule's line of descent across the releases",
        **_object({
            "releases": {"type": "array", "items": RELEASE_ID},
            "lines": {"type": "array", "items": _object({
                "runs": {"type": "array", "minItems": 1, "items": {
                    "type": "array", "prefixItems": [{"type": "integer", "minimum": 0}, {"type": "integer", "minimum": 0}, NUMBER],
                    "minItems": 3, "maxItems": 3,
                    "description": "[first release index, last release index, the rule's number in them]"}},
                "changed": {"type": "array", "items": {"type": "integer", "minimum": 0},
                            "description": "indexes of the releases in which the text differs from the release before"},
                "newest": {**TEXT_OR_NULL, "description": "the rule's number in the newest release, null if it is gone"},
            })},
        }),
    },
}
