"""`kb translations export | import | stats`: the translation workflow from the shell."""

from __future__ import annotations

from pathlib import Path

import click

from kb.cli.common import emit_json, fail, json_option, load_kb, os_error, release_name


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


@click.group("translations")
def translations_group() -> None:
    """Translate the rules with gettext catalogs: export a release, import a filled catalog, count.

    \b
    Examples:
      kb translations export rules-es.po --release 2026-01-16
      kb translations import rules-es.po --check
      kb translations stats
    """


@translations_group.command("export")
@click.argument("out", type=click.Path(path_type=Path))
@click.option("--release", help="The release to translate by its ISO date (effective or published); default the newest.")
@click.option("--lang", type=click.Choice(["es"]), default="es", show_default=True, help="Target language.")
@json_option
def export_command(out: Path, release: str | None, lang: str, as_json: bool) -> None:
    """Write OUT (a .po catalog): one entry per rule, subrule, example and glossary entry of the
    release, with the Spanish the corpus has; Spanish made from older English is marked fuzzy.

    \b
    Examples:
      kb translations export rules-es.po
      kb translations export rules-2024.po --release 2024-06-07 --json
    """
    from kb.translations import CatalogError, export_catalog

    if out.is_dir():
        fail(f"{out}: is a folder; give the catalog's file name", 2)
    kb = load_kb(as_json)
    release = release_name(release)
    if release and release not in kb.releases:
        fail(f"no release {release}; the corpus has {', '.join(kb.releases)}", 2)
    try:
        summary = export_catalog(kb, out, release, lang)
    except CatalogError as err:
        fail(str(err))
    except OSError as err:
        fail(os_error(err, out))
    if as_json:
        emit_json({"path": str(out), **vars(summary), "untranslated": summary.untranslated})
        return
    click.echo(
        f"{out}: release {summary.release}, {summary.entries} entries: {summary.translated} translated, "
        f"{summary.fuzzy} fuzzy, {summary.untranslated} untranslated"
    )


@translations_group.command("import")
@click.argument("catalog", type=click.Path(path_type=Path))
@click.option("--replace", is_flag=True, help="Replace a different catalog stored under the same name.")
@click.option("--check", "check_only", is_flag=True, help="Only check the catalog; store nothing.")
@json_option
def import_command(catalog: Path, replace: bool, check_only: bool, as_json: bool) -> None:
    """Check CATALOG (a filled .po) against the English and store it with the corpus (po/), where the
    knowledge base reads it as a Spanish source. Every problem is reported with its line; a catalog
    with errors is not imported; every Spanish text it replaces is listed.

    \b
    Examples:
      kb translations import rules-es.po --check
      kb translations import rules-es.po --replace --json
    """
    from kb.translations import ImportRefused, import_catalog

    if catalog.is_dir():
        fail(f"{catalog}: is a folder, not a catalog", 2)
    if not catalog.is_file():
        fail(f"{catalog}: no such file", 2)
    kb = load_kb(as_json)
    try:
        report = import_catalog(catalog, kb, replace=replace, dry_run=check_only)
    except ImportRefused as err:
        fail(str(err))
    except OSError as err:
        fail(os_error(err, catalog))
    checked = report.checked
    if as_json:
        emit_json(
            {
                "catalog": str(catalog),
                "release": checked.release,
                "stored": str(report.stored) if report.stored else None,
                "replaced_file": report.replaced_file,
                "messages": checked.messages,
                "translated": checked.translated,
                "fuzzy": checked.fuzzy,
                "untranslated": checked.untranslated,
                "problems": [vars(p) for p in checked.problems],
                "replacements": [vars(r) for r in report.replacements],
            }
        )
    else:
        for problem in checked.problems:
            click.echo(str(problem), err=problem.level == "error")
        for replacement in report.replacements:
            click.echo(f"{catalog}:{replacement}")
        summary = (
            f"{catalog}: release {checked.release}, {checked.messages} entries: {checked.translated} translated, "
            f"{checked.fuzzy} fuzzy, {checked.untranslated} untranslated; "
            f"{_count(len(checked.errors), 'error')}, {_count(len(checked.warnings), 'warning')}"
        )
        click.echo(summary)
        if report.stored:
            verb = "replaced" if report.replaced_file else "stored"
            click.echo(f"{verb} as {report.stored}")
    if checked.errors:
        fail(f"{catalog}: {_count(len(checked.errors), 'error')}; nothing imported")


@translations_group.command("stats")
@click.option("--release", help="The release to count by its ISO date (effective or published); default the newest.")
@click.option("--lang", type=click.Choice(["es"]), default="es", show_default=True, help="Target language.")
@json_option
def stats_command(release: str | None, lang: str, as_json: bool) -> None:
    """The entries `kb translations export` would write for the release (rules and subrules with
    their examples, per section; glossary entries in a row of their own): how many are translated,
    fuzzy and untranslated, and how many translations come from imported catalogs (from po).

    \b
    Examples:
      kb translations stats
      kb translations stats --release 2024-06-07
      kb translations stats --json | jq .totals
    """
    from kb.translations import CatalogError, catalog_stats

    kb = load_kb(as_json)
    release = release_name(release)
    if release and release not in kb.releases:
        fail(f"no release {release}; the corpus has {', '.join(kb.releases)}", 2)
    try:
        stats = catalog_stats(kb, release, lang)
    except CatalogError as err:
        fail(str(err))
    if as_json:
        emit_json(stats.to_data())
        return
    header = ("section", "title", "entries", "translated", "fuzzy", "untranslated", "from po")
    table = [
        (r.section, r.title_es or r.title_en, r.entries, r.translated, r.fuzzy, r.untranslated, r.from_po)
        for r in [*stats.sections, stats.totals]
    ]
    table[-1] = ("all", f"release {stats.release}", *table[-1][2:])
    widths = [max(len(str(h)), *(len(str(row[i])) for row in table)) for i, h in enumerate(header)]
    numeric = {2, 3, 4, 5, 6}
    line = "  ".join(h.rjust(w) if i in numeric else h.ljust(w) for i, (h, w) in enumerate(zip(header, widths)))
    click.echo(line.rstrip())
    click.echo("  ".join("-" * w for w in widths))
    for row in table:
        click.echo("  ".join(
            str(c).rjust(w) if i in numeric else str(c).ljust(w) for i, (c, w) in enumerate(zip(row, widths))
        ).rstrip())


commands = [translations_group]
