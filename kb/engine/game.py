"""The game: its players and their seats, turn order and teams, range of influence, the hooks
variants override, the event log, and the state every part of the rules reads (the
battlefield, exile, the stack, the turn and step, who has priority). Each concern of the rules
is a part the game holds (a `kb.engine.part.GamePart`), made with the game and owning that
concern's methods and its own state; a part reaches another through the game
(`self.game.zones`), never by importing it. `Game` answers for each part's public names and
for the hooks variants override, so `game.draw(ana)` is `game.zones.draw(ana)` and the API
reads as one namespace, while a part's own helpers stay its own (`game.zones._to_graveyards`).

The parts, by the game's attribute:

- `decisions` (`Decisions` in `kb.engine.asking`): asking players for decisions and making
  simultaneous choices in APNAP order (101.4).
- `zones` (`Zones` in `kb.engine.zones`): cards moving between zones: drawing, milling,
  discarding, sacrificing, destroying, exiling, and what is exiled until a permanent leaves (400,
  121, 610.3, 701).
- `layers` (`Layers` in `kb.engine.layering`): continuous effects, their timestamps and durations,
  and the characteristics they make through the layers (611, 613).
- `replacement` (`Replacements` in `kb.engine.replacing`): replacement and prevention effects
  applied to events (614–616).
- `triggers` (`Triggers` in `kb.engine.triggers`): triggered abilities, found as events happen and
  put on the stack (603).
- `priority_and_stack` (`PriorityAndStack` in `kb.engine.priority`): priority and the stack:
  passing, and resolving the top object (117, 405, 608).
- `sba` (`StateBasedActions` in `kb.engine.sba`): state-based actions, found in one place and
  performed as one event (704).
- `turns` (`TurnStructure` in `kb.engine.turn_structure`): starting the game, phases and steps, cleanup,
  extra phases, and ending a turn or a combat phase (500–514, 723).
- `casting` (`Casting` in `kb.engine.casting`): casting spells, playing lands and activating
  abilities, with their targets and costs (115, 305, 601, 602).
- `mana` (`ManaPools` in `kb.engine.manapool`): mana pools, mana abilities and paying mana (106,
  605).
- `permissions` (`CastingPermissions` in `kb.engine.permissions`): who may begin to cast a spell
  and finish, from where, and cards an effect lets be cast from exile (601.3, 601.5).
- `combat` (`Combat` in `kb.engine.combat`): the combat phase: attackers, blockers, first and
  second strike damage (506–511).
- `life_and_damage` (`LifeAndDamage` in `kb.engine.life`): life, damage and poison (119, 120,
  122).
- `outcome` (`Outcome` in `kb.engine.outcome`): winning, losing, conceding and leaving the game
  (104, 800.4).
- `counters` (`Counters` in `kb.engine.counters`): counters on permanents and players (122).
- `keyword_actions` (`KeywordActions` in `kb.engine.actions`): keyword actions (701).
- `attachments` (`Attachments` in `kb.engine.attachments`): attaching and unattaching Equipment
  and Fortifications (301.5, 301.6, 701.3).
- `copies` (`Copies` in `kb.engine.copies`): copy effects (707).
- `spell_copies` (`SpellCopies` in `kb.engine.spell_copies`): copying spells (707.10).
- `enter_as_copy` (`EnterAsCopy` in `kb.engine.enter_as_copy`): replacement effects that make a
  permanent enter as a copy (614.1c).
- `linked` (`LinkedAbilities` in `kb.engine.linked`): choices made as a permanent enters, for the
  abilities linked to them (607, 614.12).
- `self_reference` (`SelfReference` in `kb.engine.self_reference`): the text of an object's
  activated abilities as that object has them (201.5b).
- `gained_abilities` (`GainedAbilities` in `kb.engine.gained_abilities`): objects gaining the
  activated abilities of other objects (613.1f, 201.5b).
- `command_zone` (`CommandZone` in `kb.engine.command`): emblems in the command zone and the
  monarch (114, 408, 724).
- `player_control` (`ControlOfPlayers` in `kb.engine.player_control`): a player controlling
  another player's decisions during a turn (722).
- `battles` (`Battles` in `kb.engine.battles`): battles and their protectors (310).
- `face_down` (`FaceDown` in `kb.engine.turning_face_up`): face-down spells and permanents, and turning
  them face up (702.37, 708).
- `flipping` (`Flipping` in `kb.engine.flipping`): flipping permanents (710).
- `melding` (`Meld` in `kb.engine.meld`): melding two cards, and a melded permanent's cards moving
  together (701.42, 712.21).
- `bestow` (`Bestow` in `kb.engine.bestowing`): spells cast bestowed and the Auras they become
  (702.103).
- `adventures` (`Adventures` in `kb.engine.adventuring`): adventure spells leaving the stack as
  they resolve (715.3d).
- `kicker` (`Kicker` in `kb.engine.kicker`): declaring kicker costs, and whether an object was
  kicked (702.33).
- `splice` (`Splice` in `kb.engine.splice`): splicing cards onto spells (702.47).
- `flashback` (`Flashback` in `kb.engine.flashback`): flashback, printed or given by effects
  (702.34, 702.1b).
- `cycling` (`Cycling` in `kb.engine.cycling`): cycling cards from a hand (702.29).
- `crewing` (`Crew` in `kb.engine.crew`): crewing Vehicles (702.122).
- `stickers` (`Stickers` in `kb.engine.stickers`): name stickers (123.6).
- `restarting` (`Restart` in `kb.engine.restart`): restarting the game, and cards brought in from
  outside it (726, 400.11).

Requirements and costs of attacking (`kb.engine.requirements`), other costs of activated
abilities (`kb.engine.costs`), modal spells (`kb.engine.modal`) and replacement effects on
counters and tokens (`kb.engine.doubling`) are read by the parts above.

The objects the game is made of live in `kb.engine.objects` (cards), `kb.engine.players`
(players and teams), `kb.engine.stack` (spells and abilities) and `kb.engine.errors`; they are
importable from here too, as they were when this module held them all.

Rule numbers in docstrings and events are those of the Comprehensive Rules of January 16, 2026.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from kb.engine.actions import KeywordActions
from kb.engine.adventuring import Adventures
from kb.engine.asking import Decisions
from kb.engine.attachments import Attachments
from kb.engine.battles import Battles
from kb.engine.bestowing import Bestow
from kb.engine.casting import Casting
from kb.engine.combat import Combat
from kb.engine.command import CommandZone
from kb.engine.copies import Copies
from kb.engine.counters import Counters
from kb.engine.crew import Crew
from kb.engine.cycling import Cycling
from kb.engine.decisions import (
    ChoiceRequest,
    Decision,
    DecisionMaker,
    Event,
    FirstOptions,
    ScriptedDecisions,
)
from kb.engine.enter_as_copy import EnterAsCopy
from kb.engine.errors import (
    CannotPayError,
    CardNotFoundError,
    EngineError,
    GameOverError,
    IllegalActionError,
    IllegalChoiceError,
    IllegalTargetError,
    MissingDecisionError,
    NotYourPriorityError,
    NotYourTurnError,
    SetupError,
    TimingError,
    UnknownCardError,
)
from kb.engine.flashback import Flashback
from kb.engine.flipping import Flipping
from kb.engine.gained_abilities import GainedAbilities
from kb.engine.kicker import Kicker
from kb.engine.layering import Layers
from kb.engine.layers import ContinuousEffect
from kb.engine.life import LifeAndDamage
from kb.engine.linked import LinkedAbilities
from kb.engine.manapool import ManaPools
from kb.engine.meld import Meld
from kb.engine.objects import AbilityDefinition, Card, CardDefinition, Zone
from kb.engine.outcome import Outcome
from kb.engine.permissions import CastingPermissions
from kb.engine.player_control import ControlOfPlayers
from kb.engine.players import Player, Team, Unit
from kb.engine.priority import PriorityAndStack
from kb.engine.replacement import Replacement
from kb.engine.replacing import Replacements
from kb.engine.restart import Restart
from kb.engine.sba import StateBasedActions
from kb.engine.self_reference import SelfReference
from kb.engine.spell_copies import SpellCopies
from kb.engine.splice import Splice
from kb.engine.stack import (
    Ability,
    ActivatedAbility,
    Spell,
    Stack,
    StackObject,
    TriggeredAbility,
)
from kb.engine.stickers import Stickers
from kb.engine.triggers import Triggers
from kb.engine.turn_structure import TurnStructure
from kb.engine.turning_face_up import FaceDown
from kb.engine.turns import STEPS, Phase, Step
from kb.engine.zones import Zones

__all__ = [
    "STEPS", "Ability", "AbilityDefinition", "ActivatedAbility", "CannotPayError", "Card",
    "CardDefinition", "CardNotFoundError", "ChoiceRequest", "Decision", "DecisionMaker",
    "EngineError", "Event", "FirstOptions", "Game", "GameOverError", "IllegalActionError",
    "IllegalChoiceError", "IllegalTargetError", "MissingDecisionError", "NotYourPriorityError",
    "NotYourTurnError", "Phase", "Player", "ScriptedDecisions", "SetupError", "Spell", "Stack",
    "StackObject", "Step", "Team", "TimingError", "TriggeredAbility", "Unit", "UnknownCardError",
    "Zone", "ContinuousEffect",
]


PARTS: dict[str, type] = {
    "decisions": Decisions,
    "zones": Zones,
    "layers": Layers,
    "replacement": Replacements,
    "triggers": Triggers,
    "priority_and_stack": PriorityAndStack,
    "sba": StateBasedActions,
    "turns": TurnStructure,
    "casting": Casting,
    "mana": ManaPools,
    "permissions": CastingPermissions,
    "combat": Combat,
    "life_and_damage": LifeAndDamage,
    "outcome": Outcome,
    "counters": Counters,
    "keyword_actions": KeywordActions,
    "attachments": Attachments,
    "copies": Copies,
    "spell_copies": SpellCopies,
    "enter_as_copy": EnterAsCopy,
    "linked": LinkedAbilities,
    "self_reference": SelfReference,
    "gained_abilities": GainedAbilities,
    "command_zone": CommandZone,
    "player_control": ControlOfPlayers,
    "battles": Battles,
    "face_down": FaceDown,
    "flipping": Flipping,
    "melding": Meld,
    "bestow": Bestow,
    "adventures": Adventures,
    "kicker": Kicker,
    "splice": Splice,
    "flashback": Flashback,
    "cycling": Cycling,
    "crewing": Crew,
    "stickers": Stickers,
    "restarting": Restart,
}


class _part:
    """A name of the game that is one of its parts' (a method or property), looked up on that
    part: `game.draw(...)` is `game.zones.draw(...)`."""

    def __init__(self, part: str):
        self.part = part

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, game: Any, owner: type | None = None) -> Any:
        if game is None:
            return getattr(PARTS[self.part], self.name)
        return getattr(getattr(game, self.part), self.name)


class GameParts:
    """The names `Game` answers for its parts, each looked up on the part that owns it."""

    # decisions: kb.engine.asking.Decisions
    ask = _part("decisions")
    choose_simultaneously = _part("decisions")
    decide = _part("decisions")
    _choice_groups = _part("decisions")
    _order_within = _part("decisions")

    # zones: kb.engine.zones.Zones
    destroy = _part("zones")
    devotion = _part("zones")
    discard = _part("zones")
    draw = _part("zones")
    exile_cards = _part("zones")
    exile_until_leaves = _part("zones")
    mill = _part("zones")
    return_to_hand = _part("zones")
    sacrifice = _part("zones")
    shuffle_cards_into_library = _part("zones")
    shuffle_into_library = _part("zones")
    _move = _part("zones")

    # layers: kb.engine.layering.Layers
    abilities_removed = _part("layers")
    add_effect = _part("layers")
    all_effects = _part("layers")
    characteristics = _part("layers")
    end_effect = _part("layers")
    has_control_effects = _part("layers")
    may_remove_abilities = _part("layers")
    spell_characteristics = _part("layers")
    static_effects = _part("layers")

    # replacement: kb.engine.replacing.Replacements
    add_replacement = _part("replacement")
    divide_shields = _part("replacement")
    end_replacement = _part("replacement")
    replace = _part("replacement")

    # triggers: kb.engine.triggers.Triggers
    add_delayed_trigger = _part("triggers")
    _trigger_groups = _part("triggers")

    # priority_and_stack: kb.engine.priority.PriorityAndStack
    advance_to = _part("priority_and_stack")
    pass_all = _part("priority_and_stack")
    pass_priority = _part("priority_and_stack")
    put_onto_battlefield = _part("priority_and_stack")
    put_triggered_abilities_on_stack = _part("priority_and_stack")
    resolve_stack = _part("priority_and_stack")
    _put_onto_battlefield = _part("priority_and_stack")

    # sba: kb.engine.sba.StateBasedActions
    aura_is_legal = _part("sba")
    check_state_based_actions = _part("sba")
    state_based_actions_pending = _part("sba")

    # turns: kb.engine.turn_structure.TurnStructure
    add_phases_after = _part("turns")
    end_the_combat_phase = _part("turns")
    end_the_turn = _part("turns")
    start = _part("turns")
    _advance = _part("turns")
    _drawing_order = _part("turns")
    _skip_draw_rule = _part("turns")

    # casting: kb.engine.casting.Casting
    activate = _part("casting")
    cast = _part("casting")
    choose_card_name = _part("casting")
    choose_new_targets = _part("casting")
    graveyard_abilities = _part("casting")
    land_plays = _part("casting")
    legal_targets = _part("casting")
    loyalty_cost = _part("casting")
    play_land = _part("casting")
    proposals = _part("casting")
    targets_still_legal = _part("casting")
    total_cost = _part("casting")

    # mana: kb.engine.manapool.ManaPools
    activated_abilities = _part("mana")
    add_mana = _part("mana")
    could_produce = _part("mana")
    is_mana_ability = _part("mana")

    # permissions: kb.engine.permissions.CastingPermissions
    allow_cast_from_exile = _part("permissions")
    may_begin_to_cast = _part("permissions")

    # combat: kb.engine.combat.Combat
    attack_targets = _part("combat")
    attacked = _part("combat")
    attackers = _part("combat")
    blockers = _part("combat")
    defending_player_of = _part("combat")

    # life_and_damage: kb.engine.life.LifeAndDamage
    deal_damage = _part("life_and_damage")
    deal_damage_each = _part("life_and_damage")
    exchange_life = _part("life_and_damage")
    gain_life = _part("life_and_damage")
    give_poison = _part("life_and_damage")
    is_poisoned = _part("life_and_damage")
    lose_life = _part("life_and_damage")
    pay_life = _part("life_and_damage")
    pay_life_together = _part("life_and_damage")
    remove_poison = _part("life_and_damage")
    set_each_life = _part("life_and_damage")
    set_life = _part("life_and_damage")
    _deal_damage_from_each = _part("life_and_damage")
    _life_unit = _part("life_and_damage")
    _poison_unit = _part("life_and_damage")

    # outcome: kb.engine.outcome.Outcome
    concede = _part("outcome")
    lose = _part("outcome")
    win = _part("outcome")
    _finish = _part("outcome")
    _lose_all = _part("outcome")

    # counters: kb.engine.counters.Counters
    add_counters = _part("counters")
    counters_on = _part("counters")
    remove_counters = _part("counters")

    # keyword_actions: kb.engine.actions.KeywordActions
    create_tokens = _part("keyword_actions")
    exchange_control = _part("keyword_actions")
    fight = _part("keyword_actions")
    investigate = _part("keyword_actions")
    phase_in = _part("keyword_actions")
    phase_out = _part("keyword_actions")
    proliferate = _part("keyword_actions")
    regenerate = _part("keyword_actions")
    scry = _part("keyword_actions")
    search = _part("keyword_actions")
    surveil = _part("keyword_actions")
    tap = _part("keyword_actions")
    transform = _part("keyword_actions")
    untap = _part("keyword_actions")

    # attachments: kb.engine.attachments.Attachments
    attach = _part("attachments")
    attached = _part("attachments")
    can_attach = _part("attachments")
    is_attached = _part("attachments")
    unattach = _part("attachments")

    # copies: kb.engine.copies.Copies
    become_copy = _part("copies")
    copiable_values = _part("copies")
    copy_effect = _part("copies")
    copy_effects_may_apply = _part("copies")
    create_token_copies = _part("copies")
    create_token_copy = _part("copies")
    has_copy_effects = _part("copies")

    # spell_copies: kb.engine.spell_copies.SpellCopies
    copy_spell = _part("spell_copies")

    # linked: kb.engine.linked.LinkedAbilities
    choose_as_enters = _part("linked")
    chosen = _part("linked")

    # self_reference: kb.engine.self_reference.SelfReference
    ability_text = _part("self_reference")

    # gained_abilities: kb.engine.gained_abilities.GainedAbilities
    ability_link = _part("gained_abilities")
    exile_linked = _part("gained_abilities")
    exiled_linked = _part("gained_abilities")
    gain_activated_abilities = _part("gained_abilities")
    gained_activated = _part("gained_abilities")
    gained_group = _part("gained_abilities")
    gained_origin = _part("gained_abilities")
    granted_activated = _part("gained_abilities")

    # command_zone: kb.engine.command.CommandZone
    ability_holders = _part("command_zone")
    become_monarch = _part("command_zone")
    command = _part("command_zone")
    create_emblem = _part("command_zone")
    monarch = _part("command_zone")

    # player_control: kb.engine.player_control.ControlOfPlayers
    control_player = _part("player_control")
    controller_of_player = _part("player_control")
    sees = _part("player_control")

    # battles: kb.engine.battles.Battles
    choose_protector = _part("battles")
    possible_protectors = _part("battles")

    # face_down: kb.engine.turning_face_up.FaceDown
    cast_face_down = _part("face_down")
    face_up_values = _part("face_down")
    turn_face_up = _part("face_down")

    # flipping: kb.engine.flipping.Flipping
    flip = _part("flipping")

    # melding: kb.engine.meld.Meld
    cards_of = _part("melding")
    choose_last_exiled = _part("melding")
    meld = _part("melding")
    new_objects = _part("melding")
    with_meld_partners = _part("melding")

    # bestow: kb.engine.bestowing.Bestow
    is_bestowed = _part("bestow")

    # kicker: kb.engine.kicker.Kicker
    was_kicked = _part("kicker")

    # flashback: kb.engine.flashback.Flashback
    flashback_cost = _part("flashback")
    grant_flashback = _part("flashback")

    # cycling: kb.engine.cycling.Cycling
    cycle = _part("cycling")

    # crewing: kb.engine.crew.Crew
    crew = _part("crewing")

    # stickers: kb.engine.stickers.Stickers
    put_name_sticker = _part("stickers")

    # restarting: kb.engine.restart.Restart
    bring_into_game = _part("restarting")
    restart = _part("restarting")


# The game


class Game(
    GameParts,
):
    """A game of Magic among individual players seated in the order given; turn order is the
    seating order from the starting player (rule 103.1).

    >>> game = Game(players=[Player('Ana'), Player('Bruno')])
    >>> game
    Game(players=[Player('Ana'), Player('Bruno')])
    >>> game.players[0].life
    20

    Variants subclass it and override its hooks: `starting_life`, `life_of`, `poison_of`,
    `poison_threshold`, `first_turn_skips_draw`, `max_hand_size`, `starting_hand_size`,
    `state_based_losses`, `forbidden`, `set_each_life`, `exchange_life`.
    """

    # Restarting (726) is modelled for this game among individual players, not for a variant
    # made by subclassing it.
    _restarts: ClassVar[bool] = True

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._restarts = cls.__dict__.get("_restarts", False)

    def __init__(
        self,
        players: Sequence[Player],
        *,
        starting_player: Player | None = None,
        decisions: DecisionMaker | None = None,
        seed: int = 0,
        range_of_influence: int | dict[str, int] | None = None,
        pay_mana: bool = False,
    ):
        self.decisions = Decisions(self)
        self.zones = Zones(self)
        self.layers = Layers(self)
        self.replacement = Replacements(self)
        self.triggers = Triggers(self)
        self.priority_and_stack = PriorityAndStack(self)
        self.sba = StateBasedActions(self)
        self.turns = TurnStructure(self)
        self.casting = Casting(self)
        self.mana = ManaPools(self)
        self.permissions = CastingPermissions(self)
        self.combat = Combat(self)
        self.life_and_damage = LifeAndDamage(self)
        self.outcome = Outcome(self)
        self.counters = Counters(self)
        self.keyword_actions = KeywordActions(self)
        self.attachments = Attachments(self)
        self.copies = Copies(self)
        self.spell_copies = SpellCopies(self)
        self.enter_as_copy = EnterAsCopy(self)
        self.linked = LinkedAbilities(self)
        self.self_reference = SelfReference(self)
        self.gained_abilities = GainedAbilities(self)
        self.command_zone = CommandZone(self)
        self.player_control = ControlOfPlayers(self)
        self.battles = Battles(self)
        self.face_down = FaceDown(self)
        self.flipping = Flipping(self)
        self.melding = Meld(self)
        self.bestow = Bestow(self)
        self.adventures = Adventures(self)
        self.kicker = Kicker(self)
        self.splice = Splice(self)
        self.flashback = Flashback(self)
        self.cycling = Cycling(self)
        self.crewing = Crew(self)
        self.stickers = Stickers(self)
        self.restarting = Restart(self)
        self._setup_players(players)
        # Whether mana costs are paid from mana pools (rule 601.2h) or taken as paid.
        self.pay_mana = pay_mana
        self.effects: list[ContinuousEffect] = []
        self.replacements: list[Replacement] = []
        self.delayed_triggers: list[Any] = []
        self.phased_out: list[Card] = []
        self.range_of_influence = range_of_influence
        self._influence: dict[int, list[Player]] = {}
        self.decision_maker: DecisionMaker = decisions or FirstOptions()
        self.random = random.Random(seed)
        self.battlefield: list[Card] = []
        self.exile: list[Card] = []
        self.stack = Stack()
        self.events: list[Event] = []
        # Callables given each event as it happens: a way to look at the game mid-resolution.
        self.observers: list[Callable[[Event], None]] = []
        self.decision_log: list[Decision] = []
        self.turn = 0
        self.step: Step | None = None
        self.active_unit: Unit | None = None
        self.priority: Unit | None = None
        self.winners: list[Unit] = []
        self.losers: list[Unit] = []
        self.over = False
        self.draw_game = False
        # "This turn" effects (514.2): (player, what), e.g. (ana, "additional land").
        self.turn_effects: list[tuple[Player, str]] = []
        for player in self.players:
            player.game = self
            for zone, cards in (
                (Zone.LIBRARY, player.library),
                (Zone.HAND, player.hand),
                (Zone.GRAVEYARD, player.graveyard),
                (Zone.BATTLEFIELD, player._battlefield),
            ):
                for card in cards:
                    if card.owner is None:
                        card.owner = card.controller = player
                    card.zone = zone
            self.battlefield.extend(player._battlefield)
            for card in player._battlefield:
                card.timestamp = self.layers._next_timestamp()
                printed = card.printed_definition
                if "Planeswalker" in printed.types and printed.loyalty and "loyalty" not in card.counters:
                    # A planeswalker set up on the battlefield has the loyalty it entered with
                    # (306.5b) unless the scenario gives it counters.
                    card.counters["loyalty"] = printed.loyalty
                if "Battle" in printed.types and printed.defense and "defense" not in card.counters:
                    card.counters["defense"] = printed.defense  # 310.4b; its protector: 310.10
        self._init_life()
        starting = starting_player or self.seats[0]
        if starting not in self.seats:
            raise SetupError(f"{starting!r} is not in this game")
        self.starting_unit: Unit = self.unit_of(starting)
        if isinstance(range_of_influence, dict):
            unknown = sorted(set(range_of_influence) - {p.name for p in self.seats})
            if unknown:
                raise SetupError(f"a range of influence is given for {unknown[0]!r}, who is not playing")
        self._determine_influence()

    # ----- set-up and structure

    def _setup_players(self, players: Sequence[Player]) -> None:
        players = list(players)
        if len(players) < 2:
            raise SetupError("a game needs at least two players")
        names = [p.name for p in players]
        duplicated = sorted({n for n in names if names.count(n) > 1})
        if duplicated:
            raise SetupError(f"two players are named {duplicated[0]!r}")
        for player in players:
            if player.game is not None:
                raise SetupError(f"{player.name} is already in a game")
        self.seats: list[Player] = players

    def _init_life(self) -> None:
        for player in self.seats:
            if player._life is None:
                player._life = self.starting_life(player)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(players={self.seats!r})"

    @property
    def players(self) -> list[Player]:
        """The players still in the game, in seating order."""
        return [p for p in self.seats if not p.left_game]

    def player(self, name: str) -> Player:
        for player in self.seats:
            if player.name == name:
                return player
        raise KeyError(name)

    def units(self) -> list[Unit]:
        """What takes turns and holds priority, in turn order from the seats: players here,
        teams in games with shared team turns (rule 805.4)."""
        return list(self.players)

    def unit_of(self, player: Player) -> Unit:
        return player

    def members(self, unit: Unit) -> list[Player]:
        return [unit] if isinstance(unit, Player) else [p for p in unit.players if not p.left_game]

    @property
    def active_players(self) -> list[Player]:
        return self.members(self.active_unit) if self.active_unit is not None else []

    @property
    def active_player(self) -> Player | None:
        """The active player (rule 102.1); with shared team turns, the active team's primary player."""
        players = self.active_players
        return players[0] if players else None

    def is_active(self, player: Player) -> bool:
        return player in self.active_players

    @property
    def phase(self) -> Phase | None:
        return self.step.phase if self.step else None

    def opponents(self, player: Player) -> list[Player]:
        """Rule 102.2–102.3: every other player, or every player not on `player`'s team."""
        if player.team is not None:
            return [p for p in self.players if p.team is not player.team]
        return [p for p in self.players if p is not player]

    def teammates(self, player: Player) -> list[Player]:
        if player.team is None:
            return []
        return [p for p in player.team.players if p is not player and not p.left_game]

    def turn_order_from(self, unit: Unit) -> list[Unit]:
        units = self.units()
        if unit not in units:
            seats = [self.unit_of(p) for p in self.seats]
            order = list(dict.fromkeys(seats))
            start = order.index(unit)
            rotated = order[start:] + order[:start]
            return [u for u in rotated if u in units]
        start = units.index(unit)
        return units[start:] + units[:start]

    def apnap_order(self) -> list[Player]:
        """Rule 101.4: the active player, then each other player in turn order."""
        active = self.active_unit or self.starting_unit
        return [p for unit in self.turn_order_from(active) for p in self.members(unit)]

    # ----- limited range of influence (rule 801)

    def influence_of(self, player: Player) -> int | None:
        """`player`'s range of influence in seats, or None when the option isn't used."""
        if isinstance(self.range_of_influence, dict):
            return self.range_of_influence.get(player.name)
        return self.range_of_influence

    def _determine_influence(self) -> None:
        """Rule 801.2c: who is within each player's range is determined as each turn begins."""
        seated = self.players
        count = len(seated)
        for i, player in enumerate(seated):
            reach = self.influence_of(player)
            self._influence[id(player)] = [
                other
                for j, other in enumerate(seated)
                if reach is None or min((i - j) % count, (j - i) % count) <= reach
            ]

    def in_range(self, player: Player) -> list[Player]:
        """The players within `player`'s range of influence (rules 801.2, 801.2b), in seating
        order; every player in the game when the option isn't used."""
        within = self._influence.get(id(player), self.players)
        return [p for p in within if not p.left_game]

    def affected_players(self, controller: Player) -> list[Player]:
        """The players an effect of `controller`'s that affects "each player" affects, in APNAP
        order (rule 801.10)."""
        reach = self.in_range(controller)
        return [p for p in self.apnap_order() if p in reach]

    def affected_opponents(self, controller: Player) -> list[Player]:
        reach = self.in_range(controller)
        return [p for p in self.opponents(controller) if p in reach]

    def affected_creatures(self, controller: Player) -> list[Card]:
        """The creatures an effect of `controller`'s that affects "each creature" affects (801.10)."""
        reach = self.in_range(controller)
        return [c for c in self.battlefield if c.is_creature and c.controller in reach]

    def attackable_players(self, player: Player) -> list[Player]:
        """Rule 801.3: creatures attack only opponents within their controller's range."""
        return self.affected_opponents(player)

    # ----- hooks for variants

    def starting_life(self, player: Player) -> int:
        """Rule 103.4: each player begins the game with 20 life."""
        return 20

    def life_of(self, player: Player) -> int:
        return player._life

    def _adjust_life(self, player: Player, delta: int) -> None:
        player._life += delta

    def poison_of(self, player: Player) -> int:
        return player._poison

    def _adjust_poison(self, player: Player, delta: int) -> None:
        player._poison += delta

    def poison_threshold(self, player: Player) -> int:
        """Rule 704.5c: ten poison counters."""
        return 10

    def first_turn_skips_draw(self, unit: Unit) -> bool:
        """Rules 103.8a and 103.8c: in a two-player game the player who plays first skips the
        draw step of their first turn; in other multiplayer games nobody does."""
        return len(self.seats) == 2 and unit is self.starting_unit

    def max_hand_size(self, player: Player) -> int:
        """Rule 402.2: normally seven."""
        return 7

    def starting_hand_size(self, player: Player) -> int:
        """Rule 103.5: normally seven."""
        return 7

    def forbidden(self, player: Player, action: str) -> bool:
        """Whether an effect says `player` can't do `action` (see `CardDefinition.forbids`), from a
        permanent or from a "this turn" effect."""
        if (player, f"can't {action}") in self.turn_effects:
            return True
        return any(card.definition.forbids(self, card, player, action) for card in self.battlefield)

    def can_lose(self, player: Player, reason: str) -> bool:
        return not (self.forbidden(player, "lose") or self.forbidden(player, f"lose:{reason}"))

    def can_win(self, player: Player) -> bool:
        return not self.forbidden(player, "win")

    def state_based_losses(self) -> list[tuple[Unit, str, str]]:
        """The losses state-based actions would cause now, as (unit, reason, rule):
        704.5a life, 704.5b drawing from an empty library, 704.5c poison."""
        losses = []
        for player in self.players:
            if self.life_of(player) <= 0:
                losses.append((player, "life", "704.5a"))
            if player.drew_from_empty_library:
                losses.append((player, "draw", "704.5b"))
            if self.poison_of(player) >= self.poison_threshold(player):
                losses.append((player, "poison", "704.5c"))
        return losses

    # ----- events and decisions

    def emit(self, kind: str, rule: str | None = None, **data: Any) -> Event:
        """Record an event, tell the observers, and find the abilities it triggers."""
        event = Event(kind, rule, **data)
        self.events.append(event)
        for observer in self.observers:
            observer(event)
        self.triggers._check_triggers(event)
        if self._has_state_triggers():
            self.triggers._check_state_triggers()
        if self.zones.exiled_until:
            # 610.3: right after the event in which a permanent left, what it exiled returns.
            self.zones._return_exiled_until()
        return event

    def _has_state_triggers(self) -> bool:
        if any(card.printed_definition.state_triggered for card in self.battlefield):
            return True
        return self.has_copy_effects() and any(card.definition.state_triggered for card in self.battlefield)

    # ----- a summary for people and tests

    def summary(self) -> dict[str, Any]:
        """The values an example's outcome is read from."""
        players = {
            p.name: {
                "life": self.life_of(p),
                "poison": self.poison_of(p),
                "hand": len(p.hand),
                "library": len(p.library),
                "graveyard": [c.name for c in p.graveyard],
                "battlefield": [c.name for c in p.battlefield] if not p.left_game else [],
                "left_game": p.left_game,
            }
            for p in self.seats
        }
        return {
            "turn": self.turn,
            "step": self.step.value if self.step else None,
            "players": players,
            "stack": [o.describe() for o in self.stack],
            "exile": [c.name for c in self.exile],
            "winners": [u.name for u in self.winners],
            "losers": [u.name for u in self.losers],
            "over": self.over,
        }
