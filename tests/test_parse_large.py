"""Hostile input to the parsers: lines that look like rule numbers and are not, files of millions of
lines, and input with no end. Nothing is folded away silently, memory follows the content and not
the line count, and `kb parse` refuses input past a size limit with one line."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from kb.decode import read_text, split_lines
from kb.parse.cr import check_accounting, parse_cr_text

from shared_releases import PROJECT_ROOT, release

ENV = {**os.environ, "PYTHONPATH": os.pathsep.join(filter(None, [str(PROJECT_ROOT), os.environ.get("PYTHONPATH")]))}


@pytest.fixture(scope="module")
def newest():
    text, _ = read_text(release("2026-01-16"))
    return text, parse_cr_text(text, "2026-01-16.txt")


@pytest.mark.parametrize(
    "inserted", ["101.4aaaaaaaa Deep subrule text.", "100.1aaaaaaaa.", "101.99999999999999999999."]
)
@pytest.mark.parametrize("blank_before", [True, False])
def test_a_false_rule_number_in_a_real_release_is_reported_not_folded(newest, inserted, blank_before):
    text, plain = newest
    lines = split_lines(text)
    at = plain.rule("101.4").end_line  # 1-based: the new line goes right after 101.4's last line
    added = ["", inserted] if blank_before else [inserted]
    doc = parse_cr_text("\r".join(lines[:at] + added + lines[at:]), "inserted.txt")
    where = at + len(added)
    assert doc.rule("101.4").text == plain.rule("101.4").text
    assert doc.counts() | {"skipped": 0, "diagnostics": 0} == plain.counts() | {"skipped": 0, "diagnostics": 0}
    errors = [d for d in doc.diagnostics if d.level == "error"]
    assert [d.line for d in errors] == [where]
    assert "looks like a rule number" in errors[0].message
    assert [s.text for s in doc.skipped if s.line == where] == [inserted]
    assert check_accounting(doc) == []


def test_numbers_beyond_what_the_numbering_allows_are_each_reported():
    text = "".join(f"100.{n}.\n" for n in range(1, 2001))
    doc = parse_cr_text(text, "numbers.txt")
    assert [r.id for r in doc.rules][-1] == "100.999" and len(doc.rules) == 999
    assert all(rule.text == "" for rule in doc.rules)
    errors = [d.line for d in doc.diagnostics if d.level == "error" and "looks like a rule number" in d.message]
    assert errors == list(range(1000, 2001))
    assert {s.line: s.text for s in doc.skipped if s.reason.startswith("not a rule")}[1000] == "100.1000."
    assert check_accounting(doc) == []


def _peak_memory(code: str) -> tuple[int, str]:
    """Run `code` in a fresh interpreter; its peak resident memory in bytes and its standard output."""
    # VmHWM belongs to the interpreter's own address space; ru_maxrss would carry over the peak of
    # the forking test process, which holds a whole knowledge base late in a run.
    script = (
        f"import sys\n{code}\n"
        "hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM:')][0].split()[1]\n"
        "print(hwm, file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", script], env=ENV, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr
    # The peak is the last line of standard error (warnings, if any, come before it).
    return int(done.stderr.strip().rsplit("\n", 1)[-1]) * 1024, done.stdout


LINES = 5_242_880


@pytest.fixture(scope="module")
def newlines(tmp_path_factory):
    path = tmp_path_factory.mktemp("big") / "newlines.txt"
    path.write_bytes(b"\n" * LINES)
    return path


@pytest.mark.parametrize("kind", ["cr", "wiki"])
def test_millions_of_empty_lines_cost_memory_for_their_content_only(newlines, kind):
    peak, output = _peak_memory(
        "from kb.ingest import parse_file\n"
        f"doc = parse_file({str(newlines)!r}, kind={kind!r})\n"
        "covered = sum(max(s.end_line, s.line) - s.line + 1 for s in doc.skipped)\n"
        "print(doc.line_count, covered, len(doc.skipped), {s.reason for s in doc.skipped})"
    )
    # A final line break opens one more (empty) line in a rules text, none in a wiki page.
    lines = LINES + (kind == "cr")
    count, covered, entries, reasons = output.strip().split(" ", 3)
    assert (int(count), int(covered), reasons) == (lines, lines, "{'blank'}")
    assert int(entries) <= 10  # runs, not lines
    assert peak < 300 * 1024 * 1024, f"{peak / 2**20:.0f} MiB"


def test_kb_parse_of_endless_input_stops_with_one_line():
    done = subprocess.run(
        [sys.executable, "-m", "kb", "parse", "/dev/zero"], env=ENV, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == (
        "kb: /dev/zero: larger than 67,108,864 bytes, the most one file may hold "
        "(raise the limit with --max-bytes)\n"
    )


def test_max_bytes_raises_or_lowers_the_limit(tmp_path):
    path = tmp_path / "rules.txt"
    path.write_text("These rules are effective as of May 5, 2025.\n\n100. General\n\n100.1. A rule.\n" * 40)
    size = path.stat().st_size
    run = lambda *args: subprocess.run(  # noqa: E731
        [sys.executable, "-m", "kb", "parse", str(path), "--summary", *args], env=ENV, capture_output=True, text=True
    )
    refused = run("--max-bytes", "1K")
    assert refused.returncode == 1 and "larger than 1,024 bytes" in refused.stderr and size > 1024
    assert run("--max-bytes", str(size)).returncode == 0
    assert run("--max-bytes", "1M").returncode == 0
    bad = run("--max-bytes", "lots")
    assert bad.returncode == 2 and "not a size" in bad.stderr
    stdin = subprocess.run(
        [sys.executable, "-m", "kb", "parse", "-", "--max-bytes", "100"], env=ENV, input=path.read_text(),
        capture_output=True, text=True,
    )
    assert stdin.returncode == 1 and stdin.stderr.startswith("kb: <stdin>: larger than 100 bytes")
    help_text = subprocess.run(
        [sys.executable, "-m", "kb", "parse", "--help"], env=ENV, capture_output=True, text=True
    ).stdout
    assert "--max-bytes" in help_text and "--max-bytes 500M" in help_text


def test_a_long_blank_run_in_a_wiki_page_moves_line_numbers_only():
    from kb.model import to_data
    from kb.parse.wiki import check_accounting as check_page, parse_wiki_text

    text = (PROJECT_ROOT / "corpus" / "wiki" / "es-pila.txt").read_text(encoding="utf-8")
    lines = split_lines(text)
    at, extra = len(lines) // 2, 5000
    longer = "\n".join(lines[:at] + [""] * extra + lines[at:])
    page, moved = parse_wiki_text(text, "p", lang="es"), parse_wiki_text(longer, "p", lang="es")
    assert check_page(moved) == []
    assert moved.line_count == page.line_count + extra

    def shifted(data, key=None):
        if key == "prose":
            return [[line + extra if line > at else line, prose] for line, prose in data]
        if isinstance(data, dict):
            return {k: shifted(v, k) for k, v in data.items()}
        if isinstance(data, list):
            return [shifted(v) for v in data]
        if key in ("line", "end_line") and isinstance(data, int) and data > at:
            return data + extra
        return data

    def without_blanks(page_data):
        return {k: v for k, v in page_data.items() if k not in ("skipped", "line_count", "decoding")}

    assert without_blanks(to_data(moved)) == without_blanks(shifted(to_data(page)))
    assert [s for s in to_data(moved)["skipped"] if s["reason"] != "blank"] == [
        s for s in shifted(to_data(page))["skipped"] if s["reason"] != "blank"
    ]
