"""The reference rules engine: enough of the Comprehensive Rules to run the rules' own examples.

It knows nothing of parsing or of the site. Rule numbers are those of January 16, 2026.

A tutorial
==========

A game is its players, seated in the order given, and a decision maker that answers every
choice the engine asks for. Players can be set up in the middle of a game: their life total,
library (a list of cards, top first, or a number of basic lands), hand and battlefield.

>>> from kb.engine import Card, Game, Player, ScriptedDecisions, Step
>>> ana = Player('Ana', hand=['Lightning Bolt', 'Lightning Bolt'], library=10)
>>> bruno = Player('Bruno', battlefield=['Grizzly Bears'], hand=['Lightning Bolt'], library=10)
>>> game = Game(players=[ana, bruno], decisions=ScriptedDecisions(Bruno=[]))
>>> game
Game(players=[Player('Ana'), Player('Bruno')])

Starting the game begins the starting player's turn; a scenario can begin at any step, in any
turn. The active player receives priority.

>>> game.start(at=Step.PRECOMBAT_MAIN, turn=3)
>>> game.turn, game.step, game.active_player, game.priority
(3, Step.PRECOMBAT_MAIN, Player('Ana'), Player('Ana'))

Only the player with priority may act; other illegal actions raise precise exceptions, all of
them ``ValueError``.

>>> game.cast(bruno, 'Lightning Bolt')
Traceback (most recent call last):
...
kb.engine.errors.NotYourPriorityError: Bruno does not have priority (Ana has)
>>> game.cast(ana, 'Time Stop')
Traceback (most recent call last):
...
kb.engine.errors.CardNotFoundError: no Time Stop in Ana's hand

Casting a spell puts it on the stack, and its caster receives priority again. When every
player passes in succession, the top of the stack resolves: last in, first out.

>>> bears = bruno.battlefield[0]
>>> game.cast(ana, 'Lightning Bolt', targets=[bears])
Spell(Card('Lightning Bolt'), controller=Player('Ana'))
>>> game.pass_priority(ana)
>>> game.cast(bruno, 'Lightning Bolt', targets=[ana])
Spell(Card('Lightning Bolt'), controller=Player('Bruno'))
>>> list(game.stack)
[Spell(Card('Lightning Bolt'), controller=Player('Bruno')), Spell(Card('Lightning Bolt'), controller=Player('Ana'))]
>>> game.pass_all()
>>> ana.life, len(game.stack), game.priority
(17, 1, Player('Ana'))

State-based actions are checked before anyone would receive priority: the Bears, dealt
lethal damage, are destroyed.

>>> game.pass_all()
>>> bears.damage, bruno.battlefield, bruno.graveyard
(0, [], [Card('Lightning Bolt'), Card('Grizzly Bears')])

Everything the engine did is an event, and every choice it asked for is in the decision log.

>>> [e.kind for e in game.events if e.kind in ('cast', 'resolves', 'damage', 'destroyed')]
['cast', 'cast', 'resolves', 'damage', 'resolves', 'damage', 'destroyed']

Variants are subclasses that override hooks. In Two-Headed Giant, teams share a life total that
starts at 30, and a player's own life total is the team's (rule 810.9a).

>>> from kb.engine import Team, TwoHeadedGiant
>>> ana = Player('Ana', hand=['Flame Rift'], library=10)
>>> bea, carlos, dani = (Player(name, library=10) for name in ('Bea', 'Carlos', 'Dani'))
>>> giant = TwoHeadedGiant(teams=[Team('A', [ana, bea]), Team('B', [carlos, dani])])
>>> giant.start(at=Step.PRECOMBAT_MAIN, turn=3)
>>> giant.cast(ana, 'Flame Rift')
Spell(Card('Flame Rift'), controller=Player('Ana'))
>>> giant.pass_all()
>>> [(team.name, team.life) for team in giant.teams], carlos.life
([('A', 22), ('B', 22)], 22)

Defining a card
===============

A card is a `CardDefinition` subclass named after the card; defining it registers it. Its
characteristics are class attributes, its triggered abilities `Trigger` objects: a text, the
event that triggers it (every kind of event is in `kb.engine.events.EVENT_KINDS`) and an
effect. `kb.engine.define` has the usual conditions and effects, and `card`, which defines a
simple card in one call. The page "Defining a card" of the site (``kb/examples/cards_api``)
tells more.

>>> from kb.engine import CardDefinition, Trigger
>>> from kb.engine.define import at_beginning_of, lose_life
>>> class SampleTorment(CardDefinition):
...     name = 'Sample Torment'
...     mana_cost, types = '{2}{B}', ('Enchantment',)
...     oracle = 'At the beginning of your upkeep, each opponent loses 1 life.'
...     triggered = (Trigger(oracle, at_beginning_of(Step.UPKEEP), lose_life(1)),)
>>> ana = Player('Ana', battlefield=['Sample Torment'], library=10)
>>> bruno = Player('Bruno', library=10)
>>> game = Game(players=[ana, bruno])
>>> game.start(at=Step.UPKEEP, turn=3)
>>> game.resolve_stack()
>>> bruno.life
19

On the battlefield, characteristics come from the layer system (rule 613): continuous effects
are applied layer by layer, in timestamp order. `kb.engine.layers` makes the effects.

>>> from kb.engine.layers import modify, switch_power_toughness
>>> bears = Card('Grizzly Bears')
>>> game = Game(players=[Player('Ana', battlefield=[bears]), Player('Bruno')])
>>> game.start(at=Step.PRECOMBAT_MAIN, turn=3)
>>> _ = game.add_effect(switch_power_toughness(affected=[bears]))
>>> _ = game.add_effect(modify(3, 0, affected=[bears]))
>>> bears.power, bears.toughness
(2, 5)

Where a situation needs a rule the engine does not model, it raises `NotModelledError`, naming
it, rather than answer.
"""

from kb.engine.game import (
    STEPS,
    Ability,
    AbilityDefinition,
    ActivatedAbility,
    CannotPayError,
    Card,
    CardDefinition,
    CardNotFoundError,
    ChoiceRequest,
    Decision,
    DecisionMaker,
    EngineError,
    Event,
    FirstOptions,
    Game,
    GameOverError,
    IllegalActionError,
    IllegalChoiceError,
    IllegalTargetError,
    MissingDecisionError,
    NotYourPriorityError,
    NotYourTurnError,
    Phase,
    Player,
    ScriptedDecisions,
    SetupError,
    Spell,
    Stack,
    Step,
    Team,
    TimingError,
    TriggeredAbility,
    UnknownCardError,
    Zone,
)
from kb.engine.define import Trigger
from kb.engine.errors import NotModelledError
from kb.engine.layers import ContinuousEffect
from kb.engine.mana import ManaCost, ManaCostError
from kb.engine.pool import Mana, ManaPool
from kb.engine.objects import DoubleFacedCardDefinition, SplitCardDefinition, TargetSpec
from kb.engine.variants import AlternatingTeams, SharedTeamTurns, TwoHeadedGiant, Vanguard, VanguardCard
from kb.engine.variants_commander import Commander
from kb.engine.variants_multiplayer import Emperor, GrandMelee

# The card library registers every card it defines, so that Card('<name>') finds it; it is
# loaded by the package, after the engine it is written with.
import kb.engine.cards  # noqa: E402,F401

__all__ = [
    "STEPS",
    "AlternatingTeams",
    "Ability",
    "AbilityDefinition",
    "ActivatedAbility",
    "CannotPayError",
    "Card",
    "CardDefinition",
    "CardNotFoundError",
    "ChoiceRequest",
    "Commander",
    "ContinuousEffect",
    "Decision",
    "DecisionMaker",
    "DoubleFacedCardDefinition",
    "Emperor",
    "EngineError",
    "Event",
    "FirstOptions",
    "Game",
    "GameOverError",
    "GrandMelee",
    "IllegalActionError",
    "IllegalChoiceError",
    "IllegalTargetError",
    "Mana",
    "ManaCost",
    "ManaCostError",
    "ManaPool",
    "MissingDecisionError",
    "NotModelledError",
    "NotYourPriorityError",
    "NotYourTurnError",
    "Phase",
    "Player",
    "ScriptedDecisions",
    "SetupError",
    "SharedTeamTurns",
    "Spell",
    "SplitCardDefinition",
    "Stack",
    "Step",
    "TargetSpec",
    "Team",
    "TimingError",
    "Trigger",
    "TriggeredAbility",
    "TwoHeadedGiant",
    "UnknownCardError",
    "Vanguard",
    "VanguardCard",
    "Zone",
]
