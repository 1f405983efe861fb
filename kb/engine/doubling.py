"""Replacement effects that change how many counters are put on a permanent or how many tokens
are created (614.1a): "that many plus one" (Hardened Scales), "twice that many" (Doubling
Season). Counters given to a permanent as it enters are counters put on it too (122.6), so a
planeswalker entering with its loyalty (306.5b) gets twice as many under Doubling Season; the
loyalty put on as the cost of a loyalty ability is a cost, not an effect, and an effect that
says "if an effect would" leaves it alone. When several apply, the affected object's controller
(or the affected player) chooses their order (616.1) through the decisions API.

>>> from kb.engine import Card, Game, Player, Step
>>> ana = Player('Ana', battlefield=['Hardened Scales', 'Doubling Season', 'Grizzly Bears'])
>>> game = Game(players=[ana, Player('Bruno')])
>>> game.start(at=Step.PRECOMBAT_MAIN, turn=3)
>>> bears = ana.battlefield[2]
>>> game.add_counters(bears, '+1/+1', 1)  # Hardened Scales first (the first option): (1 + 1) x 2
4
"""

from __future__ import annotations

from collections.abc import Callable

from kb.engine.objects import Card
from kb.engine.players import Player
from kb.engine.protocols import Game
from kb.engine.replacement import Replacement


def _yours(card: Card, thing: object, types: tuple[str, ...]) -> bool:
    return isinstance(thing, Card) and thing.controller is card.controller and (not types or any(t in thing.types for t in types))


def counters_replacement(
    text: str,
    change: Callable[[int], int],
    *,
    counter: str | None = None,
    types: tuple[str, ...] = (),
    effects_only: bool = False,
) -> Callable[["Game", Card], Replacement]:
    """A static ability "If [an effect would put] one or more [kind] counters [would be put] on a
    [type] you control, [change] that many ... instead": `change` maps the number to the new
    one; `counter` limits it to one kind of counter, `types` to permanents of those types, and
    `effects_only` leaves out counters put as a cost ("if an effect would put")."""

    def make(game: "Game", card: Card) -> Replacement:
        def applies(game: "Game", event: dict) -> bool:
            if effects_only and event.get("cost"):
                return False
            if counter is not None and event["counter"] != counter:
                return False
            return event["amount"] > 0 and _yours(card, event["target"], types)

        return Replacement(text, "counters", applies, lambda game, event: {**event, "amount": change(event["amount"])}, source=card)

    return make


def duplicate_token(token: Card) -> Card:
    """Another token with everything the effect creating `token` specified (111.1): the same
    definition, the same copiable values and face for a token copy (707.2, 707.8a)."""
    twin = Card(token.printed_definition.name, definition=token.printed_definition)
    twin.owner = token.owner
    twin.transformed = token.transformed
    if hasattr(token, "copy_source"):
        twin.copy_source = token.copy_source
    return twin


def tokens_replacement(text: str, times: int = 2) -> Callable[["Game", Card], Replacement]:
    """A static ability "If an effect would create one or more tokens under your control, it
    creates [twice] that many of those tokens instead"."""

    def make(game: "Game", card: Card) -> Replacement:
        def applies(game: "Game", event: dict) -> bool:
            return event["player"] is card.controller and bool(event["tokens"])

        def apply(game: "Game", event: dict) -> dict:
            tokens = list(event["tokens"])
            extra = [duplicate_token(t) for t in tokens for _ in range(times - 1)]
            return {**event, "tokens": tokens + extra}

        return Replacement(text, "tokens", applies, apply, source=card)

    return make


def replace_tokens(game: "Game", player: Player, tokens: list[Card]) -> list[Card]:
    """The tokens an effect of `player`'s creates, as replacement effects leave them (614.1a)."""
    event = game.replace("tokens", {"player": player, "tokens": list(tokens)})
    return [] if event is None else list(event["tokens"])
