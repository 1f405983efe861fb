"""The narration of every executable example, read back by the rules of each language
(kb.examples.proofread): no finding of any kind, in Spanish or English; and each check finds the
fault it is for, shown a line that has it."""

from __future__ import annotations

import gettext

import pytest

from kb.engine import Card, Game, Player, ScriptedDecisions, Step
from kb.examples import narration
from kb.examples.locales import English, translations
from kb.examples.narration import NarrationLine, format_list, narrate
from kb.examples.proofread import (
    ENGLISH_KINDS,
    SPANISH_KINDS,
    check_english_line,
    check_spanish_line,
    proofread,
    proofread_catalogs,
    proofread_page,
)


@pytest.fixture(scope="module")
def report():
    return proofread()


def test_every_example_is_read_in_both_languages(report):
    assert report.lines["es"] == report.lines["en"] > 3000


@pytest.mark.parametrize("kind", SPANISH_KINDS)
def test_the_spanish_narration_has_no_fault_of_this_kind(report, kind):
    found = [f"{f.page}: {f.detail} | {f.text}" for f in report.findings if f.lang == "es" and f.kind == kind]
    assert not found, "\n".join(found[:20])


@pytest.mark.parametrize("kind", ENGLISH_KINDS)
def test_the_english_narration_has_no_fault_of_this_kind(report, kind):
    found = [f"{f.page}: {f.detail} | {f.text}" for f in report.findings if f.lang == "en" and f.kind == kind]
    assert not found, "\n".join(found[:20])


def test_every_message_of_the_catalogs_reads_right_in_each_of_its_uses():
    found = [f"{f.lang} {f.page}: {f.kind}: {f.detail} | {f.text}" for f in proofread_catalogs()]
    assert not found, "\n".join(found)


# ----- each check, shown a line with its fault


def _line(text, names=(), **fields):
    return NarrationLine(text, None, "test", names=tuple(names), **fields)


def _kinds(text, names=(), players=("Ana", "Bruno"), lang="es", **fields):
    check = check_spanish_line if lang == "es" else check_english_line
    return [kind for kind, _ in check(_line(text, names, **fields), players)]


CUB = ("Bear Cub", "Bear Cub")
BEARS = ("Grizzly Bears", "Grizzly Bears")
PLAIN = ("", "una criatura 2/2")


@pytest.mark.parametrize("text, names, kind", [
    ("Bear Cub: girados.", [CUB], "number"),
    ("Bear Cub y Grizzly Bears: girado.", [CUB, BEARS], "number"),
    ("Una criatura 2/2: girado.", [PLAIN], "number"),
    ("Bear Cub: girada.", [CUB], "number"),
    ("Bear Cub quedan bloqueados.", [CUB], "number"),
    ("Bear Cub queda bloqueados.", [CUB], "number"),
    ("Ana crea dos ficha de Myr.", [], "number"),
    ("Bruno obtiene 1 contadores de veneno.", [], "number"),
    ("Bruno obtiene 3 contador de veneno.", [], "number"),
    ("Empieza un efecto continuo; se aplica a Bear Cub (capa 4 y 7b).", [CUB], "number"),
    ("Empieza un efecto continuo; se aplica a Bear Cub (capas 6).", [CUB], "number"),
    ("Bosque y Isla: exiliados a la vez.", [("Forest", "Bosque"), ("Island", "Isla")], "conjunction"),
    ("Grizzly Bears e Bear Cub: girados.", [BEARS, CUB], "conjunction"),
    ("Ana vuelve a el campo de batalla.", [], "conjunction"),
    ("Ana elige Bruno como objetivo de Lightning Bolt.", [("Lightning Bolt", "Lightning Bolt")], "personal_a"),
    ("Ana crea the token.", [], "english_word"),
    ("Bear Cub: tapped.", [CUB], "english_word"),
    ("Ana juega Forest.", [("Forest", "Forest")], "card_name"),
    ("Ana crea ficha de Myr.", [], "card_name"),
    ("Hill Giant: vuelven a estar en fase.", [("Hill Giant", "Hill Giant")], "number"),
    ("Hill Giant y Bear Cub: vuelve a estar en fase.", [("Hill Giant", "Hill Giant"), CUB], "number"),
    ("Hill Giant: removidas del combate.", [("Hill Giant", "Hill Giant")], "number"),
    ("Ana busca y encuentra —.", [], "nothing"),
    ("Ana lanza Fae of Wishes.", [("Fae of Mana Wishes", "Fae of Wishes")], "card_name"),
])
def test_each_spanish_fault_is_found(text, names, kind):
    assert kind in _kinds(text, names)


@pytest.mark.parametrize("text, names", [
    ("Bear Cub: girado.", [CUB]),
    ("Una criatura 2/2 y una criatura 3/3: giradas.", [PLAIN, ("", "una criatura 3/3")]),
    ("Ratas icóridas: girada.", [("Ichor Rats", "Ratas icóridas")]),
    ("Bosque e Isla: exiliados a la vez.", [("Forest", "Bosque"), ("Island", "Isla")]),
    ("Grizzly Bears y Hill Giant: sacrificados a la vez.", [BEARS, ("Hill Giant", "Hill Giant")]),
    ("Ana crea dos fichas de Soldado.", []),
    ("Empieza un efecto continuo; se aplica a Bear Cub (capas 4 y 7b).", [CUB]),
    ("Ana elige a Bruno como objetivo de Lightning Bolt.", [("Lightning Bolt", "Lightning Bolt")]),
    ("Ana agrega {U}{B}.", []),
    ("Ana anuncia el nuevo nombre: It That Betrays Eldrazi.", [("It That Betrays Eldrazi",) * 2]),
])
def test_a_good_spanish_line_has_no_finding(text, names):
    assert _kinds(text, names) == []


def test_a_message_fallen_back_to_english_and_an_untranslated_word_are_found():
    assert "fallback" in _kinds("Ana draws a card.", fallbacks=("%(player)s draws a card.",))
    assert "untranslated" in _kinds("Bear Cub recibe un contador oil.", [CUB], untranslated=("oil",))


@pytest.mark.parametrize("text, kind", [
    ("Bruno gets 1 poison counters.", "number"),
    ("Bruno gets 3 poison counter.", "number"),
    ("Ana draws 2 card.", "number"),
    ("A continuous effect begins; it applies to Bear Cub (layer 4 and 7b).", "number"),
    ("Bear Cub: girado.", "spanish_word"),
    ("Ana creates una ficha de Myr.", "spanish_word"),
    ("Ana gains 3 vidas.", "spanish_word"),
    ("Bear Cub return to the battlefield under their owners' control.", "number"),
    ("Bear Cub: destroyed at the same time.", "number"),
    ("A continuous effect begins; it applies to — (layer 6).", "nothing"),
])
def test_each_english_fault_is_found(text, kind):
    assert kind in _kinds(text, [CUB], lang="en")


@pytest.mark.parametrize("text", [
    "Bruno gets one poison counter.", "Grizzly Bears gets 2 +1/+1 counters.", "Ana adds {U}{U}.",
    "A continuous effect begins; it applies to Bear Cub (layers 4, 5, and 7b).", "Ana creates two Soldier Tokens.",
    "Bear Cub returns to the battlefield under its owner's control.", "Bear Cub: destroyed.",
])
def test_a_good_english_line_has_no_finding(text):
    assert _kinds(text, [CUB], lang="en") == []


def test_a_card_named_two_ways_on_one_page_is_found():
    lines = [_line("Una ficha de Myr: girada.", [("Myr Token", "una ficha de Myr")]),
             _line("Myr Token: girado.", [("Myr Token", "Myr Token")])]
    assert [(f.kind, "2 ways" in f.detail) for f in proofread_page("page", "es", lines)] == [("card_name", True)]
    assert proofread_page("page", "es", lines[:1]) == []
    renamed = [_line("Bear Cub: girado.", [CUB]), _line("Osezno: girado.", [("Bear Cub", "Osezno")])]
    assert {f.kind for f in proofread_page("page", "es", renamed)} == {"card_name"}


# ----- what the narration does, that the checks found wanting


def test_a_message_the_catalog_lacks_is_noted_as_a_fallback(monkeypatch):
    empty = gettext.NullTranslations()
    empty.add_fallback(translations("en")._fallback)  # the last resort every catalog has
    monkeypatch.setattr(narration, "translations", lambda lang: empty)
    game = Game(players=[Player("Ana", library=5), Player("Bruno", library=5)])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    lines = narrate(game.events, "es")
    assert lines and all(line.fallbacks for line in lines)
    assert isinstance(translations("es").gettext("No such message."), English)


def test_spanish_and_becomes_e_before_the_sound_i():
    assert format_list(["Bosque", "Isla"], "es") == "Bosque e Isla"
    assert format_list(["Bosque", "Montaña", "hielo"], "es") == "Bosque, Montaña y hielo"  # a diphthong
    assert format_list(["Grizzly Bears", "Hill Giant"], "es") == "Grizzly Bears y Hill Giant"  # said in English
    assert format_list(["4", "7b"], "es") == "4 y 7b"
    assert format_list(["Forest", "Island"], "en") == "Forest and Island"


def test_a_copy_of_a_token_is_named_as_the_token_is():
    ana = Player("Ana", hand=["Clone"], library=5)
    game = Game(players=[ana, Player("Bruno", library=5)])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    token = Card.token(power=1, toughness=1, subtypes=("Myr",))
    game.create_tokens(ana, token)
    game.decision_maker = ScriptedDecisions(Ana=[token])
    game.cast(ana, "Clone")
    game.resolve_stack()
    assert ana.battlefield[-1].name == "Myr Token" and not ana.battlefield[-1].is_token
    told = narrate(game.events, "es")
    names = {told_as for line in told for english, told_as in line.names if english == "Myr Token"}
    assert names == {"una ficha de Myr"}, names
    assert [f for f in proofread_page("clone", "es", told) if f.kind == "card_name"] == []


def test_one_card_or_several_are_told_in_their_number_in_both_languages():
    cub, giant, bears = Card("Bear Cub"), Card("Hill Giant"), Card("Grizzly Bears")
    ana = Player("Ana", battlefield=[cub, giant, bears], library=5)
    game = Game(players=[ana, Player("Bruno", library=5)])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.phase_out([cub])
    game.phase_in([cub])
    game.phase_out([giant, bears])
    game.destroy([cub])
    spanish = [line.text for line in narrate(game.events, "es")]
    english = [line.text for line in narrate(game.events, "en")]
    assert "Bear Cub: fuera de fase; se trata como si no existiera." in spanish
    assert "Bear Cub: vuelve a estar en fase." in spanish
    assert "Hill Giant y Grizzly Bears: fuera de fase; se tratan como si no existieran." in spanish
    assert "Bear Cub: phased out, treated as though it doesn't exist." in english
    assert "Hill Giant and Grizzly Bears: phased out, treated as though they don't exist." in english
    assert "Bear Cub: destroyed." in english and "Bear Cub: destruido." in spanish


def test_a_count_of_one_is_told_in_the_singular_in_both_languages():
    ana = Player("Ana", library=5)
    game = Game(players=[ana, Player("Bruno", library=5)])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.lose_life(ana, 19)
    game.lose_life(ana, 1)
    spanish = [line.text for line in narrate(game.events, "es")]
    english = [line.text for line in narrate(game.events, "en")]
    assert "Ana queda con 1 vida." in spanish and "Ana queda con 0 vidas." in spanish
    assert "Ana is at 1 life." in english


def test_the_command_reads_one_example_and_refuses_an_unknown_one_in_one_line(capsys):
    from kb.examples.proofread import main

    assert main(["two-headed-giant-flame-rift", "--quiet"]) == 0
    assert "es: 11 lines; fallback 0" in capsys.readouterr().out
    with pytest.raises(SystemExit) as stopped:
        main(["no-such-example"])
    assert stopped.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


def test_a_spell_is_told_by_the_name_it_had_on_the_stack_though_it_now_copies_another():
    bears = Card("Grizzly Bears")
    ana = Player("Ana", battlefield=[bears], hand=["Clone"], library=5)
    game = Game(players=[ana, Player("Bruno", library=5)])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.decision_maker = ScriptedDecisions(Ana=[bears])
    game.cast(ana, "Clone")
    game.resolve_stack()
    assert ana.battlefield[-1].name == "Grizzly Bears"
    english = [line.text for line in narrate(game.events, "en")]
    spanish = [line.text for line in narrate(game.events, "es")]
    assert "Ana casts Clone." in english and "Clone resolves." in english
    assert "Ana lanza Clone." in spanish and "Se resuelve Clone." in spanish
    assert "Ana casts Grizzly Bears." not in english
