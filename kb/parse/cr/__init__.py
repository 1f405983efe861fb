"""Parser of the official Comprehensive Rules text (English).

    >>> doc = parse_cr("corpus/cr/MagicCompRules-2026-01-16.txt")   # doctest: +SKIP
    >>> doc.release, doc.rule("100.1a").parent                         # doctest: +SKIP
    ('2026-01-16', '100.1')

`parse_cr_text` never raises on any text: what cannot be read as rules is reported in
`CRDocument.skipped` (every line that is in no record, with its reason) and
`CRDocument.diagnostics` (problems, each naming its line). `parse_cr` raises only for a path that
is no readable file; bytes that are not text are read as damaged UTF-8 with an error diagnostic.
"""

from __future__ import annotations

from pathlib import Path

from kb.decode import DecodeError, count_line_endings, read_text, split_lines
from kb.model import CRDocument, Decoding, Diagnostic
from kb.parse.cr.accounting import check_accounting, line_owners
from kb.parse.cr.lines import classify
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
    raw_lines = split_lines(text)
    reader = Reader(source)
    reader.read(classify(number, raw) for number, raw in enumerate(raw_lines, 1))
    return reader.document(source, decoding, len(raw_lines))


def parse_cr(path: str | Path) -> CRDocument:
    """Read (with `kb.decode.read_text`) and parse one release."""
    try:
        text, decoding = read_text(path)
    except DecodeError as err:
        text, decoding = _read_damaged(Path(path), err)
        doc = parse_cr_text(text, str(path), decoding)
        doc.diagnostics.insert(0, Diagnostic(str(path), err.line, "error", err.reason))
        return doc
    return parse_cr_text(text, str(path), decoding)


def _read_damaged(path: Path, err: DecodeError) -> tuple[str, Decoding]:
    # Every undecodable byte and NUL shows as U+FFFD, so the lines around it are still read.
    text = path.read_bytes().decode("utf-8", errors="replace").replace("\x00", "\ufffd")
    decoding = Decoding(
        encoding="utf-8 (damaged)", bom=False, line_endings=count_line_endings(text),
        nbsp=text.count("\u00a0"), notes=(f"not text: {err.reason} (line {err.line}); "
                                          "unreadable bytes shown as U+FFFD",),
    )
    return text, decoding
