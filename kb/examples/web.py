"""An example's code, edited or not, run where the site's reader is: in the browser, on Pyodide,
with the engine and this package's runner and narration alone (the standard library, nothing
else). `run` gives what `kb example run NAME --lang L` prints, or one line saying what went wrong.

>>> import json
>>> answer = json.loads(run(">>> 1 + 1\\n2\\n", "en"))
>>> answer["stdout"], answer["passed"]
('>>> 1 + 1\\n2\\ndoctest: passed (1/1 checks)\\n', True)
>>> json.loads(run(">>>1", "en"))["error"]
'Line 1 has no space after ">>>": write ">>> " and then the statement.'
"""

from __future__ import annotations

import json

from kb.examples.locales import LANGS, translations
from kb.examples.runner import one_line, run_code


def run(code: str, lang: str, name: str = "example", path: str = "<example>", line: int = 1) -> str:
    """JSON: ``{"stdout", "stderr", "passed", "outcome"}`` as the command line prints them (the
    output with the verdict, then each failure; `outcome` as `RunResult.outcome` names it), or
    ``{"error"}``, one line, when the code cannot be run as a doctest at all."""
    try:
        result = run_code(code, lang, name, path, int(line))
    except Exception as err:  # noqa: BLE001 - whatever it is, the reader gets one line
        return json.dumps({"error": unreadable(err, lang)})
    return json.dumps({
        "stdout": result.report,
        "stderr": "".join(failure + "\n" for failure in result.failures),
        "passed": result.passed,
        "outcome": result.outcome,
    })


# What doctest says of code it cannot read, in the reader's language.
_UNREADABLE = {
    "es": {"blank": "La línea {line} no tiene un espacio después de «{prompt}»: escribe «{prompt} » y la instrucción.",
           "indent": "La línea {line} no tiene la sangría de las anteriores.",
           "other": "El código no se puede leer como doctest: {detail}"},
    "en": {"blank": "Line {line} has no space after \"{prompt}\": write \"{prompt} \" and then the statement.",
           "indent": "Line {line} is not indented as the lines before it.",
           "other": "The code cannot be read as a doctest: {detail}"},
}


def unreadable(error: BaseException, lang: str) -> str:
    """Why code cannot be read as a doctest, in one line of `lang` (`one_line` for the rest).

    >>> unreadable(ValueError("line 3 of the docstring for x lacks blank after >>>: '>>>1'"), "es")
    'La línea 3 no tiene un espacio después de «>>>»: escribe «>>> » y la instrucción.'
    """
    import re

    words = _UNREADABLE.get(lang, _UNREADABLE["en"])
    text = str(error)
    found = re.match(r"line (\d+) of the docstring for .* lacks blank after (>>>|\.\.\.)", text)
    if found:
        return words["blank"].format(line=found.group(1), prompt=found.group(2))
    found = re.match(r"line (\d+) of the docstring for .* has inconsistent leading whitespace", text)
    if found:
        return words["indent"].format(line=found.group(1))
    if isinstance(error, ValueError) and "docstring" in text:
        return words["other"].format(detail=text)
    return one_line(error)


def play(table: str, moves: str, lang: str) -> str:
    """JSON: the playground's game without code (`kb.examples.playground.play`), or ``{"error"}``."""
    try:
        from kb.examples.playground import play as played

        return played(table, moves, lang)
    except Exception as err:  # noqa: BLE001 - whatever it is, the reader gets one line
        return json.dumps({"error": one_line(err), "narration": [], "choices": []})


def warm() -> None:
    """Import every module of the engine and the playground, and read the cards' Spanish names and
    both catalogs now, while the page says it is loading: a Python put back from a snapshot made
    after this (site/assets/runner-worker.js) has all it runs in memory, before its files are
    unpacked again."""
    import importlib
    import pkgutil

    import kb.engine
    import kb.engine.cards  # noqa: F401 (defining the cards registers them)
    import kb.examples.playground  # noqa: F401
    from kb.examples.card_names import teach_engine

    for module in pkgutil.walk_packages(kb.engine.__path__, "kb.engine."):
        importlib.import_module(module.name)
    teach_engine()
    for lang in LANGS:
        translations(lang)
