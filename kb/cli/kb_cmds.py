"""`kb rule`, `kb align`, `kb terms` and `kb export`: the stored knowledge base from the shell.

Imports are deferred into each command: `kb rule` answers from the store without loading pandas,
networkx or the site builder.
"""

from __future__ import annotations

from pathlib import Path

import click

from kb.cli.common import (
    echo, emit_json, fail, json_option, load_kb, load_rule_card, not_blank, os_error, outputs_checked,
    overwrite_option, rule_argument, warn_stored_catalogs,
)

_LANGS = click.Choice(["en", "es"])


@click.command("rule", short_help="A rule in English and Spanish, with its references both ways.")
@click.argument("rule_id", metavar="RULE", callback=rule_argument)
@click.option("--release", callback=not_blank, help="A release by its ISO date (effective or published); default the newest.")
@click.option("--lang", type=_LANGS, default="en", show_default=True, help="Show the Spanish text too (es).")
@json_option
def rule_command(rule_id: str, release: str | None, lang: str, as_json: bool) -> None:
    """Show RULE (e.g. 101.4): its text and examples, its references both ways and, with --lang es,
    every Spanish text of it in the order a reader should see them: official quotes and the team's
    translation of the current English first, then any translation of an older English, marked so;
    each with its source (wiki page and release, or catalog and state) and the evidence of its pairing.
    For an older release, the Spanish of the same rule wherever it stands along its line of descent
    (renumbered or not): shown as its translation where the English it translates reads the same as
    that release's, else marked as the translation of another English.

    \b
    Examples:
      kb rule 101.4
      kb rule 702.9b --lang es --release 2024-06-07
      kb rule 601.2 --json | jq -r .text
    """
    card = load_rule_card(rule_id, release, lang, as_json)  # named by either of its dates
    warn_stored_catalogs()
    if as_json:
        emit_json(card)
        return
    _print_card(card)


def _print_card(card) -> None:
    echo(f"{card.id}  ({card.kind}, release {card.release})")
    echo(card.text)
    for number, example in enumerate(card.examples, 1):
        echo(f"  Example {number}: {example}")
    if card.lang == "es":
        echo("")
        texts = card.texts or []
        if not texts:
            echo(card.notice)
        for position, text in enumerate(texts):
            if position:
                echo("")
            if text.current:
                heading = "español"
            elif text.shown_release is not None:
                heading = "español, traducción de otro texto inglés"
            else:
                heading = "español, traducción de un texto anterior"
            if text.id_es != card.id:
                heading += f"; numerada {text.id_es} en su fuente"
            echo(f"{card.id} ({heading})")
            echo(text.text)
            for number, example in enumerate(text.examples, 1):
                echo(f"  Ejemplo {number}: {example}")
            echo(f"fuente: {text.label}")
            # A catalog's title is its file name, already in its path.
            titled = text.title and text.title != Path(text.source).name
            where = f"{text.title}, {text.source}" if titled else text.source
            echo(f"source: {'po' if text.kind == 'catalog' else 'wiki'} ({where}), line {text.line}")
            if text.shown_release is not None and text.current:
                same = "" if (text.english_release, text.english_id) == (card.release, card.id) else (
                    f" (the same text as {text.english_id} of {text.english_release})")
                echo(f"translates the English of this release, {card.release}{same}; status: {text.status}")
            elif text.shown_release is not None and text.english_release:
                echo(f"NOT THIS RELEASE'S ENGLISH: translates {text.english_id} of {text.english_release}, whose "
                     f"English differs from that of {card.id} of {card.release}; status: {text.status}")
            elif text.current:
                echo(f"translates the current English (that of {text.english_release}); status: {text.status}")
            elif text.english_release:
                echo(f"NOT CURRENT: translates the English of {text.english_release}, which changed in "
                     f"{text.changed_in}; status: {text.status}")
            else:
                echo("NOT CURRENT: a fuzzy catalog entry, translating an earlier English (its previous msgid)")
            for line in text.evidence:
                echo(f"  - {line}")
    echo("")
    echo(f"refers to: {', '.join(card.refs_out) or 'nothing'}")
    echo(f"referred to by: {', '.join(card.refs_in) or 'nothing'}")


@click.command("align")
@click.option("--page", help="Only the Spanish records of this page (file name or title, e.g. es-pila).")
@click.option(
    "--status",
    type=click.Choice(["exact", "nearest", "renumbered", "drifted", "unmatched"]),
    help="Only alignments with this status.",
)
@click.option("--kind", type=click.Choice(["rule", "glossary"]), help="Only rules or only glossary entries.")
@click.option("--evidence", is_flag=True, help="Print the evidence of each pair.")
@json_option
def align_command(page: str | None, status: str | None, kind: str | None, evidence: bool, as_json: bool) -> None:
    """List every Spanish record with the English record it translates, the status of the pair and
    where the rule stands in the newest release.

    \b
    Examples:
      kb align --page es-pila --evidence
      kb align --status drifted --json
    """
    kb = load_kb(as_json)
    rows = [a for a in kb.alignment if _matches(a, page, status, kind)]
    if page and not rows and not any(_matches(a, page, None, None) for a in kb.alignment):
        fail(f"no Spanish source named {page!r}", 2)
    data = [_alignment_row(a) for a in rows]
    if as_json:
        emit_json(data)
        return
    header = ("page", "kind", "spanish", "status", "english release", "english", "newest", "changed")
    table = [
        (r["page"], r["kind"], r["es_id"], r["status"], r["english_release"] or "-", r["en_id"] or "-",
         r["newest_id"] or "-", {True: "yes", False: "no", None: "-"}[r["changed_since"]])
        for r in data
    ]
    _print_table(header, table)
    if evidence:
        for r in data:
            echo(f"\n{r['page']} {r['es_id']}: {r['status']}")
            for line in r["evidence"]:
                echo(f"  - {line}")
    counts: dict[str, int] = {}
    for r in data:
        counts[r["status"]] = counts.get(r["status"], 0) + 1
    echo("\n" + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())) if counts else "nothing aligned")


def _matches(alignment, page: str | None, status: str | None, kind: str | None) -> bool:
    if status and alignment.status != status:
        return False
    if kind and alignment.kind != kind:
        return False
    if page:
        name = Path(alignment.source).stem
        if page.casefold() not in (name.casefold(), Path(alignment.source).name.casefold(),
                                   alignment.page_title.casefold()):
            return False
    return True


def _alignment_row(a) -> dict:
    return {
        "page": Path(a.source).stem,
        "page_title": a.page_title,
        "origin": a.origin,
        "kind": a.kind,
        "es_id": a.es_id,
        "line": a.line,
        "stated_release": a.stated_release,
        "status": a.status,
        "english_release": a.english_release,
        "en_id": a.en_id,
        "newest_id": a.newest_id,
        "changed_since": a.changed_since,
        "changed_in": a.changed_in,
        "evidence": list(a.evidence),
    }


@click.command("terms")
@click.argument("query", required=False)
@click.option(
    "--kind", type=click.Choice(["term-pair", "glossary", "section-title"]), help="Only terms of this kind."
)
@json_option
def terms_command(query: str | None, kind: str | None, as_json: bool) -> None:
    """List the Spanish/English terminology of the corpus, or look up QUERY (in either language).

    \b
    Examples:
      kb terms "jugador activo"
      kb terms --kind glossary --json
    """
    kb = load_kb(as_json)
    terms = kb.terminology()
    if kind:
        terms = [t for t in terms if t.kind == kind]
    if query:
        folded = query.casefold().strip()
        terms = [t for t in terms if folded in (t.es.casefold(), t.en.casefold())]
        if not terms:
            fail(f"no term {query!r} in the terminology", 2)
    if as_json:
        emit_json(terms)
        return
    _print_table(
        ("español", "English", "kind", "source"),
        [(t.es, t.en, t.kind, f"{Path(t.source).name}:{t.line}") for t in terms],
    )


@click.command("export")
@click.argument("out_dir", type=click.Path(path_type=Path))
@click.option(
    "--format", "formats", type=click.Choice(["csv", "json", "parquet"]), multiple=True,
    help="Output format (repeatable); default all three.",
)
@click.option(
    "--what", type=click.Choice(["records", "alignment", "history", "terminology", "graph"]), multiple=True,
    help="What to export (repeatable); default everything.",
)
@overwrite_option
@json_option
def export_command(out_dir: Path, formats: tuple[str, ...], what: tuple[str, ...], overwrite: bool,
                   as_json: bool) -> None:
    """Write records, alignment, history and terminology as CSV, JSON or Parquet, and the graph as
    GraphML and JSON, into OUT_DIR. The same corpus gives the same bytes. A CSV cell that a
    spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) starts with a single
    quote; JSON and Parquet keep the text as it is. No file of the corpus or the project, and no
    file kb did not write, is replaced (--overwrite replaces the latter); all files are written or none.

    \b
    Examples:
      kb export out/ --format csv --what alignment
      kb export out/ --json
    """
    from kb.export import FORMATS, WHAT, ExportError, export, export_paths
    from kb.outputs import OutputRefused

    outputs_checked(export_paths(out_dir, formats or FORMATS, what or WHAT), overwrite, folder=out_dir)
    kb = load_kb(as_json)
    try:
        written = export(kb, out_dir, formats or FORMATS, what or WHAT, overwrite)
    except OutputRefused as err:
        fail(str(err), 2)
    except OSError as err:
        fail(os_error(err, out_dir))
    except ExportError as err:
        fail(str(err))
    if as_json:
        emit_json([str(p) for p in written])
        return
    for path in written:
        echo(f"{path}  ({path.stat().st_size} bytes)")


def _print_table(header: tuple[str, ...], rows: list[tuple]) -> None:
    widths = [max([len(str(h))] + [len(str(r[i])) for r in rows]) for i, h in enumerate(header)]
    echo("  ".join(str(h).ljust(w) for h, w in zip(header, widths)).rstrip())
    echo("  ".join("-" * w for w in widths))
    for row in rows:
        echo("  ".join(str(c).ljust(w) for c, w in zip(row, widths)).rstrip())


commands = [rule_command, align_command, terms_command, export_command]
