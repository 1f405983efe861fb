"""The narration's languages and their gettext catalogs: where the catalogs are, and each one
compiled for telling.

The .po files are the source: where babel is installed they are compiled in memory when first
used, so what the narration tells always matches them; the engine as the site ships it to the
browser has no babel and reads the .mo files compiled when the site was built. Either way a
message the catalog lacks comes back as an `English` string (its msgid), so that the narration can
say which of its messages fell back to English. Only the standard library is imported here.

>>> spanish = translations("es")
>>> spanish.gettext("The game is over."), isinstance(spanish.gettext("The game is over."), English)
('El juego ha terminado.', False)
>>> isinstance(spanish.gettext("No such message."), English)
True
"""

from __future__ import annotations

import functools
import gettext
import io
from importlib import resources
from pathlib import Path
from typing import Any

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "engine"
LANGS = ("es", "en")


class UnknownLanguageError(ValueError):
    """Narration is available in Spanish (``es``) and English (``en``) only."""


class CatalogError(ValueError):
    """A catalog is missing, out of date, or has untranslated messages."""


class English(str):
    """A message the catalog of a language lacks, told as its English msgid."""


class _LastResort(gettext.NullTranslations):
    """The fallback of every catalog: a message the catalog lacks, marked as English."""

    def gettext(self, message: str) -> str:
        return English(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return English(singular if n == 1 else plural)

    def pgettext(self, context: str, message: str) -> str:
        return English(message)

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return English(singular if n == 1 else plural)


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def mo_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"


def read_catalog(path: Path, lang: str) -> Any:
    """The babel catalog of the .po file at `path`, in `lang`."""
    from babel.messages.pofile import read_po

    with path.open("rb") as handle:
        return read_po(handle, locale=lang, domain=DOMAIN)


def mo_bytes(catalog: Any) -> bytes:
    """A babel catalog compiled to the bytes of a .mo file."""
    from babel.messages.mofile import write_mo

    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def load_translations(lang: str) -> gettext.GNUTranslations:
    """`lang`'s catalog, compiled in memory from its .po file (babel is needed)."""
    from babel.support import Translations

    path = po_path(lang)
    if not path.exists():
        raise CatalogError(f"{path}: no catalog for {lang!r}")
    return Translations(io.BytesIO(mo_bytes(read_catalog(path, lang))), domain=DOMAIN)


@functools.lru_cache(maxsize=None)
def translations(lang: str) -> gettext.GNUTranslations:
    """The catalog for `lang`, compiled from its .po file; where babel is absent (the engine as the
    site ships it to the browser), the .mo file compiled when the site was built. A message it
    lacks comes back as `English`."""
    if lang not in LANGS:
        raise UnknownLanguageError(f"no narration in {lang!r}: choose one of {', '.join(LANGS)}")
    try:
        catalog = load_translations(lang)
    except ImportError:
        compiled = resources.files("kb") / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
        catalog = gettext.GNUTranslations(io.BytesIO(compiled.read_bytes()))
    catalog.add_fallback(_LastResort())
    return catalog
