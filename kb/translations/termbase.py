"""The term base, and the two checks that keep a translation's terminology and phrasing one.

`corpus/terms/terms.tsv` (UTF-8, tab-separated, a header line) pairs each English term with the
Spanish the translation must use:

    en	es	kind	source	variants	note

`kind` is glossary, keyword-ability, keyword-action or term; `source` is `wiki:<file>:<line>` (where a
wiki page gives the pair), `official` or `team`; `variants` lists, separated by `|`, other Spanish
forms that count as using the term; `note` is free text. `corpus/terms/exceptions.tsv` (header
`msgctxt	en	reason`) excuses one term in one entry, with its reason.

The term check (`check_terms`) finds every term of the base in an entry's English — whole words, in
any English inflection (trample, tramples, trampled, trampling), the longest term first so that
"strike" is not found inside "first strike", and the words of a term never across punctuation — and
reports the entry if its Spanish uses neither the
term's Spanish nor a variant. Spanish is compared folded: case and accents ignored, each word cut to
its stem (Snowball's Spanish stemmer, so "arrolla" and "arrollar" agree), spelling alternations
evened out (ataque/atacar, lanza/lance), irregular forms of common verbs taken to their infinitive
(hará, haga → hacer), a stem of four letters or more matching a longer one that begins with it, and
the content words of a term of several words found in order, a few content words apart at most.

The consistency check (`check_consistency`) finds one English text translated two ways: identical
msgids (evened out) with different msgstrs, across every catalog given. An exceptions row whose
English is an entry's whole text excuses that entry ("Exile", the zone, beside "Exile", the action).
"""

from __future__ import annotations

import csv
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from kb.history import even_out

HEADER = ("en", "es", "kind", "source", "variants", "note")
EXCEPTIONS_HEADER = ("msgctxt", "en", "reason")
KINDS = ("glossary", "keyword-ability", "keyword-action", "term")
_SOURCE = re.compile(r"^(?:wiki:[^:\t]+:\d+|official|team)$")
_EN_WORD = re.compile(r"[A-Za-z0-9]+(?:['’][A-Za-z]+)?")
_ES_WORD = re.compile(r"\w+")
_ES_STOP = frozenset("a al de del el en la las lo los o se su sus un una y que por con para".split())
_GAP = 3
_IRREGULAR = {
    "deal": ("dealt",), "pay": ("paid",), "draw": ("drew", "drawn"), "choose": ("chose", "chosen"),
    "lose": ("lost",), "win": ("won",), "leave": ("left",), "take": ("took", "taken"), "give": ("gave", "given"),
    "become": ("became",), "come": ("came",), "begin": ("began", "begun"), "die": ("dying", "died", "dies"),
    "hold": ("held",), "find": ("found",), "keep": ("kept",), "put": (), "cast": (), "split": (),
    "shuffle": ("shuffled",), "fight": ("fought",), "seek": ("sought",), "foretell": ("foretold",),
    "bring": ("brought",), "get": ("got", "gotten"), "have": ("has", "had"), "be": ("is", "are", "was", "were", "been"),
    "forecast": (), "read": (), "set": (),
}


class TermError(ValueError):
    """A term base or exceptions file that cannot be read: `path:line: reason`."""


@dataclass(frozen=True)
class Term:
    en: str
    es: str
    kind: str
    source: str
    variants: tuple[str, ...]
    note: str
    line: int


@dataclass(frozen=True)
class TermViolation:
    """An entry whose English uses `term` and whose Spanish does not use the term's Spanish."""

    catalog: str
    line: int
    context: str
    term: Term
    english: str
    found: str  # the English words that matched
    excused: str | None = None  # the reason, when exceptions.tsv excuses it

    def __str__(self) -> str:
        forms = " | ".join((self.term.es, *self.term.variants))
        return (f"{self.catalog}:{self.line}: [{self.context}] the English says {self.found!r} "
                f"({self.term.en}); the Spanish uses none of: {forms}")

    def to_data(self) -> dict:
        return {"catalog": self.catalog, "line": self.line, "context": self.context, "en": self.term.en,
                "es": self.term.es, "variants": list(self.term.variants), "kind": self.term.kind,
                "found": self.found, "excused": self.excused}


@dataclass
class TermReport:
    violations: list[TermViolation] = field(default_factory=list)
    excused: list[TermViolation] = field(default_factory=list)
    unused_exceptions: list[tuple[int, str, str, str]] = field(default_factory=list)  # line, msgctxt, en, reason
    entries: int = 0

    def to_data(self) -> dict:
        return {
            "entries": self.entries,
            "violations": [v.to_data() for v in self.violations],
            "excused": [v.to_data() for v in self.excused],
            "unused_exceptions": [{"line": line, "msgctxt": ctx, "en": en, "reason": reason}
                                  for line, ctx, en, reason in self.unused_exceptions],
        }


@dataclass(frozen=True)
class Rendering:
    catalog: str
    line: int
    context: str
    text: str


@dataclass(frozen=True)
class Conflict:
    """One English text (`english`) translated in more than one way."""

    english: str
    renderings: tuple[tuple[str, tuple[Rendering, ...]], ...]  # (Spanish, where)

    def __str__(self) -> str:
        lines = [f"{len(self.renderings)} translations of {_short(self.english)!r}:"]
        for text, where in self.renderings:
            places = ", ".join(f"{r.catalog}:{r.line} [{r.context}]" for r in where)
            lines.append(f"  {_short(text)!r} at {places}")
        return "\n".join(lines)

    def to_data(self) -> dict:
        return {"english": self.english, "translations": [
            {"text": text, "at": [{"catalog": r.catalog, "line": r.line, "context": r.context} for r in where]}
            for text, where in self.renderings]}


# -- reading ------------------------------------------------------------------------------------------


def _rows(path: Path, header: tuple[str, ...]) -> list[tuple[int, list[str]]]:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise TermError(f"{path}: not UTF-8 text ({err.reason} at byte {err.start})") from None
    lines = text.splitlines()
    if not lines:
        raise TermError(f"{path}:1: empty file; the first line is the header {' '.join(header)!r}")
    first = lines[0].lstrip("\ufeff").split("\t")
    if tuple(c.strip() for c in first) != header:
        raise TermError(f"{path}:1: the header is {first!r}, expected {list(header)!r}")
    out = []
    for number, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        cells = next(csv.reader([line], delimiter="\t", quoting=csv.QUOTE_NONE))
        if len(cells) < len(header):
            cells += [""] * (len(header) - len(cells))
        if len(cells) > len(header):
            raise TermError(f"{path}:{number}: {len(cells)} columns, expected {len(header)}")
        out.append((number, [c.strip() for c in cells]))
    return out


def load_term_base(path: str | Path, exceptions: str | Path | None = None) -> TermBase:
    """Read the term base at `path` (and the exceptions, default `exceptions.tsv` beside it, if
    there); `TermError` names the file and line of anything malformed."""
    path = Path(path)
    terms = []
    seen: dict[str, Term] = {}
    for number, (en, es, kind, source, variants, note) in _rows(path, HEADER):
        if not en or not es:
            raise TermError(f"{path}:{number}: a term needs its English and its Spanish")
        if kind not in KINDS:
            raise TermError(f"{path}:{number}: kind {kind!r} is not one of {', '.join(KINDS)}")
        if not _SOURCE.match(source):
            raise TermError(f"{path}:{number}: source {source!r} is not wiki:<file>:<line>, official or team")
        term = Term(en, es, kind, source, tuple(v.strip() for v in variants.split("|") if v.strip()), note, number)
        key = " ".join(_en_words(en))
        if not key:
            raise TermError(f"{path}:{number}: the English term {en!r} has no word")
        before = seen.get(key)
        if before is not None and _fold(before.es) != _fold(es):
            raise TermError(f"{path}:{number}: {en!r} is already given as {before.es!r} at line {before.line}")
        seen.setdefault(key, term)
        terms.append(term)
    exceptions = Path(exceptions) if exceptions else path.with_name("exceptions.tsv")
    return TermBase(terms, load_exceptions(exceptions), str(path))


def load_exceptions(path: str | Path) -> dict[tuple[str, str], tuple[int, str]]:
    """The exceptions at `path` (none if there is no file): (msgctxt, English words) → (line, reason).
    A row excuses one term in one entry; a row whose English is the entry's whole English text
    excuses that entry from the consistency check too (the same English rightly translated another
    way there, as "Exile" the zone and "Exile" the action)."""
    path = Path(path)
    excused: dict[tuple[str, str], tuple[int, str]] = {}
    if path.is_file():
        for number, (context, en, reason) in _rows(path, EXCEPTIONS_HEADER):
            if not context or not en or not reason:
                raise TermError(f"{path}:{number}: an exception needs its msgctxt, English term and reason")
            excused[(context, " ".join(_en_words(en)))] = (number, reason)
    return excused


# -- English -----------------------------------------------------------------------------------------


def _en_words(text: str) -> list[str]:
    return [w.casefold().replace("’", "'") for w in _EN_WORD.findall(text)]


@lru_cache(maxsize=None)
def english_forms(word: str) -> frozenset[str]:
    """A word and its English inflections (plural, third person, past, participles)."""
    forms = {word, word + "s", word + "'s", word + "ed", word + "ing"}
    forms.update(_IRREGULAR.get(word, ()))
    if word.endswith(("s", "x", "z", "ch", "sh")):
        forms.update({word + "es"})
    if word.endswith("e"):
        forms.update({word + "d", word[:-1] + "ing"})
    if word.endswith("y") and len(word) > 2 and word[-2] not in "aeiou":
        forms.update({word[:-1] + "ies", word[:-1] + "ied"})
    if len(word) >= 3 and word[-1] not in "aeiouwxy" and word[-2] in "aeiou" and word[-3] not in "aeiou":
        forms.update({word + word[-1] + "ed", word + word[-1] + "ing"})
    return frozenset(forms)


# -- Spanish -----------------------------------------------------------------------------------------


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@lru_cache(maxsize=1)
def _stemmer():
    import snowballstemmer

    return snowballstemmer.stemmer("spanish")


# Stems of irregular forms of verbs the rules use, and the stem of their infinitive (after folding):
# "hará", "haga", "hizo" and "hecho" are forms of "hacer". Stem changes (vuelve/volver) are too.
_IRREGULAR_STEMS = {
    "hac": ("har", "hag", "hic", "hiz", "hech"),
    "pon": ("pong", "pus", "pondr", "puest"),
    "ten": ("teng", "tien", "tuv", "tendr"),
    "dec": ("dig", "dij", "dir", "dich"),
    "sal": ("salg", "saldr"),
    "ven": ("veng", "vien", "vin", "vendr"),
    "pod": ("pued", "pud", "podr"),
    "quer": ("quier", "quis", "querr"),
    "volv": ("vuelv", "vuelt"),
    "devolv": ("devuelv", "devuelt"),
    "mov": ("muev",),
    "jug": ("jueg",),
    "mor": ("muer", "mur", "muert"),
    "convert": ("conviert", "convirt"),
    "eleg": ("elij", "elig"),
    "cont": ("cuent",),
    "mostr": ("muestr",),
    "encontr": ("encuentr",),
    "cost": ("cuest",),
    "destru": ("destruy",),
    "inclu": ("incluy",),
    "segu": ("sig",),
    "pid": ("ped",),
    "repit": ("repet",),
    "resolv": ("resuelv", "resuelt"),
    "empec": ("empiec",),
    "comenc": ("comienc",),
}
_STEM_OF = {form: stem for stem, forms in _IRREGULAR_STEMS.items() for form in forms}
_CLITIC = re.compile(r"^(\w{3,}?)(?:(?:se|me|te|nos)?(?:lo|la|los|las|le|les)|me|te|se|nos)$")


@lru_cache(maxsize=65536)
def spanish_stem(word: str) -> str:
    """A Spanish word folded (case, accents), cut to its stem, spelling alternations evened out, an
    irregular verb form taken to its infinitive's stem."""
    word = word.casefold()
    # An imperative with pronouns attached carries an accent it does not have alone: "muévelo" is
    # "mueve" + "lo", "muéstrala" is "muestra" + "la".
    clitic = _CLITIC.match(word)
    if clitic and _fold(word) != word:
        word = _fold(clitic.group(1))
    stem = _fold(_stemmer().stemWord(word))
    stem = re.sub(r"qu(?=[ei]|$)", "c", stem)
    stem = re.sub(r"gu(?=[ei]|$)", "g", stem)
    stem = stem.replace("z", "c")
    return _STEM_OF.get(stem, stem)


def _es_stems(text: str, stop: bool = False) -> list[str]:
    """The stems of a text's words; with `stop`, leaving out articles, prepositions and the like."""
    words = _ES_WORD.findall(text)
    return [spanish_stem(w) for w in words if not (stop and _fold(w) in _ES_STOP)]


def _same_word(term: str, word: str) -> bool:
    if term == word:
        return True
    short, long = sorted((term, word), key=len)
    return len(short) >= 4 and long.startswith(short)


def spanish_uses(form: str, text_stems: list[str], content_stems: list[str] | None = None) -> bool:
    """Whether the Spanish uses `form`: its content words in order, a few content words apart (so
    "efecto de reemplazo o de prevención" uses "efecto de prevención"). `text_stems` are the stems of
    all the text's words, `content_stems` those without articles and prepositions."""
    wanted = _es_stems(form, stop=True)
    if wanted and content_stems is not None:
        text_stems = content_stems
    else:
        wanted = wanted or _es_stems(form)
    if not wanted:
        return False
    for start, stem in enumerate(text_stems):
        if not _same_word(wanted[0], stem):
            continue
        at, ok = start, True
        for piece in wanted[1:]:
            for step in range(1, _GAP + 2):
                if at + step < len(text_stems) and _same_word(piece, text_stems[at + step]):
                    at += step
                    break
            else:
                ok = False
                break
        if ok:
            return True
    return False


class TermBase:
    """The terms, indexed for finding them in English text."""

    def __init__(self, terms: list[Term], exceptions: dict[tuple[str, str], tuple[int, str]] | None = None,
                 source: str = ""):
        self.terms = terms
        self.exceptions = exceptions or {}
        self.source = source
        self._index: dict[str, list[tuple[Term, list[frozenset[str]]]]] = {}
        for term in terms:
            words = _en_words(term.en)
            forms = [english_forms(w) for w in words]
            for form in forms[0]:
                self._index.setdefault(form, []).append((term, forms))
        for found in self._index.values():
            found.sort(key=lambda pair: -len(pair[1]))

    def __len__(self) -> int:
        return len(self.terms)

    def find(self, english: str) -> list[tuple[Term, str]]:
        """The terms in `english`, longest first and never overlapping, with the words that matched."""
        tokens = [(m.group().casefold().replace("’", "'"), m.start(), m.end()) for m in _EN_WORD.finditer(english)]
        found, i = [], 0
        while i < len(tokens):
            for term, forms in self._index.get(tokens[i][0], ()):
                end = i + len(forms)
                if end <= len(tokens) and all(tokens[i + k][0] in forms[k] for k in range(len(forms))) and all(
                    # The words of a term stand together: no comma, full stop or quote between them.
                    english[tokens[k - 1][2]:tokens[k][1]].strip(" \u00a0-") == "" for k in range(i + 1, end)
                ):
                    found.append((term, english[tokens[i][1]:tokens[end - 1][2]]))
                    i = end
                    break
            else:
                i += 1
        return found

    def uses(self, term: Term, spanish: str, stems: tuple[list[str], list[str]] | None = None) -> bool:
        every, content = stems if stems is not None else (_es_stems(spanish), _es_stems(spanish, stop=True))
        return any(spanish_uses(form, every, content) for form in (term.es, *term.variants))


def check_terms(entries: Iterable[tuple[str, int, str, str, str]], base: TermBase) -> TermReport:
    """`entries`: (catalog, line, msgctxt, English, Spanish) of translated entries. Every term of the
    base that an English uses and its Spanish does not, excused or not by the exceptions."""
    report = TermReport()
    used = set()
    for catalog, line, context, english, spanish in entries:
        if not spanish:
            continue
        # A row naming the entry's whole English is (also) a consistency exception: never stale here.
        used.add((context, " ".join(_en_words(english))))
        report.entries += 1
        found = base.find(english)
        if not found:
            continue
        stems = (_es_stems(spanish), _es_stems(spanish, stop=True))
        seen = set()
        for term, words in found:
            key = " ".join(_en_words(term.en))
            if key in seen or base.uses(term, spanish, stems):
                continue
            seen.add(key)
            reason = base.exceptions.get((context, key))
            violation = TermViolation(catalog, line, context, term, english, words, reason[1] if reason else None)
            if reason:
                used.add((context, key))
                report.excused.append(violation)
            else:
                report.violations.append(violation)
    for (context, key), (line, reason) in sorted(base.exceptions.items(), key=lambda item: item[1][0]):
        if (context, key) not in used:
            report.unused_exceptions.append((line, context, key, reason))
    return report


def check_consistency(entries: Iterable[tuple[str, int, str, str, str]],
                      exceptions: dict[tuple[str, str], tuple[int, str]] | None = None) -> list[Conflict]:
    """Identical English (evened out) translated differently, across all `entries` (catalog, line,
    msgctxt, English, Spanish; translated entries only). An entry excused by `exceptions` (a row
    with its msgctxt and its whole English) is left out of the comparison."""
    exceptions = exceptions or {}
    by_english: dict[str, dict[str, list[Rendering]]] = {}
    for catalog, line, context, english, spanish in entries:
        if not spanish or not english:
            continue
        if (context, " ".join(_en_words(english))) in exceptions:
            continue
        texts = by_english.setdefault(even_out(english), {})
        texts.setdefault(even_out(spanish), []).append(Rendering(catalog, line, context, spanish))
    conflicts = []
    for english, texts in by_english.items():
        if len(texts) > 1:
            conflicts.append(Conflict(english, tuple((text, tuple(where)) for text, where in texts.items())))
    return conflicts


def catalog_texts(paths: Iterable[str | Path]) -> tuple[list[tuple[str, int, str, str, str]], list[str]]:
    """The translated, not fuzzy, entries of the PO files at `paths` as (catalog, line, msgctxt,
    English, Spanish), and one line per file that cannot be read."""
    from kb.translations.pofile import PoSyntaxError, read_po_file

    out, problems = [], []
    for path in paths:
        try:
            po = read_po_file(path)
        except PoSyntaxError as err:
            problems.append(str(err))
            continue
        except OSError as err:
            problems.append(f"{path}: cannot be read: {err.strerror or err}")
            continue
        out.extend((str(path), e.line, e.context or "", e.msgid, e.msgstr) for e in po.entries
                   if e.msgstr and not e.fuzzy)
    return out, problems


def _short(text: str, width: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"
