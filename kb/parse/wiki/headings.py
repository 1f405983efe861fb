"""Section headings in the three layouts a copied page comes in: "Descripción[]" (the edit link
copied as brackets), "Descripción Editar" (the edit link copied as a word), and bare lines
("Description") that only their shape and the blank lines around them mark as headings.

The copy loses heading levels. A heading that comes right under another and shares a word with
it is read as its subsection ("Tipos de jugador" > "Jugador inicial"), and so are the headings
after it that share that word; any other heading is a top-level section.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from kb.parse.wiki.text import ends_sentence, fold, looks_like_title

_EDIT_LINK = r"(?:edit(?:ar)?(?:[ ]+(?:código|source))?)"
# "Reglas[]", "Reglas[editar]", "Description[edit | edit source]"
_BRACKETS = re.compile(
    rf"(?P<title>\S.{{0,119}}?)[ ]*\[(?:{_EDIT_LINK}(?:[ ]*\|[ ]*{_EDIT_LINK})?)?\]", re.IGNORECASE
)
_EDIT_WORD = re.compile(r"(?P<title>\S.{0,99}?)[ ]+(?:Editar|Edit|Editar código|Edit source)")
PLAIN_MAX_CHARS = 60
PLAIN_MAX_WORDS = 8

REFERENCE_SECTIONS = frozenset(
    fold(t)
    for t in (
        "Referencias", "Fuentes", "Notas", "Bibliografía", "Enlaces externos", "Enlaces",
        "References", "Sources", "Notes", "Footnotes", "Bibliography", "External links", "Links",
    )
)
SINGLE_EXAMPLE_SECTIONS = frozenset(fold(t) for t in ("Example", "Ejemplo"))
EXAMPLE_SECTIONS = SINGLE_EXAMPLE_SECTIONS | frozenset(fold(t) for t in ("Examples", "Ejemplos"))
_TOP_SECTIONS = REFERENCE_SECTIONS | frozenset(
    fold(t)
    for t in (
        "Descripción", "Reglas", "Ambientación", "Curiosidades", "Historia", "Véase también",
        "Description", "Rules", "Flavor", "Trivia", "History", "See also",
    )
)
_MINOR_WORDS = frozenset("de del la las los el y que en con por para of the and in on for with".split())


def suffix_heading(text: str) -> str | None:
    """The title of a heading copied with its edit link ("Reglas[]", "Reglas Editar"), or None."""
    if len(text) > 130:
        return None
    for pattern in (_BRACKETS, _EDIT_WORD):
        match = pattern.fullmatch(text)
        if match is not None:
            title = match["title"].strip()
            if title and not ends_sentence(title) and len(title.split()) <= 12:
                return title
    return None


def plain_heading_shape(text: str) -> bool:
    """Short, capitalised, no closing punctuation: how a bare heading looks on its own."""
    if not looks_like_title(text, PLAIN_MAX_CHARS, PLAIN_MAX_WORDS):
        return False
    first = text[0]
    return (first.isupper() or first.isdigit()) and "(" not in text and not text.endswith(")")


def _stems(title: str) -> frozenset[str]:
    stems = set()
    for word in re.findall(r"[^\W\d_]+", fold(title)):
        if len(word) <= 2 or word in _MINOR_WORDS:
            continue
        if word.endswith("es") and len(word) > 5:
            word = word[:-2]
        elif word.endswith("s") and len(word) > 3:
            word = word[:-1]
        stems.add(word)
    return frozenset(stems)


@dataclass
class Outline:
    """Assigns heading levels as headings arrive."""

    _container: tuple[int, frozenset[str]] | None = None
    _previous: tuple[int, frozenset[str]] | None = None
    _right_after: bool = False
    levels: list[int] = field(default_factory=list)

    def content(self) -> None:
        """Something other than a heading came after the last heading."""
        self._right_after = False

    def level(self, title: str) -> int:
        stems = _stems(title)
        if fold(title) in _TOP_SECTIONS:
            level, self._container = 2, None
        elif self._container is not None and stems & self._container[1]:
            level = self._container[0] + 1
        elif self._right_after and self._previous is not None and stems & self._previous[1]:
            self._container = self._previous
            level = self._previous[0] + 1
        else:
            level, self._container = 2, None
        self._previous = (level, stems)
        self._right_after = True
        return level
