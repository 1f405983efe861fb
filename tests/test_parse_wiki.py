"""The wiki page parser against the five corpus pages (expectations read off the pages by hand),
small invented pages in each layout, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kb.corpus import corpus_dir, load_manifest
from kb.decode import DecodeError
from kb.model import to_data
from kb.parse.wiki import (
    check_accounting,
    detect_language,
    line_accounting,
    parse_stamp,
    parse_wiki,
    parse_wiki_text,
)
from kb.parse.wiki.terms import find_term_pairs

WIKI = corpus_dir() / "wiki"
PAGES = {
    "es-jugador": ("Jugador", "es"),
    "en-player": ("Player", "en"),
    "es-finalizar-el-turno": ("Finalizar el turno", "es"),
    "es-gigante-de-dos-cabezas": ("Gigante de dos cabezas", "es"),
    "es-pila": ("Pila", "es"),
}
PLAYER_RULES = [
    "102", "102.1", "102.2", "102.3", "102.4",
    "101.4", "101.4a", "101.4b", "101.4c", "101.4d", "101.4e",
    "506.2", "506.2a", "506.2b",
    "805.6", "805.6a",
]


@pytest.fixture(scope="module")
def pages():
    return {name: parse_wiki(WIKI / f"{name}.txt") for name in PAGES}


def rule(page, rule_id):
    found = [r for r in page.rules if r.id == rule_id]
    assert len(found) == 1, f"{rule_id}: {len(found)} records"
    return found[0]


def skipped_reasons(page):
    return {s.line: s.reason for s in page.skipped}


# -- every page ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", PAGES)
def test_title_and_language_come_from_the_text(pages, name):
    title, lang = PAGES[name]
    page = pages[name]
    assert page.title == title
    assert page.lang == lang
    assert parse_wiki_text((WIKI / f"{name}.txt").read_text(encoding="utf-8"), "p").lang == lang


@pytest.mark.parametrize("name", PAGES)
def test_every_line_is_in_one_record_or_skipped(pages, name):
    page = pages[name]
    assert page.line_count == len((WIKI / f"{name}.txt").read_text(encoding="utf-8").split("\n"))
    assert check_accounting(page) == []
    held = line_accounting(page)
    skipped = {s.line for s in page.skipped}
    assert set(held) | skipped == set(range(1, page.line_count + 1))
    assert not set(held) & skipped


@pytest.mark.parametrize("name", PAGES)
def test_quoted_records_carry_page_language_release_and_source(pages, name):
    page = pages[name]
    assert not [d for d in page.diagnostics if d.level == "error"]
    for quote in page.quotes:
        assert quote.stamp.date is not None
        for record in quote.rules + quote.glossary:
            assert record.release == quote.stamp.date
            assert record.lang == page.lang
            assert record.source == str(WIKI / f"{name}.txt")
            assert record.line > quote.line
        for record in quote.rules:
            assert "\u00a0" not in record.text
            assert record.end_line >= record.line
            for example in record.examples:
                assert example.rule == record.id
                assert record.line <= example.line <= record.end_line
                assert not example.text.startswith(("Ejemplo", "Example"))


def test_titles_and_stamps_agree_with_the_manifest(pages):
    entries = {entry.path.stem: entry for entry in load_manifest() if entry.kind == "wiki"}
    assert set(entries) == set(PAGES)
    for name, entry in entries.items():
        page = pages[name]
        assert page.title == entry.title
        stamp = parse_stamp(entry.release, entry.lang)
        assert stamp.date is not None
        assert stamp.date in {q.stamp.date for q in page.quotes}
        assert stamp.set_en in {q.stamp.set_en for q in page.quotes}


@pytest.mark.parametrize("name", PAGES)
def test_rule_parents_follow_the_numbering(pages, name):
    for record in pages[name].rules:
        if record.kind == "section":
            assert record.parent == record.id[0] and "." not in record.id
        elif record.kind == "rule":
            assert record.parent == record.id.split(".")[0]
        else:
            assert record.kind == "subrule" and record.parent == record.id[:-1]


@pytest.mark.parametrize("name", PAGES)
def test_parsing_is_deterministic(name):
    first = json.dumps(to_data(parse_wiki(WIKI / f"{name}.txt")), ensure_ascii=False)
    second = json.dumps(to_data(parse_wiki(WIKI / f"{name}.txt")), ensure_ascii=False)
    assert first == second


@pytest.mark.parametrize("name", PAGES)
def test_no_quoted_text_leaks_into_prose(pages, name):
    page = pages[name]
    texts = [r.text for r in page.rules] + [g.senses[0] for g in page.glossary]
    quoted = {t[:40] for t in texts if len(t) >= 40}
    for _, text in page.prose:
        assert not text.startswith(("Ejemplo:", "Example:"))
        assert not any(q and q in text for q in quoted)


# -- Jugador (es) ----------------------------------------------------------------------------


def test_jugador_rules_and_the_example_glued_to_101_4a(pages):
    page = pages["es-jugador"]
    assert [r.id for r in page.rules] == PLAYER_RULES
    assert rule(page, "102").kind == "section" and rule(page, "102").text == "Jugadores"
    assert rule(page, "101.4e").kind == "subrule"
    r101_4 = rule(page, "101.4")
    assert [e.line for e in r101_4.examples] == [29]
    example = r101_4.examples[0].text
    assert example.startswith("Una carta dice “Cada jugador sacrifica una criatura”.")
    assert example.endswith("son sacrificadas simultáneamente.")
    r101_4a = rule(page, "101.4a")
    assert r101_4a.line == 29 and r101_4a.examples == []
    assert r101_4a.text.startswith("Si un efecto hace que cada jugador elija una carta en una zona oculta")
    assert [d.line for d in page.diagnostics] == [29]
    assert all(len(r.examples) == 0 for r in page.rules if r.id != "101.4")
    assert {q.stamp.date for q in page.quotes} == {"2024-06-07"}
    assert {(q.stamp.set_es, q.stamp.set_en) for q in page.quotes} == {("Horizontes de Modern 3", "Modern Horizons 3")}


def test_jugador_glossary(pages):
    page = pages["es-jugador"]
    assert [g.term for g in page.glossary] == [
        "Jugador",
        "Jugador inicial",
        "Jugador activo",
        "Jugador defensor",
        "Orden JAJNA",
        "Orden del jugador activo, jugador no activo",
    ]
    assert page.glossary[0].senses == ["Una de las personas en el juego. Ver la regla 102, “Jugadores”."]
    assert [(g.line, g.end_line) for g in page.glossary][:2] == [(42, 43), (45, 46)]
    assert all(len(q.glossary) == 1 and not q.rules for q in page.quotes if q.document == "glossary")


def test_jugador_term_pairs(pages):
    pairs = [(t.es, t.en, t.line) for t in pages["es-jugador"].term_pairs]
    assert pairs == [
        ("jugador", "player", 1),
        ("jugador inicial", "starting player", 9),
        ("jugador activo", "active player", 11),
        ("jugador atacante", "attacking player", 11),
        ("jugador no activo", "nonactive player", 13),
        ("jugador defensor", "defending player", 15),
        ("JAJNA", "APNAP", 18),
        ("jugador activo, jugador no activo", "active player, non-active player", 18),
    ]


def test_jugador_navigation_box(pages):
    page = pages["es-jugador"]
    nav = {n.section: n for n in page.nav}
    assert [n.section for n in page.nav if len(n.section) == 1] == list("123456789")
    assert nav["1"].title == "Conceptos de juego"
    assert nav["102"].title == "Jugadores" and nav["102"].line == 69
    assert nav["123"].title == "Pegatinas"
    assert nav["721"].title == "Finalizando turnos y fases"
    assert nav["811"].title == "Variante Equipos alternativos"
    assert nav["905"].title == "Draft de Conspiracy"
    assert all(n.numbered for n in page.nav)
    assert len(page.nav) == 9 + 23 + 13 + 15 + 8 + 14 + 16 + 30 + 11 + 5


def test_jugador_headings_and_skipped_lines(pages):
    page = pages["es-jugador"]
    levels = {h.title: h.level for h in page.headings}
    assert levels["Tipos de jugador"] == 2
    assert levels["Jugador inicial"] == levels["Jugador defensor"] == 3
    assert levels["Orden JAJNA"] == levels["Reglas"] == 2
    reasons = skipped_reasons(page)
    assert reasons[60] == reasons[61] == "empty table row"
    assert reasons[63] == reasons[64] == "reference list"
    assert reasons[65] == "navigation box header"
    assert reasons[66] == reasons[92] == "table rule"
    assert page.examples == []  # the "Ejemplos" section holds only empty table rows
    assert page.prose[0][0] == 1 and page.prose[0][1].startswith("Un jugador (en Inglés, player)")


# -- Player (en) -----------------------------------------------------------------------------


def test_player_rules_match_the_spanish_page(pages):
    english, spanish = pages["en-player"], pages["es-jugador"]
    assert sorted(r.id for r in english.rules) == sorted(r.id for r in spanish.rules)
    assert {r.id: r.kind for r in english.rules} == {r.id: r.kind for r in spanish.rules}
    assert {r.id: len(r.examples) for r in english.rules} == {r.id: len(r.examples) for r in spanish.rules}
    example = rule(english, "101.4").examples[0]
    assert example.line == 84 and example.text.startswith("A card reads “Each player sacrifices a creature.”")
    assert rule(english, "101.4a").line == 86
    assert rule(english, "102").text == "Players"
    assert english.diagnostics == []


def test_player_tournament_rules_are_their_own_document(pages):
    page = pages["en-player"]
    tournament = [q for q in page.quotes if q.document == "tr"]
    assert len(tournament) == 1
    quote = tournament[0]
    assert quote.stamp.date == "2024-05-13"
    assert quote.stamp.set_en == "Outlaws of Thunder Junction"
    assert quote.stamp.set_es == "Forajidos de Thunder Junction"
    [item] = quote.rules
    assert (item.id, item.line, item.end_line) == ("1.10", 113, 132)
    lines = item.text.split("\n")
    assert lines[:3] == [
        "Players",
        "Players are responsible for:",
        "• Behaving in a respectful manner toward tournament officials, other tournament "
        "participants, and spectators and refraining from unsporting conduct at all times.",
    ]
    assert "• Being physically present for the tournament." in lines
    assert "A player must bring the following items to a tournament in order to participate:" in lines
    assert lines[-1].startswith("Players who do not fulfill their responsibilities")
    assert len(lines) == 1 + 1 + 9 + 1 + 2 + 1 + 2
    assert "1.10" not in {r.id for r in page.rules}


def test_player_glossary_and_page_examples(pages):
    page = pages["en-player"]
    assert [g.term for g in page.glossary] == [
        "Player",
        "Starting Player",
        "Active Player",
        "Defending Player",
        "Active Player, Nonactive Player Order",
    ]
    assert [(e.line, e.heading) for e in page.examples] == [(94, "Example"), (105, "Example")]
    assert page.examples[0].text.startswith("Mind Swords says")
    assert "Masticore" in page.examples[1].text and "Black Vise" in page.examples[1].text
    assert (96, page.prose[-2][1]) == page.prose[-2] and page.prose[-2][1].startswith("APNAP also applies")


def test_player_headings_and_chrome(pages):
    page = pages["en-player"]
    assert (page.headings[0].title, page.headings[0].level, page.headings[0].line) == ("Player", 1, 1)
    levels = {h.title: h.level for h in page.headings}
    assert levels["Types of players"] == 2 and levels["Starting player"] == 3 and levels["Defending player"] == 3
    assert levels["APNAP"] == 2 and levels["External links"] == 2
    reasons = skipped_reasons(page)
    assert reasons[3] == reasons[4] == "site chrome"
    assert page.term_pairs == [] and page.nav == []
    assert [line for line, _ in page.prose] == [6, 10, 12, 34, 43, 52, 56, 69, 73, 96, 109]


# -- Finalizar el turno (es) -----------------------------------------------------------------


def test_ending_the_turn_rules(pages):
    page = pages["es-finalizar-el-turno"]
    expected = ["717", "717.1", *(f"717.1{c}" for c in "abcdef"), "717.2", *(f"717.2{c}" for c in "abcdefg")]
    assert [r.id for r in page.rules] == expected
    assert rule(page, "717").text == "Finalizando turnos y fases"
    assert rule(page, "717.1a").text.startswith("Si hay alguna habilidad disparada")
    assert all(r.examples == [] for r in page.rules)
    [entry] = page.glossary
    assert entry.term == "Terminar el turno"
    assert entry.senses[0].startswith("“Terminar el turno” como resultado de un efecto")
    for quote in page.quotes:
        assert quote.stamp.date == "2019-08-23"
        assert quote.stamp.set_en == quote.stamp.set_es == "Commander 2019"


def test_ending_the_turn_navigation_numbers_by_position(pages):
    page = pages["es-finalizar-el-turno"]
    nav = {n.section: n for n in page.nav}
    assert (nav["101"].title, nav["101"].numbered) == ("Las Reglas de oro de Magic", False)
    assert (nav["109"].title, nav["109"].numbered) == ("Objetos", False)
    assert (nav["110"].title, nav["110"].numbered) == ("Permanentes", True)
    assert (nav["701"].title, nav["701"].numbered) == ("Acciones de palabra clave", False)
    assert (nav["702"].title, nav["702"].numbered) == ("Habilidades de palabra clave", True)
    assert (nav["706"].title, nav["706"].numbered) == ("Tirar un dado", False)
    assert (nav["707"].title, nav["707"].numbered) == ("Copiando objetos", True)
    assert nav["720"].title == "Finalizando turnos y fases"
    assert nav["905"].title == "Draft de Conspiracy" and not nav["905"].numbered
    assert not any(d.message.startswith("navigation") for d in page.diagnostics)


def test_ending_the_turn_skipped_lines_and_pairs(pages):
    page = pages["es-finalizar-el-turno"]
    reasons = skipped_reasons(page)
    assert reasons[1] == reasons[2] == reasons[69] == "site chrome"
    assert reasons[44] == "footnote"
    assert reasons[48] == "reference list"
    assert reasons[50] == "navigation box header"
    assert [(t.es, t.en) for t in page.term_pairs] == [
        ("Finalizar el turno", "End the turn"),
        ("Finalizar la fase", "End the [nombre] phase"),
    ]
    assert page.prose[0][1].startswith("Existen algunas cartas") and "\u00a0" not in page.prose[0][1]
    assert not any("[1]" in text for _, text in page.prose)


# -- Gigante de dos cabezas (es) ---------------------------------------------------------------


def test_two_headed_giant_rules_and_examples(pages):
    page = pages["es-gigante-de-dos-cabezas"]
    expected = ["810"]
    for number, letters in [
        (1, ""), (2, ""), (3, ""), (4, ""), (5, ""), (6, ""), (7, "abcdef"), (8, "abcd"),
        (9, "abcdefgh"), (10, "abcd"), (11, ""),
    ]:
        expected += [f"810.{number}"] + [f"810.{number}{c}" for c in letters]
    assert [r.id for r in page.rules] == expected
    counts = {r.id: len(r.examples) for r in page.rules if r.examples}
    assert counts == {"810.7c": 1, "810.7d": 1, "810.8a": 3, "810.9": 1, "810.9a": 3, "810.9c": 1, "810.9d": 1}
    assert rule(page, "810.9").examples[0].text.startswith("En un juego de Gigante de dos cabezas, un jugador lanza Fisura llameante")
    assert [e.number for e in rule(page, "810.8a").examples] == [1, 2, 3]
    assert [e.line for e in rule(page, "810.9a").examples] == [65, 66, 67]
    assert rule(page, "810.10").text.startswith("Los efectos que hacen que un jugador obtenga contadores")
    assert rule(page, "810.11").text.endswith("(Estas variantes son llamadas Gigante de tres cabezas, Gigante de cuatro cabezas, etc).")
    for quote in page.quotes:
        assert (quote.stamp.date, quote.stamp.set_en, quote.stamp.set_es) == ("2018-01-19", "Rivals of Ixalan", "Rivales de Ixalan")
    assert [g.term for g in page.glossary] == ["Variante Gigante de dos cabezas"]


def test_two_headed_giant_layout(pages):
    page = pages["es-gigante-de-dos-cabezas"]
    assert [(h.title, h.level) for h in page.headings] == [
        ("Descripción", 2), ("Reglas", 2), ("Referencias", 2), ("Fuentes", 2),
    ]
    reasons = skipped_reasons(page)
    assert reasons[1] == "site chrome"
    assert reasons[4] == reasons[6] == "image caption"
    assert [reasons[line] for line in (91, 92, 93, 94)] == ["footnote"] * 4
    assert [(t.es, t.en) for t in page.term_pairs] == [("Gigante de dos cabezas", "Two-Headed Giant")]
    assert page.prose[0][0] == 8 and page.prose[0][1].endswith("dos jugadores cada uno.")
    bullets = [text for line, text in page.prose if line in (22, 23, 24, 28, 29, 30, 31, 32)]
    assert len(bullets) == 8 and not any(t.startswith("•") for t in bullets)
    nav = {n.section: n.title for n in page.nav}
    assert nav["715"] == "Finalizando el turno" and nav["810"] == "Variante Gigante de dos cabezas"
    assert nav["308"] == "Tribales"


# -- Pila (es) ---------------------------------------------------------------------------------


def test_stack_rules(pages):
    page = pages["es-pila"]
    expected = ["405", *(f"405.{n}" for n in range(1, 7)), *(f"405.6{c}" for c in "abcdefgh")]
    assert [r.id for r in page.rules] == expected
    assert rule(page, "405").text == "Pila"
    assert rule(page, "405.4").text.endswith("ver las reglas 603.7d–f.")
    [entry] = page.glossary
    assert entry.term == "Pila" and entry.senses[0].startswith("Es una zona.")
    for quote in page.quotes:
        assert (quote.stamp.date, quote.stamp.set_en, quote.stamp.set_es) == (
            "2023-04-14", "March of the Machine", "Marcha de las máquinas",
        )


def test_stack_layout(pages):
    page = pages["es-pila"]
    assert (page.headings[0].title, page.headings[0].level, page.headings[0].line) == ("Pila", 1, 3)
    levels = [(h.title, h.level) for h in page.headings[1:6]]
    assert levels == [
        ("Descripción", 2), ("Acciones", 2), ("Acciones que usan la pila", 3),
        ("Acciones que no usan la pila", 3), ("Ambientación", 2),
    ]
    reasons = skipped_reasons(page)
    assert reasons[5] == reasons[17] == reasons[19] == "image caption"
    assert [reasons[line] for line in (66, 67, 68, 69)] == ["reference list"] * 4
    assert [(t.es, t.en) for t in page.term_pairs] == [("pila", "stack")]
    assert (62, "\"La pila\" fue incluida como carta de reglas 7 de 9 en la colección Magic 2011.") in page.prose
    assert page.prose[0][1].endswith("donde éstos esperan para resolverse.")


# -- invented pages: each layout and trap on its own ------------------------------------------


def test_glued_rule_without_a_bullet_splits_only_at_the_next_number():
    text = (
        "De las Reglas completas (7 junio, 2024)\n"
        "- 101.4. Regla.\n"
        "Ejemplo: Uno. Ejemplo: Dos.101.4a Siguiente regla, ver la regla 117.5. Texto 103.1 Otra cosa.\n"
    )
    page = parse_wiki_text(text, "t", lang="es")
    assert [r.id for r in page.rules] == ["101.4", "101.4a"]
    assert [e.text for e in page.rules[0].examples] == ["Uno.", "Dos."]
    assert page.rules[1].text == "Siguiente regla, ver la regla 117.5. Texto 103.1 Otra cosa."
    assert check_accounting(page) == []


def test_rules_with_no_bullets_or_indentation():
    text = "\n".join([
        "From the Comprehensive Rules (June 7, 2024—Modern Horizons 3)",
        "100. General",
        "100.1. These Magic rules apply to any Magic game with two or more players.",
        "100.1a A two-player game is a game that begins with only two players.",
        "Example: A game with two players.",
        "Prose again, after the quote",
    ])
    page = parse_wiki_text(text, "t")
    assert [(r.id, r.kind, r.parent) for r in page.rules] == [
        ("100", "section", "1"), ("100.1", "rule", "100"), ("100.1a", "subrule", "100.1"),
    ]
    assert page.rules[2].examples[0].text == "A game with two players."
    assert page.nav == [] and page.prose == [(6, "Prose again, after the quote")]


def test_glued_rule_after_a_bullet_with_no_closing_punctuation():
    text = (
        "De las Reglas completas (7 junio, 2024)\n"
        "- 702.19. Arrollar\n"
        "- 702.19a Ver las reglas 702.19b-702.19d y lo demás- 702.19b El controlador asigna el daño\n"
    )
    page = parse_wiki_text(text, "t", lang="es")
    assert [(r.id, r.text) for r in page.rules] == [
        ("702.19", "Arrollar"),
        ("702.19a", "Ver las reglas 702.19b-702.19d y lo demás"),
        ("702.19b", "El controlador asigna el daño"),
    ]


def test_several_glossary_entries_in_one_quote_and_numbered_senses():
    text = "\n".join([
        "From the glossary of the Comprehensive Rules (April 14, 2023—March of the Machine)",
        "",
        "Flip",
        "1. To turn a flip card 180 degrees.",
        "2. To flip a coin.",
        "Stack",
        "A zone. See rule 405.",
        "",
        "Some prose after the quote.",
    ])
    page = parse_wiki_text(text, "t")
    [quote] = page.quotes
    assert [(g.term, g.senses, g.line, g.end_line) for g in quote.glossary] == [
        ("Flip", ["To turn a flip card 180 degrees.", "To flip a coin."], 3, 5),
        ("Stack", ["A zone. See rule 405."], 6, 7),
    ]
    assert page.prose == [(9, "Some prose after the quote.")]
    assert check_accounting(page) == []


def test_rules_without_a_header_still_become_records_with_a_warning():
    text = "Texto de la página.\n  • 405.1. Cuando se lanza un hechizo.\n  • 405.2. La pila.\nMás texto."
    page = parse_wiki_text(text, "t", lang="es")
    assert [r.id for r in page.rules] == ["405.1", "405.2"]
    assert page.quotes[0].stamp.date is None and page.rules[0].release == ""
    assert any("no header" in d.message for d in page.diagnostics)
    assert [line for line, _ in page.prose] == [1, 4]


def test_truncated_page_keeps_what_it_has_and_says_what_is_missing():
    text = "Reglas[]\nDe las Reglas completas (Pila — 14 abril, 2023)\n- 405. Pila\n- 405.1. Cuando se\nDel glosario de las Reglas completas (14 abril, 2023)\n- Pila"
    page = parse_wiki_text(text, "t")
    assert [r.id for r in page.rules] == ["405", "405.1"]
    assert page.glossary[0].term == "Pila" and page.glossary[0].senses == []
    assert any("no definition" in d.message for d in page.diagnostics)
    assert check_accounting(page) == []
    empty = parse_wiki_text("De las Reglas completas (7 junio, 2024)", "t")
    assert empty.quotes[0].rules == [] and any("nothing in it" in d.message for d in empty.diagnostics)


def test_navigation_row_whose_numbers_jump_is_reported():
    text = "Reglas completas\n100. Conceptos de juego\nUno ·Dos · 5 Cinco ·Seis"
    page = parse_wiki_text(text, "t", lang="es")
    assert [(n.section, n.title, n.numbered) for n in page.nav] == [
        ("1", "Conceptos de juego", True), ("101", "Uno", False), ("102", "Dos", False),
        ("105", "Cinco", True), ("106", "Seis", False),
    ]
    assert any("numbered 5 after 2" in d.message for d in page.diagnostics)


def test_tournament_rules_text_before_an_item_is_skipped_not_lost():
    text = "From the Tournament Rules (May 13, 2024—Outlaws of Thunder Junction)\n  Orphan line\n  • 2.1 Match Structure\n    A match consists of games."
    page = parse_wiki_text(text, "t")
    [quote] = page.quotes
    assert [(r.id, r.text) for r in quote.rules] == [("2.1", "Match Structure\nA match consists of games.")]
    assert skipped_reasons(page)[2] == "tournament rules text before any numbered item"
    assert page.rules == []  # Tournament Rules never count as Comprehensive Rules


def test_english_wiki_layout_with_edit_links_and_indented_glossary():
    text = "\n".join([
        "Trample - MTG Wiki",
        "Trample",
        "From MTG Wiki",
        "Contents",
        "1 Description",
        "2 Rules",
        "Description[edit | edit source]",
        "Trample is a keyword ability.",
        "Rules[edit | edit source]",
        "From the glossary of the Comprehensive Rules (July 26, 2024—Bloomburrow)",
        "Trample",
        "    A keyword ability that modifies how a creature assigns combat damage. See rule 702.19, “Trample.”",
        "From the Comprehensive Rules (Bloomburrow (July 26, 2024))",
        "    702.19. Trample",
        "        702.19a Trample is a static ability.",
        "        702.19b The controller of an attacking creature with trample first assigns damage.",
        "            Example: A 6/6 green creature with trample is blocked by a 2/2 creature.",
        "            Example: A 2/2 creature with an ability that enables it to block multiple attackers blocks.",
        "v · t · e",
    ])
    page = parse_wiki_text(text, "t")
    assert (page.title, page.lang) == ("Trample", "en")
    assert [(h.title, h.level) for h in page.headings] == [("Trample", 1), ("Description", 2), ("Rules", 2)]
    assert [r.id for r in page.rules] == ["702.19", "702.19a", "702.19b"]
    assert len(page.rules[2].examples) == 2
    assert page.glossary[0].senses[0].startswith("A keyword ability that modifies")
    assert {q.stamp.date for q in page.quotes} == {"2024-07-26"}
    reasons = skipped_reasons(page)
    assert reasons[1] == reasons[4] == "site chrome" and reasons[5] == reasons[6] == "table of contents"
    assert reasons[19] == "site chrome"
    assert check_accounting(page) == []


def test_overrides_and_title_fallbacks():
    path = WIKI / "es-gigante-de-dos-cabezas.txt"
    assert parse_wiki(path, title="2HG").title == "2HG"
    assert parse_wiki(path, lang="en").lang == "en"
    assert parse_wiki_text("A Magic player is a person.\n", "t").title == "Player"
    assert parse_wiki_text("La pila (en Inglés, stack) es una zona.", "t").title == "Pila"
    assert parse_wiki_text("Reglas[]\nTexto sin término.", "t", lang="es").title == "Reglas"


@pytest.mark.parametrize(
    ("sentence", "pairs"),
    [
        ("También conocido como el jugador atacante (en Inglés, attacking player), es…", [("jugador atacante", "attacking player")]),
        ("Durante el combate, el jugador no activo se convierte en el jugador defensor (en inglés, defending player).", [("jugador defensor", "defending player")]),
        ("Se salta al final del paso de la limpieza (en inglés: cleanup step).", [("paso de la limpieza", "cleanup step")]),
        ("Esta habilidad se llama manipular el tiempo (en inglés, time walk).", [("manipular el tiempo", "time walk")]),
        ("Todo termina en el paso de la limpieza (en inglés, cleanup step).", [("paso de la limpieza", "cleanup step")]),
        ("Las criaturas entran en la fase del combate (en inglés, combat phase).", [("fase del combate", "combat phase")]),
        ("La regla del “orden JAJNA” (en Inglés, APNAP order) dice…", [("orden JAJNA", "APNAP order")]),
        ("Texto (Active Player, Non Active Player - APNAP en inglés).", []),
        ("Sin paréntesis en inglés, player.", []),
    ],
)
def test_term_pairs_bound_the_spanish_phrase(sentence, pairs):
    assert find_term_pairs(sentence)[0] == pairs


def test_language_detection():
    assert detect_language("De las Reglas completas (7 junio, 2024)\nEjemplo: el jugador")[0] == "es"
    assert detect_language("From the Comprehensive Rules (June 7, 2024)\nExample: the player")[0] == "en"
    assert detect_language("12345") == ("en", False)
    page = parse_wiki_text("12345", "t")
    assert any("language not evident" in d.message for d in page.diagnostics)
    assert any("unknown language" in d.message for d in parse_wiki_text("x", "t", lang="fr").diagnostics)


# -- bad input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n",
        "\r\n\r\n",
        "x" * 1_000_000,
        "(en inglés, x) " * 5000,
        "- 101.4a " + "Ejemplo: a. " * 5000,
        "100. A\n" + "a ·" * 20000,
        "De las Reglas completas (" * 500,
        "\u00a0\t\u200b\ufeff",
        "[]\n Editar\n|\n---|\n↑\n1.\n•\n- \n",
    ],
)
def test_odd_text_never_raises_and_every_line_is_accounted(text):
    page = parse_wiki_text(text, "odd")
    assert check_accounting(page) == []
    assert not [d for d in page.diagnostics if d.level == "error"]


def test_empty_page():
    page = parse_wiki_text("", "empty")
    assert page.line_count == 0 and page.quotes == [] and page.skipped == []
    assert any("title" in d.message for d in page.diagnostics)


def test_binary_and_missing_files_raise_for_the_caller(tmp_path: Path):
    binary = tmp_path / "page.bin"
    binary.write_bytes(b"De las Reglas\x00\x01\x02")
    with pytest.raises(DecodeError) as err:
        parse_wiki(binary)
    assert str(binary) in str(err.value) and ":1:" in str(err.value)
    with pytest.raises(OSError):
        parse_wiki(tmp_path / "missing.txt")


def test_line_endings_and_final_newline(tmp_path: Path):
    source = (WIKI / "es-pila.txt").read_text(encoding="utf-8")
    crlf = tmp_path / "crlf.txt"
    crlf.write_bytes((source.replace("\n", "\r\n") + "\r\n").encode("utf-8"))
    plain, windows = parse_wiki(WIKI / "es-pila.txt"), parse_wiki(crlf)
    assert windows.line_count == plain.line_count
    assert [r.id for r in windows.rules] == [r.id for r in plain.rules]
    assert [(r.line, r.text) for r in windows.rules] == [(r.line, r.text) for r in plain.rules]
    assert check_accounting(windows) == []
