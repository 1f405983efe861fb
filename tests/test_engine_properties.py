"""Properties of the engine that hold for any game: the Two-Headed Giant ledger, APNAP order, and
the stack's last in, first out."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kb.engine import (
    CannotPayError,
    Game,
    Player,
    Stack,
    Step,
    Team,
    TwoHeadedGiant,
)

NAMES = [f"P{i}" for i in range(12)]

operations = st.lists(
    st.tuples(
        st.sampled_from(["damage", "lose", "gain", "pay", "set", "set_each", "exchange", "drain"]),
        st.integers(min_value=0, max_value=3),
        st.integers(min_value=0, max_value=3),
        st.integers(min_value=-5, max_value=60),
    ),
    max_size=40,
)


@settings(max_examples=150, deadline=None)
@given(size=st.integers(min_value=2, max_value=4), ops=operations, start_a=st.integers(1, 80), start_b=st.integers(1, 80))
def test_team_life_is_its_start_plus_individual_gains_minus_losses_and_damage(size, ops, start_a, start_b):
    a = Team("A", [Player(n) for n in NAMES[:size]], life=start_a)
    b = Team("B", [Player(n) for n in NAMES[size : 2 * size]], life=start_b)
    game = TwoHeadedGiant(teams=[a, b])
    players = game.players
    for kind, i, j, amount in ops:
        first, second = players[i % len(players)], players[j % len(players)]
        amount_abs = abs(amount)
        if kind == "damage":
            game.deal_damage(None, first, amount_abs)
        elif kind == "lose":
            game.lose_life(first, amount_abs)
        elif kind == "gain":
            game.gain_life(first, amount_abs)
        elif kind == "pay":
            try:
                game.pay_life(first, amount_abs)
            except CannotPayError:
                assert amount_abs > first.life
        elif kind == "set":
            game.set_life(first, amount)
        elif kind == "set_each":
            game.set_each_life(amount)
        elif kind == "exchange":
            game.exchange_life(first, second)
        elif kind == "drain":
            game.deal_damage_each(None, [(p, amount_abs) for p in players])
    for team, start in ((a, start_a), (b, start_b)):
        gained = sum(p.life_gained for p in team.players)
        lost = sum(p.life_lost for p in team.players)
        assert team.life == start + gained - lost
        assert all(p.life == team.life for p in team.players)


@settings(max_examples=150, deadline=None)
@given(count=st.integers(min_value=2, max_value=8), data=st.data())
def test_apnap_order_is_turn_order_from_the_active_player(count, data):
    names = data.draw(st.permutations(NAMES[:count]))
    players = [Player(n) for n in names]
    active = data.draw(st.sampled_from(players))
    game = Game(players=players, starting_player=active)
    game.start(at=Step.PRECOMBAT_MAIN)
    start = players.index(active)
    assert game.apnap_order() == players[start:] + players[:start]
    assert game.active_player is active


@settings(max_examples=100, deadline=None)
@given(size=st.integers(min_value=2, max_value=3), starting=st.sampled_from(["A", "B"]))
def test_with_shared_team_turns_the_active_team_comes_first(size, starting):
    a = Team("A", [Player(n) for n in NAMES[:size]])
    b = Team("B", [Player(n) for n in NAMES[size : 2 * size]])
    game = TwoHeadedGiant(teams=[a, b], starting_team=a if starting == "A" else b)
    game.start(at=Step.PRECOMBAT_MAIN)
    first, second = (a, b) if starting == "A" else (b, a)
    assert game.apnap_order() == first.players + second.players


@given(st.lists(st.one_of(st.integers(), st.none()), max_size=60))
def test_the_stack_is_last_in_first_out(actions):
    stack, model = Stack(), []
    for action in actions:
        if action is None:
            if model:
                assert stack.pop() == model.pop()
        else:
            stack.push(action)
            model.append(action)
        assert list(stack) == list(reversed(model))
        assert stack.top == (model[-1] if model else None)


@settings(max_examples=60, deadline=None)
@given(responses=st.integers(min_value=1, max_value=8))
def test_spells_cast_in_response_resolve_in_reverse_order(responses):
    ana = Player("Ana", hand=["Lightning Bolt"] * responses, life=100)
    bruno = Player("Bruno", hand=["Lightning Bolt"] * responses, life=100)
    game = Game(players=[ana, bruno])
    game.start(at=Step.PRECOMBAT_MAIN, turn=3)
    cast = []
    caster, other = ana, bruno
    for _ in range(responses):
        target = other
        cast.append(game.cast(caster, "Lightning Bolt", targets=[target]))
        game.pass_priority(caster)
        caster, other = other, caster
    game.resolve_stack()
    resolved = [e["object"] for e in game.events if e.kind == "resolves"]
    assert resolved == list(reversed(cast))
