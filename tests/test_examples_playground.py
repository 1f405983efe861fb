"""The playground without code (kb.examples.playground): the moves it offers are the engine's
(tried on a copy of the game), a decision the engine asks is a menu of its options, a refused move
is one line, and the game it makes is the same as code and as a doctest that passes."""

from __future__ import annotations

import json

from kb.examples.playground import play
from kb.examples.runner import run_code

TABLE = {"players": [{"name": "Ana", "hand": ["Lightning Bolt", "Isla"], "battlefield": ["Grizzly Bears"], "library": 10},
                     {"name": "José Luis", "life": 7, "hand": ["Lightning Bolt"], "battlefield": ["Hill Giant"],
                      "library": 10}],
         "step": "PRECOMBAT_MAIN", "turn": 3}


def played(moves, lang="en", table=TABLE):
    return json.loads(play(json.dumps(table), json.dumps(moves), lang))


def test_only_what_the_engine_allows_now_is_offered():
    first = played([])
    labels = [c["label"] for c in first["choices"]]
    assert "Ana plays Island" in labels and "Ana casts Lightning Bolt targeting José Luis" in labels
    # José Luis has no priority; Ana cannot cast a land nor play a spell as a land.
    assert not any(label.startswith("José Luis") for label in labels)
    assert "Ana casts Island" not in labels and "Ana plays Lightning Bolt" not in labels
    assert first["state"]["players"][1]["life"] == 7 and first["error"] is None


def test_an_attack_is_the_engines_own_decision_offered_as_a_menu():
    moves = [{"code": "game.advance_to(Step.DECLARE_ATTACKERS)"}]
    asked = played(moves, "es")
    assert asked["pending"] and [c["label"] for c in asked["choices"]] == ["Ana elige: nada", "Ana elige: Grizzly Bears"]
    moves.append(asked["choices"][1]["move"])
    moves.append({"code": "game.advance_to(Step.DECLARE_BLOCKERS)"})
    blocked = played(moves, "es")
    assert blocked["pending"] and any("Hill Giant" in c["label"] for c in blocked["choices"])
    moves.append(next(c["move"] for c in blocked["choices"] if c["label"].endswith("nada")))
    moves.append({"code": "game.advance_to(Step.END_OF_COMBAT)"})
    done = played(moves, "es")
    assert done["state"]["players"][1]["life"] == 5
    assert any(line["rule"] and line["rule"].startswith("510") for line in done["narration"])
    # The same game as a doctest, with each value the engine gave: it passes.
    assert run_code(done["doctest"], "es").outcome in ("passed", "shown")


def test_a_refused_move_is_one_line_in_the_pages_language():
    answer = played([{"code": "game.play_land(ana, ana.hand[0])"}], "es")
    assert answer["error"] and "\n" not in answer["error"] and answer["choices"] == []


def test_the_code_is_the_game_and_its_doctest_passes():
    first = played([])
    bolt = next(c for c in first["choices"] if c["label"].endswith("targeting Hill Giant"))
    after = played([bolt["move"], {"code": "game.pass_all()"}])
    assert after["narration"][-1]["rule"] == "704.5g"
    assert "game.cast(ana, ana.hand[0], targets=[jose_luis.battlefield[0]])" in after["code"]
    result = run_code(after["doctest"], "en")
    assert result.outcome == "passed", result.failures


def test_the_modules_own_examples_run():
    import doctest

    import kb.examples.card_names
    import kb.examples.playground

    for module in (kb.examples.playground, kb.examples.card_names):
        assert doctest.testmod(module).failed == 0, module.__name__
