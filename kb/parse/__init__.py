"""Parsers that turn decoded source files into the records of `kb.model`: `kb.parse.cr` for the
official Comprehensive Rules text."""
