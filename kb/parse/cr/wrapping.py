"""Rules and glossary text that was saved hard-wrapped, joined back into its paragraphs.

Three releases (2003-10-01, 2003-12-01, 2004-02-01) were saved with every paragraph broken into
lines of a printed page's width, in a proportional font: a rule of five lines there is one line in
the releases before and after. Read as written, their texts break mid-sentence ("... (see rule
420, "State-" / "Based Effects")") and every glossary line counts as a sense of its own.

A document is hard-wrapped when at least a quarter of its first rules go on past their first line
(a release written a paragraph per line has a handful in all). In such a document a line break is
a wrap, joined with a space, except:
- after a hyphen or a dash that ends a word ("Snow-" / "Covered", "duration--" / "remaining") or a
  minus sign before a number ("gets -" / "1/-1") the lines join with nothing between them, but
  a suspended hyphen keeps its space ("power-" / "and toughness-changing");
- a line that ends a sentence ends its paragraph when the next line's first word would clearly
  have fitted on it (a wrap would have taken it up), and so does a line followed by an example
  or a numbered sense: the break is kept.

Only text changes: every record keeps its lines (`line`, `end_line`), so each input line is still
accounted for.
"""

from __future__ import annotations

import re
import statistics

from collections.abc import Iterable, Sequence

from kb.model import GlossaryEntry, Rule

# How many rules, from the first, decide whether a document is hard-wrapped.
_SAMPLE = 200
# The fewest rules going past their first line that make a document hard-wrapped, and the share.
_FEWEST_WRAPPED = 20
_WRAPPED_SHARE = 0.25
# A line that ends a sentence ends its paragraph when the next line's first word would have fitted
# on it: within this share of the usual width of the document's wrapped lines of that kind (rule
# text, examples, glossary), as the widths of a proportional font run about that much apart.
_ROOM_SHARE = 0.85

# What may close a sentence after its stop: quotes and brackets.
_CLOSERS = "\"'\u2019\u201d)]"
_SENTENCE_STOPS = ".!?:"
_DASHES = ("-", "\u2014", "\u2013")
_SUSPENDED = re.compile(r"(?:and|or|to)\b(?!-)")
_NEW_PARAGRAPH = re.compile(r"(?:Example\b|\d+\.\s)")


def is_hard_wrapped(rules: Sequence[Rule]) -> bool:
    """Whether the rules read are the lines of a hard-wrapped text (see the module's note)."""
    sample = rules[:_SAMPLE]
    going_on = sum(1 for rule in sample if "\n" in rule.text)
    return going_on >= _FEWEST_WRAPPED and going_on >= _WRAPPED_SHARE * len(sample)


def unwrap(rules: Sequence[Rule], glossary: Sequence[GlossaryEntry]) -> int:
    """Join the wrapped lines of every rule, example and glossary definition in place; returns
    how many line breaks were joined."""
    examples = [example for rule in rules for example in rule.examples]
    joined = 0
    for records in (rules, examples):
        wrapped = [(record, record.text.split("\n")) for record in records if "\n" in record.text]
        room = _ROOM_SHARE * _usual_width(lines for _, lines in wrapped)
        for record, lines in wrapped:
            paragraphs = join_wrapped(lines, room)
            joined += len(lines) - len(paragraphs)
            record.text = "\n".join(paragraphs)
    room = _ROOM_SHARE * _usual_width(entry.senses for entry in glossary)
    for entry in glossary:
        if len(entry.senses) > 1:
            entry.end_line = entry.end_line or entry.line + len(entry.senses)
            paragraphs = join_wrapped(entry.senses, room)
            joined += len(entry.senses) - len(paragraphs)
            entry.senses = paragraphs
    return joined


def _usual_width(texts: Iterable[Sequence[str]]) -> float:
    """The median length of the lines that another line follows: about the wrapping width."""
    widths = [len(line) for lines in texts for line in lines[:-1]]
    return statistics.median(widths) if widths else 0.0


def join_wrapped(lines: Sequence[str], room: float) -> list[str]:
    """`lines` joined into paragraphs (see the module's note): a line that ends a sentence with
    the next line's first word still within `room` characters ends its paragraph.

    >>> join_wrapped(["a Snow-", "Covered Forest and a power-", "and toughness-changing", "effect.", "Next."], 20)
    ['a Snow-Covered Forest and a power- and toughness-changing effect.', 'Next.']
    """
    paragraphs: list[str] = []
    pieces = [lines[0]]
    for above, line in zip(lines, lines[1:]):
        # Tests on the ends of strings, not regular expressions searched from every position: a
        # hard-wrapped release has thousands of breaks.
        first = line[:1]
        word = line.find(" ")
        if (first == "E" or first.isdigit()) and _NEW_PARAGRAPH.match(line) or (
            # The next line's first word would have fitted: cheap, and most breaks fail it.
            len(above) + 1 + (word if word >= 0 else len(line)) < room and _ends_a_sentence(above)
        ):
            paragraphs.append("".join(pieces))
            pieces = [line]
        elif above.endswith(_DASHES) and (
            _ends_a_word(above) and not _SUSPENDED.match(line) or above[-1] == "-" and line[:1].isdigit()
        ):
            pieces.append(line)
        else:
            pieces += (" ", line)
    paragraphs.append("".join(pieces))
    return paragraphs


def _ends_a_word(text: str) -> bool:
    """Whether the dash or hyphens that end `text` follow a letter or a digit ("Snow-", "duration--")."""
    before = text.rstrip("-")[:-1] if text[-1] != "-" else text.rstrip("-")
    return before[-1:].isalnum()


def _ends_a_sentence(text: str) -> bool:
    stop = text.rstrip(_CLOSERS)[-1:]
    return bool(stop) and stop in _SENTENCE_STOPS
