"""The Two-Headed Giant variant (rule 810) and the shared team turns option (805), rule by rule."""

from __future__ import annotations

import pytest

from kb.engine import (
    CannotPayError,
    FirstOptions,
    NotYourPriorityError,
    Player,
    ScriptedDecisions,
    Step,
    Team,
    TwoHeadedGiant,
)


def giant(a_life=None, b_life=None, *, size=2, a_kw=None, b_kw=None, script=None, start_b=False, a_poison=0, b_poison=0):
    names_a = ["Ana", "Bea", "Clara", "Diana"][:size]
    names_b = ["Carlos", "Dani", "Eva", "Fede"][:size]
    a = Team("A", [Player(n, library=5, **(a_kw or {}).get(n, {})) for n in names_a], life=a_life, poison=a_poison)
    b = Team("B", [Player(n, library=5, **(b_kw or {}).get(n, {})) for n in names_b], life=b_life, poison=b_poison)
    game = TwoHeadedGiant(teams=[a, b], starting_team=b if start_b else a, decisions=ScriptedDecisions(script or {}))
    return game, a, b


@pytest.mark.rules("810.4", "810.11", "810.8d", "810.9a")
@pytest.mark.parametrize("size, life, poison", [(2, 30, 15), (3, 45, 20), (4, 60, 25)])
def test_starting_life_and_poison_threshold_grow_with_the_team(size, life, poison):
    game, a, b = giant(size=size)
    assert a.life == b.life == life == a.starting_life  # 810.4, 810.11
    assert game.poison_threshold(a.players[0]) == poison  # 810.8d, 810.11
    assert all(p.life == life for p in game.players)  # 810.9a


def test_damage_loss_and_gain_happen_to_players_and_change_the_team_total():
    game, a, b = giant()
    ana, bea = a.players
    game.deal_damage_each(None, [(ana, 3), (bea, 4)])
    game.lose_life(bea, 2)
    game.gain_life(ana, 5)
    assert a.life == 30 - 3 - 4 - 2 + 5
    assert (ana.life_lost, bea.life_lost, ana.life_gained) == (3, 6, 5)
    assert b.life == 30


@pytest.mark.rules("810.9a")
def test_life_payments_use_the_team_total_810_9a():
    game, a, b = giant(a_life=5)
    ana = a.players[0]
    game.pay_life(ana, 5)
    assert a.life == 0
    game, a, b = giant(a_life=5)
    with pytest.raises(CannotPayError):
        game.pay_life(a.players[0], 6)


@pytest.mark.rules("810.9b")
def test_teammates_paying_together_pay_no_more_than_the_team_total_810_9b():
    game, a, b = giant(a_life=10)
    ana, bea = a.players
    with pytest.raises(CannotPayError, match="810.9b"):
        game.pay_life_together({ana: 6, bea: 6})
    assert a.life == 10
    game.pay_life_together({ana: 6, bea: 4})
    assert a.life == 0
    game.pay_life_together({ana: 0, bea: 0})  # players can always pay 0 life


@pytest.mark.rules("810.9c")
def test_setting_a_single_players_life_adjusts_the_team_810_9c():
    game, a, b = giant(a_life=25)
    game.set_life(a.players[1], 10)
    assert a.life == 10 and a.players[1].life_lost == 15
    game.set_life(a.players[0], 31)
    assert a.life == 31 and a.players[0].life_gained == 21


@pytest.mark.rules("810.9d")
def test_setting_each_players_life_affects_one_chosen_member_per_team_810_9d():
    game, a, b = giant(a_life=20, b_life=13, script={"Ana": ["Bea"], "Carlos": ["Carlos"]})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.set_each_life(4)
    assert (a.life, b.life) == (4, 4)
    assert [(p.name, p.life_lost) for p in game.players] == [("Ana", 0), ("Bea", 16), ("Carlos", 9), ("Dani", 0)]
    chooses = [d for d in game.decision_log if d.kind == "choose_member"]
    assert [d.team.name for d in chooses] == ["A", "B"] and all(d.rule == "810.9d" for d in chooses)


@pytest.mark.rules("810.9e")
def test_teammates_cant_exchange_life_totals_810_9e():
    game, a, b = giant(a_life=12, b_life=20)
    ana, bea = a.players
    assert game.exchange_life(ana, bea) is False
    assert a.life == 12 and [e.rule for e in game.events if e.kind == "no_exchange"] == ["810.9e"]
    assert game.exchange_life(ana, b.players[0]) is True
    assert (a.life, b.life) == (20, 12)


@pytest.mark.rules("810.9g")
def test_cant_gain_or_lose_life_applies_to_the_whole_team_810_9g_h():
    game, a, b = giant(a_kw={"Ana": {"battlefield": ["Platinum Emperion"]}})
    bea = a.players[1]
    assert game.gain_life(bea, 3) == 0
    assert game.lose_life(bea, 3) == 0
    with pytest.raises(CannotPayError):
        game.pay_life(bea, 1)
    game.pay_life(bea, 0)
    assert a.life == 30
    assert game.lose_life(b.players[0], 3) == 3


@pytest.mark.rules("810.10a", "810.10d", "810.10b", "810.10")
def test_poison_is_given_to_players_and_shared_by_the_team_810_10():
    game, a, b = giant()
    ana, bea = a.players
    game.give_poison(ana, 2)
    game.give_poison(bea, 1)
    assert a.poison == 3 and ana.poison == bea.poison == 3  # 810.10a
    assert game.is_poisoned(bea) and not game.is_poisoned(b.players[0])  # 810.10d
    game.remove_poison(bea, 2)  # 810.10b
    assert a.poison == 1


@pytest.mark.rules("810.10c")
def test_cant_get_poison_counters_applies_to_the_whole_team_810_10c():
    game, a, b = giant(a_kw={"Bea": {"battlefield": ["Melira, Sylvok Outcast"]}})
    assert game.give_poison(a.players[0], 3) == 0
    assert a.poison == 0
    assert game.give_poison(b.players[0], 3) == 3


@pytest.mark.rules("704.5c", "704.6b")
def test_ten_poison_counters_are_not_a_loss_in_two_headed_giant_704_5c():
    game, a, b = giant(a_poison=14)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    assert not game.over
    game.give_poison(a.players[0], 1)
    game.check_state_based_actions()
    assert game.losers == [a] and [e.rule for e in game.events if e.kind == "loses"] == ["704.6b"]


@pytest.mark.rules("810.8a")
def test_a_team_with_no_life_loses_and_teams_win_together_810_8a():
    game, a, b = giant(a_life=1)
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.lose_life(a.players[1], 1)
    game.check_state_based_actions()
    assert game.losers == [a] and game.winners == [b]
    assert all(p.left_game for p in a.players) and not any(p.left_game for p in b.players)


def test_when_one_player_wins_the_team_wins():
    game, a, b = giant()
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.win(b.players[1])
    assert game.winners == [b] and game.losers == [a]


@pytest.mark.rules("810.8b")
def test_a_player_who_concedes_takes_the_team_out_810_8b():
    game, a, b = giant()
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.concede(a.players[1])
    assert game.losers == [a] and game.winners == [b] and a.players[0].left_game


@pytest.mark.rules("810.6")
def test_the_starting_team_skips_its_first_draw_810_6():
    game, a, b = giant(script={"Carlos": [["Carlos", "Dani"]]})
    game.start()
    game.advance_to(Step.PRECOMBAT_MAIN, turn=2)
    assert [len(p.hand) for p in game.players] == [0, 0, 1, 1]
    assert [e.rule for e in game.events if e.kind == "skip_draw"] == ["810.6"]


@pytest.mark.rules("805.5")
def test_teams_hold_priority_and_any_member_may_act_805_5():
    game, a, b = giant(a_kw={"Bea": {"hand": ["Lightning Bolt"]}}, b_kw={"Dani": {"hand": ["Lightning Bolt"]}})
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    assert game.priority is a and game.active_team is a and game.is_active(a.players[1])
    with pytest.raises(NotYourPriorityError):
        game.cast(b.players[1], "Lightning Bolt", targets=[a.players[0]])
    game.cast(a.players[1], "Lightning Bolt", targets=[b.players[0]])
    game.pass_priority(a.players[0])  # Ana passes for her team
    assert game.priority is b
    game.pass_priority(b.players[1])
    assert b.life == 27 and game.priority is a


class _BeaFirst(FirstOptions):
    def decide(self, game, decision):
        if decision.kind == "order_triggers":
            return sorted(decision.options, key=lambda ability: ability.controller.name != "Bea")
        return super().decide(game, decision)


@pytest.mark.rules("805.7")
def test_a_team_orders_all_its_members_triggers_805_7():
    ana = {"battlefield": ["Masticore"], "hand": ["Island"]}
    bea = {"battlefield": ["Masticore"], "hand": ["Island"]}
    game, a, b = giant(a_kw={"Ana": ana, "Bea": bea})
    game.decision_maker = _BeaFirst()
    game.start(at=Step.UPKEEP, turn=3)
    order = game.decision_log[0]
    assert order.kind == "order_triggers" and order.team is a and order.rule == "805.7"
    assert [ab.controller.name for ab in game.stack] == ["Ana", "Bea"]  # top first: Ana's was put last


@pytest.mark.rules("805.6")
def test_each_team_chooses_its_order_when_its_turn_to_choose_comes_805_6():
    game, a, b = giant(
        a_kw={"Ana": {"hand": ["Innocent Blood"], "battlefield": ["Grizzly Bears"]}, "Bea": {"battlefield": ["Hill Giant"]}},
        b_kw={"Carlos": {"battlefield": ["Gray Ogre"]}, "Dani": {"battlefield": ["Savannah Lions"]}},
        script={"Ana": [["Bea", "Ana"]], "Carlos": [["Dani", "Carlos"]]},
    )
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.cast(a.players[0], "Innocent Blood")
    game.pass_all()
    assert [(d.kind, d.player.name) for d in game.decision_log] == [
        ("order_players", "Ana"),
        ("sacrifice", "Bea"),
        ("sacrifice", "Ana"),
        ("order_players", "Carlos"),
        ("sacrifice", "Dani"),
        ("sacrifice", "Carlos"),
    ]
    assert game.battlefield == []


@pytest.mark.rules("805.10")
def test_attackers_in_two_headed_giant_choose_a_defending_player_805_10():
    game, a, b = giant(
        a_kw={"Ana": {"battlefield": ["Hill Giant"]}},
        script={"Ana": [["Hill Giant"], "Dani"]},
    )
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    game.advance_to(Step.END_OF_COMBAT)
    assert b.life == 27 and [d.kind for d in game.decision_log] == ["attackers", "attack_target"]
