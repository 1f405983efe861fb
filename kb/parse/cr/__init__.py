"""Parser of the official Comprehensive Rules text (English).

    >>> doc = parse_cr("../shared/cr/MagicCompRules-2026-01-16.txt")   # doctest: +SKIP
    >>> doc.release, doc.rule("100.1a").parent                         # doctest: +SKIP
    ('2026-01-16', '100.1')

`parse_cr_text` never raises on any text: what cannot be read as rules is reported in
`CRDocument.skipped` (every line that is in no record, with its reason) and
`CRDocument.diagnostics` (problems, each naming its line). `parse_cr` raises only for a path that
is no readable file or holds more than `max_bytes`; bytes that are not text are read as damaged
UTF-8 with an error diagnostic.

Every release since 2003 reads: the old numbering, hard-wrapped text, and the slips of the
official files (a number written twice, a digit too many, two digits swapped) are kept as records
and reported; see `kb.parse.cr.tree`.
"""

from __future__ import annotations

from pathlib import Path

import contextlib
import gc
import re

from kb.decode import DEFAULT_MAX_BYTES, DecodeError, count_line_endings, iter_lines, read_bytes, read_text
from kb.model import CRDocument, Decoding, Diagnostic
from kb.parse.cr.accounting import check_accounting, line_owners
from kb.parse.cr.normalize import ascii_lines_only_trimmed
from kb.parse.cr.reader import Reader
from kb.parse.cr.rules import RuleNumber, RuleNumberError, rule_sort_key

__all__ = [
    "RuleNumber",
    "RuleNumberError",
    "check_accounting",
    "line_owners",
    "parse_cr",
    "parse_cr_text",
    "rule_sort_key",
]


def parse_cr_text(text: str, source: str, decoding: Decoding | None = None) -> CRDocument:
    """Parse the text of one release; line numbers are 1-based positions in `split_lines(text)`."""
    if decoding is None:
        decoding = Decoding(
            encoding="text", bom=text.startswith("\ufeff"), line_endings=count_line_endings(text),
            nbsp=text.count("\u00a0"), notes=("given as text",),
        )
    reader = Reader(source, ascii_lines_only_trimmed(text))
    with without_cycle_collection():
        line_count = reader.read(iter_lines(text))
        doc = reader.document(source, decoding, line_count)
    _check_name(doc)
    return doc


@contextlib.contextmanager
def without_cycle_collection():
    """Pause Python's cycle collector while records are built: a release makes tens of thousands
    of objects, none in a reference cycle, and each collection pass would walk all of them again
    (a third of the time of a parse). Plain reference counting still frees everything.

    When it resumes, the objects made meanwhile are moved straight to the oldest generation, as
    surviving two collections would move them, without the collection that would otherwise
    follow at once and walk every record only to keep it (a tenth of the time of a parse). Other
    objects made since the last collection move with them and wait for the next full one. A
    process that froze objects itself (`gc.freeze`) is left as it was."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if gc.get_freeze_count() == 0:
                gc.freeze()
                gc.unfreeze()
            gc.enable()


def parse_cr(path: str | Path, max_bytes: int = DEFAULT_MAX_BYTES) -> CRDocument:
    """Read (with `kb.decode.read_text`) and parse one release; raises `kb.decode.InputTooLarge`
    for a file of more than `max_bytes`."""
    try:
        text, decoding = read_text(path, max_bytes)
    except DecodeError as err:
        text, decoding = _read_damaged(Path(path), err, max_bytes)
        doc = parse_cr_text(text, str(path), decoding)
        doc.diagnostics.insert(0, Diagnostic(str(path), err.line, "error", err.reason))
        return doc
    return parse_cr_text(text, str(path), decoding)


def _read_damaged(path: Path, err: DecodeError, max_bytes: int) -> tuple[str, Decoding]:
    # Every undecodable byte and NUL shows as U+FFFD, so the lines around it are still read.
    text = read_bytes(path, max_bytes).decode("utf-8", errors="replace").replace("\x00", "\ufffd")
    decoding = Decoding(
        encoding="utf-8 (damaged)", bom=False, line_endings=count_line_endings(text),
        nbsp=text.count("\u00a0"), notes=(f"not text: {err.reason} (line {err.line}); "
                                          "unreadable bytes shown as U+FFFD",),
    )
    return text, decoding


_NAMED_DATE = re.compile(r"(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)")
# A release takes effect a few days before or after it is published, never months apart.
_NAME_TOLERANCE_DAYS = 60


def _check_name(doc: CRDocument) -> None:
    """A file named after a date far from the one it states is misnamed: the text is the authority."""
    import datetime as dt

    match = _NAMED_DATE.search(Path(doc.source).name)
    if match is None or not doc.release:
        return
    try:
        named = dt.date(*map(int, match.groups()))
    except ValueError:
        return
    stated = dt.date.fromisoformat(doc.release)
    if abs((stated - named).days) > _NAME_TOLERANCE_DAYS:
        line = next((item.line for item in doc.skipped if item.reason == "effective date"), 1)
        doc.diagnostics.insert(0, Diagnostic(
            doc.source, line, "warning",
            f"the file is named for {named.isoformat()} but states {doc.effective} ({doc.release}): "
            f"read as the {doc.release} release",
        ))
