"""The alignment's parts on hand-built records: signals, term knowledge, the lexicon, navigation
boxes, and the rule and glossary aligners in the cases the real pages do not cover."""

from __future__ import annotations

import pytest
from handmade import kind_and_parent

from kb.align import align_corpus
from kb.align.glossary import GlossaryAligner, TermKnowledge, normalize_term
from kb.align.index import ReleaseIndex, renumber
from kb.align.lexicon import Lexicon
from kb.align.navbox import (
    NavBox,
    follow_section,
    infer_box_release,
    part_of_entry,
    section_titles,
)
from kb.align.rules import RuleAligner, TitleKnowledge
from kb.align.signals import (
    Fingerprint,
    compare,
    count_quotes,
    proper_names,
    stated_numbers,
)
from kb.history import History
from kb.model import (
    CRDocument,
    Decoding,
    Example,
    GlossaryEntry,
    NavEntry,
    Quote,
    Rule,
    Stamp,
    WikiPage,
)

DECODING = Decoding("utf-8", False, {"LF": 1})


def rules_of(release: str, lang: str, texts: dict[str, str], examples: dict[str, list[str]] | None = None):
    made = []
    for line, (rule_id, text) in enumerate(texts.items(), 1):
        kind, parent = kind_and_parent(rule_id)
        rule = Rule(rule_id, kind, parent, text, release, lang, f"{lang}-{release}.txt", line)  # type: ignore[arg-type]
        rule.examples = [Example(rule_id, n, t, line) for n, t in enumerate((examples or {}).get(rule_id, []), 1)]
        made.append(rule)
    return made


def doc(release: str, texts: dict[str, str], glossary: dict[str, str] | None = None, examples=None) -> CRDocument:
    entries = [
        GlossaryEntry(term, [text], release, "en", f"{release}.txt", n)
        for n, (term, text) in enumerate((glossary or {}).items(), 1)
    ]
    return CRDocument(
        source=f"{release}.txt", release=release, effective=release, decoding=DECODING, line_count=1,
        rules=rules_of(release, "en", texts, examples), glossary=entries,
    )


def page(quotes: list[Quote], nav=()) -> WikiPage:
    return WikiPage(source="es-page.txt", lang="es", title="Página", decoding=DECODING, line_count=1,
                    quotes=quotes, nav=list(nav))


def quote(date: str | None, texts: dict[str, str], examples=None, document="cr") -> Quote:
    stamp = Stamp(f"(Colección ({date}))", date, None, None)
    return Quote(document, stamp, 1, rules=rules_of(date or "?", "es", texts, examples))  # type: ignore[arg-type]


def index_of(*docs: CRDocument) -> ReleaseIndex:
    history = History(docs)
    return ReleaseIndex.from_history({d.release: d for d in docs}, history)


# -- signals -----------------------------------------------------------------------------------------


def test_numbers_in_words_and_digits_agree_across_languages():
    assert stated_numbers("If a team has fifteen or more poison counters", "en") == {"15"}
    assert stated_numbers("Si un equipo tiene quince o más contadores", "es") == {"15"}
    assert stated_numbers("a 4/4 Horror with +1/+1 counters and 17 life", "en") == {"4/4", "+1/+1", "17"}
    # Spanish writes thousands with a dot; the value is the same.
    assert stated_numbers("99.999 vidas", "es") == stated_numbers("99,999 life", "en") == {"99999"}
    # Articles are not quantities.
    assert stated_numbers("One player, un jugador, una carta", "es") == set()


def test_references_are_not_numbers():
    print_ = Fingerprint.of("Ver la regla 717.1f y la regla 104.", (), "es")
    assert print_.refs == {"717.1f", "104"}
    assert print_.numbers == frozenset()


def test_quotes_and_names():
    assert count_quotes('dice “Cada jugador sacrifica una criatura” y "otra"') == 2
    assert proper_names("A player controls Teferi’s Moat. Platinum Angel says so.") == {"Teferi’s", "Moat", "Angel"}


def test_digit_numbers_that_differ_are_a_hard_disagreement():
    es = Fingerprint.of("Cada equipo comienza con 30 vidas.", (), "es")
    en = Fingerprint.of("Each team starts at 20 life.", (), "en")
    assert compare(es, en).level == "disagrees"


def test_a_number_only_spelled_out_on_one_side_is_soft():
    es = Fingerprint.of("Los dos jugadores defensores eligen.", (), "es")
    en = Fingerprint.of("Both defending players choose.", (), "en")
    agreement = compare(es, en)
    assert [s.name for s in agreement.weak_disagreements] == ["spelled"]
    assert agreement.level == "agrees"


def test_reference_map_follows_a_renumbered_section():
    es = Fingerprint.of("Esta regla no se aplica (ver la regla 717.1f).", (), "es")
    en = Fingerprint.of("This rule does not apply (see rule 716.1f).", (), "en")
    assert compare(es, en).level == "disagrees"
    mapped = {r: renumber(r, "717", "716") for r in es.refs}
    assert compare(es, en, ref_map=mapped).level == "agrees"


def test_examples_count_is_structure():
    es = Fingerprint.of("Texto.", ["Ejemplo uno.", "Ejemplo dos."], "es")
    en = Fingerprint.of("Text.", ["One example."], "en")
    assert compare(es, en).level == "disagrees"


def test_renumber_only_touches_the_section():
    assert renumber("717.1a", "717", "716") == "716.1a"
    assert renumber("717", "717", "716") == "716"
    assert renumber("7170.1", "717", "716") == "7170.1"
    assert renumber("608", "717", "716") == "608"


# -- terms and lexicon ----------------------------------------------------------------------------


def test_term_knowledge():
    terms = TermKnowledge([("jugador activo", "active player"), ("JAJNA", "APNAP"), ("pila", "stack")])
    assert terms.agrees("Jugador activo", "Active Player") is True
    assert terms.agrees("Jugador activo", "Player") is False
    assert terms.agrees("Orden JAJNA", "APNAP Order") is True
    assert terms.agrees("Mazo", "Library") is None
    assert normalize_term("Non-active  Player") == normalize_term("nonactive player")


def test_lexicon_learns_words_from_the_corpus_pairs():
    lexicon = Lexicon(
        [("Estructura del turno", "Turn Structure"), ("Finalizando el turno", "Ending the Turn"),
         ("Acciones basadas en turno", "Turn-Based Actions"), ("Fase de combate", "Combat Phase"),
         ("Paso de daño de combate", "Combat Damage Step")]
    )
    assert "turn" in lexicon.translations["turno"]
    assert lexicon.similarity("Terminar el turno", "End the Turn") == 1.0
    assert lexicon.similarity("Terminar el turno", "End the Combat Phase") == 0.0


# -- navigation boxes -----------------------------------------------------------------------------------


def nav(source: str, entries: list[tuple[str, str]]) -> list[NavEntry]:
    return [NavEntry(number, title, True, source, n) for n, (number, title) in enumerate(entries, 1)]


OLD = doc("2017-01-01", {"1": "Game Concepts", "100": "General", "101": "Golden Rules", "102": "Players",
                         "7": "Additional Rules", "700": "General", "701": "Ending the Turn",
                         "701.1": "Some cards end the turn.", "701.2": "Exile the stack.", "701.3": "Cleanup."})
NEW = doc("2019-01-01", {"1": "Game Concepts", "100": "General", "101": "Golden Rules", "102": "Players",
                         "103": "Starting the Game", "7": "Additional Rules", "700": "General",
                         "701": "Saga Cards", "701.1": "Sagas have chapters.",
                         "702": "Ending Turns and Phases", "702.1": "Some cards end the turn.",
                         "702.2": "Exile the stack.", "702.3": "Cleanup."})


def test_a_box_is_dated_by_its_shape():
    index = index_of(OLD, NEW)
    old_box = NavBox("p.txt", tuple(nav("p.txt", [("1", "Conceptos de juego"), ("101", "Reglas de oro"),
                                                   ("102", "Jugadores"), ("7", "Reglas adicionales"),
                                                   ("701", "Finalizando el turno")])))
    found = infer_box_release(old_box, index)
    assert (found.release, found.distance, found.tied) == ("2017-01-01", 0, ("2017-01-01",))
    new_box = NavBox("q.txt", tuple(nav("q.txt", [("1", "Conceptos"), ("101", "a"), ("102", "b"), ("103", "c"),
                                                  ("7", "Adicionales"), ("701", "Sagas"), ("702", "Finalizando")])))
    assert infer_box_release(new_box, index).release == "2019-01-01"


def test_a_box_between_releases_reports_the_tie():
    index = index_of(OLD, NEW)
    box = NavBox("p.txt", tuple(nav("p.txt", [("101", "a"), ("102", "b"), ("103", "c"), ("701", "d")])))
    found = infer_box_release(box, index)
    assert found.distance == 1 and found.tied == ("2017-01-01", "2019-01-01")
    assert found.release == "2019-01-01"
    assert any("equally close" in line for line in found.evidence)


def test_box_titles_follow_renamed_sections_to_the_newest_number():
    index = index_of(OLD, NEW)
    box = NavBox("p.txt", tuple(nav("p.txt", [("1", "Conceptos de juego"), ("101", "Reglas de oro"),
                                               ("102", "Jugadores"), ("7", "Reglas adicionales"),
                                               ("701", "Finalizando el turno")])))
    titles = {t.title_es: t for t in section_titles([infer_box_release(box, index)], index)}
    assert (titles["Finalizando el turno"].title_en, titles["Finalizando el turno"].section) == ("Ending the Turn", "702")
    assert titles["Finalizando el turno"].note.startswith("renamed")
    assert titles["Conceptos de juego"].section == "1"
    assert part_of_entry(NavEntry("1", "x", True, "s", 1)) == "1"
    assert part_of_entry(NavEntry("100", "x", True, "s", 1)) == "1"
    assert part_of_entry(NavEntry("101", "x", True, "s", 1)) is None


def test_a_section_whose_rules_scattered_is_gone():
    merged = doc("2020-01-01", {"7": "Additional Rules", "700": "General", "700.1": "Some cards end the turn.",
                                "701": "Saga Cards", "701.1": "Sagas have chapters."})
    index = index_of(OLD, merged)
    assert follow_section("701", "2017-01-01", index)[0] in (None, "700")
    assert follow_section("701", "2017-01-01", index)[0] != "701"


# -- the rule aligner ---------------------------------------------------------------------------


R1 = doc("2020-01-10", {"7": "Additional Rules", "701": "Ending the Turn",
                        "701.1": "Some cards end the turn (see rule 608).",
                        "701.1a": "Exile every object on the stack (see rule 701.1b).",
                        "701.1b": "No player gets priority. See rule 514."})
R2 = doc("2021-03-05", {"7": "Additional Rules", "701": "Saga Cards", "701.1": "A Saga has chapter abilities.",
                        "702": "Ending the Turn", "702.1": "Some cards end the turn (see rule 608).",
                        "702.1a": "Exile every object on the stack (see rule 702.1b).",
                        "702.1b": "No player gets priority. See rule 514."})


def test_content_finds_the_section_when_no_number_agrees():
    """The Spanish numbers the section 650, which no release has: the content finds 701/702."""
    index = index_of(R1, R2)
    spanish = quote("2020-01-10", {"650": "Finalizando el turno",
                                   "650.1": "Algunas cartas finalizan el turno (ver la regla 608).",
                                   "650.1a": "Exilia cada objeto en la pila (ver la regla 650.1b).",
                                   "650.1b": "Ningún jugador recibe prioridad. Ver la regla 514."})
    found = {a.es_id: a for a in RuleAligner(index).align_page(page([spanish]))}
    assert (found["650.1a"].english_release, found["650.1a"].en_id) == ("2020-01-10", "701.1a")
    assert found["650.1a"].status == "renumbered"
    assert found["650.1b"].en_id == "701.1b"


def test_a_stamp_without_date_takes_the_best_content_newest_first():
    index = index_of(R1, R2)
    spanish = quote(None, {"702.1a": "Exilia cada objeto en la pila (ver la regla 702.1b)."})
    [found] = RuleAligner(index).align_page(page([spanish]))
    assert (found.status, found.english_release, found.en_id) == ("nearest", "2021-03-05", "702.1a")
    assert "names no date" in found.evidence[0]


def test_a_section_title_is_checked_against_known_titles():
    index = index_of(R1, R2)
    titles = TitleKnowledge([("Finalizando el turno", "Ending the Turn")])
    aligner = RuleAligner(index, titles)
    wrong = quote("2021-03-05", {"701": "Finalizando el turno"})
    [found] = aligner.align_page(page([wrong]))
    # 701 of the stamp's release is "Saga Cards"; the title says the Spanish heading is the section
    # that release numbers 702, and the release that numbers it 701, as the Spanish does, is 2020-01-10.
    assert (found.english_release, found.en_id, found.status) == ("2020-01-10", "701", "renumbered")
    assert any("2021-03-05 this rule is 702" in line for line in found.evidence)
    without_titles = RuleAligner(index).align_page(page([wrong]))[0]
    assert without_titles.evidence != found.evidence


def test_drift_is_found_in_the_english_history():
    before = doc("2020-01-10", {"8": "Multiplayer", "801": "Teams", "801.1": "Teams share 30 life.",
                                "801.2": "Teams attack as one (see rule 508.1)."})
    after = doc("2020-06-20", {"8": "Multiplayer", "801": "Teams", "801.1": "Teams share 30 life.",
                               "801.2": "Teams attack as one (see rule 805.10 and rule 508.1)."})
    index = index_of(before, after)
    spanish = quote("2020-06-20", {"801.1": "Los equipos comparten 30 vidas.",
                                   "801.2": "Los equipos atacan como uno (ver la regla 508.1)."})
    found = {a.es_id: a for a in RuleAligner(index).align_page(page([spanish]))}
    assert found["801.1"].status == "exact"
    assert (found["801.2"].status, found["801.2"].english_release) == ("drifted", "2020-01-10")
    assert any("changed after 2020-01-10" in line for line in found["801.2"].evidence)


# -- the glossary aligner ------------------------------------------------------------------------------


def glossary_quote(date: str, entries: dict[str, str]) -> Quote:
    stamp = Stamp(f"({date})", date, None, None)
    made = [GlossaryEntry(term, [text], date, "es", "es-page.txt", n) for n, (term, text) in enumerate(entries.items())]
    return Quote("glossary", stamp, 1, glossary=made)


def test_glossary_pointer_entries_follow_their_target():
    english = doc("2024-06-07", {"1": "Game Concepts"}, glossary={
        "Active Player, Nonactive Player Order": "A system of order. See rule 101.4.",
        "APNAP Order": "See Active Player, Nonactive Player Order.",
        "Abandon": "See rule 701.1.",
        "Ante": "See Playing for Ante.",
    })
    index = index_of(english)
    spanish = glossary_quote("2024-06-07", {
        "Orden JAJNA": "Ver Orden del jugador activo, jugador no activo.",
        "Orden del jugador activo, jugador no activo": "Un sistema de orden. Ver la regla 101.4.",
    })
    found = GlossaryAligner(index).align_pages([page([spanish])])
    assert [(a.es_id, a.en_id, a.status) for a in found] == [
        ("Orden JAJNA", "APNAP Order", "exact"),
        ("Orden del jugador activo, jugador no activo", "Active Player, Nonactive Player Order", "exact"),
    ]


def test_glossary_entry_with_equally_good_candidates_stays_unmatched():
    english = doc("2024-06-07", {"1": "Game Concepts"}, glossary={
        "End the Turn": "To “end the turn” is to skip. See rule 723.",
        "End the Combat Phase": "To “end the combat phase” is to skip. See rule 723.",
    })
    index = index_of(english)
    spanish = glossary_quote("2024-06-07", {"Terminar": "“Terminar” es saltar. Ver la regla 723."})
    [found] = GlossaryAligner(index).align_pages([page([spanish])])
    assert found.status == "unmatched"
    assert "equally good" in found.evidence[-1]


def test_align_corpus_counts_every_spanish_record():
    index_docs = {d.release: d for d in (R1, R2)}
    spanish = quote("2021-03-05", {"702.1": "Algunas cartas finalizan el turno (ver la regla 608).",
                                   "999.1": "Una regla que nadie tiene, con 12345 vidas."})
    result = align_corpus(index_docs, [page([spanish])], History(index_docs.values()))
    assert result.counts() == {"exact": 1, "nearest": 0, "renumbered": 0, "drifted": 0, "unmatched": 1}
    assert [a.es_id for a in result.all] == ["702.1", "999.1"]


def test_english_pages_are_not_aligned():
    english_page = WikiPage(source="en.txt", lang="en", title="Player", decoding=DECODING, line_count=1,
                            quotes=[quote("2021-03-05", {"702.1": "Some cards end the turn (see rule 608)."})])
    result = align_corpus({d.release: d for d in (R1, R2)}, [english_page], None)
    assert result.all == []


@pytest.mark.parametrize("stated, expected", [("2020-01-10", "2020-01-10"), ("2020-05-01", "2021-03-05"), (None, None)])
def test_reference_release(stated, expected):
    from kb.align.stamps import reference_release

    assert reference_release(stated, index_of(R1, R2)) == expected


def test_titles_decide_between_releases_of_the_same_shape():
    first = doc("2018-01-01", {"7": "Additional Rules", "701": "Saga Cards", "702": "Ending the Turn"})
    second = doc("2019-01-01", {"7": "Additional Rules", "701": "Ending the Turn", "702": "Saga Cards"})
    index = index_of(first, second)
    box = NavBox("p.txt", tuple(nav("p.txt", [("7", "Reglas adicionales"), ("701", "Finalizando el turno"),
                                               ("702", "Cartas de saga")])))
    assert infer_box_release(box, index).tied == ("2018-01-01", "2019-01-01")
    known = TitleKnowledge([("Finalizando el turno", "Ending the Turn")])
    found = infer_box_release(box, index, known)
    assert (found.release, found.tied) == ("2019-01-01", ("2019-01-01",))
    assert any("the titles decide" in line for line in found.evidence)
    known_other = TitleKnowledge([("Cartas de saga", "Saga Cards")])
    assert infer_box_release(box, index, known_other).release == "2019-01-01"
    wrong = TitleKnowledge([("Finalizando el turno", "Saga Cards")])
    assert infer_box_release(box, index, wrong).release == "2018-01-01"


def test_a_quote_is_told_the_older_wording_by_the_terms_that_differ():
    from kb.align.wording import Wording, older_wording
    from kb.translations.termbase import Term, TermBase

    def term(en, es):
        return Term(en, es, "term", "team", (), "", 0)

    base = TermBase([term("effect", "efecto"), term("player", "jugador"), term("step", "paso"),
                     term("beginning of combat step", "paso de inicio del combate")])
    newer = Wording("2024-06-07", "805.6a", "If more than one player is instructed to draw cards, ...")
    older = Wording("2021-07-23", "805.6a", "If an effect instructs more than one player to draw cards, ...")
    found = older_wording("Si un efecto le indica a más de un jugador que robe cartas, ...", [newer, older], base)
    assert found is not None and found.wording == older and "'effect' (efecto)" in found.evidence
    # The Spanish of the current wording: nothing speaks for the older one.
    assert older_wording("Si se indica a más de un jugador que robe cartas, ...", [newer, older], base) is None
    # "paso" is accounted for by a term every wording has: no evidence for the wording with "step".
    current = Wording("2024-06-07", "506.2a", "during the combat phase, during the beginning of combat step")
    old = Wording("2009-07-11", "506.2a", "during the combat step, during the beginning of combat step")
    spanish = "durante la fase de combate, durante el paso de inicio del combate"
    assert older_wording(spanish, [current, old], base) is None
    assert older_wording(spanish, [current], base) is None
