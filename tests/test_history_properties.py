"""Properties of release diffs on invented releases: a section inserted renumbers the ones after it
and nothing else; composing diffs agrees with the chain; the other way round is the inverse; an
edited example is told as an example change."""

from __future__ import annotations

import pickle
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from kb.history import ExampleChange, History, diff_releases
from kb.model import CRDocument, Decoding, Example, Rule
from handmade import kind_and_parent

WORDS = ["a", "player", "creature", "card", "spell", "ability", "may", "each", "turn", "damage", "the", "counter",
         "token", "life", "zone", "draws", "attacks", "blocks", "target", "mana", "cost", "effect", "step"]
NEW_WORDS = ["novel", "mechanic", "sprocket", "gizmo", "widget", "lever"]


def make_doc(release: str, rules: dict[str, str], examples: dict[str, list[str]] | None = None) -> CRDocument:
    made = []
    for line, (rule_id, text) in enumerate(rules.items(), 1):
        kind, parent = kind_and_parent(rule_id)
        rule = Rule(rule_id, kind, parent, text, release, "en", f"{release}.txt", line)  # type: ignore[arg-type]
        rule.examples = [Example(rule_id, n, t, line) for n, t in enumerate((examples or {}).get(rule_id, []), 1)]
        made.append(rule)
    return CRDocument(f"{release}.txt", release, release, Decoding("utf-8", False, {"LF": 0}), len(rules), rules=made)


@st.composite
def releases(draw):
    """A part 7 of 2–5 sections of 1–4 rules each; some rules cite another rule of the part."""
    sections = draw(st.integers(2, 5))
    shape = [draw(st.integers(1, 4)) for _ in range(sections)]
    text = st.lists(st.sampled_from(WORDS), min_size=4, max_size=12).map(" ".join)
    layout: list[tuple[int, int]] = [(s, r) for s, count in enumerate(shape) for r in range(1, count + 1)]
    # Texts differ from one another: two rules of the same text are told apart by where they stand,
    # which a property over random texts cannot state.
    titles = draw(st.lists(text, min_size=sections, max_size=sections, unique=True))
    bodies = draw(st.lists(text, min_size=len(layout), max_size=len(layout), unique=True))
    rules: list[tuple[int, int | None, str]] = [(s, None, f"Section {titles[s]}") for s in range(sections)]
    for (s, r), body in zip(layout, bodies):
        if draw(st.booleans()):
            cited = draw(st.sampled_from(layout))
            body += f" (see rule {{{cited[0]}}}.{cited[1]})"
        rules.append((s, r, body))
    insert_at = draw(st.integers(0, sections))
    new_rules = draw(st.integers(1, 3))
    return rules, insert_at, new_rules


def number(section: int, insert_at: int | None) -> str:
    shifted = section + (1 if insert_at is not None and section >= insert_at else 0)
    return str(700 + shifted)


def render(rules, insert_at: int | None, release: str, new_rules: int = 0) -> tuple[CRDocument, dict[int, str]]:
    found: dict[str, str] = {"7": "Additional Rules"}
    ordered = sorted(rules, key=lambda item: (item[0], item[1] or 0))
    for s, r, body in ordered:
        text = re.sub(r"\{(\d+)\}", lambda m: number(int(m[1]), insert_at), body)
        found[number(s, insert_at) if r is None else f"{number(s, insert_at)}.{r}"] = text
    if insert_at is not None:
        section = str(700 + insert_at)
        found[section] = "Widget Cards"
        for r in range(1, new_rules + 1):
            found[f"{section}.{r}"] = " ".join(NEW_WORDS[: r + 2]) + f" number {r}"
    ordered_ids = sorted(found, key=lambda i: (len(i.split(".")[0]), i.split(".")[0], int(i.split(".")[1]) if "." in i else -1))
    return make_doc(release, {i: found[i] for i in ordered_ids}), {}


@settings(max_examples=60, deadline=None)
@given(releases())
def test_an_inserted_section_renumbers_the_sections_after_it_and_nothing_else(drawn) -> None:
    rules, insert_at, new_rules = drawn
    old, _ = render(rules, None, "2020-01-01")
    new, _ = render(rules, insert_at, "2020-02-01", new_rules)
    diff = diff_releases(old, new)
    expected = {}
    for s, r, _ in rules:
        before, after = number(s, None), number(s, insert_at)
        expected[before if r is None else f"{before}.{r}"] = after if r is None else f"{after}.{r}"
    expected["7"] = "7"
    assert diff.mapping == expected
    # Moved, never changed: the references inside followed the renumbering.
    assert not diff.changed and not diff.removed
    assert all(not e.text_changed for e in diff.moved)
    inserted = str(700 + insert_at)
    assert {e.new_id for e in diff.added} == {inserted, *(f"{inserted}.{r}" for r in range(1, new_rules + 1))}
    assert pickle.loads(pickle.dumps(diff)) == diff


@settings(max_examples=30, deadline=None)
@given(releases(), st.integers(0, 5), st.integers(1, 2))
def test_a_composed_diff_is_the_chain_and_its_reverse_the_inverse(drawn, second_at, second_rules) -> None:
    rules, insert_at, new_rules = drawn
    first, _ = render(rules, None, "2020-01-01")
    middle, _ = render(rules, insert_at, "2020-02-01", new_rules)
    # A second section inserted (by hand: the middle release's sections all move after it).
    shifted = [(s + (1 if s >= insert_at else 0), r, body) for s, r, body in rules]
    placeholders = {s: s + (1 if s >= insert_at else 0) for s, _, _ in rules}
    shifted = [(s, r, re.sub(r"\{(\d+)\}", lambda m: "{" + str(placeholders[int(m[1])]) + "}", body))
               for s, r, body in shifted]
    shifted += [(insert_at, None, "Widget Cards")] + [
        (insert_at, r, " ".join(NEW_WORDS[: r + 2]) + f" number {r}") for r in range(1, new_rules + 1)
    ]
    at = min(second_at, max(s for s, _, _ in shifted) + 1)
    last, _ = render(shifted, at, "2020-03-01", second_rules)
    history = History([last, first, middle])
    step_one, step_two = history.diff("2020-01-01", "2020-02-01"), history.diff("2020-02-01", "2020-03-01")
    chain = {o: step_two.mapping[m] for o, m in step_one.mapping.items() if m in step_two.mapping}
    composed = history.diff("2020-01-01", "2020-03-01")
    assert composed.via == ("2020-02-01",)
    assert composed.mapping == chain
    assert not composed.changed and all(not e.text_changed for e in composed.moved)
    back = history.diff("2020-03-01", "2020-01-01")
    assert back.mapping == {n: o for o, n in chain.items()}
    assert back.via == ("2020-02-01",)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(WORDS), min_size=3, max_size=8).map(" ".join), min_size=0, max_size=4,
             unique=True),
    st.data(),
)
def test_example_edits_are_told_as_example_changes(examples, data) -> None:
    edited = list(examples)
    op = data.draw(st.sampled_from(["add", "remove", "edit"] if examples else ["add"]))
    if op == "add":
        at = data.draw(st.integers(0, len(edited)))
        edited.insert(at, "A sprocket gizmo example.")
    elif op == "remove":
        at = data.draw(st.integers(0, len(edited) - 1))
        del edited[at]
    else:
        at = data.draw(st.integers(0, len(edited) - 1))
        edited[at] = edited[at] + " widget"
    before = make_doc("2020-01-01", {"1": "P", "100": "S", "100.1": "Rule."}, {"100.1": examples})
    after = make_doc("2020-02-01", {"1": "P", "100": "S", "100.1": "Rule."}, {"100.1": edited})
    entry = diff_releases(before, after).entry_for(old_id="100.1")
    assert entry is not None and entry.status == "changed" and entry.words == ()
    (change,) = entry.examples
    if op == "add":
        assert change == ExampleChange("added", None, at + 1, "", "A sprocket gizmo example.")
    elif op == "remove":
        assert (change.op, change.old, change.new_number) == ("removed", examples[at], None)
    else:
        assert (change.op, change.old_number, change.new_number, change.new) == ("changed", at + 1, at + 1, edited[at])
        assert [str(w) for w in change.words] == ["+[widget]"]
