"""What every command shares: JSON output for scripts, one-line errors and progress for people."""

from __future__ import annotations

import codecs
import contextlib
import json
import os
import re
import sys
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import click

from kb.model import to_data

json_option = click.option("--json", "as_json", is_flag=True, help="Print JSON for scripts (and nothing else on stdout).")
overwrite_option = click.option(
    "--overwrite", is_flag=True,
    help="Replace an existing file kb did not write (never one of the corpus or the project, nor a device).",
)


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


# Characters a terminal acts on rather than shows (escape sequences that recolour it, retitle its
# window, move its cursor): all C0 and C1 controls but tab and newline.
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def visible(text: str) -> str:
    """`text` with every control character a terminal would act on shown as its escape ("\\x1b"):
    what the corpus or the user says is printed, never obeyed."""
    return _CONTROLS.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


def echo(message: Any = "", **kwargs: Any) -> None:
    """`click.echo` for text output: control characters shown, not sent (see `visible`)."""
    click.echo(visible(str(message)), **kwargs)


def one_line(message: str) -> str:
    """`message` on a single line: the lines of a multi-line message joined with '; '."""
    return "; ".join(line.strip() for line in str(message).splitlines() if line.strip())


def say(line: str) -> None:
    """`line` on standard error; nothing when standard error is closed (`2>&-`)."""
    try:
        echo(line, err=True)
    except OSError:
        pass


# How much of an argument an error message repeats: enough to recognise it, never a screenful. A
# path or an address is cut in its middle, so that its file name is kept.
ARGUMENT_LIMIT = 60
PATH_LIMIT = 255
ARGV = "kb.argv"  # the key of the raw arguments in the click context's meta (see kb.cli.main)


def shorten(text: str, limit: int = ARGUMENT_LIMIT, middle: bool = False) -> str:
    """`text` cut to `limit` characters and an ellipsis ("…"), or whole when it is no longer; with
    `middle`, its beginning and its end are kept."""
    if len(text) <= limit:
        return text
    if middle:
        head = (limit + 1) // 2
        return f"{text[:head]}…{text[len(text) - (limit - head):]}"
    return f"{text[:limit]}…"


def looks_like_path(text: str) -> bool:
    return "/" in text or (os.sep != "/" and os.sep in text)


def cut_arguments(message: str, args: Iterable[str]) -> str:
    """`message` with every long argument it repeats (as given, quoted or escaped) cut by `shorten`:
    a 100,000-character rule id is named, not echoed whole."""
    for arg in sorted({a for a in args if isinstance(a, str)}, key=len, reverse=True):
        path = looks_like_path(arg)
        limit = PATH_LIMIT if path else ARGUMENT_LIMIT
        if len(arg) <= limit:
            continue
        short = shorten(visible(arg), limit, middle=path)
        for form in sorted({arg, repr(arg)[1:-1], visible(arg)}, key=len, reverse=True):
            message = message.replace(form, short)
    return message


def given_arguments() -> list[str]:
    """The command line's arguments as given (recorded by the top group), else `sys.argv`'s."""
    ctx = click.get_current_context(silent=True)
    if ctx is not None and ARGV in ctx.meta:
        return list(ctx.meta[ARGV])
    return sys.argv[1:]


def fail(message: str, code: int = 1) -> None:
    """Print one clear line on standard error and exit non-zero."""
    say(f"kb: {one_line(cut_arguments(str(message), given_arguments()))}")
    sys.exit(code)


def os_error(err: OSError, path: Path | str | None = None) -> str:
    """'PATH: reason' for an operating-system error, naming the file it concerns."""
    where = err.filename if err.filename is not None else path
    reason = err.strerror or str(err)
    return f"{where}: {reason}" if where is not None else reason


def outputs_checked(paths: Iterable[str | Path], overwrite: bool = False, folder: str | Path | None = None) -> None:
    """Go on only if every file of `paths` may be written (`kb.outputs.check_files`), into `folder`
    if given (`kb.outputs.check_folder`); else one line and exit 2, before any work is done."""
    from kb.outputs import OutputRefused, check_files, check_folder

    try:
        if folder is not None:
            check_folder(folder)
        check_files(paths, overwrite)
    except OutputRefused as err:
        fail(str(err), 2)


def write_outputs(contents, overwrite: bool = False) -> list[Path]:
    """`kb.outputs.write_files` for a command: one line and exit 2 for a refused destination, exit 1
    for a write that failed (nothing is left half-written either way)."""
    from kb.outputs import OutputRefused, write_files

    try:
        return write_files(contents, overwrite)
    except OutputRefused as err:
        fail(str(err), 2)
    except OSError as err:
        fail(os_error(err))
    return []


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
    from kb.history.corpus import corpus_releases, release_names

    if not name:
        return name
    try:
        releases = corpus_releases()
    except (ManifestError, OSError):
        return name
    return release_names(releases).get(name, name)


def not_blank(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """Refuse an empty or blank argument as bad usage rather than looking it up."""
    values = value if isinstance(value, tuple) else (value,)
    if any(isinstance(v, str) and not v.strip() for v in values):
        raise click.BadParameter("must not be empty", ctx=ctx, param=param)
    return value.strip() if isinstance(value, str) else value


# A rule id as people write it: "702.19B" (the subrule letter in capitals), "100.1." (with the
# period the rules print after a number).
_WRITTEN_RULE_ID = re.compile(r"(\d+)(?:(\.\d+)([A-Za-z])?)?\.?", re.ASCII)


def rule_argument(ctx: click.Context, param: click.Parameter, value: Any) -> Any:
    """A rule id argument, not blank, as the rules write it: "702.19B" is 702.19b, "100.1." is 100.1.
    Anything else is left as given, for the lookup to refuse (a node id, for the commands that take
    one, has a colon and is left alone too)."""
    value = not_blank(ctx, param, value)
    if not isinstance(value, str):
        return value
    match = _WRITTEN_RULE_ID.fullmatch(value)
    if match is None:
        return value
    number, rule, letter = match.groups()
    return f"{number}{rule or ''}{(letter or '').lower()}"


def require_releases(told: bool = False) -> None:
    """Go on only if the corpus has a rules release to read. When it has none, each release the
    manifest lists is told in one line (which, where it was looked for, how to get it; unless
    `told` already), then one line says that none can be read, and the command exits 1: the corpus
    is missing, not the usage wrong."""
    from kb.corpus import ManifestError, manifest_path, read_corpus
    from kb.store_manifest import CHECKSUMS
    from kb.store import store_dir

    try:
        # The checksums the knowledge base keeps: a release that has not changed is not read again.
        corpus = read_corpus(checksums=store_dir() / CHECKSUMS)
    except OSError as err:
        fail(os_error(err))
    except ManifestError as err:
        fail(str(err))
    if any(entry.kind == "cr" for entry in corpus.files):
        return
    missing = [u for u in corpus.unavailable if u.entry.kind == "cr"]
    for release in [] if told else missing:
        say(f"kb: {release.line}")
    manifest = manifest_path()
    if missing:
        which = f"none of the {len(missing)} rules releases {manifest} lists is" if len(missing) > 1 else \
            f"the one rules release {manifest} lists is not"
        fail(f"no rules release can be read: {which} available (told above: why, where it was looked for, "
             "how to get it)")
    fail(f"{manifest} lists no rules release: add one with `kb fetch --latest` or `kb fetch URL`")


@contextlib.contextmanager
def releases_needed():
    """Around work on the knowledge base, which tells each release it cannot read as it starts: when
    the work fails and no release at all can be read, that is said as the reason (`require_releases`,
    exit 1) rather than what it broke. The corpus is read again only then, so that an answer from the
    store costs no second reading."""
    try:
        yield
    except Exception:
        require_releases(told=True)
        raise


def load_rule_card(rule_id: str, release: str | None, lang: str, as_json: bool = False):
    """`kb.rulecard.rule_card` for a command, or one line and a non-zero exit (2 for a rule or a
    release the corpus does not have)."""
    from kb.corpus import ManifestError
    from kb.knowledge import UnknownReleaseError, UnknownRuleError
    from kb.rulecard import rule_card

    try:
        with releases_needed():
            return rule_card(rule_id, release, lang, progress=progress_reporter(as_json))
    except (UnknownRuleError, UnknownReleaseError) as err:
        fail(str(err), 2)
    except OSError as err:
        fail(os_error(err))
    except (ManifestError, ValueError) as err:
        fail(str(err))


def load_kb(as_json: bool = False):
    """The knowledge base (from the store when it is current), or one line and a non-zero exit."""
    from kb.corpus import ManifestError
    from kb.knowledge import KnowledgeBase

    settle_corpus()
    try:
        with releases_needed():
            kb = KnowledgeBase.load(progress=progress_reporter(as_json))
    except OSError as err:
        fail(os_error(err))
    except (ManifestError, ValueError) as err:
        fail(str(err))
    if not kb.releases:  # a knowledge base of the wiki pages alone answers nothing true
        require_releases(told=True)
    warn_unreadable_catalogs(kb.catalogs)
    return kb


def settle_corpus() -> None:
    """Finish, or undo, a write of the corpus's catalogs that a killed command left (one line on
    standard error saying which), before the corpus is read."""
    from kb.corpus import corpus_dir
    from kb.corpus_write import settle
    from kb.translations.files import PO_DIR

    root = corpus_dir()
    settle(root, root / PO_DIR, say)


def warn_stored_catalogs() -> None:
    """`warn_unreadable_catalogs` for the stored build, for commands that do not load the whole
    knowledge base: only the store's catalogs table is read (no pandas, no babel), and only from a
    store that is there and complete."""
    import json

    from kb import store
    from kb.corpus import corpus_dir

    from kb.lookup import open_index

    path = store.store_dir()
    try:
        if store.read_manifest(path) is None or not (path / "catalogs.parquet").is_file():
            return
        said = []
        reader = open_index(path) or store.StoreReader(path)  # the lookup table needs no pyarrow
        for row in reader.rows("catalogs", ["source", "messages", "problems", "extra"]):
            problems = [p for p in json.loads(row["problems"] or "[]") if p[1] == "error"]
            extra = json.loads(row["extra"] or "{}")
            if problems and (not extra.get("readable", True) or not row["messages"]):
                line, _level, message, _context = problems[0]
                source = store.Paths(corpus_dir()).absolute(row["source"])
                said.append(f"kb: warning: {source}:{line}: {message} (this catalog is not read)")
    except Exception:  # noqa: BLE001 - a store that cannot be read is the loader's to report
        return
    for line in said:
        click.echo(line, err=True)


def warn_unreadable_catalogs(catalogs) -> None:
    """A stored translation catalog that cannot be read is said, one line each, on standard error."""
    from kb.translations.files import unreadable_lines

    for line in unreadable_lines(catalogs):
        click.echo(f"kb: warning: {line}", err=True)
