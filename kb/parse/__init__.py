"""Parsers of the corpus: `kb.parse.cr` reads an official rules text, `kb.parse.wiki` a wiki page
that quotes it. Both turn every input line into a record or a reported skip."""
