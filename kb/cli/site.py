"""`kb build`: the bilingual site from the embedded corpus."""

from __future__ import annotations

from pathlib import Path

import click

from kb.cli.common import echo, emit_json, fail, json_option, os_error, require_releases, say, warn_stored_catalogs

_STAGE_LABELS = {
    "check": "check inputs",
    "load": "load corpus",
    "generate": "generate pages",
    "mkdocs": "build site",
    "pagefind": "search index",
}


def _size(n: int) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1024 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1024
    return f"{n} B"


@click.command("build")
@click.option(
    "--out",
    type=str,
    default=None,
    help="Output folder (default: build/ in the project): pages in OUT/docs, the site in OUT/site. "
    "It must be new, empty, or a previous build's; a build is swapped in whole when it is done.",
)
@click.option("--no-search", is_flag=True, help="Skip the search index (and the search box).")
@click.option("--force", is_flag=True,
              help="Build again even when the inputs are those of the previous build and its output is intact.")
@json_option
def build_command(out: str | None, no_search: bool, force: bool, as_json: bool) -> None:
    """Build the bilingual rules site (Spanish at the root, English under /en/) from the corpus.
    Progress is shown on standard error when it is a terminal.

    A build whose inputs (corpus, code, templates, examples, installed tools, options) are those
    of the previous build of the same folder, and finds that build's files as it left them, keeps
    them and says so ("unchanged"); --force builds again.

    \b
    Examples:
      kb build
      kb build --out /tmp/rules --no-search
      kb build --force
      kb build --json | jq .timings
    """
    from rich.console import Console
    from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from kb.site import STAGES, SiteBuildError, build_site

    from kb.site.output import OutputFolderError, check_output_folder

    try:
        if out is not None:
            check_output_folder(out)
    except OutputFolderError as err:
        fail(str(err), 2)
    require_releases()
    stages = [s for s in STAGES if not (no_search and s == "pagefind")]
    # A bar for a person watching; nothing in a log, a pipe or a script's --json.
    console = Console(stderr=True)
    quiet = as_json or not console.is_terminal
    progress = Progress(
        SpinnerColumn(),
        TextColumn("{task.description:<16}"),
        BarColumn(),
        TextColumn("{task.completed}/{task.total} stages"),
        TimeElapsedColumn(),
        console=console,
        transient=False,
        disable=quiet,
    )
    task = progress.add_task("", total=len(stages))

    def on_stage(stage: str, event: str) -> None:
        if stage == "wait":
            say(f"kb: another build is writing to {out or 'build/'}; waiting for it to finish")
            return
        if event == "start":
            progress.update(task, description=_STAGE_LABELS.get(stage, stage))
        elif stage == "check":  # the previous build is kept: no stage left to run
            progress.update(task, description="unchanged", completed=len(stages))
        else:
            progress.advance(task)

    try:
        with progress:
            result = build_site(out=Path(out) if out is not None else None, search=not no_search,
                                on_stage=on_stage, force=force)
    except OutputFolderError as err:
        fail(str(err), 2)
    except SiteBuildError as err:
        if err.output and not as_json:
            echo(err.output.rstrip(), err=True)
        fail(str(err))
    except ImportError as err:
        fail(f"build failed: {err}")
    except OSError as err:
        fail(f"build failed: {os_error(err)}")
    except (ValueError, LookupError) as err:
        fail(f"build failed: {err}")

    warn_stored_catalogs()
    summary = result.summary()
    if as_json:
        emit_json(summary)
        return
    kept = " (unchanged: the inputs are those of the previous build; --force builds again)" if result.unchanged else ""
    echo(f"site: {result.site_dir}{kept}")
    echo(f"pages: {result.total_pages} ({', '.join(f'{k} {v}' for k, v in result.pages.items())}); "
         f"{result.html_files} HTML files, {_size(result.site_bytes)}")
    if result.search_bytes:
        echo("search index: " + ", ".join(f"{lang} {_size(n)}" for lang, n in sorted(result.search_bytes.items())))
    timings = ", ".join(f"{stage} {seconds:.1f} s" for stage, seconds in result.timings.items())
    echo(f"time: {sum(result.timings.values()):.1f} s ({timings})")


commands = [build_command]
