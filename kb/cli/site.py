"""`kb build`: the bilingual site from the embedded corpus."""

from __future__ import annotations

import json
import signal
import sys
import time
from contextlib import contextmanager
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
@click.option("--watch", is_flag=True,
              help="After the build, keep the site up to date: a catalog saved in the corpus's po/ makes again "
              "the pages of the rules it changed, any other input the whole site; Ctrl-C stops.")
@json_option
def build_command(out: str | None, no_search: bool, force: bool, watch: bool, as_json: bool) -> None:
    """Build the bilingual rules site (Spanish at the root, English under /en/) from the corpus.
    Progress is shown on standard error when it is a terminal.

    A build whose inputs (corpus, code, templates, examples, installed tools, options) are those
    of the previous build of the same folder, and finds that build's files as it left them, keeps
    them and says so ("unchanged"); --force builds again.

    With --watch the build goes on watching its inputs (see `kb serve`, which also serves the site);
    each refresh is told in one line (with --json, one JSON object per line after the summary).

    \b
    Examples:
      kb build
      kb build --out /tmp/rules --no-search
      kb build --force
      kb build --json | jq .timings
      kb build --watch
    """
    from kb.site import build_site

    _check_out(out)
    require_releases()
    preview = None
    if watch:
        from kb.site.preview import Preview

        preview = Preview(Path(out) if out is not None else None, search=not no_search, force=force)
    with _built(out, no_search, as_json) as on_stage:
        if preview is not None:
            preview.on_stage = on_stage
            result = preview.start()
        else:
            result = build_site(out=Path(out) if out is not None else None, search=not no_search,
                                on_stage=on_stage, force=force)
    warn_stored_catalogs()
    # The last line says how to look at it, unless the build goes on watching.
    _tell_build(result, as_json, out, serve_hint=preview is None)
    if preview is not None:
        preview.on_stage = None  # a later full build is told in one line, not with a bar
        if not as_json:
            say("kb: watching the corpus for changes; Ctrl-C stops")
        with _stopped_by_sigterm():
            _watch(preview, as_json)


def _check_out(out: str | None) -> None:
    from kb.site.output import OutputFolderError, check_output_folder

    try:
        if out is not None:
            check_output_folder(out)
    except OutputFolderError as err:
        fail(str(err), 2)


@contextmanager
def _built(out: str | None, no_search: bool, as_json: bool):
    """A build's progress (a bar on a terminal) and its failures told in one line: yields the
    `on_stage` the build reports to."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    from kb.site import STAGES, SiteBuildError
    from kb.site.output import OutputFolderError

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
            yield on_stage
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


def _tell_build(result, as_json: bool, out: str | None = None, serve_hint: bool = False) -> None:
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
    if serve_hint:
        echo(f"serve it: {command_serving(out)}")


def command_serving(out: str | None) -> str:
    """The command that serves the site a build made (and keeps it, the inputs unchanged)."""
    import shlex

    return "kb serve" + (f" --out {shlex.quote(out)}" if out is not None else "")


# How often the catalogs are looked at (seconds): a save is seen within this.
POLL_SECONDS = 0.2


def _watch(preview, as_json: bool, until: float | None = None) -> None:
    """Look at the inputs until Ctrl-C (or `until`, a time.monotonic()), telling each refresh in
    one line; stops cleanly, the site as the last refresh left it."""
    try:
        while until is None or time.monotonic() < until:
            refresh = preview.check()
            if refresh is not None:
                if as_json:
                    click.echo(json.dumps(refresh.as_dict(), ensure_ascii=False))
                else:
                    for problem in refresh.problems:
                        say(f"kb: {problem}")
                    say(f"kb: {refresh.line()}")
            time.sleep(POLL_SECONDS)
    except KeyboardInterrupt:
        pass
    finally:
        preview.close()


@contextmanager
def _stopped_by_sigterm():
    """SIGTERM stops a server as Ctrl-C does: cleanly."""
    def interrupt(signum, frame):
        raise KeyboardInterrupt

    try:
        previous = signal.signal(signal.SIGTERM, interrupt)
    except ValueError:  # not the main thread: nothing to install
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


@click.command("serve")
@click.option("--out", type=str, default=None,
              help="Output folder of the build served (default: build/ in the project), as for `kb build`.")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True,
              help="Port on 127.0.0.1 (0: any free port; the address is printed).")
@click.option("--no-search", is_flag=True, help="Skip the search index (and the search box).")
@click.option("--no-watch", is_flag=True, help="Serve the site as built, without watching the corpus.")
@click.option("--for", "seconds", type=click.FloatRange(min=0), default=None, metavar="SECONDS",
              help="Stop after SECONDS (for scripts); by default, serve until Ctrl-C.")
@json_option
def serve_command(out: str | None, port: int, no_search: bool, no_watch: bool, seconds: float | None,
                  as_json: bool) -> None:
    """Preview the site: build it (or keep the previous build, as `kb build` does) and serve it on
    127.0.0.1, reloading the open pages when the site changes. Ctrl-C stops.

    While it serves, a catalog saved in the corpus's po/ makes again only the pages of the rules
    whose Spanish it changed (their sections' pages in both languages, the coverage counts), in a
    second or two, and the open page reloads; the search index follows a few seconds later.
    A template, the manifest, a release, a catalog's header or a title rebuilds the whole site. A
    catalog that does not parse is told in one line (file, line, reason) and the site stays as it
    was. The reload script is added to the pages as they are sent: the files of the site are those
    `kb build` writes. With --json, each event is one JSON object on a line of its own.

    \b
    Examples:
      kb serve
      kb serve --port 8080 --no-search
      kb serve --no-watch --out /tmp/rules
      kb serve --json | jq -c .event
    """
    from kb.site import build_site
    from kb.site.serve import HOST, SiteServer

    _check_out(out)
    require_releases()
    try:
        server = SiteServer(Path("."), port, say=say)  # the address is taken before a long build
    except OSError as err:
        fail(f"cannot serve on {HOST}:{port}: {err.strerror or err}")
    preview = None
    try:
        with _built(out, no_search, as_json) as on_stage:
            if no_watch:
                result = build_site(out=Path(out) if out is not None else None, search=not no_search,
                                    on_stage=on_stage)
            else:
                from kb.site.preview import Preview

                preview = Preview(Path(out) if out is not None else None, search=not no_search, on_stage=on_stage)
                result = preview.start()
    except BaseException:
        server.close()
        raise
    warn_stored_catalogs()
    if preview is not None:
        preview.on_stage = None
    server.point_at(result.site_dir, (lambda: preview.version) if preview is not None else (lambda: 0))
    server.start()
    if as_json:
        click.echo(json.dumps({"event": "serving", "url": server.url, "site": str(result.site_dir),
                               "watch": preview is not None}))
    else:
        echo(f"serving {result.site_dir} at {server.url} (Ctrl-C stops)")
    sys.stdout.flush()
    until = time.monotonic() + seconds if seconds is not None else None
    try:
        with _stopped_by_sigterm():
            if preview is not None:
                _watch(preview, as_json, until)
            else:
                while until is None or time.monotonic() < until:
                    time.sleep(POLL_SECONDS)
    except KeyboardInterrupt:
        pass
    finally:
        server.close()
        if preview is not None:
            preview.close()
    if not as_json:
        say("kb: stopped")


commands = [build_command, serve_command]
