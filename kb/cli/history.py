"""`kb history`, `kb diff`, `kb refs`, `kb path`: how rules changed, and how they cite each other."""

from __future__ import annotations

from pathlib import Path

import click

from kb.cli.common import (
    echo, emit_json, fail, json_option, load_rule_card, not_blank, os_error, outputs_checked, overwrite_option,
    require_releases, rule_argument, write_outputs,
)

_RELEASE_HELP = "A release of the corpus by its ISO date (effective or published); default: the newest."


def _releases():
    """The English releases the corpus can read, oldest first; none is one line each and exit 1."""
    from kb.corpus import ManifestError, manifest_path
    from kb.history import corpus_releases

    try:
        releases = corpus_releases()
    except OSError as err:
        fail(os_error(err))
    except ManifestError as err:
        fail(str(err))
    if not releases:
        require_releases()
        fail(f"{manifest_path()} lists no English rules release: add one with `kb fetch --latest` or `kb fetch URL`")
    return releases


def _release(name: str, releases):
    from kb.history import UnknownRelease, find_release

    try:
        return find_release(name, releases)
    except UnknownRelease as err:
        fail(str(err), 2)


def _load(releases):
    from kb.decode import DecodeError

    try:
        return [release.load() for release in releases]
    except OSError as err:
        fail(os_error(err))
    except DecodeError as err:
        fail(str(err))


def _words(words) -> str:
    return "; ".join(str(w) for w in words)


def _example_lines(examples, indent: str) -> list[str]:
    return [f"{indent}{change}" for change in examples]


def _history_kb(as_json: bool):
    """The knowledge base, whose stored history answers at once once it has been built."""
    from kb.cli.common import load_kb

    return load_kb(as_json)


@click.command("history")
@click.argument("rule", callback=rule_argument)
@click.option("--release", callback=not_blank, help=_RELEASE_HELP)
@json_option
def history_command(rule: str, release: str | None, as_json: bool) -> None:
    """What happened to RULE (a rule id of the release) in every release of the corpus, back to the
    first it can be followed to: added, changed (with the words, in its text and its examples),
    moved (renumbered), unchanged, removed. Across the renumbering of the rules in 2009 a rule is
    followed where its text survived; where it did not, its line says so.

    \b
    Examples:
      kb history 723.1
      kb history 702.9 --json | jq '.events[] | select(.status != "unchanged")'
      kb history 101.4 --release 2017-09-25 --json
    """
    from kb.history import UnknownRule
    from kb.knowledge import UnknownReleaseError, UnknownRuleError

    releases = _releases()
    chosen = _release(release, releases) if release else releases[-1]
    # The asked release is read first, so that an unknown rule is refused before the rest is read.
    (asked,) = _load([chosen])
    if not any(r.id == rule for r in asked.rules):
        fail(f"release {asked.release} has no rule {rule}", 2)
    kb = _history_kb(as_json)
    try:
        events = kb.history(rule, asked.release)
        ids = kb.trace(rule, asked.release)
    except (UnknownRule, UnknownRuleError, UnknownReleaseError) as err:
        fail(str(err), 2)
    known = [r for r in kb.releases if ids.get(r)]
    first = events[0].release if events else asked.release
    if as_json:
        emit_json({"rule": rule, "release": asked.release, "first_release": first,
                   "first_id": ids.get(first), "oldest_release": kb.releases[0], "ids": ids, "events": events})
        return
    echo(f"rule {rule} of {asked.release}: in {len(known)} of {len(kb.releases)} releases, "
               f"followed back to {first} (as {ids.get(first)})")
    for event in events:
        if event.status == "moved":
            what = f"{event.old_id} -> {event.new_id}"
        else:
            what = event.new_id or event.old_id or ""
        line = f"  {event.release}  {event.status:<9}  {what}"
        if event.words:
            line += f"  {_words(event.words)}"
        echo(line)
        for text in _example_lines(event.examples, "      "):
            echo(text)
        if event.status == "present":
            echo("      (the oldest release of the corpus: the rule may be older)")
        elif event.status == "added" and event.renumbering:
            echo("      (this release renumbered the rules; no rule of the release before kept enough"
                       " of this text to be followed back)")
        elif event.status == "removed" and event.renumbering:
            echo("      (this release renumbered the rules; no rule of it kept enough of this text"
                       " to be followed on)")


@click.command("diff")
@click.argument("old", callback=not_blank)
@click.argument("new", callback=not_blank)
@click.option(
    "--only", type=click.Choice(["added", "removed", "changed", "moved"]), help="List entries of this kind only."
)
@json_option
def diff_command(old: str, new: str, only: str | None, as_json: bool) -> None:
    """What changed from release OLD to release NEW (ISO dates of corpus releases, any two, in
    either order): rules added, removed, changed (with the words, in their text and their examples)
    and moved (renumbered). Two releases apart are compared by following each rule through the
    releases between them.

    \b
    Examples:
      kb diff 2024-06-07 2026-01-16
      kb diff 2009-05-01 2009-07-11 --only moved
      kb diff 2009-07-11 2026-01-16 --only changed --json
    """
    releases = _releases()
    before, after = _release(old, releases), _release(new, releases)
    kb = _history_kb(as_json)
    diff = kb.diff(before.effective, after.effective)
    entries = diff.only(only) if only else diff.entries  # type: ignore[arg-type]
    counts = diff.counts()
    if as_json:
        emit_json({"old": diff.old, "new": diff.new, "via": list(diff.via), "renumbering": diff.renumbering,
                   "counts": counts, "entries": entries})
        return
    echo(
        f"{diff.old} -> {diff.new}: {counts['added']} added, {counts['removed']} removed, "
        f"{counts['changed']} changed, {counts['moved']} moved ({counts['moved_and_changed']} also changed), "
        f"{counts['unchanged']} unchanged; examples changed in {counts['examples_changed']}"
    )
    if diff.via:
        echo(f"(rules followed through the {len(diff.via)} releases between)")
    if diff.renumbering:
        echo("(most rules changed number: rules are paired by their text)")
    for entry in entries:
        if entry.status == "moved":
            what = f"{entry.old_id} -> {entry.new_id}"
        else:
            what = entry.new_id or entry.old_id
        line = f"{entry.status:<8} {entry.kind:<8} {what}"
        if entry.words:
            line += f"  {_words(entry.words)}"
        echo(line)
        for text in _example_lines(entry.examples, "    "):
            echo(text)


def _pages():
    from kb.corpus import ManifestError, load_manifest
    from kb.decode import DecodeError
    from kb.ingest import parse_corpus_file

    try:
        return [parse_corpus_file(e) for e in load_manifest() if e.kind == "wiki"]
    except OSError as err:
        fail(os_error(err))
    except (DecodeError, ManifestError) as err:
        fail(str(err))


def _graph_for(releases_wanted, pages=()):
    from kb.graph import build_graph

    return build_graph(_load(releases_wanted), pages)


def _node_for(graph, name: str, release: str, lang: str) -> str:
    from kb.graph import rule_node

    node = name if ":" in name else rule_node(release, name, lang)
    if node not in graph or graph.nodes[node].get("placeholder") or graph.nodes[node].get("broken"):
        where = "" if ":" in name else f" in {release} ({lang})"
        fail(f"no rule {name}{where}", 2)
    return node


@click.command("refs")
@click.argument("rule", callback=rule_argument)
@click.option("--release", callback=not_blank, help=_RELEASE_HELP)
@click.option("--lang", type=click.Choice(["en", "es"]), default="en", show_default=True,
              help="Whose text: the English release, or its Spanish (a wiki quote or the team's translation).")
@json_option
def refs_command(rule: str, release: str | None, lang: str, as_json: bool) -> None:
    """The references of RULE both ways: the rules it cites (with the text citing them) and the
    rules and glossary entries citing it.

    \b
    Examples:
      kb refs 101.4
      kb refs 405.1 --lang es
      kb refs cr:2019-10-04:116.2 --json
    """
    from kb.graph import parse_node, refs_in, refs_out

    releases = _releases()
    parts = parse_node(rule) if ":" in rule else None
    if ":" in rule and parts is None:
        fail(f"{rule!r} is neither a rule id nor a node id", 2)
    if parts is not None:
        # A node id names its own release and language.
        release, lang = parts["release"], parts["lang"]
    chosen = _release(release, releases) if release else releases[-1]
    if lang == "es":
        _spanish_refs(parts["key"] if parts else rule, chosen, as_json)
        return
    graph = _graph_for([chosen], _pages())
    node = _node_for(graph, rule, chosen.effective, lang)
    data = graph.nodes[node]
    out, into = refs_out(graph, node), refs_in(graph, node)
    quoted_by = sorted(u for u, _, d in graph.in_edges(node, data=True) if d["type"] == "quotes")
    if as_json:
        emit_json({"node": node, "rule": data.get("key"), "release": data.get("release"), "lang": data.get("lang"),
                   "text": data.get("text", ""), "out": out, "in": into, "quoted_by": quoted_by})
        return
    echo(f"{node}: {data.get('text', '')}")
    _print_refs(out, into, quoted_by)


def _spanish_refs(rule_id: str, chosen, as_json: bool) -> None:
    """`kb refs RULE --lang es`: the references of the first Spanish text of RULE of the release
    (`kb.rulecard.rule_card`, whose Spanish references are carried to the rules they name in that
    release), and what cites the rule there."""
    from kb.graph import page_node, refs_in, rule_node

    release = chosen.effective
    card = load_rule_card(rule_id, release, "es", as_json)
    if not card.texts:
        fail(f"no Spanish text of rule {rule_id} of {release} in the corpus", 2)
    first = card.texts[0]
    out = []
    for ref in card.spanish_references or []:
        written = ref.written
        # A reference naming no rule of this release keeps the number it is written with, named
        # with the release whose numbers those are.
        target = rule_node(release, ref.target) if ref.target else rule_node(ref.numbering, written.target)
        out.append({"target": target, "surface": written.surface, "start": written.start, "end": written.end,
                    "type": "example-refers-to" if ref.example else "refers-to", "broken": ref.target is None,
                    **({"example": ref.example} if ref.example else {})})
    graph = _graph_for([chosen])
    into = refs_in(graph, rule_node(release, rule_id))
    quoted_by = [page_node(Path(first.source).stem)] if first.kind == "wiki" else []
    node = rule_node(release, rule_id, "es")
    if as_json:
        emit_json({"node": node, "rule": rule_id, "release": release, "lang": "es", "text": first.text,
                   "source": first.source, "label": first.label, "current": first.current,
                   "english_release": first.english_release, "english_id": first.english_id or rule_id,
                   "out": out, "in": into, "quoted_by": quoted_by})
        return
    echo(f"{node}: {first.text}")
    echo(f"fuente: {first.label}")
    _print_refs(out, into, quoted_by)


def _print_refs(out: list[dict], into: list[dict], quoted_by: list[str]) -> None:
    """The references of `kb refs` as text, after the rule's own line: out, in, and quoting pages."""
    echo(f"refers to ({len(out)}):")
    for ref in out:
        mark = "  [not in this release]" if ref["broken"] else ""
        where = f"  (in example {ref['example'].split('#', 1)[-1]})" if ref.get("example") else ""
        echo(f"  {ref['target']}  \"{ref['surface']}\"{where}{mark}")
    echo(f"referred to by ({len(into)}):")
    for ref in into:
        echo(f"  {ref['source']}  \"{ref['surface']}\"")
    if quoted_by:
        echo(f"quoted by: {', '.join(quoted_by)}")


@click.command("path")
@click.argument("a", callback=rule_argument)
@click.argument("b", callback=rule_argument)
@click.option("--release", callback=not_blank, help=_RELEASE_HELP)
@click.option("--directed", is_flag=True, help="Follow references and containment forwards only.")
@json_option
def path_command(a: str, b: str, release: str | None, directed: bool, as_json: bool) -> None:
    """A shortest chain of references and containment joining rules A and B (rule ids of the
    release, or node ids such as cr:2026-01-16:101.4).

    \b
    Examples:
      kb path 101.4 702.9
      kb path 601.2 117.1 --directed --json
    """
    from kb.graph import NoPath, parse_node, path, path_steps

    releases = _releases()
    chosen = _release(release, releases) if release else releases[-1]
    wanted = {chosen.effective}
    for name in (a, b):
        parts = parse_node(name) if ":" in name else None
        if ":" in name and parts is None:
            fail(f"{name!r} is neither a rule id nor a node id", 2)
        if parts is not None:
            wanted.add(_release(parts["release"], releases).effective)
    graph = _graph_for([r for r in releases if r.effective in wanted])
    start, end = _node_for(graph, a, chosen.effective, "en"), _node_for(graph, b, chosen.effective, "en")
    try:
        nodes = path(graph, start, end, directed=directed)
    except NoPath as err:
        fail(str(err))
    steps = path_steps(graph, nodes)
    if as_json:
        emit_json({"from": start, "to": end, "nodes": nodes, "steps": steps})
        return
    echo(start)
    for step in steps:
        arrow = f"--{step['type']}-->" if step["forward"] else f"<--{step['type']}--"
        surface = f"  \"{step['surface']}\"" if step["surface"] else ""
        echo(f"  {arrow} {step['to']}{surface}")


@click.command("graph")
@click.option("--release", "release_names", multiple=True, callback=not_blank, help="A release to include (repeatable); default: all.")
@click.option("--no-pages", is_flag=True, help="Leave out the wiki pages and their Spanish quotes.")
@click.option("--graphml", type=click.Path(dir_okay=False), help="Write the graph as GraphML here.")
@click.option("--node-link", type=click.Path(dir_okay=False), help="Write node-link JSON here.")
@overwrite_option
@json_option
def graph_command(release_names: tuple[str, ...], no_pages: bool, graphml: str | None, node_link: str | None,
                  overwrite: bool, as_json: bool) -> None:
    """Build the cross-reference graph of the corpus, print its counts and broken references, and
    optionally export it (nodes and edges sorted: the same corpus gives the same bytes). An export
    never replaces a file of the corpus or of the project, a device, or a file kb did not write
    (--overwrite replaces the latter).

    \b
    Examples:
      kb graph --release 2026-01-16 --no-pages
      kb graph --graphml rules.graphml --node-link rules.json --json
    """
    from kb.graph import broken_edges, graphml_writer, node_link_text, summary

    outputs_checked([path for path in (graphml, node_link) if path], overwrite)
    releases = _releases()
    chosen = [_release(name, releases) for name in release_names] or releases
    graph = _graph_for(chosen, () if no_pages else _pages())
    contents = {}
    if graphml:
        contents[Path(graphml)] = graphml_writer(graph)
    if node_link:
        contents[Path(node_link)] = node_link_text(graph).encode("utf-8")
    write_outputs(contents, overwrite)
    counts = summary(graph)
    broken = [{"from": u, "to": v, "surface": d.get("surface", "")} for u, v, d in broken_edges(graph)]
    if as_json:
        emit_json({**counts, "broken_references": broken})
        return
    echo("nodes: " + ", ".join(f"{k} {v}" for k, v in counts["nodes"].items()))
    echo("edges: " + ", ".join(f"{k} {v}" for k, v in counts["edges"].items()))
    echo(f"broken references ({len(broken)}):")
    for item in broken:
        echo(f"  {item['from']} -> {item['to']}  \"{item['surface']}\"")


commands = [history_command, diff_command, refs_command, path_command, graph_command]
