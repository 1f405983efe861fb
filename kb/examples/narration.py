"""Telling what the engine did, one sentence per event, in Spanish or English. The sentences
are gettext messages (English msgids) from the ``engine`` domain in ``kb/locale``. In Spanish a
card is named the same way on every line (a token named by its subtypes always with its article,
"una ficha de Myr", and tokens alike counted, "dos fichas de Myr"), the words that describe it
agree with its name in gender and with the number of cards (translated once per message context
"m", "f", "mp", "fp"), and a player who is chosen takes the personal "a" (context "person").

Only the standard library is needed to tell: the site ships this module with the engine to run
the examples in the browser, where the catalogs come compiled (see `kb.examples.locales`)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from kb.engine.game import Ability, Card, CardDefinition, Decision, Event, Player, Spell, Step, Team, Zone
from kb.examples.card_names import spanish_name, spanish_names
from kb.examples.locales import LANGS, English, UnknownLanguageError, translations

__all__ = ["LANGS", "NarrationLine", "Narrator", "UnknownLanguageError", "contextual_messages", "message_ids", "narrate"]


def N_(message: str) -> str:
    """Marks a message for extraction; it is translated when the sentence is told."""
    return message


def NP_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a message with a plural form for extraction."""
    return (singular, plural)


# The standard ("and") list patterns of the Unicode CLDR for each language, as babel gives them:
# the first two items, each middle one, the last one, and a list of two.
LIST_PATTERNS = {
    "es": {"start": "{0}, {1}", "middle": "{0}, {1}", "end": "{0} y {1}", "2": "{0} y {1}"},
    "en": {"start": "{0}, {1}", "middle": "{0}, {1}", "end": "{0}, and {1}", "2": "{0} and {1}"},
}


# Spanish "y" becomes "e" before the sound i (i-, hi-), unless it begins a diphthong (y hierba, y
# ion); a card's name kept in English keeps "y", its sound being English (y Hill Giant).
_I_SOUND = re.compile(r"(?:h?[ií])(?![aeiouáéíóú])", re.IGNORECASE)


def _spanish_and(item: str) -> str:
    if _I_SOUND.match(item) and not any(item.startswith(name) for name in CardDefinition.registry if name[:1] in "IiHh"):
        return "e"
    return "y"


def format_list(items: Sequence[str], lang: str) -> str:
    """"a, b y c" in Spanish ("a, b e Isla" before the sound i), "a, b, and c" in English."""
    patterns = LIST_PATTERNS[lang]
    if lang == "es" and len(items) > 1 and _spanish_and(items[-1]) == "e":
        patterns = {key: pattern.replace(" y ", " e ") for key, pattern in patterns.items()}
    if len(items) < 2:
        return items[0] if items else ""
    if len(items) == 2:
        return patterns["2"].format(*items)
    text = patterns["start"].format(items[0], items[1])
    for item in items[2:-1]:
        text = patterns["middle"].format(text, item)
    return patterns["end"].format(text, items[-1])


# Names of steps, with their article, so a sentence can use them as they are.
STEP_NAMES = {
    Step.UNTAP: N_("the untap step"),
    Step.UPKEEP: N_("the upkeep step"),
    Step.DRAW: N_("the draw step"),
    Step.PRECOMBAT_MAIN: N_("the precombat main phase"),
    Step.BEGINNING_OF_COMBAT: N_("the beginning of combat step"),
    Step.DECLARE_ATTACKERS: N_("the declare attackers step"),
    Step.DECLARE_BLOCKERS: N_("the declare blockers step"),
    Step.COMBAT_DAMAGE: N_("the combat damage step"),
    Step.END_OF_COMBAT: N_("the end of combat step"),
    Step.POSTCOMBAT_MAIN: N_("the postcombat main phase"),
    Step.END: N_("the end step"),
    Step.CLEANUP: N_("the cleanup step"),
}

ZONE_NAMES = {
    Zone.LIBRARY: N_("the library"),
    Zone.HAND: N_("the hand"),
    Zone.BATTLEFIELD: N_("the battlefield"),
    Zone.GRAVEYARD: N_("the graveyard"),
    Zone.STACK: N_("the stack"),
    Zone.EXILE: N_("exile"),
    Zone.COMMAND: N_("the command zone"),
}

COLOR_WORDS = {"W": N_("white"), "U": N_("blue"), "B": N_("black"), "R": N_("red"), "G": N_("green")}

# Names of counters as they follow the word "counter" ("an age counter": "un contador de edad");
# a counter named by a symbol (+1/+1) needs no translation.
COUNTER_NAMES = {
    "age": N_("age"),
    "charge": N_("charge"),
    "divinity": N_("divinity"),
    "energy": N_("energy"),
    "experience": N_("experience"),
    "fade": N_("fade"),
    "loyalty": N_("loyalty"),
    "poison": N_("poison"),
    "shield": N_("shield"),
    "slime": N_("slime"),
    "stun": N_("stun"),
    "time": N_("time"),
}

# Creature types as the Spanish printed cards name them (205.3m); a type not listed is told by
# its English name, and the line says it is untranslated.
CREATURE_TYPE_NAMES = {
    "Angel": N_("Angel"),
    "Berserker": N_("Berserker"),
    "Bear": N_("Bear"),
    "Beast": N_("Beast"),
    "Cat": N_("Cat"),
    "Cleric": N_("Cleric"),
    "Construct": N_("Construct"),
    "Dragon": N_("Dragon"),
    "Druid": N_("Druid"),
    "Dwarf": N_("Dwarf"),
    "Elemental": N_("Elemental"),
    "Elephant": N_("Elephant"),
    "Elf": N_("Elf"),
    "Giant": N_("Giant"),
    "Goblin": N_("Goblin"),
    "Human": N_("Human"),
    "Knight": N_("Knight"),
    "Merfolk": N_("Merfolk"),
    "Myr": N_("Myr"),
    "Ogre": N_("Ogre"),
    "Ooze": N_("Ooze"),
    "Rogue": N_("Rogue"),
    "Saproling": N_("Saproling"),
    "Shaman": N_("Shaman"),
    "Sliver": N_("Sliver"),
    "Soldier": N_("Soldier"),
    "Spirit": N_("Spirit"),
    "Vampire": N_("Vampire"),
    "Warrior": N_("Warrior"),
    "Werewolf": N_("Werewolf"),
    "Wizard": N_("Wizard"),
    "Wolf": N_("Wolf"),
    "Zombie": N_("Zombie"),
}

# A token named by its subtypes (111.4): "Saproling Token"; several alike are told together,
# counted in words ("two Saproling Tokens"; in Spanish "dos fichas de Saprolín").
TOKEN_NAME = NP_("%(types)s Token", "%(count)s %(types)s Tokens")
NUMBER_WORDS = {
    2: N_("two"), 3: N_("three"), 4: N_("four"), 5: N_("five"), 6: N_("six"), 7: N_("seven"), 8: N_("eight"),
    9: N_("nine"), 10: N_("ten"),
}

# Words that agree with a card in gender and number ("Bear Cub queda girado", "dos fichas ...
# destruidas", "Bear Cub: gains flashback ... its mana cost"): the catalogs translate these
# messages once for each agreement, as the message context (m, f, mp, fp), of the field named
# here; English tells m and f in the singular, mp and fp in the plural.
AGREEMENTS = ("m", "f", "mp", "fp")
AGREEING = {
    "destroyed": "card", "destroyed_deathtouch": "card", "becomes_blocked": "card", "unblocked": "card",
    "attached": "card", "aura_illegal": "card", "regenerates": "card", "aura_swapped": "other",
    "sacrifice": "cards", "destroy": "cards", "exile": "cards", "tap": "cards",
    "removed_from_combat": "cards", "phase_out": "cards", "phase_in": "cards", "gains_flashback": "cards",
    "put_into_graveyard_from_exile": "cards", "return_from_exile": "cards", "reveal.again": "cards",
    "crewed": "vehicle", "spliced": "card", "adventure_exiled": "card", "triggers_cease": "abilities",
}
# The number a message with a plural form counts, where it is not the first of amount, count,
# poison and possible.
COUNTED = {"life_total": "life", "life_total.team": "life", "double_life": "life", "vise_count": "hand"}
# Decisions whose answer may be a player: a person takes "a" in Spanish ("Ana elige a Bruno"),
# translated under the context "person".
PERSONAL = ("choose_opponent", "target", "next_target")
_ARTICLES = {"el": "m", "la": "f", "los": "mp", "las": "fp", "un": "m", "una": "f", "unos": "mp", "unas": "fp"}


def spanish_agreement(name: str) -> str:
    """The gender and number ("m", "f", "mp", "fp") a Spanish noun phrase naming a card takes:
    from its article, or from its first word marked for gender ("Ratas icóridas": "fp")."""
    for word in name.lower().split():
        if word in _ARTICLES:
            return _ARTICLES[word]
        for ending, agreement in (("os", "mp"), ("as", "fp"), ("o", "m"), ("a", "f")):
            if word.endswith(ending):
                return agreement
    return "m"

LOSS_REASONS = {
    "life": N_("having 0 or less life"),
    "draw": N_("having attempted to draw a card from an empty library"),
    "poison": N_("having too many poison counters"),
    "effect": N_("an effect"),
    "concession": N_("conceding"),
    "commander damage": N_("having been dealt 21 combat damage by the same commander"),
    "opponent won": N_("an opponent winning the game"),
}

# Ways to pay a cumulative upkeep cost (702.24a); mana is told by its symbols.
UPKEEP_PAYMENTS: dict[str, Any] = {
    "life": NP_("pay %(amount)d life", "pay %(amount)d life"),
    "draw": NP_("draw %(amount)d card", "draw %(amount)d cards"),
    "sacrifice": N_("sacrifice %(cards)s"),
}

OBJECTS = {
    "triggered ability": N_("the triggered ability of %(card)s"),
    "activated ability": N_("the activated ability of %(card)s"),
}

# One sentence per kind of event. A key with ".team" is used when the event is about a team.
MESSAGES: dict[str, Any] = {
    "game_starts": N_("The game begins. Players, in seating order: %(players)s."),
    "turn_begins": N_("Turn %(turn)d begins: it is %(unit)s's turn."),
    "turn_begins.team": N_("Turn %(turn)d begins: it is team %(unit)s's turn."),
    "step_begins": N_("%(step)s begins."),
    "untap": N_("The active player's permanents untap: %(cards)s."),
    "untap.effect": N_("An effect untaps %(cards)s."),
    "skip_draw": N_("%(unit)s plays first and skips the draw step of their first turn."),
    "skip_draw.team": N_("Team %(unit)s plays first and skips the draw step of its first turn."),
    "draw": NP_("%(player)s draws a card.", "%(player)s draws %(count)d cards."),
    "draw_empty": N_("%(player)s attempts to draw a card from an empty library."),
    "apnap_restart": N_("A choice of %(player)s makes an earlier player choose: APNAP order restarts for every outstanding choice."),
    "mulligan": N_("%(player)s shuffles their hand into their library and draws a new hand."),
    "bottom": NP_("%(player)s puts a card on the bottom of their library.", "%(player)s puts %(count)d cards on the bottom of their library."),
    "play_land": N_("%(player)s plays %(card)s."),
    "additional_land": N_("%(player)s may play an additional land this turn."),
    "cant_play_lands": N_("%(player)s can't play lands this turn."),
    "cast": N_("%(player)s casts %(card)s."),
    "modes_chosen": NP_("%(player)s chooses mode %(numbers)s of %(card)s.", "%(player)s chooses modes %(numbers)s of %(card)s."),
    "cast.adventure": N_("%(player)s casts %(adventure)s, the Adventure of %(card)s."),
    "cast.targets": N_("%(player)s casts %(card)s targeting %(targets)s."),
    "activate": N_("%(player)s activates %(card)s's ability."),
    "phases_added": NP_("After this phase comes an extra phase with only %(steps)s.", "After this phase come %(count)d extra phases with only %(steps)s."),
    "targets_changed": N_("%(spell)s now targets %(targets)s."),
    "convoke": N_("%(player)s taps %(cards)s to convoke."),
    "band": N_("%(cards)s attack in a band."),
    "waterbend": N_("%(player)s waterbends {%(amount)d}, tapping %(cards)s for part of its generic mana."),
    "cost_locked": N_("The total cost of %(card)s is locked in: %(cost)s."),
    "mana_added": N_("%(player)s adds %(mana)s."),
    "no_mana": N_("The type of mana is undefined: %(source)s produces no mana."),
    "tapped_for_mana": N_("%(player)s taps %(card)s for mana: %(mana)s."),
    "mana_spent": N_("%(player)s spends %(mana)s."),
    "mana_lost": N_("%(player)s's mana pool empties: %(mana)s is lost."),
    "triggers": N_("The ability of %(card)s triggers."),
    "trigger_on_stack": N_("%(player)s puts the triggered ability of %(card)s on the stack."),
    "not_created": N_("%(cards)s would be owned by %(player)s, who has left the game: nothing is created."),
    "trigger_not_put": N_("The triggered ability of %(card)s isn't put on the stack: %(player)s, who would control it, has left the game."),
    "removed_no_target": N_("The triggered ability of %(card)s has no legal target and is removed from the stack."),
    "resolves": N_("%(object)s resolves."),
    "fizzles": N_("%(object)s doesn't resolve: its target is no longer legal."),
    "no_effect": N_("%(object)s is removed from the stack and has no effect: its condition is no longer true."),
    "condition_false": N_("%(card)s doesn't trigger: the life total is %(life)d, less than %(threshold)d."),
    "enters": N_("%(card)s enters the battlefield under %(player)s's control."),
    "destroyed": N_("%(card)s has lethal damage and is destroyed as a state-based action."),
    "no_token": N_("No card has been exiled with %(source)s: no token is created."),
    "put_into_graveyard_from_exile": N_("%(cards)s: put into their owners' graveyards from exile."),
    "transforms": N_("%(card)s transforms."),
    "crews": N_("%(card)s crews %(vehicle)s."),
    "crewed": N_("%(vehicle)s becomes an artifact creature until end of turn: it is crewed."),
    "may_cast_from_exile": N_("%(player)s may cast %(card)s from exile."),
    "meld": N_("%(cards)s meld into %(name)s: one permanent, represented by both cards."),
    "cant_meld": N_("%(cards)s can't be melded: they stay where they are."),
    "cant_transform": N_("%(card)s can't transform: nothing happens."),
    "return_from_exile": N_("%(cards)s return to the battlefield under their owners' control."),
    "cant_enter": N_("%(card)s can't enter the battlefield because of %(source)s: it is put into its owner's graveyard."),
    "doesnt_move": N_("%(card)s isn't exiled: %(source)s has already left the battlefield."),
    "no_defense": N_("%(card)s has no defense counters and is put into its owner's graveyard."),
    "no_protector": N_("No player can protect %(card)s: it is put into its owner's graveyard."),
    "no_loyalty": N_("%(card)s has no loyalty counters and is put into its owner's graveyard."),
    "legend_rule": N_("%(card)s is put into its owner's graveyard: %(player)s keeps another legendary permanent with the same name (the legend rule)."),
    "world_rule": N_("%(card)s is put into its owner's graveyard by the world rule: another permanent has had the world supertype for a shorter time, or as short."),
    "loyalty_ability": N_("%(player)s activates a loyalty ability of %(card)s: its loyalty cost is [%(cost)s]."),
    "dies_toughness": N_("%(card)s has 0 or less toughness and is put into its owner's graveyard."),
    "loss_prevented": N_("%(unit)s doesn't lose the game for %(reason)s, because of %(card)s."),
    "loss_prevented.team": N_("Team %(unit)s doesn't lose the game for %(reason)s, because of %(card)s."),
    "loses": N_("%(unit)s loses the game for %(reason)s."),
    "loses.team": N_("Team %(unit)s loses the game for %(reason)s."),
    "wins": N_("%(unit)s wins the game."),
    "wins.team": N_("Team %(unit)s wins the game."),
    "win_prevented": N_("%(unit)s can't win the game, because of %(card)s."),
    "win_prevented.team": N_("Team %(unit)s can't win the game, because of %(card)s."),
    "shortcut_proposed": N_("%(player)s proposes a shortcut: all players pass priority until %(holder)s has priority in %(step)s of turn %(turn)d."),
    "shortcut_shortened": N_("The shortcut now ends when %(holder)s has priority in %(step)s."),
    "loop_proposed": NP_("%(player)s proposes a shortcut: the same sequence of game choices repeated %(count)d time.", "%(player)s proposes a shortcut: the same sequence of game choices repeated %(count)d times."),
    "loop_taken": NP_("The loop is taken: %(count)d repetition.", "The loop is taken: %(count)d repetitions."),
    "shortcut_taken": N_("The shortcut is taken: the game advances to %(step)s, where %(holder)s has priority."),
    "concedes": N_("%(player)s concedes the game."),
    "game_drawn": N_("Every player lost at the same time: the game is a draw."),
    "game_drawn.loop": N_("Nothing but mandatory actions repeat with no way to stop them: the game is a draw."),
    "mandatory_loop": N_("The game is back in a state it was in, with only mandatory actions since: a loop of mandatory actions."),
    "game_over": N_("The game is over."),
    "life_total": NP_("%(unit)s is at %(life)d life.", "%(unit)s is at %(life)d life."),
    "life_total.team": NP_("Team %(unit)s is at %(life)d life.", "Team %(unit)s is at %(life)d life."),
    "damage": NP_("%(source)s deals %(amount)d damage to %(target)s.", "%(source)s deals %(amount)d damage to %(target)s."),
    "life_loss": NP_("%(player)s loses %(amount)d life.", "%(player)s loses %(amount)d life."),
    "life_gain": NP_("%(player)s gains %(amount)d life.", "%(player)s gains %(amount)d life."),
    "life_loss_prevented": N_("%(player)s can't lose life, because of %(card)s."),
    "life_gain_prevented": N_("%(player)s can't gain life, because of %(card)s."),
    "pay_life": NP_("%(player)s pays %(amount)d life.", "%(player)s pays %(amount)d life."),
    "life_becomes": N_("%(player)s's life total becomes %(value)d; it is considered to be %(before)d."),
    "exchange_life": N_("%(first)s and %(second)s exchange life totals."),
    "no_exchange": N_("%(first)s and %(second)s are teammates: the exchange of life totals doesn't happen."),
    "poison": NP_("%(player)s gets a poison counter.", "%(player)s gets %(amount)d poison counters."),
    "poison_total": NP_("%(unit)s has %(poison)d poison counter.", "%(unit)s has %(poison)d poison counters."),
    "poison_total.team": NP_("Team %(unit)s has %(poison)d poison counter.", "Team %(unit)s has %(poison)d poison counters."),
    "poison_prevented": N_("%(player)s can't get poison counters, because of %(card)s."),
    "poison_removed": NP_("%(player)s loses a poison counter.", "%(player)s loses %(amount)d poison counters."),
    "discard": N_("%(player)s discards %(cards)s."),
    "cycle": N_("%(player)s cycles %(card)s."),
    "sacrifice": N_("%(cards)s: sacrificed at the same time."),
    "destroy": N_("%(cards)s: destroyed at the same time."),
    "loss_replaced": N_("%(unit)s would lose the game, but %(card)s replaces that loss."),
    "loss_replaced.team": N_("Team %(unit)s would lose the game, but %(card)s replaces that loss."),
    "win_in_range": N_("%(unit)s would win the game: instead, each opponent within their range of influence loses: %(losers)s."),
    "exile": N_("%(cards)s: exiled at the same time."),
    "reveal": N_("The chosen cards are revealed: %(cards)s."),
    "reveal.none": N_("No card is chosen to be revealed."),
    "reveal.source.none": N_("The ability of %(source)s reveals no card."),
    "reveal.source": N_("The ability of %(source)s reveals %(cards)s."),
    "reveal.again": N_("%(cards)s, already revealed, is revealed again (a revealed card may be revealed again)."),
    "shuffle_in": N_("%(player)s shuffles %(card)s into their library."),
    "shuffle_all_in": NP_("%(player)s shuffles %(count)d card into their library.", "%(player)s shuffles %(count)d cards into their library."),
    "mill": NP_("%(player)s mills only %(count)d card, all there is: %(cards)s.", "%(player)s mills only %(count)d cards, all there are: %(cards)s."),
    "mill.all": NP_("%(player)s mills %(count)d card: %(cards)s.", "%(player)s mills %(count)d cards: %(cards)s."),
    "as_much_as_possible": NP_("%(player)s has only %(possible)d card to discard, so discards only that one.", "%(player)s has only %(possible)d cards to discard, so discards only those."),
    "attacks": N_("%(card)s attacks %(defender)s."),
    "attack_cost": N_("%(player)s pays %(cost)s to attack."),
    "removed_from_combat": N_("%(cards)s: removed from combat."),
    "damage_wears_off": N_("Damage wears off, and \"until end of turn\" and \"this turn\" effects end."),
    "cleanup_priority": N_("Abilities triggered or state-based actions apply during the cleanup step, so the active player gets priority."),
    "another_cleanup": N_("The stack is empty and all players passed: another cleanup step begins."),
    "turn_ends": N_("Turn %(turn)d ends."),
    "end_the_turn": N_("%(source)s ends the turn."),
    "triggers_cease": N_("%(abilities)s: triggered before the turn ended and never put on the stack, they cease to exist."),
    "stack_exiled": N_("Every object on the stack is exiled: %(objects)s."),
    "sba_no_priority": N_("State-based actions are checked; no player gets priority and no triggered ability is put on the stack."),
    "skip_to_cleanup": N_("%(step)s ends and the game skips straight to the cleanup step, so \"at the beginning of the end step\" abilities don't trigger."),
    "skip_to_cleanup.cleanup": N_("The turn ended during the cleanup step, so a new cleanup step begins."),
    "nothing_happens": N_("It isn't a combat phase: ending the combat phase does nothing."),
    "end_combat": N_("%(source)s ends the combat phase."),
    "skip_to_next_phase": N_("The combat phase ends from %(step)s: the game skips straight to the next phase, and \"at end of combat\" abilities don't trigger."),
    "double_life": NP_("%(player)s's life total is %(life)d, so doubling it means gaining %(life)d life.", "%(player)s's life total is %(life)d, so doubling it means gaining %(life)d life."),
    "lowest_life": N_("The lowest life total among all players is %(value)d."),
    "vise_count": NP_("%(player)s has %(hand)d card in hand: X is %(amount)d.", "%(player)s has %(hand)d cards in hand: X is %(amount)d."),
    "becomes_creature": N_("%(card)s becomes a %(power)d/%(toughness)d creature."),
    "devotion": N_("%(player)s's devotion to black is %(amount)d."),
    "effect_begins": NP_("A continuous effect begins; it applies to %(affected)s (layer %(layers)s).", "A continuous effect begins; it applies to %(affected)s (layers %(layers)s)."),
    "effect_begins.none": NP_("A continuous effect begins; it applies to nothing (layer %(layers)s).", "A continuous effect begins; it applies to nothing (layers %(layers)s)."),
    "effect_begins.selected": NP_(
        "A continuous effect begins; it applies to whatever it selects each time it is applied (layer %(layers)s).",
        "A continuous effect begins; it applies to whatever it selects each time it is applied (layers %(layers)s).",
    ),
    "effect_ends": N_("A continuous effect ends."),
    "effect_does_nothing": N_("The effect's duration ended before it could begin: it does nothing."),
    "phase_out": N_("%(cards)s: phased out, treated as though they don't exist."),
    "phase_in": N_("%(cards)s: phased in."),
    "counters_put": NP_("%(target)s gets one %(counter)s counter.", "%(target)s gets %(amount)d %(counter)s counters."),
    "counters_removed": NP_("One %(counter)s counter is removed from %(target)s.", "%(target)s loses %(amount)d %(counter)s counters."),
    "counters_put.energy": NP_("%(target)s gets {E} (an energy counter).", "%(target)s gets %(amount)d energy counters."),
    "counters_removed.energy": NP_("%(target)s pays {E} (an energy counter).", "%(target)s pays %(amount)d energy counters."),
    "counters_annihilate": NP_("%(card)s has both +1/+1 and -1/-1 counters: %(amount)d of each is removed as a state-based action.", "%(card)s has both +1/+1 and -1/-1 counters: %(amount)d of each are removed as a state-based action."),
    "token_ceases": N_("%(card)s is a token outside the battlefield and ceases to exist."),
    "destroyed_deathtouch": N_("%(card)s was dealt damage by a source with deathtouch and is destroyed as a state-based action."),
    "create": N_("%(player)s creates %(cards)s."),
    "investigate": N_("%(player)s investigates."),
    "tap": N_("%(cards)s: tapped."),
    "fight": N_("%(first)s and %(second)s fight."),
    "no_fight": N_("%(first)s and %(second)s don't fight: one of them is no longer a creature on the battlefield."),
    "scry": NP_("%(player)s scries %(count)d: %(top)d on top and %(bottom)d on the bottom.", "%(player)s scries %(count)d: %(top)d on top and %(bottom)d on the bottom."),
    "surveil": NP_("%(player)s surveils %(count)d and puts into the graveyard: %(graveyard)s.", "%(player)s surveils %(count)d and puts into the graveyard: %(graveyard)s."),
    "proliferate": N_("%(player)s proliferates: %(chosen)s."),
    "blocks": N_("%(card)s blocks %(attackers)s."),
    "becomes_blocked": N_("%(card)s becomes blocked."),
    "returned_to_hand": N_("%(card)s is returned to its owner's hand."),
    "attached": N_("%(card)s enters attached to %(to)s."),
    "attaches": N_("%(card)s becomes attached to %(to)s."),
    "unattaches": N_("%(card)s becomes unattached from %(previous)s and stays on the battlefield."),
    "unattaches.sba": N_("%(card)s can't stay attached to %(previous)s: it becomes unattached as a state-based action and stays on the battlefield."),
    "doesnt_attach": N_("%(card)s can't be attached to %(to)s: it doesn't move."),
    "spell_copied": N_("A copy of %(original)s is put onto the stack under %(player)s's control; it isn't cast."),
    "copy_not_created": N_("%(target)s isn't a legal target for a copy of %(spell)s: the copy isn't created."),
    "copy_ceases": N_("A copy of %(card)s is outside the stack and ceases to exist."),
    "emblem": N_("%(player)s gets an emblem in the command zone."),
    "becomes_monarch": N_("%(player)s becomes the monarch."),
    "aura_unattached": N_("%(card)s is an Aura attached to nothing and is put into its owner's graveyard as a state-based action."),
    "aura_illegal": N_("%(card)s is attached to %(to)s, which it can't enchant, and is put into its owner's graveyard as a state-based action."),
    "search_portion": NP_("%(player)s searches only the top card of %(owner)s's library instead.", "%(player)s searches only the top %(count)d cards of %(owner)s's library instead."),
    "search": N_("%(player)s searches and finds %(cards)s."),
    "search.none": N_("%(player)s searches and finds nothing."),
    "shuffle": N_("%(player)s shuffles their library, with %(cards)s."),
    "shuffle.none": N_("%(player)s shuffles their library."),
    "regenerates": N_("%(card)s regenerates: instead of being destroyed, its damage is removed and it is tapped."),
    "cumulative_upkeep_paid": N_("The cumulative upkeep of %(card)s is paid: %(payment)s."),
    "delayed_trigger_created": N_("A delayed triggered ability of %(source)s is created."),
    "exchange_of_control": N_("%(first)s and %(second)s exchange controllers."),
    "no_exchange_of_control": N_("The exchange of control of %(first)s and %(second)s can't be completed, so none of it happens."),
    "unblocked": N_("%(card)s is unblocked."),
    "first_strike_step": N_("A creature in combat has first strike or double strike: only those creatures deal combat damage in this first combat damage step."),
    "damage_prevented.nosource": NP_("Prevented: %(amount)d damage that would be dealt to %(target)s.", "Prevented: %(amount)d damage that would be dealt to %(target)s."),
    "replaced": N_("A replacement effect applies."),
    "replaced.source": N_("A replacement effect of %(source)s applies."),
    "replaced.prevention": N_("A prevention effect applies."),
    "replaced.prevention.source": N_("A prevention effect of %(source)s applies."),
    "redirect_out_of_range": NP_("%(target)s is outside the range of influence of the controller of %(source)s: the %(amount)d damage redirected to them does nothing.", "%(target)s is outside the range of influence of the controller of %(source)s: the %(amount)d damage redirected to them does nothing."),
    "becomes_copy": N_("%(card)s becomes a copy of %(original)s."),
    "brought_into_game": N_("%(player)s brings %(card)s into the game from outside it."),
    "game_restarts": N_("The game is restarted: it ends with no winner, and a new game begins, %(player)s going first, with every card that was in it."),
    "exchange_fails": N_("The exchange of %(card)s can't be completed: the ability has no effect."),
    "aura_swapped": N_("%(card)s returns to its owner's hand, and %(other)s enters the battlefield attached to %(to)s."),
    "named": N_("%(player)s announces the new name: %(name)s."),
    "sticker_not_put": N_("%(player)s doesn't own %(card)s and can't put a sticker on it."),
    "gains_flashback": N_("%(cards)s: gain flashback until end of turn, with a cost equal to their mana cost."),
    "cast_face_down": N_("%(player)s casts a card face down, a 2/2 creature spell with no name, no mana cost and no abilities."),
    "bestowed": N_("%(card)s is cast bestowed: it is an Aura enchantment spell with enchant creature, targeting %(target)s."),
    "bestow_ends": N_("%(card)s ceases to be a bestowed Aura: it is a creature."),
    "kicked": N_("%(player)s declares the intent to pay the kicker %(cost)s of %(card)s."),
    "spliced": N_("%(player)s reveals %(card)s from their hand and splices it onto %(spell)s, which costs %(cost)s more."),
    "gains_abilities": N_("%(card)s gains all activated abilities of %(source)s."),
    "enters_as_copy": N_("%(card)s enters the battlefield as a copy of %(original)s."),
    "adventure_exiled": N_("%(card)s resolves as an Adventure and is exiled; %(player)s may cast it from exile, but not as an Adventure."),
    "flips": N_("The permanent flips: it is now %(card)s."),
    "turned_face_down": NP_("%(source)s turns %(count)d other creature face down.", "%(source)s turns %(count)d other creatures face down."),
    "turned_face_up": N_("%(player)s turns %(card)s face up."),
    "echo_paid": N_("The echo of %(card)s is paid: %(cost)s."),
    "haunts": N_("%(card)s is exiled haunting %(target)s."),
    "cost_not_paid": N_("%(card)s can't be sacrificed: it is no longer on the battlefield, so the cost isn't paid and nothing else happens."),
    "nearest_opponent_chooses": N_("No opponent is within the range of influence of %(controller)s: %(player)s, the nearest opponent to their left, makes the choice."),
    "piles_put": N_("%(player)s puts one pile into their hand (%(to_hand)s) and the other into their graveyard (%(to_graveyard)s)."),
    "player_controlled": N_("%(controller)s controls %(player)s during this turn: %(controller)s makes %(player)s's choices and decisions."),
    "player_control_ends": N_("%(controller)s no longer controls %(player)s."),
    "damage_prevented": NP_("Prevented: %(amount)d damage that %(source)s would deal to %(target)s.", "Prevented: %(amount)d damage that %(source)s would deal to %(target)s."),
}
PAIRS = {
    "blockers": N_("%(first)s blocks %(second)s"),
    "assign_damage": N_("%(second)d to %(first)s"),
    "shield_prevents": N_("%(second)d from %(first)s"),
    "attackers": N_("%(first)s attacking %(second)s"),
}

DECISIONS: dict[str, Any] = {
    "sacrifice": N_("%(player)s chooses %(answer)s to sacrifice."),
    "sacrifice.no": N_("%(player)s chooses not to sacrifice anything."),
    "exile_from_hand": NP_("%(player)s chooses a card from their hand, face down.", "%(player)s chooses %(count)d cards from their hand, face down."),
    "discard": N_("%(player)s chooses %(answer)s to discard."),
    "may_discard.yes": N_("%(player)s chooses to discard a card."),
    "may_discard.no": N_("%(player)s chooses not to discard a card."),
    "choose_opponent": N_("%(player)s chooses %(answer)s."),
    "legend_rule": N_("%(player)s chooses which legendary permanent with the same name to keep: %(answer)s."),
    "target": N_("%(player)s chooses %(answer)s as the target of %(source)s."),
    "order_triggers": N_("%(player)s chooses the order of their triggered abilities on the stack, from the lowest: %(answer)s."),
    "order_triggers.team": N_("Team %(team)s chooses the order of its triggered abilities on the stack, from the lowest: %(answer)s."),
    "order_players.team": N_("Team %(team)s chooses the order in which its players act: %(answer)s."),
    "order_choices": N_("%(player)s chooses the order of their own choices: %(answer)s."),
    "choose_member.team": N_("Team %(team)s chooses %(answer)s."),
    "attackers": N_("%(player)s declares attackers: %(answer)s."),
    "attackers.none": N_("%(player)s declares no attackers."),
    "attack_target": N_("%(player)s has %(attacker)s attack %(answer)s."),
    "mulligan.yes": N_("%(player)s takes a mulligan."),
    "mulligan.no": N_("%(player)s keeps their hand."),
    "bottom": N_("%(player)s chooses %(answer)s to put on the bottom of their library."),
    "where_it_goes": N_("%(player)s chooses where %(source)s goes: %(answer)s."),
    "scry_bottom": N_("%(player)s chooses the cards to put on the bottom: %(answer)s."),
    "surveil_graveyard": N_("%(player)s chooses the cards to put into the graveyard: %(answer)s."),
    "order_top": N_("%(player)s chooses the order of the cards on top, from the top: %(answer)s."),
    "order_bottom": N_("%(player)s chooses the order of the cards on the bottom: %(answer)s."),
    "proliferate": N_("%(player)s chooses what to proliferate: %(answer)s."),
    "proliferate_poison": N_("%(player)s chooses which player of the team gets the poison counter: %(answer)s."),
    "order_replacements": N_("%(player)s chooses which replacement effect to apply first: %(answer)s."),
    "enter_as_copy": N_("%(player)s has %(source)s enter as a copy of %(answer)s."),
    "enter_as_copy.no": N_("%(player)s doesn't have %(source)s enter as a copy of anything."),
    "choose_card": N_("%(player)s chooses %(answer)s."),
    "meld_last_exiled": N_("%(player)s determines which card of the melded permanent was exiled last: %(answer)s."),
    "order_melded_cards": N_("%(player)s puts the two cards of the melded permanent in the order they choose, without revealing it."),
    "color": N_("%(player)s chooses %(answer)s."),
    "creature_type": N_("%(player)s chooses the creature type %(answer)s."),
    "may_put_counters.yes": N_("%(player)s chooses to put the counters."),
    "may_put_counters.no": N_("%(player)s chooses not to put the counters."),
    "may_skip_draw.yes": N_("%(player)s chooses to skip that draw."),
    "may_skip_draw.no": N_("%(player)s chooses not to skip that draw."),
    "may_draw.yes": N_("%(player)s chooses to draw a card."),
    "may_draw.no": N_("%(player)s chooses not to draw a card."),
    "may_pay_life.yes": N_("%(player)s chooses to pay the life."),
    "may_pay_life.no": N_("%(player)s chooses not to pay the life."),
    "may_search.yes": N_("%(player)s chooses to search their library."),
    "may_search.no": N_("%(player)s chooses not to search their library."),
    "may_mill.yes": N_("%(player)s chooses to have the target player mill."),
    "may_mill.no": N_("%(player)s chooses not to have anyone mill."),
    "may_exile.yes": N_("%(player)s chooses to exile it."),
    "may_exile.no": N_("%(player)s chooses not to exile it."),
    "may_destroy.yes": N_("%(player)s chooses to destroy it."),
    "may_destroy.no": N_("%(player)s chooses not to destroy it."),
    "may_reveal.yes": N_("%(player)s chooses to reveal the card."),
    "may_reveal.no": N_("%(player)s chooses not to reveal the card."),
    "may_gain_life.yes": N_("%(player)s chooses to gain life."),
    "may_gain_life.no": N_("%(player)s chooses not to gain life."),
    "mana_type": N_("%(player)s chooses %(answer)s."),
    "new_targets": N_("%(player)s chooses the targets of %(source)s: %(answer)s."),
    "convoke": N_("%(player)s chooses what is left to pay after convoke: %(answer)s."),
    "protector": N_("%(player)s chooses %(answer)s as the protector of %(source)s."),
    "modes": N_("%(player)s chooses the modes of %(source)s."),
    "card_name": N_("%(player)s chooses the card name %(answer)s."),
    "spend_mana": N_("%(player)s chooses which mana to spend: %(answer)s."),
    "find": N_("%(player)s chooses what to find in the library: %(answer)s."),
    "cumulative_upkeep": N_("%(player)s chooses how to pay the cumulative upkeep of %(source)s: %(answer)s."),
    "cumulative_upkeep.no": N_("%(player)s doesn't pay the cumulative upkeep of %(source)s."),
    "piles": N_("%(player)s separates the revealed cards into two piles: %(answer)s, and the rest."),
    "next_target": N_("%(player)s chooses %(answer)s as the next target %(source)s deals with."),
    "bands": N_("%(player)s declares which attacking creatures are in bands."),
    "bands.none": N_("%(player)s declares no band."),
    "exile_as_enters": N_("%(player)s chooses the cards to exile as %(source)s enters: %(answer)s."),
    "exile_as_enters.none": N_("%(player)s chooses to exile no card as %(source)s enters."),
    "reveal_or_pay": N_("%(player)s chooses to reveal %(answer)s to pay the additional cost of %(source)s."),
    "reveal_or_pay.pay": N_("%(player)s chooses to pay mana for the additional cost of %(source)s instead of revealing a card."),
    "loop_shortcut": N_("%(player)s accepts the loop."),
    "loop_shortcut.shorten": N_("%(player)s shortens the loop."),
    "shortcut.accept": N_("%(player)s accepts the shortcut."),
    "shortcut": N_("%(player)s shortens the shortcut: there they will make a different game choice."),
    "piles.none": N_("%(player)s separates the revealed cards into two piles: an empty one, and all of them."),
    "choose_pile.first": N_("%(player)s chooses the first pile for their hand."),
    "choose_pile.second": N_("%(player)s chooses the second pile for their hand."),
    "aura_swap": N_("%(player)s chooses to exchange %(source)s with %(answer)s."),
    "aura_swap.no": N_("%(player)s chooses not to exchange %(source)s."),
    "name_sticker": N_("%(player)s chooses where the word goes: %(answer)s."),
    "echo": N_("%(player)s chooses to pay the echo of %(source)s: %(answer)s."),
    "echo.no": N_("%(player)s doesn't pay the echo of %(source)s."),
    "blockers": N_("%(player)s declares blockers: %(answer)s."),
    "blockers.none": N_("%(player)s declares no blockers."),
    "assign_damage": N_("%(player)s divides the combat damage of %(source)s: %(answer)s."),
    "shield_prevents": N_("%(player)s chooses which damage the prevention shield prevents: %(answer)s."),
}
ONLY_OPTION = N_("(the only option)")
FACE_DOWN_NAME = N_("a face-down creature")
NAMELESS = N_("%(card)s, which has no name")
DECIDED_BY = N_("%(controller)s decides for %(player)s: %(decision)s")

# Events about a spell on the stack: its card is told by the name it had there.
SPELL_EVENTS = frozenset({"cast", "resolves", "fizzles", "no_effect", "kicked", "modes_chosen", "cost_locked", "spliced"})

# Events that other events already tell, or that are bookkeeping.
SILENT = frozenset({"beginning_of", "dies", "put_into_graveyard", "leaves_battlefield", "life_lost", "combat_damage"})


@dataclass(frozen=True)
class NarrationLine:
    """One told event: its sentence, the rule behind it and the kind of event. ``untranslated``
    lists the words the sentence took from the engine as they are, with no translation (a
    counter's name, a cost's text): in Spanish there should be none."""

    text: str
    rule: str | None
    kind: str
    untranslated: tuple[str, ...] = ()
    # Messages the catalog of the line's language lacks, told in English instead (their msgids).
    fallbacks: tuple[str, ...] = ()
    # The cards the sentence names: each card's English name and the words naming it here.
    names: tuple[tuple[str, str], ...] = ()


class Narrator:
    """Tells events in one language."""

    def __init__(self, lang: str):
        self.lang = lang
        self.tr = translations(lang)
        # The engine's own words put into the sentence being told, untranslated; the messages
        # the catalog lacks; and each card named, as (English name, words naming it).
        self.untranslated: list[str] = []
        self.fallbacks: list[str] = []
        self.named: list[tuple[str, str]] = []
        # Whether the event being told is about a spell as it was on the stack.
        self.as_spell = False

    def verbatim(self, text: str) -> str:
        """`text` as the engine wrote it, noted as untranslated unless it is only symbols
        (mana symbols, a loyalty cost, +1/+1) or a number, the same in every language."""
        if not _SYMBOLIC.fullmatch(text):
            self.untranslated.append(text)
        return text

    def _(self, message: str) -> str:
        return self._noted(self.tr.gettext(message))

    def _n(self, forms: tuple[str, str], count: int) -> str:
        return self._noted(self.tr.ngettext(forms[0], forms[1], count))

    def _p(self, context: str, message: str) -> str:
        return self._noted(self.tr.pgettext(context, message))

    def _noted(self, text: str) -> str:
        """`text`, noted as a fallback if the catalog lacked it (English has no msgstr of its own:
        its msgids are its sentences)."""
        if isinstance(text, English) and self.lang != "en":
            self.fallbacks.append(str(text))
        return text

    # ----- names

    def creature_type(self, name: str) -> str:
        message = CREATURE_TYPE_NAMES.get(name)
        return self._(message) if message is not None else self.verbatim(name)

    def counter(self, kind: str) -> str:
        message = COUNTER_NAMES.get(kind)
        if message is not None:
            return self._(message)
        return kind if _SYMBOLIC.fullmatch(kind) else self.verbatim(kind)

    def card_name(self, name: str) -> str:
        """A card name a player chose (201.4): the card's Spanish name where it has one."""
        definition = CardDefinition.registry.get(name)
        told = (self.spanish_name(definition) or name) if self.lang == "es" and definition is not None else name
        self.named.append((name, told))
        return told

    @staticmethod
    def spanish_name(definition: Any) -> str | None:
        """A card's name in Spanish: its official Spanish name where the names table confirms one,
        its English name for any other real card (one rule, the same everywhere), and for what
        is no printed card (an emblem, "a 3/4 creature") the words the engine gives it."""
        name = definition.name
        if name in spanish_names() or name in CardDefinition.registry:
            return spanish_name(name)
        return definition.name_es

    def card(self, card: Card) -> str:
        if self.as_spell and card.zone is not Zone.STACK and card.cast_half is None and not card.face_down \
                and card.definition is not card.printed_definition:
            # A spell is told by the name it had on the stack: the events are told after the game,
            # and a permanent that now copies another, or has transformed, had its own name then.
            return self.printed(card)
        if card.name == "":
            if card.face_down:
                return self._(FACE_DOWN_NAME)
            return self._(NAMELESS) % {"card": self.printed(card)}
        spanish = None
        if self.lang == "es":
            definition = card.definition
            # A name given by a sticker or an effect (123.6b) is told as it is, like every name.
            spanish = self.spanish_name(definition) if card.name == definition.name else spanish_name(card.name)
        types = self._token_types(card) if not spanish else None
        if spanish:
            told = spanish
        elif types is not None:
            told = self._n(TOKEN_NAME, 1) % {"types": types, "count": 1}
        else:
            told = card.name
        self.named.append((card.name, told))
        return told

    def _token_types(self, card: Card) -> str | None:
        """The subtypes a token named by them is told with (111.4), or None for another name."""
        # A token's name, as a copy of the token takes it too (707.2): named the same way.
        definition = card.definition
        if definition.subtypes and card.name == " ".join(tuple(definition.subtypes) + ("Token",)):
            return " ".join(self.creature_type(t) for t in definition.subtypes)
        return None

    def number(self, count: int) -> str:
        message = NUMBER_WORDS.get(count)
        return self._(message) if message is not None else str(count)

    def agreement(self, value: Any) -> str:
        """How Spanish words agree with `value`, a card or a list of them: "m", "f", "mp" or "fp".
        The gender is the name's (a name kept in English is masculine); the number is the number
        of cards, as the verbs of every sentence count them ("Ratas icóridas queda bloqueada"):
        several are plural, feminine only if each is."""
        items = list(value) if isinstance(value, (list, tuple)) else [value]
        found = []
        for item in items:
            card = item.card if isinstance(item, Spell) else item
            if not isinstance(card, Card):
                found.append("m")
                continue
            start = len(self.untranslated)
            told = self.card(card)
            del self.untranslated[start:]
            spanish = told != card.name or told.split(" ", 1)[0].lower() in _ARTICLES
            found.append(spanish_agreement(told) if spanish else "m")
        gender = "f" if found and all(a.startswith("f") for a in found) else "m"
        return gender + ("p" if len(items) > 1 else "")

    def printed(self, card: Card) -> str:
        """The card's own name, whatever it copies now."""
        definition = card.printed_definition
        spanish = self.spanish_name(definition) if self.lang == "es" else None
        told = spanish or definition.name
        self.named.append((definition.name, told))
        return told

    def name(self, thing: Any) -> str:
        if isinstance(thing, Card):
            return self.card(thing)
        if isinstance(thing, (Player, Team)):
            return thing.name
        if isinstance(thing, Spell):
            return self.card(thing.card)
        if isinstance(thing, Ability):
            # An ability's source is told by the name it has, as it is on the battlefield.
            as_spell, self.as_spell = self.as_spell, False
            source = self.card(thing.source)
            self.as_spell = as_spell
            return self._(OBJECTS[thing.kind]) % {"card": source}
        if isinstance(thing, Step):
            return self._(STEP_NAMES[thing])
        if isinstance(thing, Zone):
            return self._(ZONE_NAMES[thing])
        if isinstance(thing, bool):
            return self.verbatim(str(thing))
        if type(thing).__name__ == "UpkeepPayment":
            return self.upkeep_payment(thing)
        if type(thing).__name__ == "Replacement":
            return self.name(thing.source) if thing.source is not None else self.verbatim(thing.text)
        if isinstance(thing, (list, tuple)):
            return self.names(thing)
        return self.verbatim(str(thing))

    def upkeep_payment(self, payment: Any) -> str:
        if payment.kind in ("life", "draw"):
            return self._n(UPKEEP_PAYMENTS[payment.kind], payment.amount) % {"amount": payment.amount}
        if payment.kind == "sacrifice":
            return self._(UPKEEP_PAYMENTS["sacrifice"]) % {"cards": self.names(payment.cards)}
        return self.verbatim(payment.text)

    def names(self, things: Iterable[Any]) -> str:
        items: list[str] = []
        counted: dict[str, list[int]] = {}
        for thing in things:
            types = self._token_types(thing) if isinstance(thing, Card) else None
            if types is not None and types in counted:
                counted[types][1] += 1
                continue
            if types is not None:
                counted[types] = [len(items), 1]
            items.append(self.name(thing))
        for types, (index, count) in counted.items():
            if count > 1:
                items[index] = self._n(TOKEN_NAME, count) % {"types": types, "count": self.number(count)}
        if not items:
            return "—"
        return format_list(items, self.lang)

    # ----- sentences

    def tell(self, event: Event) -> str | None:
        self.as_spell = False
        if event.kind in SILENT:
            return None
        if event.kind == "decision":
            return self._decision(event["decision"])
        data = event.data
        key = event.kind
        self.as_spell = key in SPELL_EVENTS
        values: dict[str, Any] = {}
        # The engine's words each field would put in the sentence; only those it uses count.
        verbatim_by_field: dict[str, tuple[list[str], str]] = {}
        for field_name, value in data.items():
            if field_name == "mana":
                values[field_name] = "".join(str(m) for m in value)
            elif field_name == "counter":
                values[field_name] = self.counter(value)
            elif field_name == "cost" and isinstance(value, int):
                values[field_name] = f"{value:+d}".replace("-", "−")  # a loyalty symbol: [+1], [−3]
            elif field_name in ("amount", "count", "turn", "life", "value", "before", "hand", "power", "toughness", "poison", "threshold", "possible", "wanted", "top", "bottom"):
                values[field_name] = value
            elif (event.kind in ("named", "meld") and field_name == "name") or (event.kind == "cast" and field_name == "adventure"):
                values[field_name] = value  # a card's (new) name (123.6b, 712.4a), a name in every language
                self.named.append((value, value))
            else:
                start = len(self.untranslated)
                values[field_name] = self.name(value) if value is not None else ""
                verbatim_by_field[field_name] = (self.untranslated[start:], values[field_name])
                del self.untranslated[start:]
        unit = data.get("unit")
        if isinstance(unit, Team) and f"{key}.team" in MESSAGES:
            key = f"{key}.team"
        if key == "cast" and data.get("targets"):
            key = "cast.targets"
        if key == "cast" and data.get("adventure"):
            key = "cast.adventure"
        if key == "mill":
            values["count"] = len(data["cards"])
            if len(data["cards"]) == data["count"]:
                key = "mill.all"
        if key == "untap" and event.rule == "701.26b":
            key = "untap.effect"
        if key == "game_drawn" and event.rule == "104.4b":
            key = "game_drawn.loop"
        if key == "skip_to_cleanup" and data.get("step") is Step.CLEANUP:
            key = "skip_to_cleanup.cleanup"
        if event.kind in ("loss_prevented", "win_prevented", "life_loss_prevented", "life_gain_prevented", "poison_prevented"):
            values["card"] = self.name(data.get("by")) if data.get("by") is not None else "?"
        if event.kind in ("loss_prevented", "loses"):
            values["reason"] = self._(LOSS_REASONS.get(data["reason"], LOSS_REASONS["effect"]))
        if event.kind in ("trigger_on_stack", "triggers", "removed_no_target", "trigger_not_put"):
            ability = data["ability"]
            values["card"] = self.card(ability.source)
            values["player"] = ability.controller.name
        if event.kind == "enters":
            values["player"] = data["controller"].name
        if key == "reveal" and event.rule == "701.20c":
            key = "reveal.again"
        elif key == "reveal" and data.get("source") is not None:
            key = "reveal.source"
        if key in ("search", "reveal", "reveal.source") and "cards" in data and not data["cards"]:
            key += ".none"
        if key == "shuffle" and not data.get("cards"):
            key = "shuffle.none"
        if key == "damage_prevented" and data.get("source") is None:
            key = "damage_prevented.nosource"
        if event.kind in ("end_the_turn", "end_combat", "nothing_happens", "damage") and data.get("source") is None:
            values["source"] = self._(N_("An effect"))
        if key == "effect_begins":
            effect = data["effect"]
            values["layers"] = format_list(sorted(effect.parts, key=_layer_order), self.lang)
            values["count"] = len(effect.parts)
            if effect.affected is None:
                key = "effect_begins.selected"
            elif not effect.affected:
                key = "effect_begins.none"
            else:
                values["affected"] = self.names(effect.affected)
        if key == "replaced":
            key = "replaced.prevention" if data["effect"].prevention else "replaced"
            if data.get("source") is not None:
                key += ".source"
        if key == "unattaches" and (event.rule or "").startswith("704.5"):
            key = "unattaches.sba"
        if key in ("counters_put", "counters_removed") and data.get("counter") == "energy":
            key += ".energy"  # 107.14: {E}
        if key in ("becomes_copy", "enters_as_copy"):
            values["card"] = self.printed(data["card"])
        message = MESSAGES.get(key)
        if message is None:
            return None
        used = set(re.findall(r"%\((\w+)\)", message if isinstance(message, str) else " ".join(message)))
        for field_name in used & set(verbatim_by_field):
            words, told = verbatim_by_field[field_name]
            if values.get(field_name) is told:  # not told another way since
                self.untranslated.extend(words)
        if isinstance(message, tuple):
            count = values[COUNTED[key]] if key in COUNTED else values.get("amount", values.get("count", values.get("poison", values.get("possible", 1))))
            return _sentence(self._n(message, count) % values)
        if key in AGREEING:
            return _sentence(self._p(self.agreement(data.get(AGREEING[key])), message) % values)
        return _sentence(self._(message) % values)

    def _decision(self, decision: Decision) -> str:
        kind = decision.kind
        answer = decision.answer
        values = {
            "player": decision.player.name,
            "team": decision.team.name if decision.team is not None else "",
        }
        if kind in ("enter_as_copy", "cumulative_upkeep", "sacrifice", "aura_swap", "echo") and answer is False:
            key = f"{kind}.no"
        elif kind in ("may_discard", "mulligan", "may_gain_life", "may_reveal", "may_destroy", "may_exile", "may_draw", "may_skip_draw", "may_put_counters", "may_mill", "may_search", "may_pay_life"):
            key = f"{kind}.{'yes' if answer else 'no'}"
        elif kind in ("attackers", "blockers", "exile_as_enters", "bands") and not answer:
            key = f"{kind}.none"
        elif kind == "piles" and not answer:
            key = "piles.none"
        elif kind == "reveal_or_pay" and isinstance(answer, str):
            key = "reveal_or_pay.pay"
        elif kind == "shortcut":
            key = "shortcut.accept" if answer == "accept" else "shortcut"
        elif kind == "loop_shortcut" and answer != "accept":
            key = "loop_shortcut.shorten"
        elif kind == "choose_pile":
            key = f"choose_pile.{answer}"
        elif decision.team is not None and f"{kind}.team" in DECISIONS:
            key = f"{kind}.team"
        else:
            key = kind
        message = DECISIONS.get(key)
        if message is None:
            return None
        if kind == "new_targets":
            values["answer"] = "; ".join(self.names(group) for group in answer.groups)
            values["count"] = 1
        elif kind == "color":
            values["answer"] = self._(COLOR_WORDS[answer])
            values["count"] = 1
        elif kind == "mana_type":
            values["answer"] = "{%s}" % answer  # a type of mana, as its symbol
            values["count"] = 1
        elif kind == "creature_type":
            values["answer"] = self.creature_type(answer)
            values["count"] = 1
        elif kind == "card_name":
            values["answer"] = self.card_name(answer)
            values["count"] = 1
        elif kind == "name_sticker":
            # A new name made of the words on the card and the sticker (123.6b): a name, kept
            # as it is in every language like other card names.
            values["answer"] = answer
            self.named.append((answer, answer))
            values["count"] = 1
        elif kind in PAIRS and isinstance(answer, list) and all(isinstance(item, tuple) for item in answer):
            pair = self._(PAIRS[kind])
            values["answer"] = format_list(
                [pair % {"first": self.name(a), "second": b if isinstance(b, int) else self.name(b)} for a, b in answer] or ["—"],
                self.lang,
            )
            values["count"] = len(answer)
        elif isinstance(answer, list):
            values["answer"] = self.names(answer)
            values["count"] = len(answer)
        elif "%(answer)s" in (message if isinstance(message, str) else message[0]):
            values["answer"] = self.name(answer)
            values["count"] = 1
        else:
            values["count"] = 1
        if "source" in decision.context:
            values["source"] = self.name(decision.context["source"])
            if kind == "enter_as_copy":
                values["source"] = self.printed(decision.context["source"])
        if "attacker" in decision.context:
            values["attacker"] = self.name(decision.context["attacker"])
        answers = answer if isinstance(answer, list) else [answer]
        if isinstance(message, tuple):
            text = self._n(message, values["count"]) % values
        elif kind in PERSONAL and answers and all(isinstance(a, (Player, Team)) for a in answers):
            text = self._p("person", message) % values
        else:
            text = self._(message) % values
        if decision.forced:
            text = f"{text[:-1]} {self._(ONLY_OPTION)}."
        if decision.decided_by is not None:
            text = self._(DECIDED_BY) % {"controller": decision.decided_by.name, "player": decision.player.name, "decision": text}
        return _sentence(text)


# Text the same in every language: mana symbols, numbers, +N/+N and the like.
_SYMBOLIC = re.compile(r"(?:\{[^{}]+\}|[+\-−]?\d+(?:/[+\-−]?\d+)?|[\[\]+\-−/ ,.])+")


def _layer_order(layer: str) -> tuple[int, str]:
    """Layers in the order they apply (613.1): "5" before "7c"."""
    digits = "".join(c for c in layer if c.isdigit())
    return (int(digits) if digits else 0, layer[len(digits):])


def _sentence(text: str) -> str:
    return text[:1].upper() + text[1:]


def narrate(events: Sequence[Event], lang: str = "es") -> list[NarrationLine]:
    """One line per told event, in `lang` (``es`` or ``en``)."""
    narrator = Narrator(lang)
    lines = []
    for event in events:
        narrator.untranslated, narrator.fallbacks, narrator.named = [], [], []
        text = narrator.tell(event)
        if text:
            lines.append(NarrationLine(text, event.rule, event.kind, tuple(narrator.untranslated),
                                       tuple(dict.fromkeys(narrator.fallbacks)), tuple(dict.fromkeys(narrator.named))))
    return lines


def contextual_messages() -> list[tuple[str, str]]:
    """(context, msgid) for each message translated once per context: agreements and persons."""
    found = [(agreement, MESSAGES[key]) for key in AGREEING for agreement in AGREEMENTS]
    found += [("person", DECISIONS[kind]) for kind in PERSONAL]
    return found


def message_ids() -> set[str]:
    """Every msgid the narration can use (the catalogs must translate them all)."""
    ids: set[str] = set()
    for table in (STEP_NAMES, ZONE_NAMES, COLOR_WORDS, COUNTER_NAMES, CREATURE_TYPE_NAMES, UPKEEP_PAYMENTS, LOSS_REASONS, OBJECTS, MESSAGES, DECISIONS, PAIRS, NUMBER_WORDS):
        for message in table.values():
            if isinstance(message, tuple):
                ids.add(message[0])
            else:
                ids.add(message)
    ids.add(ONLY_OPTION)
    ids.add(TOKEN_NAME[0])
    ids.add(DECIDED_BY)
    ids.add(FACE_DOWN_NAME)
    ids.add(NAMELESS)
    ids.add("An effect")
    return ids
