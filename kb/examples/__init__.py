"""The rules' own examples as executable doctests, in Spanish and English.

>>> from kb.examples import catalog, run
>>> example = next(e for e in catalog() if e.name == 'two-headed-giant-flame-rift')
>>> example.example_ids, example.rules, example.spanish_origin
(('810.9#ex1',), ('810.9', '120.3a'), 'wiki')
>>> result = run('two-headed-giant-flame-rift', lang='en')
>>> result.passed, result.games[0].outcome['teams']['A']['life']
(True, 22)
>>> result.narration[-1]
'Team B is at 22 life.'
"""

from kb.examples.catalog import (
    ExampleFormatError,
    ExecutableExample,
    UnknownExampleError,
    catalog,
    examples_dir,
    find,
    read_example,
)
from kb.examples.coverage import CoverageEntry, CoverageReport, coverage
from kb.examples.narration import NarrationLine, UnknownLanguageError, narrate
from kb.examples.runner import Check, GameRun, RunResult, run, run_example

__all__ = [
    "Check",
    "CoverageEntry",
    "CoverageReport",
    "ExampleFormatError",
    "ExecutableExample",
    "GameRun",
    "NarrationLine",
    "RunResult",
    "UnknownExampleError",
    "UnknownLanguageError",
    "catalog",
    "coverage",
    "examples_dir",
    "find",
    "narrate",
    "read_example",
    "run",
    "run_example",
]
