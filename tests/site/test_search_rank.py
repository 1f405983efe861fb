"""The search box's own ranking: the index kb.site.ranking writes, scored by site/assets/rank.js
(run here in node, as the benchmark runs it), and the evaluation generated from the rules."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import pytest
from conftest import fake_kb

from kb.corpus import PROJECT_ROOT
from kb.site.ranking import RANK_DIR, fold_text, index_documents, rank_index, write_index, write_rank_indexes
from kb.site.ranking import _documents as ranking_documents
from kb.site.views import SiteData

NODE = shutil.which("node")
RUNNER = PROJECT_ROOT / "bench" / "search_rank.js"
RANK_JS = PROJECT_ROOT / "site" / "assets" / "rank.js"

needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")


@pytest.fixture(scope="module")
def data(tmp_path_factory):
    return SiteData.collect(fake_kb(tmp_path_factory.mktemp("rank")))


@pytest.fixture(scope="module")
def site(data, tmp_path_factory):
    folder = tmp_path_factory.mktemp("rank-site")
    write_rank_indexes(data, folder)
    return folder


def rank(site, *queries: tuple[str, str]) -> dict[tuple[str, str], dict]:
    lines = "".join(json.dumps({"lang": lang, "query": query}) + "\n" for lang, query in queries)
    proc = subprocess.run([NODE, str(RUNNER), str(site), "8"], input=lines, capture_output=True, text=True,
                          encoding="utf-8", check=True)
    return {(r["lang"], r["query"]): r for r in map(json.loads, proc.stdout.splitlines())}


def test_the_index_is_the_same_bytes_from_the_same_rules(data):
    first = json.dumps(rank_index(data, "en"), sort_keys=True)
    assert first == json.dumps(rank_index(data, "en"), sort_keys=True)
    assert first != json.dumps(rank_index(data, "es"), sort_keys=True)


def test_the_index_is_cut_so_a_word_reads_one_shard(site):
    core = json.loads((site / RANK_DIR / "en" / "core.json").read_text(encoding="utf-8"))
    shards = {path.stem for path in (site / RANK_DIR / "en" / "w").glob("*.json")}
    assert set(core["shards"]) == shards
    for prefix in shards:
        shard = json.loads((site / RANK_DIR / "en" / "w" / f"{prefix}.json").read_text(encoding="utf-8"))
        assert all(word.startswith(prefix) for word in shard["w"])
    assert any(row.startswith("405 s ") and row.endswith(" Stack") for row in core["docs"].split("\n"))


@needs_node
def test_a_name_ranks_above_a_mention_and_rules_above_the_glossary(site):
    found = rank(site, ("en", "stack"), ("en", "active player"), ("es", "jugador activo"))
    stack = found[("en", "stack")]["ids"]
    assert stack[0] == "405"
    # The glossary's entry comes after the rule its term names.
    assert "g:t-stack" in stack and stack.index("g:t-stack") > stack.index("405")
    # Both words of a glossary term that cites 102.1 meet in 102.1, in either language.
    assert found[("en", "active player")]["ids"][0] == "102.1"
    assert found[("es", "jugador activo")]["ids"][0] == "102.1"


@needs_node
def test_a_word_no_rule_uses_is_named_and_the_rest_still_searched(site):
    found = rank(site, ("en", "stack ventaja"), ("es", "ventaja"), ("en", "what is the stack"))
    assert found[("en", "stack ventaja")]["unknown"] == ["ventaja"]
    assert found[("en", "stack ventaja")]["ids"][0] == "405"
    assert found[("es", "ventaja")]["unknown"] == ["ventaja"] and found[("es", "ventaja")]["ids"] == []
    # Stop words are no unknown words.
    assert found[("en", "what is the stack")]["unknown"] == []
    assert found[("en", "what is the stack")]["ids"][0] == "405"


@needs_node
def test_the_other_languages_name_is_an_alias_never_a_correction(site):
    found = rank(site, ("en", "pila"), ("en", "jugadr"), ("es", "jugadr"), ("en", "playr"))
    assert found[("en", "pila")]["ids"][0] == "405" and found[("en", "pila")]["unknown"] == []
    # Misspelt Spanish on the English site is not made into Spanish (nor English): it is unknown.
    assert found[("en", "jugadr")]["unknown"] == ["jugadr"] and found[("en", "jugadr")]["corrected"] == []
    assert found[("es", "jugadr")]["corrected"] == [["jugadr", "jugador"]]
    assert found[("en", "playr")]["corrected"] == [["playr", "player"]]


@needs_node
def test_accents_case_and_plurals_are_the_same_word(site):
    found = rank(site, ("es", "ÁBACO"), ("es", "abaco"), ("es", "Nomada"), ("en", "Stacks"))
    assert found[("es", "ÁBACO")]["ids"][0] == found[("es", "abaco")]["ids"][0] == "g:t-ábaco"
    assert found[("es", "Nomada")]["ids"][0] == "g:t-nómada"
    assert found[("en", "Stacks")]["ids"][0] == "405"


@needs_node
def test_a_rule_number_is_that_rule_or_none(site):
    found = rank(site, ("en", "CR 101.4a"), ("es", "999.9"))
    assert found[("en", "CR 101.4a")]["number"] == "101.4a" and found[("en", "CR 101.4a")]["ids"] == ["101.4a"]
    assert found[("es", "999.9")]["number"] == "999.9" and found[("es", "999.9")]["ids"] == []


@needs_node
def test_python_and_the_box_fold_a_word_alike():
    samples = ["Protección", "ÑANDÚ", "can’t", "Two-Headed Giant", "Über", "l'été"]
    script = f"const r=require({json.dumps(str(RANK_JS))});console.log(JSON.stringify({json.dumps(samples)}.map(r.fold)))"
    proc = subprocess.run([NODE, "-e", script], capture_output=True, text=True, encoding="utf-8", check=True)
    assert json.loads(proc.stdout) == [fold_text(s) for s in samples]


def _search_queries():
    """The benchmark's query generator (bench/search_queries.py), imported from its folder."""
    sys.path.insert(0, str(PROJECT_ROOT / "bench"))
    try:
        import search_queries
    finally:
        sys.path.pop(0)
    return search_queries


def test_the_evaluation_is_generated_from_the_rules_the_same_each_time(data):
    search_queries = _search_queries()
    queries = search_queries.generate(data)
    assert queries == search_queries.generate(data)
    known = set(data.order) | {s.id for s in data.sections} | {p.id for p in data.parts}
    assert all(all(t in known or t.startswith("g:") for t in q["targets"]) for q in queries if q["source"] != "jargon")
    forms = {(q["lang"], q["form"]) for q in queries if q["source"] != "jargon"}
    assert {("en", "term"), ("en", "question"), ("es", "term"), ("es", "question"), ("en", "qualified")} <= forms
    # The Spanish forms are the Spanish of the rules: the section title of 102 as the catalogs give it.
    assert any(q["lang"] == "es" and q["query"] == "jugadores" and q["targets"] == ["102"] for q in queries)


def test_the_second_evaluation_names_keywords_across_languages_and_cited_pairs(data):
    search_queries = _search_queries()
    queries = search_queries.generate_second(data)
    assert queries == search_queries.generate_second(data)
    assert {q["split"] for q in queries} == {"second"}
    known = set(data.order) | {s.id for s in data.sections} | {p.id for p in data.parts}
    assert all(q["targets"] and set(q["targets"]) <= known for q in queries)
    # Every keyword named in the other language lands on its own rule.
    aliases = [q for q in queries if q["source"] == "other language"]
    assert all(q["targets"][0].split(".")[0] in ("701", "702") for q in aliases)
    # A cited pair's targets are rules that cite the concept the query names second.
    from kb.refs import find_references

    pairs = [q for q in queries if q["source"] == "cited pair"]
    assert pairs
    for q in pairs:
        assert all(find_references(data.rules[t].text, "en") for t in q["targets"])


def _doc(doc_id: str, kind: str = "rule", title: str = "", first: str = "", rest: str = "",
         context: tuple[str, ...] = (), names: tuple[str, ...] = ()) -> dict:
    name = [title, *names] if title else list(names)
    return {"id": doc_id, "kind": kind, "title": title, "name": name, "given": set(), "other": [],
            "first": first, "rest": rest, "examples": "", "context": list(context), "body": "",
            "text": " ".join(filter(None, [first, rest]))}


# Rules shaped as the Comprehensive Rules shape them (a section, a titled rule and its lettered
# rules, numbered rules under a section), with words of their own, and others around them so that
# the words are rare.
SHAPED = [
    _doc("111", "section", "Tokens"),
    _doc("111.1", first="Some effects put tokens onto the battlefield.", rest="A token is a marker.",
         context=("Tokens",)),
    _doc("111.2", first="The player who creates a token is its owner.", rest="A token enters under their control.",
         context=("Tokens",)),
    *(_doc(f"111.{n}", first=f"The effect that creates a token may define its characteristic number {n}.",
           context=("Tokens",)) for n in range(3, 14)),
    _doc("303", "section", "Enchantments"),
    _doc("303.4", first="Some enchantments have the subtype Aura.", rest="An Aura is attached to an object.",
         context=("Enchantments",)),
    _doc("303.4e", first="An Aura's controller is separate from the enchanted object's controller; the two need "
         "not be the same player, and only the Aura's controller can activate its abilities.",
         rest="If an Aura enchants an object, changing control of the object doesn't change control of the Aura.",
         context=("Enchantments",)),
    _doc("303.4f", first="Control of an Aura changes apart from control of the object it enchants: an object "
         "enchanted by an Aura changes control apart from the Aura.",
         context=("Enchantments",)),
    _doc("407", "section", "Ante"),
    _doc("407.1", first="Earlier versions of the rules contained ante rules.", context=("Ante",)),
    _doc("701", "section", "Keyword Actions"),
    _doc("701.7", title="Create", context=("Keyword Actions",)),
    _doc("701.7a", first="To create one or more tokens, put the specified tokens onto the battlefield.",
         context=("Keyword Actions", "Create")),
    _doc("701.7b", first="If an effect creates a token that is a copy of an object, the copiable values are copied.",
         context=("Keyword Actions", "Create")),
    _doc("702", "section", "Keyword Abilities"),
    _doc("702.5", title="Enchant", context=("Keyword Abilities",)),
    _doc("702.5a", first="Enchant is a static ability, written Enchant object.",
         rest="The enchant ability restricts what an Aura spell can target and what an Aura can enchant.",
         context=("Keyword Abilities", "Enchant")),
    _doc("714", "section", "Saga Cards", names=("Saga",)),
    _doc("714.1", first="Each Saga card has a striated text box.", context=("Saga Cards", "Saga")),
    _doc("714.2", first="A chapter symbol is a keyword ability that represents a triggered ability.",
         context=("Saga Cards", "Saga")),
    _doc("714.2d", first="A Saga's final chapter number is the greatest value among its chapter abilities.",
         rest="If a Saga has no chapter abilities, its final chapter number is 0.", context=("Saga Cards", "Saga")),
    _doc("117", "section", "Timing and Priority"),
    _doc("117.3", first="The active player receives priority at the beginning of most steps.",
         context=("Timing and Priority",)),
    *(_doc(f"9{n:02}.1", first=f"Filler rule {n} about a player, a card, a creature, a spell and the battlefield.")
      for n in range(20)),
]


@pytest.fixture(scope="module")
def shaped_site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("shaped")
    write_index(index_documents(SHAPED, "en", "20250101"), folder / RANK_DIR / "en")
    return folder


@needs_node
def test_the_other_words_choose_the_rule_in_a_concept_the_query_names(shaped_site):
    # "saga" names the section that holds both rules: it says the section, not the rule; "chapter"
    # chooses the rule defining the chapter symbol over the one that repeats "Saga".
    found = rank(shaped_site, ("en", "saga chapter"))
    assert found[("en", "saga chapter")]["ids"][0] == "714.2"


@needs_node
def test_a_titled_rules_lettered_rules_are_its_own(shaped_site):
    # Where Create (a titled rule) meets Tokens (a section), the narrower concept holds the other:
    # its lettered rule stands as a section's numbered rule does.
    found = rank(shaped_site, ("en", "create tokens"))
    assert found[("en", "create tokens")]["ids"][0].startswith("701.7")


@needs_node
def test_a_word_names_the_names_holding_it_as_written_not_its_stem_alone(shaped_site):
    # "enchantment" and "enchant" share a stem; the word as typed names Enchantments.
    found = rank(shaped_site, ("en", "aura enchantment"), ("en", "enchant aura"))
    assert found[("en", "aura enchantment")]["ids"][0].startswith("303")
    assert found[("en", "enchant aura")]["ids"][0].startswith("702.5")


@needs_node
def test_a_questions_light_verb_asks_and_is_no_word_of_the_query(shaped_site):
    found = rank(shaped_site, ("en", "who gets priority"), ("en", "priority gets"), ("en", "ante"))
    assert found[("en", "who gets priority")]["unknown"] == []
    assert found[("en", "who gets priority")]["ids"][0] == "117"
    # Elsewhere it is a word of the query, and no rule here says it.
    assert found[("en", "priority gets")]["unknown"] == ["gets"]
    # A name that is a function word in the other language is still a name ("ante" in Spanish).
    assert found[("en", "ante")]["ids"][0] == "407"


@needs_node
def test_a_question_saying_what_a_rule_says_lands_on_it(shaped_site):
    # 303.4e says "If an Aura enchants an object" word after word; 303.4f says the same words more
    # often, scattered. A sentence-long query in the rule's own order is the rule that says it.
    asked = "what happens if an aura enchants an object and control changes"
    found = rank(shaped_site, ("en", asked))
    assert found[("en", asked)]["ids"][:2] == ["303.4e", "303.4f"]


def _titled(doc_id: str, title: str, children: list[dict]) -> dict:
    doc = _doc(doc_id, title=title, context=("Keyword Abilities",))
    doc["body"] = " ".join(child["text"] for child in children)
    return doc


# Two keyword abilities whose rules meet in one lettered rule of the one ("trample" said in a rule
# of Deathtouch), and rules saying numbers in digits and in words, in both languages.
_DEATHTOUCH = [
    _doc("702.2a", first="Deathtouch is a static ability.", context=("Keyword Abilities", "Deathtouch")),
    _doc("702.2b", first="A creature dealt damage by a source with deathtouch is destroyed.",
         context=("Keyword Abilities", "Deathtouch")),
    _doc("702.2c", first="Any nonzero combat damage a source with deathtouch assigns counts as lethal for trample.",
         context=("Keyword Abilities", "Deathtouch")),
]
_TRAMPLE = [
    _doc("702.19a", first="Trample is a static ability.", context=("Keyword Abilities", "Trample")),
    _doc("702.19b", first="An attacking creature with trample assigns lethal damage to its blockers first.",
         context=("Keyword Abilities", "Trample")),
]
MEETING = [
    _doc("702", "section", "Keyword Abilities"),
    _titled("702.2", "Deathtouch", _DEATHTOUCH), *_DEATHTOUCH,
    _titled("702.19", "Trample", _TRAMPLE), *_TRAMPLE,
    _doc("704.5a", first="If a player has 0 or less life, that player loses the game."),
    _doc("704.5c", first="If a player has ten or more poison counters, that player loses the game."),
    _doc("509.1a", first="The chosen creatures must be untapped.", rest="A tapped creature can't block."),
    _doc("303.4a", first="An Aura spell requires a target, which is what the Aura can enchant."),
    _doc("303.4d", first="An Aura can't enchant itself."),
    _doc("305.2", first="A player can normally play one land during their turn."),
    *(_doc(f"9{n:02}.1", first=f"Filler rule {n} about a player, a card, a creature, a spell and the battlefield.")
      for n in range(20)),
]
MEETING_ES = [
    _doc("509.1a", first="Las criaturas elegidas deben estar enderezadas.", rest="Una criatura girada no puede bloquear."),
    _doc("704.5a", first="Si un jugador tiene 0 vidas o menos, ese jugador pierde el juego."),
    _doc("301.5c", first="Un Equipo no puede equipar a una criatura que no controlas."),
    *(_doc(f"9{n:02}.1", first=f"Regla de relleno {n} sobre un jugador, una carta y el campo de batalla.")
      for n in range(20)),
]


@pytest.fixture(scope="module")
def meeting_site(tmp_path_factory):
    folder = tmp_path_factory.mktemp("meeting")
    write_index(index_documents(MEETING, "en", "20250101"), folder / RANK_DIR / "en")
    write_index(index_documents(MEETING_ES, "es", "20250101"), folder / RANK_DIR / "es")
    return folder


@needs_node
def test_two_concepts_land_where_a_rule_of_the_one_says_the_other(meeting_site):
    # The titled rule Deathtouch holds "trample" only in its lettered rules' text: the lettered rule
    # that says it is where the two meet, in either order of the words.
    found = rank(meeting_site, ("en", "trample deathtouch"), ("en", "deathtouch trample"), ("en", "deathtouch"))
    assert found[("en", "trample deathtouch")]["ids"][0] == "702.2c"
    assert found[("en", "deathtouch trample")]["ids"][0] == "702.2c"
    # One concept alone is its titled rule.
    assert found[("en", "deathtouch")]["ids"][0] == "702.2"


@needs_node
def test_a_number_in_words_or_digits_is_the_same_number(meeting_site):
    found = rank(meeting_site, ("en", "zero life"), ("en", "10 poison counters"), ("es", "cero vidas"))
    assert found[("en", "zero life")]["ids"][0] == "704.5a" and found[("en", "zero life")]["unknown"] == []
    assert found[("en", "10 poison counters")]["ids"][0] == "704.5c"
    assert found[("es", "cero vidas")]["ids"][0] == "704.5a"


@needs_node
def test_a_spanish_question_asks_with_its_modal_and_other_forms_of_a_word_are_found(meeting_site):
    asked = "¿puedo bloquear con una criatura girado?"
    found = rank(meeting_site, ("es", asked), ("es", "criaturas giradas"))
    # "puedo" asks, as "can" does: it is neither unknown nor corrected into a word of the rules.
    assert found[("es", asked)]["unknown"] == [] and found[("es", asked)]["corrected"] == []
    # "girado" is not in these rules; its other gender is.
    assert found[("es", asked)]["ids"][0] == "509.1a"
    assert found[("es", "criaturas giradas")]["ids"][0] == "509.1a"
    # An infinitive with its pronoun attached is the infinitive, not a misspelling.
    found = rank(meeting_site, ("es", "equiparse"))
    assert found[("es", "equiparse")]["corrected"] == [] and found[("es", "equiparse")]["ids"][0] == "301.5c"


CITING = [
    _doc("302", "section", "Creatures"),
    _doc("302.6", first="A creature's activated ability with the tap symbol can't be activated unless the "
         "creature has been under its controller's control continuously since their most recent turn began.",
         context=("Creatures",), names=("summoning sickness",)),
    _doc("702", "section", "Keyword Abilities"),
    _doc("702.10", title="Haste", context=("Keyword Abilities",)),
    _doc("702.10a", first="Haste is a static ability.", context=("Keyword Abilities", "Haste")),
    _doc("702.10b", first="If a creature has haste, it can attack even if it hasn't been controlled "
         "continuously since the turn began. (See rule 302.6.)", context=("Keyword Abilities", "Haste")),
    _doc("702.10c", first="If a creature has haste, its controller can activate its abilities.",
         context=("Keyword Abilities", "Haste")),
    *(_doc(f"9{n:02}.1", first=f"Filler rule {n} about a player, a card, a creature, a spell and the battlefield.")
      for n in range(20)),
]
CITING[5]["cites"] = ["summoning sickness", "Creatures"]


@needs_node
def test_two_concepts_meet_in_the_rule_of_the_one_that_cites_the_other(tmp_path):
    write_index(index_documents(CITING, "en", "20250101"), tmp_path / RANK_DIR / "en")
    ids = rank(tmp_path, ("en", "haste summoning sickness"))[("en", "haste summoning sickness")]["ids"]
    # The rule named "summoning sickness" may come first (it is named by most of the query); of
    # Haste's rules, the one citing it is where the two meet, above its siblings and Haste itself.
    assert "702.10b" in ids[:2]
    assert ids.index("702.10b") < min(ids.index(other) for other in ("702.10", "702.10a", "702.10c") if other in ids)


def test_a_rules_citations_are_indexed_by_the_names_of_what_it_cites(data):
    index = rank_index(data, "en")
    assert index["core"]["fields"][-1] == "cites"
    cited = {doc["id"]: doc["cites"] for doc in ranking_documents(data, "en") if doc.get("cites")}
    assert cited, "some rule of the fake rules cites a named rule or section"
    for rule_id, names in cited.items():
        assert all(isinstance(name, str) and name for name in names), rule_id


def test_a_rule_sharing_a_titled_rules_rare_words_is_given_that_concept():
    from kb.site.ranking import _kindred_concepts

    def rule(rule_id: str, title: str = "", first: str = "") -> dict:
        return {"id": rule_id, "title": title, "name": [title] if title else [], "other": [], "first": first, "rest": ""}

    rules = [
        rule("702.2", "Deathtouch"),
        rule("702.2b", first="A creature dealt damage by a source with deathtouch is destroyed."),
        rule("702.2c", first="Combat damage from deathtouch counts as lethal when checking for excess damage "
             "assigned among blockers."),
        rule("702.19", "Trample"),
        rule("702.19b", first="Trample assigns lethal damage to blockers first, then excess damage assigned "
             "to the player."),
        *(rule(f"9{n:02}.1", first=f"Filler rule {n} about a player, a card, a creature and a spell.") for n in range(40)),
    ]
    children = {"702.2": ["702.2b", "702.2c"], "702.19": ["702.19b"]}
    kindred = dict(zip((r["id"] for r in rules), _kindred_concepts(rules, children, "en")))
    # "lethal", "excess", "assigned", "blockers": Deathtouch's 702.2c speaks Trample's words, and back.
    assert kindred["702.2c"] == ["702.19"]
    assert kindred["702.19b"] == ["702.2"]
    # A rule saying none of them, and a concept's own rules, are given nothing of their own concept.
    assert kindred["702.2b"] == [] and kindred["900.1"] == []


@needs_node
def test_a_question_about_a_thing_and_itself_asks_about_itself(meeting_site):
    # "itself" is what the question asks ("An Aura can't enchant itself"); "per" only asks.
    found = rank(meeting_site, ("en", "can an aura enchant itself"), ("en", "how many lands per turn"))
    assert found[("en", "can an aura enchant itself")]["ids"][0] == "303.4d"
    assert found[("en", "how many lands per turn")]["unknown"] == []
    assert found[("en", "how many lands per turn")]["ids"][0] == "305.2"


def _everyday(tmp_path, rows: str) -> list:
    from kb.site.synonyms import load_everyday_words

    path = tmp_path / "everyday.tsv"
    path.write_text("words\tlang\trules\tnote\n" + rows, encoding="utf-8")
    return load_everyday_words(path)


EVERYDAY_DOCS = [
    _doc("701", "section", "Keyword Actions"),
    _doc("701.8a", first="To destroy a permanent, move it from the battlefield to its owner's graveyard.",
         context=("Keyword Actions",)),
    _doc("702.12b", first="A permanent with indestructible can't be destroyed.", context=("Keyword Abilities",)),
    _doc("509.1a", first="The chosen creatures must be untapped.", rest="A tapped creature can't block.",
         context=("Declare Blockers Step",)),
    _doc("120.6", first="Damage marked on a creature remains until the cleanup step.", context=("Damage",)),
    _doc("120.7", first="Damage can stay on a creature said by a player's own word, stay.", context=("Damage",)),
    *(_doc(f"9{n:02}.1", first=f"Filler rule {n} about a player, a card, a creature, a spell and the battlefield.")
      for n in range(20)),
]
EVERYDAY_DOCS_ES = [
    _doc("509.1a", first="Las criaturas elegidas deben estar enderezadas.", rest="Una criatura girada no puede bloquear.",
         context=("Paso de declarar bloqueadoras",)),
    _doc("701.8a", first="Para destruir un permanente, ponlo en el cementerio de su propietario.",
         context=("Acciones clave",)),
    *(_doc(f"9{n:02}.1", first=f"Regla de relleno {n} sobre un jugador, una carta, una criatura y un hechizo.")
      for n in range(20)),
]


@needs_node
def test_a_players_everyday_word_finds_the_rules_own_word(tmp_path):
    table = _everyday(tmp_path, "kill, kills, killed\ten\tdestroy\t\nstay, stays\ten\tremains\t\n"
                      "tapeada, tapeado\tes\tgirada\t\nmatar, mata\tes\tdestruir\t\n")
    for lang, docs, folder in (("en", EVERYDAY_DOCS, "with"), ("es", EVERYDAY_DOCS_ES, "with")):
        write_index(index_documents(docs, lang, "20250101", [e for e in table if e.lang == lang]),
                    tmp_path / folder / RANK_DIR / lang)
    write_index(index_documents(EVERYDAY_DOCS, "en", "20250101"), tmp_path / "without" / RANK_DIR / "en")
    queries = [("en", "can I kill an indestructible creature"), ("en", "killed"), ("es", "¿una criatura tapeada puede bloquear?"),
               ("es", "matar un permanente"), ("en", "how long does damage stay")]
    found = rank(tmp_path / "with", *queries)
    # Without the table "kill" is a word no rule says: named, and the box does not jump.
    assert rank(tmp_path / "without", queries[0])[queries[0]]["unknown"] == ["kill"]
    assert found[queries[0]]["unknown"] == [] and found[queries[0]]["corrected"] == []
    assert found[queries[0]]["ids"][0] == "702.12b"
    assert found[("en", "killed")]["ids"][:2] == ["701.8a", "702.12b"]
    assert found[queries[2]]["unknown"] == [] and found[queries[2]]["ids"][0] == "509.1a"
    assert found[queries[3]]["ids"][0] == "701.8a"
    # The rules' word counts less than the player's own word where a rule says that: 120.7 says
    # "stay", 120.6 "remains"; both are found.
    assert found[queries[4]]["ids"][:2] == ["120.7", "120.6"]


def test_the_everyday_words_are_kept_in_their_words_shard(tmp_path):
    table = _everyday(tmp_path, "kill, killed\ten\tdestroy, dies\t\n")
    index = index_documents([*EVERYDAY_DOCS, _doc("700.4", first="The term dies means put into a graveyard.")],
                            "en", "20250101", table)
    assert index["shards"]["ki"]["e"] == {"kill": ["destroy", "die"], "killed": ["destroy", "die"]}
    assert "ki" in index["core"]["shards"]
    # A shard without everyday words is as it was.
    assert all("e" not in shard for prefix, shard in index["shards"].items() if prefix != "ki")


def test_an_everyday_word_for_a_word_no_rule_says_fails_naming_its_line(tmp_path):
    from kb.site.synonyms import EverydayWordError

    table = _everyday(tmp_path, "# a comment\nkill\ten\tdestroy\t\nsmash\ten\tobliterate\t\n")
    with pytest.raises(EverydayWordError, match=r"everyday.tsv:4: no rule in 'en' says 'obliterate'"):
        index_documents(EVERYDAY_DOCS, "en", "20250101", table)


@pytest.mark.parametrize("rows, message", [
    ("kill\tfr\tdestroy\t\n", r"everyday.tsv:2: lang 'fr'"),
    ("kill\ten\t\n", r"everyday.tsv:2: rules has an empty item"),
    ("kill,\ten\tdestroy\t\n", r"everyday.tsv:2: words has an empty item"),
    ("go away\ten\tleaves\t\n", r"everyday.tsv:2: 'go away' in words is not a single word"),
    ("kill\ten\tdestroy\t\nkills, kill\ten\tdies\t\n", r"everyday.tsv:3: 'kill' is already given at line 2"),
    ("destroy\ten\tdestroy\t\n", r"everyday.tsv:2: 'destroy' is both"),
    ("kill\ten\tdestroy\tnote\textra\n", r"everyday.tsv:2: 5 columns"),
])
def test_a_malformed_everyday_words_table_names_its_line(tmp_path, rows, message):
    from kb.site.synonyms import EverydayWordError

    with pytest.raises(EverydayWordError, match=message):
        _everyday(tmp_path, rows)
    (tmp_path / "everyday.tsv").write_text("word\tlang\trules\n", encoding="utf-8")
    from kb.site.synonyms import load_everyday_words

    with pytest.raises(EverydayWordError, match=r"everyday.tsv:1: the header"):
        load_everyday_words(tmp_path / "everyday.tsv")


def test_the_corpus_everyday_words_speak_both_languages():
    from kb.site.synonyms import load_everyday_words

    table = load_everyday_words(PROJECT_ROOT / "corpus" / "terms" / "everyday.tsv")
    rules = {(word, e.lang): e.rules for e in table for word in e.words}
    assert rules["kill", "en"][0] == "destroy" and rules["matar", "es"][0] == "destruir"
    assert rules["tapeada", "es"] == ("girar", "girada") and rules["rival", "es"] == ("oponente",)


def test_the_sites_data_reads_the_corpus_everyday_words_and_a_bad_line_fails_it(tmp_path):
    from kb.site.sitedata import _query_sources
    from kb.site.synonyms import EverydayWordError

    (tmp_path / "terms").mkdir()
    table = tmp_path / "terms" / "everyday.tsv"
    table.write_text("words\tlang\trules\tnote\nkill\ten\tdestroy\t\n", encoding="utf-8")
    assert [e.words for e in _query_sources(tmp_path)["everyday"]] == [("kill",)]
    table.write_text("words\tlang\trules\tnote\nkill\tfr\tdestroy\t\n", encoding="utf-8")
    with pytest.raises(EverydayWordError, match=r"everyday.tsv:2: lang 'fr'"):
        _query_sources(tmp_path)


@needs_node
def test_a_rule_number_among_words_is_that_rule_first_and_a_number_that_is_no_rule_is_said(site):
    found = rank(site, ("en", "101.4a stack"), ("en", "stack 101.4A"), ("es", "pila 101.04a"), ("en", "stack 999.9z"),
                 ("en", "101.4a 102.1"))
    for query in [("en", "101.4a stack"), ("en", "stack 101.4A"), ("es", "pila 101.04a")]:
        # The number is no pair of words ("101", "4a") to search, nor an unknown one.
        assert found[query]["ids"][0] == "101.4a" and found[query]["unknown"] == [], query
        assert "405" in found[query]["ids"] and found[query]["ids"].count("101.4a") == 1
    assert found[("en", "stack 999.9z")]["unknown"] == ["999.9z"] and found[("en", "stack 999.9z")]["ids"][0] == "405"
    assert found[("en", "101.4a 102.1")]["ids"] == ["101.4a", "102.1"]
