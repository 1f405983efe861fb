"""The search index: Pagefind, run over the built site.

Pagefind reads each page's `lang` attribute and writes one index per language into
`site/pagefind/`; the search box on a page loads the index of the page's language only, so
Spanish and English results never mix. It stems per language and ignores diacritics in queries.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from kb.site.builder import SiteBuildError

# What is on a page but is not its content: permalink markers, badges, where a text comes from, the
# rules citing a rule, a section's list of contents, links to executable examples.
EXCLUDED = (".headerlink", ".kb-badge", ".kb-trust", ".kb-quote", ".kb-rule__meta", ".kb-section__meta",
            ".kb-section__hint", ".kb-toc", ".kb-runlink", ".kb-glossary__other", ".kb-wiki__rule", ".kb-wiki__source")
SEARCH_COMMAND = [sys.executable, "-m", "pagefind", "--quiet",
                  *(arg for selector in EXCLUDED for arg in ("--exclude-selectors", selector)), "--site"]
BUNDLE_DIR = "pagefind"


def build_search_index(site_dir: Path) -> Path:
    """Index the built site in place; returns the bundle folder."""
    proc = subprocess.run([*SEARCH_COMMAND, str(site_dir)], capture_output=True, text=True)
    output = (proc.stdout or "") + (proc.stderr or "")
    if proc.returncode != 0:
        raise SiteBuildError(f"the search indexer failed: {output.strip().splitlines()[-1:] or 'no output'}", output)
    bundle = Path(site_dir) / BUNDLE_DIR
    entry = bundle / "pagefind-entry.json"
    if not entry.is_file():
        raise SiteBuildError("the search indexer wrote no index", output)
    _stable_entry(entry)
    return bundle


def _stable_entry(entry: Path) -> None:
    """Pagefind lists the languages of its entry file in no fixed order; the same content with
    sorted keys makes two builds of the same corpus byte-identical (every other file of the bundle
    is named and filled by content already)."""
    data = json.loads(entry.read_text(encoding="utf-8"))
    entry.write_text(json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")), encoding="utf-8")


def index_sizes(site_dir: Path) -> dict[str, int]:
    """Bytes of the search index per language (index chunks, fragments, metadata, wasm)."""
    bundle = Path(site_dir) / BUNDLE_DIR
    sizes: dict[str, int] = {}
    if not bundle.is_dir():
        return sizes
    for path in sorted(bundle.rglob("*")):
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
