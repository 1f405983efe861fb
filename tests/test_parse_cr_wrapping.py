"""Hard-wrapped rules text joined back into paragraphs (`kb.parse.cr.wrapping`)."""

from __future__ import annotations

from hypothesis import given, strategies as st

from kb.parse.cr import check_accounting, parse_cr_text
from kb.parse.cr.wrapping import join_wrapped

ROOM = 60


def test_a_wrap_joins_with_a_space():
    assert join_wrapped(["A player may play a spell", "whenever he or she has priority."], ROOM) == [
        "A player may play a spell whenever he or she has priority."
    ]


def test_a_wrap_after_a_hyphen_or_a_dash_joins_with_nothing():
    assert join_wrapped(['(see rule 420, "State-', 'Based Effects") and a', "Snow-", "Covered Forest"], ROOM) == [
        '(see rule 420, "State-Based Effects") and a Snow-Covered Forest'
    ]
    assert join_wrapped(["its duration--", "remaining tapped", "upkeep\u2014", "Pay 1 life."], ROOM) == [
        "its duration--remaining tapped upkeep\u2014Pay 1 life."
    ]
    assert join_wrapped(["a black-", "and-green creature"], ROOM) == ["a black-and-green creature"]


def test_a_suspended_hyphen_keeps_its_space():
    assert join_wrapped(["(6) power-", "or toughness-changing effects, even though power-", "and toughness"], ROOM) == [
        "(6) power- or toughness-changing effects, even though power- and toughness"
    ]


def test_a_spaced_dash_keeps_its_space():
    assert join_wrapped(['"Choose one \u2014', 'Untap target permanent"'], ROOM) == [
        '"Choose one \u2014 Untap target permanent"'
    ]


def test_a_minus_sign_stays_on_its_number():
    assert join_wrapped(["target creature gets -", "1/-1 until end of turn."], ROOM) == [
        "target creature gets -1/-1 until end of turn."
    ]


def test_a_sentence_with_room_left_after_it_ends_its_paragraph():
    lines = ["Actions are processed simultaneously.", "Some spells have multiple steps."]
    assert join_wrapped(lines, ROOM) == lines
    # A full line that happens to end a sentence is a wrap like any other.
    full = ["x" * 50 + " ends here.", "Next words."]
    assert join_wrapped(full, ROOM) == [" ".join(full)]
    # A word too long for the line leaves it short without ending the paragraph.
    assert join_wrapped(["They can be found at", "http://www.example.com/a/very/long/address"], ROOM) == [
        "They can be found at http://www.example.com/a/very/long/address"
    ]


def test_an_example_or_a_numbered_sense_starts_a_paragraph():
    assert join_wrapped(["The word has two meanings: the first of which is rather long and", "1. One meaning."], ROOM) == [
        "The word has two meanings: the first of which is rather long and", "1. One meaning."
    ]
    assert join_wrapped(["It must be paid to play the ability and it is quite a long line", "Example: A cost."], ROOM) == [
        "It must be paid to play the ability and it is quite a long line", "Example: A cost."
    ]


_LINE = st.text(st.sampled_from("ab -.\u2014:1"), min_size=1, max_size=30).map(str.strip).filter(bool)


@given(st.lists(_LINE, min_size=1, max_size=8), st.integers(0, 80))
def test_joining_loses_no_character(lines, room):
    paragraphs = join_wrapped(lines, room)
    assert 1 <= len(paragraphs) <= len(lines)
    assert "".join(paragraphs).replace(" ", "") == "".join(lines).replace(" ", "")
    assert all(paragraph == paragraph.strip() for paragraph in paragraphs)


HEAD = "Magic: The Gathering Comprehensive Rules\n\nThese rules are effective as of March 3, 2027.\n\n"
GLOSSARY_AND_CREDITS = (
    "\nGlossary\n\nAbility\nAn instruction in an object's text is an ability. The result of following such\n"
    "an instruction is an effect.\nA second sense.\n\nCredits\n\nGame Design: Someone\n"
)


def _rules_text(rules: list[str]) -> str:
    return HEAD + "1. The Game\n\n100. General\n\n" + "\n".join(rules) + "\n" + GLOSSARY_AND_CREDITS


def test_a_hard_wrapped_text_is_read_in_paragraphs():
    wrapped = [
        f"100.{n}. Rule {n} says that a player who has priority may play a spell of the kind\n"
        "that the State-\nBased Effects allow.\n" for n in range(1, 31)
    ]
    doc = parse_cr_text(_rules_text(wrapped), "wrapped.txt")
    assert doc.rule("100.7").text == (
        "Rule 7 says that a player who has priority may play a spell of the kind "
        "that the State-Based Effects allow."
    )
    assert doc.glossary[0].senses == [
        "An instruction in an object's text is an ability. The result of following such "
        "an instruction is an effect.",
        "A second sense.",
    ]
    assert any("hard-wrapped" in note for note in doc.decoding.notes)
    # The lines are all still held: the definition keeps its three lines.
    assert doc.glossary[0].end_line == doc.glossary[0].line + 3
    assert check_accounting(doc) == []


def test_a_text_written_a_paragraph_per_line_keeps_its_line_breaks():
    rules = [f"100.{n}. Rule {n} is one line.\n" for n in range(1, 31)]
    rules[4] = "100.5. Rule 5 goes on\nonto a second line that is its own paragraph.\n"
    doc = parse_cr_text(_rules_text(rules), "paragraphs.txt")
    assert doc.rule("100.5").text == "Rule 5 goes on\nonto a second line that is its own paragraph."
    assert len(doc.glossary[0].senses) == 3
    assert not any("hard-wrapped" in note for note in doc.decoding.notes)
    assert check_accounting(doc) == []


def test_a_term_run_into_its_first_sense_is_read_as_both_and_reported():
    text = HEAD + "1. The Game\n\n100. General\n\n100.1. A rule.\n\nGlossary\n\n" + (
        "Ability1. Text on an object that explains what it does.\n2. An ability on the stack.\n"
        "See rule 113.\n\nActive Player, Nonactive Player Order\nA system.\n\nCredits\n\nGame Design: Someone\n"
    )
    doc = parse_cr_text(text, "glued.txt")
    ability, order = doc.glossary
    assert ability.term == "Ability"
    assert ability.senses == ["1. Text on an object that explains what it does.", "2. An ability on the stack.",
                              "See rule 113."]
    assert ability.end_line == ability.line + 2
    assert order.term == "Active Player, Nonactive Player Order" and order.senses == ["A system."]
    assert [d.message.split(":")[0] for d in doc.diagnostics] == [
        "glossary term 'Ability' runs into its first sense '1. Text on an object that expl' (line break lost)"
    ]
    assert check_accounting(doc) == []
