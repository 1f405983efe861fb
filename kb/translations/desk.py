"""A translator's desk: what changed in an entry's English, read in its sentence, and a start for
each entry to translate, taken from the translation memory (the catalogs' own translated entries).

- `word_diff`: the word changes from an older English to today's, each with a few words of context
  around it, written with the texts' own quotes and dashes (so a hunk can be searched for in the
  catalog), as `git diff --word-diff` marks them: `[-removed-]{+added+}`.
- `suggest`: for an English text, the closest English already translated (rapidfuzz's token sort
  ratio over the translated msgids), with its Spanish and the similarity score (0-100).
- `take_suggestion`: write an entry's suggestion into its catalog, marked fuzzy, with a translator
  comment naming where it comes from; under the corpus's lock, all or nothing (`kb.corpus_write`).
  Nothing is written into a catalog otherwise.
"""

from __future__ import annotations

import dataclasses
import difflib
from dataclasses import dataclass
from pathlib import Path

from kb.history.text import _LOOSE, even_out

CONTEXT_WORDS = 4
MIN_SCORE = 60.0


class TakeRefused(ValueError):
    """A suggestion that cannot be taken: no such entry, an entry already translated, no suggestion."""


@dataclass(frozen=True)
class Hunk:
    """One change (or a few close together) in its sentence: `marked` today's words with each change
    marked in place (`[-removed-]{+added+}`), `before` and `after` the words around it as written,
    `old` and `new` the words removed and added (changes of one hunk joined by " … ");
    `leading`/`trailing` whether the sentence goes on beyond the words shown."""

    before: str
    marked: str
    after: str
    old: str
    new: str
    leading: bool = False
    trailing: bool = False

    def __str__(self) -> str:
        pieces = ["…"] if self.leading else []
        pieces += [p for p in (self.before, self.marked, self.after) if p]
        if self.trailing:
            pieces.append("…")
        return " ".join(pieces)

    def to_data(self) -> dict:
        return {**dataclasses.asdict(self), "text": str(self)}


def _words(text: str) -> list[str]:
    return text.split()


def _same(word: str) -> str:
    return even_out(word).translate(_LOOSE)


def word_diff(old: str, new: str, context: int = CONTEXT_WORDS) -> list[Hunk]:
    """The changes turning `old` into `new`, word by word (words differing only by how their quotes
    or dashes are written are the same word), each with up to `context` words of today's text
    around it; changes closer than twice `context` words share one hunk."""
    old_words, new_words = _words(old), _words(new)
    matcher = difflib.SequenceMatcher(None, [_same(w) for w in old_words], [_same(w) for w in new_words],
                                      autojunk=False)
    opcodes = matcher.get_opcodes()
    groups: list[list[tuple[str, int, int, int, int]]] = []
    for op in opcodes:
        if op[0] == "equal":
            continue
        if groups and op[3] - groups[-1][-1][4] <= 2 * context:
            groups[-1].append(op)
        else:
            groups.append([op])
    hunks = []
    for group in groups:
        j_start, j_end = group[0][3], group[-1][4]
        start = max(0, j_start - context)
        end = min(len(new_words), j_end + context)
        old_parts, new_parts = [], []
        pieces: list[str] = []
        for n, (op, i1, i2, j1, j2) in enumerate(group):
            if n:
                between = new_words[group[n - 1][4]:j1]
                if between:
                    pieces.append(" ".join(between))
            if i2 > i1:
                pieces.append(f"[-{' '.join(old_words[i1:i2])}-]")
                old_parts.append(" ".join(old_words[i1:i2]))
            if j2 > j1:
                pieces.append(f"{{+{' '.join(new_words[j1:j2])}+}}")
                new_parts.append(" ".join(new_words[j1:j2]))
        hunks.append(Hunk(" ".join(new_words[start:j_start]), " ".join(pieces), " ".join(new_words[j_end:end]),
                          " … ".join(old_parts), " … ".join(new_parts), start > 0, end < len(new_words)))
    return hunks


@dataclass(frozen=True)
class Suggestion:
    """The closest English already translated: its entry (`context`, in `catalog`), English,
    Spanish, and how alike the two Englishes are (0-100)."""

    context: str
    catalog: str
    english: str
    spanish: str
    score: float

    def to_data(self) -> dict:
        return {**dataclasses.asdict(self), "score": round(self.score, 1)}


@dataclass
class Memory:
    """The translation memory: every translated (not fuzzy) entry of the catalogs, kept apart by
    kind (glossary entries are matched with glossary entries, every other text with the others)."""

    entries: dict[bool, list[tuple[str, str, str, str]]]  # glossary? -> (context, catalog, English, Spanish)

    @classmethod
    def of_catalogs(cls, paths) -> Memory:
        from kb.translations.pofile import read_po_file

        entries: dict[bool, list[tuple[str, str, str, str]]] = {True: [], False: []}
        for path in paths:
            po = read_po_file(path)
            for e in po.entries:
                if e.context and e.msgstr and not e.fuzzy:
                    entries[e.context.startswith("glossary:")].append((e.context, Path(path).name, e.msgid, e.msgstr))
        return cls(entries)

    def suggest(self, context: str, english: str, min_score: float = MIN_SCORE) -> Suggestion | None:
        """The best match for `english` among the translated entries other than `context` itself,
        or None when none scores `min_score` or more."""
        from rapidfuzz import fuzz, process, utils

        pool = [e for e in self.entries[context.startswith("glossary:")] if e[0] != context]
        if not pool or not english.strip():
            return None
        found = process.extractOne(english, [e[2] for e in pool], scorer=fuzz.token_sort_ratio,
                                   processor=utils.default_process, score_cutoff=min_score)
        if found is None:
            return None
        _text, score, index = found
        ctx, catalog, en, es = pool[index]
        return Suggestion(ctx, catalog, en, es, float(score))


def take_suggestion(root: Path | str, context: str, memory: Memory | None = None) -> tuple[Path, Suggestion]:
    """Write the suggestion for the untranslated entry `context` into its catalog, marked fuzzy, with
    a translator comment naming the entry it comes from and its score. `TakeRefused` when there is
    no such untranslated entry or nothing to suggest. Returns the catalog written and the
    suggestion."""
    from kb.corpus_write import corpus_lock, recover, replace_files
    from kb.translations.files import PO_DIR, po_files
    from kb.translations.stored import catalog_text, read_stored, render_entries

    root = Path(root)
    with corpus_lock(root):
        recover(root / PO_DIR)
        paths = po_files(root)
        memory = memory or Memory.of_catalogs(paths)
        for path in paths:
            stored = read_stored(path)
            entry = next((e for e in stored.po.entries if e.context == context), None)
            if entry is None:
                continue
            if entry.msgstr:
                raise TakeRefused(f"{path}:{entry.line}: [{context}] has Spanish already ({entry.state}); "
                                  "a suggestion is only taken into an untranslated entry")
            suggestion = memory.suggest(context, entry.msgid)
            if suggestion is None:
                raise TakeRefused(f"[{context}] nothing in the translation memory is close enough to suggest")
            note = f"suggested: from {suggestion.context} ({suggestion.score:.0f}% alike); check it, then drop fuzzy"
            taken = dataclasses.replace(entry, msgstr=suggestion.spanish, flags=sorted({*entry.flags, "fuzzy"}),
                                        comments=[*entry.comments, note])
            release = stored.po.release or ""
            stored.texts[context] = render_entries(release, [taken])[0]
            data = catalog_text(stored.header, [*stored.texts.values(), *stored.others])
            replace_files(root / PO_DIR, {path.name: data})
            return path, suggestion
    raise TakeRefused(f"no entry {context} in the catalogs")
