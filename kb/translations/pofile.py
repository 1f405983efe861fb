"""A strict reader of gettext PO files: a state machine over lines that accepts what `msgfmt -c`
accepts and rejects the rest, naming the file, line and reason.

Lenient readers take an unterminated string (`msgstr "Conceptos de juego`) by dropping its last
character, or a `msgstr` before any `msgid` as the start of an entry; both lose the translator's text
without a word. Here each is an error:

- a string that does not end on its line, or with anything after its closing quote;
- an escape C does not know (`\\q`); bytes that are not UTF-8;
- a keyword out of order (`msgstr` before `msgid`, `msgid` twice), an entry without `msgstr`, plural
  forms without `msgid_plural`, an unknown keyword;
- the same `msgctxt` and `msgid` twice (gettext's "duplicate message definition");
- a `msgid` and `msgstr` of which only one begins, or ends, with a newline (as `msgfmt -c` checks).

The reader also keeps what the checks need: flags, translator comments (the review mark, see
`REVIEWED`), the previous msgid (`#| msgid`) and the line of every msgid.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

REVIEWED = "reviewed"
"""A translator comment (`# reviewed` or `# reviewed: Ana, 2026-02-01`) marks an entry as reviewed:
checked by a second translator. The mark is a comment rather than a flag so that it can name who and
when, and so that every PO editor keeps it."""

_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)(?=[\s\"]|$)\s*(.*)$")
_REVIEW = re.compile(rf"^\s*{REVIEWED}\b", re.IGNORECASE)
_ESCAPES = {"n": "\n", "t": "\t", "b": "\b", "r": "\r", "f": "\f", "v": "\v", "a": "\a", "\\": "\\", '"': '"'}
_OCTAL = re.compile(r"[0-7]{1,3}")
_HEX = re.compile(r"[0-9a-fA-F]+")
# One quoted string with only common escapes, written "unrolled" so that a long string is one scan.
_ONE_STRING = re.compile(r'[ \t]*"([^"\\]*(?:\\[ntbrfva\\"][^"\\]*)*)"[ \t]*$')
_SIMPLE_ESCAPE = re.compile(r"\\([ntbrfva\\\"])")


class PoSyntaxError(ValueError):
    """A file that is not a valid PO catalog: `path`, `line` (from 1) and `reason`."""

    def __init__(self, path: str | Path, line: int, reason: str):
        super().__init__(f"{path}:{line}: {reason}")
        self.path = str(path)
        self.line = line
        self.reason = reason


@dataclass
class PoEntry:
    """One message of a PO file. `line` is the line of its msgid (what editors and babel report)."""

    msgid: str
    msgstr: str = ""
    context: str | None = None
    plural: str | None = None
    plurals: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)
    auto_comments: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    previous: str | None = None
    previous_context: str | None = None
    line: int = 0
    start: int = 0
    obsolete: bool = False

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def reviewed(self) -> bool:
        return any(_REVIEW.match(comment) for comment in self.comments)

    @property
    def state(self) -> str:
        """"untranslated", "fuzzy", "reviewed" or "translated"."""
        if not self.msgstr:
            return "untranslated"
        if self.fuzzy:
            return "fuzzy"
        return "reviewed" if self.reviewed else "translated"


@dataclass
class PoFile:
    path: str
    header: dict[str, str]
    entries: list[PoEntry]
    obsolete: list[PoEntry]
    header_line: int = 0  # the line of the header entry's msgid (0: the file has no header entry)
    header_lines: dict[str, int] = field(default_factory=dict)  # the line of each header field

    @property
    def release(self) -> str | None:
        """The release the catalog translates: the last word of Project-Id-Version."""
        value = self.header.get("Project-Id-Version", "").strip()
        return value.rsplit(" ", 1)[-1] if value else None

    @property
    def locale(self) -> str | None:
        return self.header.get("Language", "").strip() or None


def read_po_file(path: str | Path) -> PoFile:
    """Read and validate the PO file at `path`; raises `PoSyntaxError` at the first fault, and an
    `OSError` saying what it is for anything but a regular file (a FIFO is not waited on)."""
    path = Path(path)
    return parse_po(read_regular(path), path)


def read_regular(path: Path) -> bytes:
    """The bytes of the regular file at `path`. It is opened without blocking and its status taken
    from the open file, so a FIFO or a device put in its place is refused, never read or waited on."""
    import os

    from kb.translations.files import file_problem, mode_problem

    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as err:
        problem = file_problem(path)  # a socket cannot be opened at all: say what it is
        if problem and problem.startswith("is "):
            raise OSError(err.errno, problem, str(path)) from None
        raise
    try:
        problem = mode_problem(os.fstat(handle).st_mode)
        if problem:
            raise OSError(0, problem, str(path))
        with os.fdopen(handle, "rb", closefd=False) as stream:
            return stream.read()
    finally:
        os.close(handle)


def parse_po(data: bytes, path: str | Path = "<catalog>") -> PoFile:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        line = data[: err.start].count(b"\n") + 1
        raise PoSyntaxError(path, line, f"not UTF-8 text (byte {data[err.start]:#04x})") from None
    if text.startswith("\ufeff"):
        raise PoSyntaxError(path, 1, "a byte order mark before the first entry (gettext does not read it)")
    return _Reader(str(path)).read(text.splitlines())


_HEADER_FIELD = re.compile(r'^\s*(?:msgstr\s+)?"([A-Za-z][\w-]*)\s*:')


class _Reader:
    def __init__(self, path: str):
        self.path = path
        self.entries: list[PoEntry] = []
        self.obsolete: list[PoEntry] = []
        self.seen: dict[tuple[str | None, str], int] = {}
        self._reset()

    def _reset(self) -> None:
        self.entry: PoEntry | None = None
        self.pending = PoEntry("")
        self.state = "start"  # start, ctxt, id, plural, str
        self.field: str | None = None  # the field continuation strings extend
        self.previous_field: str | None = None

    def fail(self, line: int, reason: str):
        raise PoSyntaxError(self.path, line, reason)

    def read(self, lines: list[str]) -> PoFile:
        self.lines = lines
        obsolete_mode = False
        for number, raw in enumerate(lines, 1):
            line = raw.rstrip("\r")
            stripped = line.strip()
            if not stripped:
                continue
            if stripped.startswith("#~"):
                body = stripped[2:]
                if body.startswith("|"):
                    continue  # the previous msgid of an obsolete entry
                if not obsolete_mode:
                    # The comments just before an obsolete entry are its own (gettext writes them so).
                    comments = self.pending if self.state == "start" and self.pending.start else None
                    self._finish(number)
                    if comments is not None:
                        self.pending = comments
                    obsolete_mode = True
                self._statement(body.strip(), number, obsolete=True)
                continue
            if obsolete_mode:
                self._finish(number)
                obsolete_mode = False
            if stripped.startswith("#"):
                self._comment(stripped, number)
                continue
            self._statement(stripped, number, obsolete=False)
        self._finish(len(lines) + 1)
        return self._result()

    # -- comments -------------------------------------------------------------------------------

    def _comment(self, line: str, number: int) -> None:
        if self.state in ("ctxt", "id", "plural"):
            self.fail(number, "missing 'msgstr' section: a comment inside an entry")
        if self.state == "str":
            self._finish(number)
        entry = self.pending
        if not entry.start:
            entry.start = number
        kind, body = line[1:2], line[2:]
        if kind == ",":
            entry.flags.extend(f.strip() for f in body.split(",") if f.strip())
        elif kind == ".":
            entry.auto_comments.append(body.strip())
        elif kind == ":":
            entry.references.extend(body.split())
        elif kind == "|":
            self._previous(body.strip(), number)
        else:
            entry.comments.append(line[1:].strip())

    def _previous(self, body: str, number: int) -> None:
        match = _KEYWORD.match(body)
        entry = self.pending
        if match:
            keyword, _, rest = match.groups()
            value = self._strings(rest, number, column=len(body) - len(rest))
            if keyword == "msgid":
                entry.previous, self.previous_field = value, "previous"
            elif keyword == "msgctxt":
                entry.previous_context, self.previous_field = value, "previous_context"
            else:
                self.previous_field = None
        elif body.startswith('"') and self.previous_field:
            value = self._strings(body, number, 0)
            setattr(entry, self.previous_field, (getattr(entry, self.previous_field) or "") + value)
        else:
            self.fail(number, f"previous-message comment not understood: '#| {body}'")

    # -- keywords -------------------------------------------------------------------------------

    def _statement(self, line: str, number: int, obsolete: bool) -> None:
        if line.startswith('"'):
            if self.field is None:
                self.fail(number, "a string with no keyword before it")
            value = self._strings(line, number, 0)
            entry = self.entry
            if self.field == "plurals":
                entry.plurals[-1] += value
            else:
                setattr(entry, self.field, (getattr(entry, self.field) or "") + value)
            return
        match = _KEYWORD.match(line)
        if not match:
            word = line.split()[0] if line.split() else line
            self.fail(number, f"keyword {word!r} unknown")
        keyword, index, rest = match.groups()
        if not rest.strip():
            self.fail(number, f"{keyword} without its string")
        value = self._strings(rest, number, len(line) - len(rest))
        if keyword == "msgctxt":
            self._begin(number, obsolete)
            self.entry.context = value
            self.state, self.field = "ctxt", "context"
        elif keyword == "msgid":
            if self.state != "ctxt":
                self._begin(number, obsolete)
            self.entry.msgid = value
            self.entry.line = number
            self.state, self.field = "id", "msgid"
        elif keyword == "msgid_plural":
            if self.state != "id":
                self.fail(number, "msgid_plural without a msgid before it")
            self.entry.plural = value
            self.state, self.field = "plural", "plural"
        elif index is None:
            if self.state == "plural":
                self.fail(number, "missing 'msgstr[0]': a plural entry needs indexed translations")
            if self.state != "id":
                self.fail(number, "msgstr without a msgid before it")
            self.entry.msgstr = value
            self.state, self.field = "str", "msgstr"
        else:
            if self.state == "id":
                self.fail(number, "missing 'msgid_plural' section")
            expected = len(self.entry.plurals) if self.entry is not None else 0
            if self.state not in ("plural", "str") or self.entry.plural is None or int(index) != expected:
                self.fail(number, f"msgstr[{index}] out of order")
            self.entry.plurals.append(value)
            self.state, self.field = "str", "plurals"

    def _begin(self, number: int, obsolete: bool) -> None:
        if self.state in ("ctxt", "id", "plural"):
            self.fail(number, "missing 'msgstr' section before this line")
        if self.state == "str":
            self._finish(number)
        self.entry = self.pending
        if not self.entry.start:
            self.entry.start = number
        self.entry.obsolete = obsolete
        self.pending = PoEntry("")

    def _finish(self, number: int) -> None:
        if self.state in ("ctxt", "id", "plural"):
            self.fail(number if self.entry is None else self.entry.line or self.entry.start,
                      "missing 'msgstr' section")
        entry = self.entry
        if self.state == "str" and entry is not None:
            if entry.plural is not None and entry.plurals:
                entry.msgstr = entry.plurals[0]
            self._store(entry)
        elif self.pending.start and (self.pending.comments or self.pending.flags or self.pending.previous):
            # Comments after the last entry belong to nothing; gettext ignores them too.
            pass
        self.entry = None
        self.pending = PoEntry("")
        self.state, self.field, self.previous_field = "start", None, None

    def _store(self, entry: PoEntry) -> None:
        if entry.obsolete:
            self.obsolete.append(entry)
            return
        key = (entry.context, entry.msgid)
        if key in self.seen:
            self.fail(entry.line, f"duplicate message definition (the first is at line {self.seen[key]})")
        self.seen[key] = entry.line
        if entry.msgid and entry.msgstr and entry.plural is None:
            for edge, where in ((0, "begin"), (-1, "end")):
                if (entry.msgid[edge] == "\n") != (entry.msgstr[edge] == "\n"):
                    self.fail(entry.line, f"msgid and msgstr entries do not both {where} with '\\n'")
        self.entries.append(entry)

    # -- strings --------------------------------------------------------------------------------

    def _strings(self, text: str, number: int, column: int) -> str:
        """The value of one or more quoted strings on a line (`text` starts at `column`)."""
        simple = _ONE_STRING.match(text)
        if simple:  # the common case, one string with common escapes, read by a regular expression
            body = simple.group(1)
            return _SIMPLE_ESCAPE.sub(lambda m: _ESCAPES[m.group(1)], body) if "\\" in body else body
        out = []
        i, n = 0, len(text)
        while True:
            while i < n and text[i] in " \t":
                i += 1
            if i >= n:
                break
            if text[i] != '"':
                self.fail(number, f"column {column + i + 1}: unexpected {text[i:i + 12]!r} after the string")
            i += 1
            piece = []
            while True:
                if i >= n:
                    self.fail(number, "end-of-line within string: the string has no closing quote")
                char = text[i]
                if char == '"':
                    i += 1
                    break
                if char == "\\":
                    if i + 1 >= n:
                        self.fail(number, "end-of-line within string: a backslash ends the line")
                    code = text[i + 1]
                    if code in _ESCAPES:
                        piece.append(_ESCAPES[code])
                        i += 2
                        continue
                    if code in "01234567":
                        digits = _OCTAL.match(text, i + 1).group()
                        piece.append(chr(int(digits, 8)))
                        i += 1 + len(digits)
                        continue
                    if code == "x":
                        digits = _HEX.match(text, i + 2)
                        if digits:
                            piece.append(chr(int(digits.group(), 16)))
                            i += 2 + len(digits.group())
                            continue
                    self.fail(number, f"column {column + i + 1}: invalid control sequence '\\{code}'")
                piece.append(char)
                i += 1
            out.append("".join(piece))
        if not out:
            self.fail(number, "a keyword without its string")
        return "".join(out)

    def _result(self) -> PoFile:
        header: dict[str, str] = {}
        header_line, header_lines = 0, {}
        entries = []
        for entry in self.entries:
            if entry.msgid == "" and entry.context is None:
                header_line = entry.line
                for number in range(entry.line, len(self.lines)):
                    if not self.lines[number].strip() or self.lines[number].lstrip().startswith("#"):
                        break
                    field_name = _HEADER_FIELD.match(self.lines[number])
                    if field_name:
                        header_lines.setdefault(field_name.group(1), number + 1)
                for line in entry.msgstr.split("\n"):
                    if ":" in line:
                        key, value = line.split(":", 1)
                        header[key.strip()] = value.strip()
                continue
            entries.append(entry)
        charset = re.search(r"charset=([\w.-]+)", header.get("Content-Type", ""))
        if charset and charset.group(1).lower().replace("_", "-") not in ("utf-8", "utf8"):
            self.fail(header_lines.get("Content-Type", header_line or 1),
                      f"charset {charset.group(1)}: the catalogs are UTF-8")
        return PoFile(self.path, header, entries, self.obsolete, header_line, header_lines)
