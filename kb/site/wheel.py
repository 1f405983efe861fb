"""The engine, the narration and the runner of the examples as a pure-Python wheel, for Pyodide:
`kb/engine` whole, of `kb/examples` what runs and tells a doctest, the cards' Spanish names (the
term base's names table) and the narration's catalogs compiled to .mo files (the narration then needs only the standard library). The same files give
the same bytes."""

from __future__ import annotations

import base64
import hashlib
import io
import lzma
import tarfile
import zipfile

from kb.corpus import PROJECT_ROOT
from kb.site.bytecode import Bytecode

WHEEL_NAME = "kb_engine"
WHEEL_VERSION = "0.1.0"
# The modules the browser runs: the engine whole, and of the examples what runs and tells a doctest.
BUNDLED_EXAMPLES = ("card_names.py", "locales.py", "narration.py", "playground.py", "runner.py", "web.py")
EXAMPLES_INIT = '"""The executable examples as the site runs them in the browser: the runner and the narration."""\n'
# The zip entries' date: the wheel's bytes depend on its files only.
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


def _compiled_catalogs() -> dict[str, bytes]:
    """The narration's .mo files, compiled from the .po files now."""
    from kb.examples.locales import LANGS, mo_bytes, po_path, read_catalog

    return {lang: mo_bytes(read_catalog(po_path(lang), lang)) for lang in LANGS}


def bundle_files() -> dict[str, bytes]:
    """The files of the engine's wheel, by their path in it."""
    package = PROJECT_ROOT / "kb"
    files: dict[str, bytes] = {"kb/__init__.py": (package / "__init__.py").read_bytes()}
    for path in sorted((package / "engine").rglob("*.py")):
        if "__pycache__" not in path.parts:
            files[path.relative_to(PROJECT_ROOT).as_posix()] = path.read_bytes()
    files["kb/examples/__init__.py"] = EXAMPLES_INIT.encode("utf-8")
    for name in BUNDLED_EXAMPLES:
        files[f"kb/examples/{name}"] = (package / "examples" / name).read_bytes()
    from kb.examples.card_names import CORPUS_TABLE, TABLE

    files[f"kb/locale/{TABLE}"] = CORPUS_TABLE.read_bytes()
    for lang, mo in _compiled_catalogs().items():
        files[f"kb/locale/{lang}/LC_MESSAGES/engine.mo"] = mo
    return files


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"sha256={digest}"


def wheel_name() -> str:
    return f"{WHEEL_NAME}-{WHEEL_VERSION}-py3-none-any.whl"


def engine_wheel() -> bytes:
    """The engine, the narration and the runner as a pure-Python wheel; the same files give the
    same bytes."""
    files = bundle_files()
    info = f"{WHEEL_NAME}-{WHEEL_VERSION}.dist-info"
    files[f"{info}/METADATA"] = (
        f"Metadata-Version: 2.1\nName: {WHEEL_NAME}\nVersion: {WHEEL_VERSION}\n"
        "Summary: The reference rules engine and its narration, as the site runs them in the browser\n"
    ).encode("utf-8")
    files[f"{info}/WHEEL"] = b"Wheel-Version: 1.0\nGenerator: kb\nRoot-Is-Purelib: true\nTag: py3-none-any\n"
    record = "".join(f"{name},{_record_hash(data)},{len(data)}\n" for name, data in files.items())
    files[f"{info}/RECORD"] = (record + f"{info}/RECORD,,\n").encode("utf-8")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for name, data in files.items():
            entry = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            entry.external_attr = 0o644 << 16
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, data, compresslevel=9)
    return out.getvalue()


def archive_name() -> str:
    return f"{WHEEL_NAME}-{WHEEL_VERSION}.tar.xz"


def engine_archive(files: dict[str, bytes] | None = None, bytecode: Bytecode | None = None) -> bytes:
    """The wheel's files (`bundle_files`, or `files`) in one tar compressed with xz, each module as
    its bytecode alone where `bytecode` has it (`kb/engine/game.pyc`, no source:
    `kb.site.bytecode`): what the browser unpacks. The same files give the same bytes (no dates,
    no owners)."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.USTAR_FORMAT) as archive:
        for name, data in (files if files is not None else bundle_files()).items():
            if bytecode is not None and name in bytecode.wheel:
                name, data = name + "c", bytecode.wheel[name]
            entry = tarfile.TarInfo(name)
            entry.size, entry.mode, entry.mtime = len(data), 0o644, 0
            archive.addfile(entry, io.BytesIO(data))
    data = raw.getvalue()
    # A dictionary as large as the archive and no larger: the decoder allocates all of it, in the
    # browser's WebAssembly memory.
    dictionary = max(1 << 20, 1 << (len(data) - 1).bit_length())
    return lzma.compress(data, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32,
                         filters=[{"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "dict_size": dictionary}])
