"""`kb engine conformance`: how far the reference rules engine goes, rule by rule."""

from __future__ import annotations

import click

from kb.cli.common import echo, emit_json, fail, json_option, require_releases, say

STATUS_CHOICES = ("modelled", "refused", "outside", "not-modelled")


@click.group("engine")
def engine_group() -> None:
    """The reference rules engine (kb.engine) against the rules.

    \b
    Examples:
      kb engine conformance --section 704
      kb engine conformance --status refused --json
    """


@engine_group.command("conformance")
@click.option("--section", metavar="N", help="Only part N (1-8) or section N (100-899), e.g. 7 or 704.")
@click.option(
    "--status",
    type=click.Choice(STATUS_CHOICES),
    help="Only the rules with this status (not-modelled: neither tested, refused nor outside the engine).",
)
@json_option
def conformance_command(section: str | None, status: str | None, as_json: bool) -> None:
    """Every rule and subrule of parts 1 to 8 of the newest release, with its status: modelled
    (the tests and examples that check it: tests say so with @pytest.mark.rules("704.5j")),
    refused (the engine raises NotModelledError naming it), outside the engine (with the reason)
    or not modelled; then the counts per part. Read from the project's checkout: tests/ beside
    kb/, or $KB_TESTS (without it only the examples count, and the command says so).

    \b
    Examples:
      kb engine conformance                      every rule, counts per section and part
      kb engine conformance --section 704        the state-based actions
      kb engine conformance --section 7 --status not-modelled
      kb engine conformance --json | jq '.counts.parts.all'
    """
    from kb.conformance import ConformanceError, conformance_map, current_document

    if section is not None and not (
        (len(section) == 1 and section in "12345678") or (len(section) == 3 and section.isdigit() and section[0] in "12345678")
    ):
        fail(f"--section {section!r}: give a part 1-8 or a section 100-899, e.g. 7 or 704", 2)
    require_releases()
    try:
        whole = conformance_map()
    except (ConformanceError, FileNotFoundError) as err:
        fail(str(err))
    if section is not None and len(section) == 3 and not any(e.section == section for e in whole.entries):
        fail(f"--section {section}: no such section in parts 1-8 of the rules of {whole.release}", 2)
    shown = whole.filtered(section, status.replace("-", " ") if status else None)
    if as_json:
        emit_json(shown.to_dict())
        return
    if not whole.tests_found:
        say("kb: warning: no tests/ folder beside kb/: only the examples count as tests here (run it from the project's checkout)")
    titles = {r.id: r.text for r in current_document().rules if r.kind in ("part", "section")}
    current = None
    for entry in shown.entries:
        if entry.section != current:
            current = entry.section
            counts = shown.counts("section").get(current, {})
            echo(f"{current}. {titles.get(current, '')} · " + ", ".join(f"{n} {s}" for s, n in counts.items() if n))
        echo(f"  {entry.rule:<9} {entry.status:<13} {_backing(entry)}")
    echo(f"conformance of the rules of {whole.release} (parts 1-8):")
    for part, counts in shown.counts("part").items():
        label = "all" if part == "all" else f"part {part}"
        title = "" if part == "all" else f"  {titles.get(part, '')}"
        echo(f"  {label:<7} " + "  ".join(f"{counts[s]:>4} {s}" for s in counts) + title)
    if whole.limits:
        echo(f"  and {len(whole.limits)} limits of the engine (NotModelledError with rules=(): too many choices to weigh, ...)")
    for marker in whole.unknown_markers:
        say(f"kb: warning: {marker.evidence.path}:{marker.evidence.line}: marker names {marker.rule}, not a rule of {whole.release}")
    for rule, refusal in whole.unknown_refusals:
        say(f"kb: warning: {refusal.path}:{refusal.line}: refusal names {rule}, not a rule of {whole.release}")


def _backing(entry) -> str:
    if entry.status == "modelled":
        refs = [e.ref if e.kind == "test" else f"example {e.ref}" for e in entry.tests]
        more = f" (+{len(refs) - 2} more)" if len(refs) > 2 else ""
        return ", ".join(refs[:2]) + more
    if entry.status == "refused":
        first = entry.refusals[0]
        return f"{first.path}:{first.line}: {first.message}"
    return entry.reason or ""


commands = [engine_group]
