"""Cards whose replacement effects change how many counters are put or tokens created (614.1a,
122.6): each its Oracle text and the lines that differ."""

from __future__ import annotations

from typing import Any

from kb.engine.doubling import counters_replacement, tokens_replacement
from kb.engine.objects import CardDefinition


class _Replacing(CardDefinition):
    """A card whose static abilities are the replacement effects listed in ``replacing``."""

    replacing: tuple[Any, ...] = ()

    def replacements(self, game: Any, card: Any):
        return [make(game, card) for make in self.replacing]


class HardenedScales(_Replacing):
    name = "Hardened Scales"
    mana_cost, types = "{G}", ("Enchantment",)
    oracle = "If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 counters are put on it instead."
    replacing = (counters_replacement(oracle, lambda n: n + 1, counter="+1/+1", types=("Creature",)),)


_DOUBLE_TOKENS = "If an effect would create one or more tokens under your control, it creates twice that many of those tokens instead."
_DOUBLE_COUNTERS = "If an effect would put one or more counters on a permanent you control, it puts twice that many of those counters on that permanent instead."


class DoublingSeason(_Replacing):
    name, name_es = "Doubling Season", "Temporada duplicadora"
    mana_cost, types = "{4}{G}", ("Enchantment",)
    oracle = f"{_DOUBLE_TOKENS}\n{_DOUBLE_COUNTERS}"
    replacing = (tokens_replacement(_DOUBLE_TOKENS), counters_replacement(_DOUBLE_COUNTERS, lambda n: 2 * n, effects_only=True))


class ParallelLives(_Replacing):
    name = "Parallel Lives"
    mana_cost, types = "{3}{G}", ("Enchantment",)
    oracle = _DOUBLE_TOKENS
    replacing = (tokens_replacement(oracle),)


class ServantOfTheScale(CardDefinition):
    name = "Servant of the Scale"
    mana_cost, type_line = "{G}", "Creature — Human Soldier"
    power, toughness = 0, 0
    in_part = True  # its dies trigger is left out
    oracle = "This creature enters with a +1/+1 counter on it."

    def as_enters(self, game: Any, card: Any) -> None:
        card.counters["+1/+1"] = card.counters.get("+1/+1", 0) + 1
