"""The playground's card list is the engine's own library, whatever else the process has defined."""

from kb.engine import CardDefinition
from kb.site.runner import engine_cards


def test_a_card_defined_at_run_time_is_not_listed():
    before = engine_cards()

    class _RunTimeCard(CardDefinition):
        name = "Run-Time Sample Card"
        types, power, toughness = ("Creature",), 1, 1

    assert "Run-Time Sample Card" in CardDefinition.registry
    assert engine_cards() == before
