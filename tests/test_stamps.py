"""Release stamps of wiki quotes: every form the corpus shows, and the variations pages write."""

from __future__ import annotations

import pytest

from kb.model import Stamp
from kb.parse.wiki import parse_stamp
from kb.parse.wiki.sets import SET_NAMES, lookup_set
from kb.parse.wiki.text import fold


@pytest.mark.parametrize(
    ("raw", "date", "set_en", "set_es"),
    [
        # As the corpus pages write them.
        ("(June 7, 2024—Modern Horizons 3)", "2024-06-07", "Modern Horizons 3", "Horizontes de Modern 3"),
        ("(Horizontes de Modern 3 — 7 junio, 2024)", "2024-06-07", "Modern Horizons 3", "Horizontes de Modern 3"),
        ("(Commander 2019 (23 agosto, 2019))", "2019-08-23", "Commander 2019", "Commander 2019"),
        ("(Rivales de Ixalan (19 enero 2018))", "2018-01-19", "Rivals of Ixalan", "Rivales de Ixalan"),
        ("(Marcha de las máquinas — 14 abril, 2023)", "2023-04-14", "March of the Machine", "Marcha de las máquinas"),
        ("(May 13, 2024—Outlaws of Thunder Junction)", "2024-05-13", "Outlaws of Thunder Junction", "Forajidos de Thunder Junction"),
        ("(Commander 2019\u00a0(23 agosto, 2019))", "2019-08-23", "Commander 2019", "Commander 2019"),
        # Abbreviations, "de", missing commas, any dash, ordinals, ISO dates.
        ("(Horizontes de Modern 3 – 7 de junio de 2024)", "2024-06-07", "Modern Horizons 3", "Horizontes de Modern 3"),
        ("(Horizontes de Modern 3 - 7 jun. 2024)", "2024-06-07", "Modern Horizons 3", "Horizontes de Modern 3"),
        ("(Jun 7 2024 - Modern Horizons 3)", "2024-06-07", "Modern Horizons 3", "Horizontes de Modern 3"),
        ("(Sept. 25th, 2017 — Ixalan)", "2017-09-25", "Ixalan", "Ixalan"),
        ("(25 setiembre 2017 — Ixalan)", "2017-09-25", "Ixalan", "Ixalan"),
        ("(Dominaria — 13 abr 2018)", "2018-04-13", "Dominaria", "Dominaria"),
        ("(2024-06-07 – Bloomburrow)", "2024-06-07", "Bloomburrow", "Bloomburrow"),
        ("(Core Set 2020 (July 12, 2019))", "2019-07-12", "Core Set 2020", "Colección Básica 2020"),
        ("(Colección básica 2021 — 3 julio, 2020)", "2020-07-03", "Core Set 2021", "Colección básica 2021"),
        ("(Commander 2015 — 13 noviembre, 2015)", "2015-11-13", "Commander 2015", "Commander 2015"),
        ("(The Brothers’ War — November 18, 2022)", "2022-11-18", "The Brothers’ War", "La Guerra de los Hermanos"),
    ],
)
def test_known_forms(raw, date, set_en, set_es):
    assert parse_stamp(raw) == Stamp(raw, date, set_en, set_es)


def test_unknown_set_is_named_in_the_stamp_language_only():
    assert parse_stamp("(Conjunto Inventado — 7 junio, 2024)") == Stamp(
        "(Conjunto Inventado — 7 junio, 2024)", "2024-06-07", None, "Conjunto Inventado"
    )
    assert parse_stamp("(June 7, 2024—Invented Set)").set_en == "Invented Set"
    assert parse_stamp("(June 7, 2024—Invented Set)").set_es is None
    # "mar" and "may" are both English and Spanish: the month-first order tells English.
    assert parse_stamp("(May 3, 2024 - Invented)").set_en == "Invented"
    # Day-first with an ambiguous month: the page's language decides, else the name's words.
    assert parse_stamp("(3 may 2024 - Invented)", lang="es").set_es == "Invented"
    assert parse_stamp("(3 may 2024 - Las Cosas)").set_es == "Las Cosas"


@pytest.mark.parametrize(
    ("raw", "date", "set_en", "set_es"),
    [
        ("", None, None, None),
        ("()", None, None, None),
        ("((((", None, None, None),
        ("(Feb 30, 2020 — Invented)", None, "Invented", None),
        ("(Modern Horizons 3)", None, "Modern Horizons 3", "Horizontes de Modern 3"),
        ("(7 junio, 2024)", "2024-06-07", None, None),
        ("(Commander 2019 (23 agosto))", None, "Commander 2019", "Commander 2019"),
        ("(Invented — 23 agosto)", None, None, "Invented"),
    ],
)
def test_partial_or_broken_stamps(raw, date, set_en, set_es):
    stamp = parse_stamp(raw)
    assert (stamp.raw, stamp.date, stamp.set_en, stamp.set_es) == (raw, date, set_en, set_es)


def test_set_table_is_consistent():
    english = [fold(en) for en, _ in SET_NAMES]
    spanish = [fold(es) for _, es in SET_NAMES]
    assert len(set(english)) == len(english)
    assert len(set(spanish)) == len(spanish)
    for en, es in SET_NAMES:
        assert lookup_set(en)[:2] == (en, es)
        assert lookup_set(es.upper())[:2] == (en, es)
        # A name shared by two sets would make the lookup ambiguous.
        if fold(en) in spanish:
            assert fold(en) == fold(es)
    assert lookup_set("Not A Set") is None
    assert lookup_set("commander 2011") == ("Commander 2011", "Commander 2011", "both")
