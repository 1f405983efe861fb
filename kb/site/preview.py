"""The preview loop: a built site kept up to date with the catalogs while a translator saves them.

`Preview.start()` builds the site (`kb.site.build.build_site`, or keeps the previous build) and
keeps what it was made from in memory: the knowledge base and the site's data. `Preview.check()`
looks at the inputs; when a catalog of `po/` was saved, only what shows the Spanish of the rules
whose entries changed is made again, as the full build makes it:

- the pages of those rules' sections, in both languages (Markdown in OUT/docs, HTML in OUT/site,
  rendered by the site builder for those pages alone, `kb.site.partial`), with the details of
  their rules; the one-page rules of the language that changed; the home and coverage pages when
  the counts change; the graph's files; the rules' short addresses;
- then, once the pages are in place and the browser told to reload, in a thread of their own: the
  search vocabularies, the query index, the data API, the releases' Spanish text files
  (`downloads/`) and the Pagefind search index (made beside
  the one in place, then put in its place; dropped and made again when a save comes meanwhile).

When all of it is done, the site is what a full build of the same inputs makes, file for file.
Anything else the site is made from changes the whole site, and is built again in
full: a template or the site's configuration, the manifest, a release, a wiki page or the term base,
a catalog's header (its release), a catalog added or removed, the text of a glossary entry or of
a section's or part's title. A change to the package's code needs the preview to be started again.

A catalog that does not parse changes nothing: its file, line and reason are told in one line
(`Refresh.line`) and the site stays as it was; the next save that parses is taken. The first
refresh removes the build's stamp (`kb.site.stamp`): the folder no longer holds a full build's
output, and the next `kb build` of it builds in full. Every refresh holds the output folder's lock
(`kb.site.output.locked_output`) and replaces each file it changes whole (written beside it, then
renamed), all files of a step written before any is renamed.
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
import shutil
import signal
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, BinaryIO

from kb.atomic import open_scratch, temporary_name
from kb.site.output import check_output_folder, locked_output, work_folder
from kb.site.paths import DEFAULT_OUT


@dataclass
class Refresh:
    """What one look at the inputs did. `kind`: "pages" (some pages made again), "full" (the whole
    site built again), "none" (a catalog saved with no change the site shows), "refused" (a catalog
    that cannot be read, or a build that failed: the site stays as it was), "later" (the files made
    after the pages, `Preview._refresh_later`)."""

    kind: str
    rules: list[str] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    seconds: float = 0.0
    reason: str = ""
    # What the catalogs saved newly say is wrong ("FILE:LINE: message"): an entry in error is not
    # read, by the preview as by the full build.
    problems: list[str] = field(default_factory=list)
    # Seconds of each step of a page refresh: reading the catalogs, the site's data, rendering.
    timings: dict[str, float] = field(default_factory=dict)

    def line(self) -> str:
        if self.kind == "refused":
            return f"{self.reason}; the site stays as it was"
        if self.kind == "full":
            return f"rebuilt the whole site in {self.seconds:.1f} s ({self.reason})"
        if self.kind == "later":
            index = "the search index, " if any(Path(f).name == "pagefind" for f in self.files) else ""
            return (f"refreshed {index}the search vocabularies, query index and data API in {self.seconds:.1f} s "
                    f"({len(self.files)} files and folders)")
        if self.kind == "none":
            return f"{self.reason}: nothing the site shows changed"
        rules = ", ".join(self.rules[:8]) + (f" and {len(self.rules) - 8} more" if len(self.rules) > 8 else "")
        return f"refreshed {len(self.files)} files for {rules} in {self.seconds:.1f} s (the search files follow)"

    def as_dict(self) -> dict[str, Any]:
        return {"event": self.kind, "rules": self.rules, "files": self.files, "seconds": round(self.seconds, 3),
                "reason": self.reason, "problems": self.problems,
                "timings": {step: round(seconds, 3) for step, seconds in self.timings.items()}}


class PageRenderer:
    """A process of the site builder that renders some pages again (`kb.site.partial`), started
    once and kept: a request costs the pages, not the builder's start."""

    def __init__(self, source_date_epoch: int | None):
        self.source_date_epoch = source_date_epoch
        self._proc: subprocess.Popen | None = None
        self._lock = threading.Lock()

    def _start(self) -> subprocess.Popen:
        from kb.site.builder import builder_environment

        env = builder_environment(self.source_date_epoch)
        return subprocess.Popen([sys.executable, "-m", "kb.site.partial"], stdin=subprocess.PIPE,
                                stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env, text=True,
                                encoding="utf-8")

    def render(self, config_file: Path, pages: list[str]) -> dict[str, str]:
        from kb.site.builder import SiteBuildError

        with self._lock:
            if self._proc is None or self._proc.poll() is not None:
                self._proc = self._start()
            assert self._proc.stdin is not None and self._proc.stdout is not None
            try:
                self._proc.stdin.write(json.dumps({"config": str(config_file), "pages": sorted(pages)}) + "\n")
                self._proc.stdin.flush()
                answer = self._proc.stdout.readline()
            except OSError as err:
                self.close()
                raise SiteBuildError(f"the page renderer stopped: {err}") from None
            if not answer:
                self.close()
                raise SiteBuildError("the page renderer stopped")
            found = json.loads(answer)
            if "error" in found:
                raise SiteBuildError(found["error"])
            return found["pages"]

    def close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None:
            try:
                proc.stdin.close()  # type: ignore[union-attr]
                proc.wait(timeout=5)
            except (OSError, subprocess.TimeoutExpired):
                proc.kill()
                proc.wait()


def _stat_signature(paths: list[Path]) -> tuple:
    found = []
    for path in paths:
        try:
            info = path.stat()
        except OSError:
            found.append((str(path), None))
            continue
        found.append((str(path), info.st_mtime_ns, info.st_size))
    return tuple(found)


def _files_under(top: Path, skip: Path | None = None) -> list[Path]:
    if top.is_file():
        return [top]
    out = []
    for folder, subfolders, names in os.walk(top):
        subfolders[:] = sorted(n for n in subfolders if n not in {"__pycache__", ".git"}
                               and (skip is None or Path(folder, n) != skip))
        # A dot file is no input (the corpus's write lock, an editor's swap file).
        out.extend(Path(folder, name) for name in sorted(names) if not name.startswith("."))
    return out


def replace_files(changes: dict[Path, bytes]) -> None:
    """Each file of `changes` given its new bytes: all written beside their places first, then each
    renamed over its place; a failure before the renames leaves every file as it was."""
    written: list[tuple[Path, BinaryIO, Path]] = []
    try:
        for path, data in sorted(changes.items()):
            path.parent.mkdir(parents=True, exist_ok=True)
            written.append((*open_scratch(path, data), path))
    except BaseException:
        _discard(written)
        raise
    # Ctrl-C between two renames would leave some files refreshed and some not: it waits for them.
    blocked = threading.current_thread() is threading.main_thread()
    if blocked:
        previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        for temporary, _stream, path in written:
            os.replace(temporary, path)
    finally:
        if blocked:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)
        _discard(written)


def _discard(written: list[tuple[Path, BinaryIO, Path]]) -> None:
    """Close the temporary files of `replace_files`, removing those not renamed."""
    for temporary, stream, _path in written:
        stream.close()
        temporary.unlink(missing_ok=True)


def _changed_in_place(made: dict[str, bytes], target: Path) -> dict[Path, bytes]:
    """The files of `made` (path under `target` -> bytes) whose bytes differ from those in place."""
    changes = {}
    for name, data in made.items():
        place = target / name
        try:
            same = place.stat().st_size == len(data) and place.read_bytes() == data
        except OSError:
            same = False
        if not same:
            changes[place] = data
    return changes


def _differences(scratch: Path, target: Path) -> dict[Path, bytes]:
    """The files under `scratch` whose bytes differ from those at the same place under `target`."""
    return _changed_in_place({path.relative_to(scratch).as_posix(): path.read_bytes()
                              for path in _files_under(scratch)}, target)


class Preview:
    """A site in `out` kept up to date with the corpus's catalogs (see the module)."""

    def __init__(self, out: Path | str | None = None, search: bool = True,
                 on_stage: Callable[[str, str], None] | None = None, force: bool = False,
                 examples: Any = "default"):
        self.out_dir = check_output_folder(DEFAULT_OUT if out is None else out)
        self.search = search
        self.examples = examples  # as `build_site` takes them
        self.on_stage = on_stage
        self.force = force
        self.kb: Any = None
        self.data: Any = None
        self.version = 0  # raised each time the site changes: what a served page polls to reload
        self._changed = threading.Condition()
        self._renderer: PageRenderer | None = None
        self._catalogs: dict[Path, bytes] = {}
        self._catalog_signature: tuple = ()
        self._input_signature: tuple = ()
        self._built_site: tuple | None = None  # `_site_identity` of the site built
        self._stale = False  # the last full build failed: the next change builds in full again
        self._texts: dict[Path, set[tuple[str | None, str | None]]] = {}
        self._headers: dict[Path, dict[str, str]] = {}
        self._parsed: dict[Path, Any] = {}  # the catalogs of the refresh under way, as parsed
        self._releases: list[Path] = []
        self._manifest_catalogs: list[Path] = []
        self._index: Any = None
        self._timings: dict[str, float] = {}
        self._generation = 0  # raised before the data changes (see `_refresh_later`)
        self._later = threading.Event()
        self._idle = threading.Event()  # set when nothing is left for `_refresh_later` to make
        self._idle.set()
        self._closing = threading.Event()
        self._events: list[Refresh] = []  # what the thread of `_refresh_later` did, to be told
        self._thread = threading.Thread(target=self._refresh_later, name="kb-preview-later", daemon=True)

    # -- the site -------------------------------------------------------------------------------

    def start(self) -> Any:
        """Build the site (or keep the previous build) and read what it is made from."""
        from kb.site.build import build_site

        result = build_site(out=self.out_dir, search=self.search, on_stage=self.on_stage, force=self.force,
                            examples=self.examples, loaded=self._keep)
        if self.kb is None:
            self._load()
        self._remember_inputs()
        self._prepare()
        self._thread.start()
        return result

    def _keep(self, kb: Any, data: Any) -> None:
        self.kb, self.data = kb, data

    def _load(self) -> None:
        """The knowledge base and site data of a build that was kept, made as the build makes them."""
        from kb.knowledge import KnowledgeBase
        from kb.site.build import _default_examples
        from kb.site.examples import ExampleRuns
        from kb.site.downloads import available, spanish_shares
        from kb.site.sitedata import SiteData

        examples = _default_examples() if self.examples == "default" else self.examples
        runs = ExampleRuns(examples) if examples is not None else None
        try:
            self.kb = KnowledgeBase.load(warn=lambda line: None)
            self.data = SiteData.collect(self.kb, runs)
            self.data.downloads = available(self.kb, self.data.releases)
            self.data.spanish_shares = spanish_shares(self.data)
        finally:
            if runs is not None:
                runs.cancel()

    def _epoch(self) -> int | None:
        from kb.site.build import source_date_epoch

        return source_date_epoch(self.data.newest)

    def _prepare(self) -> None:
        """What the first save would otherwise wait for: the catalogs read again as a refresh reads
        them, the release diffs' pages laid out (a rule's details link into them), the
        renderer started and its templates compiled."""
        from kb.translations.source import catalog_alignments, release_index

        kb = self.kb
        # A stored knowledge base reads its parts when first asked: the catalogs are read against them.
        kb.documents, kb.history_of_releases, kb._alignment_result  # noqa: B018
        self._index = release_index(kb._contents)
        sources, alignments = catalog_alignments(kb._contents, index=self._index)
        self._install(sources, alignments, set(self._catalogs))
        for diff in self.data.diffs:
            diff.pages()
        self._renderer = PageRenderer(self._epoch())
        try:
            self._renderer.render(self.out_dir / "mkdocs.yml", ["index.html"])
        except Exception:
            pass  # told, if it lasts, by the first refresh

    def _install(self, sources: list[Any], alignments: list[Any], paths: set[Path]) -> None:
        """The catalogs of `paths` as read again (`sources`, `alignments`) put in the knowledge base
        in place of what it had of them, in the order a build reads the catalogs."""
        contents = self.kb._contents
        result = contents.alignment
        order = [str(path) for path in sorted(self._catalogs)]
        again = {str(path) for path in paths}
        kept = {source.source: source for source in contents.catalogs or [] if source.source not in again}
        kept.update((source.source, source) for source in sources)
        contents.catalogs = [kept[name] for name in order if name in kept]
        for kind, held in (("rule", result.rules), ("glossary", result.glossary)):
            groups: dict[str, list[Any]] = defaultdict(list)
            for alignment in held:
                if alignment.origin == "po" and str(alignment.es.source) not in again:
                    groups[str(alignment.es.source)].append(alignment)
            for alignment in alignments:
                if alignment.kind == kind:
                    groups[str(alignment.es.source)].append(alignment)
            held[:] = [a for a in held if a.origin != "po"] + [a for name in order for a in groups.get(name, [])]
        self.kb.__dict__.pop("_spanish_by_newest", None)

    def settled(self, timeout: float) -> bool:
        """Wait until the files made after the pages are made (at most `timeout` seconds)."""
        deadline = time.monotonic() + timeout
        while self._later.is_set() or not self._idle.is_set():
            if time.monotonic() >= deadline:
                return False
            self._idle.wait(timeout=0.05)
        return True

    def close(self) -> None:
        self._closing.set()
        if self._thread.is_alive():
            self._thread.join(timeout=60)
        if self._renderer is not None:
            self._renderer.close()

    # -- the inputs -----------------------------------------------------------------------------

    def _catalog_paths(self) -> list[Path]:
        from kb.corpus import corpus_dir
        from kb.translations.files import po_files

        # The manifest's own catalogs are read with it, when an input changes (not at every look).
        return sorted(set(po_files(corpus_dir())) | set(self._manifest_catalogs))

    def _input_paths(self) -> list[Path]:
        """What the site is made from besides the catalogs (see the module)."""
        from kb.corpus import PROJECT_ROOT, corpus_dir

        root = corpus_dir()
        paths = _files_under(root, skip=root / "po")
        for name in ("site", "mkdocs.yml"):
            paths.extend(_files_under(PROJECT_ROOT / name))
        paths.extend(self._releases)
        return paths

    def _remember_inputs(self) -> None:
        from kb.corpus import load_manifest

        self._built_site = self._site_identity()
        from kb.translations.pofile import PoSyntaxError, parse_po

        try:
            entries = load_manifest()
        except (OSError, ValueError):
            entries = []
        self._releases = [entry.path for entry in entries if entry.kind == "cr"]
        self._manifest_catalogs = [entry.path for entry in entries if entry.kind == "po"]
        paths = self._catalog_paths()
        self._catalogs, self._texts, self._headers = {}, {}, {}
        for path in paths:
            try:
                self._catalogs[path] = path.read_bytes()
                po = parse_po(self._catalogs[path], path)
                self._texts[path], self._headers[path] = _texts_of(po), po.header
            except (OSError, PoSyntaxError):
                self._texts[path] = set()
        self._catalog_signature = _stat_signature(paths)
        self._input_signature = _stat_signature(self._input_paths())

    def _site_identity(self) -> tuple | None:
        """Which output folder and site folder are there (device and inode of each): another pair
        means they were deleted or replaced since the site was built; None, that one is missing."""
        try:
            folders = [os.stat(self.out_dir), os.stat(self.out_dir / "site")]
        except OSError:
            return None
        if not all(stat.S_ISDIR(info.st_mode) for info in folders):
            return None
        return tuple((info.st_dev, info.st_ino) for info in folders)

    def _site_gone(self) -> str | None:
        """Why the site that was built is not there as built (deleted, replaced), or None."""
        now = self._site_identity()
        if now == self._built_site:
            return None
        return (f"the output folder {self.out_dir} was deleted or replaced" if now is None
                else f"the site in {self.out_dir} was replaced")

    def check(self) -> Refresh | None:
        """Look at the inputs once; refresh the site if they changed (None if they did not). A
        site deleted or replaced meanwhile is built again in full on the next change."""
        inputs = _stat_signature(self._input_paths())
        paths = self._catalog_paths()
        signature = _stat_signature(paths)
        if inputs != self._input_signature or signature != self._catalog_signature:
            gone = self._site_gone()
            if gone:
                self._catalog_signature = signature
                with contextlib.suppress(OSError):
                    from kb.site.stamp import remove_stamp

                    remove_stamp(self.out_dir)  # what is left of the output is no longer that build
                return self.rebuild(gone)
        if inputs != self._input_signature:
            return self.rebuild("an input of the site changed")
        if signature == self._catalog_signature:
            return self._events.pop(0) if self._events else None
        self._catalog_signature = signature
        if set(paths) != set(self._catalogs):
            return self.rebuild("a catalog was added or removed")
        if self._stale:
            return self.rebuild("the last build failed")
        return self.refresh_catalogs(paths)

    # -- a catalog saved ------------------------------------------------------------------------

    def refresh_catalogs(self, paths: list[Path]) -> Refresh:
        from kb.translations.pofile import PoSyntaxError, parse_po, read_regular

        start = time.perf_counter()
        saved: dict[Path, bytes] = {}
        for path in paths:
            try:
                data = read_regular(path)
            except OSError as err:
                return Refresh("refused", reason=f"{path}: {err.strerror or err}")
            if data != self._catalogs.get(path):
                saved[path] = data
        if not saved:
            return Refresh("none", reason="the catalogs were saved unchanged", seconds=time.perf_counter() - start)
        texts, headers = {}, {}
        for path, data in saved.items():
            try:
                new = parse_po(data, path)
            except PoSyntaxError as err:
                return Refresh("refused", reason=f"{err.path}:{err.line}: {err.reason}",
                               seconds=time.perf_counter() - start)
            if new.header != self._headers.get(path):
                self._catalogs.update(saved)
                return self.rebuild(f"the header of {path.name} changed")
            texts[path], headers[path] = _texts_of(new), new.header
            self._parsed[path] = new
        names = ", ".join(sorted(p.name for p in saved))
        # Catalogs that translate the same text are settled together (`catalog_alignments`).
        others = set().union(*(found for path, found in self._texts.items() if path not in saved))
        again = set(self._catalogs) if any(found & others for found in texts.values()) else set(saved)
        self._catalogs.update(saved)
        self._texts.update(texts)
        self._headers.update(headers)
        try:
            return self._refresh_rules(start, names, again)
        except _Whole as whole:
            return self.rebuild(str(whole))
        finally:
            self._parsed.clear()

    def _refresh_rules(self, start: float, names: str, again: set[Path]) -> Refresh:
        from kb.site.downloads import spanish_shares
        from kb.site.sitedata import coverage_rows, spanish_glossary, spanish_reader
        from kb.translations.source import catalog_alignments

        kb, data = self.kb, self.data
        contents = kb._contents
        sources, alignments = catalog_alignments(contents, paths=sorted(again), index=self._index,
                                                 parsed=self._parsed)
        self._timings = {"read": time.perf_counter() - start}
        result = contents.alignment
        names_again = {str(path) for path in again}

        def read_again(held: list[Any]) -> list[Any]:
            return [a for a in held if a.origin == "po" and str(a.es.source) in names_again]

        old_rules = _by_rule(read_again(result.rules))
        new_rules = _by_rule(a for a in alignments if a.kind == "rule")
        glossary = [a for a in alignments if a.kind == "glossary"]
        if [_placeless(a) for a in read_again(result.glossary)] != [_placeless(a) for a in glossary]:
            raise _Whole(f"a glossary entry of {names} changed")
        moved = read_again(result.glossary) != glossary  # its lines in the catalog, shown nowhere
        touched = sorted(rule_id for rule_id in (set(old_rules) | set(new_rules)) - {None}
                         if old_rules.get(rule_id) != new_rules.get(rule_id))
        headings = [r for r in touched if r not in data.rules
                    and [_placeless(a) for a in old_rules.get(r, [])] != [_placeless(a) for a in new_rules.get(r, [])]]
        touched = [r for r in touched if r in data.rules]
        if headings:
            raise _Whole(f"the title of {headings[0]} changed")
        problems = _new_errors([c for c in contents.catalogs or [] if c.source in names_again], sources)
        self._generation += 1  # what the files made later were read from is changing
        self._install(sources, alignments, again)
        if moved:
            data.glossary["es"], data.glossary_pairs = spanish_glossary(kb)
        reader = spanish_reader(kb)
        changed = []
        for rule_id in touched:
            rule = data.rules[rule_id]
            spanish = reader.rule_spanish(rule)
            if spanish != rule.spanish:
                # The evidence of a text is shown nowhere: a line of a catalog moved by an edit above
                # it changes no page of the rule it tells of.
                shown = _shown(spanish) != _shown(rule.spanish)
                rule.spanish = spanish
                if shown:
                    changed.append(rule_id)
        coverage = coverage_rows(kb)
        counts = coverage != data.coverage
        data.coverage = coverage
        shares = spanish_shares(data)
        counts = counts or shares != data.spanish_shares
        data.spanish_shares = shares
        # The document's own texts (headings, introduction) are in the data API alone: made later
        # whatever changed.
        self._idle.clear()
        if not changed and not counts:
            self._later.set()
            return Refresh("none", reason=f"{names} saved", seconds=time.perf_counter() - start, problems=problems)
        self._timings["data"] = time.perf_counter() - start - self._timings["read"]
        try:
            files = self._write_pages(changed, counts)
        finally:
            # Only once the pages are in place: the later files, made in this process too, would
            # otherwise take half of its time from the pages the translator waits for.
            self._later.set()
        refresh = Refresh("pages", rules=changed, files=files, seconds=time.perf_counter() - start,
                          problems=problems, timings=self._timings)
        self._announce()
        return refresh

    def _write_pages(self, changed: list[str], counts: bool) -> list[str]:
        """The pages and files that show the Spanish of `changed` (and the counts), made again."""
        from kb.site.builder import SiteBuildError
        from kb.site.extras import squeeze, write_short_addresses
        from kb.site.generate import generate_some
        from kb.site.stamp import remove_stamp
        from kb.site.urls import page_url, source_path

        data = self.data
        sections = {data.rules[rule_id].section for rule_id in changed}
        # A rule's short address holds its subrules' texts for the search: a subrule changes its parent's.
        addresses = set(changed) | {data.rules[r].parent for r in changed if data.rules[r].parent in data.rules}
        site_dir, docs_dir = self.out_dir / "site", self.out_dir / "docs"
        waiting = time.perf_counter()
        with locked_output(self.out_dir):
            self._timings["lock"] = time.perf_counter() - waiting
            remove_stamp(self.out_dir)
            scratch = work_folder(self.out_dir)
            try:
                # A rule's details show its own texts: only the changed rules' are made again.
                making = time.perf_counter()
                generated = generate_some(data, scratch / "docs", sections, counts, self.search, set(changed))
                self._timings["pages"] = time.perf_counter() - making
                markdown = _differences(scratch / "docs", docs_dir)
                for (key, lang, name), text in generated.extras.items():
                    path = scratch / "site" / page_url(key, lang) / name
                    path.parent.mkdir(parents=True, exist_ok=True)
                    path.write_text(text, encoding="utf-8")
                write_short_addresses(data, scratch / "site", only=addresses)
                files = _differences(scratch / "site", site_dir)
            finally:
                shutil.rmtree(scratch, ignore_errors=True)
            self._timings["compare"] = time.perf_counter() - making - self._timings["pages"]
            pages = {}
            for page in generated.pages:
                if docs_dir / page.lang / source_path(page.key) in markdown:
                    pages[page_url(page.key, page.lang) + "index.html"] = page
            previous = {path: path.read_bytes() for path in markdown if path.is_file()}
            replace_files(markdown)
            try:
                assert self._renderer is not None
                rendering = time.perf_counter()
                rendered = self._renderer.render(self.out_dir / "mkdocs.yml", list(pages))
                self._timings["render"] = time.perf_counter() - rendering
                missing = set(pages) - set(rendered)
                if missing:
                    raise SiteBuildError(f"the site builder made no page {sorted(missing)[0]}")
            except BaseException:
                replace_files(previous)  # the Markdown stays that of the pages served
                raise
            writing = time.perf_counter()
            for where, html in rendered.items():
                path = site_dir / where
                data_bytes = squeeze(html).encode("utf-8")
                if not path.is_file() or path.read_bytes() != data_bytes:
                    files[path] = data_bytes
            replace_files(files)
            self._timings["write"] = time.perf_counter() - writing
        return sorted(p.relative_to(self.out_dir).as_posix() for p in [*markdown, *files])

    def _refresh_later(self) -> None:
        """The files that show every rule's text at once (search vocabularies, query index, data
        API), made again in a thread of their own once the pages are in place: they cost seconds
        and no page shows them. What was made while a save changed the data again is dropped and
        made again."""
        from kb.site.api import Cancelled, api_files
        from kb.site.downloads import download_files
        from kb.site.extras import write_vocabularies
        from kb.site.query import write_query_indexes
        from kb.site.ranking import RANK_DIR, write_rank_indexes
        from kb.site.stamp import remove_stamp

        while not self._closing.is_set():
            if not self._later.wait(timeout=0.5):
                continue
            self._later.clear()
            self._idle.clear()
            generation, start = self._generation, time.perf_counter()
            site_dir = self.out_dir / "site"
            # Outside the output folder: a refresh taking its lock meanwhile clears what is left there.
            scratch = Path(tempfile.mkdtemp(prefix="kb-preview-"))
            try:
                write_vocabularies(self.data, scratch)
                write_query_indexes(self.data, scratch)
                write_rank_indexes(self.data, scratch)
                # A save meanwhile makes this work useless: given up at once, so that it does not
                # slow the pages of that save (both run in this process).
                def superseded() -> bool:
                    return generation != self._generation or self._closing.is_set()

                # Made in memory and compared with the files in place: only those that differ are
                # written (the API and the text files are ~100 MB, of which a save changes little).
                made = {**api_files(self.kb, self.data, superseded), **download_files(self.kb, self.data, superseded)}
                files = {**_differences(scratch, site_dir), **_changed_in_place(made, site_dir)}
                with locked_output(self.out_dir):
                    if generation != self._generation:
                        self._later.set()
                        continue
                    # The rank index's shards are named by the words they hold: a shard no word
                    # needs any more goes, as a full build would not make it.
                    gone = [path for path in sorted((site_dir / RANK_DIR).rglob("*"))
                            if path.is_file() and not (scratch / path.relative_to(site_dir)).exists()]
                    if files or gone:
                        remove_stamp(self.out_dir)
                        replace_files(files)
                        for path in gone:
                            path.unlink()
                        files = {**files, **{path: b"" for path in gone}}
                bundles = self._index_again(generation) if self.search else []
                if bundles is None:
                    self._later.set()  # a save came: indexed again after it
                    continue
                files = {**files, **{bundle: b"" for bundle in bundles}}
                if files:
                    self._announce()
                    self._events.append(Refresh("later", files=sorted(p.relative_to(self.out_dir).as_posix()
                                                                      for p in files),
                                                seconds=time.perf_counter() - start))
            except Cancelled:
                self._later.set()  # made again from the data of the save that came
                continue
            except Exception as err:  # the data changed under the reading: made again after the next save
                if generation == self._generation:
                    self._events.append(Refresh("refused", reason=f"the search vocabularies, query index and "
                                                f"data API could not be made again: {err}"))
                continue
            finally:
                shutil.rmtree(scratch, ignore_errors=True)
                if not self._later.is_set():
                    self._idle.set()

    def _index_again(self, generation: int) -> list[Path] | None:
        """The search index made again beside the one in place, then put in its place; None when a
        save came meanwhile (the site is indexed again after it)."""
        from kb.site.locale import LANGS
        from kb.site.search import build_search_index, bundle_dir
        from kb.site.stamp import remove_stamp

        site_dir = self.out_dir / "site"
        suffix = ".kb-new"
        for lang in LANGS:
            shutil.rmtree(bundle_dir(site_dir, lang).with_name(bundle_dir(site_dir, lang).name + suffix),
                          ignore_errors=True)
        made = build_search_index(site_dir, suffix, cancelled=lambda: self._closing.is_set()
                                  or generation != self._generation)
        with locked_output(self.out_dir):
            if made is None or generation != self._generation:
                for bundle in made or []:
                    shutil.rmtree(bundle, ignore_errors=True)
                return None
            remove_stamp(self.out_dir)
            placed = []
            for bundle, lang in zip(made, LANGS):
                place = bundle_dir(site_dir, lang)
                old = place.with_name(temporary_name(place.name))
                if place.exists():
                    os.replace(place, old)
                os.replace(bundle, place)
                shutil.rmtree(old, ignore_errors=True)
                placed.append(place)
        return placed

    # -- the whole site -------------------------------------------------------------------------

    def rebuild(self, reason: str) -> Refresh:
        """The whole site built again; a build that fails leaves the site as it was."""
        from kb.site.build import build_site

        start = time.perf_counter()
        self._generation += 1
        self.kb = self.data = None
        try:
            build_site(out=self.out_dir, search=self.search, on_stage=self.on_stage, examples=self.examples,
                       loaded=self._keep)
            if self.kb is None:
                self._load()
        except Exception as err:
            self._stale = True
            self._remember_inputs_after_failure()
            return Refresh("refused", reason=f"the site could not be built again ({reason}): {err}",
                           seconds=time.perf_counter() - start)
        self._stale = False
        self._remember_inputs()
        if self._renderer is not None:
            self._renderer.close()
        self._prepare()
        self._announce()
        return Refresh("full", reason=reason, seconds=time.perf_counter() - start)

    def _remember_inputs_after_failure(self) -> None:
        """What failed is not tried again until an input changes again."""
        if self.kb is None:
            try:
                self._load()
            except Exception:
                return  # the corpus cannot be read: the next change of an input builds again
        self._catalog_signature = _stat_signature(self._catalog_paths())
        self._input_signature = _stat_signature(self._input_paths())

    # -- telling the browser ----------------------------------------------------------------------

    def _announce(self) -> None:
        with self._changed:
            self.version += 1
            self._changed.notify_all()

    def wait_for_change(self, version: int, timeout: float) -> int:
        """The site's version once it differs from `version`, or after `timeout` seconds."""
        with self._changed:
            self._changed.wait_for(lambda: self.version != version, timeout=timeout)
            return self.version


class _Whole(Exception):
    """A change the pages of a few rules cannot take: the whole site is built again."""


def _shown(spanish: Any) -> Any:
    """A rule's Spanish (`kb.site.sitedata.SpanishData`) without what no page shows (its evidence)."""
    if spanish is None:
        return None
    return dataclasses.replace(spanish, evidence=[], others=[_shown(other) for other in spanish.others])


def _placeless(alignment: Any) -> Any:
    """An alignment without where its Spanish stands in its catalog (its lines, its evidence):
    what the glossary page and the titles show of it."""
    return dataclasses.replace(alignment, evidence=[], es=dataclasses.replace(alignment.es, line=0, end_line=0))


def _texts_of(po: Any) -> set[tuple[str | None, str | None]]:
    """The texts a parsed catalog translates, as catalogs are settled: (release, msgctxt)."""
    return {(po.release, entry.context) for entry in po.entries}


def _new_errors(before: list[Any], after: list[Any]) -> list[str]:
    """The errors the catalogs `after` report that `before` did not, one line each."""
    def errors(sources: list[Any]) -> list[tuple[str, int, str]]:
        return [(p.source, p.line, p.message) for source in sources for p in source.errors]

    known = {(source, message) for source, _line, message in errors(before)}
    return [f"{source}:{line}: {message}" for source, line, message in errors(after) if (source, message) not in known]


def _by_rule(alignments) -> dict[str | None, list[Any]]:
    found: dict[str | None, list[Any]] = defaultdict(list)
    for alignment in alignments:
        found[alignment.newest_id].append(alignment)
    return dict(found)
