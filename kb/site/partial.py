"""Some pages of a built site rendered again by the site builder, as its full build renders them.

The builder (MkDocs) has no call that renders one page: its build reads every page, then writes
every page. Here the same build runs with three differences, and nothing else changed: the pages
not asked for are read for their titles only (what the navigation and the links to the previous
and next page of an asked page show), no file but the asked pages is written, and what would be
written is returned instead of written. Each language is built as the full build builds it (the
i18n plugin switches the configuration, the files and the navigation), so an asked page comes out
as the full build gives it, byte for byte; `kb.site.preview` squeezes it as the build does.

It runs in a process of its own, started with the builder's environment (`kb.site.builder`), and
answers requests on its standard input, one JSON line each:
`{"config": "OUT/mkdocs.yml", "pages": ["cr/702/index.html", "en/cr/702/index.html"]}` gets
`{"pages": {"cr/702/index.html": "<!doctype html>…"}}` or `{"error": "…"}`.
"""

from __future__ import annotations

import json
import logging
import os
import sys
import tempfile
from collections.abc import Iterable
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator


def render_pages(config_file: Path | str, wanted: Iterable[str]) -> dict[str, str]:
    """The HTML of the pages at `wanted` (paths in the built site, "en/cr/702/index.html"), as a
    full build from `config_file` writes them; a path that is no page of the site is left out.
    Raises `RuntimeError` when the builder warns or fails, as a strict build would."""
    from mkdocs.commands import build as mkdocs_build
    from mkdocs.config import defaults, load_config
    from mkdocs.theme import Theme

    wanted = set(wanted)
    # The configuration's output folder is never written: the build is pointed at an empty one.
    with tempfile.TemporaryDirectory(prefix="kb-partial-") as scratch:
        config = load_config(str(config_file), site_dir=scratch)
        base = os.path.realpath(scratch)
        rendered: dict[str, str] = {}

        def place(page: Any) -> str:
            return Path(os.path.relpath(os.path.realpath(page.file.abs_dest_path), base)).as_posix()

        populate, build_page = mkdocs_build._populate_page, mkdocs_build._build_page

        def populate_some(page, config, files, dirty=False):
            if place(page) in wanted:
                return populate(page, config, files, dirty)
            _read_title(page)  # its title, for the pages that show it
            return None

        def build_some(page, config, doc_files, nav, env, dirty=False, excluded=False):
            where = place(page)
            if where not in wanted:
                return None

            def keep(content: bytes, output_path: str) -> None:
                rendered[where] = content.decode("utf-8")

            with _replaced(mkdocs_build.utils, "write_file", keep):
                return build_page(page, config, doc_files, nav, env, dirty, excluded)

        get_env = Theme.get_env

        def env_with_cache(theme: Any) -> Any:
            env = get_env(theme)
            env.bytecode_cache = _template_cache()
            return env

        import mkdocs_static_i18n.plugin as i18n

        def build_language(config, *args, **kwargs):
            # The i18n plugin builds each other language from the first's end: one with no page
            # asked for is not built at all.
            lang = config.plugins["i18n"].current_language
            if any(where.startswith(f"{lang}/") for where in wanted):
                return mkdocs_build.build(config, *args, **kwargs)
            return None

        nothing = lambda *args, **kwargs: None  # noqa: E731
        with _replaced(mkdocs_build, "_populate_page", populate_some), \
                _replaced(mkdocs_build, "_build_page", build_some), \
                _replaced(mkdocs_build, "_build_theme_template", nothing), \
                _replaced(mkdocs_build, "_build_extra_template", nothing), \
                _replaced(mkdocs_build.Files, "copy_static_files", nothing), \
                _replaced(Theme, "get_env", env_with_cache), \
                _replaced(defaults, "yaml_load", _remembered_yaml), \
                _replaced(i18n, "build", build_language), \
                _warnings_raised():
            mkdocs_build.build(config)
    return rendered


# What a worker keeps from one request to the next, each entry found again only by the same source
# text: the compiled templates (jinja2 checks each template's source against what it compiled), the
# parsed configuration, and each page's front matter. What is built from them is made afresh.
_TEMPLATES: dict[str, bytes] = {}
_CONFIGS: dict[str, Any] = {}
_FRONT_MATTER: dict[str, tuple[str, str, dict]] = {}


def _template_cache() -> Any:
    import jinja2

    class MemoryCache(jinja2.BytecodeCache):
        def load_bytecode(self, bucket: Any) -> None:
            code = _TEMPLATES.get(bucket.key)
            if code is not None:
                bucket.bytecode_from_string(code)

        def dump_bytecode(self, bucket: Any) -> None:
            _TEMPLATES[bucket.key] = bucket.bytecode_to_string()

    return MemoryCache()


def _remembered_yaml(source: Any, loader: Any = None) -> Any:
    import copy

    from mkdocs.utils.yaml import yaml_load

    text = source.read() if hasattr(source, "read") else source
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    if text not in _CONFIGS:
        _CONFIGS.clear()
        _CONFIGS[text] = yaml_load(text, loader)
    return copy.deepcopy(_CONFIGS[text])


def _read_title(page: Any) -> None:
    """What `Page.read_source` gives (the Markdown and its front matter, whence the title)."""
    from mkdocs.utils import meta

    source = page.file.content_string
    known = _FRONT_MATTER.get(page.file.abs_src_path)
    if known is None or known[0] != source:
        markdown, found = meta.get_data(source)
        known = _FRONT_MATTER[page.file.abs_src_path] = (source, markdown, found)
    page.markdown, page.meta = known[1], dict(known[2])


@contextmanager
def _replaced(owner: Any, name: str, value: Any) -> Iterator[None]:
    saved = getattr(owner, name)
    setattr(owner, name, value)
    try:
        yield
    finally:
        setattr(owner, name, saved)


class _Raise(logging.Handler):
    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.WARNING:
            raise RuntimeError(f"the site builder: {record.getMessage()}")


@contextmanager
def _warnings_raised() -> Iterator[None]:
    """A warning of the builder fails the rendering, as it fails the strict full build (its
    strict mode counts warnings only to the end of a whole build)."""
    logger = logging.getLogger("mkdocs")
    handler = _Raise(logging.WARNING)
    logger.addHandler(handler)
    try:
        yield
    finally:
        logger.removeHandler(handler)


def serve_requests(stdin=None, stdout=None) -> None:
    """Answer requests (see the module) until standard input ends."""
    stdin = stdin or sys.stdin
    stdout = stdout or sys.stdout
    for line in stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            answer: dict[str, Any] = {"pages": render_pages(request["config"], request["pages"])}
        except Exception as err:  # any failure is the request's answer; the worker keeps serving
            answer = {"error": f"{type(err).__name__}: {err}"}
        stdout.write(json.dumps(answer, ensure_ascii=False) + "\n")
        stdout.flush()


if __name__ == "__main__":
    logging.basicConfig(level=logging.ERROR, stream=sys.stderr)
    serve_requests()
