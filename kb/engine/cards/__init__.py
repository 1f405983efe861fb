"""The cards the engine knows, by their Oracle behaviour, one module per mechanic or kind of card.

A definition marked ``in_part`` models only the part of the card's text quoted in its ``oracle``.
Spanish names are those the Spanish wiki pages in the corpus use; other cards keep their English
name in both languages. Importing this package registers every card (`Card('<name>')` makes
one), including those of the engine's ``kb.engine.cards_<topic>`` modules.
"""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from kb.engine.cards.activated_abilities import *  # noqa: F401,F403
from kb.engine.cards.adventures import *  # noqa: F401,F403
from kb.engine.cards.animated_lands import *  # noqa: F401,F403
from kb.engine.cards.aura_swap import *  # noqa: F401,F403
from kb.engine.cards.auras import *  # noqa: F401,F403
from kb.engine.cards.battles import *  # noqa: F401,F403
from kb.engine.cards.combat_requirements import *  # noqa: F401,F403
from kb.engine.cards.casting_permissions import *  # noqa: F401,F403
from kb.engine.cards.command import *  # noqa: F401,F403
from kb.engine.cards.commander import *  # noqa: F401,F403
from kb.engine.cards.control_changing import *  # noqa: F401,F403
from kb.engine.cards.copy_abilities import *  # noqa: F401,F403
from kb.engine.cards.copy_effects import *  # noqa: F401,F403
from kb.engine.cards.copy_new_target import *  # noqa: F401,F403
from kb.engine.cards.copy_exceptions import *  # noqa: F401,F403
from kb.engine.cards.cost_replacement import *  # noqa: F401,F403
from kb.engine.cards.costs import *  # noqa: F401,F403
from kb.engine.cards.counters import *  # noqa: F401,F403
from kb.engine.cards.cycling import *  # noqa: F401,F403
from kb.engine.cards.damage_events import *  # noqa: F401,F403
from kb.engine.cards.defining_abilities import *  # noqa: F401,F403
from kb.engine.cards.departures import *  # noqa: F401,F403
from kb.engine.cards.devotion import *  # noqa: F401,F403
from kb.engine.cards.echo import *  # noqa: F401,F403
from kb.engine.cards.enter_as_copy import *  # noqa: F401,F403
from kb.engine.cards.entering import *  # noqa: F401,F403
from kb.engine.cards.equipment import *  # noqa: F401,F403
from kb.engine.cards.expend import *  # noqa: F401,F403
from kb.engine.cards.flashback import *  # noqa: F401,F403
from kb.engine.cards.flip_cards import *  # noqa: F401,F403
from kb.engine.cards.granted_abilities import *  # noqa: F401,F403
from kb.engine.cards.haunt import *  # noqa: F401,F403
from kb.engine.cards.kicker import *  # noqa: F401,F403
from kb.engine.cards.layers import *  # noqa: F401,F403
from kb.engine.cards.life_and_outcome import *  # noqa: F401,F403
from kb.engine.cards.linked_abilities import *  # noqa: F401,F403
from kb.engine.cards.linked_reveal import *  # noqa: F401,F403
from kb.engine.cards.mana_abilities import *  # noqa: F401,F403
from kb.engine.cards.melding import *  # noqa: F401,F403
from kb.engine.cards.modal import *  # noqa: F401,F403
from kb.engine.cards.modular import *  # noqa: F401,F403
from kb.engine.cards.morph import *  # noqa: F401,F403
from kb.engine.cards.multiplayer import *  # noqa: F401,F403
from kb.engine.cards.name_changing import *  # noqa: F401,F403
from kb.engine.cards.outside_the_game import *  # noqa: F401,F403
from kb.engine.cards.partial_resolution import *  # noqa: F401,F403
from kb.engine.cards.piles import *  # noqa: F401,F403
from kb.engine.cards.planeswalkers import *  # noqa: F401,F403
from kb.engine.cards.player_control import *  # noqa: F401,F403
from kb.engine.cards.redirection import *  # noqa: F401,F403
from kb.engine.cards.references import *  # noqa: F401,F403
from kb.engine.cards.replacement_effects import *  # noqa: F401,F403
from kb.engine.cards.resolution_costs import *  # noqa: F401,F403
from kb.engine.cards.revealing import *  # noqa: F401,F403
from kb.engine.cards.scavenge import *  # noqa: F401,F403
from kb.engine.cards.searching import *  # noqa: F401,F403
from kb.engine.cards.spell_copies import *  # noqa: F401,F403
from kb.engine.cards.self_reference import *  # noqa: F401,F403
from kb.engine.cards.spells import *  # noqa: F401,F403
from kb.engine.cards.spells_changed import *  # noqa: F401,F403
from kb.engine.cards.splice import *  # noqa: F401,F403
from kb.engine.cards.split_cards import *  # noqa: F401,F403
from kb.engine.cards.static_abilities import *  # noqa: F401,F403
from kb.engine.cards.templates import *  # noqa: F401,F403
from kb.engine.cards.transforming import *  # noqa: F401,F403
from kb.engine.cards.triggered_abilities import *  # noqa: F401,F403
from kb.engine.cards.turn_structure import *  # noqa: F401,F403
from kb.engine.cards.vanilla import *  # noqa: F401,F403
from kb.engine.cards.vehicles import *  # noqa: F401,F403
from kb.engine.cards.waterbending import *  # noqa: F401,F403

# Cards defined beside the package, in modules named kb.engine.cards_<topic>, register too.
for _module in pkgutil.iter_modules([str(Path(__file__).resolve().parent.parent)]):
    if _module.name.startswith("cards_"):
        importlib.import_module(f"kb.engine.{_module.name}")
