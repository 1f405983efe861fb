"""`kb cite`: a citation of the rules followed across renumberings, and the stale citations of a text."""

from __future__ import annotations

import click

from kb.cli.common import echo, emit_json, fail, json_option, not_blank, progress_reporter

# A text to check is an article or a program's source: more than this is no such text. Refused
# before it is read further; what is under it is checked in seconds (bench/bench_scanners.py: the
# scanners grow linearly, and 4 MiB of nothing but citations is about a million of them).
MAX_TEXT_BYTES = 4 * 1024 * 1024


@click.command("cite", short_help="A citation of a rule followed to another release; stale citations of a text.")
@click.argument("citation", required=False, callback=not_blank)
@click.option("--to", "to", callback=not_blank,
              help="The release to follow it to: a date it took effect or was published, or any date (the "
                   "release in force then); default the newest.")
@click.option("--as-of", "as_of", callback=not_blank,
              help="The release the citations were written against, when they do not say; default the newest.")
@click.option("--check", "check", multiple=True, metavar="FILE",
              help="Find every rules citation in FILE ('-': standard input) and report the stale ones (repeatable).")
@click.option("--all", "show_all", is_flag=True, help="With --check, list every citation, not only the stale ones.")
@json_option
def cite_command(citation: str | None, to: str | None, as_of: str | None, check: tuple[str, ...], show_all: bool,
                 as_json: bool) -> None:
    """Follow CITATION (a rule id, with or without the release it was written against: "717.1",
    "CR 716.1 (2019-08-23)", "505.5a as of 2010-06-18", "rule 702.19c") along the rule's line of
    descent to another release: its number there, each renumbering on the way, and whether its
    words changed. A release is named by a date it took effect or was published (2019-10-04,
    "October 4, 2019", 20191004, "MagicCompRules 20191004.txt"); another date names the release in
    force that day.

    With --check, every rules citation of each FILE ("rule 601.2a", "CR 702.19c", "(see 704.5k)",
    "rules 118.8 and 118.9", "603.7d–f") is taken as written against the release it names right
    after it ("CR 717.1 (2019-10-04)", "505.5a as of 2010-06-18"), else --as-of, and followed to --to;
    those the release has no rule for, or that now have another number (or none), are reported as
    FILE:LINE:COLUMN with the right number. Exit 1 when any citation is stale, 0 when none is.

    \b
    Examples:
      kb cite "CR 716.1 (2019-08-23)" --to 2019-10-04
      kb cite "509.1 as of 2004-10-01"
      kb cite 717.1 --to 2019-08-23 --json
      kb cite --check article.md --as-of 2019-08-23
      git grep -h "CR " | kb cite --check - --as-of 2021-04-16 --json
    """
    from kb.cite import CitationError, parse_citation, read_citing_text

    if bool(citation) == bool(check):
        fail("kb cite: give a CITATION or --check FILE (not both). See 'kb cite --help'.", 2)
    if show_all and not check:
        fail("kb cite: --all goes with --check. See 'kb cite --help'.", 2)
    releases, aliases = _release_names()
    try:
        # Everything that can be refused is refused before the knowledge base is read.
        cited = parse_citation(citation) if citation else None
        for name in (to, as_of, cited.release if cited else None):
            if name:
                _choose(name, releases, aliases)
        texts = [read_citing_text(path, MAX_TEXT_BYTES, stdin=click.get_binary_stream("stdin")) for path in check]
    except CitationError as err:
        fail(str(err), 2)
    lineage = _lineage(as_json, aliases)
    if cited is not None:
        _resolve(lineage, cited, to, as_of, as_json)
    else:
        _check(lineage, texts, to, as_of, show_all, as_json)


def _release_names():
    """The corpus's releases by effective date, and their other names (publication dates)."""
    from kb.cli.history import _releases

    known = _releases()
    releases = sorted({r.effective for r in known if r.effective})
    aliases = {r.published: r.effective for r in known if r.published and r.effective and r.published != r.effective}
    return releases, aliases


def _choose(name, releases, aliases):
    from kb.cite import resolve_release

    return resolve_release(name, releases, aliases)


def _lineage(as_json: bool, aliases: dict[str, str]):
    """The lines of descent from the store's lookup table when it is current, else from the knowledge
    base (which builds the store)."""
    from kb.cite import IndexLineage, KnowledgeLineage
    from kb.cli.common import load_kb, settle_corpus
    from kb.store import current_index

    settle_corpus()
    index = current_index()
    if index is not None and index.manifest.get("releases"):
        return IndexLineage(index, index.manifest["releases"], aliases)
    return KnowledgeLineage(load_kb(as_json), aliases)


def _resolve(lineage, cited, to, as_of, as_json: bool) -> None:
    from kb.cite import CitationError, resolve

    try:
        found = resolve(lineage, cited, to, as_of)
    except CitationError as err:
        fail(str(err), 2)
    if found.outcome == "missing":
        fail(found.summary(), 2)
    if as_json:
        emit_json(_resolution_data(found, cited.text))
        return
    for note in (found.release_note, found.to_note):
        if note:
            echo(f"({note})")
    echo(found.summary())
    for step in found.steps:
        echo(f"  {step}")
    if found.id is not None and found.to != found.release:
        echo(f"{found.rule} of {found.release}: {found.text}")
        echo(f"{found.id} of {found.to}: {found.to_text}")
    elif found.text is not None:
        echo(f"{found.rule} of {found.release}: {found.text}")


def _resolution_data(found, citation: str | None = None) -> dict:
    data = {
        "citation": citation, "rule": found.rule, "release": found.release, "to": found.to, "id": found.id,
        "outcome": found.outcome, "stale": found.stale, "text_changed": found.text_changed,
        "renumberings": found.renumberings, "steps": found.steps, "ended": found.ended,
        "release_note": found.release_note, "to_note": found.to_note, "text": found.text, "to_text": found.to_text,
        "last_seen": found.last_seen, "last_seen_id_to": found.last_seen_id_to, "summary": found.summary(),
    }
    if citation is None:
        del data["citation"]
    return data


def _check(lineage, texts, to, as_of, show_all: bool, as_json: bool) -> None:
    import sys

    from kb.cite import CitationError, check_text

    findings = []
    try:
        for source, text in texts:
            findings += check_text(lineage, text, source, as_of, to, progress=progress_reporter(as_json))
    except CitationError as err:
        fail(str(err), 2)
    stale = [f for f in findings if f.stale]
    if as_json:
        emit_json({
            "as_of": findings[0].resolution.release if findings else None,
            "to": findings[0].resolution.to if findings else None,
            "files": [source for source, _ in texts], "citations": len(findings), "stale": len(stale),
            "findings": [
                {"file": f.source, "line": f.line, "column": f.column, "surface": f.surface, "cited": f.cited,
                 "now": f.resolution.id, "stale": f.stale, "message": f.message(),
                 "resolution": _resolution_data(f.resolution)}
                for f in (findings if show_all else stale)
            ],
        })
    else:
        for f in findings if show_all else stale:
            mark = "stale: " if f.stale and show_all else ""
            echo(f"{f.source}:{f.line}:{f.column}: {mark}{f.message()}")
        files = len(texts)
        echo(f"{len(findings)} citation{'s' * (len(findings) != 1)} in {files} file{'s' * (files != 1)}, "
             f"{len(stale)} stale", err=bool(stale) and False)
    sys.exit(1 if stale else 0)


commands = [cite_command]
