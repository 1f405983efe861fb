"""An example page's recorded run links each rule number its narration cites to the rule, its text
escaped: a statement or a value the engine printed is left as it is."""

from __future__ import annotations

from kb.site.views import linked_run_output


def test_the_narrations_rule_numbers_are_links_and_the_rest_is_text():
    output = ("Comienza el juego. (103)\n"
              "Grizzly Bears tiene daño letal <b>y</b> es destruida. (704.5g)\n"
              "Se aplica la regla 613.1f y la 607.5. (613.1f, 607.5)\n"
              ">>> game.cast(ana, 'Lightning Bolt')  # 704.5g\n"
              "Spell(Card('Lightning Bolt'), controller=Player('Ana'))\n")
    known = {"103", "704.5g", "613.1f", "607.5"}
    html = str(linked_run_output(output, lambda rule: f"../../r/{rule}/" if rule in known else None))
    assert '(<a href="../../r/103/">103</a>)' in html
    assert 'es destruida. (<a href="../../r/704.5g/">704.5g</a>)' in html
    assert '<a href="../../r/613.1f/">613.1f</a>, <a href="../../r/607.5/">607.5</a>)' in html
    assert "regla <a href=\"../../r/613.1f/\">613.1f</a>" in html
    # Corpus and engine text is data: escaped, never markup.
    assert "&lt;b&gt;y&lt;/b&gt;" in html and "<b>" not in html
    # A statement keeps its words.
    assert ">>> game.cast(ana, &#39;Lightning Bolt&#39;)  # 704.5g" in html.replace("&gt;", ">")
    # A number that names no rule is no link.
    assert "<a" not in str(linked_run_output("Ana gana 3 vidas. (999)", lambda rule: None))
