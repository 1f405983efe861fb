"""A small knowledge base of the same shape as `kb.knowledge.KnowledgeBase`, for building a site
in a second: two releases of a few sections, a Spanish translation, a glossary, a wiki page and
an executable example. History and references come from the project's own `kb.history` and
`kb.refs`, run on these records."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from kb.align.navbox import SectionTitle
from kb.history import History
from kb.knowledge import SectionStats, SpanishText
from kb.model import CRDocument, Decoding, Example, GlossaryEntry, Rule, Stamp, WikiPage, Heading, Quote
from kb.refs import find_references
from kb.terms import Term

DECODING = Decoding("utf-8", False, {"LF": 1})


@dataclass
class Alignment:
    kind: str
    es: Rule
    en: Rule | None
    status: str
    newest_id: str | None
    evidence: list[str] = field(default_factory=list)
    # As `kb.align.records.Alignment` keeps them: a wiki quote of the current English.
    origin: str = "wiki"
    stated_release: str | None = None
    english_release: str | None = None
    changed_since: bool | None = None
    changed_in: str | None = None
    state: str | None = None

    @property
    def source(self) -> str:
        return self.es.source

    @property
    def line(self) -> int:
        return self.es.line


@dataclass
class ExecutableExample:
    name: str
    title_es: str
    title_en: str
    text_es: str
    text_en: str
    example_ids: list[str]
    rules: list[str]
    code: str
    path: str


@dataclass
class RunResult:
    ok: bool
    output: str


class FakeExamples:
    def __init__(self, examples: list[ExecutableExample]):
        self._examples = examples

    def catalog(self) -> list[ExecutableExample]:
        return list(self._examples)

    def run(self, name: str, lang: str) -> RunResult:
        example = next(e for e in self._examples if e.name == name)
        return RunResult(True, f"{example.name}: {lang} ok")


OLD = "2024-06-07"
NEW = "2026-01-16"
SOURCE_OLD = "corpus/cr/MagicCompRules-2024-06-07.txt"
SOURCE_NEW = "corpus/cr/MagicCompRules-2026-01-16.txt"


def _rules(release: str, source: str, overrides: dict[str, str]) -> list[Rule]:
    rows = [
        ("1", "part", None, "Game Concepts"),
        ("100", "section", "1", "General"),
        ("100.1", "rule", "100", "These Magic rules apply to any Magic game with two or more players."),
        ("100.1a", "subrule", "100.1", "A two-player game is a game that begins with only two players."),
        ("101", "section", "1", "The Magic Golden Rules"),
        ("101.1", "rule", "101", "Whenever a card's text directly contradicts these rules, the card takes precedence."),
        (
            "101.4",
            "rule",
            "101",
            "If multiple players would make choices and/or take actions at the same time, the active player "
            "makes any choices required. This rule is often referred to as the \u201cActive Player, Nonactive "
            "Player (APNAP) order\u201d rule. See rule 405, \u201cStack.\u201d",
        ),
        ("101.4a", "subrule", "101.4", "A player knows the choices made by the previous players, except as specified in 101.4b."),
        ("101.4b", "subrule", "101.4", "If a player would make more than one choice at the same time, the player makes the choices in the order specified."),
        ("102", "section", "1", "Players"),
        ("102.1", "rule", "102", "A player is one of the people in the game. The active player is the player whose turn it is. See rule 101.4."),
        ("4", "part", None, "Zones"),
        ("405", "section", "4", "Stack"),
        ("405.1", "rule", "405", "When a spell is cast, the physical card is put on the stack (see rule 601.2a)."),
        ("405.2", "rule", "405", "The stack keeps track of the order that spells and abilities were added to it. See rules 101.4a\u2013b."),
    ]
    if release == NEW:
        rows.append(("405.7", "rule", "405", "A new rule about the stack that refers to rule 102.1."))
        rows[2] = ("100.1", "rule", "100", "These Magic rules apply to any Magic game with two or more players, including multiplayer games.")
    rules = []
    for line, (rule_id, kind, parent, text) in enumerate(rows, 10):
        rule = Rule(rule_id, kind, parent, overrides.get(rule_id, text), release, "en", source, line, end_line=line)
        if rule_id == "101.4":
            rule.examples.append(
                Example(rule_id, 1, "A card reads \u201cEach player sacrifices a creature.\u201d First, the active player chooses.", line)
            )
        if rule_id == "405.1":
            # Only this example changes between the releases: the rule's own text stays.
            ending = "it stays there until it resolves" if release == NEW else "it stays there"
            rule.examples.append(Example(rule_id, 1, f"A player casts a spell: {ending}.", line))
        rules.append(rule)
    return rules


def _doc(release: str, source: str, overrides: dict[str, str]) -> CRDocument:
    rules = _rules(release, source, overrides)
    glossary = [
        GlossaryEntry("Active Player", ["The player whose turn it is. See rule 102.1."], release, "en", source, 900),
        GlossaryEntry("Stack", ["A zone. See rule 405."], release, "en", source, 901),
        GlossaryEntry("Ability", ["Text on an object. See rule 102."], release, "en", source, 902),
    ]
    # Between the releases one term goes, one comes and one definition changes; `overrides` may
    # give the newest release's definitions ("glossary:Stack").
    if release == NEW:
        glossary[1].senses = [overrides.get("glossary:Stack", "A zone where spells wait. See rule 405.")]
        glossary.append(GlossaryEntry("Priority", [overrides.get("glossary:Priority", "Which player may act. See rule 405.2.")],
                                      release, "en", source, 903))
    else:
        glossary.append(GlossaryEntry("Tap", ["To turn a permanent sideways."], release, "en", source, 903))
    return CRDocument(source, release, release, DECODING, 1000, rules=rules, glossary=glossary)


class FakeKnowledgeBase:
    """Two releases; `overrides` replaces rule texts of the newest one (for escaping tests)."""

    def __init__(self, wiki_source: Path, overrides: dict[str, str] | None = None):
        overrides = overrides or {}
        self.documents = {
            OLD: _doc(OLD, SOURCE_OLD, {}),
            NEW: _doc(NEW, SOURCE_NEW, overrides),
        }
        self.releases = [OLD, NEW]
        self.newest = NEW
        self._history = History(self.documents.values())
        self.wiki_source = str(wiki_source)
        stamp = Stamp("Horizontes de Modern 3 \u2014 7 junio, 2024", OLD, "Modern Horizons 3", "Horizontes de Modern 3")
        quoted = Rule("101.4", "rule", "101", "Si varios jugadores fueran a tomar una acción al mismo tiempo (APNAP). Ver la regla 405.", OLD, "es", self.wiki_source, 4)
        quoted.examples.append(Example("101.4", 1, "Una carta dice \u201cCada jugador sacrifica una criatura\u201d.", 5))
        page = WikiPage(self.wiki_source, "es", "Jugador", DECODING, 6)
        page.headings.append(Heading("Reglas", 2, 3))
        page.quotes.append(Quote("cr", stamp, 3, rules=[quoted]))
        self.pages = [page]
        self._stamp = stamp
        self._quoted = quoted
        self.alignment = [Alignment("rule", quoted, self.rule("101.4", OLD), "exact", "101.4", ["same number"],
                                    english_release=OLD)]

    # -- rules
    def rule(self, rule_id: str, release: str | None = None) -> Rule:
        try:
            return self.documents[release or self.newest].rule(rule_id)
        except KeyError:
            raise LookupError(rule_id) from None

    def rules(self, release: str | None = None) -> list[Rule]:
        return list(self.documents[release or self.newest].rules)

    def sections(self, release: str | None = None) -> list[Rule]:
        return [r for r in self.rules(release) if r.kind == "section"]

    def spanish(self, rule_id: str) -> SpanishText | None:
        if rule_id != "101.4":
            return None
        return SpanishText(
            id_es="101.4",
            text=self._quoted.text,
            examples=[e.text for e in self._quoted.examples],
            origin="wiki",
            source=self.wiki_source,
            page_title="Jugador",
            stamp=self._stamp,
            english_release=OLD,
            status="exact",
            evidence=["the number and the references agree"],
            newest_id="101.4",
            changed_since=False,
        )

    def history(self, rule_id: str, release: str | None = None):
        return self._history.rule_history(rule_id, release)

    def diff(self, old: str, new: str):
        return self._history.diff(old, new)

    def refs_out(self, rule_id: str, release: str | None = None, lang: str = "en"):
        return find_references(self.rule(rule_id, release).text, lang)

    def refs_in(self, rule_id: str, release: str | None = None) -> list[str]:
        return [
            r.id
            for r in self.rules(release)
            if any(ref.target == rule_id for ref in find_references(r.text, "en"))
        ]

    # -- glossary and terms
    def glossary(self, lang: str, release: str | None = None) -> list[GlossaryEntry]:
        if lang == "en":
            return list(self.documents[release or self.newest].glossary)
        return list(self._spanish_entries)

    @cached_property
    def _spanish_entries(self) -> list[GlossaryEntry]:
        return [
            GlossaryEntry("Ñandú", ["Una palabra con eñe, para ordenar."], OLD, "es", self.wiki_source, 6),
            GlossaryEntry("Jugador activo", ["El jugador cuyo turno se está jugando. Ver la regla 102.1."], OLD, "es", self.wiki_source, 5),
            GlossaryEntry("Nómada", ["Una palabra con tilde, para ordenar."], OLD, "es", self.wiki_source, 6),
            GlossaryEntry("Ábaco", ["Otra palabra con tilde inicial."], OLD, "es", self.wiki_source, 6),
            GlossaryEntry("Pila", ["Una zona. Ver la regla 405."], OLD, "es", self.wiki_source, 6),
        ]

    def spanish_glossary(self) -> list[GlossaryEntry]:
        return self.glossary("es")

    def glossary_pairs(self):
        es = {g.term: g for g in self.glossary("es")}
        en = {g.term: g for g in self.glossary("en")}
        return [(es["Jugador activo"], en["Active Player"]), (es["Pila"], en["Stack"])]

    def terminology(self) -> list[Term]:
        return [
            Term("jugador", "player", self.wiki_source, 1, "term-pair"),
            Term("pila", "stack", self.wiki_source, 2, "glossary"),
            Term("Jugadores", "Players", self.wiki_source, 3, "section-title"),
        ]

    def section_titles_es(self) -> dict[str, SectionTitle]:
        return {
            "1": SectionTitle("1", "Conceptos de juego", OLD, self.wiki_source),
            "101": SectionTitle("101", "Las reglas de oro de Magic", OLD, self.wiki_source),
            "102": SectionTitle("102", "Jugadores", OLD, self.wiki_source),
        }

    def translation_stats(self) -> dict[str, SectionStats]:
        out = {}
        titles = self.section_titles_es()
        for section in self.sections():
            records = [r for r in self.rules() if r.kind != "part" and r.id.split(".")[0] == section.id]
            translated = sum(1 for r in records if self.spanish(r.id))
            title = titles.get(section.id)
            out[section.id] = SectionStats(
                section.id, section.text, title.title_es if title else "", len(records), translated, 0,
                len(records) - translated,
            )
        return out


def write_wiki_page(path: Path) -> Path:
    path.write_text(
        "Un jugador (en Inglés, player) es una persona.\n"
        "Reglas[]\n"
        "De las Reglas completas (Horizontes de Modern 3 \u2014 7 junio, 2024)\n"
        "- 101.4. Si varios jugadores fueran a tomar una acción al mismo tiempo (APNAP). Ver la regla 405.\n"
        "Ejemplo: Una carta dice \u201cCada jugador sacrifica una criatura\u201d.\n"
        "<b>no es HTML</b> [ni un enlace](http://example.invalid)\n",
        encoding="utf-8",
    )
    return path


def fake_examples() -> FakeExamples:
    return FakeExamples(
        [
            ExecutableExample(
                name="apnap-sacrifice",
                title_es="Cada jugador sacrifica una criatura",
                title_en="Each player sacrifices a creature",
                text_es="El jugador activo elige primero (regla 101.4).",
                text_en="The active player chooses first (rule 101.4).",
                example_ids=["101.4#ex1"],
                rules=["101.4"],
                code="game = Game(players=2)\ngame.sacrifice_each()  # <b>not markup</b>\n",
                path="examples/apnap.py",
            )
        ]
    )
