"""The alignment of the real corpus against a hand-checked gold table (tests/gold/alignment.csv): every
Spanish rule and glossary entry the seed pages quote, the English release and record it translates,
its status, its number in the newest release and whether the English changed since.

How the table was checked, by reading the texts:
- es-jugador quotes 101.4, 102, 506.2, 805.6 stamped 7 June 2024; the Spanish follows the English of
  2024-06-07 sentence by sentence (506.2 has the battles of 2023; 101.4 its example), except 805.6a:
  "Si un efecto le indica a más de un jugador que robe" is "If an effect instructs more than one
  player to draw", the English until 2021-11-19 changed it to "If more than one player is
  instructed": drifted, translating 2021-07-23 (the last release with the old words).
- es-finalizar-el-turno quotes 717 "Finalizando turnos y fases" stamped 23 Aug 2019; that release
  numbers the section 716 (its 716.1a cites 716.1f), while the Spanish cites 717.1f and 717.2f, as
  4 Oct 2019 does; the rules are 723 in January 2026 with the same words.
- es-gigante-de-dos-cabezas is stamped 19 Jan 2018, not in the corpus; 2017-09-29 is the release
  before. Its 810.7 with 810.7a-f (the old team combat, 810.7b with the characteristic-defining
  ability paragraphs) is the text of 2017-09-29; in 2018-07-13 810.7 became one sentence citing
  805.10 and 810.7a-f are gone: drifted. 810.8a, 810.8b, 810.9a, 810.9e and 810.10d lost "his or her"
  in 2018 (changed since, still nearest: the Spanish cannot show pronouns).
- es-pila quotes 405 stamped 14 April 2023; 405.4 says "person" until 2026, when it says "player".
"""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from kb.knowledge import KnowledgeBase

GOLD = Path(__file__).parent / "gold" / "alignment.csv"


def gold_rows() -> list[dict[str, str]]:
    with GOLD.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.fixture(scope="module")
def kb() -> KnowledgeBase:
    return KnowledgeBase.load()


@pytest.fixture(scope="module")
def aligned(kb) -> dict[tuple[str, str, str], object]:
    return {(Path(a.source).stem, a.kind, a.es_id): a for a in kb.alignment if a.origin == "wiki"}


def test_gold_covers_every_spanish_record(aligned):
    gold = {(r["page"], r["kind"], r["es_id"]) for r in gold_rows()}
    assert gold == set(aligned), "the gold table lists every Spanish rule and glossary entry, and only those"


@pytest.mark.parametrize("row", gold_rows(), ids=lambda r: f"{r['page']}:{r['es_id']}")
def test_gold_alignment(aligned, row):
    alignment = aligned[(row["page"], row["kind"], row["es_id"])]
    expected = (row["status"], row["english_release"], row["en_id"], row["newest_id"] or None)
    assert (alignment.status, alignment.english_release, alignment.en_id, alignment.newest_id) == expected
    assert alignment.changed_since == (row["changed_since"] == "yes")


def test_status_counts(aligned):
    counts: dict[str, int] = {}
    for alignment in aligned.values():
        counts[alignment.status] = counts.get(alignment.status, 0) + 1
    # exact: 15 rules of es-jugador, 15 of es-pila, 7 glossary entries.
    assert counts == {"exact": 37, "renumbered": 17, "nearest": 28, "drifted": 8}


def test_renumbered_evidence_names_716(aligned):
    evidence = " ".join(aligned[("es-finalizar-el-turno", "rule", "717.1a")].evidence)
    assert "2019-08-23" in evidence and "716.1a" in evidence and "717.1f" in evidence


def test_drift_evidence_names_july_2018(aligned):
    evidence = " ".join(aligned[("es-gigante-de-dos-cabezas", "rule", "810.7")].evidence)
    assert "2018-01-19, which is not in the corpus" in evidence
    assert "nearest earlier release 2017-09-29" in evidence
    assert "2018-07-13" in evidence and "805.10" in evidence


def test_nearest_notes_a_wording_change_it_cannot_see(aligned):
    evidence = " ".join(aligned[("es-gigante-de-dos-cabezas", "rule", "810.8b")].evidence)
    assert "wording changed by 2018-07-13" in evidence


def test_newest_spanish_texts(kb):
    def quoted(rule_id):
        """The wiki's quote of a rule (the team's catalogs are another source of Spanish)."""
        return next((t for t in kb.spanish_texts(rule_id) if t.kind == "wiki"), None)

    renumbered = quoted("723.1")
    assert (renumbered.id_es, renumbered.status, renumbered.english_release) == ("717.1", "renumbered", "2019-10-04")
    assert renumbered.current is True
    # The words of 717.1a stayed, but the rule it cites is 723.1f today: the quote's "717.1f" would
    # send a reader astray, so it is the older English's translation, beneath the team's current one.
    spanish = quoted("723.1a")
    assert (spanish.id_es, spanish.status, spanish.english_release) == ("717.1a", "renumbered", "2019-10-04")
    assert spanish.text.startswith("Si hay alguna habilidad disparada") and "717.1f" in spanish.text
    assert spanish.current is False
    assert kb.spanish("723.1a").origin == "po" and "723.1f" in kb.spanish("723.1a").text
    drifted = quoted("810.7")
    assert (drifted.status, drifted.current) == ("drifted", False)
    assert quoted("405.4").current is False
    assert quoted("100.1") is None
    # Where the quote translates an older English, a current translation of the catalogs comes first.
    if any(t.kind == "catalog" and t.current for t in kb.spanish_texts("810.7")):
        assert kb.spanish("810.7").origin == "po" and kb.spanish("810.7").current
    # 805.6a is stamped with a release whose English it does not translate: its "efecto" is the
    # older English's "effect". It is shown beneath the current translation, as the older text's.
    older = quoted("805.6a")
    assert (older.status, older.english_release, older.current) == ("drifted", "2021-07-23", False)
    assert kb.spanish_texts("805.6a")[0].current and kb.spanish_texts("805.6a")[0].kind == "catalog"


def test_navigation_boxes(kb):
    # Every release of the rules is in the corpus: a box's section counts match a run of consecutive
    # releases exactly, all reported as tied, and the newest of them is taken (`infer_box_release`).
    # The run holds the release the page quotes; for the Two-Headed Giant page it ends with the
    # 2017-09-29 release, the last before the 2018 change of the sections.
    boxes = {Path(b.box.source).stem: b for b in kb.boxes()}
    ties = {page: box.tied for page, box in boxes.items()}
    assert ties == {
        "es-jugador": ("2024-03-08", "2024-06-07", "2024-07-30", "2024-11-08", "2025-02-07"),
        "es-finalizar-el-turno": ("2023-04-14", "2023-10-13", "2023-11-17"),
        "es-gigante-de-dos-cabezas": ("2016-08-26", "2016-09-30", "2016-11-11", "2017-01-20", "2017-04-28",
                                      "2017-06-05", "2017-07-08", "2017-08-25", "2017-09-29"),
        "es-pila": ("2023-04-14", "2023-10-13", "2023-11-17"),
    }
    assert all(box.release == box.tied[-1] for box in boxes.values())
    assert all(b.distance == 0 for b in kb.boxes())


def test_section_titles(kb):
    titles = kb.section_titles_es()
    assert titles["723"].title_es == "Finalizando turnos y fases"
    assert titles["723"].box_release == "2025-02-07"  # the es-jugador box (see test_navigation_boxes)
    assert titles["810"].title_es == "Variante Gigante de dos cabezas"
    assert titles["727"].title_es == "Contadores de radiación"  # 725 in the box of June 2024
    assert titles["1"].title_es == "Conceptos de juego"
    by_box = {(Path(t.source).stem, t.box_section): t for t in kb.section_titles()}
    old = by_box[("es-gigante-de-dos-cabezas", "715")]
    assert (old.title_es, old.title_en, old.section) == ("Finalizando el turno", "Ending the Turn", "723")
    meld = by_box[("es-gigante-de-dos-cabezas", "712")]
    assert (meld.title_en, meld.section) == ("Meld Cards", None)


def test_glossary_pairs_and_terminology(kb):
    pairs = {es.term: en.term for es, en in kb.glossary_pairs()}
    assert pairs["Jugador activo"] == "Active Player"
    assert pairs["Terminar el turno"] == "End the Turn"
    kinds = {(t.es, t.en): t.kind for t in kb.terminology()}
    assert kinds[("jugador activo", "active player")] == "term-pair"
    assert kinds[("Jugador activo", "Active Player")] == "glossary"
    assert kinds[("Finalizando turnos y fases", "Ending Turns and Phases")] == "section-title"
    assert kinds[("JAJNA", "APNAP")] == "term-pair"


def test_the_spanish_glossary_shows_one_entry_per_english_term(kb):
    shown = kb.spanish_glossary()
    paired = {id(es): en.term for es, en in kb.glossary_pairs()}
    terms = [paired[id(entry)] for entry in shown if id(entry) in paired]
    assert len(terms) == len(set(terms)), "an English term has two Spanish entries on show"
    english = {entry.term for entry in kb.glossary("en")}
    assert english <= set(terms), "every English term of the newest release has its Spanish entry"
    # "Active Player": the wiki quotes its current English, so the official quote stands first.
    active = next(entry for entry in shown if paired.get(id(entry)) == "Active Player")
    assert "po" not in Path(str(active.source)).parts


def test_every_committed_catalog_passes_its_checks(kb):
    """An entry with an error is left out of the knowledge base: none may have one."""
    from kb.translations.check import check_catalog
    from kb.translations.files import po_files

    for path in po_files(Path(kb.corpus_root)):
        checked = check_catalog(path, kb.documents, advice=False)
        assert [str(p) for p in checked.errors] == [], path
