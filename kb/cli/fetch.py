"""`kb fetch`: an official rules release, downloaded into the corpus."""

from __future__ import annotations

import contextlib
import math
import urllib.parse
from typing import Any

import click
from rich.markup import escape

from kb.cli.common import echo, emit_json, fail, json_option, shorten, visible


def _publication_date(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    """--published checked before anything is downloaded: a wrong date is bad usage."""
    from kb.fetch import BadDate, publication_date

    if value is None:
        return None
    try:
        return publication_date(value.strip())
    except BadDate as err:
        raise click.BadParameter(str(err), ctx=ctx, param=param) from None


def _seconds(ctx: click.Context, param: click.Parameter, value: float) -> float:
    """--timeout as a number of seconds a clock can count to: not NaN, not infinite."""
    if not math.isfinite(value):
        raise click.BadParameter(f"{value} is not a number of seconds", ctx=ctx, param=param)
    return value


@click.command("fetch", short_help="Download an official rules release into the corpus.")
@click.argument("url", required=False)
@click.option("--latest", is_flag=True, help="Fetch the newest text the official rules page links to, if new.")
@click.option("--page", metavar="URL", default=None,
              help="The rules page --latest reads (default: https://magic.wizards.com/en/rules).")
@click.option("--published", metavar="YYYY-MM-DD", callback=_publication_date,
              help="The publication date, when the address carries none.")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True, max=86400), default=30.0, show_default=True,
              callback=_seconds,
              help="Seconds a download may take in all: connecting, waiting and receiving, however slowly "
                   "the bytes come (with --latest, the page and the text each).")
@json_option
def fetch_command(url: str | None, latest: bool, page: str | None, published: str | None, timeout: float,
                  as_json: bool) -> None:
    """Download the rules text at URL (or, with --latest, the newest one the official rules page
    links to), check that it is an official rules text, keep it in corpus/cr/ as
    MagicCompRules-YYYY-MM-DD.txt (its publication date) and add its entry to corpus/manifest.toml,
    with its dates, SHA-256 and address. What the manifest holds is kept; nothing is half-written.
    A release the corpus has already is left as it is. While a download runs, the bytes received
    (of how many, when the server says) are shown on standard error when it is a terminal.

    \b
    Examples:
      kb fetch --latest
      kb fetch "https://media.wizards.com/2026/downloads/MagicCompRules%2020260116.txt"
      kb fetch https://example.org/rules.txt --published 2026-01-16 --json
    """
    from kb.fetch import RULES_PAGE, BadAddress, FetchError, fetch, fetch_latest
    from kb.outputs import OutputRefused

    if latest == bool(url):
        raise click.UsageError("give a URL or --latest (one of them)")
    if page and not latest:
        raise click.UsageError("--page goes with --latest")
    if published and latest:
        raise click.UsageError("--published goes with a URL, not --latest")
    try:
        with _download_progress(as_json) as progress:
            if latest:
                done = fetch_latest(page or RULES_PAGE, timeout=timeout, progress=progress)
            else:
                done = fetch(url, timeout=timeout, published=published, progress=progress)
    except (BadAddress, OutputRefused) as err:
        fail(str(err), 2)
    except FetchError as err:
        fail(str(err))
    if as_json:
        emit_json(done)
        return
    if done.status == "present":
        echo(f"{done.rel}: already in the corpus ({done.path}), effective {done.effective}; nothing to do")
    elif done.status == "stored":
        echo(f"{done.rel}: stored in {done.path} (the manifest listed it), effective {done.effective}")
    else:
        echo(f"{done.rel}: added (effective {done.effective}, {done.rules} numbered rules), from {done.url}")
        if done.note:
            echo(f"note: {done.note}")


@contextlib.contextmanager
def _download_progress(as_json: bool):
    """What a download tells the bytes it has received: a bar on standard error for a person watching
    (a terminal), gone when the download is; nothing for scripts (--json), pipes or files."""
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TextColumn, TimeElapsedColumn, TransferSpeedColumn

    console = Console(stderr=True)
    if as_json or not console.is_terminal:
        yield None
        return
    bar = Progress(TextColumn("{task.description}"), BarColumn(), DownloadColumn(), TransferSpeedColumn(),
                   TimeElapsedColumn(), console=console, transient=True)
    tasks: dict[str, Any] = {}

    def tell(url: str, received: int, total: int | None) -> None:
        if url not in tasks:
            name = urllib.parse.unquote(urllib.parse.urlsplit(url).path.rsplit("/", 1)[-1]) or url
            # The name is the server's: shown as text, never as markup or terminal controls.
            tasks[url] = bar.add_task(escape(visible(shorten(name))), total=total)
        bar.update(tasks[url], completed=received, total=total)

    with bar:
        yield tell


commands = [fetch_command]
