"""The table of contents: part and section titles, listed before the rules themselves.

The list ends where the rules begin, which is where a part or section it already listed comes
again (the rules repeat "1. Game Concepts"). Some conversions lost the line breaks of the list
and glue entries together ("1. The Game100. General101. Starting the Game"); such a line is cut
back into its entries.
"""

from __future__ import annotations

import re

from kb.parse.cr.rules import NumberedLine, match_numbered

# A section number glued to the end of the previous title.
_GLUED = re.compile(r"(?<=[^\d\s])(?=[1-9]\d\d\.[ ]?[^\d\s])")


def contents_entries(numbered: NumberedLine | None, text: str) -> list[tuple[str, str]]:
    """The (id, title) entries a contents line holds: parts and sections only."""
    pieces = _GLUED.split(text) if len(text) > 8 else [text]
    if len(pieces) == 1:
        if numbered is None or numbered.number.kind not in ("part", "section"):
            return []
        return [(numbered.number.id, numbered.text)]
    entries = []
    for piece in pieces:
        entry = match_numbered(piece)
        if entry is None or entry.number.kind not in ("part", "section"):
            return []
        entries.append((entry.number.id, entry.text))
    return entries


def glued_entries(text: str) -> bool:
    """Whether a contents line holds entries glued together (see `contents_entries`)."""
    return _GLUED.search(text) is not None
