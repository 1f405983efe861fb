"""Cross-reference extraction: every form the rules use, in English and Spanish, and what is not a reference."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kb.corpus import release_file
from kb.decode import read_text, split_lines
from kb.model import CRDocument, Decoding, Example, GlossaryEntry, Rule
from kb.refs import (
    Reference,
    broken_references,
    document_references,
    expand_range,
    find_references,
    kind_of,
    letter_range,
)


def targets(text: str, lang: str = "en") -> list[str]:
    return [ref.target for ref in find_references(text, lang)]


# --- English forms -------------------------------------------------------------------------------

ENGLISH_FORMS = [
    ("This rule is described in rule 101.4.", ["101.4"]),
    ("See rule 405, “Stack.”", ["405"]),
    ("See rules 110.2 and 112.2.", ["110.2", "112.2"]),
    ("in rules 601.2b and 601.2f–h.", ["601.2b", "601.2f", "601.2g", "601.2h"]),
    ("see rules 603.7d–f.", ["603.7d", "603.7e", "603.7f"]),
    ("this way (see rules 119.7–8).", ["119.7", "119.8"]),
    (
        "This follows rules 701.27a–f, 712.9–10, and 712.18.",
        ["701.27a", "701.27b", "701.27c", "701.27d", "701.27e", "701.27f", "712.9", "712.10", "712.18"],
    ),
    ("Rules 301.5a–f apply.", ["301.5a", "301.5b", "301.5c", "301.5d", "301.5e", "301.5f"]),
    ("conditions were met (see 601.3d), they may", ["601.3d"]),
    ("except as specified in 101.4a.", ["101.4a"]),
    ("as described in rule 702.19c–d.", ["702.19c", "702.19d"]),
    (
        "See rule 802, “Attack Multiple Players Option,” rule 803, “Attack Left and Attack Right Options,”"
        " and rule 809, “Emperor Variant.”",
        ["802", "803", "809"],
    ),
    ("See rules 701.6, “Counter,” and 702.21a.", ["701.6", "702.21a"]),
    ("See section 8, “Multiplayer Rules.”", ["8"]),
    ("See rule 113, “Abilities,” and section 6, “Spells, Abilities, and Effects.”", ["113", "6"]),
    ("mana cost characteristics are used. See 718, “Prototype Cards.”", ["718"]),
    ("a replacement effect (see 305.9).", ["305.9"]),
    ("See 702.153, “Casualty.”", ["702.153"]),
    ("This is an exception to 608.2h.", ["608.2h"]),
    ("subrule 704.5k is followed by 704.5m, then 704.5n, then 704.5p", ["704.5k", "704.5m", "704.5n", "704.5p"]),
    ("See rules 614 and 615.", ["614", "615"]),
    ("See rules 903.6–903.11.", ["903.6", "903.7", "903.8", "903.9", "903.10", "903.11"]),
    ("the steps in rules 601.2g-h", ["601.2g", "601.2h"]),
    ("(See rules 702.109, “Dash,” 702.152, “Blitz,” and 702.185, “Warp.”)", ["702.109", "702.152", "702.185"]),
    ('See rule 601, "Casting Spells," and rule 602, "Activating Activated Abilities."', ["601", "602"]),
    ("See also rule 506.", ["506"]),
    ("Once the steps described in 601.2a–h are completed", [f"601.2{x}" for x in "abcdefgh"]),
    ("the steps in 608.2c–m", [f"608.2{x}" for x in "cdefghijkm"]),
    ("See rules 702.19b through 702.19e.", ["702.19b", "702.19c", "702.19d", "702.19e"]),
    ("See rules 509.1 – 509.3.", ["509.1", "509.2", "509.3"]),
    ("rule 119.3 lasts through 20 turns", ["119.3"]),
]


@pytest.mark.parametrize("text,expected", ENGLISH_FORMS)
def test_english_forms(text: str, expected: list[str]) -> None:
    assert targets(text, "en") == expected


SPANISH_FORMS = [
    ("proceso normal (ver la regla 608, \"Resolución de hechizos y habilidades\").", ["608"]),
    ("(Ver las reglas 802 y 805.10)", ["802", "805.10"]),
    ("véanse las reglas 601.2b y 601.2f–h.", ["601.2b", "601.2f", "601.2g", "601.2h"]),
    ("Véase la regla 117.3a.", ["117.3a"]),
    ("todas las acciones se lleven a cabo simultáneamente. (Ver la regla 101.4.)", ["101.4"]),
    ("controlador de una habilidad disparada retrasada, ver las reglas 603.7d–f.", ["603.7d", "603.7e", "603.7f"]),
    ("cuando hace su elección, excepto lo especificado en 101.4a.", ["101.4a"]),
    (
        "Ver la regla 802, “Alternativa de atacar a varios jugadores”, la regla 803 “Alternativas de atacar a la"
        " izquierda o a la derecha” y la regla 809, “Variante Emperador”.",
        ["802", "803", "809"],
    ),
    ("(ver las reglas 602.2a y 603.3).", ["602.2a", "603.3"]),
    ("ver las reglas 119.7–8 o 119.9–10", ["119.7", "119.8", "119.9", "119.10"]),
    ("Ver las reglas 614, 615 y 616.", ["614", "615", "616"]),
    ("Ver la sección 8, “Reglas multijugador”.", ["8"]),
    ("ver las reglas 701.6, “Contrarrestar”, y 702.21a", ["701.6", "702.21a"]),
    ("ver las reglas 110.2 e 112.2", ["110.2", "112.2"]),
]


@pytest.mark.parametrize("text,expected", SPANISH_FORMS)
def test_spanish_forms(text: str, expected: list[str]) -> None:
    assert targets(text, "es") == expected


NOT_REFERENCES = [
    "Your deck must contain exactly 100 cards, including its commander.",
    "repeating that sequence 999,999 more times",
    "Each player begins the game with a starting life total of 20.",
    "Create a 1/1 green Saproling creature token.",
    "{2}{G}: Create a token.",
    "Put a +1/+1 counter on it, then a -1/-1 counter.",
    "These rules are effective as of January 16, 2026.",
    "each deck has a minimum deck size of 60 cards.",
    "PO Box 707, Renton, WA 98057-0707",
    "measure approximately 2.5 inches (6.3 cm) by 3.5 inches",
    "The recommended range of influence is 2.",
    "Layer 7c: Effects that modify power and/or toughness.",
    "“Rules” card 7 of 9",
    "the numbers “1” and “0”",
    "See Casting a Spell.",
    "See rules below.",
]


@pytest.mark.parametrize("text", NOT_REFERENCES)
def test_numbers_that_are_not_references(text: str) -> None:
    assert find_references(text, "en") == []


@pytest.mark.parametrize(
    "text",
    [
        "repitiendo esa secuencia 999.999 veces más",
        "El mazo debe contener exactamente 100 cartas.",
        "“La pila” fue incluida como carta de reglas 7 de 9 en la colección Magic 2011.",
        "un total de 20 vidas y una criatura 1/1",
    ],
)
def test_spanish_numbers_that_are_not_references(text: str) -> None:
    assert find_references(text, "es") == []


def test_list_ends_at_a_quantity() -> None:
    # The list opened by "rule" must not swallow "100 cards".
    assert targets("See rule 119.3, 100 cards are needed.") == ["119.3"]


def test_a_quoted_passage_hides_no_reference() -> None:
    text = 'The card says "draw a card" and rule 121.1 applies; "see rule 405" is quoted.'
    assert targets(text) == ["121.1", "405"]


def test_surface_and_span_point_at_the_number() -> None:
    text = "See rules 601.2b and 601.2f–h."
    refs = find_references(text)
    assert refs[0] == Reference("601.2b", "601.2b", 10, 16, "rule")
    ranged = refs[1:]
    assert {(r.surface, r.start, r.end) for r in ranged} == {("601.2f–h", 21, 29)}
    for ref in refs:
        assert text[ref.start : ref.end] == ref.surface


def test_kinds() -> None:
    refs = find_references("See rule 113, rule 113.1a and section 6.")
    assert [(r.target, r.kind) for r in refs] == [("113", "section"), ("113.1a", "rule"), ("6", "part")]


def test_reference_repr_reads_like_the_constructor() -> None:
    ref = Reference("101.4", "101.4", 9, 14, "rule")
    assert eval(repr(ref)) == ref


def test_unknown_language_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown language"):
        find_references("rule 101.4", "fr")


def test_letter_ranges_skip_l_and_o() -> None:
    assert letter_range("k", "p") == ["k", "m", "n", "p"]
    assert letter_range("f", "h") == ["f", "g", "h"]
    assert letter_range("h", "f") == []
    assert letter_range("a", "l") == []


def test_expand_range() -> None:
    assert expand_range("712.9", "10") == ["712.9", "712.10"]
    assert expand_range("601.2f", "601.2h") == ["601.2f", "601.2g", "601.2h"]
    assert expand_range("509.1", "3") == ["509.1", "509.2", "509.3"]
    assert expand_range("601", "603") == ["601", "602", "603"]
    assert expand_range("601.2f", "3") == []
    assert expand_range("601.2", "h") == []
    assert expand_range("601.2", "701.3") == []


def test_kind_of() -> None:
    assert kind_of("8") == "part"
    assert kind_of("723") == "section"
    assert kind_of("723.1") == "rule"
    assert kind_of("702.100a") == "rule"
    assert kind_of("2026") is None
    assert kind_of("20") is None


# --- a hand-read sample of the 2026-01-16 release ------------------------------------------------

SAMPLE_2026 = {
    "101.4": [],
    "103.2": ["103.2a", "103.2b", "103.2c", "103.2d", "103.2e"],
    "104.4b": [],
    "117.3a": ["703", "514.3"],
    "118.2": ["601.2f", "601.2g", "601.2h"],
    "119.10": [],
    "306.5b": ["614.1c"],
    "510.1c": [],
    "601.2": ["601.2a", "601.2b", "601.2c", "601.2d", "601.2f", "601.2g", "601.2h", "601.3", "732"],
    "608.3g": ["702.109", "702.152", "702.185"],
    "616.1": ["101.4"],
    "701.27g": ["701.42", "729"],
    "701.28a": [
        "701.27a", "701.27b", "701.27c", "701.27d", "701.27e", "701.27f", "712.9", "712.10", "712.18",
    ],
    "702.19c": ["702.19b"],
    "702.103a": ["601.2b", "601.2f", "601.2g", "601.2h"],
    "703.4g": ["701.52"],
    "712.8e": ["202.3b"],
    "800.4a": ["109"],
    "810.7": ["805.10"],
    "903.5b": ["201.3"],
    "903.13g": ["903.6", "903.7", "903.8", "903.9", "903.10", "903.11"],
}


@pytest.fixture(scope="module")
def lines_2026() -> list[str]:
    path = release_file("MagicCompRules-2026-01-16.txt")
    text, _ = read_text(path)
    return split_lines(text)


def rule_line(lines: list[str], rule_id: str) -> str:
    """The text of one numbered rule, read straight from the file, without its number."""
    for prefix in (f"{rule_id}. ", f"{rule_id} "):
        found = [line[len(prefix) :] for line in lines if line.startswith(prefix)]
        if found:
            return found[-1]  # the table of contents comes first and lists sections only
    raise AssertionError(f"rule {rule_id} not in the file")


@pytest.mark.parametrize("rule_id", sorted(SAMPLE_2026))
def test_sample_of_the_2026_release(lines_2026: list[str], rule_id: str) -> None:
    assert targets(rule_line(lines_2026, rule_id)) == SAMPLE_2026[rule_id]


def test_glossary_definition_of_the_2026_release(lines_2026: list[str]) -> None:
    index = lines_2026.index("Type-Changing Effect")
    definition = lines_2026[index + 1]
    assert targets(definition) == ["205.1a", "205.1b", "305.7", "613.1d"]


# --- references of a parsed release --------------------------------------------------------------

def small_document() -> CRDocument:
    def rule(rule_id: str, kind: str, parent: str | None, text: str, examples=()) -> Rule:
        made = Rule(rule_id, kind, parent, text, "2026-01-16", "en", "test.txt", 1)  # type: ignore[arg-type]
        made.examples = [Example(rule_id, n, t, 2) for n, t in enumerate(examples, 1)]
        return made

    return CRDocument(
        source="test.txt",
        release="2026-01-16",
        effective="2026-01-16",
        decoding=Decoding("utf-8", False, {"LF": 1}),
        line_count=10,
        rules=[
            rule("1", "part", None, "Game Concepts"),
            rule("101", "section", "1", "The Magic Golden Rules"),
            rule("101.1", "rule", "101", "See rule 101.2 and rule 101.9."),
            rule("101.2", "rule", "101", "Nothing here.", ["Example: see rule 999.1 and 101.1."]),
        ],
        glossary=[GlossaryEntry("Golden Rule", ["See rule 101.", "See rule 102."], "2026-01-16", "en", "test.txt", 9)],
    )


def test_document_references_name_their_source() -> None:
    found = [(source, ref.target) for source, ref in document_references(small_document())]
    assert found == [
        ("101.1", "101.2"),
        ("101.1", "101.9"),
        ("101.2#ex1", "999.1"),
        ("101.2#ex1", "101.1"),
        ("glossary:Golden Rule", "101"),
        ("glossary:Golden Rule", "102"),
    ]


def test_broken_references_are_reported() -> None:
    broken = [(source, ref.target) for source, ref in broken_references(small_document())]
    assert broken == [("101.1", "101.9"), ("101.2#ex1", "999.1"), ("glossary:Golden Rule", "102")]


# --- any text at all -----------------------------------------------------------------------------

_PIECES = st.sampled_from([
    "rule ", "rules ", "See ", "section ", "regla ", "reglas ", "ver la ", "y ", "and ", ", ", "“Title,” ", '"',
    "601.2f", "–", "-", "h", "119.7", "8", "999,999", "100", "7", " cards", "{2}", "+1/+1", "(", ")", ".", " ",
    "\u00a0", "\n", "through ", "702.19b", "l", "o", "z",
])


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=25).map("".join), st.sampled_from(["en", "es"]))
def test_any_text_gives_well_formed_references(text: str, lang: str) -> None:
    for ref in find_references(text, lang):
        assert text[ref.start : ref.end] == ref.surface
        assert kind_of(ref.target) == ref.kind
        letter = ref.target[-1]
        assert not (letter.isalpha() and letter in "lo")


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200), st.sampled_from(["en", "es"]))
def test_arbitrary_unicode_never_breaks_the_reader(text: str, lang: str) -> None:
    for ref in find_references(text, lang):
        assert text[ref.start : ref.end] == ref.surface


def test_a_title_ends_its_item_and_a_list_never_runs_on_to_the_next_sense():
    # Glossary "Phase": the "2." of the next sense is no reference to part 2.
    text = "1. A subsection of a turn. See section 5, “Turn Structure.”\n2. A permanent “phases in”. See rule 702.26."
    assert [r.target for r in find_references(text)] == ["5", "702.26"]
    spanish = "1. Una subdivisión de un turno. Ver la sección 5, “Estructura del turno”.\n2. Un permanente."
    assert [r.target for r in find_references(spanish, "es")] == ["5"]
    # After a title the list goes on only after a joiner.
    assert [r.target for r in find_references("See section 5, “Turn Structure,” and section 6, “Combat.”")] == ["5", "6"]
    assert [r.target for r in find_references("See rules 701.9, “Fight,” and 702.19.")] == ["701.9", "702.19"]
