"""A knowledge base's contents built from the corpus (`build_contents`): every release parsed, each
diffed against the next, the Spanish aligned with the English, the references found; parsing,
diffs and references shared out among worker processes (`kb.workers`), kept in the build cache
(`kb.cache`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from kb.contents import CachedHistory, Contents
from kb.model import CRDocument


class CorpusError(ValueError):
    """A corpus the knowledge base cannot be built from (two files of the same release, ...)."""


def tell(lines: list[str], warn: Callable[[str], None] | None = None) -> None:
    """Each line (an unavailable release, a store rebuilt), to `warn` or else to standard error."""
    import sys

    for line in lines:
        if warn is not None:
            warn(line)
        else:
            try:
                print(f"kb: {line}", file=sys.stderr)
            except (OSError, ValueError):
                pass


def build_contents(
    corpus_root: Path | str | None = None,
    progress: Callable[[str], None] | None = None,
    warn: Callable[[str], None] | None = None,
    corpus=None,
    cache: Path | str | None = None,
    cache_writable: bool = True,
) -> Contents:
    """Parse every corpus file, diff the releases, align the Spanish, and gather the references.
    With `cache` (a folder), each release parsed and its references are kept there and found again
    by the file's content and the code's version (`kb.cache`)."""
    from kb.parse.cr import without_cycle_collection

    # A build makes millions of objects and almost no cycles: the cycle collector, run again and
    # again as they are made, would cost more than the build itself; it takes up again after, the
    # objects made meanwhile moved to its oldest generation instead of walked by the first pass.
    with without_cycle_collection():
        return _build_contents(corpus_root, progress, warn, corpus, cache, cache_writable)


def _term_base(root: Path, warn):
    """The term base of the corpus (`terms/terms.tsv`), or None where there is none or it cannot be
    read (said in one line: the alignment then goes by the stamps alone)."""
    from kb.translations.termbase import TermError, load_term_base

    path = Path(root) / "terms" / "terms.tsv"
    if not path.is_file():
        return None
    try:
        return load_term_base(path)
    except (TermError, OSError, UnicodeDecodeError) as err:
        tell([f"{err}; the term base is left out of the alignment"], warn)
        return None


def _build_contents(corpus_root, progress, warn, corpus, cache, cache_writable=True) -> Contents:
    from kb.align import align_corpus
    from kb.cache import BuildCache, Notices
    from kb.history import DiffCache
    from kb.workers import default_workers
    from kb.corpus import corpus_dir, read_corpus
    from kb.parse.wiki import parse_wiki
    from kb.terms import build_terminology

    say = progress or (lambda message: None)
    root = Path(corpus_root) if corpus_root else corpus_dir()
    corpus = corpus or read_corpus(root)
    entries = corpus.files
    unavailable = [u.line for u in corpus.unavailable]
    tell(unavailable, warn)
    notices = Notices(warn, writable=cache_writable)
    kept = BuildCache(Path(cache) if cache else None, notices)
    releases = [entry for entry in entries if entry.kind == "cr"]
    say(f"parsing the rules ({len(releases)} releases)")
    documents: dict[str, CRDocument] = {}
    keys: dict[str, str] = {}
    for entry, (key, doc) in zip(releases, _parse_releases(releases, kept, default_workers())):
        if not doc.release:
            _date_from_manifest(doc, entry)
        if doc.release in documents:
            raise CorpusError(
                f"{entry.path}: release {doc.release} is already given by {documents[doc.release].source}"
            )
        documents[doc.release] = doc
        keys[doc.release] = key
    documents = dict(sorted(documents.items()))
    say("parsing the wiki pages")
    pages = [parse_wiki(entry.path, entry.lang) for entry in entries if entry.kind == "wiki"]
    say("comparing releases")
    diff_cache = DiffCache(Path(cache) / "diff", notices) if cache else None
    history = CachedHistory(documents.values(), cache=diff_cache) if documents else None
    if history is not None:
        history.consecutive(workers=default_workers())
    # The references need the parsed releases alone: found in workers while the Spanish is aligned here.
    references_of = _begin_references(documents, keys, kept, workers=default_workers() - 1)
    say("aligning Spanish and English")
    alignment = align_corpus(documents, pages, history, vocabulary=_term_base(root, warn))
    contents = Contents(corpus_root=root, releases=list(documents), documents=documents, pages=pages,
                        history=history, alignment=alignment, unavailable=unavailable)
    say("reading translation catalogs")
    _add_catalogs(contents)
    say("gathering references")
    references = references_of()
    contents.references = [
        (release, doc.lang or "en", source_id, ref)
        for release, doc in documents.items()
        for source_id, ref in references[release]
    ]
    contents.terminology = build_terminology(pages, alignment.all, alignment.section_titles)
    kept.prune()
    return contents


def _parse_releases(releases, kept, workers: int) -> list[tuple[str, CRDocument]]:
    """Each release file's cache key and parsed document, in the order given: from the cache, else
    parsed in up to `workers` forked processes (`kb.workers`), else here; what was parsed is kept."""
    from kb.cache import MISSING, file_key
    from kb.corpus import sha256_of
    from kb.parse.cr import parse_cr
    from kb.workers import forked_map

    keys = [file_key(entry.path, entry.sha256.lower() if entry.sha256 else sha256_of(entry.path))
            for entry in releases]
    docs = [kept.find("parse", key) for key in keys]
    missing = [index for index, doc in enumerate(docs) if doc is MISSING]
    made = forked_map(lambda index: parse_cr(releases[index].path), missing, workers) if missing else []
    if made is None:
        made = [parse_cr(releases[index].path) for index in missing]
    for index, doc in zip(missing, made):
        kept.keep("parse", keys[index], doc)
        docs[index] = doc
    return list(zip(keys, docs))


def _begin_references(
    documents: dict[str, CRDocument], keys: dict[str, str], kept, workers: int
) -> Callable[[], dict[str, list]]:
    """Each release's references (with the id of the text each stands in): from the cache, else
    found in up to `workers` forked processes (`kb.workers`) begun now, else here. The call
    returned waits for the workers, makes what they could not, and keeps what was found in the cache."""
    from kb.cache import MISSING
    from kb.refs import document_references
    from kb.workers import forked_begin

    found: dict[str, list] = {}
    missing = []
    for release in documents:
        value = kept.find("refs", f"{keys[release]}\0{release}")
        if value is MISSING:
            missing.append(release)
        else:
            found[release] = value

    def references_of(release: str) -> list:
        return list(document_references(documents[release]))

    pending = forked_begin(references_of, missing, workers)

    def gathered() -> dict[str, list]:
        made = pending()
        if made is None:
            made = [references_of(release) for release in missing]
        for release, value in zip(missing, made):
            kept.keep("refs", f"{keys[release]}\0{release}", value)
            found[release] = value
        return found

    return gathered


def _date_from_manifest(doc: CRDocument, entry) -> None:
    """A release whose file states no effective date takes the date its manifest entry gives, and
    says so; with no date anywhere it cannot be placed among the releases."""
    from kb.model import Diagnostic
    from kb.parse.cr.dates import read_effective_date

    stated = read_effective_date(f"These rules are effective as of {entry.release}.")
    release = stated.iso if stated is not None and stated.iso else None
    if release is None and re.fullmatch(r"\d{4}-\d{2}-\d{2}", entry.published or ""):
        release = entry.published
    if release is None:
        raise CorpusError(
            f"{entry.path}: no effective date in the file, and its manifest entry gives none "
            f"(release {entry.release!r}, published {entry.published!r})"
        )
    doc.release = release
    doc.diagnostics.append(
        Diagnostic(doc.source, 1, "warning", f"release {release} taken from the corpus manifest")
    )


def _add_catalogs(contents: Contents) -> None:
    """Imported translation catalogs (`kb.translations`) join the alignment as Spanish sources."""
    from kb.translations.source import catalog_alignments

    catalogs, alignments = catalog_alignments(contents)
    contents.catalogs = catalogs
    contents.alignment.rules.extend(a for a in alignments if a.kind == "rule")
    contents.alignment.glossary.extend(a for a in alignments if a.kind == "glossary")
