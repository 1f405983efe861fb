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

from kb.history.cache import DiffCache
from kb.history.corpus import CorpusRelease, corpus_releases, find_release
from kb.history.descent import Descent, reads_the_same
from kb.history.diff import diff_releases, example_changes
from kb.history.model import (
    DiffEntry,
    DiffStatus,
    EventStatus,
    ExampleChange,
    HistoryEvent,
    ReleaseDiff,
    UnknownRelease,
    UnknownRule,
    WordChange,
)
from kb.history.pairing import Prepared
from kb.history.text import comparable, even_out, word_changes
from kb.history.timeline import History, rule_history, trace

__all__ = [
    "CorpusRelease", "Descent", "DiffCache", "DiffEntry", "DiffStatus", "EventStatus", "ExampleChange", "History",
    "HistoryEvent", "Prepared", "ReleaseDiff", "UnknownRelease", "UnknownRule", "WordChange", "comparable",
    "corpus_releases", "diff_releases", "even_out", "example_changes", "find_release", "reads_the_same",
    "rule_history", "trace",
    "word_changes",
]
