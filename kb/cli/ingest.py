"""`kb parse` and `kb stats`: ingestion as seen from the shell."""

from __future__ import annotations

import re
import sys
from fractions import Fraction
from pathlib import Path

import click

from kb.cli.common import echo, emit_json, fail, json_option, os_error, say, shorten
from kb.model import CRDocument


class ByteSize(click.ParamType):
    """A number of bytes, plain or with a K, M, G or T suffix (powers of 1024; "KB", "KiB" and a
    fraction, "1.5M", are read too), from 1 byte to `LARGEST`. Anything else (negative, zero, NaN,
    infinite, past the largest, digits of other scripts) is bad usage."""

    name = "bytes"
    LARGEST = 1 << 40
    _UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
    _SIZE = re.compile(r"([-+]?)(\d+)(?:\.(\d+))?\s*([KMGT]?)(?:I?B)?", re.ASCII | re.IGNORECASE)

    def convert(self, value, param, ctx):
        if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= self.LARGEST:
            return value
        text = str(value).strip()
        match = self._SIZE.fullmatch(text)
        if match is None:
            self.fail(f"{shorten(text)!r} is not a size (e.g. 100000000, 200M, 1G)", param, ctx)
        sign, whole, fraction, unit = match.groups()
        if len(whole.lstrip("0")) > 15:  # past 1T in any unit (and past what int() reads quickly)
            self.fail(f"{shorten(text)!r} is more than the largest limit, 1T", param, ctx)
        size = int(Fraction(f"{whole}.{(fraction or '0')[:15]}") * self._UNITS[unit.upper()])
        if sign == "-" or size < 1:
            self.fail(f"{shorten(text)!r} must be at least 1 byte", param, ctx)
        if size > self.LARGEST:
            self.fail(f"{shorten(text)!r} is more than the largest limit, 1T", param, ctx)
        return size


def _default_max_bytes() -> int:
    from kb.decode import DEFAULT_MAX_BYTES

    return DEFAULT_MAX_BYTES


@click.command("parse")
@click.argument("path", type=click.Path())
@click.option("--kind", type=click.Choice(["cr", "wiki"]), help="Skip detection: the file is this.")
@click.option("--lang", type=click.Choice(["es", "en"]), help="A wiki page's language, if known.")
@click.option("--summary", is_flag=True, help="Print only the counts and diagnostics.")
@click.option("--max-bytes", type=ByteSize(), default=_default_max_bytes, show_default="64M",
              help="Refuse input larger than this (bytes, or with K, M, G, T; at most 1T); a real release is under 2M.")
@json_option
def parse_command(path: str, kind, lang, summary: bool, max_bytes: int, as_json: bool) -> None:
    """Parse PATH (any rules text or wiki page; - reads standard input) and print its records,
    glossary, skipped lines and counts. Diagnostics go to standard error.

    \b
    Examples:
      kb parse MagicCompRules-2026-01-16.txt --summary
      kb parse es-pila.txt --json | jq .counts
      iconv -f utf-8 -t cp1252 rules.txt | kb parse - --kind cr
      kb parse huge-generated.txt --max-bytes 500M --summary
    """
    from kb.decode import DecodeError, InputTooLarge, decode_bytes, read_limited
    from kb.ingest import parse_file, parse_text

    reading_stdin = path == "-"
    if not path:
        raise click.BadParameter("is empty; name a file, or - for standard input", param_hint="'PATH'")
    path = Path(path)
    if not reading_stdin:
        _check_readable_path(path)
    elif sys.stdin is None:  # started with its standard input closed (`kb parse - <&-`)
        fail("-: standard input is closed; nothing to read", 2)
    try:
        if reading_stdin:
            data = read_limited(click.get_binary_stream("stdin"), "<stdin>", max_bytes)
            text, decoding = decode_bytes(data, "<stdin>")
            doc = parse_text(text, "<stdin>", kind=kind, lang=lang, decoding=decoding)
        else:
            doc = parse_file(path, kind=kind, lang=lang, max_bytes=max_bytes)
    except InputTooLarge as err:
        fail(f"{err} (raise the limit with --max-bytes)")
    except DecodeError as err:
        fail(str(err))
    except OSError as err:
        fail(os_error(err, path))
    if as_json:
        emit_json({"kind": doc.kind, "counts": doc.counts(), "document": doc})
        return
    _print_document(doc, summary)


def _check_readable_path(path: Path) -> None:
    """One line and exit 2 for a path that names no file (missing, a folder, a loop of links);
    exit 1 for one that names a file the system will not let us look at."""
    import errno
    import stat

    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        fail(f"{path}: no such file", 2)
    except OSError as err:
        if err.errno == errno.ELOOP:
            fail(f"{path}: a loop of symbolic links, not a file", 2)
        if err.errno == errno.ENOTDIR:
            fail(f"{path}: no such file (a part of the path is not a folder)", 2)
        if err.errno == errno.ENAMETOOLONG:
            fail(f"{path}: no such file (the name is longer than the system allows)", 2)
        fail(os_error(err, path))
    if stat.S_ISDIR(mode):
        fail(f"{path}: is a folder, not a file", 2)


def _print_document(doc, summary: bool) -> None:
    echo(f"{doc.source}: {doc.kind}, {doc.decoding.describe()}")
    for note in doc.decoding.notes:
        echo(f"  decoding: {note}")
    if isinstance(doc, CRDocument):
        echo(f"release: {doc.release or '(not stated)'}  ({doc.effective})")
        blocks = [("rules", doc.rules, doc.glossary)]
    else:
        echo(f"page: {doc.title} [{doc.lang}]")
        blocks = [
            (f"{q.document} quote, line {q.line}, stamp {q.stamp.raw!r} -> {q.stamp.date}", q.rules, q.glossary)
            for q in doc.quotes
        ]
    if not summary:
        for heading, rules, glossary in blocks:
            echo(f"\n== {heading}")
            for rule in rules:
                echo(f"{rule.line:>6}  {rule.kind:<8} {rule.id:<10} {rule.text}")
                for example in rule.examples:
                    echo(f"{example.line:>6}  {'example':<8} {example.id:<10} {example.text}")
            for entry in glossary:
                echo(f"{entry.line:>6}  glossary {entry.term}: {' | '.join(entry.senses)}")
        if not isinstance(doc, CRDocument):
            for pair in doc.term_pairs:
                echo(f"{pair.line:>6}  term     {pair.es} = {pair.en}")
            for nav in doc.nav:
                echo(f"{nav.line:>6}  nav      {nav.section} {nav.title}")
            for example in doc.examples:
                echo(f"{example.line:>6}  page example ({example.heading}) {example.text}")
        echo("\n== skipped")
        for skipped in doc.skipped:
            echo(f"{skipped.line:>6}  {skipped.reason}: {skipped.text!r}")
    for diagnostic in doc.diagnostics:
        echo(str(diagnostic), err=True)
    echo("\n== counts")
    for name, value in doc.counts().items():
        echo(f"{name:>18}: {value}")


@click.command("stats")
@json_option
def stats_command(as_json: bool) -> None:
    """Per corpus file: kind, language, release and what it yields.

    \b
    Examples:
      kb stats
      kb stats --json | jq '.[] | select(.kind == "cr") | .rules'
    """
    from kb.corpus import ManifestError, read_corpus
    from kb.ingest import corpus_stats

    try:
        for missing in read_corpus().unavailable:
            say(f"kb: {missing.line}")
        from kb.knowledge import CACHE_FOLDER
        from kb.store import store_dir

        rows = corpus_stats(cache=store_dir() / CACHE_FOLDER)
    except OSError as err:
        fail(os_error(err))
    except (ManifestError, ValueError) as err:
        fail(str(err))
    if as_json:
        emit_json(rows)
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title="corpus")
    columns = ["file", "kind", "lang", "release", "encoding", "lines", "parts", "sections",
               "rules", "subrules", "examples", "glossary", "skipped"]
    for column in columns:
        table.add_column(column, justify="left" if column in columns[:5] else "right")
    for row in rows:
        table.add_row(*(str(row[c]) for c in columns))
    Console(width=200).print(table)


commands = [parse_command, stats_command]
