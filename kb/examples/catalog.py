"""The executable examples: one Markdown file each in ``examples/``, with YAML front matter
naming the example records it runs and the rules it executes, the example told in Spanish and
in English, and one doctest that runs it on the engine.

    ---
    name: two-headed-giant-flame-rift
    title_es: ...
    title_en: ...
    example_ids: ["810.9#ex1"]
    rules: ["810.9"]
    spanish_origin: wiki            # wiki: quoted from a Spanish wiki page; ours: our translation
    spanish_source: corpus/wiki/es-gigante-de-dos-cabezas.txt
    english_origin: cr              # cr: the rules' own text; wiki: an English wiki page; ours
    english_source: corpus/cr/MagicCompRules-2026-01-16.txt
    ---

    ## Español
    <the example, in Spanish>

    ## English
    <the example, in English>

    ## Ejecución · Run
    ```python
    >>> ...
    ```
"""

from __future__ import annotations

import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import yaml

from kb.corpus import PROJECT_ROOT

ORIGINS_ES = ("wiki", "ours")
ORIGINS_EN = ("cr", "wiki", "ours")
REQUIRED = ("name", "title_es", "title_en", "example_ids", "rules", "spanish_origin", "english_origin")
_EXAMPLE_ID = re.compile(r"^\d{3}(\.\d+[a-z]?)?#ex\d+$")
_RULE_ID = re.compile(r"^\d{3}(\.\d+[a-z]?)?$")
_NAME = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")
_FENCE = re.compile(r"^```(\w*)\s*$")
# The pure-Python loader, so messages about bad front matter are the same with or without libyaml.
_Loader = yaml.SafeLoader
_cache: dict[str, tuple[tuple, list["ExecutableExample"]]] = {}


class ExampleFormatError(ValueError):
    """An example file that does not follow the format; the message names file, line and reason."""

    def __init__(self, path: Path | str, line: int, reason: str):
        self.path, self.line, self.reason = str(path), line, reason
        super().__init__(f"{path}:{line}: {reason}")


class UnknownExampleError(KeyError):
    """No executable example has that name."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown example"


@dataclass(frozen=True)
class ExecutableExample:
    """One executable example, as read from its Markdown file."""

    name: str
    title_es: str
    title_en: str
    text_es: str
    text_en: str
    spanish_origin: str
    english_origin: str
    spanish_source: str
    english_source: str
    example_ids: tuple[str, ...]
    rules: tuple[str, ...]
    code: str
    code_line: int
    path: str


def examples_dir() -> Path:
    """``$KB_EXAMPLES`` if set, else the ``examples/`` folder of the project."""
    return Path(os.environ.get("KB_EXAMPLES", PROJECT_ROOT / "examples"))


def read_example(path: Path | str) -> ExecutableExample:
    """Read one example file (text normalised to NFC)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as err:
        raise ExampleFormatError(path, 1, f"not UTF-8 ({err.reason})") from None
    text = unicodedata.normalize("NFC", text)
    lines = text.split("\n")
    if not lines or lines[0].strip() != "---":
        raise ExampleFormatError(path, 1, "no front matter: the file must begin with a '---' line")
    try:
        end = next(i for i in range(1, len(lines)) if lines[i].strip() == "---")
    except StopIteration:
        raise ExampleFormatError(path, 1, "front matter is not closed by a '---' line") from None
    try:
        meta = yaml.load("\n".join(lines[1:end]), Loader=_Loader) or {}
    except yaml.YAMLError as err:
        mark = getattr(err, "problem_mark", None)
        raise ExampleFormatError(path, 2 + (mark.line if mark else 0), f"front matter is not valid YAML: {getattr(err, 'problem', err)}") from None
    if not isinstance(meta, dict):
        raise ExampleFormatError(path, 2, "front matter must be a mapping")
    for key in REQUIRED:
        if key not in meta:
            raise ExampleFormatError(path, 1, f"front matter lacks {key!r}")
    name = str(meta["name"])
    if not _NAME.match(name):
        raise ExampleFormatError(path, 2, f"name {name!r} must be lowercase words joined by hyphens")
    if meta["spanish_origin"] not in ORIGINS_ES:
        raise ExampleFormatError(path, 2, f"spanish_origin must be one of {', '.join(ORIGINS_ES)}")
    if meta["english_origin"] not in ORIGINS_EN:
        raise ExampleFormatError(path, 2, f"english_origin must be one of {', '.join(ORIGINS_EN)}")
    ids = tuple(str(i) for i in meta["example_ids"] or ())
    for example_id in ids:
        if not _EXAMPLE_ID.match(example_id):
            raise ExampleFormatError(path, 2, f"{example_id!r} is not an example id such as '810.9a#ex2'")
    rules = tuple(str(r) for r in meta["rules"] or ())
    if not rules:
        raise ExampleFormatError(path, 2, "an example executes at least one rule")
    for rule in rules:
        if not _RULE_ID.match(rule):
            raise ExampleFormatError(path, 2, f"{rule!r} is not a rule number such as '810.9a'")
    if meta["english_origin"] == "cr" and not ids:
        raise ExampleFormatError(path, 2, "an example told in the rules' own words names its example ids")

    sections: dict[str, list[str]] = {}
    current: str | None = None
    code: list[str] | None = None
    code_line = 0
    block: list[str] = []
    block_line = 0
    fence_lang: str | None = None
    for number, line in enumerate(lines[end + 1 :], end + 2):
        stripped = line.strip()
        if fence_lang is not None:
            if stripped == "```":
                if fence_lang == "python" and code is None:
                    code, code_line = block, block_line
                fence_lang = None
            else:
                block.append(line)
            continue
        fence = _FENCE.match(stripped)
        if fence:
            fence_lang, block, block_line = fence.group(1), [], number + 1
            continue
        if line.startswith("## "):
            current = line[3:].strip()
            sections.setdefault(current, [])
        elif current is not None:
            sections[current].append(line)
    if fence_lang is not None:
        raise ExampleFormatError(path, len(lines), "a code block is not closed")
    if code is None or not any(l.lstrip().startswith(">>>") for l in code):
        raise ExampleFormatError(path, end + 2, "no doctest: a ```python block with '>>>' lines is required")

    def section_text(title: str) -> str:
        if title not in sections:
            raise ExampleFormatError(path, end + 2, f"no '## {title}' section")
        paragraphs = "\n".join(sections[title]).strip()
        if not paragraphs:
            raise ExampleFormatError(path, end + 2, f"the '## {title}' section is empty")
        return paragraphs

    return ExecutableExample(
        name=name,
        title_es=str(meta["title_es"]),
        title_en=str(meta["title_en"]),
        text_es=section_text("Español"),
        text_en=section_text("English"),
        spanish_origin=meta["spanish_origin"],
        english_origin=meta["english_origin"],
        spanish_source=str(meta.get("spanish_source", "")),
        english_source=str(meta.get("english_source", "")),
        example_ids=ids,
        rules=rules,
        code="\n".join(code).strip("\n") + "\n",
        code_line=code_line,
        path=str(path),
    )


def catalog(directory: Path | str | None = None) -> list[ExecutableExample]:
    """Every executable example, sorted by name."""
    directory = Path(directory) if directory else examples_dir()
    if not directory.is_dir():
        raise ExampleFormatError(directory, 0, "no examples folder here")
    # Reading is cached for as long as no file changes: one scan of the folder, one stat a file (a
    # build asks for the catalog at each of its ~560 runs, and a `Path` and two stats a file took
    # ~3 ms each time).
    with os.scandir(directory) as entries:
        # A hidden name (an editor's lock file, ".#draft.md", often a link to nothing) is no example,
        # as the folder's "*.md" never named one.
        found_files = sorted((entry.name, entry) for entry in entries
                             if entry.name.endswith(".md") and not entry.name.startswith(".")
                             and entry.name.lower() != "readme.md")
    signature = tuple((name, stat.st_mtime_ns, stat.st_size) for name, stat in
                      ((name, entry.stat()) for name, entry in found_files))
    cached = _cache.get(str(directory.resolve()))
    if cached and cached[0] == signature:
        return list(cached[1])
    paths = [directory / name for name, _ in found_files]
    found = [read_example(p) for p in paths]
    seen: dict[str, str] = {}
    for example in found:
        if example.name in seen:
            raise ExampleFormatError(example.path, 2, f"name {example.name!r} is also used by {seen[example.name]}")
        seen[example.name] = example.path
    found.sort(key=lambda e: e.name)
    _cache[str(directory.resolve())] = (signature, found)
    return list(found)


def find(name: str, directory: Path | str | None = None) -> ExecutableExample:
    for example in catalog(directory):
        if example.name == name:
            return example
    raise UnknownExampleError(f"no executable example named {name!r} (see: kb example list)")
