"""`build_site`: corpus -> knowledge base -> Markdown pages -> HTML site -> search index."""

from __future__ import annotations

import calendar
import contextlib
import gc
import io
import os
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from kb.documents import ReleaseSpanish
from kb.site.api import write_api
from kb.site.builder import BuilderRun, run_builder, share_sitemap
from kb.site.config import write_build_config
from kb.site.downloads import available, spanish_shares, write_downloads
from kb.site.examples import ExampleRuns
from kb.site.bytecode import compiled, remember
from kb.site.extras import squeeze_pages, write_page_files, write_standalone_extras
from kb.site.generate import generate
from kb.site.locale import LANGS, parse_release
from kb.site.pyodide import runtime_for_runner
from kb.site.runner import write_examples_list, write_runtime
from kb.site.output import check_output_folder, locked_output, move_tree_into, swap_in, work_folder
from kb.site.paths import DEFAULT_OUT
from kb.site.search import build_search_index, index_sizes
from kb.site.stamp import build_inputs, remove_stamp, unchanged_build, write_stamp
from kb.site.sitedata import SiteData
from kb.workers import default_workers, forked_begin

STAGES = ("load", "generate", "mkdocs", "pagefind")

# on_stage(stage, event): event is "start" or "done". Before the stages, a build of the embedded
# corpus checks its inputs ("check"); "done" comes only when the previous build is kept.
StageCallback = Callable[[str, str], None]


@dataclass
class SiteBuild:
    """What one build produced, and how long each stage took (seconds)."""

    out_dir: Path
    docs_dir: Path
    site_dir: Path
    config_file: Path
    pages: dict[str, int]
    html_files: int
    site_bytes: int
    search_bytes: dict[str, int]
    timings: dict[str, float] = field(default_factory=dict)
    builder: BuilderRun | None = None
    # Whether the previous build was kept: its inputs were those of this one (see `kb.site.stamp`).
    unchanged: bool = False

    @property
    def total_pages(self) -> int:
        return sum(self.pages.values())

    def summary(self) -> dict[str, Any]:
        return {
            "out": str(self.out_dir),
            "site": str(self.site_dir),
            "pages": self.pages,
            "total_pages": self.total_pages,
            "html_files": self.html_files,
            "site_bytes": self.site_bytes,
            "search_bytes": self.search_bytes,
            "timings": {k: round(v, 3) for k, v in self.timings.items()},
            "unchanged": self.unchanged,
        }

    @classmethod
    def kept(cls, summary: dict[str, Any], out_dir: Path, seconds: float) -> SiteBuild:
        """The build already in `out_dir`, from the summary it was stamped with."""
        return cls(
            out_dir=out_dir,
            docs_dir=out_dir / "docs",
            site_dir=out_dir / "site",
            config_file=out_dir / "mkdocs.yml",
            pages=dict(summary["pages"]),
            html_files=summary["html_files"],
            site_bytes=summary["site_bytes"],
            search_bytes=dict(summary["search_bytes"]),
            timings={"check": seconds},
            unchanged=True,
        )


def source_date_epoch(release: str) -> int | None:
    """The newest release's date as a Unix time: what the builder stamps into the site."""
    date = parse_release(release)
    if date is None:
        return None
    return calendar.timegm(date.timetuple())


def _size(folder: Path) -> tuple[int, int]:
    """The bytes of every file under `folder`, and how many are HTML pages (one directory scan: a
    `Path` for each of the site's ~36,000 files took seconds at the end of every build)."""
    total = html = 0
    pending = [os.fspath(folder)]
    while pending:
        with os.scandir(pending.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    pending.append(entry.path)
                elif entry.is_file():
                    total += entry.stat().st_size
                    html += os.path.splitext(entry.name)[1] == ".html"
    return total, html


def build_site(
    kb: Any = None,
    out: Path | str | None = None,
    *,
    search: bool = True,
    examples: Any = "default",
    on_stage: StageCallback | None = None,
    force: bool = False,
    loaded: Callable[[Any, SiteData], None] | None = None,
) -> SiteBuild:
    """Build the bilingual site into `out` (default `build/`): pages in `out/docs`, site in `out/site`.

    `out` must be empty, new, or a previous build's folder (else `OutputFolderError`); the build
    is made inside it and swapped in whole at the end, under a lock two builds share.

    `kb` is a loaded knowledge base (default: `KnowledgeBase.load()` over the embedded corpus);
    `examples` provides `catalog()` and `run(name, lang)` (default: the `kb.examples` package if
    present; None for no executable examples). With `search=False` no search index is built and
    the pages carry no search box. Raises `kb.site.builder.SiteBuildError` if the builder or the
    indexer fails or warns.

    A build of the embedded corpus with the default examples is stamped with its inputs (see
    `kb.site.stamp`); when the next build of the same folder has the same inputs and finds the
    output as it was left, it keeps it (`SiteBuild.unchanged`) unless `force` is given.

    `loaded(kb, data)` is told the knowledge base and the site's data the pages are made from (not
    when the previous build is kept): a preview keeps them to refresh some pages later.
    """
    out_dir = check_output_folder(DEFAULT_OUT if out is None else out)
    timings: dict[str, float] = {}
    notify = on_stage or (lambda stage, event: None)

    def stage(name: str):
        class _Stage:
            def __enter__(self):
                notify(name, "start")
                self.start = time.perf_counter()

            def __exit__(self, kind, value, tb):
                timings[name] = time.perf_counter() - self.start
                if kind is None:
                    notify(name, "done")

        return _Stage()

    stamped = kb is None and examples == "default"
    with locked_output(out_dir, on_wait=lambda: notify("wait", "start")):
        pyodide = runtime_for_runner()
        if stamped:
            notify("check", "start")
            start = time.perf_counter()
            inputs, unavailable = build_inputs(out_dir, search)
            inputs["pyodide"] = pyodide
            previous = None if force else unchanged_build(out_dir, inputs)
            if previous is not None:
                from kb.knowledge import tell

                tell(unavailable)  # as loading the knowledge base would have
                notify("check", "done")
                return SiteBuild.kept(previous, out_dir, time.perf_counter() - start)
            remove_stamp(out_dir)
        work = work_folder(out_dir)
        try:
            built = _build_into(work, kb, search, examples, stage, pyodide, loaded)
            swap_in(work, out_dir)
        except BaseException:
            import shutil

            shutil.rmtree(work, ignore_errors=True)
            raise
        data, generated, builder, sizes = built
        docs_dir, site_dir = out_dir / "docs", out_dir / "site"
        # The configuration names the folders where the build now stands.
        config_file = write_build_config(out_dir, docs_dir, site_dir, generated.nav, search)
        site_bytes, html_files = _size(site_dir)
        result = SiteBuild(
            out_dir=out_dir,
            docs_dir=docs_dir,
            site_dir=site_dir,
            config_file=config_file,
            pages={lang: generated.count(lang) for lang in LANGS},
            html_files=html_files,
            site_bytes=site_bytes,
            search_bytes=sizes,
            timings=timings,
            builder=builder,
        )
        if stamped:
            write_stamp(out_dir, inputs, result.summary())
    return result


def _build_into(work: Path, kb: Any, search: bool, examples: Any, stage: Callable[[str], Any],
                pyodide: str | None = None, loaded: Callable[[Any, SiteData], None] | None = None):
    """The whole build inside `work`: pages in work/docs, the site in work/site.

    Both processors are kept busy with nothing made twice: what needs no page (the runtime of the
    examples, the stored knowledge base, the files made from the site's data) is made by forked
    workers (`kb.workers`) from the moment its inputs exist, while this process goes on with what
    the pages need; whatever a worker could not make is made here, the same bytes either way."""
    docs_dir, site_dir, staged = work / "docs", work / "site", work / "staged"
    # The call that stores a knowledge base built afresh: made by a worker while the pages are made,
    # or here if the worker could not; if the pages fail, before the failure is raised (the build
    # is worth keeping).
    store_kb = None
    storing: Any = None
    apart: list[Any] = []
    frozen = False
    # The runtime the examples run on in the browser is made from the engine's sources and Pyodide
    # alone: begun first, it runs while the corpus is read, on the processor this one leaves idle.
    runtime = forked_begin(partial(_runtime_apart, staged, pyodide), [None], 1) if pyodide is not None else None
    if runtime is not None:
        apart.append(runtime)
    try:
        with stage("load"):
            if examples == "default":
                examples = _default_examples()
            # The examples run on the engine alone: they start first, and run while the knowledge base loads.
            runs = ExampleRuns(examples) if examples is not None else None
            try:
                if kb is None:
                    from kb.knowledge import KnowledgeBase

                    kb, store_kb = KnowledgeBase.load_unstored()
                # The knowledge base, then the site's data, live until the build ends: the cycle
                # collector, whose passes over their millions of objects took some 7% of this
                # process's time, leaves them out (`gc.freeze`), and takes them back at the end.
                # While the data is collected (many objects, no cycles) it does not run at all.
                frozen = gc.get_freeze_count() == 0
                collecting = gc.isenabled()
                if frozen:
                    gc.freeze()
                    gc.disable()
                if store_kb is not None:
                    # Stored by a worker while this process collects the data and makes the pages.
                    storing = forked_begin(partial(_said, store_kb), [None], 1)
                try:
                    data = SiteData.collect(kb, runs)
                    data.downloads = available(kb, data.releases)
                    # One reading of which Spanish applies where, for the counts on the pages and the files.
                    release_spanish = ReleaseSpanish(data)
                    data.spanish_shares = spanish_shares(data, release_spanish)
                finally:
                    if frozen:
                        gc.freeze()
                        if collecting:
                            gc.enable()
                if loaded is not None:
                    loaded(kb, data)
            finally:
                if runs is not None:
                    runs.cancel()

        # The files made from the site's data alone (the API, the Spanish downloads, the extras but
        # the pages' own files): written by a worker while this process makes the pages (one: a
        # worker's copy of the data costs memory and time, and one ends before the builders do).
        data_files = partial(_data_files, kb, data, staged, release_spanish)
        written = forked_begin(data_files, DATA_FILES, 1)
        apart.append(written)

        with stage("generate"):
            generated = generate(data, docs_dir, search=search)
            config_file = write_build_config(work, docs_dir, site_dir, generated.nav, search)

        with stage("mkdocs"):

            def meanwhile() -> None:
                write_page_files(generated, staged)
                write_examples_list(staged, data.examples)
                if written() is None:
                    for part in DATA_FILES:
                        data_files(part)
                _finish_runtime(runtime, staged, pyodide)
                _finish_storing()

            def _finish_storing() -> None:
                nonlocal store_kb
                stored, store_kb = store_kb, None
                if stored is not None:
                    _finish(storing, stored)

            # One builder process per language, while this one finishes the files that need no page.
            builder = run_builder(config_file, source_date_epoch(data.newest), meanwhile=meanwhile, languages=LANGS)
            share_sitemap(Path(site_dir), LANGS)
            squeeze_pages(site_dir, default_workers())
            move_tree_into(staged, site_dir)
    except BaseException as err:
        for crew in apart:
            crew.end()  # nothing more is written into a build that failed
        if store_kb is not None and isinstance(err, Exception):
            # The knowledge base is worth keeping: the worker storing it finishes, or it is stored here.
            _finish(storing, store_kb)
        elif storing is not None:
            storing.end()  # interrupted: nothing more is done
        raise
    finally:
        if frozen:
            gc.unfreeze()

    sizes: dict[str, int] = {}
    if search:
        with stage("pagefind"):
            build_search_index(site_dir)
            sizes = index_sizes(site_dir)
    return data, generated, builder, sizes


# The parts of the files made from the site's data.
DATA_FILES = ("api", "downloads and extras")


def _data_files(kb: Any, data: SiteData, folder: Path, release_spanish: ReleaseSpanish, part: str) -> None:
    if part == "api":
        write_api(kb, data, folder)
    else:
        write_downloads(kb, data, folder, release_spanish)
        write_standalone_extras(data, folder)


def _said(task: Callable[[], Any], _: Any = None) -> str:
    """`task()` run with what it says on standard error kept: a forked worker's own standard error
    goes nowhere (`kb.workers`), so it hands that to this process to say."""
    heard = io.StringIO()
    with contextlib.redirect_stderr(heard):
        task()
    return heard.getvalue()


def _finish(crew: Any, task: Callable[[], Any], keep: Callable[[Any], None] | None = None) -> None:
    """What the worker `crew` said while doing `task`, said here; `task` done here if it could not.
    With `keep`, the worker answered (what it said, what it made) and what it made goes to `keep`."""
    made = crew() if crew is not None else None
    if made is None:
        task()
        return
    said, kept = made[0] if keep is not None else (made[0], None)
    sys.stderr.write(said)
    if keep is not None:
        keep(kept)


def _runtime_apart(folder: Path, pyodide: str, _: Any = None) -> tuple[str, dict]:
    """The examples' runtime written under `folder` by a worker: what it said, and the bytecode it
    compiled (for this process to keep, `kb.site.bytecode.remember`). Ended early (the build
    failed), the worker ends its Node and removes its temporary files before it goes."""
    signal.signal(signal.SIGTERM, _ended)
    return _said(partial(write_runtime, folder, pyodide)), compiled()


def _ended(signum: int, frame: Any) -> None:
    raise SystemExit(128 + signum)


def _finish_runtime(crew: Any, folder: Path, pyodide: str | None) -> None:
    if pyodide is not None:
        _finish(crew, partial(write_runtime, folder, pyodide), keep=remember)


def _default_examples() -> Any:
    try:
        import kb.examples as examples
    except ImportError:
        return None
    if not (hasattr(examples, "catalog") and hasattr(examples, "run")):
        return None
    return examples
