"""Every executable example is one doctest: pytest runs each file's ```python block as a
single test, named by file and line. Text is read as NFC and output is compared exactly."""

import doctest
import io
import unicodedata

from sybil import Sybil
from sybil.document import Document
from sybil.parsers.markdown import CodeBlockParser


class NFCDocument(Document):
    """An example file read as NFC text, so composed and decomposed accents compare equal."""

    @classmethod
    def parse(cls, path, *parsers, encoding="utf-8"):
        with open(path, encoding=encoding) as source:
            text = unicodedata.normalize("NFC", source.read())
        document = cls(text, path)
        for parser in parsers:
            for region in parser(document):
                document.add(region)
        return document


class DoctestBlockParser(CodeBlockParser):
    """A ```python block run as one doctest, with no option flags."""

    language = "python"

    def evaluate(self, example):
        source = str(example.parsed)
        test = doctest.DocTestParser().get_doctest(
            source, example.namespace, example.path, example.path, example.line
        )
        out = io.StringIO()
        runner = doctest.DocTestRunner(optionflags=0, verbose=False)
        runner.run(test, out=out.write, clear_globs=False)
        if runner.failures:
            return out.getvalue()
        return None


pytest_collect_file = Sybil(
    parsers=[DoctestBlockParser()],
    patterns=["*.md"],
    document_types={".md": NFCDocument},
).pytest()
