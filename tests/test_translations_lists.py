"""The lists of names in the rules (205.3m creature types, 205.3n planar types, 207.2c ability words):
each name is recorded in corpus/terms/lists.tsv, with its Spanish and where it is printed, or marked
unconfirmed; the Spanish rule gives a name's Spanish beside it exactly where the record confirms one,
and never a Spanish name the record does not hold."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from kb.translations.files import po_files
from kb.translations.pofile import read_po_file

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
LISTS = {"205.3m": "All other creature types are one word long: ", "205.3n": "The planar types are ",
         "207.2c": "The ability words are "}


@pytest.fixture(scope="module")
def entries():
    return {e.context: e for p in po_files(CORPUS) for e in read_po_file(p).entries if e.context}


@pytest.fixture(scope="module")
def records():
    with (CORPUS / "terms" / "lists.tsv").open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle, delimiter="\t")
        assert reader.fieldnames == ["rule", "en", "es", "source", "note"]
        return list(reader)


def english_names(entries, rule: str) -> list[str]:
    text = " ".join(entries[rule].msgid.split())
    names = [n.strip() for n in re.split(r",\s*(?:and\s+)?", text.split(LISTS[rule], 1)[1].rstrip("."))]
    return (["Time Lord"] if rule == "205.3m" else []) + names


@pytest.mark.parametrize("rule", sorted(LISTS))
def test_every_name_of_the_list_is_recorded_once(entries, records, rule):
    recorded = [r["en"] for r in records if r["rule"] == rule]
    assert len(recorded) == len(set(recorded))
    assert sorted(recorded) == sorted(english_names(entries, rule))


def test_a_spanish_name_comes_with_where_it_is_printed_and_the_rest_is_marked_unconfirmed(records):
    confirmed = [r for r in records if r["es"]]
    assert len(confirmed) >= 60
    for row in records:
        if row["es"]:
            assert row["source"].startswith(("printed: ", "glossary: ")), row
            # The card named as the source, its Spanish name and its English one.
            assert re.search(r"\S.* \(.+\)", row["source"]), row
        else:
            assert row["source"] == "unconfirmed" and "stays English" in row["note"], row


@pytest.mark.parametrize("rule", sorted(LISTS))
def test_the_spanish_rule_gives_exactly_the_confirmed_spanish_names(entries, records, rule):
    spanish = " ".join(entries[rule].msgstr.split())
    for row in (r for r in records if r["rule"] == rule):
        name = re.escape(row["en"])
        # A name starts an item of the list: "Phyrexia" is not the end of "New Phyrexia (…)".
        shown = re.search(rf"(?:(?<=, )|(?<= y )|(?<=: )|(?<=son )){name} \(([^)]+)\)", spanish)
        if row["es"] and row["es"] != row["en"]:
            expected = row["es"].lower() if rule == "207.2c" else row["es"]
            assert shown and shown.group(1) == expected, row["en"]
        else:
            assert shown is None, row["en"]
            assert re.search(rf"(?<![\w’-]){name}(?![\w’-])", spanish), row["en"]
