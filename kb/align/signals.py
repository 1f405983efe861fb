"""What a text says that survives translation: the rules it cites, the numbers it states, how many
phrases it quotes, how many examples it gives, the proper names it keeps, and roughly how long it is.

Two texts in different languages are compared on these alone, so a Spanish rule can be told to
translate one English text rather than another without reading either language.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from kb.refs import find_references

Verdict = Literal["agree", "disagree", "none"]

# Number words, per language. "one"/"uno"/"un"/"una" are left out: they are articles and pronouns
# far more often than quantities, and would make every text "state" the number 1.
_NUMBER_WORDS = {
    "en": {
        "two": 2, "twice": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14,
        "fifteen": 15, "sixteen": 16, "seventeen": 17, "eighteen": 18, "nineteen": 19,
        "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "seventy": 70,
        "eighty": 80, "ninety": 90, "hundred": 100, "thousand": 1000,
    },
    "es": {
        "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "seis": 6, "siete": 7, "ocho": 8,
        "nueve": 9, "diez": 10, "once": 11, "doce": 12, "trece": 13, "catorce": 14,
        "quince": 15, "dieciséis": 16, "dieciseis": 16, "diecisiete": 17, "dieciocho": 18,
        "diecinueve": 19, "veinte": 20, "treinta": 30, "cuarenta": 40, "cincuenta": 50,
        "sesenta": 60, "setenta": 70, "ochenta": 80, "noventa": 90, "cien": 100, "ciento": 100,
        "mil": 1000,
    },
}
_NUMBER = re.compile(r"(?<![\w.])[+\-−]?\d{1,3}(?:[.,]\d{3})+(?![\d])|(?<![\w.])[+\-−]?\d+(?:/[+\-−]?\d+)?(?![\w])")
# Each language's number words, as whole words (a word: a run of letters), in any case.
_NUMBER_WORD = {
    lang: re.compile(r"(?<![^\W\d_])(?:" + "|".join(sorted(words, key=len, reverse=True)) + r")(?![^\W\d_])",
                     re.IGNORECASE)
    for lang, words in _NUMBER_WORDS.items()
}
_OPENING_QUOTES = "“«„"
_NAME = re.compile(r"(?<![\w’'])[A-Z][A-Za-z]{2,}(?:[’'][a-z]+)?")
# A Spanish text runs longer than its English original; outside this band of length ratios the
# two are unlikely to say the same thing.
LENGTH_BAND = (0.75, 1.9)
_MIN_LENGTH = 60

# How much each signal weighs. References, stated numbers and examples are hard facts a translator
# keeps; quotes, names and length are softer.
WEIGHTS = {
    "refs": 3, "numbers": 2, "examples": 2, "title": 2, "spelled": 1, "quotes": 1, "length": 1, "names": 1,
}
STRONG = ("refs", "numbers", "examples", "title")


@dataclass(frozen=True)
class Fingerprint:
    """The language-independent content of one record (its text and its examples)."""

    refs: frozenset[str]
    numbers: frozenset[str]
    digits: frozenset[str]
    quotes: int
    examples: int
    names: frozenset[str]
    length: int

    @classmethod
    def of(cls, text: str, examples: Iterable[str] = (), lang: str = "en") -> Fingerprint:
        examples = list(examples)
        refs: set[str] = set()
        numbers: set[str] = set()
        digits: set[str] = set()
        names: set[str] = set()
        quotes = 0
        for piece in [text, *examples]:
            found = find_references(piece, lang)
            refs.update(r.target for r in found)
            spans = [(r.start, r.end) for r in found]
            numbers.update(stated_numbers(piece, lang, spans))
            digits.update(stated_numbers(piece, None, spans))
            quotes += count_quotes(piece)
            names.update(proper_names(piece))
        return cls(
            refs=frozenset(refs),
            numbers=frozenset(numbers),
            digits=frozenset(digits),
            quotes=quotes,
            examples=len(examples),
            names=frozenset(names),
            length=len(text) + sum(len(e) for e in examples),
        )


def stated_numbers(text: str, lang: str | None, skip: list[tuple[int, int]] = ()) -> set[str]:
    """Quantities the text states, as digits ("fifteen" and "quince" both give "15"), leaving out
    the spans in `skip` (references to rules). With `lang` None, only numbers written in digits."""
    found: set[str] = set()
    for match in _NUMBER.finditer(text):
        if any(start <= match.start() < end for start, end in skip):
            continue
        token = match.group().replace("−", "-")
        if "/" not in token:
            token = re.sub(r"[.,]", "", token)
        found.add(token)
    spelled = _NUMBER_WORD.get(lang or "")
    if spelled is not None:
        words = _NUMBER_WORDS[lang]
        found.update(str(words[match.group().lower()]) for match in spelled.finditer(text))
    return found


def count_quotes(text: str) -> int:
    """Quoted phrases: typographic opening quotes, and pairs of straight double quotes."""
    return sum(text.count(q) for q in _OPENING_QUOTES) + text.count('"') // 2


def proper_names(text: str) -> set[str]:
    """Capitalised words not opening a sentence: card names, acronyms, names of people."""
    names = set()
    for match in _NAME.finditer(text):
        before = text[: match.start()].rstrip(" “«„\"(")
        if not before or before[-1] in ".:!?¿¡\n":
            continue
        names.add(match.group())
    return names


@dataclass(frozen=True)
class Signal:
    name: str
    verdict: Verdict
    detail: str

    @property
    def weight(self) -> int:
        return WEIGHTS[self.name]


@dataclass(frozen=True)
class Agreement:
    """How far a Spanish record and an English record say the same thing."""

    signals: tuple[Signal, ...] = field(default_factory=tuple)

    @property
    def score(self) -> int:
        value = {"agree": 1, "disagree": -1, "none": 0}
        return sum(s.weight * value[s.verdict] for s in self.signals)

    @property
    def strong_disagreements(self) -> list[Signal]:
        return [s for s in self.signals if s.verdict == "disagree" and s.name in STRONG]

    @property
    def weak_disagreements(self) -> list[Signal]:
        return [s for s in self.signals if s.verdict == "disagree" and s.name not in STRONG]

    @property
    def level(self) -> Literal["agrees", "partial", "disagrees"]:
        """`agrees`: nothing against, or one soft signal; `partial`: the hard facts hold but the
        soft signals differ; `disagrees`: a hard fact differs."""
        if self.strong_disagreements:
            return "disagrees"
        if len(self.weak_disagreements) > 1:
            return "partial"
        return "agrees"

    @property
    def positive(self) -> list[Signal]:
        return [s for s in self.signals if s.verdict == "agree"]

    def describe(self) -> str:
        """One line: what agrees, then what does not."""
        agree = [s.detail for s in self.signals if s.verdict == "agree"]
        differ = [s.detail for s in self.signals if s.verdict == "disagree"]
        parts = []
        if agree:
            parts.append("agrees on " + "; ".join(agree))
        if differ:
            parts.append("differs on " + "; ".join(differ))
        return ", ".join(parts) if parts else "no content signal either way"


def _ids(values: Iterable[str]) -> str:
    return ", ".join(sorted(values, key=_natural)) or "none"


def _natural(value: str) -> list:
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", value)]


def compare(
    es: Fingerprint,
    en: Fingerprint,
    ref_map: dict[str, str] | None = None,
    title_agrees: bool | None = None,
    title_label: str = "known section title",
) -> Agreement:
    """Compare the fingerprints of a Spanish and an English record.

    `ref_map` renames the Spanish references first (a section the two releases number differently);
    `title_agrees` is what known translations (section titles, terms) say of the pair, if anything.
    """
    signals: list[Signal] = []
    es_refs = frozenset(ref_map.get(r, r) for r in es.refs) if ref_map else es.refs
    if es_refs or en.refs:
        if es_refs == en.refs:
            signals.append(Signal("refs", "agree", f"references {_ids(en.refs)}"))
        else:
            signals.append(
                Signal("refs", "disagree", f"references (Spanish {_ids(es_refs)}; English {_ids(en.refs)})")
            )
    else:
        signals.append(Signal("refs", "none", "no references"))
    # A number written in digits on one side must be on the other (in digits or words); a number
    # only ever spelled out may be lost or added by a translator's phrasing ("both"/"los dos").
    hard = (es.digits - en.numbers) | (en.digits - es.numbers)
    soft = (es.numbers ^ en.numbers) - hard
    if hard:
        signals.append(
            Signal("numbers", "disagree", f"numbers (Spanish {_ids(es.numbers)}; English {_ids(en.numbers)})")
        )
    elif soft:
        signals.append(
            Signal(
                "spelled", "disagree", f"spelled-out numbers (Spanish {_ids(es.numbers)}; English {_ids(en.numbers)})"
            )
        )
    elif es.numbers:
        signals.append(Signal("numbers", "agree", f"numbers {_ids(en.numbers)}"))
    else:
        signals.append(Signal("numbers", "none", "no numbers"))
    if es.examples or en.examples:
        verdict: Verdict = "agree" if es.examples == en.examples else "disagree"
        detail = (
            f"{en.examples} example(s)"
            if verdict == "agree"
            else f"examples (Spanish {es.examples}; English {en.examples})"
        )
        signals.append(Signal("examples", verdict, detail))
    if title_agrees is not None:
        signals.append(
            Signal("title", "agree" if title_agrees else "disagree", title_label)
        )
    if es.quotes or en.quotes:
        if es.quotes == en.quotes:
            signals.append(Signal("quotes", "agree", f"{en.quotes} quoted phrase(s)"))
        else:
            signals.append(
                Signal("quotes", "disagree", f"quoted phrases (Spanish {es.quotes}; English {en.quotes})")
            )
    shared = es.names & en.names
    if shared:
        signals.append(Signal("names", "agree", f"names {', '.join(sorted(shared))}"))
    if min(es.length, en.length) >= _MIN_LENGTH:
        ratio = es.length / en.length
        low, high = LENGTH_BAND
        if low <= ratio <= high:
            signals.append(Signal("length", "agree", f"length ratio {ratio:.2f}"))
        else:
            signals.append(Signal("length", "disagree", f"length ratio {ratio:.2f}"))
    return Agreement(tuple(signals))
