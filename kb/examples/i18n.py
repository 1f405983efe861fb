"""The gettext catalogs of the narration, kept with babel: extract the messages from the
narration module, update each language's .po file, compile the .mo files, check them.

    python3 -m kb.examples.i18n update    # after changing a message in narration.py
    python3 -m kb.examples.i18n check     # what the tests check
    python3 -m kb.examples.i18n compile   # write .mo files, for tools that want them

The .po files are the source: the narration compiles them in memory when first used
(`kb.examples.locales`), so what it tells always matches them. Dates in the catalog headers are fixed, so the same messages
always give the same bytes.
"""

from __future__ import annotations

import datetime
import io
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.pofile import write_po

from kb.examples.locales import DOMAIN, LANGS, mo_bytes, mo_path, po_path, read_catalog
from kb.examples.narration import contextual_messages, message_ids

SOURCE = Path(__file__).resolve().parent / "narration.py"
KEYWORDS = {"N_": None, "NP_": (1, 2)}
FIXED_DATE = datetime.datetime(2026, 1, 16, tzinfo=datetime.timezone.utc)
PROJECT = "kb"
VERSION = "0.1.0"
HEADER = "# Narration of the reference rules engine, {language}.\n#"


def extract_template() -> Catalog:
    """The messages the narration module marks, as a template catalog."""
    template = Catalog(project=PROJECT, version=VERSION, domain=DOMAIN, msgid_bugs_address="", creation_date=FIXED_DATE, revision_date=FIXED_DATE, fuzzy=False)
    relative = SOURCE.relative_to(SOURCE.parents[2]).as_posix()
    for lineno, message, comments, context in extract_from_file("python", SOURCE, keywords=KEYWORDS):
        template.add(message, None, [(relative, lineno)], auto_comments=comments, context=context)
    for context, message in contextual_messages():
        template.add(message, None, [(relative, None)], context=context)
    return template


def _read(lang: str) -> Catalog:
    return read_catalog(po_path(lang), lang)


def _po_bytes(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, sort_output=True, include_lineno=False, ignore_obsolete=True)
    return out.getvalue()


def _without_generator(po: bytes) -> bytes:
    """The .po bytes without the header line naming the babel version that wrote them."""
    return b"\n".join(line for line in po.split(b"\n") if not line.startswith(b'"Generated-By:'))


def update_catalogs() -> list[Path]:
    """Add new messages to each language's .po file and drop the ones no longer used."""
    template = extract_template()
    written = []
    for lang in LANGS:
        path = po_path(lang)
        if path.exists():
            catalog = _read(lang)
        else:
            catalog = Catalog(
                locale=lang,
                project=PROJECT,
                version=VERSION,
                domain=DOMAIN,
                header_comment=HEADER.format(language={"es": "Spanish", "en": "English"}.get(lang, lang)),
                creation_date=FIXED_DATE,
                revision_date=FIXED_DATE,
                last_translator="kb",
                msgid_bugs_address="",
                language_team=lang,
                fuzzy=False,
            )
        catalog.update(template, no_fuzzy_matching=True, update_creation_date=False)
        catalog.creation_date = FIXED_DATE
        catalog.revision_date = FIXED_DATE
        catalog.fuzzy = False
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(_po_bytes(catalog))
        written.append(path)
    return written


def compile_catalogs() -> list[Path]:
    """Write each language's .mo file from its .po file."""
    written = []
    for lang in LANGS:
        path = mo_path(lang)
        path.write_bytes(mo_bytes(_read(lang)))
        written.append(path)
    return written


def check_catalogs() -> list[str]:
    """Problems with the catalogs: messages missing or untranslated in Spanish, translations
    whose placeholders don't match their message (babel's checkers), and .po files that are not
    what `update_catalogs` would write."""
    problems = []
    wanted = message_ids()
    for lang in LANGS:
        path = po_path(lang)
        if not path.exists():
            problems.append(f"{path}: missing")
            continue
        catalog = read_catalog(path, lang)
        present = {m.id if isinstance(m.id, str) else m.id[0] for m in catalog if m.id}
        for missing in sorted(wanted - present):
            problems.append(f"{path}: no entry for {missing!r}")
        for unused in sorted(present - wanted):
            problems.append(f"{path}: {unused!r} is no longer used")
        for message, errors in catalog.check():
            for error in errors:
                problems.append(f"{path}: {message.id!r}: {error}")
        if lang != "en":
            for message in catalog:
                if not message.id:
                    continue
                strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
                if not all(strings):
                    problems.append(f"{path}: {message.id!r} is not translated")
                if message.fuzzy:
                    problems.append(f"{path}: {message.id!r} is fuzzy")
        if _without_generator(_po_bytes(catalog)) != _without_generator(path.read_bytes()):
            problems.append(f"{path}: not in canonical form (run: python3 -m kb.examples.i18n update)")
    return problems


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    command = args[0] if args else "check"
    if command == "update":
        for path in update_catalogs():
            print(path)
        return 0
    if command == "compile":
        for path in compile_catalogs():
            print(path)
        return 0
    if command == "check":
        problems = check_catalogs()
        for problem in problems:
            print(problem, file=sys.stderr)
        return 1 if problems else 0
    print(f"usage: python3 -m kb.examples.i18n update|compile|check (not {command!r})", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
