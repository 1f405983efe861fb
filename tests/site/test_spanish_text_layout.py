"""The Spanish rules as plain text in the official layout: the English file line for line, the Spanish
where it exists, the English where not."""

from __future__ import annotations

import re

from kb.documents import spanish_lines
from kb.parse.cr import parse_cr_text

ENGLISH = """Magic: The Gathering Comprehensive Rules

These rules are effective as of January 16, 2026.

Contents

1. Game Concepts

1. Game Concepts

100. General

100.1. These Magic rules apply to any Magic game with two or more players.

100.1a A two-player game is a game that begins with only two players.

101. The Magic Golden Rules

101.4. If multiple players would make choices at the same time, the active player makes any choices required.
Example: A card reads "Each player sacrifices a creature." First, the active player chooses.

101.4a A player knows the choices made by the previous players.

Glossary

Active Player
The player whose turn it is.

Credits

Magic: The Gathering Original Game Design: Richard Garfield
"""

SPANISH = {
    "100.1": ("Estas reglas de Magic se aplican a cualquier partida de Magic con dos o más jugadores.", []),
    "101.4": ("Si varios jugadores fueran a tomar decisiones al mismo tiempo, el jugador activo toma las decisiones.",
              ["Una carta dice \u201cCada jugador sacrifica una criatura\u201d. Primero elige el jugador activo."]),
    "101": ("Las reglas de oro de Magic", []),
}
NUMBER = re.compile(r"^(\d+(?:\.\d+[a-z]?)?\.?) ")


def _spanish() -> tuple[list[str], list[str]]:
    english = ENGLISH.split("\n")
    doc = parse_cr_text(ENGLISH, "MagicCompRules-2026-01-16.txt")
    return english, spanish_lines(english, doc, lambda rule: SPANISH.get(rule.id))


def test_same_lines_and_numbers_as_the_english():
    english, spanish = _spanish()
    assert len(spanish) == len(english)
    for en, es in zip(english, spanish):
        found = NUMBER.match(en)
        assert (found.group(1) if found else None) == (NUMBER.match(es).group(1) if NUMBER.match(es) else None)
        assert (en == "") == (es == "")


def test_spanish_where_it_exists_english_where_not():
    english, spanish = _spanish()
    by_english = dict(zip(english, spanish))
    assert by_english[[l for l in english if l.startswith("100.1.")][0]].startswith("100.1. Estas reglas de Magic")
    assert by_english[[l for l in english if l.startswith("101.4.")][0]].startswith("101.4. Si varios jugadores")
    assert by_english[[l for l in english if l.startswith("Example:")][0]] == (
        "Ejemplo: Una carta dice \u201cCada jugador sacrifica una criatura\u201d. Primero elige el jugador activo.")
    assert "101. Las reglas de oro de Magic" in spanish
    untranslated = [l for l in english if l.startswith(("100.1a", "101.4a", "Active Player", "The player whose"))]
    assert all(line in spanish for line in untranslated)


def test_a_line_that_is_not_the_rule_text_stays_english():
    english = ENGLISH.split("\n")
    doc = parse_cr_text(ENGLISH, "MagicCompRules-2026-01-16.txt")
    doc.rule("100.1").text = "A text the file does not hold on that line."
    spanish = spanish_lines(english, doc, lambda rule: SPANISH.get(rule.id))
    assert [l for l in spanish if l.startswith("100.1.")] == [l for l in english if l.startswith("100.1.")]


def test_glossary_entries_in_spanish_on_the_same_lines():
    english = ENGLISH.split("\n")
    doc = parse_cr_text(ENGLISH, "MagicCompRules-2026-01-16.txt")
    glossary = {"Active Player": ("Jugador activo", ["El jugador cuyo turno se está jugando."])}
    spanish = spanish_lines(english, doc, lambda rule: None, lambda entry: glossary.get(entry.term))
    assert len(spanish) == len(english)
    at = english.index("Active Player")
    assert spanish[at:at + 2] == ["Jugador activo", "El jugador cuyo turno se está jugando."]
    # A Spanish entry whose senses do not match the English lines one for one is left out.
    spanish = spanish_lines(english, doc, lambda rule: None,
                            lambda entry: ("Jugador activo", ["Uno.", "Dos."]))
    assert spanish[at:at + 2] == english[at:at + 2]
