"""`build_site`: corpus -> knowledge base -> Markdown pages -> HTML site -> search index."""

from __future__ import annotations

import calendar
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kb.site.builder import BuilderRun, run_builder
from kb.site.config import write_build_config
from kb.site.examples import ExampleRuns
from kb.site.extras import write_extras
from kb.site.generate import generate
from kb.site.locale import LANGS, parse_release
from kb.site.output import check_output_folder, locked_output, swap_in, work_folder
from kb.site.paths import DEFAULT_OUT
from kb.site.search import build_search_index, index_sizes
from kb.site.views import SiteData

STAGES = ("load", "generate", "mkdocs", "pagefind")

# on_stage(stage, event): event is "start" or "done"
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
        }


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
) -> SiteBuild:
    """Build the bilingual site into `out` (default `build/`): pages in `out/docs`, site in `out/site`.

    `out` must be empty, new, or a previous build's folder (else `OutputFolderError`); the build
    is made inside it and swapped in whole at the end, under a lock two builds share.

    `kb` is a loaded knowledge base (default: `KnowledgeBase.load()` over the embedded corpus);
    `examples` provides `catalog()` and `run(name, lang)` (default: the `kb.examples` package if
    present; None for no executable examples). With `search=False` no search index is built and
    the pages carry no search box. Raises `kb.site.builder.SiteBuildError` if the builder or the
    indexer fails or warns.
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

    with locked_output(out_dir, on_wait=lambda: notify("wait", "start")):
        work = work_folder(out_dir)
        try:
            built = _build_into(work, kb, search, examples, stage)
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
    return SiteBuild(
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


def _build_into(work: Path, kb: Any, search: bool, examples: Any, stage: Callable[[str], Any]):
    """The whole build inside `work`: pages in work/docs, the site in work/site."""
    docs_dir, site_dir = work / "docs", work / "site"
    with stage("load"):
        if examples == "default":
            examples = _default_examples()
        # The examples run on the engine alone: they start first, and run while the knowledge base loads.
        runs = ExampleRuns(examples) if examples is not None else None
        try:
            if kb is None:
                from kb.knowledge import KnowledgeBase

                kb = KnowledgeBase.load()
            data = SiteData.collect(kb, runs)
        finally:
            if runs is not None:
                runs.cancel()

    with stage("generate"):
        generated = generate(data, docs_dir, search=search)
        config_file = write_build_config(work, docs_dir, site_dir, generated.nav, search)

    with stage("mkdocs"):
        builder = run_builder(config_file, source_date_epoch(data.newest))
        write_extras(data, site_dir, generated)

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
