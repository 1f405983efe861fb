"""An example's code, edited or not, run where the site's reader is: in the browser, on Pyodide,
with the engine and this package's runner and narration alone (the standard library, nothing
else). `run` gives what `kb example run NAME --lang L` prints, or one line saying what went wrong.

>>> import json
>>> answer = json.loads(run(">>> 1 + 1\\n2\\n", "en"))
>>> answer["stdout"], answer["passed"]
('>>> 1 + 1\\n2\\ndoctest: passed (1/1 checks)\\n', True)
>>> json.loads(run(">>>1", "en"))["error"]
"ValueError: line 1 of the docstring for example lacks blank after >>>: '>>>1'"
"""

from __future__ import annotations

import json

from kb.examples.narration import LANGS, translations
from kb.examples.runner import one_line, run_code


def run(code: str, lang: str, name: str = "example", path: str = "<example>", line: int = 1) -> str:
    """JSON: ``{"stdout", "stderr", "passed", "outcome"}`` as the command line prints them (the
    output with the verdict, then each failure; `outcome` as `RunResult.outcome` names it), or
    ``{"error"}``, one line, when the code cannot be run as a doctest at all."""
    try:
        result = run_code(code, lang, name, path, int(line))
    except Exception as err:  # noqa: BLE001 - whatever it is, the reader gets one line
        return json.dumps({"error": one_line(err)})
    return json.dumps({
        "stdout": result.report,
        "stderr": "".join(failure + "\n" for failure in result.failures),
        "passed": result.passed,
        "outcome": result.outcome,
    })


def play(table: str, moves: str, lang: str) -> str:
    """JSON: the playground's game without code (`kb.examples.playground.play`), or ``{"error"}``."""
    try:
        from kb.examples.playground import play as played

        return played(table, moves, lang)
    except Exception as err:  # noqa: BLE001 - whatever it is, the reader gets one line
        return json.dumps({"error": one_line(err), "narration": [], "choices": []})


def warm() -> None:
    """Import the engine's cards and read both catalogs now, while the page says it is loading."""
    import kb.engine.cards  # noqa: F401 (defining the cards registers them)
    from kb.examples.card_names import teach_engine

    teach_engine()
    for lang in LANGS:
        translations(lang)
