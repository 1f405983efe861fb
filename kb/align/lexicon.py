"""A small word lexicon learnt from the term pairs the corpus itself provides (section titles from the
navigation boxes, "(en Inglés, X)" pairs, paired glossary headings).

Two words are taken as translations when they keep turning up in the same pairs ("turno" and "turn":
"Estructura del turno" / "Turn Structure", "Finalizando el turno" / "Ending the Turn", ...), measured
by the Dice coefficient of their co-occurrence. The lexicon only breaks ties between English
candidates that the language-independent signals cannot tell apart.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable

_WORD = re.compile(r"[^\W\d_]+")
_STOP = {
    "es": {"de", "del", "la", "las", "el", "los", "y", "o", "en", "un", "una", "con", "por", "para", "a", "al", "que"},
    "en": {"the", "of", "and", "or", "a", "an", "to", "in", "on", "with", "for", "by", "that"},
}
# Co-occurrence strength (Dice) from which a word pair counts as a translation.
MIN_DICE = 0.5
MIN_PAIRS = 2


def words(text: str, lang: str) -> set[str]:
    """Content words, lower-cased, with a plain plural "s" taken off."""
    out = set()
    for word in _WORD.findall(text.casefold()):
        if word in _STOP[lang] or len(word) < 3:
            continue
        if word.endswith("s") and len(word) > 4:
            word = word[:-1]
        out.add(word)
    return out


class Lexicon:
    def __init__(self, pairs: Iterable[tuple[str, str]] = ()):
        seen = set()
        es_count: Counter[str] = Counter()
        en_count: Counter[str] = Counter()
        both: Counter[tuple[str, str]] = Counter()
        for es, en in pairs:
            key = (es.casefold().strip(), en.casefold().strip())
            if key in seen or not key[0] or not key[1]:
                continue
            seen.add(key)
            es_words, en_words = words(es, "es"), words(en, "en")
            es_count.update(es_words)
            en_count.update(en_words)
            both.update((a, b) for a in es_words for b in en_words)
        self.translations: dict[str, set[str]] = {}
        for (a, b), n in both.items():
            if n < MIN_PAIRS:
                continue
            if 2 * n / (es_count[a] + en_count[b]) >= MIN_DICE:
                self.translations.setdefault(a, set()).add(b)

    def similarity(self, es: str, en: str) -> float:
        """Share of the Spanish words the lexicon knows whose translation the English holds (0 when it
        knows none of them)."""
        known = [w for w in words(es, "es") if w in self.translations]
        if not known:
            return 0.0
        en_words = words(en, "en")
        return sum(1 for w in known if self.translations[w] & en_words) / len(known)

    def __len__(self) -> int:
        return len(self.translations)
