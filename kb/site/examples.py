"""Running the executable examples for the site: every example in both languages, on the engine,
at build time. The runs are independent of the knowledge base, so they start first, in worker
processes, while the knowledge base loads."""

from __future__ import annotations

import inspect
import os
import sysconfig
from concurrent.futures import Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any

from kb.site.locale import LANGS
from kb.workers import die_with_parent

# (status, output): status is "passed", "failed" or "error"
Outcome = tuple[str, str]


def describe_result(result: Any) -> Outcome:
    """The status and printable output of one run."""
    if result is None:
        return "error", ""
    for attr in ("passed", "ok", "success"):
        if hasattr(result, attr):
            passed = bool(getattr(result, attr))
            break
    else:
        passed = False
    # The narration of the run, if the result has one: its full output repeats the code, which the
    # page already shows.
    games = getattr(result, "games", None)
    if games:
        # Each told line with the rule behind it, as the runner prints it: the page links the rule.
        output = "\n".join(f"{line.text} ({line.rule})" if line.rule else line.text
                           for game in games for line in game.narration)
    else:
        output = getattr(result, "narration", None)
    if isinstance(output, (list, tuple)):
        output = "\n".join(str(line) for line in output)
    if not isinstance(output, str) or not output.strip():
        # No narration (a run whose checks are its whole story): the checks' values, without the
        # code's lines, which the page shows once, in its code area.
        output = getattr(result, "output", None)
        if isinstance(output, str):
            output = "\n".join(line for line in output.splitlines() if not line.startswith((">>> ", "... ")))
    if not isinstance(output, str):
        output = str(result)
    failures = [str(f) for f in getattr(result, "failures", ()) or ()]
    if not passed and failures:
        output = output.rstrip("\n") + "\n\n" + "\n".join(failures)
    return ("passed" if passed else "failed"), output


def _places() -> list[tuple[str, str]]:
    """Folders that tracebacks name, longest first, with what the site prints instead: the same
    bytes wherever the checkout and Python live."""
    from kb.corpus import PROJECT_ROOT

    places = {str(PROJECT_ROOT.resolve()) + os.sep: "", str(PROJECT_ROOT) + os.sep: ""}
    for key in ("stdlib", "platstdlib", "purelib", "platlib"):
        path = sysconfig.get_paths().get(key)
        if path:
            places[path.rstrip(os.sep) + os.sep] = "<python>/"
    examples = os.environ.get("KB_EXAMPLES")
    if examples:
        places[str(Path(examples).resolve()) + os.sep] = "examples/"
        places[examples.rstrip(os.sep) + os.sep] = "examples/"
    return sorted(places.items(), key=lambda item: -len(item[0]))


def portable(text: str) -> str:
    """`text` with the absolute folders of this machine replaced (see `_places`)."""
    for place, instead in _places():
        text = text.replace(place, instead)
    return text


def _run_one(run: Any, name: str, lang: str) -> Outcome:
    try:
        status, output = describe_result(run(name, lang))
    except Exception as err:  # noqa: BLE001 - a broken example is reported on its page, not fatal
        status, output = "error", f"{type(err).__name__}: {err}"
    return status, portable(output)


class ExampleRuns:
    """Runs of every example of `provider` (an object or module with `catalog()` and `run(name, lang)`)."""

    def __init__(self, provider: Any, workers: int | None = None):
        self.provider = provider
        self.catalog = list(provider.catalog()) if provider is not None else []
        self._futures: dict[tuple[str, str], Future] = {}
        self._pool: ProcessPoolExecutor | None = None
        jobs = [(example.name, lang) for example in self.catalog for lang in LANGS]
        # One processor is left to the knowledge base, which loads meanwhile; on a machine with one,
        # the examples run in this process.
        processors = os.cpu_count() or 1
        workers = workers if workers is not None else (processors - 1)
        # A module's `run` can be sent to worker processes; any other provider runs in this one.
        if jobs and workers >= 1 and inspect.ismodule(provider):
            self._pool = ProcessPoolExecutor(max_workers=min(workers, len(jobs)), initializer=die_with_parent, initargs=(os.getpid(),))
            for name, lang in jobs:
                self._futures[(name, lang)] = self._pool.submit(_run_one, provider.run, name, lang)

    def cancel(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

    def results(self) -> dict[tuple[str, str], Outcome]:
        out: dict[tuple[str, str], Outcome] = {}
        try:
            for example in self.catalog:
                for lang in LANGS:
                    future = self._futures.get((example.name, lang))
                    out[(example.name, lang)] = (
                        future.result() if future is not None else _run_one(self.provider.run, example.name, lang)
                    )
        finally:
            if self._pool is not None:
                self._pool.shutdown()
        return out
