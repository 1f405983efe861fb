"""The prebuilt-HTML Markdown extension changes the speed of a build, never its output."""

import markdown

from kb.site.markdown_blocks import CLOSE, OPEN

PAGE = f"""# Title

Some *Markdown* text.

{OPEN}
<section class="r"><h2 id="101.4">101.4</h2>
<p>Text with &lt;b&gt; and [not a link](x) and *no emphasis*.</p>

<p>After a blank line, still inside.</p></section>
<div><a href="../405/">405</a></div>
{CLOSE}

More **Markdown**.
"""


def convert(text: str, extensions: list) -> str:
    return markdown.markdown(text, extensions=["toc", "attr_list", *extensions])


def test_output_is_the_same_with_and_without_the_extension():
    plain = convert(PAGE, [])
    fast = convert(PAGE, ["kb.site.markdown_blocks"])
    normalize = lambda html: html.replace(OPEN, "").replace(CLOSE, "").replace("\n", "")  # noqa: E731
    assert normalize(fast) == normalize(plain)
    assert "<em>Markdown</em>" in fast and "<strong>Markdown</strong>" in fast
    assert "[not a link](x) and *no emphasis*" in fast
    assert "<p>After a blank line, still inside.</p></section>" in fast


def test_the_block_is_not_parsed_by_markdown():
    fast = convert(f"{OPEN}\n<div>*a*</div>\n\n*b*\n{CLOSE}\n", ["kb.site.markdown_blocks"])
    assert "*a*" in fast and "*b*" in fast and "<em>" not in fast


def test_an_unclosed_block_is_left_as_ordinary_text():
    text = f"{OPEN}\n<div>x</div>\n"
    assert convert(text, ["kb.site.markdown_blocks"]) == convert(text, [])
