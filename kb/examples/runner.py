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
from kb.examples.card_names import teach_engine
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
    raised: bool = False


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
        text = "\n".join(parts).rstrip("\n")
        return text + "\n" if text else ""

    @property
    def outcome(self) -> str:
        """What the run came to: "passed" or "failed" (a doctest, judged by its expected output);
        "shown" (code with no expected output anywhere: what happened is shown, never judged);
        "error" (such code, stopped by an exception); "not_doctest" (no ">>> " line at all)."""
        if not self.checks:
            return "not_doctest"
        if any(c.expected for c in self.checks):
            return "passed" if self.passed else "failed"
        return "error" if any(c.raised for c in self.checks) else "shown"

    @property
    def verdict(self) -> str:
        """The run's verdict in one line, in the run's language: "doctest: passed (4/4 checks)",
        "doctest: superado (4/4 comprobaciones)", or why there was nothing to judge."""
        words = REPORT_WORDS[self.lang]
        outcome = self.outcome
        if outcome in ("passed", "failed"):
            passed = sum(c.passed for c in self.checks)
            return words[outcome].format(passed=passed, total=len(self.checks))
        return words[outcome]

    @property
    def report(self) -> str:
        """What `kb example run` prints on standard output: the output, then the verdict."""
        return self.output + self.verdict + "\n"


# The words of a run's report, in the narration's languages.
REPORT_WORDS = {
    "en": {
        "passed": "doctest: passed ({passed}/{total} checks)",
        "failed": "doctest: FAILED ({passed}/{total} checks)",
        "shown": "No expected output to check: this is what happened.",
        "error": "No expected output to check: the game stopped at the error above.",
        "not_doctest": "Nothing ran: the code is not a doctest (no line begins with \">>> \", the prompt each statement needs).",
        "line": "{path}, line {line}",
        "expected": "Expected:",
        "got": "Got:",
        "nothing": "(nothing)",
        "raised": "Error:",
        "unknown_card": "No card called \"{name}\" in the engine: the list of cards names every card it knows.",
        "did_you_mean": "Nearest: {names}.",
    },
    "es": {
        "passed": "doctest: superado ({passed}/{total} comprobaciones)",
        "failed": "doctest: FALLIDO ({passed}/{total} comprobaciones)",
        "shown": "Sin resultado esperado que comprobar: esto es lo que ocurrió.",
        "error": "Sin resultado esperado que comprobar: la partida se detuvo en el error de arriba.",
        "not_doctest": "No se ejecutó nada: el código no es un doctest (ninguna línea empieza por «>>> », el indicador que necesita cada instrucción).",
        "line": "{path}, línea {line}",
        "expected": "Esperado:",
        "got": "Obtenido:",
        "nothing": "(nada)",
        "raised": "Error:",
        "unknown_card": "El motor no conoce ninguna carta llamada «{name}»: la lista de cartas da el nombre de cada una que conoce (en inglés, o su nombre oficial en español donde se ha confirmado).",
        "did_you_mean": "Las más parecidas: {names}.",
    },
}


def one_line(error: BaseException) -> str:
    """An exception as one line, as Python names it ("kb.engine.errors.TimingError: ..."), a
    syntax error with the line of the doctest's statement it is in."""
    if isinstance(error, SyntaxError):
        return f"SyntaxError: {error.msg} (line {error.lineno})"
    text = "".join(traceback.format_exception_only(type(error), error))
    return " ".join(line.strip() for line in text.splitlines() if line.strip())


def described(error: BaseException, lang: str) -> str:
    """An exception as one line for a reader: a card the engine does not know said in the run's
    language, with the nearest names it knows; the engine's other errors by their own name
    ("TimingError: ..."), without the module; any other as Python names it."""
    from kb.engine.errors import UnknownCardError

    if isinstance(error, UnknownCardError):
        import difflib

        from kb.engine.objects import CardDefinition

        asked = str(error).partition("'")[2].rpartition("'")[0] or str(error)
        known = sorted({*CardDefinition.registry, *CardDefinition.other_names_shown()})
        near = difflib.get_close_matches(asked, known, n=3, cutoff=0.6)
        words = REPORT_WORDS[lang]
        return words["unknown_card"].format(name=asked) + (" " + words["did_you_mean"].format(names=", ".join(near))
                                                            if near else "")
    if type(error).__module__.startswith("kb.engine"):
        return f"{type(error).__name__}: {error}"
    return one_line(error)


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
    """Records each check, and tells each failure in the run's language: where, the statement,
    what was expected and what the engine gave."""

    def __init__(self, lang: str, path: str) -> None:
        super().__init__(optionflags=0, verbose=False)
        self.words = REPORT_WORDS[lang]
        self.lang = lang
        self.path = path
        self.checks: list[Check] = []
        self.failure_reports: list[str] = []

    def _line(self, test: doctest.DocTest, example: doctest.Example) -> int:
        return (test.lineno or 0) + example.lineno + 1

    def _header(self, test: doctest.DocTest, example: doctest.Example) -> str:
        where = self.words["line"].format(path=self.path, line=self._line(test, example))
        return f"{where}:\n    >>> " + example.source.rstrip("\n").replace("\n", "\n    ... ") + "\n"

    def _value(self, text: str) -> str:
        return text if text else self.words["nothing"] + "\n"

    def report_success(self, out, test, example, got):
        got = _without_traceback(got)
        self.checks.append(Check(self._line(test, example), example.source.rstrip("\n"), example.want, got, True))

    def report_failure(self, out, test, example, got):
        raised = _TRACEBACK in got
        got = _without_traceback(got)
        self.checks.append(Check(self._line(test, example), example.source.rstrip("\n"), example.want, got, False,
                                 raised=raised))
        w = self.words
        self.failure_reports.append(self._header(test, example)
                                    + f"{w['expected']}\n{self._value(example.want)}{w['got']}\n{self._value(got)}")

    def report_unexpected_exception(self, out, test, example, exc_info):
        got = described(exc_info[1], self.lang) + "\n"
        self.checks.append(Check(self._line(test, example), example.source.rstrip("\n"), example.want, got, False,
                                 raised=True))
        self.failure_reports.append(self._header(test, example) + f"{self.words['raised']}\n{got}")


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
    teach_engine()
    runner = _RecordingRunner(lang, path)
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
    # Code that states no expected output anywhere shows what happened: it is not judged, and
    # what its statements printed is no failure (an exception still is).
    judged = any(c.expected for c in checks)
    failures = tuple(runner.failure_reports) if judged else tuple(
        report for report, check in zip(runner.failure_reports, (c for c in checks if not c.passed)) if check.raised)
    return RunResult(
        name=name,
        lang=lang,
        passed=bool(checks) and (all(c.passed for c in checks) if judged else not any(c.raised for c in checks)),
        checks=checks,
        games=tuple(games),
        example_ids=tuple(example_ids),
        rules=tuple(rules),
        failures=failures,
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
