"""`kb parse` and `kb stats`: ingestion as seen from the shell."""

from __future__ import annotations

from pathlib import Path

import click

from kb.cli.common import emit_json, fail, json_option, os_error
from kb.model import CRDocument


@click.command("parse")
@click.argument("path", type=click.Path(path_type=Path))
@click.option("--kind", type=click.Choice(["cr", "wiki"]), help="Skip detection: the file is this.")
@click.option("--lang", type=click.Choice(["es", "en"]), help="A wiki page's language, if known.")
@click.option("--summary", is_flag=True, help="Print only the counts and diagnostics.")
@json_option
def parse_command(path: Path, kind, lang, summary: bool, as_json: bool) -> None:
    """Parse PATH (any rules text or wiki page; - reads standard input) and print its records,
    glossary, skipped lines and counts. Diagnostics go to standard error.

    \b
    Examples:
      kb parse MagicCompRules-2026-01-16.txt --summary
      kb parse es-pila.txt --json | jq .counts
      iconv -f utf-8 -t cp1252 rules.txt | kb parse - --kind cr
    """
    from kb.decode import DecodeError, decode_bytes
    from kb.ingest import parse_file, parse_text

    reading_stdin = str(path) == "-"
    if not reading_stdin and not path.exists():
        fail(f"{path}: no such file", 2)
    if path.is_dir():
        fail(f"{path}: is a folder, not a file", 2)
    try:
        if reading_stdin:
            text, decoding = decode_bytes(click.get_binary_stream("stdin").read(), "<stdin>")
            doc = parse_text(text, "<stdin>", kind=kind, lang=lang, decoding=decoding)
        else:
            doc = parse_file(path, kind=kind, lang=lang)
    except DecodeError as err:
        fail(str(err))
    except OSError as err:
        fail(os_error(err, path))
    if as_json:
        emit_json({"kind": doc.kind, "counts": doc.counts(), "document": doc})
        return
    _print_document(doc, summary)


def _print_document(doc, summary: bool) -> None:
    echo = click.echo
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
    from kb.corpus import ManifestError
    from kb.ingest import corpus_stats

    try:
        rows = corpus_stats()
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
