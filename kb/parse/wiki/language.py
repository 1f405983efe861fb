"""Which language a wiki page is written in, from the words the site and the rules put on it."""

from __future__ import annotations

import re
from collections import Counter

from kb.model import Lang

# Phrases only one of the two wikis prints, weighted above common words.
_MARKERS: dict[Lang, tuple[str, ...]] = {
    "es": (
        "reglas completas",
        "(en inglés",
        "(en ingles",
        "ejemplo:",
        " editar",
        "de las reglas",
        "del glosario",
        "descripción",
        "referencias",
        "fuentes",
        "extraído y traducido",
        "ver la regla",
    ),
    "en": (
        "comprehensive rules",
        "from the glossary",
        "example:",
        "from mtg wiki",
        "jump to navigation",
        "description",
        "references",
        "external links",
        "see rule",
        "tournament rules",
    ),
}
_COMMON: dict[Lang, frozenset[str]] = {
    "es": frozenset("el la los las de del que y en un una es por con para se su al lo como".split()),
    "en": frozenset("the of and to is in that for with it as are be this by an or".split()),
}
_MARKER_WEIGHT = 20
_WORD = re.compile(r"[^\W\d_]+")
# Enough text to decide; a page's opening is as telling as its whole.
_SAMPLE = 200_000


def detect_language(text: str) -> tuple[Lang, bool]:
    """The page's language, and whether the text gave evidence for it (False: a guess of English)."""
    sample = text[:_SAMPLE].casefold()
    scores: Counter[Lang] = Counter()
    for lang, markers in _MARKERS.items():
        scores[lang] += _MARKER_WEIGHT * sum(sample.count(marker) for marker in markers)
    words = Counter(_WORD.findall(sample))
    for lang, common in _COMMON.items():
        scores[lang] += sum(words[word] for word in common)
    if scores["es"] == scores["en"]:
        return "en", False
    return ("es" if scores["es"] > scores["en"] else "en"), True
