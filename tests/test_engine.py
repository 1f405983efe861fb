"""Unit tests of the reference rules engine: set-up, reprs, exceptions, turn structure, priority,
the stack, triggered abilities, simultaneous choices, state-based actions, life, combat,
mulligans and ending the turn."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import kb.engine
import kb.engine.game
import kb.engine.mana
import kb.engine.variants
from kb.engine import (
    STEPS,
    CannotPayError,
    Card,
    CardDefinition,
    CardNotFoundError,
    ChoiceRequest,
    Decision,
    EngineError,
    FirstOptions,
    Game,
    GameOverError,
    IllegalActionError,
    IllegalChoiceError,
    IllegalTargetError,
    MissingDecisionError,
    NotYourPriorityError,
    NotYourTurnError,
    Player,
    ScriptedDecisions,
    SetupError,
    Stack,
    Step,
    Team,
    TimingError,
    TriggeredAbility,
    TwoHeadedGiant,
    UnknownCardError,
    Zone,
)
from kb.engine.game import Event


def two_players(ana_kw=None, bruno_kw=None, **game_kw):
    ana = Player("Ana", library=10, **(ana_kw or {}))
    bruno = Player("Bruno", library=10, **(bruno_kw or {}))
    return Game(players=[ana, bruno], **game_kw), ana, bruno


ENGINE_MODULES = sorted(
    [kb.engine] + [importlib.import_module(f"kb.engine.{m.name}") for m in pkgutil.iter_modules(kb.engine.__path__)],
    key=lambda module: module.__name__,
)


@pytest.mark.parametrize("module", ENGINE_MODULES, ids=lambda module: module.__name__)
def test_docstrings_are_doctests_that_pass(module):
    result = doctest.testmod(module, optionflags=0)
    assert result.failed == 0


def test_the_tutorial_and_the_core_modules_have_doctests():
    for module in (kb.engine, kb.engine.objects, kb.engine.players, kb.engine.stack, kb.engine.decisions):
        assert doctest.testmod(module, optionflags=0).attempted > 0, module.__name__


# ----- set-up and reprs


def test_reprs_read_like_the_calls_that_make_them():
    ana, bea = Player("Ana"), Player("Bea")
    assert repr(ana) == "Player('Ana')"
    assert repr(Card("Masticore")) == "Card('Masticore')"
    team = Team("A", [ana, bea])
    assert repr(team) == "Team('A', [Player('Ana'), Player('Bea')])"
    game = TwoHeadedGiant(teams=[team, Team("B", [Player("Carlos"), Player("Dani")])])
    assert repr(game).startswith("TwoHeadedGiant(teams=[Team('A'")
    assert repr(Step.UPKEEP) == "Step.UPKEEP"
    assert repr(Zone.EXILE) == "Zone.EXILE"
    namespace = vars(kb.engine)
    assert repr(eval(repr(Card("Flame Rift")), namespace)) == "Card('Flame Rift')"
    assert repr(eval("ManaCost('{1}{W/P}')", namespace)) == "ManaCost('{1}{W/P}')"


def test_every_engine_exception_is_a_value_error():
    for name in dir(kb.engine.game):
        obj = getattr(kb.engine.game, name)
        if isinstance(obj, type) and issubclass(obj, Exception) and obj.__module__ == "kb.engine.game":
            assert issubclass(obj, ValueError), name
            assert issubclass(obj, EngineError), name
    assert issubclass(NotYourPriorityError, IllegalActionError)
    assert issubclass(kb.engine.ManaCostError, ValueError)


@pytest.mark.parametrize(
    "build, message",
    [
        (lambda: Game(players=[Player("Ana")]), "at least two"),
        (lambda: Game(players=[Player("Ana"), Player("Ana")]), "two players are named 'Ana'"),
        (lambda: Card("No Such Card"), "unknown card"),
        (lambda: Player(""), "needs a name"),
        (lambda: Team("A", []), "no players"),
        (
            lambda: TwoHeadedGiant(teams=[Team("A", [Player("a"), Player("b")]), Team("B", [Player("c")])]),
            "same number of players",
        ),
        (
            lambda: TwoHeadedGiant(teams=[Team(n, [Player(n + "1"), Player(n + "2")]) for n in "ABC"]),
            "two teams",
        ),
        (lambda: kb.engine.Vanguard(players=[Player("A"), Player("B")], vanguards={"A": kb.engine.VanguardCard()}), "no vanguard card"),
    ],
)
def test_impossible_set_ups_raise_setup_errors(build, message):
    with pytest.raises((SetupError, UnknownCardError), match=message):
        build()


def test_a_player_can_be_in_one_game_and_one_team_only():
    ana, bruno = Player("Ana"), Player("Bruno")
    Game(players=[ana, bruno])
    with pytest.raises(SetupError, match="already in a game"):
        Game(players=[ana, Player("Carla")])
    bea = Player("Bea")
    Team("A", [bea, Player("x")])
    with pytest.raises(SetupError, match="already on team A"):
        Team("B", [bea])


def test_cards_given_to_a_player_belong_to_them_in_their_zones():
    game, ana, bruno = two_players(ana_kw={"hand": ["Island"], "battlefield": ["Grizzly Bears"]})
    assert ana.hand[0].owner is ana and ana.hand[0].zone is Zone.HAND
    assert game.battlefield[0].controller is ana
    assert ana.battlefield == game.battlefield
    assert len(ana.library) == 10 and all(c.name == "Wastes" for c in ana.library)


# ----- exceptions for illegal actions


@pytest.mark.rules("117.1")
def test_acting_without_priority_raises():
    game, ana, bruno = two_players(bruno_kw={"hand": ["Lightning Bolt"]})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    with pytest.raises(NotYourPriorityError, match="Bruno does not have priority"):
        game.cast(bruno, "Lightning Bolt", targets=[ana])
    with pytest.raises(NotYourPriorityError):
        game.pass_priority(bruno)


@pytest.mark.rules("307.1", "117.1a")
def test_sorcery_timing():
    game, ana, bruno = two_players(ana_kw={"hand": ["Flame Rift", "Lightning Bolt"]}, bruno_kw={"hand": ["Flame Rift"]})
    game.start(at=Step.UPKEEP, turn=3)
    with pytest.raises(TimingError, match="main phase"):
        game.cast(ana, "Flame Rift")
    game.advance_to(Step.PRECOMBAT_MAIN)
    game.cast(ana, "Lightning Bolt", targets=[bruno])
    with pytest.raises(TimingError, match="empty stack"):
        game.cast(ana, "Flame Rift")
    game.pass_all()
    game.pass_priority(ana)
    with pytest.raises(TimingError):
        game.cast(bruno, "Flame Rift")


def test_cast_only_during_combat_and_only_during_your_turn():
    game, ana, bruno = two_players(ana_kw={"hand": ["Mandate of Peace"]}, bruno_kw={"battlefield": ["Sundial of the Infinite"]})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    with pytest.raises(TimingError, match="only during combat"):
        game.cast(ana, "Mandate of Peace")
    game.pass_priority(ana)
    with pytest.raises(NotYourTurnError):
        game.activate(bruno, "Sundial of the Infinite")


def test_cards_must_be_where_the_action_needs_them():
    game, ana, bruno = two_players(ana_kw={"hand": ["Island"], "battlefield": ["Grizzly Bears"]})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    with pytest.raises(CardNotFoundError, match="no Time Stop in Ana's hand"):
        game.cast(ana, "Time Stop")
    with pytest.raises(IllegalActionError, match="lands are played, not cast"):
        game.cast(ana, "Island")
    with pytest.raises(IllegalActionError, match="no activated ability"):
        game.activate(ana, "Grizzly Bears")
    with pytest.raises(CardNotFoundError):
        game.activate(ana, "Sundial of the Infinite")


@pytest.mark.rules("601.2c")
def test_targets_must_be_legal():
    game, ana, bruno = two_players(ana_kw={"hand": ["Lightning Bolt", "Flame Rift", "Beacon of Immortality"]})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    with pytest.raises(IllegalTargetError, match="has no targets"):
        game.cast(ana, "Flame Rift", targets=[bruno])
    with pytest.raises(IllegalTargetError, match="not a legal target"):
        game.cast(ana, "Beacon of Immortality", targets=[Card("Grizzly Bears")])
    with pytest.raises(IllegalTargetError, match="exactly one target"):
        game.cast(ana, "Lightning Bolt", targets=[ana, bruno])
    assert len(game.stack) == 0 and len(ana.hand) == 3


@pytest.mark.rules("608.2b")
def test_a_spell_whose_only_target_became_illegal_does_not_resolve():
    game, ana, bruno = two_players(ana_kw={"hand": ["Lightning Bolt"]}, bruno_kw={"battlefield": ["Grizzly Bears"], "hand": ["Lightning Bolt"]})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    bears = bruno.battlefield[0]
    game.cast(ana, "Lightning Bolt", targets=[bears])
    game.pass_priority(ana)
    game.cast(bruno, "Lightning Bolt", targets=[bears])
    game.resolve_stack()
    assert [e.kind for e in game.events if e.kind in ("damage", "fizzles")] == ["damage", "fizzles"]
    assert [c.name for c in ana.graveyard] == ["Lightning Bolt"]


@pytest.mark.rules("118.3", "119.4")
def test_costs_that_cannot_be_paid():
    game, ana, bruno = two_players(ana_kw={"battlefield": ["Sundial of the Infinite", "Lurking Evil"], "life": 1})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.activate(ana, "Lurking Evil")  # half of 1, rounded up, is 1: payable
    assert ana.life == 0
    game, ana, bruno = two_players(ana_kw={"battlefield": ["Sundial of the Infinite"]})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    ana.battlefield[0].tapped = True
    with pytest.raises(CannotPayError, match="already tapped"):
        game.activate(ana, "Sundial of the Infinite")
    with pytest.raises(CannotPayError, match="can't pay 21 life"):
        game.pay_life(ana, 21)
    with pytest.raises(CannotPayError, match="negative"):
        game.pay_life(ana, -1)
    game.pay_life(ana, 0)
    assert ana.life == 20


@pytest.mark.rules("119.8")
def test_a_player_who_cannot_lose_life_pays_only_zero():
    game, ana, bruno = two_players(ana_kw={"battlefield": ["Platinum Emperion"]})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    with pytest.raises(CannotPayError, match="can pay only 0 life"):
        game.pay_life(ana, 1)
    game.pay_life(ana, 0)
    assert game.gain_life(ana, 5) == 0 and game.lose_life(ana, 5) == 0
    game.deal_damage(Card("Lightning Bolt"), ana, 3)
    assert ana.life == 20


def test_scripted_answers_are_checked_against_the_options():
    game, ana, bruno = two_players(
        ana_kw={"hand": ["Innocent Blood"], "battlefield": ["Grizzly Bears", "Hill Giant"]},
        decisions=ScriptedDecisions(Ana=["Masticore"]),
    )
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Innocent Blood")
    with pytest.raises(IllegalChoiceError, match="'Masticore' is not an available answer"):
        game.pass_all()


def test_a_strict_script_without_an_answer_raises():
    game, ana, bruno = two_players(
        ana_kw={"hand": ["Innocent Blood"], "battlefield": ["Grizzly Bears", "Hill Giant"]},
        decisions=ScriptedDecisions(fallback=None),
    )
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Innocent Blood")
    with pytest.raises(MissingDecisionError, match="Ana has no scripted answer"):
        game.pass_all()


def test_a_decision_with_one_option_is_made_without_asking():
    class Refuses(FirstOptions):
        def decide(self, game, decision):
            raise AssertionError("asked")

    game, ana, bruno = two_players(ana_kw={"hand": ["Innocent Blood"], "battlefield": ["Grizzly Bears"]}, decisions=Refuses())
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Innocent Blood")
    game.pass_all()
    assert game.decision_log[0].forced and ana.graveyard[0].name == "Grizzly Bears"


@pytest.mark.rules("104.3b")
def test_nothing_can_be_done_once_the_game_is_over():
    game, ana, bruno = two_players(ana_kw={"hand": ["Lightning Bolt"]}, bruno_kw={"life": 3})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Lightning Bolt", targets=[bruno])
    game.pass_all()
    assert game.over and game.winners == [ana] and game.losers == [bruno]
    with pytest.raises(GameOverError):
        game.pass_priority()
    with pytest.raises(GameOverError):
        game.concede(ana)
    with pytest.raises(IllegalActionError, match="already started"):
        game.start()


# ----- turns, steps and priority


@pytest.mark.rules("508.8")
def test_a_turn_goes_through_every_step_in_order():
    game, ana, bruno = two_players(ana_kw={"battlefield": ["Grizzly Bears"]}, decisions=ScriptedDecisions(Ana=[["Grizzly Bears"]]))
    game.start(turn=2)
    game.advance_to(Step.UPKEEP, turn=4)
    begun = [e["step"] for e in game.events if e.kind == "step_begins"]
    assert begun[:12] == list(STEPS)  # Ana's turn: an attacker, so every step happens
    # Bruno's turn: no attackers, so no declare blockers or combat damage step (508.8)
    second = begun[12:22]
    assert second == [s for s in STEPS if s not in (Step.DECLARE_BLOCKERS, Step.COMBAT_DAMAGE)]
    assert begun[22:] == [Step.UNTAP, Step.UPKEEP]
    assert bruno.life == 18 and game.active_player is ana


@pytest.mark.rules("502.3")
def test_untap_step_untaps_only_the_active_players_permanents():
    game, ana, bruno = two_players(ana_kw={"battlefield": ["Grizzly Bears"]}, bruno_kw={"battlefield": ["Hill Giant"]})
    for card in game.battlefield:
        card.tapped = True
    game.start(turn=2)
    assert [c.tapped for c in game.battlefield] == [False, True]
    assert game.step is Step.UPKEEP and game.priority is ana


@pytest.mark.rules("103.8c", "103.8a")
def test_first_turn_draw_is_skipped_only_in_a_two_player_game():
    game, ana, bruno = two_players()
    game.start()
    game.advance_to(Step.PRECOMBAT_MAIN)
    assert [e.rule for e in game.events if e.kind == "skip_draw"] == ["103.8a"]
    assert len(ana.hand) == 0
    players = [Player(n, library=5) for n in ("Ana", "Bruno", "Carla")]
    three = Game(players=players)
    three.start()
    three.advance_to(Step.PRECOMBAT_MAIN)
    assert len(players[0].hand) == 1  # 103.8c
    game.advance_to(Step.PRECOMBAT_MAIN, turn=2)
    assert len(bruno.hand) == 1


@pytest.mark.rules("117.3c", "117.3b")
def test_priority_passes_in_turn_order_and_returns_after_casting_and_resolving():
    players = [Player(n, library=5, hand=["Lightning Bolt"]) for n in ("Ana", "Bruno", "Carla")]
    game = Game(players=players)
    ana, bruno, carla = players
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    assert game.priority is ana
    game.pass_priority(ana)
    assert game.priority is bruno
    game.cast(bruno, "Lightning Bolt", targets=[carla])
    assert game.priority is bruno  # 117.3c
    game.pass_priority(bruno)
    game.pass_priority(carla)
    assert len(game.stack) == 1
    game.pass_priority(ana)
    assert carla.life == 17 and game.priority is ana  # 117.3b: the active player
    assert game.step is Step.PRECOMBAT_MAIN


def test_advance_to_a_passed_step_raises():
    game, ana, bruno = two_players()
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    with pytest.raises(IllegalActionError, match="has passed"):
        game.advance_to(Step.UPKEEP, turn=3)


# ----- the stack and triggered abilities


def test_stack_is_last_in_first_out():
    stack = Stack()
    for item in "abc":
        stack.push(item)
    assert stack.top == "c" and list(stack) == ["c", "b", "a"] and len(stack) == 3
    assert [stack.pop() for _ in range(3)] == ["c", "b", "a"]
    with pytest.raises(IllegalActionError, match="empty"):
        stack.pop()


@pytest.mark.rules("603.3", "603.3b")
def test_triggers_wait_until_a_player_would_receive_priority_and_go_in_apnap_order():
    ana = Player("Ana", battlefield=["Masticore"], hand=["Island"] * 5, library=5)
    bruno = Player("Bruno", battlefield=[Card("Black Vise", chosen_player=ana)], library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.UPKEEP, turn=3)
    kinds = [e.kind for e in game.events]
    assert kinds.index("triggers") < kinds.index("trigger_on_stack")
    assert [a.controller for a in game.stack] == [bruno, ana]  # top first


@pytest.mark.rules("405.3", "603.3b")
def test_a_player_orders_their_own_triggers():
    ana = Player("Ana", battlefield=["Masticore", "Test of Endurance"], hand=["Island"] * 2, life=60, library=5)
    first, second = ana._battlefield
    game = Game(players=[ana, Player("Bruno")], decisions=ScriptedDecisions(Ana=[["Test of Endurance", "Masticore"]]))
    game.start(at=Step.UPKEEP, turn=3)
    order = game.decision_log[0]
    assert order.kind == "order_triggers" and order.rule == "405.3"
    assert [a.source for a in game.stack] == [first, second]  # Masticore on top: put last


def test_black_vise_chooses_an_opponent_as_it_enters():
    ana = Player("Ana", hand=["Black Vise"])
    bruno, carla = Player("Bruno"), Player("Carla")
    game = Game(players=[ana, bruno, carla], decisions=ScriptedDecisions(Ana=["Carla"]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Black Vise")
    game.pass_all()
    assert ana.battlefield[0].chosen_player is carla


@pytest.mark.rules("603.4")
def test_intervening_if_is_checked_on_trigger_and_on_resolution():
    game, ana, bruno = two_players(ana_kw={"battlefield": ["Felidar Sovereign"], "life": 40}, bruno_kw={"hand": ["Lightning Bolt"]})
    game.start(at=Step.UPKEEP, turn=3)
    assert len(game.stack) == 1
    game.pass_priority(ana)
    game.cast(bruno, "Lightning Bolt", targets=[ana])
    game.resolve_stack()
    assert not game.over and [e.rule for e in game.events if e.kind == "no_effect"] == ["603.4"]


# ----- simultaneous choices (101.4)


def _request(player, kind, options, **kw):
    return ChoiceRequest(Decision(player, kind, tuple(options), **kw))


@pytest.mark.rules("101.4")
def test_choices_are_made_in_apnap_order_from_the_active_player():
    players = [Player(n) for n in ("Ana", "Bruno", "Carla", "Dani")]
    game = Game(players=players, starting_player=players[2])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    requests = [_request(p, "pick", ["x", "y"]) for p in players]
    game.choose_simultaneously(requests)
    assert [d.player.name for d in game.decision_log] == ["Carla", "Dani", "Ana", "Bruno"]


@pytest.mark.rules("101.4a")
def test_hidden_choices_are_known_only_as_face_down_cards():
    players = [Player(n) for n in ("Ana", "Bruno")]
    game = Game(players=players)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    requests = [
        _request(players[0], "secret", ["a", "b", "c"], count=2, hidden=True),
        _request(players[1], "open", ["d", "e"]),
    ]
    game.choose_simultaneously(requests)
    assert game.decision_log[1].known == ((players[0], "2 face-down cards"),)


@pytest.mark.rules("101.4c")
def test_a_players_own_choices_in_the_specified_order_or_the_order_they_choose():
    ana, bruno = Player("Ana"), Player("Bruno")
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=[["second #2", "first #1"]]))
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.choose_simultaneously([_request(ana, "first", ["a", "b"]), _request(ana, "second", ["c", "d"])])
    assert [d.kind for d in game.decision_log] == ["order_choices", "second", "first"]
    assert game.decision_log[0].rule == "101.4c"
    game.decision_log.clear()
    specified = [
        ChoiceRequest(Decision(ana, "later", ("a", "b")), sequence=2),
        ChoiceRequest(Decision(ana, "sooner", ("c", "d")), sequence=1),
    ]
    game.choose_simultaneously(specified)
    assert [d.kind for d in game.decision_log] == ["sooner", "later"]


@pytest.mark.rules("101.4d")
def test_a_choice_that_makes_an_earlier_player_choose_restarts_apnap_order():
    ana, bruno, carla = Player("Ana"), Player("Bruno"), Player("Carla")
    game = Game(players=[ana, bruno, carla])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    made = []

    def causes_ana(answer):
        made.append("bruno")
        return [_request(ana, "caused", ["z", "w"])]

    requests = [
        _request(ana, "first", ["a", "b"]),
        ChoiceRequest(Decision(bruno, "trigger", ("c", "d")), then=causes_ana),
        _request(carla, "third", ["e", "f"]),
    ]
    game.choose_simultaneously(requests)
    assert [(d.player.name, d.kind) for d in game.decision_log] == [
        ("Ana", "first"),
        ("Bruno", "trigger"),
        ("Ana", "caused"),
        ("Carla", "third"),
    ]
    assert [e.rule for e in game.events if e.kind == "apnap_restart"] == ["101.4d"]


def test_a_choice_that_makes_a_later_player_choose_does_not_restart():
    ana, bruno, carla = Player("Ana"), Player("Bruno"), Player("Carla")
    game = Game(players=[ana, bruno, carla])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    requests = [
        ChoiceRequest(Decision(ana, "first", ("a", "b")), then=lambda answer: [_request(carla, "caused", ["z", "w"])]),
        _request(bruno, "second", ["c", "d"]),
    ]
    game.choose_simultaneously(requests)
    assert [d.player.name for d in game.decision_log] == ["Ana", "Bruno", "Carla"]
    assert not [e for e in game.events if e.kind == "apnap_restart"]


# ----- state-based actions, winning and losing


@pytest.mark.rules("704.5a", "704.5c")
def test_life_zero_loses_704_5a_and_poison_ten_loses_704_5c():
    game, ana, bruno = two_players(bruno_kw={"poison": 9}, ana_kw={"hand": ["Ichor Rats"]})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Ichor Rats")
    game.resolve_stack()
    assert game.losers == [bruno] and [e.rule for e in game.events if e.kind == "loses"] == ["704.5c"]
    game, ana, bruno = two_players(ana_kw={"life": 0})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    assert game.losers == [ana] and [e.rule for e in game.events if e.kind == "loses"] == ["704.5a"]


@pytest.mark.rules("121.4", "704.5b")
def test_drawing_from_an_empty_library_loses_at_the_next_check():
    ana, bruno = Player("Ana", library=0), Player("Bruno", library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.DRAW, turn=3)
    assert game.winners == [bruno]
    assert [(e.kind, e.rule) for e in game.events if e.kind in ("draw_empty", "loses")] == [
        ("draw_empty", "121.4"),
        ("loses", "704.5b"),
    ]


@pytest.mark.rules("104.4a")
def test_players_who_lose_at_the_same_time_draw_the_game():
    game, ana, bruno = two_players(ana_kw={"hand": ["Flame Rift"], "life": 4}, bruno_kw={"life": 3})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Flame Rift")
    game.pass_all()
    assert game.over and game.draw_game and game.winners == []


@pytest.mark.rules("800.4a")
def test_a_player_who_leaves_a_multiplayer_game_takes_their_objects():
    players = [Player(n, library=5) for n in ("Ana", "Bruno", "Carla")]
    players[1]._battlefield.append(Card("Grizzly Bears"))
    game = Game(players=players)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    assert len(game.battlefield) == 1
    game.concede(players[1])
    assert not game.over and game.players == [players[0], players[2]] and game.battlefield == []
    game.concede(players[2])
    assert game.winners == [players[0]]


@pytest.mark.rules("704.5g", "704.5f")
def test_creatures_with_lethal_damage_or_no_toughness_die():
    game, ana, bruno = two_players(bruno_kw={"battlefield": ["Grizzly Bears", "Hill Giant"]})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    bears, giant = bruno.battlefield
    bears.damage = 2
    giant.becomes["toughness"] = 0
    game.check_state_based_actions()
    assert bruno.battlefield == [] and {e.rule for e in game.events if e.kind in ("destroyed", "dies_toughness")} == {"704.5g", "704.5f"}


def test_win_and_lose_effects_respect_cant_win_and_cant_lose():
    game, ana, bruno = two_players(ana_kw={"battlefield": ["Platinum Angel"]})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.lose(ana)
    game.win(bruno)
    assert not game.over
    assert [e.kind for e in game.events if e.kind in ("loss_prevented", "win_prevented")] == ["loss_prevented", "win_prevented"]
    game.win(ana)
    assert game.winners == [ana] and game.losers == [bruno]


def test_transcendence_stops_only_the_loss_for_life():
    game, ana, bruno = two_players(ana_kw={"battlefield": ["Transcendence"], "life": -3})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    assert not game.over
    game.lose(ana, "draw")
    assert game.losers == [ana]


# ----- life

@pytest.mark.rules("119.5")
def test_set_life_gains_or_loses_the_difference_and_exchange_swaps():
    game, ana, bruno = two_players(ana_kw={"life": 7}, bruno_kw={"life": 13})
    game.set_life(ana, 10)
    assert (ana.life, ana.life_gained) == (10, 3)
    game.exchange_life(ana, bruno)
    assert (ana.life, bruno.life) == (13, 10)
    assert bruno.life_lost == 3


@pytest.mark.rules("119.5")
def test_repay_in_kind_sets_every_players_life_in_a_multiplayer_game():
    players = [Player("Ana", hand=["Repay in Kind"], life=12), Player("Bruno", life=5), Player("Carla", life=30)]
    game = Game(players=players)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(players[0], "Repay in Kind")
    game.pass_all()
    assert [p.life for p in players] == [5, 5, 5]


@pytest.mark.rules("700.5")
def test_devotion_counts_colored_symbols_of_permanents():
    game, ana, bruno = two_players(ana_kw={"battlefield": ["Gray Merchant of Asphodel", "Lurking Evil", "Grizzly Bears"]})
    assert game.devotion(ana, "B") == 5 and game.devotion(ana, "G") == 1 and game.devotion(bruno, "B") == 0


# ----- combat

@pytest.mark.rules("510.1a", "302.6")
def test_unblocked_attackers_deal_combat_damage_and_summoning_sickness_applies():
    game, ana, bruno = two_players(
        ana_kw={"battlefield": ["Hill Giant"], "hand": ["Grizzly Bears", "Ball Lightning"]},
        decisions=ScriptedDecisions(Ana=[["Hill Giant", "Ball Lightning"]]),
    )
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    for name in ("Grizzly Bears", "Ball Lightning"):
        game.cast(ana, name)
        game.pass_all()
    game.advance_to(Step.DECLARE_ATTACKERS)
    attack = game.decision_log[-1]
    assert attack.kind == "attackers" and [c.name for c in attack.options] == ["Hill Giant", "Ball Lightning"]
    game.advance_to(Step.END_OF_COMBAT)
    assert bruno.life == 20 - 3 - 6
    game.pass_all()
    assert game.attackers == [] and game.step is Step.POSTCOMBAT_MAIN


# ----- cleanup and ending the turn

@pytest.mark.rules("514.1")
def test_cleanup_discards_to_maximum_hand_size():
    game, ana, bruno = two_players(ana_kw={"hand": ["Island"] * 9})
    game.start(at=Step.END, turn=3)
    game.pass_all()
    assert len(ana.hand) == 7 and game.active_player is bruno


class _Marker(CardDefinition):
    """A test card: whenever a spell is cast, it triggers."""

    name = "Test Marker"
    types = ("Enchantment",)

    def triggers(self, game, card, event):
        if event.kind == "cast":
            yield TriggeredAbility(card, card.controller, "marker", lambda g, a: g.emit("marked"))


class _EndsTurnAfterTriggering(CardDefinition):
    """A test spell: an instant that makes the marker trigger, then ends the turn."""

    name = "Test Ending"
    types = ("Instant",)

    def resolve(self, game, spell):
        game.emit("cast", card=spell.card, player=spell.controller, targets=[])
        game.end_the_turn(spell.card)


@pytest.mark.rules("723.1a")
def test_ending_the_turn_723_1a_waiting_triggers_cease_to_exist():
    ana = Player("Ana", hand=["Test Ending"], battlefield=["Test Marker"], library=5)
    game = Game(players=[ana, Player("Bruno", library=5)])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Test Ending")  # the marker triggers and goes on the stack
    game.pass_all()  # the marker's ability resolves
    game.pass_all()  # the ending resolves: the marker triggered again, but ceases to exist
    ceased = [e for e in game.events if e.kind == "triggers_cease"]
    assert len(ceased) == 1 and ceased[0].rule == "723.1a"
    assert [e.kind for e in game.events].count("marked") == 1
    assert game.active_player.name == "Bruno"


@pytest.mark.rules("514.2")
def test_ending_the_turn_exiles_the_stack_and_skips_the_end_step():
    ana = Player("Ana", battlefield=["Ball Lightning", "Grizzly Bears"], hand=["Lightning Bolt"], library=5)
    bruno = Player("Bruno", hand=["Time Stop"], library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    ana.battlefield[1].damage = 1
    game.cast(ana, "Lightning Bolt", targets=[bruno])
    game.pass_priority(ana)
    game.cast(bruno, "Time Stop")
    game.pass_all()
    assert [c.name for c in game.exile] == ["Time Stop", "Lightning Bolt"]
    assert Step.END not in [e["step"] for e in game.events if e.kind == "step_begins"]
    assert [c.name for c in ana.battlefield] == ["Ball Lightning", "Grizzly Bears"]
    assert ana.battlefield[1].damage == 0  # 514.2 in the cleanup step
    assert game.turn == 4


@pytest.mark.rules("514.3a")
def test_triggers_during_the_ending_process_get_priority_in_cleanup_then_another_cleanup():
    ana = Player("Ana", hand=["Time Stop"] + ["Island"] * 8, library=5)
    bruno = Player("Bruno", battlefield=["Megrim"], library=5)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Time Stop")
    game.pass_all()
    assert game.step is Step.CLEANUP and game.priority is ana and len(game.stack) == 1
    game.resolve_stack()
    game.pass_all()
    assert ana.life == 18 and game.turn == 4
    assert [e.kind for e in game.events].count("another_cleanup") == 1


@pytest.mark.rules("723.2g", "511.3")
def test_ending_combat_removes_attackers_and_outside_combat_does_nothing():
    game, ana, bruno = two_players(
        ana_kw={"battlefield": ["Hill Giant"]}, bruno_kw={"hand": ["Mandate of Peace"]},
        decisions=ScriptedDecisions(Ana=[["Hill Giant"]]),
    )
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.end_the_combat_phase()
    assert game.events[-1].rule == "723.2g" and game.step is Step.PRECOMBAT_MAIN
    game.advance_to(Step.DECLARE_ATTACKERS)
    game.pass_priority(ana)
    game.cast(bruno, "Mandate of Peace")
    game.pass_all()
    assert game.step is Step.POSTCOMBAT_MAIN and game.attackers == [] and bruno.life == 20
    assert game.priority is ana


# ----- mulligans

@pytest.mark.rules("103.5c")
def test_london_mulligan_and_the_free_multiplayer_mulligan():
    ana, bruno = Player("Ana", library=20), Player("Bruno", library=20)
    game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Ana=[True, False]))
    game.start(opening_hands=True)
    assert len(ana.hand) == 6 and len(bruno.hand) == 7 and len(ana.library) == 14
    players = [Player(n, library=20) for n in ("Ana", "Bruno", "Carla")]
    game = Game(players=players, decisions=ScriptedDecisions(Ana=[True, False]))
    game.start(opening_hands=True)
    assert len(players[0].hand) == 7  # 103.5c


def test_games_are_deterministic_for_a_seed():
    def play(seed):
        ana, bruno = Player("Ana", library=["Island", "Swamp", "Forest", "Plains", "Mountain"] * 4), Player("Bruno", library=20)
        game = Game(players=[ana, bruno], seed=seed, decisions=ScriptedDecisions(Ana=[True, False]))
        game.start(opening_hands=True)
        return [c.name for c in ana.hand]

    assert play(1) == play(1)
    assert any(play(1) != play(seed) for seed in range(2, 6))


@pytest.mark.rules("120.3")
def test_event_repr_and_access():
    event = Event("damage", "120.3", amount=3)
    assert repr(event) == "Event('damage', amount=3)" and event["amount"] == 3 and event.get("x") is None


# ----- limited range of influence (801) and Alternating Teams (811)


def _ring(count=6, reach=1, **kw):
    names = ["Alex", "Rob", "Carissa", "Dana", "Eli", "Fay", "Gus"][:count]
    players = [Player(n, library=5, **kw.get(n, {})) for n in names]
    return Game(players=players, range_of_influence=reach), players


@pytest.mark.rules("801.4")
def test_spells_can_target_only_within_range_801_4():
    game, players = _ring(Alex={"hand": ["Lightning Bolt"]}, Dana={"battlefield": ["Grizzly Bears"]})
    alex, dana = players[0], players[3]
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    assert [t.name for t in game.legal_targets("any", alex)] == ["Alex", "Rob", "Fay"]
    with pytest.raises(IllegalTargetError):
        game.cast(alex, "Lightning Bolt", targets=[dana])
    with pytest.raises(IllegalTargetError):
        game.cast(alex, "Lightning Bolt", targets=[dana.battlefield[0]])


@pytest.mark.rules("801.3")
def test_creatures_attack_only_opponents_within_range_801_3():
    game, players = _ring(Alex={"battlefield": ["Hill Giant"]})
    assert [p.name for p in game.attackable_players(players[0])] == ["Rob", "Fay"]
    alone, (a, b, c, d, e) = _ring(5, 0, Alex={"battlefield": ["Hill Giant"]})
    alone.start(at=Step.PRECOMBAT_MAIN, turn=3)
    alone.advance_to(Step.END_OF_COMBAT)
    assert not [d for d in alone.decision_log if d.kind == "attackers"]  # nobody to attack


@pytest.mark.rules("801.14")
def test_winning_makes_only_opponents_within_range_lose_801_14():
    game, players = _ring()
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.win(players[0])
    assert [u.name for u in game.losers] == ["Rob", "Fay"] and not game.over
    assert [e.rule for e in game.events if e.kind == "win_in_range"] == ["801.14"]


@pytest.mark.rules("801.10")
def test_each_player_effects_reach_only_players_within_range_801_10():
    game, players = _ring(Alex={"hand": ["Flame Rift"]})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(players[0], "Flame Rift")
    game.pass_all()
    assert [p.life for p in players] == [16, 16, 20, 20, 20, 16]


def test_ranges_are_checked_against_the_players():
    with pytest.raises(SetupError, match="'Zed', who is not playing"):
        Game(players=[Player("A"), Player("B")], range_of_influence={"Zed": 1})


def test_alternating_teams_seat_teams_apart_and_win_together():
    teams = [Team(t, [Player(f"{t}{i}", library=5) for i in (1, 2)]) for t in "AB"]
    game = kb.engine.AlternatingTeams(teams=teams)
    assert [p.name for p in game.seats] == ["A1", "B1", "A2", "B2"]
    assert repr(game).startswith("AlternatingTeams(teams=[Team('A'")
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.concede(game.player("B1"))
    assert not game.over
    game.concede(game.player("B2"))
    assert game.over and game.winners == [teams[0]]
    with pytest.raises(SetupError, match="same number"):
        kb.engine.AlternatingTeams(teams=[Team("X", [Player("x1")]), Team("Y", [Player("y1"), Player("y2")])])


# ----- zone-change triggers and replacement of a game loss


@pytest.mark.rules("603.2c")
def test_a_land_trigger_fires_once_for_each_land_destroyed_603_2c():
    game, ana, bruno = two_players(
        ana_kw={"hand": ["Armageddon"], "battlefield": ["Plains", "Dingus Egg"]},
        bruno_kw={"battlefield": ["Forest", "Forest", "Grizzly Bears"]},
    )
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Armageddon")
    game.pass_all()
    assert sorted(a.data["player"].name for a in game.stack) == ["Ana", "Bruno", "Bruno"]
    game.resolve_stack()
    assert (ana.life, bruno.life) == (18, 16)
    assert [c.name for c in game.battlefield] == ["Dingus Egg", "Grizzly Bears"]


def test_lichs_mirror_replaces_the_loss_once_for_all_its_reasons():
    game, ana, bruno = two_players(ana_kw={"battlefield": ["Lich's Mirror"], "hand": ["Island"] * 7, "life": 0})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    assert not game.over and ana.life == 20
    replaced = [e for e in game.events if e.kind == "loss_replaced"]
    assert len(replaced) == 1 and replaced[0]["reasons"] == ["life"]
    assert "Lich's Mirror" in [c.name for c in ana.library + ana.hand] and not ana.battlefield
    game.lose_life(ana, 20)
    game.check_state_based_actions()
    assert game.losers == [ana]  # the Mirror is no longer on the battlefield


def test_spells_with_x_need_a_value_for_x():
    game, ana, bruno = two_players(ana_kw={"hand": ["Hurricane", "Flame Rift"]})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    with pytest.raises(IllegalActionError, match="choose X"):
        game.cast(ana, "Hurricane")
    with pytest.raises(IllegalActionError, match="no X"):
        game.cast(ana, "Flame Rift", x=2)
    game.cast(ana, "Hurricane", x=3)
    game.pass_all()
    assert (ana.life, bruno.life) == (17, 17)


@pytest.mark.rules("400.6")
def test_a_loss_replacement_that_moves_a_dying_creature_lets_its_controller_choose_400_6():
    game, ana, bruno = two_players(ana_kw={"battlefield": ["Exquisite Archangel"], "life": 0}, decisions=ScriptedDecisions(Ana=["graveyard"]))
    ana._battlefield[0].damage = 5
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    assert not game.over and ana.life == 20 and [c.name for c in ana.graveyard] == ["Exquisite Archangel"]
    game, ana, bruno = two_players(ana_kw={"battlefield": ["Exquisite Archangel"], "life": 0})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    assert not game.decision_log and [c.name for c in game.exile] == ["Exquisite Archangel"]  # not dying: no choice


@pytest.mark.rules("305.2")
def test_playing_lands_one_per_turn_in_a_main_phase_305():
    game, ana, bruno = two_players(ana_kw={"hand": ["Forest", "Forest", "Lightning Bolt"]}, bruno_kw={"hand": ["Island"]})
    game.start(at=Step.UPKEEP, turn=3)
    with pytest.raises(TimingError, match="305.1"):
        game.play_land(ana, "Forest")
    game.advance_to(Step.PRECOMBAT_MAIN)
    with pytest.raises(IllegalActionError, match="not a land"):
        game.play_land(ana, "Lightning Bolt")
    game.play_land(ana, "Forest")
    assert game.priority is ana and [c.name for c in ana.battlefield] == ["Forest"]
    with pytest.raises(IllegalActionError, match="305.2b"):
        game.play_land(ana, "Forest")
    game.pass_priority(ana)
    with pytest.raises(TimingError):
        game.play_land(bruno, "Island")  # not Bruno's turn
    game.advance_to(Step.PRECOMBAT_MAIN, turn=5)
    game.play_land(ana, "Forest")  # a new turn, a new land play
    assert len(ana.battlefield) == 2


@pytest.mark.rules("514.2")
def test_this_turn_effects_end_in_the_cleanup_step_514_2():
    game, ana, bruno = two_players(ana_kw={"hand": ["Explore"]}, bruno_kw={"hand": ["Solfatara"]})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(ana, "Explore")
    game.pass_priority(ana)
    game.cast(bruno, "Solfatara", targets=[ana])
    game.resolve_stack()
    assert game.land_plays(ana) == 0 and len(game.turn_effects) == 2
    game.advance_to(Step.UPKEEP, turn=4)
    assert game.turn_effects == [] and game.land_plays(ana) == 1


@pytest.mark.rules("704.5f", "604.3")
def test_characteristic_defining_power_and_observers_see_every_event():
    game, ana, bruno = two_players(ana_kw={"battlefield": ["Maro"], "hand": ["Island"] * 4})
    maro = ana.battlefield[0]
    assert (maro.power, maro.toughness) == (4, 4)
    seen = []
    game.observers.append(seen.append)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    assert seen == game.events
    ana.hand.clear()
    assert maro.toughness == 0
    game.check_state_based_actions()
    assert maro.zone is Zone.GRAVEYARD and [e.rule for e in game.events if e.kind == "dies_toughness"] == ["704.5f"]


def test_the_engine_imports_nothing_of_the_rest_of_the_package():
    import ast
    from pathlib import Path

    for path in Path(kb.engine.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            for name in names:
                assert not name.startswith("kb.") or name.startswith("kb.engine"), f"{path.name} imports {name}"
