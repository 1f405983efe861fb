"""`kb text`: the rules of a release as plain text, in Spanish in the official layout or in English."""

from __future__ import annotations

from pathlib import Path

import click

from kb.cli.common import (echo, emit_json, fail, json_option, load_kb, outputs_checked, overwrite_option,
                           progress_reporter, release_name, write_outputs)


@click.command("text")
@click.option("--release", default=None, help="The release, by either of its dates; default the newest.")
@click.option("--lang", type=click.Choice(["es", "en"]), default="es", show_default=True,
              help="es: the Spanish document; en: the official English file as UTF-8.")
@click.option("--out", "-o", type=click.Path(path_type=Path), default=None,
              help="Write the text into this file instead of standard output.")
@overwrite_option
@json_option
def text_command(release: str | None, lang: str, out: Path | None, overwrite: bool, as_json: bool) -> None:
    """The rules of a release as plain UTF-8 text with LF line ends. In Spanish (the default) the
    text is the English file line for line, with the same numbering and blank lines, each rule,
    example, title and glossary entry in Spanish where a Spanish text translates that release's very
    English, and in English where none does. The site offers the same files under downloads/. No
    file of the corpus or the project, and no file kb did not write, is replaced (--overwrite
    replaces the latter).

    \b
    Examples:
      kb text --release 2026-01-16 | less
      kb text --release 2004-02-01 --out reglas-2004.txt
      kb text --lang en --release 2017-09-25 | head
      kb text --json | jq '.lines, .in_spanish'
    """
    from kb.documents import english_lines
    from kb.site.downloads import release_text
    from kb.history import corpus_releases

    if release is not None:
        from kb.corpus import read_corpus

        listed = corpus_releases()
        # Refused at once where every release of the manifest is at hand and dated by it; otherwise
        # the releases are read first (and one that is missing is told as the other commands tell it).
        whole = listed and not read_corpus().unavailable and all(r.effective for r in listed)
        if whole and release not in {name for r in listed for name in r.names}:
            fail(f"no release {release!r} in the corpus (see kb stats for the releases)", 2)
    if out is not None:
        outputs_checked([out], overwrite)
    kb = load_kb(as_json)
    chosen = release_name(release) or kb.newest
    if chosen not in kb.releases:
        fail(f"no release {release!r} in the corpus (see kb stats for the releases)", 2)
    text = release_text(kb, chosen, lang, progress=progress_reporter(as_json))
    if text is None:
        fail(f"the English file of the release {chosen} is not at hand: {kb.documents[chosen].source}")
    if out is not None:
        write_outputs({out: text.encode("utf-8")}, overwrite)
    if as_json:
        english = english_lines(kb, chosen) or []
        lines = text.split("\n")[:-1]
        emit_json({"release": chosen, "lang": lang, "lines": len(lines), "bytes": len(text.encode("utf-8")),
                   "in_spanish": sum(1 for en, es in zip(english, lines) if en.rstrip("\r\n") != es) if lang == "es" else 0,
                   "out": str(out) if out is not None else None, "text": None if out is not None else text})
    elif out is not None:
        echo(f"{out}  ({out.stat().st_size} bytes)")
    else:
        # The text is UTF-8 whatever the terminal's locale, as the file would be.
        stream = click.get_binary_stream("stdout")
        stream.write(text.encode("utf-8"))
        stream.flush()


commands = [text_command]
