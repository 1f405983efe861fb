"""`kb example list|run|coverage`: the executable examples from the shell."""

from __future__ import annotations

import click

from kb.cli.common import echo, emit_json, fail, json_option, not_blank, os_error, require_releases


@click.group("example")
def example_group() -> None:
    """The rules' own examples, run on the reference rules engine.

    \b
    Examples:
      kb example list
      kb example run apnap-each-player-sacrifices --lang en
      kb example coverage --all
    """


@example_group.command("list")
@json_option
def list_command(as_json: bool) -> None:
    """List every executable example: name, example ids, rules and titles.

    \b
    Examples:
      kb example list
      kb example list --json | jq -r '.[].name'
    """
    from kb.examples import ExampleFormatError, catalog

    try:
        examples = catalog()
    except ExampleFormatError as err:
        fail(str(err))
    if as_json:
        emit_json(
            [
                {
                    "name": e.name,
                    "title_es": e.title_es,
                    "title_en": e.title_en,
                    "example_ids": list(e.example_ids),
                    "rules": list(e.rules),
                    "spanish_origin": e.spanish_origin,
                    "english_origin": e.english_origin,
                    "path": e.path,
                }
                for e in examples
            ]
        )
        return
    width = max((len(e.name) for e in examples), default=0)
    for e in examples:
        ids = ", ".join(e.example_ids) or "-"
        echo(f"{e.name:<{width}}  {ids:<24}  rules {', '.join(e.rules)}")
    echo(f"{len(examples)} executable examples")


@example_group.command("run")
@click.argument("name", callback=not_blank)
@click.option("--lang", type=click.Choice(["es", "en"]), default="es", show_default=True, help="Language of the narration.")
@json_option
def run_command(name: str, lang: str, as_json: bool) -> None:
    """Run the example NAME (see kb example list): its doctest, what the engine did told in --lang,
    and the final values. Exits 1 if the doctest fails.

    \b
    Examples:
      kb example run apnap-each-player-sacrifices
      kb example run apnap-each-player-sacrifices --lang en --json
    """
    from kb.examples import ExampleFormatError, UnknownExampleError, run

    try:
        result = run(name, lang)
    except UnknownExampleError as err:
        fail(str(err), 2)
    except ExampleFormatError as err:
        fail(str(err))
    if as_json:
        emit_json(
            {
                "name": result.name,
                "lang": result.lang,
                "passed": result.passed,
                "example_ids": list(result.example_ids),
                "rules": list(result.rules),
                "games": [
                    {
                        "variable": g.variable,
                        "variant": g.variant,
                        "narration": [{"text": l.text, "rule": l.rule, "kind": l.kind} for l in g.narration],
                        "outcome": g.outcome,
                    }
                    for g in result.games
                ],
                "checks": [
                    {"line": c.line, "source": c.source, "expected": c.expected, "got": c.got, "passed": c.passed}
                    for c in result.checks
                ],
                "failures": list(result.failures),
            }
        )
    else:
        echo(result.report, nl=False)
        for failure in result.failures:
            echo(failure, err=True)
    if not result.passed:
        raise SystemExit(1)


@example_group.command("coverage")
@click.option("--all", "show_all", is_flag=True, help="List every example of the rules, not only the figures.")
@json_option
def coverage_command(show_all: bool, as_json: bool) -> None:
    """Which examples of the newest rules release are executable, which are not and why.

    \b
    Examples:
      kb example coverage
      kb example coverage --json | jq .percent_executable
    """
    from kb.examples import ExampleFormatError, coverage

    require_releases()
    try:
        report = coverage()
    except OSError as err:
        fail(os_error(err))
    except (ExampleFormatError, ValueError) as err:
        fail(str(err))
    if as_json:
        emit_json(
            {
                **report.figures(),
                "by_reason": report.by_reason(),
                "unknown_ids": report.unknown_ids,
                "entries": [
                    {"id": e.id, "executable": e.executable, "examples": list(e.examples), "reason": e.reason}
                    for e in report.entries
                ],
            }
        )
        return
    figures = report.figures()
    echo(
        f"release {figures['release']}: {figures['executable']} of {figures['examples']} examples executable "
        f"({figures['percent_executable']}%)"
    )
    echo("\nexecutable:")
    for entry in report.executable:
        echo(f"  {entry.id:<12} {', '.join(entry.examples)}")
    echo("\nnot executable, by reason:")
    for reason, count in report.by_reason().items():
        echo(f"  {count:>4}  {reason}")
    if show_all:
        echo("\nnot executable:")
        for entry in report.not_executable:
            echo(f"  {entry.id:<12} {entry.reason}")
    if report.unknown_ids:
        echo(f"\nexample ids named by executable examples but not in this release: {', '.join(report.unknown_ids)}")


commands = [example_group]
