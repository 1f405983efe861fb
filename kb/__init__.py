"""The bilingual knowledge base of the Magic: The Gathering Comprehensive Rules."""

__version__ = "0.1.0"
