"""`build_site`: corpus -> knowledge base -> Markdown pages -> HTML site -> search index."""

from __future__ import annotations

import calendar
import gc
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kb.documents import ReleaseSpanish
from kb.site.api import write_api
from kb.site.builder import BuilderRun, run_builder, share_sitemap
from kb.site.config import write_build_config
from kb.site.downloads import available, spanish_shares, write_downloads
from kb.site.examples import ExampleRuns
from kb.site.extras import move_into, squeeze_pages, write_standalone_extras
from kb.site.generate import generate
from kb.site.locale import LANGS, parse_release
from kb.site.pyodide import runtime_for_runner
from kb.site.runner import write_runner_files
from kb.site.output import check_output_folder, locked_output, swap_in, work_folder
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
    total = html = 0
    for path in folder.rglob("*"):
        if path.is_file():
            total += path.stat().st_size
            html += path.suffix == ".html"
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
    """The whole build inside `work`: pages in work/docs, the site in work/site."""
    docs_dir, site_dir = work / "docs", work / "site"
    # The call that stores a knowledge base built afresh: made while the site builder runs in its
    # own process, or, if the pages fail, before the failure is raised (the build is worth keeping).
    store_kb = None
    frozen = False
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

        with stage("generate"):
            generated = generate(data, docs_dir, search=search)
            config_file = write_build_config(work, docs_dir, site_dir, generated.nav, search)

        with stage("mkdocs"):
            stored, store_kb = store_kb, None
            staged = work / "staged"

            def files_of_the_data(_: Any = None) -> None:
                write_standalone_extras(data, staged, generated)
                write_api(kb, data, staged)
                write_downloads(kb, data, staged, release_spanish)

            def meanwhile() -> None:
                # The files made from the site's data are written by a forked worker (`kb.workers`)
                # while this process stores the knowledge base: the builders end long before either,
                # and the two take about as long. Without a worker they are written here.
                apart = forked_begin(files_of_the_data, [None], 1)
                try:
                    if stored is not None:
                        stored()
                    write_runner_files(staged, data.examples, pyodide)
                except BaseException:
                    apart.end()  # nothing more is written into a build that failed
                    raise
                if apart() is None:
                    files_of_the_data()

            # One builder process per language, while this one writes the files that need no page.
            builder = run_builder(config_file, source_date_epoch(data.newest), meanwhile=meanwhile, languages=LANGS)
            share_sitemap(Path(site_dir), LANGS)
            squeeze_pages(site_dir, default_workers())
            move_into(staged, site_dir)
    except Exception:
        if store_kb is not None:
            store_kb()
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


def _default_examples() -> Any:
    try:
        import kb.examples as examples
    except ImportError:
        return None
    if not (hasattr(examples, "catalog") and hasattr(examples, "run")):
        return None
    return examples
