"""The translation workflow through the site, on a copy of the small corpus of test_align_corpus: the
newest release exported as a catalog, a few entries filled, the catalog imported, the site built
again. The imported Spanish is shown on its rule with the catalog it comes from, and the coverage
page counts it; a catalog with any validation error changes nothing."""

from __future__ import annotations

import re
import shutil
import sys
from dataclasses import dataclass
from html import unescape
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from test_align_corpus import write_tiny_corpus  # noqa: E402

from kb.knowledge import KnowledgeBase  # noqa: E402
from kb.site import build_site  # noqa: E402
from kb.translations import catalog_bytes, check_catalog, export_catalog, import_catalog, read_catalog  # noqa: E402

CATALOG = "equipo.po"
# 100.1 has no Spanish in the corpus; 101.2 has a wiki quote; 700.1 is filled but left fuzzy.
FILLED = {
    "100.1": 'Estas reglas de Magic se aplican a cualquier juego con dos o más jugadores <b>y</b> "equipos" & más.',
    "101.2": "En una partida de dos jugadores, el oponente de un jugador es el otro jugador.",
    "700.1": "Todo lo que sucede en una partida es un evento.",
}
FUZZY = {"700.1"}


@dataclass
class Built:
    kb: KnowledgeBase
    site: Path


@dataclass
class RoundTrip:
    corpus: Path
    store: Path
    exported: Path
    filled: Path
    before: Built
    after: Built


def build(corpus: Path, store: Path, out: Path) -> Built:
    kb = KnowledgeBase.load(corpus, store)
    return Built(kb, build_site(kb, out, search=False, examples=None).site_dir)


def fill(source: Path, target: Path, strings: dict[str, str], fuzzy: set[str] = frozenset()) -> Path:
    catalog = read_catalog(source)
    for message in catalog:
        if message.context in strings:
            message.string = strings[message.context]
            if message.context in fuzzy:
                message.flags.add("fuzzy")
    target.write_bytes(catalog_bytes(catalog))
    return target


@pytest.fixture(scope="module")
def trip(tmp_path_factory) -> RoundTrip:
    tmp = tmp_path_factory.mktemp("round-trip")
    corpus = write_tiny_corpus(tmp / "corpus")
    store = tmp / "store"
    before = build(corpus, store, tmp / "before")
    exported = tmp / "work" / "exported.po"
    exported.parent.mkdir()
    export_catalog(before.kb, exported)
    filled = fill(exported, tmp / "work" / CATALOG, FILLED, FUZZY)
    report = import_catalog(filled, before.kb, corpus_root=corpus)
    # The corpus keeps one catalog per part (and the glossary), whatever the file imported.
    assert report.checked.errors == [] and corpus / "po" / "part-1.po" in report.stored
    # The same store: the import makes it stale, so the knowledge base is built again.
    after = build(corpus, store, tmp / "after")
    return RoundTrip(corpus, store, exported, filled, before, after)


def rule_html(site: Path, lang: str, section: str, rule_id: str) -> str:
    """The block of rule `rule_id` on its section's page, as built."""
    folder = site / "cr" / section if lang == "es" else site / "en" / "cr" / section
    text = (folder / "index.html").read_text(encoding="utf-8")
    heading = re.search(rf'<h[23] id="{re.escape(rule_id)}">', text)
    assert heading, f"no anchor {rule_id} on {folder}"
    start = text.rindex("<section", 0, heading.start())
    return text[start : text.index("</section>", start)]


def details_html(site: Path, lang: str, section: str, rule_id: str) -> str:
    """What the page shows on asking for more about a rule (its section's details file)."""
    import json

    folder = site / "cr" / section if lang == "es" else site / "en" / "cr" / section
    from kb.site.generate import details_file

    return json.loads((folder / details_file(rule_id)).read_text(encoding="utf-8"))[rule_id]


def origin_label(site: Path, section: str, rule_id: str) -> str:
    """How the Spanish page labels where a rule's Spanish text comes from: the rule's own badge or
    line, or the label the section states once for most of its rules."""
    block = rule_html(site, "es", section, rule_id)
    own = re.search(r'<p class="kb-trust[^"]*">(.*?)</p>', block)
    if own:
        return own.group(1)[:1].lower() + own.group(1)[1:]
    page = (site / "cr" / section / "index.html").read_text(encoding="utf-8")
    common = re.search(r"Texto en español, salvo donde se indica: (.*?)\.</p>", page)
    assert common, block
    return common.group(1)


def coverage(site: Path, lang: str = "es") -> tuple[dict[str, tuple[int, int, int, int]], str]:
    """Per section (with Spanish, records, from catalogs, fuzzy) and the totals line, as built."""
    folder = site / "coverage" if lang == "es" else site / "en" / "coverage"
    text = (folder / "index.html").read_text(encoding="utf-8")
    rows = {}
    for section, spanish, records, from_po, fuzzy in re.findall(
        r'<tr[^>]* data-section="([^"]+)"><td[^>]*>.*?</td><td[^>]*>(\d+) / (\d+)</td><td[^>]*>(\d+)</td><td[^>]*>(\d+)</td>', text
    ):
        rows[section] = (int(spanish), int(records), int(from_po), int(fuzzy))
    total = re.search(r'<p class="kb-coverage__total">(.*?)</p>', text)
    assert rows and total
    return rows, re.sub(r"<[^>]+>", "", total.group(1))


# -- rule pages ------------------------------------------------------------------------------------


def test_a_rule_without_spanish_shows_the_imported_text_escaped_with_its_catalog(trip):
    before = rule_html(trip.before.site, "es", "100", "100.1")
    assert 'class="kb-rule__text" lang="en"' in before
    block = rule_html(trip.after.site, "es", "100", "100.1")
    text = re.search(r'<p class="kb-rule__text">(.*?)</p>', block).group(1)
    assert text == (
        "Estas reglas de Magic se aplican a cualquier juego con dos o más jugadores "
        "&lt;b&gt;y&lt;/b&gt; &#34;equipos&#34; &amp; más."
    )
    assert unescape(text) == FILLED["100.1"] and "<b>y</b>" not in block
    assert origin_label(trip.after.site, "100", "100.1").startswith("traducción de este proyecto, sin revisar · traduce ")
    more = details_html(trip.after.site, "es", "100", "100.1")
    # Where it comes from, in plain words, with the coverage page for the details.
    assert "catálogo de traducción, parte 1 de las reglas · " in more and "part-1.po" not in more
    assert 'href="../../coverage/"' in more
    # Nothing links to a wiki page for a catalog text.
    assert "/wiki/" not in block + more
    english = details_html(trip.after.site, "en", "100", "100.1")
    assert "This project&#39;s translation, not reviewed" in english
    assert "translation catalog, part 1 of the rules · " in english and "part-1.po" not in english
    assert "&lt;b&gt;y&lt;/b&gt; &#34;equipos&#34; &amp; más." in english


def test_an_official_quote_of_the_current_english_stands_before_the_catalog_text(trip):
    before = rule_html(trip.before.site, "es", "101", "101.2")
    assert "En un juego de dos jugadores" in before
    quoted = "texto oficial en español, citado en la wiki (Jugador activo)"
    assert origin_label(trip.before.site, "101", "101.2").startswith(quoted)
    assert 'href="../../wiki/es-jugador-activo/">Jugador activo</a>' in details_html(trip.before.site, "es", "101", "101.2")
    # The quote translates the English of today: it stands; the team's text comes beneath it, labelled.
    block = rule_html(trip.after.site, "es", "101", "101.2")
    assert "En un juego de dos jugadores" in block and origin_label(trip.after.site, "101", "101.2").startswith(quoted)
    beneath = block[block.index('<details class="kb-quote">'):]
    assert FILLED["101.2"] in beneath and "traducción de este proyecto" in beneath
    texts = trip.after.kb.spanish_texts("101.2")
    assert [(t.kind, t.current, t.source) for t in texts] == [
        ("wiki", True, "wiki/es-jugador-activo.txt"), ("catalog", True, "po/part-1.po")]
    assert texts[1].text == FILLED["101.2"]


def test_a_fuzzy_entry_is_shown_as_fuzzy(trip):
    block = rule_html(trip.after.site, "es", "700", "700.1")
    assert FILLED["700.1"] in block
    assert "kb-trust--stale" in block and "exacta" not in block
    assert "Traducción de este proyecto, pendiente de actualizar" in block
    english = details_html(trip.after.site, "en", "700", "700.1")
    assert "This project&#39;s translation, needs updating" in english


def test_rules_the_catalog_left_alone_keep_their_source(trip):
    # 702.1a was exported with its wiki Spanish and comes back from the catalog, same words.
    assert trip.after.kb.spanish("702.1a").text == trip.before.kb.spanish("702.1a").text
    # 800.1 has Spanish nowhere, before or after.
    assert 'class="kb-rule__text" lang="en"' in rule_html(trip.after.site, "es", "800", "800.1")


def test_kb_rule_names_the_catalog_within_the_corpus(trip):
    import json

    from click.testing import CliRunner

    from kb.cli.main import cli

    # The store of the second build is current: `kb rule` answers from it.
    env = {"KB_CORPUS": str(trip.corpus), "KB_STORE": str(trip.store)}
    runner = CliRunner()
    shown = runner.invoke(cli, ["rule", "100.1", "--lang", "es"], env=env)
    assert shown.exit_code == 0, shown.output
    assert "source: po (po/part-1.po)" in shown.output
    card = json.loads(runner.invoke(cli, ["rule", "101.2", "--lang", "es", "--json"], env=env).stdout)
    assert (card["spanish"]["origin"], card["spanish"]["source"]) == ("wiki", "wiki/es-jugador-activo.txt")
    assert [(t["kind"], t["source"]) for t in card["texts"]] == [
        ("wiki", "wiki/es-jugador-activo.txt"), ("catalog", "po/part-1.po")]


# -- coverage ----------------------------------------------------------------------------------------


def catalog_rules(path: Path, kb: KnowledgeBase) -> dict[str, bool]:
    """Rule ids of the newest release the catalog gives a Spanish text, and whether it is fuzzy."""
    newest = {rule.id for rule in kb.rules()}
    return {
        message.context: bool(message.fuzzy)
        for message in read_catalog(path)
        if message.id and message.string and message.context in newest
    }


def test_coverage_counts_exactly_what_was_imported(trip):
    before, _ = coverage(trip.before.site)
    after, total = coverage(trip.after.site)
    imported = catalog_rules(trip.filled, trip.after.kb)
    had_spanish = {rule.id for rule in trip.before.kb.rules() if trip.before.kb.spanish(rule.id)}
    # An official quote of the current English, surely paired, stands before the catalog text: that
    # rule's Spanish is still counted from the wiki.
    quoted = {rule for rule in imported if trip.after.kb.spanish(rule).origin == "wiki"}
    assert "101.2" in quoted and "100.1" not in quoted
    assert all(trip.before.kb.spanish(rule).current for rule in quoted)
    assert set(before) == set(after)
    for section, (spanish, records, from_po, fuzzy) in after.items():
        mine = [rule for rule in imported if rule.split(".", 1)[0] == section]
        new = [rule for rule in mine if rule not in had_spanish]
        assert records == before[section][1], section
        assert before[section][2] == 0, section
        assert from_po == len([rule for rule in mine if rule not in quoted]), section
        assert spanish - before[section][0] == len(new), section
    # The two rules that had no Spanish: 100.1 current, 700.1 fuzzy.
    assert (before["100"], after["100"]) == ((0, 2, 0, 0), (1, 2, 1, 0))
    assert (before["700"], after["700"]) == ((0, 2, 0, 0), (1, 2, 1, 1))
    # 101.2 had a current wiki quote: the count stays, and so does its source.
    assert after["101"][0] == before["101"][0]
    assert after["101"][2] == len([r for r in imported if r.split(".")[0] == "101" and r not in quoted])
    spanish = sum(row[0] for row in after.values())
    records = sum(row[1] for row in after.values())
    fuzzy = sum(row[3] for row in after.values())
    assert spanish == sum(row[0] for row in before.values()) + 2
    assert total.startswith(
        f"Secciones y reglas con texto en español: {spanish} de {records} "
        f"({len(set(imported) - quoted)} de catálogos de traducción; {fuzzy} traducen un texto inglés anterior)"
    )
    assert fuzzy == sum(row[3] for row in before.values()) + 1
    english, total_en = coverage(trip.after.site, "en")
    assert english == after
    assert f"({len(set(imported) - quoted)} from translation catalogs; {fuzzy} translate an earlier English text)" in total_en


def test_the_site_agrees_with_the_statistics(trip):
    stats = trip.after.kb.translation_stats()
    rows, _ = coverage(trip.after.site)
    assert rows == {key: (s.with_spanish, s.records, s.from_po, s.fuzzy) for key, s in stats.items()}


# -- validation ------------------------------------------------------------------------------------


def edit(path: Path, target: Path, old: str, new: str) -> Path:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return target


def line_of(path: Path, context: str) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    return lines.index(f'msgctxt "{context}"') + 2


# Each error a catalog can have: how to make it from the exported catalog, the id it is reported
# on (None: the header), and the start of its message.
ERRORS = {
    "not a catalog": (lambda p, t: _write(t, 'msgid "a"\nmsgstr "b"\nthis is not po\n'), None, "not a valid PO catalog"),
    "language": (lambda p, t: edit(p, t, '"Language: es\\n"', '"Language: fr\\n"'), None, "the catalog's language is 'fr'"),
    "release": (lambda p, t: edit(p, t, "Comprehensive Rules 2021-03-05", "Comprehensive Rules 1999-01-01"), None,
                "the catalog is for release '1999-01-01'"),
    "duplicate": (lambda p, t: edit(p, t, 'msgctxt "700.1"', 'msgctxt "100.1"'), None, "msgctxt '100.1' appears 2 times"),
    "no msgctxt": (lambda p, t: edit(p, t, 'msgctxt "700.1"\n', ""), None, "entry without msgctxt"),
    "unknown id": (lambda p, t: edit(p, t, 'msgctxt "700.1"', 'msgctxt "799.9"'), "799.9", "unknown id"),
    "msgid changed": (lambda p, t: fill(edit(p, t, "is an event.", "is a thing."), t, {"700.1": "Es un evento."}), "700.1",
                      "msgid no longer matches the English of 2021-03-05"),
    "rule number": (lambda p, t: fill(p, t, {"702.1a": "Exilia cada objeto en la pila (ver la regla 702.1c)."}), "702.1a",
                    "placeholder: the English cites 702.1b, the translation 702.1c"),
    "glossary heading": (lambda p, t: fill(p, t, {"glossary:Team Variant": "Una variante. Ver la regla 801."}),
                         "glossary:Team Variant", "a glossary translation needs its heading line"),
}


def _write(target: Path, text: str) -> Path:
    target.write_text(text, encoding="utf-8")
    return target


@pytest.mark.parametrize("case", sorted(ERRORS))
def test_a_catalog_with_an_error_is_not_imported(trip, tmp_path, case):
    make, context, message = ERRORS[case]
    corpus = Path(shutil.copytree(trip.corpus, tmp_path / "corpus", ignore=shutil.ignore_patterns("po")))
    catalog = make(trip.exported, tmp_path / "bad.po")
    report = import_catalog(catalog, trip.before.kb, corpus_root=corpus)
    errors = report.checked.errors
    assert errors and errors[0].message.startswith(message), errors
    if context is not None:
        assert (errors[0].context, errors[0].line) == (context, line_of(catalog, context))
    assert report.stored == [] and not (corpus / "po").exists()
    assert check_catalog(catalog, trip.before.kb.documents).errors == errors
