"""Shapes many cards share: their triggers, and the helpers of the card modules."""

from __future__ import annotations

from kb.engine.game import Card, Event, Game, Step, TriggeredAbility


def at_beginning_of_your(step: Step, game: Game, card: Card, event: Event) -> bool:
    return event.kind == "beginning_of" and event["step"] is step and game.is_active(card.controller)


def triggered_ability(card: Card, text: str, effect, **options) -> TriggeredAbility:
    return TriggeredAbility(card, card.controller, text, effect, **options)
