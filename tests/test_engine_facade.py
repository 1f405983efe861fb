"""The game is a facade over parts that own the rules' concerns: `Game` mixes nothing in, each
part is made with the game and knows it, and every name `Game` answers for a part is that
part's own, so a method that moves or is renamed in a part can't leave a name of the game
behind that answers with something else."""

from __future__ import annotations

import inspect

from kb.engine import Game, Player, Step, Team, TwoHeadedGiant
from kb.engine.game import PARTS, GameParts, _part
from kb.engine.part import GamePart


def _game():
    return Game(players=[Player("Ana"), Player("Bruno")])


def test_the_game_mixes_nothing_in():
    assert Game.__mro__ == (Game, GameParts, object)
    assert all(isinstance(value, _part) for name, value in vars(GameParts).items() if not name.startswith("__"))


def test_each_part_is_made_with_the_game_and_knows_it():
    game = _game()
    for attribute, part in PARTS.items():
        held = getattr(game, attribute)
        assert type(held) is part and isinstance(held, GamePart) and held.game is game
        assert repr(held) == f"{part.__name__}({game!r})"
    other = _game()
    assert all(getattr(other, attribute) is not getattr(game, attribute) for attribute in PARTS)


def test_every_name_the_game_answers_for_a_part_is_that_parts_own():
    game = _game()
    for name, delegate in vars(GameParts).items():
        if name.startswith("__"):
            continue
        part = PARTS[delegate.part]
        assert name in vars(part), f"Game.{name} names {part.__name__}.{name}, which it doesn't define"
        if inspect.isfunction(vars(part)[name]):
            bound = getattr(game, name)
            assert bound.__func__ is vars(part)[name] and bound.__self__ is getattr(game, delegate.part)


def test_every_public_method_of_a_part_is_a_name_of_the_game():
    for attribute, part in PARTS.items():
        for name, value in vars(part).items():
            if not name.startswith("_") and (inspect.isfunction(value) or isinstance(value, property)):
                assert isinstance(vars(GameParts).get(name), _part), f"{part.__name__}.{name} is not Game.{name}"


def test_a_part_calls_the_hook_a_variant_overrides():
    class Marked(Game):
        def _skip_draw_rule(self) -> str:
            return "marked"

    game = Marked(players=[Player("Ana", library=5), Player("Bruno", library=5)])
    assert all(getattr(game, attribute).game is game for attribute in PARTS)
    game.start()
    game.advance_to(Step.DRAW)
    assert [e.rule for e in game.events if e.kind == "skip_draw"] == ["marked"]


def test_a_variants_parts_know_the_variant():
    game = TwoHeadedGiant(teams=[Team("A", [Player("Ana"), Player("Alba")]), Team("B", [Player("Bruno"), Player("Berta")])])
    assert all(getattr(game, attribute).game is game for attribute in PARTS)
