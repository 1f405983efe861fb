"""Quality checks on every translated entry of the catalogs, one finding per problem, as
translators know them from pofilter or Weblate's checks. Each check compares an entry's Spanish
with its English:

- `references`: the rules cited differ (as `kb translations import` checks them);
- `symbols`: the mana and tap symbols differ ({T}, {2}{W});
- `numbers`: a number the English states in digits that the Spanish does not state;
- `quotes`: quotation marks left open, or straight quotes where the English has curly ones (the
  catalogs write “ ” and ’ as the English does);
- `terms`: a term of the term base whose Spanish is not used (exceptions.tsv excuses some);
- `doubled`: a word written twice in a row ("de de") that the English does not double;
- `punctuation`: the English ends with a full stop (or colon, question mark) and the Spanish not,
  or the reverse;
- `spaces`: leading or trailing white space, or a run of spaces, that the English does not have;
- `untranslated`: a long Spanish identical to its English, marked translated.

Fuzzy entries (whose Spanish translates an older English) and untranslated ones are not checked:
`kb translations todo` lists them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from kb.translations.check import _number_problems, placeholder_problems
from kb.translations.pofile import PoEntry

CHECKS = ("references", "symbols", "numbers", "quotes", "terms", "doubled", "punctuation", "spaces", "untranslated")

_DOUBLED = re.compile(r"(?<![\w’'])([^\W\d_]+)[ \t]+\1(?![\w’'])", re.IGNORECASE)
_ENDING = re.compile(r"[.:?!]$")
_RUN_OF_SPACES = re.compile(r"(?<=\S) {2,}(?=\S)")
# A Spanish identical to its English is suspect only when it is long enough to be prose, not a name.
_UNTRANSLATED_WORDS = 6


@dataclass(frozen=True)
class Finding:
    source: str
    line: int
    context: str
    check: str
    message: str

    def __str__(self) -> str:
        return f"{self.source}:{self.line}: [{self.context}] {self.check}: {self.message}"

    def to_data(self) -> dict:
        return dict(vars(self))


def entry_findings(entry: PoEntry, source: str) -> list[Finding]:
    """The findings of one translated entry (every check but `terms`, which needs the term base)."""
    english, spanish = entry.msgid, entry.msgstr
    found: list[tuple[str, str]] = list(placeholder_problems(english, spanish))
    found += [("numbers", m) for m in _number_problems(english, spanish)]
    found += [("quotes", m) for m in quote_problems(english, spanish)]
    found += [("doubled", m) for m in doubled_words(english, spanish)]
    found += [("punctuation", m) for m in ending_problems(english, spanish)]
    found += [("spaces", m) for m in space_problems(english, spanish)]
    if spanish == english and len(english.split()) >= _UNTRANSLATED_WORDS:
        found.append(("untranslated", "the Spanish is the English, word for word"))
    return [Finding(source, entry.line, entry.context or "", check, message) for check, message in found]


def quote_problems(english: str, spanish: str) -> list[str]:
    """Quotes the Spanish leaves open (unless the English leaves them open alike: a few English texts
    open a quote they never close), and straight quotes where the English writes curly ones."""
    out = []
    opened, closed = spanish.count("“"), spanish.count("”")
    if opened != closed and opened - closed != english.count("“") - english.count("”"):
        out.append(f"unbalanced quotes: {opened} “ and {closed} ”")
    if '"' in spanish and '"' not in english and ("“" in english or "”" in english or "“" in spanish):
        out.append('straight quote (") where the catalog writes “ ”')
    if "'" in spanish and "'" not in english and "’" in english:
        out.append("straight apostrophe (') where the catalog writes ’")
    return out


def doubled_words(english: str, spanish: str) -> list[str]:
    doubled_en = {m[1].lower() for m in _DOUBLED.finditer(english)}
    return [f"doubled word: {m[0]!r}" for m in _DOUBLED.finditer(spanish) if m[1].lower() not in doubled_en]


_TAIL = re.compile(r"[.:?!”’\")\]»]*$")


def _stops(text: str) -> str:
    """The stops a text ends with, read past closing quotes and brackets on either side of them
    (English writes “… Engines!”, Spanish “… motor!”.)."""
    lines = [line for line in text.rstrip().split("\n") if line.strip()]
    tail = _TAIL.search(lines[-1].rstrip()).group() if lines else ""
    return "".join(c for c in tail if c in ".:?!")


def ending_problems(english: str, spanish: str) -> list[str]:
    stops_en, stops_es = _stops(english), _stops(spanish)
    if stops_en and not stops_es:
        return [f"the English ends with {stops_en[-1]!r}, the Spanish does not"]
    if stops_es and not stops_en:
        return [f"the Spanish ends with {stops_es[-1]!r}, the English does not"]
    if stops_en and stops_es and not set(stops_en) & set(stops_es) and {stops_en[-1], stops_es[-1]} != {".", ":"}:
        return [f"the English ends with {stops_en[-1]!r}, the Spanish with {stops_es[-1]!r}"]
    return []


def space_problems(english: str, spanish: str) -> list[str]:
    out = []
    for name, en, es in (("leading", english[: len(english) - len(english.lstrip())],
                          spanish[: len(spanish) - len(spanish.lstrip())]),
                         ("trailing", english[len(english.rstrip()):], spanish[len(spanish.rstrip()):])):
        if en != es:
            out.append(f"{name} white space {es!r} where the English has {en!r}")
    if _RUN_OF_SPACES.search(spanish) and not _RUN_OF_SPACES.search(english):
        out.append("a run of spaces inside the text")
    return out


def check_catalog_files(paths: Iterable[str | Path], base=None) -> tuple[list[Finding], list[str], int]:
    """The findings of every translated, not fuzzy, entry of the PO files at `paths` (with the term
    base `base`, a `TermBase`, for the `terms` check), in file and line order; one line per file
    that cannot be read; and the number of entries checked."""
    from kb.translations.pofile import PoSyntaxError, read_po_file
    from kb.translations.termbase import check_terms

    findings: list[Finding] = []
    problems: list[str] = []
    checked = 0
    for path in paths:
        try:
            po = read_po_file(path)
        except PoSyntaxError as err:
            problems.append(str(err))
            continue
        except OSError as err:
            problems.append(f"{path}: cannot be read: {err.strerror or err}")
            continue
        source = str(path)
        entries = [e for e in po.entries if e.msgstr and not e.fuzzy]
        checked += len(entries)
        here = [f for e in entries for f in entry_findings(e, source)]
        if base is not None:
            report = check_terms(((source, e.line, e.context or "", e.msgid, e.msgstr) for e in entries), base)
            for v in report.violations:
                forms = " | ".join((v.term.es, *v.term.variants))
                here.append(Finding(source, v.line, v.context, "terms",
                                    f"the English says {v.found!r} ({v.term.en}); the Spanish uses none of: {forms}"))
        here.sort(key=lambda f: (f.line, CHECKS.index(f.check)))
        findings += here
    return findings, problems, checked
