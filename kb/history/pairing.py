"""Which rule of one release is which rule of another.

Pairing goes level by level, parts first, so that a section's own pairing can guide its rules':
1. rules whose text is the same, once the references inside it are replaced by a placeholder (when a
   section is renumbered the numbers inside its rules move with it) and quotes and spaces are evened
   out, are paired; ties go to the same id, then to the rule under the matching parent;
2. the rest are paired by similarity (over words) among likely candidates: the same id, or a rule
   under the parent this rule's parent was paired with; a last pass pairs near-identical rules
   anywhere (across a renumbering of the whole rules, most pairs are made there); a rule split in
   two keeps its number for the part that stays, even when the part that went is the longer;
3. a rule left over on both sides under the same number and parent was rewritten in place if
   enough of its words remain;
4. finally, bottom up, a leftover section (or part, or rule) is paired with the leftover one most
   of its paired children went to: a renamed section ("Tribals" -> "Kindreds") is known by its rules.

Similarity is the Indel similarity of the two word sequences (2 × common words in order / all
words), computed by rapidfuzz over strings in which each distinct word is one character.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from rapidfuzz import process
from rapidfuzz.distance import Indel, LCSseq

from kb.history.text import _LOOSE, comparable
from kb.model import CRDocument, Rule
from kb.refs import Reference, find_references

LEVELS = ("part", "section", "rule", "subrule")
# Similarity a pair needs: with a structural hint (same id, or under the matching parent), without one.
HINTED_THRESHOLD = 0.5
UNHINTED_THRESHOLD = 0.85
# A rule rewritten where it stood (same number, matching parent) keeps this much of its words
# (ratio), or this share of the shorter of its two texts.
IN_PLACE_RATIO = 0.25
IN_PLACE_KEPT = 0.6
# A rule split in two keeps its number for the part that stays: a shorter new text under the same
# number made of this share of the old text's words, in order, and of at least this many words
# (rules text is formulaic: a short text or a lower share often comes from another rule).
SPLIT_KEPT = 0.9
SPLIT_MIN_WORDS = 8
# Across a renumbering of the rules, two leftover texts that are each other's closest match are
# paired from this similarity on.
RENUMBERED_THRESHOLD = 0.5
RENUMBERING_SHARE = 0.5
# The last, unhinted pass compares every leftover pair at once; above this many it is skipped.
MAX_GLOBAL_PAIRS = 12_000_000

# Each distinct word as one character, so that word sequences are strings (see the module's doc).
_WORDS: dict[str, str] = {}


def _char(word: str) -> str:
    found = _WORDS.get(word)
    if found is None:
        point = 0x100 + len(_WORDS)
        if point >= 0xD800:
            point += 0x800  # past the surrogates
        found = _WORDS[word] = chr(point)
    return found


@dataclass(frozen=True)
class Content:
    """What a rule says, read once for comparing: its text and examples (`pieces`), the references
    in each, and the whole written one way with references set aside (`key`) and as words (`tokens`)."""

    pieces: tuple[str, ...]
    refs: tuple[tuple[Reference, ...], ...]
    key: str
    tokens: str
    targets: tuple[str, ...]  # the rules the references name, each once

    @classmethod
    def read(cls, pieces: tuple[str, ...], lang: str) -> Content:
        refs = tuple(tuple(find_references(piece, lang)) for piece in pieces)
        key = " ".join(k for k in (comparable(piece, r).translate(_LOOSE) for piece, r in zip(pieces, refs)) if k)
        words = _WORDS
        tokens = "".join([words.get(word) or _char(word) for word in key.split(" ")]) if key else ""
        targets = tuple(dict.fromkeys(ref.target for r in refs for ref in r))
        return cls(pieces, refs, key, tokens, targets)

    def follows(self, mapping: dict[str, str]) -> bool:
        """Whether every rule this text names keeps its number under `mapping` (or has no pair)."""
        return all(mapping.get(target, target) == target for target in self.targets)

    @property
    def text(self) -> str:
        return self.pieces[0]

    @property
    def examples(self) -> tuple[str, ...]:
        return self.pieces[1:]


@dataclass
class Prepared:
    """A release read once for comparing: each rule (the first of a duplicated id) and its content."""

    doc: CRDocument
    rules: dict[str, Rule] = field(default_factory=dict)
    order: dict[str, int] = field(default_factory=dict)
    content: dict[str, Content] = field(default_factory=dict)
    _by_kind: dict[str, list[str]] = field(default_factory=dict, repr=False)
    _children: dict[str, list[str]] | None = field(default=None, repr=False)

    @classmethod
    def of(cls, doc: CRDocument, memo: dict | None = None) -> Prepared:
        """`doc` prepared; `memo` shares the reading of texts between releases (most rules read the
        same from one release to the next)."""
        prepared = cls(doc)
        lang = doc.lang or "en"
        memo = {} if memo is None else memo
        for position, rule in enumerate(doc.rules):
            if rule.id in prepared.rules:
                continue  # a duplicated id is the parser's to report; the first one is the rule
            pieces = (rule.text, *(example.text for example in rule.examples))
            content = memo.get((lang, pieces))
            if content is None:
                content = memo[(lang, pieces)] = Content.read(pieces, lang)
            prepared.rules[rule.id] = rule
            prepared.order[rule.id] = position
            prepared.content[rule.id] = content
            prepared._by_kind.setdefault(rule.kind, []).append(rule.id)
        return prepared

    @property
    def release(self) -> str:
        return self.doc.release

    def ids_of(self, kind: str) -> list[str]:
        return self._by_kind.get(kind, [])

    @property
    def children(self) -> dict[str, list[str]]:
        """Each rule's children, in document order."""
        if self._children is None:
            self._children = defaultdict(list)
            for rule_id, rule in self.rules.items():
                if rule.parent is not None:
                    self._children[rule.parent].append(rule_id)
        return self._children

    def key(self, rule_id: str) -> str:
        return self.content[rule_id].key

    def tokens(self, rule_id: str) -> str:
        return self.content[rule_id].tokens


def similarity(a: str, b: str, cutoff: float = 0.0) -> float:
    """Indel similarity of two word strings (0.0 below `cutoff`)."""
    if not a and not b:
        return 1.0
    return Indel.normalized_similarity(a, b, score_cutoff=cutoff)


class Pairing:
    """The pairing of the rules of `old` with those of `new`, starting from `seed` (pairs already
    known, as when composing the diffs of the releases between)."""

    def __init__(self, old: Prepared, new: Prepared, seed: dict[str, str] | None = None):
        self.old, self.new = old, new
        self.pairs: dict[str, str] = {}
        self.similarity: dict[str, float] = {}
        self.taken: set[str] = set()
        for old_id, new_id in (seed or {}).items():
            if old_id in old.rules and new_id in new.rules and new_id not in self.taken:
                same = old.key(old_id) == new.key(new_id)
                self._pair(old_id, new_id, 1.0 if same else similarity(old.tokens(old_id), new.tokens(new_id)))

    def ratio(self, old_id: str, new_id: str, cutoff: float = HINTED_THRESHOLD) -> float:
        return similarity(self.old.tokens(old_id), self.new.tokens(new_id), cutoff)

    def run(self) -> dict[str, str]:
        # Parts first, then sections, rules, subrules; any other kind a parser may give, after them.
        others = set(self.old._by_kind) | set(self.new._by_kind)
        levels = [*LEVELS, *sorted(others - set(LEVELS))]
        for level in levels:
            olds = [i for i in self.old.ids_of(level) if i not in self.pairs]
            news = [i for i in self.new.ids_of(level) if i not in self.taken]
            self._pair_identical(olds, news)
            self._pair_similar(level)
            self._pair_in_place(level)
        self._pair_across_levels()
        for level in reversed(levels):
            self._pair_by_children(level)
        return self.pairs

    def renumbering(self) -> bool:
        """Whether most pairs made so far changed number: the rules were renumbered, so numbers and
        parents say little and the texts must say it all."""
        moved = sum(1 for old_id, new_id in self.pairs.items() if old_id != new_id)
        return bool(self.pairs) and moved > RENUMBERING_SHARE * len(self.pairs)

    def _pair_across_levels(self) -> None:
        """Rules left over at any level: a rule can become a subrule, a section a part (the
        renumbering of 2009 made "217. Zones" part "4. Zones"). The same text first, then a close
        one; across a renumbering, a text each other's closest match when half its words remain."""
        olds = [i for i in self.old.rules if i not in self.pairs]
        news = [i for i in self.new.rules if i not in self.taken]
        if not olds or not news:
            return
        self._pair_identical(olds, news)
        olds = [i for i in olds if i not in self.pairs]
        news = [i for i in news if i not in self.taken]
        if not olds or not news or len(olds) * len(news) > MAX_GLOBAL_PAIRS:
            return
        loose_pairs = self.renumbering()
        cutoff = RENUMBERED_THRESHOLD if loose_pairs else UNHINTED_THRESHOLD
        scores = process.cdist(
            [self.old.tokens(o) for o in olds], [self.new.tokens(n) for n in news],
            scorer=Indel.normalized_similarity, score_cutoff=cutoff, workers=1,
        )
        rows, columns = scores.nonzero()
        scored = []
        if loose_pairs:
            best_of_row = scores.argmax(axis=1)
            best_of_column = scores.argmax(axis=0)
        for i, j in zip(rows, columns):
            o, n = olds[i], news[j]
            ratio = self.ratio(o, n, 0.0)
            if ratio >= UNHINTED_THRESHOLD or (loose_pairs and best_of_row[i] == j and best_of_column[j] == i):
                scored.append((-ratio, self.old.order[o], self.new.order[n], o, n, ratio))
        self._accept(scored)

    def _pair(self, old_id: str, new_id: str, ratio: float) -> None:
        self.pairs[old_id] = new_id
        self.similarity[old_id] = ratio
        self.taken.add(new_id)

    def _parent_follows(self, old_id: str, new_id: str) -> bool:
        old_parent = self.old.rules[old_id].parent
        new_parent = self.new.rules[new_id].parent
        if old_parent is None or new_parent is None:
            return old_parent is None and new_parent is None
        if old_parent not in self.old.rules and new_parent not in self.new.rules:
            return old_parent == new_parent  # neither release has the parent: its number is all there is
        return self.pairs.get(old_parent) == new_parent

    def _pair_identical(self, olds: list[str], news: list[str]) -> None:
        by_key_old: dict[str, list[str]] = defaultdict(list)
        by_key_new: dict[str, list[str]] = defaultdict(list)
        old_content, new_content = self.old.content, self.new.content
        for i in olds:
            by_key_old[old_content[i].key].append(i)
        for i in news:
            by_key_new[new_content[i].key].append(i)
        for key, old_ids in by_key_old.items():
            new_ids = by_key_new.get(key)
            if not new_ids:
                continue
            if len(old_ids) == 1 and len(new_ids) == 1:
                self._pair(old_ids[0], new_ids[0], 1.0)
                continue
            free = list(new_ids)
            # Ties: the same id under the matching parent, then any id under it, then the same id.
            for accept in (
                lambda o, n: o == n and self._parent_follows(o, n),
                self._parent_follows,
                lambda o, n: o == n,
            ):
                for old_id in list(old_ids):
                    match = next((n for n in free if accept(old_id, n)), None)
                    if match is not None:
                        self._pair(old_id, match, 1.0)
                        free.remove(match)
                        old_ids.remove(old_id)
            if len(old_ids) == 1 and len(free) == 1:
                self._pair(old_ids[0], free[0], 1.0)

    def _candidates(self, old_id: str, level: str, news_by_parent: dict[str | None, list[str]]) -> set[str]:
        if level in ("part", "section"):
            return {n for ids in news_by_parent.values() for n in ids}
        rule = self.old.rules[old_id]
        found = set(news_by_parent.get(self.pairs.get(rule.parent or ""), ()))
        found |= set(news_by_parent.get(rule.parent, ()))
        if old_id in self.new.rules and old_id not in self.taken:
            found.add(old_id)
        return found

    def _pair_similar(self, level: str) -> None:
        olds = [i for i in self.old.ids_of(level) if i not in self.pairs]
        news = [i for i in self.new.ids_of(level) if i not in self.taken]
        if not olds or not news:
            return
        news_by_parent: dict[str | None, list[str]] = defaultdict(list)
        for n in news:
            news_by_parent[self.new.rules[n].parent].append(n)
        scored = []
        for o in olds:
            for n in self._candidates(o, level, news_by_parent):
                hints = (n == o) + self._parent_follows(o, n)
                threshold = HINTED_THRESHOLD if hints else UNHINTED_THRESHOLD
                ratio = self.ratio(o, n, 0.0 if hints == 2 else threshold)
                score = max(ratio, self._kept_in_place(o, n)) if hints == 2 else ratio
                if score >= threshold:
                    scored.append((-(score + 0.05 * hints), self.old.order[o], self.new.order[n], o, n, ratio))
        self._accept(scored)
        olds = [i for i in olds if i not in self.pairs]
        news = [i for i in news if i not in self.taken]
        if not olds or not news or len(olds) * len(news) > MAX_GLOBAL_PAIRS:
            return
        scores = process.cdist(
            [self.old.tokens(o) for o in olds], [self.new.tokens(n) for n in news],
            scorer=Indel.normalized_similarity, score_cutoff=UNHINTED_THRESHOLD, workers=1,
        )
        scored = []
        for i, j in zip(*scores.nonzero()):
            o, n = olds[i], news[j]
            ratio = self.ratio(o, n)  # the exact figure (the matrix holds 32-bit floats)
            if ratio >= UNHINTED_THRESHOLD:
                scored.append((-ratio, self.old.order[o], self.new.order[n], o, n, ratio))
        self._accept(scored)

    def _kept_in_place(self, old_id: str, new_id: str) -> float:
        """The share of a shorter new text under the same number that is the old text's words, when
        most of it is (0.0 otherwise): a rule split in two keeps its number for the part that stays
        (409.1 of 2003-03-15 became 409.1 and 409.2), even when the part that went is the longer."""
        old_words, new_words = self.old.tokens(old_id), self.new.tokens(new_id)
        if len(new_words) < SPLIT_MIN_WORDS or len(new_words) >= len(old_words):
            return 0.0
        kept = LCSseq.similarity(old_words, new_words) / len(new_words)
        return kept if kept >= SPLIT_KEPT else 0.0

    def _pair_in_place(self, level: str) -> None:
        """A rule left over on both sides under the same number and the matching parent was rewritten
        in place, if enough of it remains: a quarter of the words, or most of the shorter text."""
        for o in self.old.ids_of(level):
            if o in self.pairs or o in self.taken or o not in self.new.rules:
                continue
            if self.new.rules[o].kind != level or not self._parent_follows(o, o):
                continue
            old_words, new_words = self.old.tokens(o), self.new.tokens(o)
            kept = LCSseq.similarity(old_words, new_words)
            ratio = 2 * kept / (len(old_words) + len(new_words) or 1)
            if ratio >= IN_PLACE_RATIO or kept >= IN_PLACE_KEPT * min(len(old_words), len(new_words)) > 0:
                self._pair(o, o, ratio)

    def _pair_by_children(self, level: str) -> None:
        """A section renamed ("Tribals" -> "Kindreds") is known by its rules: pair a leftover old
        part, section or rule with the leftover new one most of its paired children went to."""
        children = self.old.children
        for o in self.old.ids_of(level):
            if o in self.pairs or not children.get(o):
                continue
            went_to: dict[str | None, int] = defaultdict(int)
            for child in children[o]:
                if child in self.pairs:
                    went_to[self.new.rules[self.pairs[child]].parent] += 1
            if not went_to:
                continue
            target, count = max(went_to.items(), key=lambda item: (item[1], item[0] == o))
            if (
                target is not None and target not in self.taken and target in self.new.rules
                and self.new.rules[target].kind == level and 2 * count > len(children[o])
            ):
                self._pair(o, target, self.ratio(o, target, 0.0))

    def _accept(self, scored: list[tuple]) -> None:
        for *_, o, n, ratio in sorted(scored):
            if o not in self.pairs and n not in self.taken:
                self._pair(o, n, ratio)
