"""Properties of the rules parser on any input: it never raises, every line is accounted for, and
the records it gives are unique, in document order and honest about missing parents."""

from __future__ import annotations

from functools import cache

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.decode import read_text, split_lines
from kb.parse.cr import check_accounting, parse_cr_text, rule_sort_key

from shared_releases import release

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@cache
def real_lines() -> tuple[str, ...]:
    """A slice of every stretch of the 2026-01-16 release: head, contents, rules, glossary, back."""
    lines = split_lines(read_text(release("2026-01-16"))[0])
    stretches = [(1, 40), (170, 300), (1440, 1460), (3830, 3846), (6995, 7040), (9210, 9258)]
    # A blank line between stretches, as between the paragraphs of the file.
    return tuple(line for first, last in stretches for line in [*lines[first - 1 : last], ""])


def assert_sound(text: str) -> None:
    doc = parse_cr_text(text, "generated.txt")
    assert doc.line_count == len(split_lines(text))
    assert check_accounting(doc) == []
    ids = [rule.id for rule in doc.rules]
    assert len(ids) == len(set(ids))
    errors = {d.line for d in doc.diagnostics if d.level == "error"}
    # Records in document order, except those kept where they stand, each named by an error.
    in_order = [r for r in doc.rules if r.line not in errors]
    keys = [rule_sort_key(rule.id) for rule in in_order]
    assert all(a < b for a, b in zip(keys, keys[1:]))
    assert all(rule.line in errors for rule in doc.rules if "-" in rule.id)
    known = set(ids)
    warned = {(d.line, d.message) for d in doc.diagnostics}
    for rule in doc.rules:
        if rule.parent is not None and rule.parent not in known:
            # Said once per missing parent, at the first record under it.
            first = min(r.line for r in doc.rules if r.parent == rule.parent)
            assert any(line == first and message.endswith(f"has no {rule.parent} above it")
                       for line, message in warned), rule.id
        assert all(example.rule == rule.id for example in rule.examples)
    for item in doc.skipped:
        if item.reason.startswith("not a rule number"):
            assert item.line in errors


# Characters the format gives meaning to, plus line breaks of every kind and odd spaces.
FORMAT_ALPHABET = st.sampled_from(
    list("0123456789.abcdlo ") + ["\n", "\r", "\r\n", "\u00a0", "\t", "\ufeff", "Example: ",
     "Glossary", "Credits", "Contents", "1. Game Concepts", "100. General", "100.1. ", "100.1a ",
     "These rules are effective as of May 5, 2025.", "Published by ", "See rule 100.1."]
)


@SETTINGS
@given(st.lists(FORMAT_ALPHABET, max_size=300).map("".join))
def test_text_made_of_the_format_s_pieces(text):
    assert_sound(text)


@SETTINGS
@given(st.text(max_size=2000))
def test_any_unicode_text(text):
    assert_sound(text)


def _mutate(lines: list[str], data) -> list[str]:
    for _ in range(data.draw(st.integers(0, 8), label="mutations")):
        if not lines:
            break
        i = data.draw(st.integers(0, len(lines) - 1), label="at")
        j = data.draw(st.integers(0, len(lines) - 1), label="other")
        op = data.draw(st.sampled_from(
            ["delete", "duplicate", "swap", "truncate", "insert", "renumber", "nbsp", "blank"]
        ), label="op")
        line = lines[i]
        if op == "delete":
            del lines[i]
        elif op == "duplicate":
            lines.insert(j, line)
        elif op == "swap":
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "truncate":
            lines[i] = line[: data.draw(st.integers(0, len(line)), label="cut")]
        elif op == "insert":
            lines.insert(i, data.draw(st.text(max_size=40), label="text"))
        elif op == "renumber" and line[:1].isdigit():
            digit = data.draw(st.sampled_from("0123456789"), label="digit")
            k = data.draw(st.integers(0, min(6, len(line) - 1)), label="pos")
            lines[i] = line[:k] + digit + line[k + 1 :]
        elif op == "nbsp":
            lines[i] = line.replace(" ", "\u00a0", 1)
        elif op == "blank":
            lines.insert(i, data.draw(st.sampled_from(["", " ", "\t", "\u00a0"]), label="blank"))
    return lines


@SETTINGS
@given(st.data(), st.sampled_from(["\r\n", "\r", "\n"]))
def test_mutated_real_lines(data, ending):
    lines = _mutate(list(real_lines()), data)
    assert_sound(ending.join(lines))


def test_the_real_slice_itself_parses_cleanly():
    doc = parse_cr_text("\r\n".join(real_lines()), "slice.txt")
    assert check_accounting(doc) == []
    assert doc.release == "2026-01-16"
    assert doc.rule("701.67b").examples[0].text.startswith("Spirit Water Revival")


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["\r\n", "\r", "\n"]), st.sampled_from([" ", "\u00a0", "\u2009", "\t", "  "]))
def test_line_endings_and_the_space_after_numbers_change_nothing(ending, space):
    import re

    lines = list(real_lines())
    respaced = [re.sub(r"^(\d{3}\.\d+[a-z]?\.?) ", lambda m: m.group(1) + space, line) for line in lines]
    plain = parse_cr_text("\r\n".join(lines), "a.txt")
    varied = parse_cr_text(ending.join(respaced), "a.txt")
    assert [(r.id, r.text, r.line, r.end_line) for r in varied.rules] == [
        (r.id, r.text, r.line, r.end_line) for r in plain.rules
    ]
    assert [(g.term, g.senses) for g in varied.glossary] == [(g.term, g.senses) for g in plain.glossary]
