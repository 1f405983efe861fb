"""Where the imported catalogs are kept: `po/` in the corpus, one file per part and the glossary."""

from __future__ import annotations

from pathlib import Path

PO_DIR = "po"


def po_files(root: Path | str) -> list[Path]:
    """Translation catalogs kept with the corpus in `po/`: every `*.po` there (a file of another
    name is no catalog, and `kb translations import` never stores one)."""
    folder = Path(root) / PO_DIR
    return sorted(folder.glob("*.po")) if folder.is_dir() else []


def unreadable_catalogs(catalogs) -> list:
    """The first error of each catalog that could not be read at all (`kb.translations.source.
    CatalogSource`s): a file that does not parse, or of a release or language the corpus lacks."""
    out = []
    for catalog in catalogs:
        errors = [p for p in catalog.problems if p.level == "error"]
        if errors and (not getattr(catalog, "readable", True) or not catalog.messages):
            out.append(errors[0])
    return out


def unreadable_lines(catalogs) -> list[str]:
    """One line for each catalog that could not be read, for standard error."""
    return [f"{p.source}:{p.line}: {p.message} (this catalog is not read)" for p in unreadable_catalogs(catalogs)]


def file_problem(path: Path | str) -> str | None:
    """Why `path` cannot be read as a catalog, or None for a regular file: told from its status,
    without opening it (opening a FIFO would wait for a writer)."""
    import os

    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "no such file"
    except NotADirectoryError:
        return "no such file (a folder on its path is a file)"
    except PermissionError:
        return "permission denied"
    except OSError as err:
        return err.strerror or str(err)
    return mode_problem(mode)


def mode_problem(mode: int) -> str | None:
    """What a file of status mode `mode` is when it is not a regular file, or None."""
    import stat

    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "is a folder, not a catalog"
    if stat.S_ISFIFO(mode):
        return "is a FIFO (named pipe), not a regular file"
    if stat.S_ISCHR(mode):
        return "is a character device, not a regular file"
    if stat.S_ISBLK(mode):
        return "is a block device, not a regular file"
    if stat.S_ISSOCK(mode):
        return "is a socket, not a regular file"
    return "is not a regular file"


def inside_catalogs(path: Path | str, root: Path | str) -> bool:
    """Whether `path` (which need not exist) is the corpus's catalog folder `po/` or inside it, links
    and `..` followed."""
    import os

    folder = os.path.realpath(Path(root) / PO_DIR)
    where = os.path.realpath(path)
    return where == folder or where.startswith(folder + os.sep)
