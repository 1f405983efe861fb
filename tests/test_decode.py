import codecs

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.decode import (
    DecodeError,
    InputTooLarge,
    count_line_endings,
    decode_bytes,
    iter_lines,
    read_bytes,
    read_text,
    split_lines,
)

from shared_releases import release_files, PROJECT_ROOT

SAMPLE = "101.4.\u00a0If multiple players would make choices…\r\nExample: “Each player”\rnext\nlast"


@pytest.mark.parametrize(
    "data, encoding, bom",
    [
        (codecs.BOM_UTF8 + SAMPLE.encode("utf-8"), "utf-8", True),
        (SAMPLE.encode("utf-8"), "utf-8", False),
        (codecs.BOM_UTF16_LE + SAMPLE.encode("utf-16-le"), "utf-16-le", True),
        (codecs.BOM_UTF16_BE + SAMPLE.encode("utf-16-be"), "utf-16-be", True),
        (SAMPLE.encode("cp1252"), "windows-1252", False),
    ],
)
def test_every_encoding_gives_the_same_text(data, encoding, bom):
    text, report = decode_bytes(data, "sample.txt")
    assert text == SAMPLE
    assert (report.encoding, report.bom) == (encoding, bom)
    assert report.nbsp == 1
    assert report.line_endings == {"CRLF": 1, "CR": 1, "LF": 1}


def test_utf16_without_bom_is_recognised_and_reported():
    text, report = decode_bytes("Glossary\r\nActive Player\r\n".encode("utf-16-le"))
    assert text == "Glossary\r\nActive Player\r\n"
    assert report.encoding == "utf-16-le"
    assert any("no byte-order mark" in note for note in report.notes)


def test_windows_1252_is_reported_not_silent():
    _, report = decode_bytes("player’s".encode("cp1252"))
    assert report.encoding == "windows-1252"
    assert report.notes


def test_mixed_utf8_and_windows_1252_lines_are_each_decoded_and_reported():
    data = "café\n".encode("utf-8") + "naïve’s\n".encode("cp1252") + b"plain"
    text, report = decode_bytes(data)
    assert text == "café\nnaïve’s\nplain"
    assert report.encoding == "utf-8+windows-1252"
    assert "lines 2" in report.notes[0]


def test_split_lines_only_on_line_breaks():
    assert split_lines("a\r\nb\rc\nd\x0ce\u2028f\x85g") == ["a", "b", "c", "d\x0ce\u2028f\x85g"]
    assert count_line_endings("a\r\n\r\n\r\n") == {"CRLF": 3, "CR": 0, "LF": 0}


@pytest.mark.parametrize(
    "data, line, reason",
    [
        (b"one\ntwo\n\x00\x01\x02\x03binary", 3, "binary"),
        (b"one\r\ntwo\r\nthree \x81\x8d", 3, "0x81"),
        (codecs.BOM_UTF8 + b"ok\nstill ok\n\xff\xfe broken", 3, "invalid utf-8"),
    ],
)
def test_undecodable_bytes_name_the_line_and_reason(data, line, reason):
    with pytest.raises(DecodeError) as caught:
        decode_bytes(data, "bad.txt")
    assert caught.value.line == line
    assert caught.value.source == "bad.txt"
    assert reason in str(caught.value)
    assert isinstance(caught.value, ValueError)


def test_empty_input_is_empty_text():
    text, report = decode_bytes(b"")
    assert text == "" and report.encoding == "empty"


def test_releases_and_wiki_pages_decode_as_they_came():
    seen = {}
    for path in [*release_files().values(), *sorted((PROJECT_ROOT / "corpus" / "wiki").glob("*.txt"))]:
        text, report = read_text(path)
        assert "\ufffd" not in text
        seen[path.name] = report
    encodings = {report.encoding for report in seen.values()}
    assert {"ascii", "utf-8", "windows-1252", "utf-16-le", "utf-16-be"} <= encodings
    assert seen["MagicCompRules-2017-09-25.txt"].encoding == "windows-1252"
    assert seen["MagicCompRules-2026-01-16.txt"].bom is True
    assert seen["MagicCompRules-2026-01-16.txt"].line_endings["CR"] > 9000
    assert seen["es-pila.txt"].nbsp > 0


@pytest.mark.parametrize(
    "text",
    ["", "\n", "a", "a\r\nb\rc\nd", "\r\n" * 5, "x\r", "\r\r\n\n", "line\x0cstill\u2028same\n"],
)
def test_iter_lines_and_split_lines_agree(text, monkeypatch):
    import kb.decode

    assert list(iter_lines(text)) == split_lines(text) == __import__("re").split(r"\r\n|\r|\n", text)
    # Chunks of a few characters: a chunk edge falls inside CRLF pairs and long lines.
    monkeypatch.setattr(kb.decode, "_CHUNK", 3)
    for sample in (text, text * 7, "ab\r\ncdefgh\r\n\r\nij\rkl\nmnopqrstu" * 3):
        assert list(iter_lines(sample)) == __import__("re").split(r"\r\n|\r|\n", sample)


def test_count_line_endings():
    assert count_line_endings("a\r\nb\rc\nd\r\r\n\n") == {"CRLF": 2, "CR": 2, "LF": 2}


def test_a_file_larger_than_the_limit_is_refused_before_it_is_read_whole(tmp_path):
    path = tmp_path / "big.txt"
    path.write_bytes(b"x" * 1000)
    assert read_bytes(path, max_bytes=1000) == b"x" * 1000
    with pytest.raises(InputTooLarge) as caught:
        read_text(path, max_bytes=999)
    assert isinstance(caught.value, ValueError)
    assert str(caught.value) == f"{path}: larger than 999 bytes, the most one file may hold"
    with pytest.raises(InputTooLarge):
        read_bytes("/dev/zero", max_bytes=10_000)


# Bytes that exercise every branch of detection: line breaks, no-break spaces, UTF-8 sequences,
# Windows-1252 punctuation, and the bytes Windows-1252 leaves undefined.
_PIECES = [b"a", b" ", b"\r", b"\n", b"\r\n", b"\xa0", b"\xc2\xa0", "é".encode(), "’".encode(), b"\x92", b"\xe9",
           b"\x81", b"\x9d", b"\xc3", b"\xe2\x80"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40), st.booleans())
def test_what_decoding_reports_is_what_the_text_holds(pieces, bom):
    data = (codecs.BOM_UTF8 if bom else b"") + b"".join(pieces)
    try:
        text, report = decode_bytes(data, "x.txt")
    except DecodeError as err:
        # The line named is the line of the first byte that cannot be read.
        assert 1 <= err.line <= len(split_lines(data.decode("latin-1")))
        return
    assert report.line_endings == count_line_endings(text)
    assert report.nbsp == text.count("\u00a0")
    if report.encoding == "windows-1252":
        assert text == data.decode("cp1252")
    elif report.encoding in ("utf-8", "ascii"):
        assert text == data.decode("utf-8-sig" if bom else "utf-8")


@pytest.mark.parametrize("hole", [b"\x81", b"\x8d", b"\x8f", b"\x90", b"\x9d"])
def test_the_first_undefined_windows_1252_byte_is_the_one_named(hole):
    data = b"one\x92\r\ntwo\r" + hole + b"\nthree \x81"
    with pytest.raises(DecodeError) as caught:
        decode_bytes(data, "bad.txt")
    assert caught.value.line == 3 and f"0x{hole[0]:02X}" in caught.value.reason


def test_line_endings_are_counted_however_rare_either_break_is():
    # Some with a lone CR and, a line later, a lone LF: next to each other once the other bytes
    # are set aside, yet no pair.
    for text in ("a\rb\r\nc\r" * 300 + "\n", "a\nb\r\nc\n" * 300 + "\r", "\r\n" * 600, "\n\r" * 600,
                 "a\rb\nc" * 300, "a\rb\nc" * 3, "\r" + "a\r\n" * 300 + "b\n", "é\r€\n" * 400):
        assert decode_bytes(text.encode(), "x.txt")[1].line_endings == count_line_endings(text)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["a", "é", "∞", " ", "\r", "\n", "\r\n", "\n\r", "\x0c", "\u2028"]), max_size=40))
def test_split_lines_splits_on_crlf_cr_and_lf_whatever_the_mix(pieces):
    text = "".join(pieces)
    assert split_lines(text) == __import__("re").split(r"\r\n|\r|\n", text)


def test_the_line_breaks_str_splitlines_knows_besides_cr_and_lf_are_all_listed():
    import kb.decode

    others = [chr(c) for c in range(0x110000) if len(f"a{chr(c)}b".splitlines()) == 2 and chr(c) not in "\r\n"]
    assert "".join(others) == kb.decode._OTHER_LINE_BREAKS
    for other in others:
        assert split_lines(f"a\r\nb{other}c\rd\n") == ["a", f"b{other}c", "d", ""]
