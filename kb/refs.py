"""Cross-references inside the rules: "See rule 405", "rules 601.2b and 601.2f–h", "ver la regla 608".

The text is cut into a few kinds of token (numbers, dashes, quoted titles, words, punctuation) and a
small state machine walks them. A trigger word ("rule", "see", "regla", "ver" ...) opens a list of
references; numbers, commas, conjunctions and the quoted titles that follow a section number keep it
open; anything else closes it. A number shaped like a rule ("702.19c") is a reference wherever it
stands; a bare section number ("718") or part number ("8") only after a trigger, so "exactly 100
cards" or "20 life" never become references.

Ranges are expanded: "601.2f–h" is 601.2f, 601.2g, 601.2h (subrule letters skip l and o), "119.7–8"
is 119.7 and 119.8, "903.6–903.11" the six rules between. Every reference of a range carries the
range's own surface text and span, so a renderer can link that span once.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from contextlib import contextmanager
from functools import lru_cache
from typing import TYPE_CHECKING, Literal

if TYPE_CHECKING:
    from kb.model import CRDocument

RefKind = Literal["rule", "section", "part"]

# Subrule letters: l and o are never used, to avoid confusion with 1 and 0.
SUBRULE_LETTERS = "abcdefghijkmnpqrstuvwxyz"
# A range wider than this is far more likely a misreading than a reference.
MAX_RANGE = 60

_TRIGGERS = {
    "en": {
        "rule": "rule", "rules": "rule", "subrule": "rule", "subrules": "rule",
        "section": "section", "sections": "section",
        "see": "see",
    },
    "es": {
        "regla": "rule", "reglas": "rule", "subregla": "rule", "subreglas": "rule",
        "sección": "section", "seccion": "section", "secciones": "section",
        "ver": "see", "véase": "see", "vease": "see", "véanse": "see", "veanse": "see",
        "vea": "see", "consulta": "see", "consulte": "see", "consultar": "see",
    },
}
# Words that may stand between a trigger and its number, or between two items of a list.
_FILLERS = {
    "en": {"also", "the"},
    "es": {"la", "las", "el", "los", "también", "tambien"},
}
# Words joining the items of a list.
_JOINERS = {
    "en": {"and", "or", "and/or", "then"},
    "es": {"y", "e", "o", "u", "y/o", "luego"},
}

# Where a reference can start: a digit, or a trigger word standing on its own. The lookahead on
# the possible first characters lets the search skip most positions cheaply.
_INTERESTING = {
    lang: re.compile(
        "(?=[\\d" + "".join(sorted({w[0] for w in words} | {w[0].upper() for w in words})) + "])"
        + r"(?:\d|\b(?:" + "|".join(sorted(map(re.escape, words), key=len, reverse=True)) + r")\b)",
        re.IGNORECASE,
    )
    for lang, words in _TRIGGERS.items()
}

_QUOTE_PAIRS = {"“": "”", "«": "»", '"': '"', "„": "“"}
_MAX_TITLE = 160

_TOKEN = re.compile(
    r"""
    (?P<number>\d+(?:\.\d+[a-z]?)?)
    | (?P<dash>\s?[–‑—-]\s?)
    | (?P<quote>[“«"„])
    | (?P<word>[^\W\d_]+(?:/[^\W\d_]+)?)
    | (?P<space>\s+)
    | (?P<punct>.)
    """,
    re.VERBOSE | re.DOTALL,
)
_RULE_ID = re.compile(r"(?P<section>[1-9]\d\d)(?:\.(?P<rule>[1-9]\d*|0)(?P<letter>[a-km-np-z])?)?\Z")
_PART_ID = re.compile(r"[1-9]\Z")
# What may end a range: a letter ("601.2f–h"), a rule number ("119.7–8"), or a whole id ("903.6–903.11").
_DASH = re.compile(r"\s?[–‑-]\s?")
_RANGE_END = re.compile(r"(?:[1-9]\d\d\.\d+[a-z]?|\d+[a-z]?|[a-z])(?![\w/])")
# "702.19b through 702.19e": written out, a range names its last rule in full.
_THROUGH = re.compile(r"\s+through\s+(?=[1-9]\d\d\.)", re.IGNORECASE)
_FULL_END = re.compile(r"[1-9]\d\d\.\d+[a-z]?(?![\w/])")
RANGE_JOIN = re.compile(r"\s?[–‑-]\s?|\s+through\s+", re.IGNORECASE)


@dataclass(frozen=True)
class Reference:
    """One rule, section or part the text points at; `surface` is the text at `start`..`end`."""

    target: str
    surface: str
    start: int
    end: int
    kind: RefKind

    def __repr__(self) -> str:
        return (
            f"Reference(target={self.target!r}, surface={self.surface!r}, "
            f"start={self.start}, end={self.end}, kind={self.kind!r})"
        )


def kind_of(target: str) -> RefKind | None:
    """The kind of id `target` is, or None if it is no id of the rules."""
    if _PART_ID.match(target):
        return "part"
    match = _RULE_ID.match(target)
    if not match:
        return None
    return "rule" if match["rule"] is not None else "section"


def letter_range(first: str, last: str) -> list[str]:
    """Subrule letters from `first` to `last` inclusive, skipping l and o; empty if not a range."""
    if first not in SUBRULE_LETTERS or last not in SUBRULE_LETTERS:
        return []
    i, j = SUBRULE_LETTERS.index(first), SUBRULE_LETTERS.index(last)
    return list(SUBRULE_LETTERS[i : j + 1]) if i < j else []


def expand_range(start: str, end: str) -> list[str]:
    """The ids a range "start–end" covers; `end` may be written in full or abbreviated. Empty if invalid."""
    head = _RULE_ID.match(start)
    if not head:
        return []
    section, number, letter = head["section"], head["rule"], head["letter"]
    if len(end) == 1 and end.isalpha():
        if number is None or letter is None:
            return []
        return [f"{section}.{number}{x}" for x in letter_range(letter, end)]
    full_end = _RULE_ID.match(end)
    if full_end and "." in end:
        if full_end["section"] != section or number is None:
            return []
        if full_end["rule"] == number and letter and full_end["letter"]:
            return [f"{section}.{number}{x}" for x in letter_range(letter, full_end["letter"])]
        end_number, end_letter = full_end["rule"], full_end["letter"]
    elif full_end and number is None:
        # "rules 100–199": a range of sections.
        low, high = int(section), int(end)
        if not low < high <= low + MAX_RANGE:
            return []
        return [str(n) for n in range(low, high + 1)]
    else:
        match = re.fullmatch(r"(\d+)([a-z]?)", end)
        if not match or number is None:
            return []
        end_number, end_letter = match[1], match[2] or None
    if letter or end_letter:
        return []
    low, high = int(number), int(end_number)
    if not low < high <= low + MAX_RANGE:
        return []
    return [f"{section}.{n}" for n in range(low, high + 1)]


@dataclass
class _Token:
    kind: str
    text: str
    start: int
    end: int


class _Lexer:
    """Tokens on demand: a quoted title is a token only where the reader asks for one."""

    def __init__(self, text: str, interesting: re.Pattern[str]):
        self.text = text
        self.interesting = interesting
        self._seen: dict[int, _Token | None] = {}

    def interesting_at(self, pos: int) -> _Token | None:
        """The next token that can open a reference (a number or a trigger word) at or after `pos`."""
        found = self.interesting.search(self.text, pos)
        return self.token_at(found.start()) if found else None

    def token_at(self, pos: int) -> _Token | None:
        """The token starting at or after `pos` (spaces skipped), or None at the end."""
        if pos not in self._seen:
            self._seen[pos] = self._lex(pos)
        return self._seen[pos]

    def _lex(self, pos: int) -> _Token | None:
        text = self.text
        while pos < len(text):
            match = _TOKEN.match(text, pos)
            assert match is not None  # the last alternative matches any character
            kind = match.lastgroup or "punct"
            if kind == "space":
                pos = match.end()
                continue
            end = match.end()
            if kind == "quote":
                kind = "punct"
            elif kind == "number":
                end = _number_end(text, match)
            return _Token(kind, text[pos:end], pos, end)
        return None

    def title_at(self, token: _Token) -> _Token | None:
        """The quoted title opening at `token`, if its closing quote follows on the same line."""
        closing = _QUOTE_PAIRS.get(token.text)
        if closing is None:
            return None
        close_at = self.text.find(closing, token.end, token.end + _MAX_TITLE)
        if close_at <= token.end or any(c in self.text[token.end : close_at] for c in "\r\n"):
            return None
        return _Token("title", self.text[token.start : close_at + 1], token.start, close_at + 1)


def _number_end(text: str, match: re.Match[str]) -> int:
    """Extend a number over a range suffix ("601.2f–h", "119.7–8", "702.19b through 702.19e")."""
    end = match.end()
    for join, tail_pattern in ((_DASH, _RANGE_END), (_THROUGH, _FULL_END)):
        joined = join.match(text, end)
        if not joined:
            continue
        tail = tail_pattern.match(text, joined.end())
        if tail and expand_range(match.group(), tail.group()):
            return tail.end()
    return end


def _standalone(text: str, token: _Token) -> bool:
    """Whether a number stands on its own, not inside "+1/+1", "{2}", "999,999", "2.5" or "98057-0707"."""
    before = text[token.start - 1] if token.start else " "
    after = text[token.end : token.end + 2]
    if before.isalnum() or before in "./{+−-,_":
        return False
    if after[:1] in ("/", "}", "_") or after[:1].isalnum():
        return False
    if after[:1] in ",." and after[1:2].isdigit():
        return False
    return True


def _split_range(surface: str) -> tuple[str, str | None]:
    match = re.match(r"(\d+(?:\.\d+[a-z]?)?)(?:(?:\s?[–‑-]\s?|\s+through\s+)(.+))?\Z", surface, re.IGNORECASE)
    assert match is not None
    return match[1], match[2]


def _targets(surface: str) -> list[str]:
    start, end = _split_range(surface)
    if end is None:
        return [start]
    return expand_range(start, end)


class _Reader:
    """The state machine: IDLE, OPEN (after a trigger), LIST (after an item), NEXT (after a joiner)."""

    def __init__(self, text: str, lang: str):
        if lang not in _TRIGGERS:
            raise ValueError(f"unknown language {lang!r}: expected 'en' or 'es'")
        self.text = text
        self.lexer = _Lexer(text, _INTERESTING[lang])
        self.lang = lang
        self.triggers = _TRIGGERS[lang]
        self.fillers = _FILLERS[lang]
        self.joiners = _JOINERS[lang]
        self.found: list[Reference] = []

    def run(self) -> list[Reference]:
        state, trigger = "IDLE", None
        token = self.lexer.interesting_at(0)
        while token is not None:
            following = self.lexer.token_at(token.end)
            word = token.text.lower() if token.kind == "word" else None
            title = self.lexer.title_at(token) if state in ("LIST", "NEXT") else None
            if title is not None:
                # A section's title after its number: skipped whole; the list goes on after a joiner.
                following = self.lexer.token_at(title.end)
                state = "LIST"
            elif word in self.triggers:
                state, trigger = "OPEN", self.triggers[word]
            elif state == "OPEN" and word in self.fillers:
                pass
            elif state in ("OPEN", "NEXT") and token.kind == "number":
                if self._take(token, trigger, following, listed=state == "NEXT"):
                    state = "LIST"
                else:
                    state, trigger = self._idle_number(token, following)
            elif state == "NEXT" and self._letter(token, following):
                state = "LIST"  # "rules 608.3a and b": the letter names 608.3b
            elif state in ("LIST", "NEXT") and (token.text in (",", ";") or word in self.joiners):
                state = "NEXT"
            elif state == "NEXT" and word in self.fillers:
                pass
            elif token.kind == "number":
                state, trigger = self._idle_number(token, following)
            else:
                state, trigger = "IDLE", None
            end = title.end if title is not None else token.end
            if following is not None and "\n" in self.text[end:following.start]:
                state, trigger = "IDLE", None  # a list never runs on to the next line (a glossary sense)
            # Outside a list only numbers and trigger words matter: skip straight to the next one.
            token = following if state != "IDLE" else self.lexer.interesting_at(end)
        return self.found

    def _letter(self, token: _Token, following: _Token | None) -> bool:
        """A lone subrule letter after a listed subrule ("608.3a and b", "702.19c, d and e"): taken
        if it comes after the last letter listed, and is the next letter or ends the list (so "rule
        100.2a and d cards" is no list)."""
        if token.kind != "word" or len(token.text) != 1 or not self.found:
            return False
        last = self.found[-1]
        match = _RULE_ID.match(last.target)
        letter = token.text
        if not match or not match["letter"] or letter not in SUBRULE_LETTERS:
            return False
        if SUBRULE_LETTERS.index(letter) <= SUBRULE_LETTERS.index(match["letter"]):
            return False
        adjacent = SUBRULE_LETTERS.index(letter) == SUBRULE_LETTERS.index(match["letter"]) + 1
        if (not adjacent and following is not None and following.kind == "word"
                and following.text.lower() not in self.joiners):
            return False
        if following is not None and following.kind == "number":
            return False
        target = f"{match['section']}.{match['rule']}{letter}"
        self.found.append(Reference(target, token.text, token.start, token.end, "rule"))
        return True

    def _idle_number(self, token: _Token, following: _Token | None) -> tuple[str, str | None]:
        """A number outside any list is a reference only if it is shaped like a rule number."""
        if self._take(token, None, following, listed=False):
            return "LIST", "rule"
        return "IDLE", None

    def _take(self, token: _Token, trigger: str | None, following: _Token | None, listed: bool) -> bool:
        if not _standalone(self.text, token):
            return False
        start, _ = _split_range(token.text)
        kind = kind_of(start)
        if kind is None:
            return False
        if kind == "part" and trigger != "section":
            return False
        if trigger is None and kind != "rule":
            return False
        if trigger is None and self.lang == "es" and re.fullmatch(r"\d{3}\.\d{3}", token.text):
            # Spanish writes thousands as "999.999": without a trigger that is a quantity.
            return False
        if (listed or trigger == "see") and kind != "rule" and self._counts_something(following):
            # "see 100 cards", "rule 119.3, 100 life": a bare number before a noun is a quantity.
            return False
        targets = _targets(token.text)
        if not targets:
            return False
        for target in targets:
            self.found.append(Reference(target, token.text, token.start, token.end, kind_of(target) or kind))
        return True

    def _counts_something(self, following: _Token | None) -> bool:
        if following is None or following.kind != "word":
            return False
        word = following.text.lower()
        return word not in self.joiners and word not in self.triggers and word not in self.fillers


def find_references(text: str, lang: str = "en") -> list[Reference]:
    """Every reference to a rule, section or part in `text`, in order of appearance.

    `lang` is "en" or "es" (the trigger words differ). A range yields one reference per id it
    covers, all with the range's surface and span.
    """
    return list(_cached_references(text, lang))


@lru_cache(maxsize=1 << 16)
def _cached_references(text: str, lang: str) -> tuple[Reference, ...]:
    # Most rules read the same from one release to the next: each text is read once.
    if len(text) < _LONG_TEXT:
        return tuple(_Reader(text, lang).run())
    with _collector_paused():
        return tuple(_Reader(text, lang).run())


# A text this long makes enough objects that the cyclic collector's passes over them, not the
# reading, would cost the most (it creates no cycles: reference counting frees it all).
_LONG_TEXT = 1 << 16


@contextmanager
def _collector_paused():
    import gc

    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def clear_cache() -> None:
    """Forget the texts already read (for timing a cold start)."""
    _cached_references.cache_clear()


def document_references(doc: CRDocument) -> Iterator[tuple[str, Reference]]:
    """Every reference in a parsed release, with the id of the text it stands in.

    Sources are rule ids ("101.4"; for sections and parts the reference is in their title),
    example ids ("101.4#ex1") and glossary entries ("glossary:Active Player"). Offsets are
    relative to that source's own text (each glossary sense is searched on its own, offsets
    relative to the joined `GlossaryEntry.text`).
    """
    lang = getattr(doc, "lang", "en") or "en"
    for rule in doc.rules:
        for ref in find_references(rule.text, lang):
            yield rule.id, ref
        for example in rule.examples:
            for ref in find_references(example.text, lang):
                yield example.id, ref
    for entry in doc.glossary:
        for ref in find_references(entry.text, lang):
            yield f"glossary:{entry.term}", ref


def broken_references(doc: CRDocument) -> list[tuple[str, Reference]]:
    """References to ids the same release does not have, with the id of the text citing them."""
    known = {rule.id for rule in doc.rules}
    return [(source, ref) for source, ref in document_references(doc) if ref.target not in known]
