"""`kb translations export | import | stats`: the translation workflow from the shell."""

from __future__ import annotations

import os
from pathlib import Path

import click

from kb.cli.common import (
    echo, emit_json, fail, json_option, load_kb, not_blank, os_error, outputs_checked, overwrite_option,
    progress_reporter, release_name, say,
)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


@click.group("translations")
def translations_group() -> None:
    """Translate the rules with gettext catalogs: export a release (whole or by part), import filled
    catalogs, count per section or per release, check the terminology and the consistency.

    \b
    Examples:
      kb translations export po-2026/ --split --release 2026-01-16
      kb translations import po-2026/*.po --check
      kb translations stats --all
      kb translations check-terms
    """


@translations_group.command("export")
@click.argument("out", type=click.Path(path_type=Path))
@click.option("--release", callback=not_blank, help="The release to translate by its ISO date (effective or published); default the newest.")
@click.option("--lang", type=click.Choice(["es"]), default="es", show_default=True, help="Target language.")
@click.option("--split", is_flag=True, help="Write one catalog per part into the folder OUT: part-1.po … part-9.po, glossary.po.")
@click.option("--part", "parts", multiple=True, metavar="N",
              help="Write only the catalog of part N (1-9, or glossary) into the folder OUT; repeatable.")
@click.option("--into-catalogs", is_flag=True,
              help="OUT is the corpus's po/ folder: write the team's catalogs themselves, as an import of the "
                   "export (every mark kept, all or nothing, nothing written when nothing changes).")
@overwrite_option
@json_option
def export_command(out: Path, release: str | None, lang: str, split: bool, parts: tuple[str, ...],
                   into_catalogs: bool, overwrite: bool, as_json: bool) -> None:
    """Write OUT (a .po catalog, or with --split/--part a folder of them): one entry per part and
    section title, rule, subrule, example, glossary entry, and the document's headings, with the
    Spanish the corpus has (a text of identical English in any release is reused; Spanish made from
    an older English is marked fuzzy, with that English as the previous msgid). A catalog kb did
    not write (one translated since, say) is not replaced without --overwrite; a file of the corpus
    or the project, or a device, never is.

    \b
    Examples:
      kb translations export rules-es.po
      kb translations export po-2026/ --split
      kb translations export po-2026/ --part 7 --part glossary
      kb translations export rules-2024.po --release 2024-06-07 --json
      kb translations export corpus/po --split --into-catalogs

    A destination inside the corpus's po/ folder is refused (exit 2) unless --into-catalogs is given.
    """
    from kb.outputs import remember
    from kb.translations import CatalogError, export_catalog, export_catalogs
    from kb.translations.catalog import GLOSSARY_GROUP, group_file

    groups = [p.strip().lower() for p in parts]
    bad = [p for p in groups if p not in {str(n) for n in range(1, 10)} | {"glossary"}]
    if bad:
        fail(f"--part {bad[0]}: expected a part number 1-9 or 'glossary'", 2)
    several = split or bool(groups)
    if several and out.exists() and not out.is_dir():
        fail(f"{out}: is a file; --split and --part write a folder of catalogs", 2)
    if not several and out.is_dir():
        fail(f"{out}: is a folder; give the catalog's file name (or --split to write one catalog per part)", 2)
    into = _catalog_destination(out, several, into_catalogs)
    if not into:
        every_group = [str(n) for n in range(1, 10)] + [GLOSSARY_GROUP]
        if several:
            outputs_checked([out / group_file(g) for g in groups or every_group], overwrite, folder=out)
        else:
            outputs_checked([out], overwrite)
    kb = load_kb(as_json)
    release = release_name(release)
    if release and release not in kb.releases:
        fail(f"no release {release}; the corpus has {', '.join(kb.releases)}", 2)
    if into:
        _export_into_catalogs(kb, release, lang, groups, as_json)
        return
    try:
        if several:
            written = export_catalogs(kb, out, release, lang, groups or None)
        else:
            written = [(out, export_catalog(kb, out, release, lang))]
    except CatalogError as err:
        fail(str(err))
    except OSError as err:
        fail(os_error(err, out))
    remember(path for path, _summary in written)
    if as_json:
        data = [{"path": str(path), **vars(summary), "untranslated": summary.untranslated}
                for path, summary in written]
        emit_json(data if several else data[0])
        return
    for path, summary in written:
        echo(
            f"{path}: release {summary.release}, {summary.entries} entries: {summary.translated} translated, "
            f"{summary.fuzzy} fuzzy, {summary.untranslated} untranslated"
        )


def _release_of(release: str | None) -> str:
    # A file that is no catalog, or a catalog whose header names no release: said, not "release None".
    return f"release {release}" if release else "no release named"


def _catalog_destination(out: Path, several: bool, into_catalogs: bool) -> bool:
    """Whether the export writes the corpus's own catalogs: refused (exit 2) for a destination inside
    `po/` unless --into-catalogs is given, and --into-catalogs is for that folder, split by part."""
    from kb.corpus import corpus_dir
    from kb.translations.files import PO_DIR, inside_catalogs

    root = corpus_dir()
    inside = inside_catalogs(out, root)
    if inside and not into_catalogs:
        fail(f"{out}: is inside the corpus's catalogs ({root / PO_DIR}), which kb translations import writes; "
             "export elsewhere, or give --into-catalogs to write them from the knowledge base", 2)
    if into_catalogs and not (several and os.path.realpath(out) == os.path.realpath(root / PO_DIR)):
        fail(f"{out}: --into-catalogs writes the corpus's catalog folder {root / PO_DIR} with --split or --part", 2)
    return into_catalogs


def _export_into_catalogs(kb, release: str | None, lang: str, groups: list[str], as_json: bool) -> None:
    """Export to a scratch folder, then import that into the corpus's catalogs: what changes is
    listed, the marks of every entry are kept, and nothing is written when nothing changes."""
    import tempfile

    from kb.translations import CatalogError, export_catalogs

    with tempfile.TemporaryDirectory(prefix="kb-export-") as scratch:
        try:
            written = export_catalogs(kb, scratch, release, lang, groups or None)
        except CatalogError as err:
            fail(str(err))
        except OSError as err:
            fail(os_error(err))
        report = _run_import(kb, [path for path, _ in written], replace=False, dry_run=False)
        _print_import(kb, report, as_json, given=False)


@translations_group.command("import")
@click.argument("catalogs", nargs=-1, required=True, metavar="CATALOG...", type=click.Path(path_type=Path))
@click.option("--replace", is_flag=True,
              help="Let a catalog replace Spanish already stored; among the given catalogs the one given last "
                   "wins. An empty entry never removes a stored text.")
@click.option("--remove-missing", is_flag=True,
              help="Also take out every stored translation, in the catalogs the import touches, that the given "
                   "catalogs do not translate; lists them and asks first (--yes: without asking).")
@click.option("--yes", is_flag=True, help="With --remove-missing: remove without asking.")
@click.option("--check", "check_only", is_flag=True, help="Only check, and say what the import would do; store nothing.")
@json_option
def import_command(catalogs: tuple[Path, ...], replace: bool, remove_missing: bool, yes: bool, check_only: bool,
                   as_json: bool) -> None:
    """Check each CATALOG (a filled PO file, whatever its name) against the English and merge its
    entries into the corpus's catalogs, one per part and one for the glossary (po/part-1.po …
    po/part-9.po, po/glossary.po), where the knowledge base reads them. Every problem is reported
    with its line; if any catalog has an error nothing is stored. Every Spanish text added, replaced
    or removed is listed; replacing one needs --replace. An entry the catalogs do not carry, or leave
    empty, stays as stored, with its marks; --remove-missing takes such translations out, after
    listing them. An import never changes a catalog's release: a catalog of another release is read
    against the stored English, an entry of other English taken as a fuzzy suggestion or set aside,
    each listed. The term and consistency checks run too (see check-terms, check-consistency).

    \b
    Examples:
      kb translations import part-7.po part-7-701.po part-7-702.po --check
      kb translations import po-wip/*.po
      kb translations import part-1.po --replace --json
      kb translations import part-1.po --remove-missing --check
    """
    from kb.translations.files import file_problem

    if yes and not remove_missing:
        fail("--yes goes with --remove-missing (it answers its question)", 2)
    for catalog in catalogs:
        problem = file_problem(catalog)
        if problem:
            fail(f"{catalog}: {problem}", 2)
    kb = load_kb(as_json)
    if remove_missing and not check_only and not yes:
        _confirm_removals(kb, list(catalogs), replace)
    report = _run_import(kb, list(catalogs), replace=replace, dry_run=check_only, remove_missing=remove_missing)
    _print_import(kb, report, as_json)


def _confirm_removals(kb, catalogs: list[Path], replace: bool) -> None:
    """List the translations --remove-missing would take out and ask before any is; no answer to be
    had (no terminal) refuses in one line."""
    import sys

    planned = _run_import(kb, catalogs, replace=replace, dry_run=True, remove_missing=True)
    if not planned.ok or not planned.removals:
        return  # refused, or nothing to remove: the import itself says so
    for change in planned.removals:
        echo(str(change), err=True)
    if not sys.stdin.isatty():
        fail(f"--remove-missing would remove {_count(len(planned.removals), 'translation')}; give --yes to remove "
             "them without being asked; nothing imported", 2)
    if not click.confirm(f"Remove these {_count(len(planned.removals), 'translation')}?", err=True):
        fail("nothing removed, nothing imported", 1)


def _run_import(kb, catalogs: list[Path], replace: bool, dry_run: bool, remove_missing: bool = False):
    """`import_catalogs`, or one line and exit 1 when the corpus cannot be written (busy, a full disk:
    the catalogs are then as they were)."""
    from kb.corpus_write import CorpusBusy, JournalError
    from kb.translations import import_catalogs

    try:
        report = import_catalogs(catalogs, kb, replace=replace, dry_run=dry_run, remove_missing=remove_missing)
    except (CorpusBusy, JournalError) as err:
        fail(str(err))
    except ValueError as err:  # $KB_LOCK_WAIT that is no number of seconds
        fail(str(err), 2)
    except OSError as err:
        fail(f"{os_error(err)}; nothing imported, the catalogs are as they were")
    if report.recovered:
        say(report.recovered)
    return report


def _print_import(kb, report, as_json: bool, given: bool = True) -> None:
    """The report of an import, as text or JSON, and its exit. Without `given` (the catalogs are an
    export's, in a scratch folder), neither a line per catalog nor the term checks."""
    if given:
        terms, conflicts, term_problem = _quality(kb, [Path(c.source) for c in report.checks if c.readable],
                                                  stored=True)
    else:
        terms, conflicts, term_problem = None, [], None
    changed = [str(p) for p in report.changed]
    if as_json:
        emit_json(
            {
                "catalogs": [
                    {"catalog": c.source, "release": c.release, "messages": c.messages, "translated": c.translated,
                     "reviewed": c.reviewed, "fuzzy": c.fuzzy, "untranslated": c.untranslated,
                     "problems": [vars(p) for p in c.problems], "stored_in": report.destinations.get(c.source, [])}
                    for c in report.checks
                ],
                "stored": [str(p) for p in report.stored] if report.written else [],
                "would_store": [str(p) for p in report.stored] if not report.written else [],
                "written": changed if report.written else [],
                "would_write": changed if not report.written and not report.refused else [],
                "refused": report.refused,
                "changes": [c.to_data() for c in report.changes],
                "terms": terms.to_data() if terms else None,
                "term_base_problem": term_problem,
                "conflicts": [c.to_data() for c in conflicts],
            }
        )
    else:
        for checked in report.checks:
            for problem in checked.problems:
                if given or problem.level == "error":
                    echo(str(problem), err=problem.level == "error")
        for change in report.changes:
            echo(str(change))
        for checked in report.checks if given else []:
            echo(
                f"{checked.source}: {_release_of(checked.release)}, {checked.messages} entries: {checked.translated} "
                f"translated ({checked.reviewed} reviewed), {checked.fuzzy} fuzzy, {checked.untranslated} untranslated; "
                f"{_count(len(checked.errors), 'error')}, {_count(len(checked.warnings), 'warning')}"
                + (f"; into {', '.join(report.destinations[checked.source])}" if checked.source in report.destinations else "")
            )
        if given:
            if terms is not None:
                echo(f"terms: {_count(len(terms.violations), 'violation')}, {len(terms.excused)} excused")
            elif term_problem:
                echo(f"terms: {term_problem}")
            echo(f"consistency: {_count(len(conflicts), 'conflict')}")
        if not report.refused:
            summary = (f"{report.count('added')} added, {report.count('replaced')} replaced, "
                       f"{report.count('removed')} removed, {report.count('kept')} kept"
                       + "".join(f", {report.count(kind)} {kind}" for kind in ("suggested", "set aside")
                                 if report.count(kind)))
            if not changed:
                echo(f"{summary}; nothing changed, nothing written "
                     f"({_count(len(report.stored), 'catalog')} left as they were)")
            else:
                verb = "written" if report.written else "would write"
                echo(f"{summary}; {verb}: {', '.join(changed)}"
                     + (f" (unchanged: {', '.join(p.name for p in report.stored if str(p) not in changed)})"
                        if len(changed) < len(report.stored) else ""))
    if report.errors:
        fail(f"{_count(len(report.errors), 'error')}; nothing imported")
    if report.refused:
        fail(f"refused: {report.refused}; nothing imported")


def _quality(kb, extra: list[Path], stored: bool = True, terms_path: Path | None = None,
             exceptions: Path | None = None):
    """The term report (None without a term base), the consistency conflicts, and why there is no
    term report, over the stored catalogs and the `extra` ones."""
    from kb.translations.files import po_files
    from kb.translations.termbase import (
        TermError, catalog_texts, check_consistency, check_terms, load_exceptions, load_term_base,
    )

    given_texts, _problems = catalog_texts(extra)
    texts = list(given_texts)
    if stored:
        # The stored entries the given catalogs translate are the ones an import replaces.
        given = {p.resolve() for p in extra}
        replaced = {t[2] for t in given_texts}
        kept, _problems = catalog_texts([p for p in po_files(kb.corpus_root) if p.resolve() not in given])
        texts = [t for t in kept if t[2] not in replaced] + texts
    terms_path = terms_path or Path(kb.corpus_root) / "terms" / "terms.tsv"
    try:
        excused = load_exceptions(exceptions or terms_path.with_name("exceptions.tsv"))
    except TermError as err:
        return None, check_consistency(texts), str(err)
    conflicts = check_consistency(texts, excused)
    if not terms_path.is_file():
        return None, conflicts, f"no term base at {terms_path}"
    try:
        base = load_term_base(terms_path, exceptions)
    except TermError as err:
        return None, conflicts, str(err)
    return check_terms(given_texts if extra else texts, base), conflicts, None


@translations_group.command("stats")
@click.option("--release", callback=not_blank, help="The release to count by its ISO date (effective or published); default the newest.")
@click.option("--all", "all_releases", is_flag=True, help="One row per release: every release's coverage in one table.")
@click.option("--lang", type=click.Choice(["es"]), default="es", show_default=True, help="Target language.")
@json_option
def stats_command(release: str | None, all_releases: bool, lang: str, as_json: bool) -> None:
    """The entries `kb translations export` would write for the release (rules and subrules with
    their examples, per section; glossary entries and the document's headings in rows of their own):
    how many are translated, fuzzy and untranslated, and how many translations come from imported
    catalogs (from po). A translation carries to every release whose English is identical. With
    --all, one row per release. Then the term and consistency checks of the stored catalogs.

    \b
    Examples:
      kb translations stats
      kb translations stats --release 2024-06-07
      kb translations stats --all
      kb translations stats --json | jq .totals
    """
    from kb.translations import CatalogError, catalog_stats, release_coverage

    kb = load_kb(as_json)
    release = release_name(release)
    if release and release not in kb.releases:
        fail(f"no release {release}; the corpus has {', '.join(kb.releases)}", 2)
    terms, conflicts, term_problem = _quality(kb, [])
    checks = {"term_violations": len(terms.violations) if terms else None,
              "term_excused": len(terms.excused) if terms else None, "term_base_problem": term_problem,
              "consistency_conflicts": len(conflicts)}
    if all_releases:
        try:
            rows = release_coverage(kb, [release] if release else None, lang, progress=progress_reporter(as_json))
        except CatalogError as err:
            fail(str(err))
        if as_json:
            emit_json({"lang": lang, "releases": [r.to_data() for r in rows], "checks": checks})
            return
        header = ("release", "entries", "translated", "%", "fuzzy", "untranslated", "from po")
        table = [(r.release, r.entries, r.translated, f"{r.percent:.1f}", r.fuzzy, r.untranslated, r.from_po)
                 for r in rows]
        _table(header, table, numeric={1, 2, 3, 4, 5, 6})
        _checks_lines(checks)
        return
    try:
        stats = catalog_stats(kb, release, lang)
    except CatalogError as err:
        fail(str(err))
    if as_json:
        emit_json({**stats.to_data(), "checks": checks})
        return
    header = ("section", "title", "entries", "translated", "fuzzy", "untranslated", "from po")
    table = [
        (r.section, r.title_es or r.title_en, r.entries, r.translated, r.fuzzy, r.untranslated, r.from_po)
        for r in [*stats.sections, stats.totals]
    ]
    table[-1] = ("all", f"release {stats.release}", *table[-1][2:])
    _table(header, table, numeric={2, 3, 4, 5, 6})
    _checks_lines(checks)


def _table(header, table, numeric) -> None:
    widths = [max(len(str(h)), *(len(str(row[i])) for row in table)) for i, h in enumerate(header)]
    line = "  ".join(h.rjust(w) if i in numeric else h.ljust(w) for i, (h, w) in enumerate(zip(header, widths)))
    echo(line.rstrip())
    echo("  ".join("-" * w for w in widths))
    for row in table:
        echo("  ".join(
            str(c).rjust(w) if i in numeric else str(c).ljust(w) for i, (c, w) in enumerate(zip(row, widths))
        ).rstrip())


def _checks_lines(checks: dict) -> None:
    if checks["term_base_problem"]:
        echo(f"terms: {checks['term_base_problem']}")
    else:
        echo(f"terms: {_count(checks['term_violations'], 'violation')}, {checks['term_excused']} excused")
    echo(f"consistency: {_count(checks['consistency_conflicts'], 'conflict')}")


def _catalog_paths(kb, catalogs: tuple[Path, ...]) -> list[Path]:
    from kb.translations.files import po_files

    from kb.translations.files import file_problem

    for catalog in catalogs:
        problem = file_problem(catalog)
        if problem:
            fail(f"{catalog}: {problem}", 2)
    return list(catalogs) or po_files(kb.corpus_root)


@translations_group.command("check-terms")
@click.argument("catalogs", nargs=-1, metavar="[CATALOG...]", type=click.Path(path_type=Path))
@click.option("--terms", "terms_path", type=click.Path(path_type=Path),
              help="The term base (default: terms/terms.tsv in the corpus).")
@click.option("--exceptions", type=click.Path(path_type=Path),
              help="The exceptions (default: exceptions.tsv beside the term base).")
@json_option
def check_terms_command(catalogs: tuple[Path, ...], terms_path: Path | None, exceptions: Path | None,
                        as_json: bool) -> None:
    """Report every translated entry whose English uses a term of the term base and whose Spanish
    uses neither the term's Spanish nor one of its variants (inflected forms count), except those
    excused in exceptions.tsv. Checks the given catalogs, or the corpus's stored ones. Exits 1 when
    there is a violation.

    \b
    Examples:
      kb translations check-terms
      kb translations check-terms po-wip/part-7-702.po --json | jq '.violations | length'
    """
    from kb.translations.termbase import TermError, catalog_texts, check_terms, load_term_base

    kb = load_kb(as_json)
    paths = _catalog_paths(kb, catalogs)
    given = terms_path is not None
    terms_path = terms_path or Path(kb.corpus_root) / "terms" / "terms.tsv"
    if not terms_path.is_file():
        # A file named on the command line that is not there is bad usage; a corpus without one is not.
        fail(f"{terms_path}: no term base here", 2 if given else 1)
    try:
        base = load_term_base(terms_path, exceptions)
    except TermError as err:
        fail(str(err))
    except OSError as err:
        fail(os_error(err, terms_path))
    texts, problems = catalog_texts(paths)
    for problem in problems:
        echo(f"{problem} (not checked)", err=True)
    report = check_terms(texts, base)
    if as_json:
        emit_json({"term_base": str(terms_path), "terms": len(base), "catalogs": [str(p) for p in paths],
                   **report.to_data()})
    else:
        for violation in report.violations:
            echo(str(violation))
        for line, context, en, reason in report.unused_exceptions:
            echo(f"{terms_path.with_name('exceptions.tsv') if exceptions is None else exceptions}:{line}: "
                       f"exception for {en!r} in {context} excuses nothing (stale?)")
        echo(f"{report.entries} translated entries in {_count(len(paths), 'catalog')}, {len(base)} terms: "
                   f"{_count(len(report.violations), 'violation')}, {len(report.excused)} excused")
    if report.violations or problems:
        raise SystemExit(1)


@translations_group.command("check-consistency")
@click.argument("catalogs", nargs=-1, metavar="[CATALOG...]", type=click.Path(path_type=Path))
@click.option("--exceptions", type=click.Path(path_type=Path),
              help="Entries excused, by msgctxt and whole English (default: terms/exceptions.tsv in the corpus).")
@json_option
def check_consistency_command(catalogs: tuple[Path, ...], exceptions: Path | None, as_json: bool) -> None:
    """Report every English text translated in more than one way: identical msgids (spacing, quotes
    and dashes evened out) whose msgstrs differ, across all the catalogs at once (the given ones, or
    the corpus's stored ones). An entry listed in the exceptions with its whole English is left out.
    Exits 1 when there is a conflict.

    \b
    Examples:
      kb translations check-consistency
      kb translations check-consistency po-wip/*.po --json
    """
    from kb.translations.termbase import TermError, catalog_texts, check_consistency, load_exceptions

    kb = load_kb(as_json)
    paths = _catalog_paths(kb, catalogs)
    texts, problems = catalog_texts(paths)
    for problem in problems:
        echo(f"{problem} (not checked)", err=True)
    exceptions = exceptions or Path(kb.corpus_root) / "terms" / "exceptions.tsv"
    try:
        excused = load_exceptions(exceptions)
    except TermError as err:
        fail(str(err))
    conflicts = check_consistency(texts, excused)
    if as_json:
        emit_json({"catalogs": [str(p) for p in paths], "entries": len(texts),
                   "conflicts": [c.to_data() for c in conflicts]})
    else:
        for conflict in conflicts:
            echo(str(conflict))
        echo(f"{len(texts)} translated entries in {_count(len(paths), 'catalog')}: "
                   f"{_count(len(conflicts), 'conflict')}")
    if conflicts or problems:
        raise SystemExit(1)


@translations_group.command("update")
@click.option("--release", required=True, callback=not_blank,
              help="The release to bring the catalogs to, by its ISO date (effective or published).")
@click.option("--check", "check_only", is_flag=True, help="Only say what the update would do; write nothing.")
@json_option
def update_command(release: str, check_only: bool, as_json: bool) -> None:
    """Bring the team's catalogs (po/) from the release they translate to RELEASE, following every
    rule as `kb diff OLD RELEASE` pairs it: an entry whose English changed becomes fuzzy, with the
    English it translates kept as its previous msgid (#| msgid; #| msgctxt when renumbered too); a
    renumbered rule carries its Spanish to its new number; a new rule comes in untranslated; a removed
    rule's Spanish is kept as an obsolete entry (#~). Examples and glossary entries too. Prints the
    rules unchanged, renumbered, changed, new and removed (the counts of `kb diff`), then the entries.
    All or nothing, one writer at a time; catalogs already of RELEASE are left as they are.

    \b
    Examples:
      kb translations update --release 2026-01-16 --check
      kb translations update --release 2026-01-16
      kb translations update --release 2026-01-16 --json | jq .rules
    """
    from kb.corpus_write import CorpusBusy, JournalError
    from kb.translations.update import UpdateRefused, update_catalogs

    kb = load_kb(as_json)
    name = release_name(release)
    if name not in kb.releases:
        fail(f"no release {release}; the corpus has {', '.join(kb.releases)}", 2)
    try:
        report = update_catalogs(kb, name, dry_run=check_only)
    except UpdateRefused as err:
        fail(f"{err}; nothing written")
    except (CorpusBusy, JournalError) as err:
        fail(str(err))
    except OSError as err:
        fail(f"{os_error(err)}; nothing written, the catalogs are as they were")
    if report.recovered:
        say(report.recovered)
    if as_json:
        emit_json({**report.to_data(), "checked_only": check_only})
        return
    if report.old == report.new:
        echo(f"the catalogs are of release {report.new} already; nothing changed, nothing written")
        return
    rules = report.rules
    echo(f"{report.old} -> {report.new}: rules {rules['unchanged']} unchanged, {rules['renumbered']} renumbered "
         f"({rules['renumbered_and_changed']} also changed), {rules['changed']} changed, {rules['new']} new, "
         f"{rules['removed']} removed")
    for kind, counts in report.entries().items():
        if any(counts.values()):
            echo(f"  {kind} entries: " + ", ".join(f"{n} {action}" for action, n in counts.items()))
    made = f"would make {report.fuzzy} entries fuzzy" if check_only else f"{report.fuzzy} entries made fuzzy"
    verb = "would write" if check_only else "written"
    echo(f"{made}; {verb}: " + (", ".join(str(p) for p in report.changed) or "nothing"))


@translations_group.command("todo")
@click.option("--state", type=click.Choice(["fuzzy", "untranslated"]), help="List entries in this state only.")
@click.option("--context", "contexts", multiple=True, metavar="ID",
              help="List only the entry with this msgctxt (101.4, 101.4#ex1, glossary:Token); repeatable.")
@click.option("--take", "takes", multiple=True, metavar="ID",
              help="Write the suggestion for the untranslated entry ID into its catalog, marked fuzzy, with a "
                   "comment naming where it comes from; repeatable. Nothing else is ever written.")
@click.option("--no-suggest", is_flag=True, help="Do not look for suggestions in the translation memory.")
@json_option
def todo_command(state: str | None, contexts: tuple[str, ...], takes: tuple[str, ...], no_suggest: bool,
                 as_json: bool) -> None:
    """What the catalogs (po/) need a translator for, in catalog order (the parts, then the glossary).
    A fuzzy entry shows its English's changes in their sentence (a few words around each, `[-removed-]`
    and `{+added+}`, with the catalog's own quotes, so a change can be searched for), then today's
    whole English and its Spanish as it stands; an untranslated entry shows its whole English. Each
    comes with a suggestion from the translation memory: the closest English already translated in
    the catalogs, its Spanish and how alike the two Englishes are (0-100). A suggestion is written into
    a catalog only with --take, marked fuzzy, under the corpus's lock, all or nothing.

    \b
    Examples:
      kb translations todo
      kb translations todo --state fuzzy
      kb translations todo --context 702.190a
      kb translations todo --take 702.190a --take 702.190b
      kb translations todo --json | jq '.items[] | {context, suggestion}'
    """
    from kb.cli.common import settle_corpus
    from kb.corpus import corpus_dir
    from kb.corpus_write import CorpusBusy, JournalError
    from kb.translations.desk import TakeRefused, take_suggestion
    from kb.translations.pofile import PoSyntaxError
    from kb.translations.update import todo

    if takes and (state or contexts):
        fail("--take writes suggestions; give it alone (without --state or --context)", 2)
    settle_corpus()
    if takes:
        taken = []
        for context in takes:
            try:
                path, suggestion = take_suggestion(corpus_dir(), context.strip())
            except TakeRefused as err:
                fail(f"{err}; nothing written for it" + (f" (taken before it: {', '.join(t['context'] for t in taken)})"
                                                          if taken else ""))
            except (CorpusBusy, JournalError) as err:
                fail(str(err))
            except PoSyntaxError as err:
                fail(str(err))
            except OSError as err:
                fail(f"{os_error(err)}; nothing written, the catalogs are as they were")
            taken.append({"context": context.strip(), "catalog": str(path), "suggestion": suggestion.to_data()})
        if as_json:
            emit_json({"taken": taken})
            return
        for t in taken:
            s = t["suggestion"]
            echo(f"{t['catalog']}: [{t['context']}] fuzzy, from {s['context']} ({s['score']:.0f}% alike)")
        return
    try:
        items = todo(corpus_dir(), suggest=not no_suggest)
    except PoSyntaxError as err:
        fail(str(err))
    except OSError as err:
        fail(os_error(err))
    if state:
        items = [i for i in items if i.state == state]
    if contexts:
        wanted = {c.strip() for c in contexts}
        items = [i for i in items if i.context in wanted]
    counts = {s: sum(1 for i in items if i.state == s) for s in ("fuzzy", "untranslated")}
    if as_json:
        emit_json({"counts": counts, "items": [i.to_data() for i in items]})
        return
    for item in items:
        moved = f" (was {item.previous_context})" if item.previous_context else ""
        echo(f"{item.catalog}:{item.line} [{item.context}] {item.state}{moved}")
        if item.state == "fuzzy":
            if item.hunks:
                for hunk in item.hunks:
                    echo(f"  changed: {hunk}")
            elif not item.previous:
                echo("  (no previous msgid: the English it translates is not kept)")
        echo(_block("English", item.english))
        if item.spanish:
            echo(_block("Spanish", item.spanish))
        if item.suggestion:
            s = item.suggestion
            echo(f"  suggestion: {s.score:.0f}% alike, from {s.context} ({PO_FOLDER}/{s.catalog})")
            echo(_block("its English", s.english, 4))
            echo(_block("its Spanish", s.spanish, 4))
    echo(f"{counts['fuzzy']} fuzzy, {counts['untranslated']} untranslated")


PO_FOLDER = "po"


def _block(label: str, text: str, indent: int = 2) -> str:
    """`text` whole, its lines indented under `label`."""
    pad = " " * indent
    lines = text.split("\n")
    return "\n".join([f"{pad}{label}: {lines[0]}", *(f"{pad}  {line}" for line in lines[1:])])


@translations_group.command("check")
@click.argument("catalogs", nargs=-1, metavar="[CATALOG...]", type=click.Path(path_type=Path))
@click.option("--only", "only", multiple=True, metavar="CHECK",
              help="Run only this check (references, symbols, numbers, quotes, terms, doubled, punctuation, "
                   "spaces, untranslated); repeatable.")
@json_option
def check_command(catalogs: tuple[Path, ...], only: tuple[str, ...], as_json: bool) -> None:
    """Quality checks on every translated entry of the catalogs (the given ones, or the corpus's
    stored ones), its Spanish against its English: rules cited (references), symbols ({T}, {2}{W}),
    numbers, quotes (left open; straight where the catalog writes “ ” and ’), the term base (terms,
    less what exceptions.tsv excuses), doubled words ("de de"), the stop at the end (punctuation),
    leading, trailing and doubled spaces, and a long Spanish identical to its English (untranslated).
    One line per finding, `FILE:LINE: [ID] CHECK: message`; fuzzy and untranslated entries are left to
    `kb translations todo`. Exit 0 without findings, 1 with findings (or a catalog that cannot be
    read), 2 for bad usage.

    \b
    Examples:
      kb translations check
      kb translations check po-wip/part-7-702.po
      kb translations check --only quotes --only doubled
      kb translations check --json | jq '.counts'
    """
    from kb.translations.qa import CHECKS, check_catalog_files
    from kb.translations.termbase import TermError, load_term_base

    bad = [c for c in only if c not in CHECKS]
    if bad:
        fail(f"--only {bad[0]}: no such check; the checks are {', '.join(CHECKS)}", 2)
    kb_root = _corpus_root()
    from kb.translations.files import file_problem, po_files

    for catalog in catalogs:
        problem = file_problem(catalog)
        if problem:
            fail(f"{catalog}: {problem}", 2)
    paths = list(catalogs) or [_shown(p) for p in po_files(kb_root)]
    base, term_problem = None, None
    terms_path = kb_root / "terms" / "terms.tsv"
    if not only or "terms" in only:
        if terms_path.is_file():
            try:
                base = load_term_base(terms_path)
            except TermError as err:
                term_problem = str(err)
            except OSError as err:
                term_problem = os_error(err, terms_path)
        else:
            term_problem = f"no term base at {terms_path}"
    findings, problems, checked = check_catalog_files(paths, base)
    if only:
        findings = [f for f in findings if f.check in only]
    counts = {c: sum(1 for f in findings if f.check == c) for c in (only or CHECKS)}
    if as_json:
        emit_json({"catalogs": [str(p) for p in paths], "entries": checked, "counts": counts,
                   "findings": [f.to_data() for f in findings], "unreadable": problems,
                   "term_base_problem": term_problem})
    else:
        for problem in problems:
            echo(f"{problem} (not checked)", err=True)
        if term_problem:
            echo(f"terms: {term_problem} (not checked)", err=True)
        for finding in findings:
            echo(str(finding))
        summary = ", ".join(f"{n} {c}" for c, n in counts.items() if n) or "no findings"
        echo(f"{checked} translated entries in {_count(len(paths), 'catalog')}: {summary}")
    if findings or problems:
        raise SystemExit(1)


def _shown(path: Path) -> Path:
    """`path` from the current folder when it lies below it (as a translator types it), else whole."""
    relative = os.path.relpath(path)
    return Path(relative) if not relative.startswith("..") else path


def _corpus_root() -> Path:
    from kb.cli.common import settle_corpus
    from kb.corpus import corpus_dir

    settle_corpus()
    return Path(corpus_dir())


commands = [translations_group]
