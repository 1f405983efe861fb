"""Properties of the wiki parser over generated input: random text and corpus pages whose lines
are dropped, repeated, cut, shuffled or garbled. It never raises, accounts for every line once,
and reports no internal error."""

from __future__ import annotations

import datetime

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kb.corpus import corpus_dir
from kb.decode import read_text
from kb.parse.wiki import check_accounting, page_lines, parse_stamp, parse_wiki_text
from kb.parse.wiki.terms import find_term_pairs

CORPUS_PAGES = [page_lines(read_text(path)[0]) for path in sorted((corpus_dir() / "wiki").glob("*.txt"))]
ALL_LINES = [line for page in CORPUS_PAGES for line in page]
# Characters that mean something to the parser, so that random text reaches its branches.
SIGNIFICANT = "0123456789.·|-•*()[]—–:↑ \u00a0\tabcEjmplo"
FRAGMENTS = [
    "De las Reglas completas (",
    "Del glosario de las Reglas completas",
    "From the Tournament Rules (May 13, 2024—X)",
    "- 101.4a ",
    "  • 102. ",
    "Ejemplo: ",
    "Example:",
    "[]",
    " Editar",
    "(en Inglés, ",
    "100. Conceptos de juego",
    " · 10 ",
    "---|",
    "1. ↑ ",
    "Reglas completas",
    "7 junio, 2024)",
    ".- 101.4b ",
]

text_pieces = st.one_of(
    st.text(alphabet=SIGNIFICANT, max_size=40),
    st.sampled_from(FRAGMENTS),
    st.text(max_size=20),
)
random_lines = st.lists(st.lists(text_pieces, max_size=6).map("".join), max_size=30)
line_breaks = st.sampled_from(["\n", "\r\n", "\r"])

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def assert_sound(page):
    assert check_accounting(page) == []
    assert not [d for d in page.diagnostics if d.level == "error"], page.diagnostics
    for rule in page.rules:
        assert rule.kind in ("part", "section", "rule", "subrule")
        assert rule.line <= rule.end_line <= page.line_count


@SETTINGS
@given(random_lines, line_breaks, st.sampled_from([None, "es", "en"]))
def test_random_text(lines, newline, lang):
    text = newline.join(lines)
    page = parse_wiki_text(text, "random", lang=lang)
    assert page.line_count == len(page_lines(text))
    assert_sound(page)


@st.composite
def mutated_pages(draw):
    lines = list(draw(st.sampled_from(CORPUS_PAGES)))
    for _ in range(draw(st.integers(1, 10))):
        operation = draw(st.sampled_from(["drop", "insert", "cut", "garble", "truncate", "swap"]))
        at = draw(st.integers(0, max(0, len(lines) - 1)))
        if not lines:
            lines.append(draw(st.sampled_from(ALL_LINES)))
        elif operation == "drop":
            del lines[at]
        elif operation == "insert":
            lines.insert(at, draw(st.sampled_from(ALL_LINES)))
        elif operation == "cut":
            line = lines[at]
            lines[at] = line[: draw(st.integers(0, len(line)))]
        elif operation == "garble":
            line = lines[at]
            cut = draw(st.integers(0, len(line)))
            lines[at] = line[:cut] + draw(text_pieces) + line[cut:]
        elif operation == "truncate":
            lines = lines[:at]
        else:
            other = draw(st.integers(0, len(lines) - 1))
            lines[at], lines[other] = lines[other], lines[at]
    return lines


@SETTINGS
@given(mutated_pages())
def test_mutated_corpus_pages(lines):
    text = "\n".join(lines)
    page = parse_wiki_text(text, "mutated")
    assert page.line_count == len(page_lines(text))
    assert_sound(page)


@SETTINGS
@given(st.text(max_size=80) | st.lists(st.sampled_from(FRAGMENTS + ["2019", "agosto", "June", "7,", "(", ")"]), max_size=8).map(" ".join))
def test_stamps_never_raise_and_dates_are_real(raw):
    stamp = parse_stamp(raw)
    assert stamp.raw == raw
    if stamp.date is not None:
        datetime.date.fromisoformat(stamp.date)


@SETTINGS
@given(st.lists(st.sampled_from(FRAGMENTS + ["el", "la", "de", "Jugador", ")", "(", ",", "."]) | st.text(max_size=10), max_size=12).map(" ".join))
def test_term_pairs_never_raise(text):
    pairs, problems = find_term_pairs(text)
    for spanish, english in pairs:
        assert spanish.strip() and english.strip()
