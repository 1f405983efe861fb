"""The `kb` command group; each area of the knowledge base contributes its commands.

Every way a command can go wrong ends in one line on standard error and a non-zero exit: bad usage
(exit 2, with where to find the command's help), an error of the work (exit 1), an interrupt
(exit 130), output to a pipe that was closed early, as in `kb parse FILE | head -1` (exit 1, quietly).
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import IO, Any

import click

from kb import __version__
from kb.cli.common import ARGV, cut_arguments, echo, one_line, say

# Each module exposes `commands`, a list of click commands or groups. They are imported when a
# command is looked for: `kb rule` imports its own module alone (see `QUICK_COMMANDS`), any other
# use of the group (its help, a name not listed there, `cli.commands`) all of them.
COMMAND_MODULES = [
    "kb.cli.kb_cmds",
    "kb.cli.translations",
    "kb.cli.examples",
    "kb.cli.ingest",
    "kb.cli.site",
    "kb.cli.history",
    "kb.cli.fetch",
    "kb.cli.cite",
    "kb.cli.documents",
    "kb.cli.engine",
]
# Commands answered in a blink, and the one module each needs: the others' imports would cost
# `kb rule` more than its answer.
QUICK_COMMANDS = {"rule": "kb.cli.kb_cmds"}

_EXAMPLES = """Every command has -h/--help; every command that prints data has --json.

\b
Examples:
  kb rule 101.4 --lang es        a rule, with its Spanish text
  kb history 702.9               what became of a rule in every release
  kb diff 2024-06-07 2026-01-16 --only changed
  kb parse FILE --json | jq .counts
"""

INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command stopped by Ctrl-C


class OneLineError(click.ClickException):
    """An error told in one line on standard error."""

    def __init__(self, message: str, exit_code: int = 1) -> None:
        super().__init__(one_line(message))
        self.exit_code = exit_code

    def show(self, file: IO[Any] | None = None) -> None:
        if file is None:
            say(self.message)
        else:
            echo(self.message, file=file)


def told_in_one_line(err: click.ClickException, args: list[str] | None = None) -> OneLineError:
    """`err` (usually bad usage) as one line: the command, what is wrong, where its help is; a long
    argument of the command line (`args`) it repeats is cut short."""
    if isinstance(err, OneLineError):
        return err
    ctx = getattr(err, "ctx", None)
    if args is None:
        args = list(ctx.meta.get(ARGV, ())) if ctx is not None else []
    message = one_line(cut_arguments(err.format_message(), args))
    if isinstance(err, click.UsageError) and ctx is not None:
        path = ctx.command_path
        stop = "" if message.endswith((".", "?", "!")) else "."
        return OneLineError(f"{path}: {message}{stop} See '{path} --help'.", err.exit_code)
    return OneLineError(f"kb: {message}", err.exit_code)


class KbGroup(click.Group):
    """The top group: click's own handling, with its multi-line usage errors and its 'Aborted!'
    told in one line instead. Its commands are imported when first looked for (see
    `COMMAND_MODULES`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._loaded: set[str] = set()
        super().__init__(*args, **kwargs)

    @property
    def commands(self) -> dict[str, click.Command]:
        self._load(COMMAND_MODULES)
        return self._commands

    @commands.setter
    def commands(self, value: dict[str, click.Command]) -> None:
        self._commands = value

    def _load(self, modules: list[str]) -> None:
        for name in modules:
            if name not in self._loaded:
                self._loaded.add(name)
                for command in importlib.import_module(name).commands:
                    self._commands[command.name] = command

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        quick = QUICK_COMMANDS.get(cmd_name)
        if quick is not None:
            self._load([quick])
            if cmd_name in self._commands:
                return self._commands[cmd_name]
        return self.commands.get(cmd_name)

    def make_context(self, info_name: str | None, args: list[str], parent: click.Context | None = None,
                     **extra: Any) -> click.Context:
        given = [str(a) for a in args]  # parsing consumes the list; errors repeat what was given
        try:
            ctx = super().make_context(info_name, args, parent, **extra)
        except click.exceptions.NoArgsIsHelpError:
            raise  # `kb` alone: the help, on standard error
        except click.ClickException as err:
            raise told_in_one_line(err, given) from err
        ctx.meta[ARGV] = given
        return ctx

    def invoke(self, ctx: click.Context) -> Any:
        from kb.store import misplaced_store

        not_text = _not_text(list(ctx.meta.get(ARGV, ())))
        if not_text:
            raise OneLineError(not_text, 2)
        asks_help = {"-h", "--help"} & set(ctx.meta.get(ARGV, ()))
        misplaced = None if asks_help else misplaced_store()
        if misplaced:  # before any command writes its store, cache or memo there
            raise OneLineError(f"kb: {misplaced}", 2)
        try:
            return super().invoke(ctx)
        except click.exceptions.NoArgsIsHelpError:
            raise  # `kb example` alone: that group's help
        except click.ClickException as err:
            raise told_in_one_line(err) from err
        except KeyboardInterrupt:
            raise OneLineError("kb: interrupted", INTERRUPTED) from None


def _undecodable(arg: str) -> bool:
    """Whether `arg` holds bytes the locale's encoding could not decode (kept by Python as lone
    surrogates)."""
    return any("\ud800" <= char <= "\udfff" for char in arg)


def _not_text(args: list[str]) -> str | None:
    """The one line refusing an argument that is not valid text in the locale's encoding, or None.
    A file name may be any bytes, so the value of a path option or argument is let through; every
    other argument (a rule number, a query, a date, an option's name) must be text."""
    bad = [arg for arg in args if _undecodable(arg)]
    if not bad:
        return None
    paths: set[str] = set()
    path = "kb"
    try:
        ctx = cli.make_context("kb", list(args), resilient_parsing=True)
        while True:
            path = ctx.command_path
            for param in ctx.command.params:
                if isinstance(param.type, (click.Path, click.File)):
                    value = ctx.params.get(param.name)
                    values = value if isinstance(value, (list, tuple)) else [value]
                    paths.update(os.fspath(v) for v in values if isinstance(v, (str, os.PathLike)))
            rest = [*ctx._protected_args, *ctx.args]
            if not isinstance(ctx.command, click.Group) or not rest:
                break
            _name, command, rest = ctx.command.resolve_command(ctx, rest)
            if command is None:
                break
            ctx = command.make_context(_name, rest, parent=ctx, resilient_parsing=True)
    except (click.ClickException, click.exceptions.Exit):
        pass  # the arguments do not parse: the first that is not text is told
    for arg in bad:
        value = arg.split("=", 1)[1] if arg.startswith("--") and "=" in arg else arg
        if value not in paths:
            shown = os.fsencode(arg).decode("utf-8", "backslashreplace")
            encoding = sys.getfilesystemencoding()
            return (f"{path}: the argument '{cut_arguments(shown, [shown])}' is not valid text in the locale's "
                    f"encoding ({encoding}); nothing done. See '{path} --help'.")
    return None


@click.group("kb", cls=KbGroup, context_settings={"help_option_names": ["-h", "--help"]},
             epilog=_EXAMPLES)
@click.version_option(__version__, prog_name="kb")
def cli() -> None:
    """The bilingual (Spanish/English) knowledge base of the Magic Comprehensive Rules."""


def _silence_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's last flush of a closed
    pipe neither fails nor prints."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _tolerant_streams() -> None:
    """Text the terminal's encoding cannot show (a curly quote on a Latin-1 terminal) is written
    as an escape instead of stopping the command; a closed stream (`>&-`) swallows what is written."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))
        elif hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="backslashreplace")
            except (OSError, ValueError):
                pass


def main() -> None:
    _tolerant_streams()
    try:
        try:
            cli.main(prog_name="kb")
        finally:
            _flush_stdout()
    except BrokenPipeError:
        # The reader went away (`kb parse FILE | head -1`): nothing more to say to anyone.
        _silence_stdout()
        sys.exit(1)
    except KeyboardInterrupt:
        say("kb: interrupted")
        sys.exit(INTERRUPTED)
    except OSError as err:
        if not _stdout_fails(err):
            _internal_error(err)
        # The output could not be written (`kb align > /dev/full`): say so, not where it happened.
        say(f"kb: cannot write standard output: {err.strerror or err}")
        _silence_stdout()
        sys.exit(1)
    except Exception as err:  # a defect of kb itself: said in one line, shown whole on request
        _internal_error(err)


def _internal_error(err: Exception) -> None:
    if os.environ.get("KB_DEBUG"):
        raise err
    reason = one_line(cut_arguments(str(err), sys.argv[1:]))
    say(f"kb: internal error: {type(err).__name__}: {reason} (KB_DEBUG=1 shows where)")
    sys.exit(1)


def _stdout_fails(err: OSError) -> bool:
    """Whether `err` came from writing standard output (a full device, an I/O error), not from the
    work: raised by the final flush, or where a stream on descriptor 1 was being written."""
    if getattr(err, "from_stdout", False):
        return True
    tb = err.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is None:
        return False
    for value in list(tb.tb_frame.f_locals.values()):
        if hasattr(value, "write") and hasattr(value, "fileno"):
            try:
                if value.fileno() == 1:
                    return True
            except (OSError, ValueError, AttributeError):
                continue
    return False


def _flush_stdout() -> None:
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as err:
        err.from_stdout = True
        raise
