"""A catalog's header checked as `msgfmt -c` checks it, with the plural rule its language needs.

`msgfmt -c` requires a header entry with each of the fields below, none left at the template's
placeholder ("PACKAGE VERSION", "CHARSET"…), a charset in Content-Type, and a Plural-Forms whose
expression is valid C. Here the plural rule must also be the one gettext gives the language
(`PLURAL_FORMS`): a catalog saying Spanish has three forms would be read with the wrong one.
"""

from __future__ import annotations

import gettext
import re

from kb.translations.catalog import PLURAL_FORMS
from kb.translations.pofile import PoFile

REQUIRED = ("Project-Id-Version", "PO-Revision-Date", "Last-Translator", "Language-Team", "Language",
            "MIME-Version", "Content-Type", "Content-Transfer-Encoding", "Plural-Forms")
_PLACEHOLDERS = {
    "Project-Id-Version": "PACKAGE VERSION",
    "PO-Revision-Date": "YEAR-MO-DA",
    "Last-Translator": "FULL NAME",
    "Language-Team": "LANGUAGE <",
    "Content-Type": "CHARSET",
    "Content-Transfer-Encoding": "ENCODING",
}
_PLURAL = re.compile(r"^\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*$")
_SAMPLE = [*range(0, 1001), 1_000_000, 2_000_000, 10**9 + 1]


def header_problems(po: PoFile, lang: str = "es") -> list[tuple[int, str]]:
    """(line, reason) of each fault of `po`'s header."""
    if not po.header_line:
        return [(1, "no header entry (msgid \"\"): msgfmt -c requires one")]
    problems = []
    for name in REQUIRED:
        line = po.header_lines.get(name, po.header_line)
        if name not in po.header:
            problems.append((po.header_line, f"header field {name!r} missing"))
        elif name in _PLACEHOLDERS and _PLACEHOLDERS[name] in po.header[name]:
            problems.append((line, f"header field {name!r} still has its template value {po.header[name]!r}"))
    content_type = po.header.get("Content-Type")
    if content_type is not None and not re.search(r"charset\s*=\s*[\w.-]+", content_type):
        problems.append((po.header_lines.get("Content-Type", po.header_line),
                         f"Content-Type {content_type!r} states no charset"))
    plural = po.header.get("Plural-Forms")
    if plural is not None:
        reason = plural_problem(plural, lang)
        if reason:
            problems.append((po.header_lines.get("Plural-Forms", po.header_line), reason))
    return problems


def plural_problem(value: str, lang: str = "es") -> str | None:
    """Why the Plural-Forms `value` is wrong for `lang` (invalid, or another rule), or None."""
    expected = PLURAL_FORMS[lang]
    match = _PLURAL.match(value)
    if not match:
        return f"Plural-Forms {value!r} is not 'nplurals=N; plural=EXPRESSION;' (for {lang}: {expected!r})"
    count, expression = int(match.group(1)), match.group(2)
    try:
        if len(expression) > 400:
            raise ValueError("too long")
        rule = gettext.c2py(expression)
    except (ValueError, SyntaxError, RecursionError):
        return f"Plural-Forms {value!r}: invalid plural expression (for {lang}: {expected!r})"
    wanted = gettext.c2py(_PLURAL.match(expected).group(2))
    wanted_count = int(_PLURAL.match(expected).group(1))
    try:
        same = count == wanted_count and all(rule(n) == wanted(n) for n in _SAMPLE)
    except (ArithmeticError, ValueError):
        same = False
    if not same:
        return f"Plural-Forms {value!r} is not the rule of {lang} ({expected!r})"
    return None
