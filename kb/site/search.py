"""The search index: Pagefind, run over the built site.

Each language has a bundle of its own: Spanish, the site's root, in `site/pagefind/`, English in
`site/en/pagefind/`. The search box on a page loads its language's bundle only, so Spanish and
English results never mix; Pagefind stems per language and ignores diacritics in queries. The
indexer uses one processor: the two bundles are made at once, each by its own process.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from kb.site.builder import SiteBuildError
from kb.site.locale import DEFAULT_LANG, LANGS
from kb.site.urls import page_url

# What is on a page but is not its content: permalink markers, badges, where a text comes from, the
# rules citing a rule, a section's list of contents, links to executable examples, a term pair's
# kind and the file and line it comes from. And what no reader searches for: code (an example's,
# the card-definition guide's) and the narration of an example's run, where every game starts,
# steps and ends in the same words. An example is found by its title and its description; the
# guide's prose names what its code uses.
EXCLUDED = (".headerlink", ".kb-badge", ".kb-trust", ".kb-quote", ".kb-rule__meta", ".kb-section__meta",
            ".kb-section__hint", ".kb-toc", ".kb-runlink", ".kb-wiki__rule", ".kb-wiki__source",
            ".kb-terms__kind", ".kb-terms__source", "pre")
SEARCH_COMMAND = [sys.executable, "-m", "pagefind", "--quiet",
                  *(arg for selector in EXCLUDED for arg in ("--exclude-selectors", selector)), "--site"]
BUNDLE_DIR = "pagefind"
_PLAIN_NAME = re.compile(r"[\w.-]+")


def bundle_dir(site_dir: Path, lang: str) -> Path:
    """Where the search bundle of `lang` is: `pagefind/` beside the language's home page."""
    return Path(site_dir) / page_url("index", lang) / BUNDLE_DIR


def language_glob(site_dir: Path, lang: str) -> str:
    """The pages of `lang` as a Pagefind glob: a language's folder, or for the default language,
    every page but those of the other languages' folders."""
    if lang != DEFAULT_LANG:
        return f"{lang}/**/*.html"
    others = set(LANGS) - {DEFAULT_LANG}
    pieces = []
    for path in sorted(Path(site_dir).iterdir()):
        if path.name in others or path.name == BUNDLE_DIR:
            continue
        if not _PLAIN_NAME.fullmatch(path.name):
            raise SiteBuildError(f"{path}: a name the search indexer's glob cannot hold", "")
        if path.is_dir():
            pieces.append(f"{path.name}/**/*.html")
        elif path.suffix == ".html":
            pieces.append(path.name)
    return "{" + ",".join(pieces) + "}"


def build_search_index(site_dir: Path, suffix: str = "",
                       cancelled: Callable[[], bool] | None = None) -> list[Path] | None:
    """Index the built site in place, a bundle per language; returns the bundle folders. With a
    `suffix`, each bundle is written beside its place (`pagefind` + suffix), for whoever puts it
    there; when `cancelled()` turns true while the indexer runs, it is stopped and None returned."""
    site_dir = Path(site_dir)
    globs = {lang: language_glob(site_dir, lang) for lang in LANGS}
    runs = []
    for lang in LANGS:
        bundle = bundle_dir(site_dir, lang)
        bundle = bundle.with_name(bundle.name + suffix)
        command = [*SEARCH_COMMAND, str(site_dir), "--glob", globs[lang],
                   "--output-subdir", bundle.relative_to(site_dir).as_posix()]
        runs.append((bundle, subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)))
    if cancelled is not None:
        while any(proc.poll() is None for _, proc in runs):
            if cancelled():
                for _, proc in runs:
                    proc.kill()
                    proc.wait()
                return None
            time.sleep(0.1)
    # Read in turn: with --quiet the indexer says next to nothing, so no pipe fills while one waits.
    outputs = [(bundle, proc, proc.communicate()[0].decode("utf-8", errors="replace")) for bundle, proc in runs]
    for bundle, proc, output in outputs:
        if proc.returncode != 0:
            raise SiteBuildError(f"the search indexer failed: {output.strip().splitlines()[-1:] or 'no output'}", output)
        entry = bundle / "pagefind-entry.json"
        if not entry.is_file():
            raise SiteBuildError(f"the search indexer wrote no index in {bundle}", output)
        _stable_entry(entry)
    return [bundle for bundle, _, _ in outputs]


def _stable_entry(entry: Path) -> None:
    """Pagefind lists the languages of its entry file in no fixed order; the same content with
    sorted keys makes two builds of the same corpus byte-identical (every other file of the bundle
    is named and filled by content already)."""
    data = json.loads(entry.read_text(encoding="utf-8"))
    entry.write_text(json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")), encoding="utf-8")


def index_sizes(site_dir: Path) -> dict[str, int]:
    """Bytes of the search index per language (index chunks, fragments, metadata, wasm)."""
    sizes: dict[str, int] = {}
    bundles = [bundle_dir(site_dir, lang) for lang in LANGS]
    for path in sorted(path for bundle in bundles if bundle.is_dir() for path in bundle.rglob("*")):
        if not path.is_file():
            continue
        name = path.name
        lang = None
        if name.startswith("pagefind.") and name.endswith(".pf_meta"):
            lang = name[len("pagefind."):].split("_", 1)[0]
        elif name.startswith("wasm.") and name.endswith(".pagefind"):
            lang = name.split(".")[1]
        elif path.parent.name in ("index", "fragment"):
            lang = name.split("_", 1)[0]
        if lang and lang != "unknown":
            sizes[lang] = sizes.get(lang, 0) + path.stat().st_size
    return sizes
