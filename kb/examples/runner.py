"""Running an executable example: its doctest, run on the engine, and what the engine did, told
in Spanish or English, with the final values of each game."""

from __future__ import annotations

import doctest
import functools
import io
import traceback
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kb.engine.game import Game
from kb.examples.narration import LANGS, NarrationLine, UnknownLanguageError, narrate

if TYPE_CHECKING:
    from kb.examples.catalog import ExecutableExample


@dataclass(frozen=True)
class Check:
    """One ``>>>`` line of the doctest: what it shows, what the engine gave, and whether they match."""

    line: int
    source: str
    expected: str
    got: str
    passed: bool


@dataclass(frozen=True)
class GameRun:
    """One game the example played: the variable naming it, what happened, and its final values."""

    variable: str
    variant: str
    narration: tuple[NarrationLine, ...]
    outcome: dict[str, Any]


@dataclass(frozen=True)
class RunResult:
    """The run of one example: whether its doctest passed, each check, and each game it played."""

    name: str
    lang: str
    passed: bool
    checks: tuple[Check, ...]
    games: tuple[GameRun, ...]
    example_ids: tuple[str, ...] = ()
    rules: tuple[str, ...] = ()
    failures: tuple[str, ...] = field(default=())

    @property
    def narration(self) -> list[str]:
        return [line.text for game in self.games for line in game.narration]

    @property
    def output(self) -> str:
        """The run as text: what each game did, told in the run's language, then each line of the
        doctest with the value the engine gave."""
        parts: list[str] = []
        for game in self.games:
            if len(self.games) > 1:
                parts.append(f"[{game.variable}]")
            parts.extend(f"{line.text} ({line.rule})" if line.rule else line.text for line in game.narration)
            parts.append("")
        for check in self.checks:
            parts.append(">>> " + check.source.replace("\n", "\n... "))
            if check.got:
                parts.append(check.got.rstrip("\n"))
        return "\n".join(parts).rstrip("\n") + "\n"

    @property
    def verdict(self) -> str:
        """The doctest's verdict in one line: "doctest: passed (4/4 checks)"."""
        passed = sum(c.passed for c in self.checks)
        return f"doctest: {'passed' if self.passed else 'FAILED'} ({passed}/{len(self.checks)} checks)"

    @property
    def report(self) -> str:
        """What `kb example run` prints on standard output: the output, then the verdict."""
        return self.output + self.verdict + "\n"


def one_line(error: BaseException) -> str:
    """An exception as one line, as Python names it ("kb.engine.errors.TimingError: ..."), a
    syntax error with the line of the doctest's statement it is in."""
    if isinstance(error, SyntaxError):
        return f"SyntaxError: {error.msg} (line {error.lineno})"
    text = "".join(traceback.format_exception_only(type(error), error))
    return " ".join(line.strip() for line in text.splitlines() if line.strip())


_TRACEBACK = "Traceback (most recent call last):\n"


def _without_traceback(got: str) -> str:
    """What a statement printed, with the exception it raised as one line instead of its traceback
    (whose frames name the files of the machine and of the Python that ran it)."""
    printed, found, _ = got.partition(_TRACEBACK)
    if not found:
        return got
    last = got.rpartition(_TRACEBACK)[2]
    return printed + " ".join(line.strip() for line in last.splitlines() if line.strip() and not line.startswith(" ")) + "\n"


class _RecordingRunner(doctest.DocTestRunner):
    def __init__(self) -> None:
        super().__init__(optionflags=0, verbose=False)
        self.checks: list[Check] = []
        self.failure_reports: list[str] = []

    def _line(self, test: doctest.DocTest, example: doctest.Example) -> int:
        return (test.lineno or 0) + example.lineno + 1

    def report_success(self, out, test, example, got):
        got = _without_traceback(got)
        self.checks.append(Check(self._line(test, example), example.source.rstrip("\n"), example.want, got, True))

    def report_failure(self, out, test, example, got):
        got = _without_traceback(got)
        self.checks.append(Check(self._line(test, example), example.source.rstrip("\n"), example.want, got, False))
        self.failure_reports.append(self._failure_header(test, example) + f"Expected:\n{example.want}Got:\n{got}")

    def report_unexpected_exception(self, out, test, example, exc_info):
        got = one_line(exc_info[1]) + "\n"
        self.checks.append(Check(self._line(test, example), example.source.rstrip("\n"), example.want, got, False))
        self.failure_reports.append(self._failure_header(test, example) + f"Exception raised:\n{got}")


def run_example(example: ExecutableExample, lang: str = "es") -> RunResult:
    """Run `example`'s doctest and tell what the engine did in `lang`."""
    return run_code(example.code, lang, example.name, example.path, example.code_line,
                    example_ids=example.example_ids, rules=example.rules)


def run_code(code: str, lang: str = "es", name: str = "example", path: str = "<example>", line: int = 1,
             example_ids: tuple[str, ...] = (), rules: tuple[str, ...] = ()) -> RunResult:
    """Run `code`, an example's doctest as written (its first line is line `line` of `path`),
    and tell what the engine did in `lang`: what the site's pages run in the browser, edited or
    not. A doctest that cannot be read raises `ValueError`."""
    if lang not in LANGS:
        raise UnknownLanguageError(f"no narration in {lang!r}: choose one of {', '.join(LANGS)}")
    globs: dict[str, Any] = {"__name__": f"example_{name.replace('-', '_')}"}
    parser = doctest.DocTestParser()
    test = parser.get_doctest(code, globs, name, path, line - 1)
    runner = _RecordingRunner()
    runner.run(test, out=io.StringIO().write, clear_globs=False)
    globs = test.globs
    games = []
    seen: set[int] = set()
    for variable, value in globs.items():
        if isinstance(value, Game) and id(value) not in seen:
            seen.add(id(value))
            games.append(
                GameRun(variable, type(value).__name__, tuple(narrate(value.events, lang)), value.summary())
            )
    checks = tuple(runner.checks)
    return RunResult(
        name=name,
        lang=lang,
        passed=bool(checks) and all(c.passed for c in checks),
        checks=checks,
        games=tuple(games),
        example_ids=tuple(example_ids),
        rules=tuple(rules),
        failures=tuple(runner.failure_reports),
    )


@functools.lru_cache(maxsize=None)
def _cached(example: ExecutableExample, lang: str) -> RunResult:
    return run_example(example, lang)


def run(name: str, lang: str = "es", directory: str | None = None) -> RunResult:
    """Run the executable example called `name` and tell what happened in `lang` (``es`` or
    ``en``). Runs are deterministic, so each is computed once per process (again if its file
    changes)."""
    if lang not in LANGS:
        raise UnknownLanguageError(f"no narration in {lang!r}: choose one of {', '.join(LANGS)}")
    from kb.examples.catalog import find

    return _cached(find(name, directory), lang)
