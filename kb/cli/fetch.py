"""`kb fetch`: an official rules release, downloaded into the corpus."""

from __future__ import annotations

import click

from kb.cli.common import echo, emit_json, fail, json_option


@click.command("fetch", short_help="Download an official rules release into the corpus.")
@click.argument("url", required=False)
@click.option("--latest", is_flag=True, help="Fetch the newest text the official rules page links to, if new.")
@click.option("--page", metavar="URL", default=None,
              help="The rules page --latest reads (default: https://magic.wizards.com/en/rules).")
@click.option("--published", metavar="YYYY-MM-DD", help="The publication date, when the address carries none.")
@click.option("--timeout", type=click.FloatRange(min=0, min_open=True), default=30.0, show_default=True,
              help="Seconds to wait for the server.")
@json_option
def fetch_command(url: str | None, latest: bool, page: str | None, published: str | None, timeout: float,
                  as_json: bool) -> None:
    """Download the rules text at URL (or, with --latest, the newest one the official rules page
    links to), check that it is an official rules text, keep it in corpus/cr/ as
    MagicCompRules-YYYY-MM-DD.txt (its publication date) and add its entry to corpus/manifest.toml,
    with its dates, SHA-256 and address. What the manifest holds is kept; nothing is half-written.
    A release the corpus has already is left as it is.

    \b
    Examples:
      kb fetch --latest
      kb fetch "https://media.wizards.com/2026/downloads/MagicCompRules%2020260116.txt"
      kb fetch https://example.org/rules.txt --published 2026-01-16 --json
    """
    from kb.fetch import RULES_PAGE, BadAddress, FetchError, fetch, fetch_latest

    if latest == bool(url):
        raise click.UsageError("give a URL or --latest (one of them)")
    if page and not latest:
        raise click.UsageError("--page goes with --latest")
    if published and latest:
        raise click.UsageError("--published goes with a URL, not --latest")
    try:
        if latest:
            done = fetch_latest(page or RULES_PAGE, timeout=timeout)
        else:
            done = fetch(url, timeout=timeout, published=published)
    except BadAddress as err:
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


commands = [fetch_command]
