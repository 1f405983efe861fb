"""Term pairs a Spanish page states in passing: "Un jugador (en Inglés, player) es…" pairs
"jugador" with "player".

The English side is what follows "en inglés" inside the parentheses, up to an explanation of it
("APNAP, de active player, non-active player" gives "APNAP"). The Spanish side is the noun phrase
right before the parentheses: a short phrase that opens its sentence is taken whole ("Finalizar el
turno"); inside a sentence the phrase starts at its last article, reaching back over "de"/"del"
links while it names fewer things than the English ("el paso de la limpieza" for "cleanup step"),
or after "conocido como"/"se llama"; a leading article is dropped.
"""

from __future__ import annotations

import re

_EN_MARK = re.compile(r"\ben[ ]+ingl[eé]s\b[ ]*[,:]?[ ]*", re.IGNORECASE)
_EXPLAINED = re.compile(r"[,;][ ]*(?:de|del|from|por)[ ]+", re.IGNORECASE)
_ACRONYM = re.compile(
    r"(?P<acronym>\b[A-ZÁÉÍÓÚÑ0-9]{2,})[ ]+(?:significa|quiere[ ]+decir|son[ ]+las[ ]+siglas[ ]+de|"
    r"es[ ]+la[ ]+sigla[ ]+de|es[ ]+el[ ]+acr[oó]nimo[ ]+de|es[ ]+la[ ]+abreviatura[ ]+de)[ ]+"
    r"(?P<expansion>[^.;:()]+)$"
)
_CUE = re.compile(
    r"(?:conocid[oa]s?|llamad[oa]s?|denominad[oa]s?|referid[oa]s?)[ ]+(?:también[ ]+)?como[ ]+"
    r"|\bse[ ]+(?:le[ ]+|les[ ]+)?(?:llaman?|denominan?|conocen?[ ]+como)[ ]+",
    re.IGNORECASE,
)
ARTICLES = frozenset("el la los las un una unos unas lo".split())
_CONTRACTIONS = frozenset(("del", "al"))
_FUNCTION_WORDS = ARTICLES | _CONTRACTIONS | frozenset(
    "de a en y o con por para sin the of a an to and or in on for with".split()
)
_CLAUSE_MARKS = ".;:!?()[]“”\"«»,"
_SENTENCE_MARKS = ".;:!?"
_TRIM = " \t\"'“”‘’«»,.;:"
# How far around "en inglés" the parentheses may be; the copy of a page keeps them close.
_REACH = 300
MAX_TERM_WORDS = 8


def _enclosing(text: str, start: int, end: int) -> tuple[int, int] | None:
    """The parentheses around text[start:end], as (index of "(", index of ")")."""
    depth, open_at = 0, None
    for index in range(start - 1, max(-1, start - _REACH), -1):
        char = text[index]
        if char == ")":
            depth += 1
        elif char == "(":
            if depth == 0:
                open_at = index
                break
            depth -= 1
    if open_at is None:
        return None
    depth = 0
    for index in range(end, min(len(text), end + _REACH)):
        char = text[index]
        if char == "(":
            depth += 1
        elif char == ")":
            if depth == 0:
                return open_at, index
            depth -= 1
    return None


def _drop_article(words: list[str]) -> list[str]:
    return words[1:] if len(words) > 1 and words[0].casefold() in ARTICLES else words


def spanish_term(head: str, whole: bool = True, english: str = "") -> str | None:
    """The noun phrase `head` ends with (the text right before the parentheses). `whole` is
    False when `head` is only the end of a longer text; `english` is the name it is paired with."""
    head = head.rstrip()
    if head.endswith(("”", '"', "»")):
        opening = max(head.rfind(q, 0, len(head) - 1) for q in ("“", '"', "«"))
        if opening >= 0:
            quoted = head[opening + 1 : -1].strip()
            return quoted if 0 < len(quoted.split()) <= MAX_TERM_WORDS else None
    boundary = max(head.rfind(mark) for mark in _CLAUSE_MARKS)
    segment = head[boundary + 1 :].strip()
    opens_sentence = (boundary == -1 and whole) or (boundary >= 0 and head[boundary] in _SENTENCE_MARKS)
    cues = list(_CUE.finditer(segment))
    if cues:
        words = _drop_article(segment[cues[-1].end() :].split())
    else:
        words = segment.split()
        if not words:
            return None
        if not (opens_sentence and words[0][:1].isupper() and len(words) <= 5):
            words = _from_last_article(words, _content_words(english.split()))
        else:
            words = _drop_article(words)
    term = " ".join(words).strip(_TRIM)
    if not term or len(words) > MAX_TERM_WORDS:
        return None
    return term


def _content_words(words: list[str]) -> int:
    return sum(1 for w in words if w.casefold().strip(_TRIM) not in _FUNCTION_WORDS)


def _from_last_article(words: list[str], wanted: int) -> list[str]:
    """The phrase after the last article, reaching back over "de"/"del" links ("la fase del
    combate", "el paso de la limpieza") while it names fewer things than the English does."""
    folded = [w.casefold() for w in words]
    starts = [i for i, w in enumerate(folded[:-1]) if w in ARTICLES or w in _CONTRACTIONS]
    if not starts:
        return words if len(words) <= 3 else []
    at = starts[-1]
    phrase = words[at + 1 :]
    while _content_words(phrase) < wanted:
        if folded[at] == "del":
            link = at
        elif folded[at] in ARTICLES and at >= 1 and folded[at - 1] == "de":
            link = at - 1
        else:
            break
        noun = link - 1
        if noun < 0:
            break
        phrase = words[noun:]
        if noun >= 1 and (folded[noun - 1] in ARTICLES or folded[noun - 1] in _CONTRACTIONS):
            at = noun - 1
        else:
            break
    return phrase


def _english_term(raw: str) -> tuple[str, str | None]:
    """("APNAP", "active player, non-active player") from "APNAP, de active player, non-active player"."""
    explained = _EXPLAINED.search(raw)
    if explained is None:
        return raw.strip(_TRIM), None
    return raw[: explained.start()].strip(_TRIM), raw[explained.end() :].strip(_TRIM) or None


def find_term_pairs(text: str) -> tuple[list[tuple[str, str]], list[str]]:
    """The (Spanish, English) pairs a paragraph states, and a note for each mention not understood."""
    pairs: list[tuple[str, str]] = []
    problems: list[str] = []
    for mark in _EN_MARK.finditer(text):
        around = _enclosing(text, mark.start(), mark.end())
        if around is None:
            continue
        open_at, close_at = around
        english, expansion = _english_term(text[mark.end() : close_at])
        if not english:
            # "(… APNAP en inglés)": the English stands before the mark, with no term to pair.
            continue
        window = max(0, open_at - _REACH)
        head = text[window:open_at]
        sentence_start = max(head.rfind(m) for m in _SENTENCE_MARKS) + 1
        acronym = _ACRONYM.search(head[sentence_start:].rstrip()) if expansion else None
        if acronym is not None:
            pairs.append((acronym["acronym"], english))
            pairs.append((acronym["expansion"].strip(_TRIM), expansion or ""))
            continue
        spanish = spanish_term(head, whole=window == 0, english=english)
        if spanish is None or len(english.split()) > MAX_TERM_WORDS:
            problems.append(f"could not tell which Spanish term '{text[open_at : close_at + 1]}' names")
            continue
        pairs.append((spanish, english))
    return pairs, problems
