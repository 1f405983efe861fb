"""Line cleaning: what a rules line looks like once layout noise is gone.

Word processors and converters leave no-break and other odd spaces after rule numbers, tabs and
indentation before continuation paragraphs, and byte-order marks (or their Windows-1252 mojibake)
where files were joined. None of that is content; all of it breaks naive matching.
"""

from __future__ import annotations

import re

# Every space character other than U+0020 (no-break, en/em, thin, narrow no-break, ideographic),
# plus tab and the page-break controls Word exports between sections, become plain spaces;
# byte-order marks and zero-width spaces go.
_ODD_SPACES = re.compile("[\t\v\f\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]")
_INVISIBLE = re.compile("[\ufeff\u200b\u2060]")
_ANY_NOISE = re.compile("[\t\v\f\u00a0\u1680\u2000-\u200b\u202f\u205f\u3000\ufeff\u2060]")
_BOM_AS_CP1252 = "\u00ef\u00bb\u00bf"
# The only ASCII characters `clean` changes besides the ends' spaces: an ASCII line without them is
# cleaned by `str.strip` alone, and `str.isascii` costs nothing where `str.isprintable` reads every
# character (a third of the time of a parse, on releases of long lines).
_ASCII_NOISE = "\t\v\f"


def clean(raw: str) -> str:
    """The line's content: invisible marks removed, odd spaces made plain, ends trimmed.
    Inner runs of spaces are kept: the text stays what the file says."""
    if raw.startswith(_BOM_AS_CP1252):
        raw = raw[len(_BOM_AS_CP1252) :]
    # Every character `clean` changes is a control, separator or format character, none of which
    # Python counts printable: most lines need no search at all.
    if raw.isprintable() or _ANY_NOISE.search(raw) is None:
        return raw.strip()
    return _ODD_SPACES.sub(" ", _INVISIBLE.sub("", raw)).strip()


def ascii_lines_only_trimmed(text: str) -> bool:
    """Whether `clean` only trims every ASCII line of `text`: the text holds no tab, vertical tab or
    form feed. Three searches of the whole text, each far cheaper than reading every line."""
    return not any(noise in text for noise in _ASCII_NOISE)


def only_trimmed(raw: str) -> bool:
    """Whether `clean(raw)` is `raw.strip()`, for an ASCII line of a text holding ASCII noise."""
    return "\t" not in raw and "\v" not in raw and "\f" not in raw  # _ASCII_NOISE, without a loop
