"""Which of a rule's English wordings a Spanish quote translates, told by the terms that differ.

A quote stamped with a release may still translate an older English: 805.6a's official Spanish says
"Si un efecto le indica a más de un jugador que robe…" under the stamp of 2024-06-07, whose English
("If more than one player is instructed to draw…") lost "an effect" in 2021-11-19. The words all of a
rule's wordings share say nothing; the terms only some wordings have are the evidence. Each such term
of a wording counts for it where the Spanish uses the term's Spanish, and against it where it does
not. The terms and their Spanish come from a vocabulary (the term base), given to the aligner.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from kb.align.index import ReleaseIndex, _content


class Vocabulary(Protocol):
    """Finds terms in English and says whether a Spanish text uses a term's Spanish."""

    def find(self, english: str) -> list[tuple[Any, str]]: ...

    def uses(self, term: Any, spanish: str) -> bool: ...


@dataclass(frozen=True)
class Wording:
    """One English wording of a rule: the newest release that has it, and the rule's id there."""

    release: str
    rule_id: str
    text: str


@dataclass(frozen=True)
class OlderWording:
    wording: Wording
    evidence: str


def wordings(index: ReleaseIndex, rule_id: str, release: str) -> list[Wording]:
    """The distinct English wordings of `rule_id` of `release` and of the same rule before it,
    newest first, each with the newest release that has it (that of `release` first)."""
    out: list[Wording] = []
    seen: set[str] = set()
    trace = index.trace(rule_id, release)
    for other in reversed([r for r in index.releases if r <= release]):
        other_id = rule_id if other == release else trace.get(other)
        if other_id is None:
            continue
        text = _content(index.rule(other, other_id))
        if text is None:
            continue
        key = " ".join(text.replace("’", "'").split())
        if key in seen:
            continue
        seen.add(key)
        out.append(Wording(other, other_id, text))
    return out


def _terms(vocabulary: Vocabulary, english: str) -> dict[str, Any]:
    return {" ".join(str(term.en).casefold().split()): term for term, _ in vocabulary.find(english)}


def older_wording(spanish: str, candidates: Iterable[Wording], vocabulary: Vocabulary) -> OlderWording | None:
    """The older wording (not the first of `candidates`) the Spanish agrees with better than the
    first, by the terms that tell the wordings apart; None when nothing speaks for an older one."""
    candidates = list(candidates)
    if len(candidates) < 2:
        return None
    terms = [_terms(vocabulary, w.text) for w in candidates]
    shared = set.intersection(*(set(t) for t in terms))
    cache: dict[str, bool] = {}

    def used(key: str, term: Any) -> bool:
        if key not in cache:
            cache[key] = vocabulary.uses(term, spanish)
        return cache[key]

    # A term whose Spanish the Spanish of a term all wordings have uses ("paso" in "paso de inicio
    # del combate") is no evidence: the shared term accounts for it.
    shared_spanish = [str(term.es) for key, term in terms[0].items() if key in shared]

    def score(found: dict[str, Any]) -> tuple[int, list[str]]:
        total, said = 0, []
        for key, term in found.items():
            if key in shared or any(vocabulary.uses(term, other) for other in shared_spanish):
                continue
            if used(key, term):
                total += 1
                said.append(f"{term.en!r} ({term.es})")
            else:
                total -= 1
        return total, said

    first, _ = score(terms[0])
    best = None
    for wording, found in zip(candidates[1:], terms[1:]):
        total, said = score(found)
        if total > 0 and total > first and (best is None or total > best[0]):
            best = (total, wording, said)
    if best is None:
        return None
    _, wording, said = best
    return OlderWording(wording, (
        f"the Spanish uses {', '.join(said)}, which the English of {wording.release} ({wording.rule_id}) "
        f"has and that of {candidates[0].release} does not: it translates the older text"
    ))
