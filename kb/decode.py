"""Bytes to text: detect the encoding of a rules or wiki file, split its lines, and say what was done.

Releases of the rules came as UTF-8 with and without a byte-order mark, UTF-16 and Windows-1252,
with CRLF, LF and bare CR line endings, sometimes mixed in one file. Nothing is replaced silently:
bytes that no candidate encoding can represent raise `DecodeError` naming the line.
"""

from __future__ import annotations

import codecs
import re
import stat
from collections.abc import Iterator
from pathlib import Path

from kb.model import Decoding

LINE_BREAK = re.compile(r"\r\n|\r|\n")
_BOMS = (
    (codecs.BOM_UTF32_LE, "utf-32-le"),
    (codecs.BOM_UTF32_BE, "utf-32-be"),
    (codecs.BOM_UTF8, "utf-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le"),
    (codecs.BOM_UTF16_BE, "utf-16-be"),
)
# Bytes Windows-1252 leaves undefined; a file containing them is not Windows-1252.
_CP1252_HOLES = frozenset(b"\x81\x8d\x8f\x90\x9d")
# After a lenient UTF-8 decode, any non-ASCII character that is not U+FFFD came from a
# well-formed UTF-8 sequence; a file with none cannot hold UTF-8 lines.
_DECODED_NON_ASCII = re.compile("[^\x00-\x7f\ufffd]")
# Every byte that cannot lead a UTF-8 sequence of two or more bytes.
_NOT_LEAD = bytes(range(0xC2)) + bytes(range(0xF5, 0x100))
# Up to this many CR (or LF) bytes, CRLF pairs are found from them one by one.
_FEW_PAIRS = 256
# Every byte but CR and LF: deleted from the bytes of a file, it leaves the line breaks.
_ALL_BUT_LINE_BREAKS = bytes(byte for byte in range(256) if byte not in b"\r\n")
# A CR that is no part of a CRLF pair.
_LONE_CR = re.compile(rb"\r(?!\n)")
_LONE_CR_IN_TEXT = re.compile("\r(?!\n)")

# The most a file may hold, unless the caller allows more: the largest release is under 2 MB, so
# this is room for any real one while `/dev/zero` or a runaway pipe stops long before memory does.
DEFAULT_MAX_BYTES = 64 * 1024 * 1024
# Lines are split this many characters at a time, so that a file of millions of short lines never
# holds them all at once.
_CHUNK = 1 << 20


class DecodeError(ValueError):
    """The bytes of `source` cannot be read as text; `line` is 1-based."""

    def __init__(self, source: str, line: int, reason: str):
        self.source, self.line, self.reason = source, line, reason
        super().__init__(f"{source}:{line}: {reason}")


class InputTooLarge(ValueError):
    """The input holds more bytes than the limit the caller set."""

    def __init__(self, source: str, limit: int):
        self.source, self.limit = source, limit
        super().__init__(f"{source}: larger than {limit:,} bytes, the most one file may hold")


# What `str.splitlines` breaks at besides CR and LF.
_OTHER_LINE_BREAKS = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"


def split_lines(text: str) -> list[str]:
    """Split on CRLF, bare CR and LF only (never on form feeds or Unicode separators)."""
    if "\n" not in text:
        return text.split("\r")
    if "\r" not in text:
        return text.split("\n")
    if not any(other in text for other in _OTHER_LINE_BREAKS):
        # `str.splitlines` breaks at CRLF, CR and LF in one pass, and here at nothing else; unlike
        # `split`, it gives no empty line after a final line break.
        lines = text.splitlines()
        if text[-1] in "\r\n":
            lines.append("")
        return lines
    carriage_returns = text.count("\r")
    if carriage_returns == text.count("\n"):
        lines = text.split("\r\n")
        if len(lines) - 1 == carriage_returns:  # every CR was in a CRLF, so every LF too
            return lines
    # Every CRLF made a CR, every line break left is one character: mostly CR in the releases that
    # mix them, so the second replacement, which copies the whole text, is rarely needed.
    text = text.replace("\r\n", "\r")
    if "\n" in text:
        text = text.replace("\n", "\r")
    return text.split("\r")


def iter_lines(text: str) -> Iterator[str]:
    """The lines of `split_lines(text)`, one at a time, holding at most about a megabyte of them."""
    if len(text) <= _CHUNK:
        return iter(split_lines(text))
    return _chunked_lines(text)


def _chunked_lines(text: str) -> Iterator[str]:
    start, size = 0, len(text)
    while size - start > _CHUNK:
        end = start + _CHUNK
        cut = max(text.rfind("\n", start, end), text.rfind("\r", start, end))
        if cut < 0:  # one line longer than a chunk: take it whole
            found = [i for i in (text.find("\n", end), text.find("\r", end)) if i >= 0]
            if not found:
                break
            cut = min(found)
        if text[cut] == "\r" and cut + 1 < size and text[cut + 1] == "\n":
            cut += 1
        lines = split_lines(text[start : cut + 1])
        lines.pop()  # the empty string after the final line break
        yield from lines
        start = cut + 1
    yield from split_lines(text[start:])


def count_line_endings(text: str) -> dict[str, int]:
    cr, lf = text.count("\r"), text.count("\n")
    if not cr or not lf:
        crlf = 0
    else:  # see `_line_endings_of_bytes`
        crlf = cr - len(_LONE_CR_IN_TEXT.findall(text))
    return {"CRLF": crlf, "CR": cr - crlf, "LF": lf - crlf}


def _line_of(data: bytes, offset: int, width: int = 1) -> int:
    if width == 1:
        head = data[:offset]
        return head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n") + 1
    head = data[:offset].decode("utf-16-le" if width == 2 else "utf-32-le", errors="replace")
    return _line_number(head)


def _line_number(head: str) -> int:
    """The 1-based number of the line that follows `head`."""
    return head.count("\n") + head.count("\r") - head.count("\r\n") + 1


def _first_cp1252_hole(data: bytes) -> int:
    """The offset of the first byte Windows-1252 leaves undefined, or -1: one C-level search per
    such byte (a regular expression over every byte costs seventy times as much)."""
    found = [at for hole in _CP1252_HOLES if (at := data.find(hole)) >= 0]
    return min(found) if found else -1


def _line_endings_of_bytes(data: bytes) -> dict[str, int]:
    """`count_line_endings` of the text, counted in the bytes of a one-byte encoding or UTF-8,
    where CR and LF are those bytes only. A file with one kind of byte needs one count. In one with
    both, CR and LF are counted in the few bytes left once every other byte is deleted (one pass,
    no longer than one count); the pairs are found from the rarer byte when it is rare, else from
    the CRs that are no part of one (in those few bytes a lone CR followed, lines later, by a lone
    LF would look like a pair)."""
    if b"\r" not in data:  # a search for one byte, many times faster than counting them
        return {"CRLF": 0, "CR": 0, "LF": data.count(b"\n")}
    if b"\n" not in data:
        return {"CRLF": 0, "CR": data.count(b"\r"), "LF": 0}
    breaks = data.translate(None, _ALL_BUT_LINE_BREAKS)
    cr, lf = breaks.count(b"\r"), breaks.count(b"\n")
    if min(cr, lf) <= _FEW_PAIRS:
        crlf, start, find = 0, 0, data.find
        if lf <= cr:
            while (at := find(b"\n", start)) >= 0:
                crlf += at > 0 and data[at - 1] == 13
                start = at + 1
        else:
            while (at := find(b"\r", start)) >= 0:
                crlf += data[at + 1 : at + 2] == b"\n"
                start = at + 1
    else:
        # The CRs that are no part of a pair, found by a search that hops from CR to CR (a regular
        # expression that starts with a literal): half the time of counting the pairs.
        crlf = cr - len(_LONE_CR.findall(data))
    return {"CRLF": crlf, "CR": cr - crlf, "LF": lf - crlf}


def _may_hold_utf8(data: bytes) -> bool:
    """Whether a lead byte is followed by a continuation byte anywhere: the least a UTF-8 sequence
    of two or more bytes needs. Found with C-level searches, one per lead byte that occurs (a
    regular expression over every byte costs ten times as much on a whole release)."""
    last = len(data) - 1
    for lead in set(data.translate(None, _NOT_LEAD)):
        needle, start = bytes((lead,)), 0
        while 0 <= (at := data.find(needle, start)) < last:
            if 0x80 <= data[at + 1] <= 0xBF:
                return True
            start = at + 1
    return False


def _utf16_without_bom(data: bytes) -> str | None:
    """Guess UTF-16 without a BOM from where the NUL bytes fall (ASCII-heavy text only)."""
    if len(data) < 4 or len(data) % 2:
        return None
    even, odd = data[0::2], data[1::2]
    half = len(data) // 2
    if odd.count(0) > 0.3 * half and even.count(0) < 0.05 * half:
        return "utf-16-le"
    if even.count(0) > 0.3 * half and odd.count(0) < 0.05 * half:
        return "utf-16-be"
    return None


def _decode_mixed(data: bytes, source: str) -> tuple[str, list[str]] | None:
    """UTF-8 lines mixed with Windows-1252 lines: decode each line on its own, or None if not mixed."""
    pieces = re.split(rb"(\r\n|\r|\n)", data)
    utf8_lines, cp1252_lines, out = [], [], []
    line = 1
    for i, piece in enumerate(pieces):
        if i % 2:
            out.append(piece.decode("ascii"))
            line += 1
            continue
        try:
            text = piece.decode("utf-8")
            if not piece.isascii():
                utf8_lines.append(line)
        except UnicodeDecodeError:
            bad = next((b for b in piece if b in _CP1252_HOLES), None)
            if bad is not None:
                raise DecodeError(
                    source, line, f"byte 0x{bad:02X} is neither UTF-8 nor Windows-1252"
                ) from None
            text = piece.decode("cp1252")
            cp1252_lines.append(line)
        out.append(text)
    if not utf8_lines:
        return None
    sample = ", ".join(map(str, cp1252_lines[:5]))
    more = " …" if len(cp1252_lines) > 5 else ""
    note = (
        f"mixed encodings: {len(utf8_lines)} lines UTF-8, {len(cp1252_lines)} lines "
        f"Windows-1252 (lines {sample}{more})"
    )
    return "".join(out), [note]


_NUL = re.compile("\x00")


def _holds_nul(text: str) -> bool:
    # A substring search for NUL is a byte search in ASCII text, but in text of wider characters
    # it compares them one by one: there a regular expression of one literal is four times faster.
    return "\x00" in text if text.isascii() else _NUL.search(text) is not None


_BYTE_COUNTABLE = frozenset(("utf-8", "ascii", "windows-1252"))
_NBSP_BYTES = {"utf-8": b"\xc2\xa0", "windows-1252": b"\xa0"}


def decode_bytes(data: bytes, source: str = "<bytes>") -> tuple[str, Decoding]:
    """Decode `data`, returning the text (BOM removed, line endings kept) and a report."""
    notes: list[str] = []
    encoding, bom = "", False
    for mark, name in _BOMS:
        if data.startswith(mark):
            encoding, bom = name, True
            body = memoryview(data)[len(mark) :]  # no copy of the whole file
            break
    else:
        body = data
        if not data:
            encoding = "empty"
        elif b"\x00" in data:
            encoding = _utf16_without_bom(data) or ""
            if not encoding:
                offset = data.index(b"\x00")
                raise DecodeError(source, _line_of(data, offset), "binary data (NUL byte), not text")
            notes.append(f"no byte-order mark; {encoding} recognised by its NUL bytes")
    if encoding == "empty":
        text = ""
    elif encoding:
        try:
            text = str(body, encoding)
        except UnicodeDecodeError as err:
            width = 4 if "32" in encoding else 2 if "16" in encoding else 1
            raise DecodeError(
                source, _line_of(bytes(body), err.start, width), f"invalid {encoding}: {err.reason}"
            ) from None
    else:
        try:
            text, encoding = body.decode("utf-8"), "utf-8" if not body.isascii() else "ascii"
        except UnicodeDecodeError:
            has_utf8 = _may_hold_utf8(body) and _DECODED_NON_ASCII.search(
                body.decode("utf-8", errors="replace")
            )
            mixed = _decode_mixed(body, source) if has_utf8 else None
            if mixed is not None:
                text, more = mixed
                encoding = "utf-8+windows-1252"
                notes.extend(more)
            else:
                hole = _first_cp1252_hole(body)
                if hole >= 0:
                    raise DecodeError(
                        source,
                        _line_of(body, hole),
                        f"byte 0x{body[hole]:02X} is neither UTF-8 nor Windows-1252",
                    )
                text, encoding = body.decode("cp1252"), "windows-1252"
                notes.append("not valid UTF-8; read as Windows-1252")
    # In a one-byte encoding and in UTF-8, NUL, CR and LF are those bytes and nothing else: the
    # bytes are counted, half or a quarter the size of the decoded text.
    single = encoding in _BYTE_COUNTABLE
    if (b"\x00" in data) if single else _holds_nul(text):
        offset = text.index("\x00")
        raise DecodeError(source, _line_number(text[:offset]), "NUL character in text")
    if single:
        line_endings = _line_endings_of_bytes(data)
        nbsp_bytes = _NBSP_BYTES.get(encoding)
        # Searching for one byte is several times faster than for two; most files have no 0xA0.
        nbsp = data.count(nbsp_bytes) if nbsp_bytes and b"\xa0" in data else 0
    else:
        line_endings = count_line_endings(text)
        nbsp = text.count("\u00a0") if "\u00a0" in text else 0
    report = Decoding(encoding=encoding, bom=bom, line_endings=line_endings, nbsp=nbsp, notes=tuple(notes))
    return text, report


def read_bytes(path: str | Path, max_bytes: int = DEFAULT_MAX_BYTES) -> bytes:
    """The bytes of a file (or of a device or pipe), refusing to read more than `max_bytes`:
    raises `InputTooLarge` once the input holds more."""
    path = Path(path)
    if path.is_file():  # a regular file tells its size: refuse a large one without reading it
        if path.stat().st_size > max_bytes:
            raise InputTooLarge(str(path), max_bytes)
        data = path.read_bytes()
        if len(data) > max_bytes:  # it grew since
            raise InputTooLarge(str(path), max_bytes)
        return data
    with path.open("rb") as stream:  # a device or a pipe: read no more than the limit allows
        return read_limited(stream, str(path), max_bytes)


def file_kind(mode: int) -> str | None:
    """What a file of `st_mode` `mode` is, in the words every refusal uses ("a folder", "a device",
    "a FIFO", "a socket", "a file"), or None for a kind with no name of its own."""
    if stat.S_ISREG(mode):
        return "a file"
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISFIFO(mode):
        return "a FIFO"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return None


def read_limited(stream, source: str, max_bytes: int = DEFAULT_MAX_BYTES) -> bytes:
    """Read a binary stream to its end, or raise `InputTooLarge` past `max_bytes`. It is read a
    block at a time: a high limit costs the memory of what comes, not of the limit."""
    blocks, held = [], 0
    while held <= max_bytes:
        block = stream.read(min(_BLOCK, max_bytes + 1 - held))
        if not block:
            break
        blocks.append(block)
        held += len(block)
    if held > max_bytes:
        raise InputTooLarge(source, max_bytes)
    return b"".join(blocks)


_BLOCK = 1 << 20


def read_text(path: str | Path, max_bytes: int = DEFAULT_MAX_BYTES) -> tuple[str, Decoding]:
    """Read and decode a file; raises `DecodeError` (a `ValueError`) for bytes that are not text
    and `InputTooLarge` (a `ValueError`) for a file of more than `max_bytes`."""
    return decode_bytes(read_bytes(path, max_bytes), str(path))
