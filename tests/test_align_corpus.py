"""A small corpus written in the real formats (three English releases and one Spanish wiki page) and
the alignment it must give: one Spanish group per status, each made the way the real pages make it.

- 101.x: quoted from the release the stamp names, same numbers               -> exact
- 702.x: stamped with a release that numbers the section 701; the Spanish
  numbers and cites it as 702, as the next release does                      -> renumbered
- 801.x: stamped with a date between two releases; 801.1 kept its English,
  801.2 and 801.2a were rewritten and removed in the next release             -> nearest / drifted
- 801.9: a rule no English release has                                       -> unmatched

Other test files import `write_tiny_corpus` from here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kb.knowledge import KnowledgeBase
from kb.parse.cr import parse_cr
from kb.parse.wiki import parse_wiki

PART_TITLES = {"1": "Game Concepts", "7": "Additional Rules", "8": "Multiplayer Rules"}
GENERAL = ("100", "General", [("100.1", "These Magic rules apply to any game with two or more players.", [])])
PLAYERS = ("101", "Players", [
    ("101.1", "A player is one of the people in the game. The active player is the player whose turn it is. See rule 100.1.", []),
    ("101.2", "In a two-player game, a player’s opponent is the other player.", []),
])
ADDITIONAL = ("700", "General", [("700.1", "Anything that happens in a game is an event.", [])])
SAGA = ("701", "Saga Cards", [("701.1", "A Saga card has chapter abilities.", [])])

def ending(number):
    n = number
    return (n, "Ending the Turn", [
        (f"{n}.1", "Some cards end the turn. Follow these steps in order (see rule 608, “Resolving Spells and Abilities”).", []),
        (f"{n}.1a", f"Exile every object on the stack. This rule does not apply to abilities that trigger during this process (see rule {n}.1b).", []),
        (f"{n}.1b", "No player gets priority during this process. See rule 514, “Cleanup Step.”", []),
    ])

MULTI = ("800", "General", [("800.1", "A multiplayer game is a game that begins with more than two players.", [])])

def team(changed):
    rules = [("801.1", "Each team has a shared life total that starts at 30 life.", [])]
    if changed:
        rules.append(("801.2", "The Team variant uses the combat rules of the shared team turns option (see rule 805.10).", []))
    else:
        rules.append(("801.2", "The Team variant uses a modified version of the combat rules.", []))
        rules.append(("801.2a", "As the declare attackers step begins, the active team declares attackers. See rule 508.1.",
                      ["If an attacking creature has flying, it can be blocked by two creatures."]))
    return ("801", "Team Variant", rules)

def glossary(end_number):
    return [("Active Player", "The player whose turn it is. See rule 101.1."),
            ("End the Turn", f"To “end the turn” is to skip nearly everything else. See rule {end_number}, “Ending the Turn.”"),
            ("Team Variant", "A variant played by teams. See rule 801, “Team Variant.”")]

RELEASES = {
    "2020-01-10": ("January 10, 2020", [GENERAL, PLAYERS, ADDITIONAL, ending("701"), MULTI, team(False)], glossary("701")),
    "2020-06-20": ("June 20, 2020", [GENERAL, PLAYERS, ADDITIONAL, ending("701"), MULTI, team(True)], glossary("701")),
    "2021-03-05": (
        "March 5, 2021", [GENERAL, PLAYERS, ADDITIONAL, SAGA, ending("702"), MULTI, team(True)], glossary("702")
    ),
}

PAGE = """Jugador activo

El jugador activo (en Inglés, active player) es aquel cuyo turno se está jugando.

Reglas[]

De las Reglas completas (Colección Tres (5 marzo, 2021))

  • 101.1. Un jugador es una de las personas en el juego. El jugador activo es aquel cuyo turno se está jugando. Ver la regla 100.1.
  • 101.2. En un juego de dos jugadores, el oponente de un jugador es el otro jugador.

De las Reglas completas (Colección Dos (20 junio, 2020))

  • 702. Finalizando el turno
    • 702.1. Algunas cartas finalizan el turno. Sigue estos pasos en orden (ver la regla 608, “Resolución de hechizos y habilidades”).
      • 702.1a Exilia cada objeto en la pila. Esta regla no se aplica a habilidades que se disparan durante el proceso (ver la regla 702.1b).
      • 702.1b Ningún jugador recibe prioridad durante este proceso. Ver la regla 514, “Paso de limpieza”.

De las Reglas completas (Colección Intermedia (1 marzo, 2020))

  • 801. Variante por equipos
    • 801.1. Cada equipo tiene un total de vidas compartido que comienza en 30 vidas.
    • 801.2. La variante por equipos usa una versión modificada de las reglas de combate.
      • 801.2a En cuanto empieza el paso de declarar atacantes, el equipo activo declara atacantes. Ver la regla 508.1.
        Ejemplo: Si una criatura atacante tiene la habilidad de volar, puede ser bloqueada por dos criaturas.
    • 801.9. Los equipos de 7 jugadores empiezan con 99 vidas. Ver la regla 999.1.

Del glosario de las Reglas completas (Colección Tres (5 marzo, 2021))

Jugador activo
El jugador cuyo turno se está jugando. Ver la regla 101.1.
"""


def cr_text(date_words: str, sections, glossary_entries) -> str:
    """A rules text in the official layout: heading, effective date, introduction, contents, rules,
    glossary, credits, CRLF line endings."""
    lines = ["Magic: The Gathering Comprehensive Rules", "", f"These rules are effective as of {date_words}.", "",
             "Introduction", "", "This document is the ultimate authority.", "", "Contents", ""]
    parts: dict[str, list] = {}
    for section in sections:
        parts.setdefault(section[0][0], []).append(section)
    for part, members in parts.items():
        lines.append(f"{part}. {PART_TITLES[part]}")
        lines.extend(f"{number}. {title}" for number, title, _ in members)
        lines.append("")
    lines += ["Glossary", "", "Credits", ""]
    for part, members in parts.items():
        lines += [f"{part}. {PART_TITLES[part]}", ""]
        for number, title, rules in members:
            lines += [f"{number}. {title}", ""]
            for rule_id, text, examples in rules:
                separator = ". " if rule_id[-1].isdigit() else " "
                lines += [f"{rule_id}{separator}{text}", ""]
                for example in examples:
                    lines += [f"Example: {example}", ""]
    lines += ["Glossary", ""]
    for term, text in glossary_entries:
        lines += [term, text, ""]
    lines += ["Credits", "", "Magic: The Gathering Original Game Design: Richard Garfield", "",
              f"These rules are effective as of {date_words}.", ""]
    return "\r\n".join(lines)


def write_tiny_corpus(root: Path) -> Path:
    """Write the tiny corpus (files and manifest) under `root`; returns `root`."""
    root = Path(root)
    (root / "cr").mkdir(parents=True, exist_ok=True)
    (root / "wiki").mkdir(exist_ok=True)
    manifest = []
    for iso, (words, sections, entries) in RELEASES.items():
        name = f"cr/MagicCompRules-{iso}.txt"
        (root / name).write_bytes(cr_text(words, sections, entries).encode("utf-8"))
        manifest.append(
            f'[[file]]\npath = "{name}"\nkind = "cr"\nlang = "en"\ntitle = "Comprehensive Rules"\n'
            f'release = "{words}"\n'
        )
    (root / "wiki" / "es-jugador-activo.txt").write_text(PAGE, encoding="utf-8")
    manifest.append(
        '[[file]]\npath = "wiki/es-jugador-activo.txt"\nkind = "wiki"\nlang = "es"\ntitle = "Jugador activo"\n'
        'release = "varios"\n'
    )
    (root / "manifest.toml").write_text("\n".join(manifest), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def tiny(tmp_path_factory) -> KnowledgeBase:
    return KnowledgeBase.build(write_tiny_corpus(tmp_path_factory.mktemp("tiny")))


def by_id(kb: KnowledgeBase) -> dict[str, object]:
    return {a.es_id: a for a in kb.alignment}


def test_the_tiny_corpus_parses_cleanly(tmp_path):
    root = write_tiny_corpus(tmp_path)
    for path in sorted((root / "cr").iterdir()):
        doc = parse_cr(path)
        assert doc.diagnostics == [], path
    page = parse_wiki(root / "wiki" / "es-jugador-activo.txt", "es")
    assert [q.stamp.date for q in page.quotes] == ["2021-03-05", "2020-06-20", "2020-03-01", "2021-03-05"]
    assert [r.id for r in page.rules][:3] == ["101.1", "101.2", "702"]


@pytest.mark.parametrize(
    "es_id, status, release, en_id, newest_id, changed",
    [
        ("101.1", "exact", "2021-03-05", "101.1", "101.1", False),
        ("101.2", "exact", "2021-03-05", "101.2", "101.2", False),
        ("702", "renumbered", "2021-03-05", "702", "702", False),
        ("702.1", "renumbered", "2021-03-05", "702.1", "702.1", False),
        ("702.1a", "renumbered", "2021-03-05", "702.1a", "702.1a", False),
        ("702.1b", "renumbered", "2021-03-05", "702.1b", "702.1b", False),
        ("801", "nearest", "2020-01-10", "801", "801", False),
        ("801.1", "nearest", "2020-01-10", "801.1", "801.1", False),
        ("801.2", "drifted", "2020-01-10", "801.2", "801.2", True),
        ("801.2a", "drifted", "2020-01-10", "801.2a", None, True),
        ("801.9", "unmatched", None, None, None, None),
        ("Jugador activo", "exact", "2021-03-05", "Active Player", "Active Player", False),
    ],
)
def test_each_status_end_to_end(tiny, es_id, status, release, en_id, newest_id, changed):
    alignment = by_id(tiny)[es_id]
    assert (alignment.status, alignment.english_release, alignment.en_id) == (status, release, en_id)
    assert (alignment.newest_id, alignment.changed_since) == (newest_id, changed)
    assert alignment.evidence, "every pair says why"


def test_renumbered_evidence_names_the_stated_number(tiny):
    evidence = " ".join(by_id(tiny)["702.1a"].evidence)
    assert "2020-06-20" in evidence and "701.1a" in evidence


def test_drift_evidence_names_the_release_that_changed(tiny):
    evidence = " ".join(by_id(tiny)["801.2"].evidence)
    assert "not in the corpus" in evidence
    assert "2020-06-20" in evidence


def test_unmatched_has_no_english(tiny):
    alignment = by_id(tiny)["801.9"]
    assert alignment.en is None and alignment.english_release is None


def test_spanish_text_by_newest_number(tiny):
    spanish = tiny.spanish("702.1a")
    assert spanish is not None and spanish.id_es == "702.1a" and spanish.status == "renumbered"
    assert spanish.text.startswith("Exilia cada objeto")
    assert tiny.spanish("700.1") is None
    # The Spanish 801.2 translates an English text that has changed since: still the best Spanish.
    assert (tiny.spanish("801.2").status, tiny.spanish("801.2").changed_since) == ("drifted", True)
    assert tiny.spanish("801.2a") is None
    assert tiny.spanish("801.1").status == "nearest"
