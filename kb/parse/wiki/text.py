"""What one line of a copied wiki page looks like: its spaces made plain, its indentation and list
bullet told apart from its content, and the shapes that mean something wherever they stand
(site chrome, table rules, footnotes, image captions)."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

# No-break, narrow no-break, figure, thin and other typographic spaces all become U+0020; the
# browser copies them after rule numbers and around links, where they carry no meaning.
_ODD_SPACES = re.compile(r"[\t\v\f\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]")
_INVISIBLE = re.compile(r"[\ufeff\u200b\u200c\u200d\u2060]")
_BULLET = re.compile(r"(?P<bullet>[•\-*◦▪●‣–])(?:[ ]+|$)")
_FOOTNOTE_MARKS = re.compile(r"\[(?:\d{1,3}|[a-z]|nota \d{1,3}|note \d{1,3})\]")
TERMINAL_PUNCTUATION = ".!?:;,"


def plain(raw: str) -> str:
    """The line with odd spaces made plain and invisible marks removed; ends are kept."""
    if raw.isascii():
        return raw.replace("\t", " ")
    return _ODD_SPACES.sub(" ", _INVISIBLE.sub("", raw))


def clean(raw: str) -> str:
    """The line's content with plain spaces, trimmed."""
    return plain(raw).strip()


def fold(text: str) -> str:
    """Case, accents and spacing removed: the form two spellings of a name are compared in."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    bare = "".join(c for c in decomposed if not unicodedata.combining(c))
    bare = bare.replace("’", "'").replace("‘", "'")
    return " ".join(bare.split())


def drop_footnote_marks(text: str) -> str:
    """"…resolverse.[1][2]" -> "…resolverse.": the marks point into a reference list."""
    return _FOOTNOTE_MARKS.sub("", text)


@dataclass(frozen=True)
class Shape:
    """A line split into indentation (in spaces), list bullet ('' when none) and content."""

    indent: int
    bullet: str
    content: str

    @property
    def listed(self) -> bool:
        return self.indent > 0 or bool(self.bullet)


def shape(raw: str) -> Shape:
    text = plain(raw).rstrip()
    body = text.lstrip(" ")
    indent = len(text) - len(body)
    match = _BULLET.match(body)
    if match is not None:
        return Shape(indent, match["bullet"], body[match.end() :].strip())
    return Shape(indent, "", body)


def ends_sentence(text: str) -> bool:
    return bool(text) and text.rstrip("”\"'’)»").endswith(tuple(TERMINAL_PUNCTUATION))


def looks_like_title(text: str, max_chars: int = 80, max_words: int = 10) -> bool:
    """A name rather than a sentence: short, no closing punctuation, no list separators."""
    if not text or len(text) > max_chars or ends_sentence(text):
        return False
    if "·" in text or "|" in text or "↑" in text:
        return False
    return len(text.split()) <= max_words


# Lines the site itself prints around every page.
_CHROME = frozenset(
    fold(line)
    for line in (
        "Advertisement",
        "Anuncio",
        "Publicidad",
        "FANDOM",
        "Fandom",
        "MTG Wiki",
        "From MTG Wiki",
        "De MTG Wiki",
        "Magic: The Gathering Wiki",
        "Jump to navigation Jump to search",
        "Jump to navigation",
        "Jump to search",
        "Ir a la navegación Ir a la búsqueda",
        "Saltar a navegación Saltar a búsqueda",
        "Contents",
        "Contenido",
        "Contenidos",
        "Índice",
        "[show]",
        "[hide]",
        "[mostrar]",
        "[ocultar]",
        "Explore",
        "Explorar",
        "Fan Feed",
        "More from Fandom",
        "Community content is available under CC-BY-SA unless otherwise noted.",
        "El contenido de la comunidad está disponible bajo CC-BY-SA a menos que se indique lo contrario.",
        "Navigation menu",
        "Menú de navegación",
        "Sign in to edit",
        "v · t · e",
        "v · d · e",
        "V · T · E",
        "Inicia sesión para editar",
    )
)
_CHROME_PREFIXES = (
    "retrieved from ",
    "obtenido de ",
    "categories:",
    "categorias:",
    "categoria:",
    "this page was last edited",
    "esta pagina se edito por ultima vez",
)
_CONTENTS = frozenset(fold(s) for s in ("Contents", "Contenido", "Contenidos", "Índice"))


_CHROME_MAX = 120


# The browser's window title copied with the page: "Jugador | MTG Wiki | Fandom".
_CHROME_SUFFIXES = ("| fandom", "| mtg wiki", "- mtg wiki", "– mtg wiki")


def is_chrome(text: str) -> bool:
    if len(text) > _CHROME_MAX:
        return False
    folded = fold(text)
    return folded in _CHROME or folded.startswith(_CHROME_PREFIXES) or folded.endswith(_CHROME_SUFFIXES)


def is_contents_label(text: str) -> bool:
    return len(text) <= 20 and fold(text) in _CONTENTS


_CONTENTS_ENTRY = re.compile(r"\d{1,2}(?:\.\d{1,2})*[ ]+\S.{0,80}")
_TABLE_RULE = re.compile(r"\|?[ ]*:?-{3,}:?[ ]*(?:\|[ ]*:?-{3,}:?[ ]*)*\|?")
_EMPTY_ROW = re.compile(r"(?:\|[ ]*)+")
_FOOTNOTE_ARROW = re.compile(r"(?:\d{1,3}\.[ ]*)?↑")
# "Pila 1", "Gigante de 2 cabezas-0": the name a gallery gives an image, copied as its caption.
_IMAGE_NAME = re.compile(r"[^\W\d][^.!?:;·|]{0,60}?(?:-\d{1,2}|[ ]\d{1,2})")
_IMAGE_FILE = re.compile(r".{1,120}\.(?:png|jpe?g|gif|svg|webp)", re.IGNORECASE)
_ART_CREDIT = re.compile(
    r"(?:.{0,160}[.!?][ ]+)?(?:Arte de|Ilustración de|Ilustrado por|Art by|Illustrated by|Artist:)[ ]+"
    r"[^\W\d][^.!?]{0,60}\.?"
)


def is_contents_entry(text: str) -> bool:
    return len(text) <= 90 and _CONTENTS_ENTRY.fullmatch(text) is not None


def is_table_rule(text: str) -> bool:
    return len(text) <= 400 and _TABLE_RULE.fullmatch(text) is not None


def is_empty_row(text: str) -> bool:
    return len(text) <= 400 and _EMPTY_ROW.fullmatch(text) is not None


def strip_table_bars(text: str) -> str:
    """"100. Conceptos de juego |" -> "100. Conceptos de juego"."""
    return text.strip().strip("|").strip()


def is_footnote(text: str) -> bool:
    """"1. ↑ Mark Rosewater. (5 junio 2017.) …": an entry of the page's reference list."""
    return _FOOTNOTE_ARROW.match(text) is not None


def is_image_name(text: str) -> bool:
    if len(text) > 120:
        return False
    return _IMAGE_NAME.fullmatch(text) is not None or _IMAGE_FILE.fullmatch(text) is not None


def is_art_credit(text: str) -> bool:
    return len(text) <= 240 and _ART_CREDIT.fullmatch(text) is not None
