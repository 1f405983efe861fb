"""The term base's exceptions, reviewed as a whole: every row of corpus/terms/exceptions.tsv gives one
of the reasons below, and its entry reads in that reason's sense (the English uses the word as the
reason says; where the reason names the Spanish it is rendered by, the Spanish uses it; a name kept in
English is in the Spanish as written). A new exception needs a reason reviewed here; one whose entry no
longer reads that way fails."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from kb.translations.files import po_files
from kb.translations.pofile import read_po_file

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
# Reasons for a word kept as written: the Spanish must hold the English word.
KEPT = re.compile(r"kept in English|kept as registered|trademark kept|by (?:its|their) English names?|"
                  r"card or set name")

# reason -> (what the English must match, what the Spanish must match), None for no condition.
REVIEWED = {
    '“become(s)” + a state or value (becomes blocked/attached/night/equal to…) rendered by the natural Spanish change-of-state form (es bloqueada, pasa a, queda, se anexa…), not “se convierte en”':
        ('\\bbec(?:ome|omes|ame|oming)\\b', None),
    'the verb “turn” (face up/down, sideways, over, into) or “in turn”, not a game turn':
        ('\\bin turn\\b|\\bturn(?:s|ed|ing)?\\b(?:\\s+\\S+){0,4}?\\s+(?:face[ -]?(?:up|down)|sideways|over|into|upside)|\\bturn(?:s|ed|ing)?\\s+(?:it|them|that|the|a|this|each|one|any|two)\\b|\\bturned\\s+\\w+|\\bturn so\\b', None),
    '“double-faced”, “double that damage”, “rolled doubles” or a card name, not the keyword action Double':
        ('\\bdoubles?\\b|double-faced', None),
    '“even if” → “aunque” (concessive), not the conditional “if”':
        ('\\beven if\\b', '\\baunque\\b|\\bincluso si\\b'),
    'part of a card or set name kept in English, not the term':
        (None, None),
    '“match” = coincidir/corresponder, not a tournament match':
        ('\\bmatch(?:es|ed|ing)?\\b', None),
    '“named”/“naming” = llamado/nombrando, not the name characteristic':
        ('\\bnam(?:ed|ing)\\b', None),
    '“draw” as a game result (empate), not drawing a card':
        ('\\bdraws?\\b', 'empat'),
    'typographic dash (guion, raya), not the keyword Dash':
        ('\\bdash\\b|—', None),
    '“option” in the ordinary sense (opción: one of several choices), not a multiplayer option':
        ('\\boptions?\\b', 'opci'),
    'physical “move” rendered by the natural verb (retirar/sacar de un mazo, apartar, salir/entrar), not moving counters or objects between zones':
        ('\\bmov(?:e|es|ed|ing)\\b', None),
    '“has any targets” = tiene objetivos, not the targeting phrase “any target”':
        ('\\bany targets?\\b', None),
    '“locked in” (fixed in place), not locking half of a Room':
        ('\\blocked in\\b', None),
    '“placed” rendered with “poner/puesto” (marker placed on / ability placed on the stack), the rules’ usual verb':
        ('\\bplaced?\\b', '\\bpon|\\bpuest'),
    'ordinary verb “reach” (llegar) or part of a card name, not the keyword Reach':
        ('\\breach', None),
    '“background” = fondo (of a symbol or text box), not the Background subtype':
        ('\\bbackground\\b', '\\bfondo\\b'),
    'ordinary English (left-hand corner, on the other hand, handed out), not a player’s hand':
        ('left-hand|other hand|handed', None),
    'ordinary “prevent” = impedir/evitar (stop something from happening), not preventing damage':
        ('\\bprevent', 'impid|evit|imped'),
    '“not limited to” = entre otras, not the Limited format':
        ('\\b(?:not|aren’t|isn’t) limited to\\b', 'entre otr'),
    '“the role of a character” (el papel), not the Role subtype':
        ('\\brole of\\b', 'papel'),
    'colour of a frame or symbol (dorado), not the Gold token':
        ('\\bgold\\b', 'dorad'),
    'the ability words are listed by their English names':
        (None, None),
    '“in the event of” = en caso de, not a game event':
        ('\\bin the event of\\b', 'en caso de'),
    '“If there are any X …, those abilities cease to exist” rendered as “Cualquier X … deja de existir” (same meaning)':
        (None, None),
    'verb “land” (a coin lands face up), not a land':
        ('\\blands face up\\b', None),
    "the creature types are listed by their English names, as the rule's count of words holds only for them":
        (None, None),
    'the land type Power-Plant (translated as a land type), not the characteristic power':
        (None, None),
    'a coin flipped (lanzada), not a flipped permanent':
        ('\\bflip\\w*\\b.*\\bcoin|\\bcoin\\b.*\\bflip', None),
    '“if this is the case” = si es así, not the Case subtype':
        ('\\bif this is the case\\b', '\\bsi es así\\b'),
    'the ability word spell mastery, listed by its English name':
        (None, None),
    '“Games Workshop” is a company name, kept as registered':
        (None, None),
    '“but instead” = “sino que”':
        ('\\bbut instead\\b', '\\bsino que\\b'),
    '“Planeswalker Decks” is a product name, a trademark kept in English':
        (None, None),
    'phrasal verb “power up” (fortalecer), not the characteristic power':
        ('\\bpower up\\b', 'fortale'),
    'the planar type The Library, listed by its English name like every planar type':
        (None, None),
    '“The Lord of the Rings” is a trademark, kept in English':
        (None, None),
    '“pay no attention” = no prestar atención, not paying a cost':
        ('\\bpay no attention\\b', 'prest\\w* atenci'),
    'the section title names the zone (exilio), 701.13 the keyword action (exiliar): same English, two meanings':
        (None, None),
    'ordinary “visit the restroom”, not the Attraction visit':
        ('\\bvisit the restroom\\b', None),
    '“play the role of” (interpretar el papel), not playing a card':
        ('\\bplays? the role of\\b', 'papel'),
    'the keyword action (exiliar), 406 the zone (exilio): same English, two meanings':
        (None, None),
}


def _rows():
    with (CORPUS / "terms" / "exceptions.tsv").open(encoding="utf-8", newline="") as handle:
        return [(n, row) for n, row in enumerate(csv.DictReader(handle, delimiter="\t"), start=2)]


@pytest.fixture(scope="module")
def entries():
    return {e.context: e for p in po_files(CORPUS) for e in read_po_file(p).entries if e.context}


def test_every_exception_gives_a_reviewed_reason():
    rows = _rows()
    assert len(rows) > 400
    assert [(n, row["reason"]) for n, row in rows if row["reason"] not in REVIEWED] == []


def test_every_exception_reads_in_the_sense_of_its_reason(entries):
    wrong = []
    for n, row in _rows():
        entry = entries.get(row["msgctxt"])
        if entry is None:
            wrong.append((n, row["msgctxt"], "no such entry"))
            continue
        english, spanish = " ".join(entry.msgid.split()), " ".join(entry.msgstr.split())
        on_english, on_spanish = REVIEWED[row["reason"]]
        if on_english and not re.search(on_english, english, re.IGNORECASE):
            wrong.append((n, row["msgctxt"], "the English does not read so"))
        if on_spanish and not re.search(on_spanish, spanish, re.IGNORECASE):
            wrong.append((n, row["msgctxt"], "the Spanish does not say it so"))
        # Written as in the name ("Doubling Season" for "Double").
        if KEPT.search(row["reason"]) and row["en"].lower().rstrip("e") not in spanish.lower():
            wrong.append((n, row["msgctxt"], f"{row['en']!r} is not kept in the Spanish"))
    assert wrong == []


def test_a_reason_that_cannot_hold_is_caught(entries):
    # The check above can fail: "even if" asked of an entry whose English has none.
    english = " ".join(entries["100.1"].msgid.split())
    on_english, _ = REVIEWED["“even if” → “aunque” (concessive), not the conditional “if”"]
    assert not re.search(on_english, english, re.IGNORECASE)
