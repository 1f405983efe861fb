"""The site's downloads: the Spanish rules of every release as a plain-text file in the official
layout (`kb.documents`), under `downloads/` at the site's root.

    downloads/MagicCompRules-es-RELEASE.txt     UTF-8, LF line ends, line for line as the English file

They sit beside the pages, not in the JSON API (`kb.site.api`): 110 releases weigh some 75 MB, more
than twice the API's whole budget. The release history and each release's diff page link to them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from kb.site.output import write_files

DOWNLOADS_DIR = "downloads"


def spanish_file_name(release: str) -> str:
    """The file name of `release`'s Spanish rules: the official English file's, with the language."""
    return f"MagicCompRules-es-{release}.txt"


def available(kb: Any, releases: list[str]) -> dict[str, str]:
    """The releases whose English file is at hand (so their Spanish text can be written), each with
    the path of its download from the site's root."""
    from kb.documents import english_file

    return {release: f"{DOWNLOADS_DIR}/{spanish_file_name(release)}"
            for release in releases if english_file(kb, release) is not None}


def spanish_shares(data: Any, spanish: Any = None) -> dict[str, tuple[int, int]]:
    """For each release of `data.downloads`, (rules and subrules, how many its Spanish file gives in
    Spanish), as each file's first lines say it. `spanish`: the `kb.documents.ReleaseSpanish` of
    `data` to count with (and that keeps what it found for the files), else one of its own."""
    from kb.documents import ReleaseSpanish

    spanish = ReleaseSpanish(data) if spanish is None else spanish
    return {release: spanish.share(release) for release in sorted(data.downloads)}


def download_files(kb: Any, data: Any, cancelled: Callable[[], bool] | None = None,
                   spanish: Any = None) -> dict[str, bytes]:
    """The Spanish text of each release of `data.downloads`: its path from the site's root -> its
    bytes. With `cancelled`, the work stops (`kb.site.api.Cancelled`) between two releases once it
    says so. `spanish`: the `kb.documents.ReleaseSpanish` of `data` that counted the shares
    (`spanish_shares`), whose choices are used again, else one of its own."""
    from kb.documents import ReleaseSpanish
    from kb.site.api import Cancelled

    spanish = ReleaseSpanish(data) if spanish is None else spanish
    files: dict[str, bytes] = {}
    for release, name in sorted(data.downloads.items()):
        if cancelled is not None and cancelled():
            raise Cancelled("the Spanish text files are no longer wanted")
        text = spanish.text(kb, release)
        if text is not None:
            files[name] = text.encode("utf-8")
    return files


def write_downloads(kb: Any, data: Any, site_dir: Path | str, spanish: Any = None) -> dict[str, int]:
    """Write the Spanish text of each release of `data.downloads` into `site_dir`; the files
    written (from the site's root) with their sizes in bytes. `spanish` as for `download_files`."""
    return write_files(download_files(kb, data, spanish=spanish), site_dir)


def release_text(kb: Any, release: str, lang: str = "es", progress: Callable[[str], None] | None = None) -> str | None:
    """The rules of `release` as UTF-8-ready text with LF line ends (what `kb text` writes): in
    English the official file as it reads, in Spanish its document (`kb.documents.ReleaseSpanish.text`,
    the file the site's downloads give); None if the English file is not at hand. The Spanish reads
    every release's rules and translations first (`progress` is told)."""
    from kb.documents import ReleaseSpanish, english_lines

    if lang == "en":
        lines = english_lines(kb, release)
        return None if lines is None else "\n".join(line.rstrip("\r\n") for line in lines) + "\n"
    from kb.site.sitedata import SiteData

    return ReleaseSpanish(SiteData.collect(kb, progress=progress)).text(kb, release)


__all__ = ["DOWNLOADS_DIR", "available", "download_files", "release_text", "spanish_file_name", "spanish_shares",
           "write_downloads"]
