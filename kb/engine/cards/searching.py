"""Cards that search libraries, and that change how a library is searched (701.23)."""

from __future__ import annotations

from typing import Any

from kb.engine.decisions import Decision
from kb.engine.define import Trigger, card, when_dies
from kb.engine.objects import CardDefinition, Zone
from kb.engine.replacement import Replacement


class AvenMindcensor(CardDefinition):
    name, mana_cost, type_line = "Aven Mindcensor", "{2}{W}", "Creature — Bird Wizard"
    power, toughness = 2, 1
    keywords = ("Flash", "Flying")
    oracle = "Flash\nFlying\nIf an opponent would search a library, that player searches the top four cards of that library instead."

    def replacements(self, game: Any, card: Any):
        def applies(game: Any, event: dict) -> bool:
            return event["player"] in game.opponents(card.controller)

        def apply(game: Any, event: dict) -> dict:
            top = 4 if event["top"] is None else min(4, event["top"])
            return {**event, "top": top}

        return [Replacement(self.oracle.split("\n")[-1], "search", applies, apply, source=card)]


def _basic_land(card: Any) -> bool:
    return card.is_land and "Basic" in card.supertypes


def _each_player_may_search_for_two_basic_lands(game: Any, ability: Any) -> None:
    """"Each player may search their library for up to two basic land cards, put them onto the
    battlefield, then shuffle": in APNAP order (101.4); only a player who searches shuffles."""
    for player in game.affected_players(ability.controller):
        if not game.decide(Decision(player, "may_search", (False, True), rule="701.23", context={"source": ability.source})):
            continue
        found = game.search(player, player, (Zone.LIBRARY,), _basic_land, limit=2)
        for land in found:
            game.put_onto_battlefield(land, player)
        # 701.23f: searching only part of it, the player still shuffles the whole library.
        game.shuffle_cards_into_library(player, [], zone=Zone.LIBRARY)


VeteranExplorer = card(
    "Veteran Explorer",
    mana_cost="{G}",
    type_line="Creature — Human Soldier Scout",
    power=1,
    toughness=1,
    oracle="When this creature dies, each player may search their library for up to two basic land cards, put them onto the battlefield, then shuffle.",
    triggered=(Trigger("", when_dies(), _each_player_may_search_for_two_basic_lands),),
)
