"""What every command shares: JSON output for scripts, one-line errors and progress for people."""

from __future__ import annotations

import codecs
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

from kb.model import to_data

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts (and nothing else on stdout).")


def emit_json(data: Any) -> None:
    """`data` as JSON on standard output: UTF-8 text, or ASCII escapes where standard output cannot
    carry every character (a Latin-1 terminal), so that no character is lost or mangled."""
    click.echo(json.dumps(to_data(data), ensure_ascii=not _stdout_is_unicode(), indent=2, sort_keys=False))


def _stdout_is_unicode() -> bool:
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    try:
        return codecs.lookup(encoding).name.startswith("utf")
    except LookupError:
        return False


def one_line(message: str) -> str:
    """`message` on a single line: the lines of a multi-line message joined with '; '."""
    return "; ".join(line.strip() for line in str(message).splitlines() if line.strip())


def say(line: str) -> None:
    """`line` on standard error; nothing when standard error is closed (`2>&-`)."""
    try:
        click.echo(line, err=True)
    except OSError:
        pass


def fail(message: str, code: int = 1) -> None:
    """Print one clear line on standard error and exit non-zero."""
    say(f"kb: {one_line(message)}")
    sys.exit(code)


def os_error(err: OSError, path: Path | str | None = None) -> str:
    """'PATH: reason' for an operating-system error, naming the file it concerns."""
    where = err.filename if err.filename is not None else path
    reason = err.strerror or str(err)
    return f"{where}: {reason}" if where is not None else reason


def stderr_is_terminal() -> bool:
    stream = click.get_text_stream("stderr")
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def progress_reporter(as_json: bool = False) -> Callable[[str], None] | None:
    """What long work calls to say what it is doing: a line on standard error when a person is
    watching it (a terminal), nothing for scripts (--json) or when standard error is a pipe or file."""
    if as_json or not stderr_is_terminal():
        return None
    return lambda message: say(f"kb: {message}")


def release_name(name: str | None) -> str | None:
    """A --release as the knowledge base names releases, by the date they take effect; the date a
    release was published (its file's) names it too, as in `kb history` and `kb diff`. A name no
    release has is left for the knowledge base to refuse, with the list of releases."""
    from kb.corpus import ManifestError
    from kb.history import corpus_releases

    if not name:
        return name
    try:
        releases = corpus_releases()
    except (ManifestError, OSError):
        return name
    return next((r.effective for r in releases if name in r.names and r.effective), name)


def not_blank(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """Refuse an empty or blank argument as bad usage rather than looking it up."""
    values = value if isinstance(value, tuple) else (value,)
    if any(isinstance(v, str) and not v.strip() for v in values):
        raise click.BadParameter("must not be empty", ctx=ctx, param=param)
    return value.strip() if isinstance(value, str) else value


def load_kb(as_json: bool = False):
    """The knowledge base (from the store when it is current), or one line and a non-zero exit."""
    from kb.corpus import ManifestError
    from kb.knowledge import KnowledgeBase

    try:
        kb = KnowledgeBase.load(progress=progress_reporter(as_json))
    except OSError as err:
        fail(os_error(err))
    except (ManifestError, ValueError) as err:
        fail(str(err))
    warn_unreadable_catalogs(kb.catalogs)
    return kb


def warn_stored_catalogs() -> None:
    """`warn_unreadable_catalogs` for the stored build, for commands that do not load the whole
    knowledge base (its catalogs table is all that is read)."""
    from kb import store

    try:
        warn_unreadable_catalogs(store.open_store(store.store_dir()).catalogs)
    except (OSError, ValueError, KeyError):
        pass  # no store to ask: nothing was read from one


def warn_unreadable_catalogs(catalogs) -> None:
    """A stored translation catalog that cannot be read is said, one line each, on standard error."""
    from kb.translations.files import unreadable_lines

    for line in unreadable_lines(catalogs):
        click.echo(f"kb: warning: {line}", err=True)
