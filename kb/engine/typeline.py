"""Type lines (rule 205): reading "Supertype Card type — Subtypes" into supertypes, card types
and subtypes, and the kind of each subtype. The lists of types are those of rule 205 of the
Comprehensive Rules of January 16, 2026 (205.2a, 205.3g–m, 205.4a).

>>> read_type_line('Basic Land — Mountain')
TypeLine(supertypes=('Basic',), types=('Land',), subtypes=('Mountain',))
>>> line = read_type_line('Land Creature — Forest Dryad')
>>> [(subtype, subtype_kind(subtype, line.types)) for subtype in line.subtypes]
[('Forest', 'land type'), ('Dryad', 'creature type')]
"""

from __future__ import annotations

from dataclasses import dataclass

from kb.engine.errors import EngineError

SUPERTYPES = ("Basic", "Legendary", "Ongoing", "Snow", "World")
CARD_TYPES = (
    "Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant", "Kindred",
    "Land", "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery", "Vanguard",
)

ARTIFACT_TYPES: frozenset[str] = frozenset((
    'Attraction', 'Blood', 'Bobblehead', 'Clue', 'Contraption', 'Equipment', 'Food',
    'Fortification', 'Gold', 'Incubator', 'Infinity', 'Junk', 'Lander', 'Map', 'Powerstone',
    'Spacecraft', 'Stone', 'Treasure', 'Vehicle',
))

ENCHANTMENT_TYPES: frozenset[str] = frozenset((
    'Aura', 'Background', 'Cartouche', 'Case', 'Class', 'Curse', 'Role', 'Room', 'Rune', 'Saga',
    'Shard', 'Shrine',
))

LAND_TYPES: frozenset[str] = frozenset((
    'Cave', 'Desert', 'Forest', 'Gate', 'Island', 'Lair', 'Locus', 'Mine', 'Mountain', 'Plains',
    'Planet', 'Power-Plant', 'Sphere', 'Swamp', 'Tower', 'Town', 'Urza’s',
))

SPELL_TYPES: frozenset[str] = frozenset((
    'Adventure', 'Arcane', 'Lesson', 'Omen', 'Trap',
))

PLANESWALKER_TYPES: frozenset[str] = frozenset((
    'Ajani', 'Aminatou', 'Angrath', 'Arlinn', 'Ashiok', 'Bahamut', 'Basri', 'Bolas', 'Calix',
    'Chandra', 'Comet', 'Dack', 'Dakkon', 'Daretti', 'Davriel', 'Dihada', 'Domri', 'Dovin',
    'Ellywick', 'Elminster', 'Elspeth', 'Estrid', 'Freyalise', 'Garruk', 'Gideon', 'Grist',
    'Guff', 'Huatli', 'Jace', 'Jared', 'Jaya', 'Jeska', 'Kaito', 'Karn', 'Kasmina', 'Kaya',
    'Kiora', 'Koth', 'Liliana', 'Lolth', 'Lukka', 'Minsc', 'Mordenkainen', 'Nahiri', 'Narset',
    'Niko', 'Nissa', 'Nixilis', 'Oko', 'Quintorius', 'Ral', 'Rowan', 'Saheeli', 'Samut',
    'Sarkhan', 'Serra', 'Sivitri', 'Sorin', 'Szat', 'Tamiyo', 'Tasha', 'Teferi', 'Teyo',
    'Tezzeret', 'Tibalt', 'Tyvar', 'Ugin', 'Urza', 'Venser', 'Vivien', 'Vraska', 'Vronos',
    'Will', 'Windgrace', 'Wrenn', 'Xenagos', 'Yanggu', 'Yanling', 'Zariel',
))

CREATURE_TYPES: frozenset[str] = frozenset((
    'Time Lord', 'Advisor', 'Aetherborn', 'Alien', 'Ally', 'Angel', 'Antelope', 'Ape', 'Archer',
    'Archon', 'Armadillo', 'Army', 'Artificer', 'Assassin', 'Assembly-Worker', 'Astartes',
    'Atog', 'Aurochs', 'Avatar', 'Azra', 'Badger', 'Balloon', 'Barbarian', 'Bard', 'Basilisk',
    'Bat', 'Bear', 'Beast', 'Beaver', 'Beeble', 'Beholder', 'Berserker', 'Bird', 'Bison',
    'Blinkmoth', 'Boar', 'Bringer', 'Brushwagg', 'Camarid', 'Camel', 'Capybara', 'Caribou',
    'Carrier', 'Cat', 'Centaur', 'Child', 'Chimera', 'Citizen', 'Cleric', 'Clown', 'Cockatrice',
    'Construct', 'Coward', 'Coyote', 'Crab', 'Crocodile', 'C’tan', 'Custodes', 'Cyberman',
    'Cyclops', 'Dalek', 'Dauthi', 'Demigod', 'Demon', 'Deserter', 'Detective', 'Devil',
    'Dinosaur', 'Djinn', 'Doctor', 'Dog', 'Dragon', 'Drake', 'Dreadnought', 'Drix', 'Drone',
    'Druid', 'Dryad', 'Dwarf', 'Echidna', 'Efreet', 'Egg', 'Elder', 'Eldrazi', 'Elemental',
    'Elephant', 'Elf', 'Elk', 'Employee', 'Eye', 'Faerie', 'Ferret', 'Fish', 'Flagbearer',
    'Fox', 'Fractal', 'Frog', 'Fungus', 'Gamer', 'Gargoyle', 'Germ', 'Giant', 'Gith', 'Glimmer',
    'Gnoll', 'Gnome', 'Goat', 'Goblin', 'God', 'Golem', 'Gorgon', 'Graveborn', 'Gremlin',
    'Griffin', 'Guest', 'Hag', 'Halfling', 'Hamster', 'Harpy', 'Hedgehog', 'Hellion', 'Hero',
    'Hippo', 'Hippogriff', 'Homarid', 'Homunculus', 'Horror', 'Horse', 'Human', 'Hydra',
    'Hyena', 'Illusion', 'Imp', 'Incarnation', 'Inkling', 'Inquisitor', 'Insect', 'Jackal',
    'Jellyfish', 'Juggernaut', 'Kangaroo', 'Kavu', 'Kirin', 'Kithkin', 'Knight', 'Kobold',
    'Kor', 'Kraken', 'Llama', 'Lamia', 'Lammasu', 'Leech', 'Lemur', 'Leviathan', 'Lhurgoyf',
    'Licid', 'Lizard', 'Lobster', 'Manticore', 'Masticore', 'Mercenary', 'Merfolk', 'Metathran',
    'Minion', 'Minotaur', 'Mite', 'Mole', 'Monger', 'Mongoose', 'Monk', 'Monkey', 'Moogle',
    'Moonfolk', 'Mount', 'Mouse', 'Mutant', 'Myr', 'Mystic', 'Nautilus', 'Necron', 'Nephilim',
    'Nightmare', 'Nightstalker', 'Ninja', 'Noble', 'Noggle', 'Nomad', 'Nymph', 'Octopus',
    'Ogre', 'Ooze', 'Orb', 'Orc', 'Orgg', 'Otter', 'Ouphe', 'Ox', 'Oyster', 'Pangolin',
    'Peasant', 'Pegasus', 'Pentavite', 'Performer', 'Pest', 'Phelddagrif', 'Phoenix',
    'Phyrexian', 'Pilot', 'Pincher', 'Pirate', 'Plant', 'Platypus', 'Porcupine', 'Possum',
    'Praetor', 'Primarch', 'Prism', 'Processor', 'Qu', 'Rabbit', 'Raccoon', 'Ranger', 'Rat',
    'Rebel', 'Reflection', 'Rhino', 'Rigger', 'Robot', 'Rogue', 'Sable', 'Salamander',
    'Samurai', 'Sand', 'Saproling', 'Satyr', 'Scarecrow', 'Scientist', 'Scion', 'Scorpion',
    'Scout', 'Sculpture', 'Seal', 'Serf', 'Serpent', 'Servo', 'Shade', 'Shaman', 'Shapeshifter',
    'Shark', 'Sheep', 'Siren', 'Skeleton', 'Skunk', 'Slith', 'Sliver', 'Sloth', 'Slug', 'Snail',
    'Snake', 'Soldier', 'Soltari', 'Sorcerer', 'Spawn', 'Specter', 'Spellshaper', 'Sphinx',
    'Spider', 'Spike', 'Spirit', 'Splinter', 'Sponge', 'Squid', 'Squirrel', 'Starfish',
    'Surrakar', 'Survivor', 'Symbiote', 'Synth', 'Tentacle', 'Tetravite', 'Thalakos', 'Thopter',
    'Thrull', 'Tiefling', 'Toy', 'Treefolk', 'Trilobite', 'Triskelavite', 'Troll', 'Turtle',
    'Tyranid', 'Unicorn', 'Vampire', 'Varmint', 'Vedalken', 'Villain', 'Volver', 'Wall',
    'Walrus', 'Warlock', 'Warrior', 'Weasel', 'Weird', 'Werewolf', 'Whale', 'Wizard', 'Wolf',
    'Wolverine', 'Wombat', 'Worm', 'Wraith', 'Wurm', 'Yeti', 'Zombie', 'Zubera',
))


class TypeLineError(EngineError):
    """A type line that names something that isn't a type the rules know."""


@dataclass(frozen=True)
class TypeLine:
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]


def read_type_line(text: str) -> TypeLine:
    """Rules 205.1–205.4: the words before the dash are supertypes and card types; the words
    after it are subtypes (one creature type, Time Lord, is two words long)."""
    left, _, right = (text.replace("—", " — ").replace(" - ", " — ")).partition(" — ")
    supertypes, types = [], []
    for word in left.split():
        if word in SUPERTYPES:
            supertypes.append(word)
        elif word in CARD_TYPES:
            types.append(word)
        else:
            raise TypeLineError(f"{text!r}: {word!r} is neither a supertype nor a card type (205.2a, 205.4a)")
    if not types:
        raise TypeLineError(f"{text!r} has no card type (205.2)")
    words = right.split()
    subtypes = []
    i = 0
    while i < len(words):
        if words[i] == "Time" and i + 1 < len(words) and words[i + 1] == "Lord":
            subtypes.append("Time Lord")
            i += 2
            continue
        subtype = words[i]
        if subtype_kind(subtype, types) is None:
            raise TypeLineError(f"{text!r}: {subtype!r} is not a subtype of {' '.join(types).lower()} (205.3d)")
        subtypes.append(subtype)
        i += 1
    return TypeLine(tuple(supertypes), tuple(types), tuple(subtypes))


def subtype_kind(subtype: str, types: tuple[str, ...] | list[str]) -> str | None:
    """What kind of subtype `subtype` is for an object of card types `types` (205.3g–m), or None
    if it can't be one of its subtypes."""
    kinds = (
        ("Artifact", ARTIFACT_TYPES, "artifact type"),
        ("Enchantment", ENCHANTMENT_TYPES, "enchantment type"),
        ("Land", LAND_TYPES, "land type"),
        ("Planeswalker", PLANESWALKER_TYPES, "planeswalker type"),
        ("Instant", SPELL_TYPES, "spell type"),
        ("Sorcery", SPELL_TYPES, "spell type"),
        ("Creature", CREATURE_TYPES, "creature type"),
        ("Kindred", CREATURE_TYPES, "creature type"),
    )
    for card_type, names, kind in kinds:
        if card_type in types and subtype in names:
            return kind
    return None


def is_creature_type(choice: str) -> bool:
    """Rule 205.3e: whether `choice` is one creature type (as a choice of "a creature type")."""
    return choice in CREATURE_TYPES
