"""The card library is a package of modules by mechanic; every card keeps its public name."""

import importlib
import pkgutil

import kb.engine.cards as cards
from kb.engine import Card
from kb.engine.objects import CardDefinition


def test_every_registered_card_is_importable_by_its_class_name():
    library = [cls for cls in CardDefinition.registry.values() if cls.__module__.startswith("kb.engine.cards.")]
    assert len(library) > 150
    exported = {id(value) for value in vars(cards).values()}
    for cls in library:
        assert id(cls) in exported, f"{cls.name} is not importable from kb.engine.cards"


def test_each_card_module_says_its_purpose_in_one_sentence():
    for module in pkgutil.iter_modules(cards.__path__):
        doc = importlib.import_module(f"kb.engine.cards.{module.name}").__doc__ or ""
        assert doc.strip().endswith(".") and doc.strip().count(". ") == 0, module.name


def test_a_declared_card_belongs_to_its_module_and_reads_its_type_line():
    assert cards.GrizzlyBears.__module__ == "kb.engine.cards.vanilla"
    bear = Card("Grizzly Bears")
    assert (bear.types, bear.subtypes, bear.power, bear.toughness) == (("Creature",), ("Bear",), 2, 2)
    assert [a.text for a in Card("Chameleon Colossus").definition.activated] == [cards.ChameleonColossus.oracle]
