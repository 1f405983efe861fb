"""The corpus: its manifest, the files it lists, and where the official rules releases are found.

The manifest (`corpus/manifest.toml`) lists every input. The wiki pages and translation catalogs live
inside the corpus folder. The official rules releases are not part of the project: the manifest keeps
each release's file name, dates and SHA-256, and the file itself is looked for, by name, on the
release search path:

    1. every folder of `$KB_RELEASES` (separated by `:`), in order;
    2. `cr/` inside the corpus folder (ignored by git; `kb fetch` downloads there);
    3. `../shared/cr/` beside the project.

The first copy whose SHA-256 is the manifest's is used. A release found nowhere, or only with other
bytes, is *unavailable*: it is reported, one line each, never dropped in silence.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

PROJECT_ROOT = Path(__file__).resolve().parent.parent
RELEASES_ENV = "KB_RELEASES"
RELEASE_FOLDER = "cr"  # inside the corpus folder, and in ../shared/
KINDS = ("cr", "wiki", "po")
_REQUIRED = ("path", "kind", "lang", "title", "release")
_OPTIONAL = ("title_en", "published", "effective", "seed", "sha256", "url", "note")


class ManifestError(ValueError):
    """The corpus manifest is missing, malformed, or names a file that is not there."""


@dataclass(frozen=True)
class CorpusFile:
    """One manifest entry. `rel` is its path as the manifest gives it ("cr/MagicCompRules-….txt"),
    the same wherever the file was found; `path` is where it was found."""

    path: Path
    kind: str
    lang: str
    title: str
    release: str
    title_en: str = ""
    published: str = ""
    effective: str = ""
    seed: str = ""
    sha256: str = ""
    url: str = ""
    note: str = ""
    rel: str = ""

    @property
    def name(self) -> str:
        return self.path.name


@dataclass(frozen=True)
class Unavailable:
    """A release of the manifest that cannot be read: `line` says which, why, and how to get it."""

    entry: CorpusFile
    reason: str
    line: str


@dataclass
class Corpus:
    root: Path
    files: list[CorpusFile] = field(default_factory=list)
    unavailable: list[Unavailable] = field(default_factory=list)


def corpus_dir() -> Path:
    """`$KB_CORPUS` if set, else the `corpus/` folder beside the package."""
    return Path(os.environ.get("KB_CORPUS") or PROJECT_ROOT / "corpus")


def release_dirs(root: Path | None = None) -> list[Path]:
    """The release search path, in order (see the module's documentation)."""
    root = Path(root) if root else corpus_dir()
    folders = [Path(p) for p in os.environ.get(RELEASES_ENV, "").split(os.pathsep) if p.strip()]
    folders += [root / RELEASE_FOLDER, PROJECT_ROOT.parent / "shared" / RELEASE_FOLDER]
    unique: list[Path] = []
    for folder in folders:
        if folder not in unique:
            unique.append(folder)
    return unique


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def manifest_path(root: Path | None = None) -> Path:
    return (Path(root) if root else corpus_dir()) / "manifest.toml"


def read_manifest_entries(root: Path | None = None) -> list[dict]:
    """The manifest's `[[file]]` tables as written, checked: known keys, required keys, text values,
    relative paths that stay inside the corpus folder. Raises `ManifestError` naming the manifest
    and the entry, key or line."""
    manifest = manifest_path(root)
    return _manifest_entries(manifest, _manifest_bytes(manifest))


def _manifest_bytes(manifest: Path) -> bytes:
    try:
        return manifest.read_bytes()
    except FileNotFoundError:
        raise ManifestError(f"{manifest}: no corpus manifest here") from None
    except IsADirectoryError:
        raise ManifestError(f"{manifest}: is a folder, not a manifest") from None
    except OSError as err:
        raise ManifestError(f"{manifest}: {err.strerror or err}") from None


def _manifest_entries(manifest: Path, raw: bytes) -> list[dict]:
    """`read_manifest_entries` of the manifest `manifest` whose bytes are `raw`."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        line = raw[: err.start].count(b"\n") + 1
        hint = " (it looks like UTF-16)" if raw[:2] in (b"\xff\xfe", b"\xfe\xff") else ""
        raise ManifestError(f"{manifest}: line {line}: not UTF-8 text{hint}; a manifest is UTF-8 TOML") from None
    if text.startswith("\ufeff"):
        text = text[1:]
    import tomllib  # parsed only when the memo of a store does not hold the manifest's entries

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise ManifestError(f"{manifest}: {err}") from None
    unknown_top = sorted(set(data) - {"file"})
    if unknown_top:
        raise ManifestError(f"{manifest}: unknown table or key {unknown_top[0]!r} (only [[file]] entries)")
    return _checked_entries(manifest, data.get("file", []))


def _checked_entries(manifest: Path, entries: object) -> list[dict]:
    """The `[[file]]` tables of `manifest`, checked (see `read_manifest_entries`)."""
    if not isinstance(entries, list):
        raise ManifestError(f"{manifest}: 'file' must be a list of [[file]] tables")
    for number, entry in enumerate(entries, 1):
        where = f"{manifest}: entry {number}"
        if not isinstance(entry, dict):
            raise ManifestError(f"{where}: not a table")
        unknown = sorted(set(entry) - set(_REQUIRED) - set(_OPTIONAL))
        if unknown:
            known = ", ".join(_REQUIRED + _OPTIONAL)
            raise ManifestError(f"{where}: unknown key {unknown[0]!r} (known keys: {known})")
        missing = [k for k in _REQUIRED if k not in entry]
        if missing:
            raise ManifestError(f"{where} lacks {', '.join(missing)}")
        for key, value in entry.items():
            if not isinstance(value, str):
                raise ManifestError(f"{where}: {key} must be a string, not {type(value).__name__}")
        if entry["kind"] not in KINDS:
            raise ManifestError(f"{where}: unknown kind {entry['kind']!r} (one of {', '.join(KINDS)})")
        _check_path(entry, where)
    return entries


def _check_path(entry: dict, where: str) -> None:
    """A manifest path is relative, stays inside the corpus folder, and names a release by its bare
    file name under cr/."""
    written = entry["path"]
    pure = PurePosixPath(written)
    if not written or "\\" in written or "\x00" in written or pure.is_absolute() or ".." in pure.parts:
        raise ManifestError(f"{where}: path {written!r} leaves the corpus folder; paths are relative, inside it")
    if entry["kind"] == "cr" and (len(pure.parts) != 2 or pure.parts[0] != RELEASE_FOLDER):
        raise ManifestError(f"{where}: a rules release is named {RELEASE_FOLDER}/FILE, not {written!r}")


def read_corpus(root: Path | None = None, verify: bool = True, checksums: Path | None = None) -> Corpus:
    """Every manifest entry, found: the files that can be read, and the releases that cannot (with
    the line that says so). Wiki pages and catalogs must be in the corpus folder (`ManifestError`).
    `checksums` (a JSON file, kept in the store) remembers each release's SHA-256 with the file's
    size, inode and times, so that a file that has not been touched is not read again to check it."""
    root = Path(root) if root else corpus_dir()
    manifest = manifest_path(root)
    corpus = Corpus(root)
    folders = release_dirs(root)
    inside = root.resolve()
    memo = _Checksums(checksums)
    for number, entry in enumerate(memo.manifest_entries(manifest), 1):
        rel = PurePosixPath(entry["path"]).as_posix()
        values = {**entry, "rel": rel}
        if entry["kind"] == "cr":
            found, problem = _find_release(PurePosixPath(rel).name, entry.get("sha256", ""), folders, verify, memo)
            if found is None:
                expected = CorpusFile(**{**values, "path": root / rel})
                corpus.unavailable.append(Unavailable(expected, problem, _unavailable_line(manifest, expected, problem, folders)))
                continue
            corpus.files.append(CorpusFile(**{**values, "path": found}))
            continue
        path = root / rel
        try:
            resolved = path.resolve(strict=True)
        except (OSError, RuntimeError):
            raise ManifestError(f"{manifest}: entry {number} names {rel}, which is not there") from None
        if not resolved.is_relative_to(inside):
            raise ManifestError(f"{manifest}: entry {number}: {rel} leads outside the corpus folder (a link)")
        if not resolved.is_file():
            raise ManifestError(f"{manifest}: entry {number} names {rel}, which is not a file")
        corpus.files.append(CorpusFile(**{**values, "path": path}))
    memo.save()
    return corpus


class _Checksums:
    """SHA-256 of files by what the system says of them (size, inode, modification and change
    times): a file whose stat is unchanged is not read again. Kept as JSON, and beside it the entries
    of the manifest last read, by the SHA-256 of its bytes (its TOML is parsed again only when they
    change); a memo that cannot be read or written only costs the reading."""

    def __init__(self, path: Path | None):
        self.path = Path(path) if path else None
        self.known: dict[str, list] = self._load(self.path)
        self.changed = False
        self._folders: dict[str, str] = {}
        self._entries = self.path.with_name(self.path.stem + "-manifest.json") if self.path else None

    @staticmethod
    def _load(path: Path | None) -> dict:
        if path is None:
            return {}
        try:
            loaded = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return {}
        return loaded if isinstance(loaded, dict) else {}

    def manifest_entries(self, manifest: Path) -> list[dict]:
        """`read_manifest_entries` of `manifest`, from the memo when its bytes are those parsed last."""
        raw = _manifest_bytes(manifest)
        digest = hashlib.sha256(raw).hexdigest()
        known = self._load(self._entries)
        if known.get("sha256") == digest:
            try:  # checked again as read: a memo that was changed is not trusted
                return _checked_entries(manifest, known.get("entries"))
            except ManifestError:
                pass
        entries = _manifest_entries(manifest, raw)
        if self._entries is not None:
            _write_json(self._entries, {"sha256": digest, "entries": entries})
        return entries

    def _resolved(self, path: Path) -> str:
        """`path` resolved: its folder's resolution kept, for a file that is no symbolic link itself."""
        if path.is_symlink():
            return str(path.resolve())
        folder = str(path.parent)
        if folder not in self._folders:
            self._folders[folder] = os.path.realpath(folder)
        return os.path.join(self._folders[folder], path.name)

    def sha256(self, path: Path) -> str:
        info = path.stat()
        stamp = [info.st_size, info.st_ino, info.st_mtime_ns, info.st_ctime_ns]
        key = self._resolved(path)
        known = self.known.get(key)
        # A memo entry of any other shape (damaged, or put there by hand) is not trusted: the file is read.
        if isinstance(known, list) and len(known) == 2 and known[0] == stamp and _is_sha256(known[1]):
            return known[1]
        digest = sha256_of(path)
        self.known[key] = [stamp, digest]
        self.changed = True
        return digest

    def save(self) -> None:
        if self.path is not None and self.changed:
            _write_json(self.path, self.known)


def _write_json(path: Path, data: object) -> None:
    """`data` written to `path` whole or not at all; a memo that cannot be written is not kept."""
    from kb.atomic import write_atomic

    with contextlib.suppress(OSError):  # a memo not kept leaves nothing behind either
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, json.dumps(data, sort_keys=True).encode("utf-8"))


_HEX = frozenset("0123456789abcdef")


def _is_sha256(value: object) -> bool:
    return isinstance(value, str) and len(value) == 64 and set(value) <= _HEX


def _find_release(name: str, sha256: str, folders: list[Path], verify: bool,
                  memo: _Checksums | None = None) -> tuple[Path | None, str]:
    memo = memo or _Checksums(None)
    mismatched: list[Path] = []
    for folder in folders:
        candidate = folder / name
        try:
            if not candidate.is_file():
                continue
            if verify and sha256 and memo.sha256(candidate) != sha256.lower():
                mismatched.append(candidate)
                continue
        except OSError:
            mismatched.append(candidate)
            continue
        return candidate, ""
    if mismatched:
        return None, f"its SHA-256 differs from the manifest's in {', '.join(map(str, mismatched))}"
    return None, "found in no release folder"


def _unavailable_line(manifest: Path, entry: CorpusFile, problem: str, folders: list[Path]) -> str:
    how = f"`kb fetch {entry.url}`" if entry.url else "`kb fetch URL` (the official rules page links each text)"
    searched = ":".join(str(f) for f in folders)
    return (f"release {entry.rel} of {manifest} is unavailable ({problem}; searched {searched}): "
            f"get it with {how}, or set {RELEASES_ENV} to a folder holding it")


def load_manifest(root: Path | None = None) -> list[CorpusFile]:
    """The corpus files that can be read, in manifest order (see `read_corpus` for the others)."""
    return read_corpus(root).files


def release_file(name: str, root: Path | None = None) -> Path:
    """Where the release `name` (its file name, or its publication or effective date) was found.
    Raises `ManifestError` with the line that says why it cannot be read."""
    corpus = read_corpus(root)
    for entry in corpus.files:
        if entry.kind == "cr" and name in (entry.path.name, entry.published, entry.effective):
            return entry.path
    for missing in corpus.unavailable:
        entry = missing.entry
        if name in (entry.path.name, entry.published, entry.effective):
            raise ManifestError(missing.line)
    raise ManifestError(f"{manifest_path(root)}: no release {name!r}")
