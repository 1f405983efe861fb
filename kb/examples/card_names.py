"""Cards' official Spanish names, as the term base's names table gives them
(`corpus/terms/card-names.tsv`: each name with the printed card, official text or page that
confirms it). A card the table lacks keeps its English name in Spanish too: one rule per language,
the same everywhere a page names the card.

Only the standard library is needed: the site ships this module with the engine, and the table
beside it (`kb/locale/card-names.tsv` in the wheel), to run the examples in the browser.

>>> spanish_name('Flame Rift'), spanish_name('Lightning Bolt')
('Fisura llameante', 'Lightning Bolt')
>>> english_name('fisura llameante'), english_name('Rayo') is None
('Flame Rift', True)
"""

from __future__ import annotations

import csv
import functools
import io
from importlib import resources
from pathlib import Path

TABLE = "card-names.tsv"
# The term base in the project's corpus; in the browser, the copy the wheel carries.
CORPUS_TABLE = Path(__file__).resolve().parents[2] / "corpus" / "terms" / TABLE
COLUMNS = ["en", "es", "source", "note"]


class CardNamesError(ValueError):
    """The names table cannot be read: its file, line and why."""


def read_table(text: str, where: str = TABLE) -> dict[str, str]:
    """English name -> Spanish name, from the table's text; every row must name its source."""
    rows = csv.reader(io.StringIO(text), delimiter="\t", quoting=csv.QUOTE_NONE)
    header = next(rows, None)
    if header != COLUMNS:
        raise CardNamesError(f"{where}:1: the header must be {' '.join(COLUMNS)}")
    names: dict[str, str] = {}
    for line, row in enumerate(rows, start=2):
        if not row:
            continue
        if len(row) != len(COLUMNS) or not all(cell.strip() for cell in row[:3]):
            raise CardNamesError(f"{where}:{line}: each name needs its English, Spanish and source")
        if row[0] in names:
            raise CardNamesError(f"{where}:{line}: {row[0]!r} is named twice")
        names[row[0]] = row[1]
    return names


@functools.lru_cache(maxsize=1)
def spanish_names() -> dict[str, str]:
    """The table: each card's English name to its official Spanish name."""
    if CORPUS_TABLE.is_file():
        return read_table(CORPUS_TABLE.read_text(encoding="utf-8"), str(CORPUS_TABLE.name))
    shipped = resources.files("kb") / "locale" / TABLE
    return read_table(shipped.read_text(encoding="utf-8"))


def spanish_name(name: str) -> str:
    """The card's name in Spanish: its official Spanish name if the table has it, else its English."""
    return spanish_names().get(name, name)


def english_name(name: str) -> str | None:
    """The English name of the card whose Spanish name is `name` (any case), or None."""
    folded = name.casefold()
    return next((en for en, es in spanish_names().items() if es.casefold() == folded), None)


def teach_engine() -> None:
    """Let the engine find each card by its Spanish name too (the engine keeps no language)."""
    from kb.engine.objects import CardDefinition

    CardDefinition.add_other_names({es: en for en, es in spanish_names().items()})
