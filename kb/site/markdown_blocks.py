"""A Python-Markdown extension that passes prebuilt HTML through untouched, unparsed.

The generated pages carry each page's rules as one HTML block, already escaped and linked, between
two marker lines:

    <!-- kb:html -->
    <section ...>...</section>
    <!-- /kb:html -->

Without this extension the block is ordinary raw HTML, and Markdown parses it tag by tag (twice,
with MkDocs' anchor scan) to find where it ends. With it, the block is stored as it is before any
parsing, which is most of the builder's time on the section pages. The output is the same HTML either
way; the extension only saves time. Corpus text is escaped, so it can never form a marker line.
"""

from __future__ import annotations

from markdown import Extension
from markdown.preprocessors import Preprocessor

OPEN = "<!-- kb:html -->"
CLOSE = "<!-- /kb:html -->"
# Before MkDocs' raw-HTML anchor scan (21) and Markdown's own HTML block parser (20).
PRIORITY = 30


class PrebuiltHtmlPreprocessor(Preprocessor):
    def run(self, lines: list[str]) -> list[str]:
        out: list[str] = []
        block: list[str] | None = None
        for line in lines:
            if block is None:
                if line.strip() == OPEN:
                    block = []
                else:
                    out.append(line)
            elif line.strip() == CLOSE:
                placeholder = self.md.htmlStash.store("\n".join(block))
                out.extend(["", placeholder, ""])
                block = None
            else:
                block.append(line)
        if block is not None:
            # An unclosed block is left for Markdown to read as ordinary raw HTML.
            out.append(OPEN)
            out.extend(block)
        return out


class PrebuiltHtmlExtension(Extension):
    def extendMarkdown(self, md) -> None:  # noqa: N802 - Python-Markdown's name
        md.preprocessors.register(PrebuiltHtmlPreprocessor(md), "kb_prebuilt_html", PRIORITY)


def makeExtension(**kwargs) -> PrebuiltHtmlExtension:  # noqa: N802 - Python-Markdown's entry point
    return PrebuiltHtmlExtension(**kwargs)
