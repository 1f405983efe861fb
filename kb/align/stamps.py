"""What a quote's stamp says, and how far a release is from it."""

from __future__ import annotations

from kb.align.index import ReleaseIndex, days_between
from kb.model import Stamp


def proximity(release: str, stated: str | None) -> tuple[int, int]:
    """Sort key: the stated release first, then earlier releases by distance, then later ones.
    Without a stated release, the newest first."""
    if stated is None:
        return (0, -int(release.replace("-", "")))
    if release == stated:
        return (0, 0)
    return (1 if release < stated else 2, days_between(release, stated))


def reference_release(stated: str | None, index: ReleaseIndex) -> str | None:
    """The English the Spanish should translate: the stated release if the corpus has it, else the
    first release after it."""
    if stated is None:
        return None
    if stated in index.releases:
        return stated
    return index.first_after(stated)


def stamp_evidence(stamp: Stamp | None, stated: str | None, index: ReleaseIndex) -> str:
    if stamp is None:
        return "no stamp"
    if stated is None:
        return f"stamp {stamp.raw!r} names no date"
    if stated in index.releases:
        return f"stamp {stamp.raw!r} names {stated}, which is in the corpus"
    earlier = index.nearest_earlier(stated)
    later = index.first_after(stated)
    parts = [f"stamp {stamp.raw!r} names {stated}, which is not in the corpus"]
    if earlier:
        parts.append(f"nearest earlier release {earlier}")
    if later:
        parts.append(f"next release {later}")
    return "; ".join(parts)
