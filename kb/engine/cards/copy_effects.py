"""Cards that copy objects (707): entering as a copy, becoming one, and token copies."""

from __future__ import annotations

from kb.engine.define import spell_card
from kb.engine.game import Card, CardDefinition, Decision, Event, Game, Spell, Step, TriggeredAbility, Zone
from kb.engine.cards.templates import at_beginning_of_your, triggered_ability


def _choose_to_copy(game: Game, card: Card, kind: str, wanted) -> Card | None:
    """"You may have this enter as a copy of any <kind> on the battlefield" (614.1c, 707.5)."""
    options = tuple(c for c in game.battlefield if c is not card and wanted(c))
    if not options:
        return None
    chosen = game.decide(Decision(card.controller, "enter_as_copy", options + (False,), rule="707.5", context={"source": card}))
    return chosen or None


class Clone(CardDefinition):
    name, mana_cost, type_line = "Clone", "{3}{U}", "Creature — Shapeshifter"
    power, toughness = 0, 0
    oracle = "You may have this creature enter as a copy of any creature on the battlefield."

    def as_enters(self, game: Game, card: Card) -> None:
        original = _choose_to_copy(game, card, "creature", lambda c: c.is_creature)
        if original is not None:
            game.become_copy(card, original)


class _VesuvanUpkeep(CardDefinition):
    """The ability a Vesuvan Doppelganger's copy keeps (never registered by name)."""

    oracle = "At the beginning of your upkeep, you may have this creature become a copy of target creature, except it doesn't copy that creature's color and it has this ability."

    def triggers(self, game: Game, card: Card, event: Event):
        if at_beginning_of_your(Step.UPKEEP, game, card, event):
            def recopy(game: Game, ability: TriggeredAbility) -> None:
                target = ability.targets[0] if ability.targets else None
                if target is not None and target.zone is Zone.BATTLEFIELD and ability.source.zone is Zone.BATTLEFIELD:
                    game.become_copy(ability.source, target, keep_colors=True, keeps=_VesuvanUpkeep())

            yield triggered_ability(card, self.oracle, recopy, target="creature")


class VesuvanDoppelganger(CardDefinition):
    name, mana_cost, type_line = "Vesuvan Doppelganger", "{3}{U}{U}", "Creature — Shapeshifter"
    power, toughness = 0, 0
    oracle = (
        "You may have this creature enter as a copy of any creature on the battlefield, except it doesn't copy "
        "that creature's color and it has \"At the beginning of your upkeep, you may have this creature become a "
        "copy of target creature, except it doesn't copy that creature's color and it has this ability.\""
    )

    def as_enters(self, game: Game, card: Card) -> None:
        original = _choose_to_copy(game, card, "creature", lambda c: c.is_creature)
        if original is not None:
            game.become_copy(card, original, keep_colors=True, keeps=_VesuvanUpkeep())


class UnstableShapeshifter(CardDefinition):
    name, mana_cost, type_line = "Unstable Shapeshifter", "{3}{U}", "Creature — Shapeshifter"
    power, toughness = 0, 1
    oracle = "Whenever another creature enters, this creature becomes a copy of that creature, except it has this ability."

    def triggers(self, game: Game, card: Card, event: Event):
        if event.kind == "enters" and event["card"] is not card and event["card"].is_creature:
            entering = event["card"]

            def become(game: Game, ability: TriggeredAbility, entering=entering) -> None:
                if ability.source.zone is Zone.BATTLEFIELD and entering.zone is Zone.BATTLEFIELD:
                    game.become_copy(ability.source, entering, keeps=UnstableShapeshifter())

            yield triggered_ability(card, self.oracle, become)


class QuicksilverGargantuan(CardDefinition):
    name, mana_cost, type_line = "Quicksilver Gargantuan", "{5}{U}{U}", "Creature — Shapeshifter"
    power, toughness = 7, 7
    oracle = "You may have this creature enter as a copy of any creature on the battlefield, except it's 7/7."

    def as_enters(self, game: Game, card: Card) -> None:
        original = _choose_to_copy(game, card, "creature", lambda c: c.is_creature)
        if original is not None:
            game.become_copy(card, original, set_power_toughness=(7, 7))


class CopyArtifact(CardDefinition):
    name, mana_cost, type_line = "Copy Artifact", "{1}{U}", "Enchantment"
    oracle = "You may have this enchantment enter as a copy of any artifact on the battlefield, except it's an enchantment in addition to its other types."

    def as_enters(self, game: Game, card: Card) -> None:
        original = _choose_to_copy(game, card, "artifact", lambda c: "Artifact" in c.types)
        if original is not None:
            game.become_copy(card, original, add_types=("Enchantment",))


@spell_card(
    "Spitting Image", mana_cost="{4}{G/U}{G/U}", type_line="Sorcery", in_part=True, spell_target="creature",
    oracle="Create a token that's a copy of target creature.",
)
def SpittingImage(game: Game, spell: Spell) -> None:
    game.create_token_copy(spell.controller, spell.targets[0])


@spell_card(
    "Cytoshape", mana_cost="{1}{G}{U}", type_line="Instant", spell_target="nonlegendary creature",
    oracle="Choose a nonlegendary creature on the battlefield. Target nonlegendary creature becomes a copy of the chosen creature until end of turn.",
)
def Cytoshape(game: Game, spell: Spell) -> None:
    target = spell.targets[0]
    options = tuple(c for c in game.battlefield if c.is_creature and "Legendary" not in c.supertypes)
    chosen = game.decide(Decision(spell.controller, "choose_card", options, rule="608.2c", context={"source": spell.card}))
    game.become_copy(target, chosen, until_end_of_turn=True)
