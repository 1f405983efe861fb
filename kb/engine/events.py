"""The kinds of events the engine emits, with the rule behind each and the data it carries: what
a triggered ability can match (rule 603.2). `Game.emit` records every one in ``game.events``.

>>> EVENT_KINDS['damage'].fields
('source', 'target', 'amount', 'combat')
>>> sorted(k for k in EVENT_KINDS if k.startswith('life'))
['life_becomes', 'life_gain', 'life_gain_prevented', 'life_loss', 'life_loss_prevented', 'life_lost', 'life_total']
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class EventKind:
    """One kind of event: its name, the fields of its data, and what it means."""

    name: str
    fields: tuple[str, ...]
    meaning: str


def _kinds(*rows: tuple[str, str, str]) -> dict[str, EventKind]:
    return {name: EventKind(name, tuple(f for f in fields.split() if f), meaning) for name, fields, meaning in rows}


EVENT_KINDS: dict[str, EventKind] = _kinds(
    # the game and its turns
    ("game_starts", "players", "The game begins (103)."),
    ("turn_begins", "turn unit", "A turn begins; `unit` is the player (or team) whose turn it is (500)."),
    ("step_begins", "step", "A step or main phase begins (500)."),
    ("beginning_of", "step active", "The moment \"at the beginning of <step>\" abilities trigger (503.1, 513.1 ...)."),
    ("turn_ends", "turn unit", "A turn ends (500)."),
    ("phases_added", "phase after steps count", "`count` extra phases of `steps` only are added after the `after` phase (500.8, 500.10)."),
    ("untap", "cards", "Permanents untap (502.3, 701.26b)."),
    ("skip_draw", "unit", "The starting player skips the draw of their first turn (103.8a)."),
    ("cleanup_priority", "", "Players get priority in the cleanup step (514.3a)."),
    ("another_cleanup", "", "Another cleanup step begins (514.3a)."),
    ("damage_wears_off", "cards", "Damage wears off and \"until end of turn\" effects end (514.2)."),
    ("mulligan", "player count", "A player takes a mulligan (103.5)."),
    ("bottom", "player count", "Cards go to the bottom of the library after mulligans (103.5)."),
    # priority, casting and the stack
    ("cast", "player card targets", "A spell is cast (601.2)."),
    ("activate", "player card", "An activated ability is activated (602.2)."),
    ("cast_face_down", "player card", "A card is cast face down (702.37c, 708.4)."),
    ("flips", "card", "A flip card permanent flips (710.2)."),
    ("turned_face_down", "count source", "Permanents are turned face down (708.2a)."),
    ("turned_face_up", "player card", "A face-down permanent is turned face up (702.37e, 708.8)."),
    ("play_land", "player card", "A land is played (305.1)."),
    ("convoke", "player cards", "Creatures are tapped to pay for a spell with convoke (702.51a)."),
    ("cost_locked", "player card cost", "The total cost of a spell is locked in (601.2f), when effects or X change it from its mana cost; `cost` is its mana."),
    # mana
    ("mana_added", "player mana source", "A player adds mana to their mana pool (106.4); `mana` is the `Mana` added."),
    ("no_mana", "player source", "An ability would produce mana of an undefined type: it produces none (106.5)."),
    ("tapped_for_mana", "player card mana", "A permanent is tapped for mana: its mana ability resolved and produced `mana` (106.12a)."),
    ("mana_spent", "player mana use", "Mana is spent to pay a cost (601.2h); `use` is the `ManaUse`."),
    ("mana_lost", "player mana", "A mana pool empties at the end of a step or phase (106.4)."),
    ("additional_land", "player", "A player may play an additional land this turn (305.2)."),
    ("cant_play_lands", "player", "A player can't play lands this turn (101.2)."),
    ("triggers", "ability", "An ability triggers (603.2)."),
    ("trigger_on_stack", "ability", "A triggered ability is put on the stack (603.3)."),
    ("removed_no_target", "ability", "A triggered ability with no legal target is removed (603.3d)."),
    ("resolves", "object", "A spell or ability resolves (608.2)."),
    ("targets_changed", "spell targets", "New targets are chosen for a spell (115.7d)."),
    ("fizzles", "object", "A spell or ability doesn't resolve: its targets are illegal (608.2b)."),
    ("no_effect", "object", "An intervening \"if\" is false on resolution (603.4)."),
    ("condition_false", "card life threshold", "An intervening \"if\" is false as the event happens (603.4)."),
    ("decision", "decision", "A player made a decision (see `Decision`)."),
    ("apnap_restart", "player", "A choice makes an earlier player choose: APNAP order restarts (101.4d)."),
    # zones
    ("enters", "card controller", "A permanent enters the battlefield (403.3)."),
    ("dies", "cards left", "Creatures are put into graveyards from the battlefield (700.4); `left` is every permanent that left in the same event."),
    ("put_into_graveyard", "card controller left", "A permanent is put into a graveyard from the battlefield (603.10a)."),
    ("delayed_trigger_created", "source text", "A delayed triggered ability is created (603.7a)."),
    ("destroy", "cards", "Permanents are destroyed at the same time (701.8)."),
    ("destroyed", "card", "A creature with lethal damage is destroyed (704.5g)."),
    ("destroyed_deathtouch", "card", "A creature dealt damage by deathtouch is destroyed (704.5h)."),
    ("dies_toughness", "card", "A creature with 0 or less toughness goes to the graveyard (704.5f)."),
    ("no_loyalty", "card", "A planeswalker with loyalty 0 goes to its owner's graveyard (704.5i)."),
    ("loyalty_ability", "player card cost", "A loyalty ability is activated; `cost` is its total loyalty cost, + to put counters, - to remove them (606.4, 606.5)."),
    ("attached", "card to", "An Aura enters attached to what it enchants (303.4f)."),
    ("aura_unattached", "card", "An Aura attached to nothing goes to its owner's graveyard (704.5m)."),
    ("sacrifice", "cards", "Permanents are sacrificed at the same time (701.21)."),
    ("exile", "cards", "Cards are exiled at the same time (406.3)."),
    ("transforms", "card back", "A double-faced permanent transforms; `back` is whether its back face is now up (701.27a)."),
    ("cant_transform", "card", "A permanent told to transform can't: it isn't a double-faced card or token, or its other face is an instant or sorcery (701.27c–d, 712.9)."),
    ("no_token", "source", "An effect that would create a token copy of a card exiled with `source` creates none: no card was (111.12)."),
    ("put_into_graveyard_from_exile", "cards", "Cards exiled with a permanent go to their owners' graveyards (607.2a)."),
    ("return_from_exile", "cards", "Cards exiled until a permanent left the battlefield return to it, at the same time (610.3, 610.3d)."),
    ("doesnt_move", "card source", "A card to be exiled until `source` leaves the battlefield doesn't move: it already has (610.3a–b)."),
    ("draw", "player count", "A player draws cards (121.1)."),
    ("draw_empty", "player", "A player attempts to draw from an empty library (121.4)."),
    ("discard", "player cards", "A player discards cards (701.9)."),
    ("mill", "player cards count", "A player mills cards (701.17)."),
    ("reveal", "cards source", "Cards are revealed (701.20); `source`, when given, is the object whose ability revealed them, for abilities linked to it (607.2)."),
    ("search", "player owner cards", "A player searches zones and finds cards (701.23)."),
    ("shuffle", "player cards", "A library is shuffled, with the cards shuffled into it (701.24)."),
    ("shuffle_in", "player card", "A card is shuffled into its owner's library (701.24)."),
    ("shuffle_all_in", "player count", "Cards are shuffled into a library instead (614.1a)."),
    ("as_much_as_possible", "player possible wanted", "A player does as much as possible (609.3)."),
    ("cost_not_paid", "card", "A cost paid as an ability resolves can't be paid: what depends on it doesn't happen (118.12)."),
    ("nearest_opponent_chooses", "player controller", "No opponent is within range of influence: the nearest one to the controller's left makes the choice (801.5c)."),
    ("piles_put", "player to_hand to_graveyard", "Of two piles, one goes to a player's hand, the other to their graveyard (700.3)."),
    ("brought_into_game", "player card", "A card is brought into the game from outside it (400.11)."),
    ("game_restarts", "player", "The game ends and a new one begins, started by `player` (726.1)."),
    ("exchange_fails", "card", "Half of an exchange can't be completed, so the ability has no effect (702.65b, 701.12)."),
    ("aura_swapped", "card other to", "An Aura is exchanged with an Aura card in its owner's hand (702.65a)."),
    ("named", "player card name", "A name sticker is put on an object, whose controller announces its new name (123.6b)."),
    ("sticker_not_put", "player card", "A player can't put a sticker on an object they don't own (123.3b)."),
    ("gains_flashback", "cards", "Cards gain flashback until end of turn, its cost their mana cost (702.34a, 702.1b)."),
    ("returned_to_hand", "card", "A permanent is returned to its owner's hand (400.3)."),
    ("token_ceases", "card", "A token outside the battlefield ceases to exist (704.5d)."),
    # keyword actions
    ("create", "player cards", "Tokens are created (701.7a)."),
    ("investigate", "player", "A player investigates (701.16a)."),
    ("tap", "cards", "Permanents become tapped (701.26a)."),
    ("fight", "first second", "Two creatures fight (701.14a)."),
    ("no_fight", "first second", "Creatures don't fight: one is gone (701.14b)."),
    ("scry", "player count top bottom", "A player scries (701.22a)."),
    ("surveil", "player count graveyard", "A player surveils (701.25a)."),
    ("proliferate", "player chosen", "A player proliferates (701.34a)."),
    ("cumulative_upkeep_paid", "card payment", "A cumulative upkeep cost is paid (702.24a)."),
    ("echo_paid", "card cost", "An echo cost is paid (702.30a)."),
    ("haunts", "card target", "A card with haunt is exiled haunting a creature (702.55a–b)."),
    ("regenerates", "card", "A permanent regenerates instead of being destroyed (701.19a)."),
    ("exchange_of_control", "first second", "Two permanents exchange controllers (701.12b)."),
    ("no_exchange_of_control", "first second", "An exchange of control doesn't happen (701.12a–b)."),
    # life, damage, poison, counters
    ("damage", "source target amount combat", "Damage is dealt (120.3); `combat` is true for combat damage (510.2)."),
    ("damage_prevented", "source target amount", "Damage is prevented (615.1a), by protection too (702.16e)."),
    ("redirect_out_of_range", "source target amount", "Damage redirected to a player or object outside the range of influence of the source's controller does nothing (801.13a)."),
    ("replaced", "effect text source", "A replacement or prevention effect modifies an event (614.1, 616.1)."),
    ("life_lost", "player amount damage", "A player loses life, from damage or not (119.3, 120.3a)."),
    ("life_loss", "player amount", "A player loses life other than from damage (119.3)."),
    ("life_gain", "player amount", "A player gains life (119.3); one event per source with lifelink (702.15e)."),
    ("life_total", "unit life", "A player's (or team's) life total after a change (119)."),
    ("life_becomes", "player value before", "A life total becomes a number (119.5)."),
    ("pay_life", "player amount", "A player pays life (119.4)."),
    ("life_loss_prevented", "player by", "A player can't lose life (119.7)."),
    ("life_gain_prevented", "player by", "A player can't gain life (119.7)."),
    ("exchange_life", "first second", "Two players exchange life totals (119.6)."),
    ("no_exchange", "first second", "Teammates don't exchange life totals (810.9e)."),
    ("double_life", "player life", "A life total is doubled (810.9a)."),
    ("lowest_life", "value", "The lowest life total among the players (119.5)."),
    ("poison", "player amount", "A player gets poison counters (122.1)."),
    ("poison_total", "unit poison", "A player's (or team's) poison counters after a change (122.1)."),
    ("poison_prevented", "player by", "A player can't get poison counters (122.1)."),
    ("poison_removed", "player amount", "Poison counters are removed (122.1)."),
    ("counters_put", "target counter amount", "Counters are put on a permanent or player (122.1)."),
    ("counters_removed", "target counter amount", "Counters are removed (122.1)."),
    ("counters_annihilate", "card amount", "+1/+1 and -1/-1 counters are removed in pairs (704.5q)."),
    # continuous effects and copies
    ("effect_begins", "effect text", "A continuous effect begins (611.2)."),
    ("effect_ends", "effect text", "A continuous effect ends (611.2)."),
    ("effect_does_nothing", "effect text", "An effect whose duration ended before it began does nothing (611.2b)."),
    ("phase_out", "cards", "Permanents phase out: they are treated as though they don't exist (702.26b)."),
    ("phase_in", "cards", "Permanents phase in (702.26c)."),
    ("becomes_copy", "card original", "A permanent becomes a copy of another (707.1)."),
    ("becomes_creature", "card power toughness", "A permanent becomes a creature (613)."),
    ("devotion", "player amount", "A player's devotion is counted (700.5)."),
    ("vise_count", "player hand amount", "A number is counted as an effect resolves (608.2h)."),
    # combat
    ("attacks", "card defender player", "A creature attacks (508.1); `player` is who attacked with it."),
    ("blocks", "card attackers", "A creature blocks (509.1g)."),
    ("unblocked", "card", "An attacking creature is unblocked (509.1h)."),
    ("becomes_blocked", "card blockers", "An attacking creature becomes blocked: one event, whatever the number of blockers (509.1h, 700.1)."),
    ("first_strike_step", "", "A first combat damage step happens (510.4)."),
    ("combat_damage", "dealt", "Combat damage has been dealt: (source, recipient, amount) as assigned (510.2)."),
    ("removed_from_combat", "cards", "Creatures are removed from combat (506.4, 511.3)."),
    # controlling another player
    ("player_controlled", "controller player", "A player controls another during that player's turn (722.1)."),
    ("player_control_ends", "controller player", "The control of a player ends as the next turn begins (722.1)."),
    # winning and losing, ending the turn
    ("loses", "unit reason", "A player (or team) loses the game (104.3)."),
    ("loss_prevented", "unit reason by", "A player can't lose the game (104.3)."),
    ("loss_replaced", "unit reasons card", "A game loss is replaced (614.1a)."),
    ("wins", "unit source", "A player (or team) wins the game (104.2)."),
    ("win_prevented", "unit by source", "A player can't win the game (104.2b)."),
    ("win_in_range", "unit losers source", "A win with limited range of influence (801.14)."),
    ("concedes", "player", "A player concedes (104.3a)."),
    ("game_drawn", "", "The game is a draw (104.4a)."),
    ("game_over", "winners", "The game is over (104.1)."),
    ("end_the_turn", "source", "An effect ends the turn (723.1)."),
    ("end_combat", "source", "An effect ends the combat phase (723.2)."),
    ("nothing_happens", "source", "Ending the combat phase outside combat does nothing (723.2g)."),
    ("triggers_cease", "abilities", "Pending triggered abilities cease to exist (723.1a)."),
    ("stack_exiled", "objects", "Every object on the stack is exiled (723.1b)."),
    ("sba_no_priority", "", "State-based actions, without priority (723.1c)."),
    ("skip_to_cleanup", "step", "The game skips to the cleanup step (723.1d)."),
    ("skip_to_next_phase", "step", "The game skips to the next phase (723.2d)."),
)
