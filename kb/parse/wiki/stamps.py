"""The release stamp a wiki quote carries: "(June 7, 2024—Modern Horizons 3)",
"(Horizontes de Modern 3 — 7 junio, 2024)", "(Commander 2019 (23 agosto, 2019))",
"(Rivales de Ixalan (19 enero 2018))". Read into an ISO date and the set's name in both languages.

Month names come from the CLDR data in Babel (wide and abbreviated, English and Spanish, with the
Latin American "setiembre"); day and month may come in either order, with or without "de", commas
and ordinal suffixes, and the set may stand before or after the date, separated by any dash.
"""

from __future__ import annotations

import datetime
import re
from functools import lru_cache

from babel import Locale

from kb.model import Stamp
from kb.parse.wiki.sets import lookup_set
from kb.parse.wiki.text import clean, fold

_LOCALES = {"en": ("en",), "es": ("es", "es_419", "es_PE")}
_SEPARATORS = " \t—–―-‒,;:|/·"
_SPANISH_WORDS = frozenset("de del la las los el y en por".split())


@lru_cache(maxsize=1)
def _month_names() -> dict[str, tuple[int, frozenset[str]]]:
    """Folded month name -> (month number, languages that use it)."""
    names: dict[str, tuple[int, set[str]]] = {}
    for lang, locales in _LOCALES.items():
        for locale_name in locales:
            locale = Locale.parse(locale_name)
            for context in ("format", "stand-alone"):
                for width in ("wide", "abbreviated"):
                    for number, name in locale.months[context][width].items():
                        key = fold(name).rstrip(".")
                        month, langs = names.setdefault(key, (number, set()))
                        if month == number:
                            langs.add(lang)
    # Four-letter abbreviations CLDR does not list but pages write.
    for key, number, lang in (("sept", 9, "en"), ("set", 9, "es"), ("dic", 12, "es")):
        names.setdefault(key, (number, set()))[1].add(lang)
    return {key: (number, frozenset(langs)) for key, (number, langs) in names.items()}


@lru_cache(maxsize=1)
def _date_patterns() -> tuple[re.Pattern[str], ...]:
    months = "|".join(sorted((re.escape(k) for k in _month_names()), key=len, reverse=True))
    month = rf"(?P<month>(?:{months}))\.?"
    day = r"(?P<day>\d{1,2})(?:st|nd|rd|th|º|°|o)?"
    year = r"(?P<year>\d{4})"
    flags = re.IGNORECASE
    return (
        # June 7, 2024 / Jun. 7 2024
        re.compile(rf"(?<![^\W\d_]){month}[ ]+{day},?[ ]*,?[ ]+{year}(?!\d)", flags),
        # 7 junio, 2024 / 7 de junio de 2024 / 19 enero 2018 / 7 June 2024
        re.compile(rf"(?<!\d){day}[ ]+(?:de[ ]+)?{month}(?![^\W\d_]),?[ ]+(?:de[ ]+|del[ ]+)?{year}(?!\d)", flags),
        # 2024-06-07
        re.compile(r"(?<!\d)(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2})(?!\d)"),
        # 23 agosto: a date missing its year, no date at all but no part of the set's name either
        re.compile(rf"(?<!\d){day}[ ]+(?:de[ ]+)?{month}(?![^\W\d_])(?P<year>)", flags),
    )


def _strip_parentheses(text: str) -> str:
    """Remove one pair of parentheses that encloses the whole text."""
    while text.startswith("(") and text.endswith(")"):
        depth = 0
        for index, char in enumerate(text):
            depth += char == "("
            depth -= char == ")"
            if depth == 0 and index < len(text) - 1:
                return text
        text = text[1:-1].strip()
    return text


def _find_date(text: str) -> tuple[re.Match[str], int, str | None] | None:
    """The first date in the text, its month number and the language its words show (or None)."""
    months = _month_names()
    for index, pattern in enumerate(_date_patterns()):
        for match in pattern.finditer(text):
            month_text = match["month"]
            if month_text.isdigit():
                return match, int(month_text), None
            known = months.get(fold(month_text).rstrip("."))
            if known is None:
                continue
            number, langs = known
            if len(langs) == 1:
                lang = next(iter(langs))
            elif " de " in f" {match.group(0).casefold()} ":
                lang = "es"
            else:
                # Month-first is how English writes dates; Spanish puts the day first.
                lang = "en" if index == 0 else None
            return match, number, lang
    return None


def _set_language(name: str) -> str:
    words = set(fold(name).replace(":", " ").split())
    if words & _SPANISH_WORDS or any(c in name for c in "áéíóúñÁÉÍÓÚÑ"):
        return "es"
    return "en"


def parse_stamp(raw: str, lang: str | None = None) -> Stamp:
    """Read a stamp. `lang` is the page's language, used to name a set this module does not
    know when the date's own words do not tell the language."""
    text = _strip_parentheses(clean(raw))
    date: str | None = None
    date_lang: str | None = None
    rest = text
    found = _find_date(text)
    if found is not None:
        match, month, date_lang = found
        try:
            date = datetime.date(int(match["year"]), month, int(match["day"])).isoformat()
        except ValueError:  # 30 February, or no year
            date = None
        start, end = match.span()
        before, after = text[:start].rstrip(), text[end:].lstrip()
        # "Commander 2019 (23 agosto, 2019)": the parentheses went with the date.
        if before.endswith("(") and after.startswith(")"):
            before, after = before[:-1], after[1:]
        rest = f"{before} {after}"
    name = " ".join(_strip_parentheses(rest.strip(_SEPARATORS).strip()).split()) or None
    if name is not None and not any(c.isalnum() for c in name):
        name = None
    if name is None:
        return Stamp(raw, date, None, None)
    known = lookup_set(name)
    if known is not None:
        english, spanish, name_lang = known
        if name_lang == "en":
            return Stamp(raw, date, name, spanish)
        if name_lang == "es":
            return Stamp(raw, date, english, name)
        return Stamp(raw, date, name, name)
    side = date_lang or lang or _set_language(name)
    return Stamp(raw, date, name if side == "en" else None, name if side == "es" else None)
