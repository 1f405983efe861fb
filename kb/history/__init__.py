"""How the rules changed from one release to another, and what became of each rule.

`History(docs)` holds the releases in date order: `diff(a, b)` compares any two (a release and the
next directly, any other two by composing the diffs between them), `trace` and `rule_history`
follow one rule through all of them, across the renumbering of 2009 where its text survived.
`diff_releases(old, new)` compares two documents directly. What they give is plain data
(`ReleaseDiff`, `DiffEntry`, `HistoryEvent`, `WordChange`, `ExampleChange`) that pickles and
turns into JSON as it is.

- `kb.history.text` — texts made comparable: written one way, references set aside or renumbered;
- `kb.history.pairing` — which rule of one release is which rule of another;
- `kb.history.diff` — the diff of two releases, examples included;
- `kb.history.timeline` — the releases in order, composed diffs, the history of one rule;
- `kb.history.descent` — a rule's line of descent across the releases, and whether two of its
  texts read the same as the history compares them;
- `kb.history.cache` — diffs kept on disk by the content of the two releases;
- `kb.history.corpus` — the releases of the corpus, named by either of their dates.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # what `_EXPORTS` gives, for readers and checkers of the code
    from kb.history.cache import DiffCache
    from kb.history.corpus import CorpusRelease, corpus_releases, find_release
    from kb.history.descent import Descent, reads_the_same
    from kb.history.diff import diff_releases, example_changes
    from kb.history.model import (
        DiffEntry, DiffStatus, EventStatus, ExampleChange, HistoryEvent, ReleaseDiff, UnknownRelease, UnknownRule,
        WordChange,
    )
    from kb.history.pairing import Prepared
    from kb.history.text import comparable, even_out, word_changes
    from kb.history.timeline import History, rule_history, trace

# Each public name and the module that defines it, imported when the name is first asked for: a
# reader of one module (`kb.history.descent` for `kb rule`) does not pay for the diff machinery.
_EXPORTS = {
    "DiffCache": "cache",
    "CorpusRelease": "corpus", "corpus_releases": "corpus", "find_release": "corpus",
    "Descent": "descent", "reads_the_same": "descent",
    "diff_releases": "diff", "example_changes": "diff",
    "DiffEntry": "model", "DiffStatus": "model", "EventStatus": "model", "ExampleChange": "model",
    "HistoryEvent": "model", "ReleaseDiff": "model", "UnknownRelease": "model", "UnknownRule": "model",
    "WordChange": "model",
    "Prepared": "pairing",
    "comparable": "text", "even_out": "text", "word_changes": "text",
    "History": "timeline", "rule_history": "timeline", "trace": "timeline",
}


def __getattr__(name: str):
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_EXPORTS])


__all__ = [
    "CorpusRelease", "Descent", "DiffCache", "DiffEntry", "DiffStatus", "EventStatus", "ExampleChange", "History",
    "HistoryEvent", "Prepared", "ReleaseDiff", "UnknownRelease", "UnknownRule", "WordChange", "comparable",
    "corpus_releases", "diff_releases", "even_out", "example_changes", "find_release", "reads_the_same",
    "rule_history", "trace",
    "word_changes",
]
