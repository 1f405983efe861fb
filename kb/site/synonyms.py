"""The curated synonyms of the search box (`corpus/terms/synonyms.tsv`: a phrase, its language and
the rule, section or part it leads to), read and checked, each phrase compared as the box compares a
query (`fold`). The site's data gathers them (`kb.site.sitedata`); the query index and the ranking
give them to the box (`kb.site.query`).

Also the everyday words of players (`corpus/terms/everyday.tsv`: "kill" for what the rules call
"destroy", "tapeada" for "girada"), which the ranking looks for in the rules' own words
(`kb.site.ranking`)."""

from __future__ import annotations

import csv
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

SYNONYMS_HEADER = ("phrase", "lang", "target", "note")
SYNONYM_LANGS = ("en", "es", "both")


class SynonymError(ValueError):
    """A synonyms table that cannot be read: `path:line: reason`."""


@dataclass(frozen=True)
class Synonym:
    phrase: str
    lang: str
    target: str
    note: str
    line: int


def load_synonyms(path: str | Path) -> list[Synonym]:
    """The curated phrases of `path` (UTF-8, tab-separated, header `phrase lang target note`)."""
    path = Path(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines or tuple(cell.strip() for cell in lines[0].split("\t")) != SYNONYMS_HEADER:
        raise SynonymError(f"{path}:1: the header must be {chr(9).join(SYNONYMS_HEADER)!r}")
    out, seen = [], {}
    for number, line in enumerate(lines[1:], 2):
        if not line.strip() or line.startswith("#"):
            continue
        cells = [c.strip() for c in next(csv.reader([line], delimiter="\t", quoting=csv.QUOTE_NONE))]
        if len(cells) < 3 or len(cells) > 4:
            raise SynonymError(f"{path}:{number}: {len(cells)} columns, expected 4")
        phrase, lang, target, note = (cells + [""])[:4]
        if not fold(phrase):
            raise SynonymError(f"{path}:{number}: the phrase is empty")
        if lang not in SYNONYM_LANGS:
            raise SynonymError(f"{path}:{number}: lang {lang!r} is not one of {', '.join(SYNONYM_LANGS)}")
        if not re.fullmatch(r"\d(?:\d\d(?:\.\d+[a-z]?)?)?", target):
            raise SynonymError(f"{path}:{number}: target {target!r} is not a rule, section or part number")
        key = fold(phrase)
        if key in seen:
            raise SynonymError(f"{path}:{number}: {phrase!r} is already given at line {seen[key]}")
        seen[key] = number
        out.append(Synonym(phrase, lang, target, note, number))
    return out


def fold(text: str) -> str:
    """A phrase as the search box compares it: lower case, no accents, words of letters and digits
    (and "/") separated by single spaces. Kept in step with `fold` in site/assets/kb.js."""
    text = unicodedata.normalize("NFD", text.casefold())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w/]+", " ", text.replace("’", "'").replace("'", "")).split())


EVERYDAY_HEADER = ("words", "lang", "rules", "note")
EVERYDAY_LANGS = ("en", "es")


class EverydayWordError(ValueError):
    """An everyday words table that cannot be read, or that names a word the rules do not say:
    `path:line: reason`."""


@dataclass(frozen=True)
class EverydayWord:
    """A player's word in its forms (`words`, folded) and the rules' own words for it (`rules`)."""

    words: tuple[str, ...]
    lang: str
    rules: tuple[str, ...]
    note: str
    line: int
    source: str

    def where(self) -> str:
        return f"{self.source}:{self.line}"


def load_everyday_words(path: str | Path) -> list[EverydayWord]:
    """The everyday words of `path` (UTF-8, tab-separated, header `words lang rules note`; `words`
    and `rules` lists of single words separated by commas; lines starting with "#" are comments)."""
    path = Path(path)
    lines = path.read_text(encoding="utf-8").splitlines()
    if not lines or tuple(cell.strip() for cell in lines[0].split("\t")) != EVERYDAY_HEADER:
        raise EverydayWordError(f"{path}:1: the header must be {chr(9).join(EVERYDAY_HEADER)!r}")
    out: list[EverydayWord] = []
    seen: dict[tuple[str, str], int] = {}
    for number, line in enumerate(lines[1:], 2):
        if not line.strip() or line.startswith("#"):
            continue
        cells = [c.strip() for c in line.split("\t")]
        if len(cells) < 3 or len(cells) > 4:
            raise EverydayWordError(f"{path}:{number}: {len(cells)} columns, expected 4")
        words_cell, lang, rules_cell, note = (cells + [""])[:4]
        if lang not in EVERYDAY_LANGS:
            raise EverydayWordError(f"{path}:{number}: lang {lang!r} is not one of {', '.join(EVERYDAY_LANGS)}")
        lists = []
        for column, cell in (("words", words_cell), ("rules", rules_cell)):
            items = [fold(item) for item in cell.split(",")]
            if not all(items):
                raise EverydayWordError(f"{path}:{number}: {column} has an empty item")
            several = [item for item in items if " " in item]
            if several:
                raise EverydayWordError(f"{path}:{number}: {several[0]!r} in {column} is not a single word")
            lists.append(tuple(dict.fromkeys(items)))
        words, rules = lists
        both = sorted(set(words) & set(rules))
        if both:
            raise EverydayWordError(f"{path}:{number}: {both[0]!r} is both an everyday word and a rules word")
        for word in words:
            if (word, lang) in seen:
                raise EverydayWordError(f"{path}:{number}: {word!r} is already given at line {seen[word, lang]}")
            seen[word, lang] = number
        out.append(EverydayWord(words, lang, rules, note, number, str(path)))
    return out
