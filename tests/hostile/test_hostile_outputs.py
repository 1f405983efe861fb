"""Outputs the user names, aimed at what the user owns: the corpus, a tracked file of the project, a
device, a FIFO, a file kb did not write. Each is refused in one line (exit 2) and left as it was;
what kb wrote itself is replaced, and a failed write leaves nothing behind. Everything happens in
temporary folders (a copy of the tiny corpus, a throwaway git repository), never the real corpus."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kb.atomic import is_temporary  # noqa: E402
from kb import outputs  # noqa: E402
from kb.cli.main import cli  # noqa: E402
from kb.outputs import OutputRefused, check_file, write_files  # noqa: E402
from test_align_corpus import write_tiny_corpus  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A tiny corpus and its built store."""
    from kb.knowledge import KnowledgeBase

    base = tmp_path_factory.mktemp("outputs")
    corpus = write_tiny_corpus(base / "corpus")
    store = base / "store"
    KnowledgeBase.load(corpus, store, warn=lambda line: None)
    return corpus, store


@pytest.fixture()
def env(built, tmp_path, monkeypatch):
    """A fresh copy of the tiny corpus (the store is shared: it is only read) for each test."""
    corpus = Path(shutil.copytree(built[0], tmp_path / "corpus"))
    values = {"KB_CORPUS": str(corpus), "KB_STORE": str(built[1]), "KB_RELEASES": str(tmp_path / "none")}
    for key, value in values.items():
        monkeypatch.setenv(key, value)
    return values


def kb(*args: str):
    return CliRunner().invoke(cli, list(args))


def run_kb(*args: str, env: dict[str, str], timeout: float = 120) -> subprocess.CompletedProcess:
    """`kb` in a process of its own, for a destination that could block a writer (a FIFO)."""
    return subprocess.run([sys.executable, "-m", "kb", *args], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT), **env}, timeout=timeout)


def refused(result, *words: str) -> None:
    """Exit 2 and one line on standard error, naming the reason."""
    output = result.output if hasattr(result, "output") else result.stderr
    assert result.exit_code == 2 if hasattr(result, "exit_code") else result.returncode == 2, output
    lines = [line for line in output.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("kb: "), output
    for word in words:
        assert word in lines[0], lines[0]


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def no_temporary_files(folder: Path) -> bool:
    return not [p for p in folder.iterdir() if is_temporary(p.name)]


# -- the corpus ----------------------------------------------------------------------------------------


def test_graphml_onto_the_manifest_is_refused_and_the_manifest_kept(env):
    corpus = Path(env["KB_CORPUS"])
    before = snapshot(corpus)
    refused(kb("graph", "--graphml", str(corpus / "manifest.toml")), "manifest.toml", "corpus")
    refused(kb("graph", "--graphml", str(corpus / "manifest.toml"), "--overwrite"), "corpus")
    refused(kb("graph", "--node-link", str(corpus / "po" / "new.json")), "corpus")
    assert snapshot(corpus) == before
    assert kb("stats").exit_code == 0  # the corpus still reads


def test_a_link_into_the_corpus_is_followed_and_refused(env, tmp_path):
    corpus = Path(env["KB_CORPUS"])
    before = (corpus / "manifest.toml").read_bytes()
    link = tmp_path / "graph.graphml"
    link.symlink_to(corpus / "manifest.toml")
    refused(kb("graph", "--graphml", str(link), "--overwrite"), "corpus")
    assert (corpus / "manifest.toml").read_bytes() == before and link.is_symlink()


def test_export_and_translations_export_into_the_corpus_are_refused(env):
    corpus = Path(env["KB_CORPUS"])
    (corpus / "po").mkdir(exist_ok=True)
    before = snapshot(corpus)
    refused(kb("export", str(corpus / "out"), "--format", "csv"), "corpus")
    refused(kb("export", str(corpus), "--format", "json", "--what", "terminology"), "corpus")
    refused(kb("translations", "export", str(corpus / "po" / "part-1.po")), "corpus")
    refused(kb("translations", "export", str(corpus / "po"), "--split"), "corpus")
    assert snapshot(corpus) == before and not (corpus / "out").exists()


def test_a_build_folder_inside_the_corpus_is_refused(env):
    from kb.site.output import OutputFolderError, check_output_folder

    corpus = Path(env["KB_CORPUS"])
    with pytest.raises(OutputFolderError, match="corpus"):
        check_output_folder(corpus / "site")
    refused(kb("build", "--out", str(corpus / "wiki" / "site")), "corpus")
    assert not (corpus / "site").exists() and not (corpus / "wiki" / "site").exists()


def test_a_folder_of_the_releases_is_refused(env, tmp_path, monkeypatch):
    releases = tmp_path / "releases"
    releases.mkdir()
    (releases / "MagicCompRules-2026-01-16.txt").write_text("a release", encoding="utf-8")
    monkeypatch.setenv("KB_RELEASES", str(releases))
    with pytest.raises(OutputRefused, match="releases"):
        check_file(releases / "MagicCompRules-2026-01-16.txt", overwrite=True)
    assert (releases / "MagicCompRules-2026-01-16.txt").read_text(encoding="utf-8") == "a release"


# -- the project's tracked files -------------------------------------------------------------------------


@pytest.fixture()
def project(tmp_path, monkeypatch):
    """A throwaway git checkout standing for the project, with one tracked and one untracked file."""
    if shutil.which("git") is None:
        pytest.skip("git is not installed")
    root = tmp_path / "project"
    root.mkdir()
    (root / "README.md").write_text("the project's own\n", encoding="utf-8")
    (root / "data").mkdir()
    (root / "data" / "terminology.json").write_text("[]\n", encoding="utf-8")
    (root / "notes.txt").write_text("untracked\n", encoding="utf-8")
    git = ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run([*git, "init", "-q"], check=True, timeout=60)
    subprocess.run([*git, "add", "README.md", "data/terminology.json"], check=True, timeout=60)
    subprocess.run([*git, "commit", "-q", "-m", "one"], check=True, timeout=60)
    monkeypatch.setattr(outputs, "PROJECT_ROOT", root)
    return root


def test_a_tracked_file_is_never_replaced_even_with_overwrite(env, project):
    refused(kb("graph", "--graphml", str(project / "README.md"), "--overwrite"), "tracked by git")
    refused(kb("export", str(project / "data"), "--format", "json", "--what", "terminology", "--overwrite"),
            "terminology.json", "tracked by git")
    assert (project / "README.md").read_text(encoding="utf-8") == "the project's own\n"
    assert sorted(p.name for p in (project / "data").iterdir()) == ["terminology.json"]
    assert (project / "data" / "terminology.json").read_text(encoding="utf-8") == "[]\n"
    with pytest.raises(OutputRefused, match=".git"):
        check_file(project / ".git" / "config", overwrite=True)
    # An untracked file of the project is the user's: replaced only when asked.
    refused(kb("graph", "--graphml", str(project / "notes.txt")), "--overwrite")
    assert kb("graph", "--graphml", str(project / "notes.txt"), "--overwrite").exit_code == 0
    assert (project / "notes.txt").read_text(encoding="utf-8").startswith("<?xml")


# -- what is not a regular file --------------------------------------------------------------------------


def test_dev_null_and_a_link_to_dev_zero_are_refused(env, tmp_path):
    refused(kb("graph", "--graphml", "/dev/null"), "a device")
    refused(kb("graph", "--node-link", "/dev/null", "--overwrite"), "a device")
    zero = tmp_path / "zero.graphml"
    zero.symlink_to("/dev/zero")
    refused(kb("graph", "--graphml", str(zero), "--overwrite"), "a device")
    assert zero.is_symlink() and os.readlink(zero) == "/dev/zero"
    loop = tmp_path / "loop.json"
    loop.symlink_to(loop)
    refused(kb("graph", "--node-link", str(loop), "--overwrite"), "loop")
    assert loop.is_symlink()
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)


def test_translations_export_onto_a_device_node_leaves_it_a_device(env, tmp_path):
    node = tmp_path / "null.po"
    try:
        os.mknod(node, stat.S_IFCHR | 0o666, os.makedev(1, 3))
    except (PermissionError, AttributeError, OSError):
        pytest.skip("cannot make a device node here (not root)")
    refused(kb("translations", "export", str(node), "--overwrite"), "a device")
    assert stat.S_ISCHR(os.lstat(node).st_mode)  # not renamed over by a regular file
    assert no_temporary_files(tmp_path)


def test_a_fifo_is_refused_without_blocking(env, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    refused(run_kb("graph", "--graphml", str(fifo), env=env, timeout=120), "FIFO")
    refused(run_kb("translations", "export", str(fifo), "--overwrite", env=env, timeout=120), "FIFO")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)
    (tmp_path / "out").mkdir()
    os.mkfifo(tmp_path / "out" / "alignment.csv")
    refused(run_kb("export", str(tmp_path / "out"), "--format", "csv", "--what", "alignment", env=env), "FIFO")
    assert stat.S_ISFIFO(os.lstat(tmp_path / "out" / "alignment.csv").st_mode)


# -- a file kb did not write -------------------------------------------------------------------------------


def test_graph_replaces_its_own_file_but_not_the_users(env, tmp_path):
    mine = tmp_path / "rules.graphml"
    mine.write_text("my notes\n", encoding="utf-8")
    refused(kb("graph", "--graphml", str(mine)), "did not write", "--overwrite")
    assert mine.read_text(encoding="utf-8") == "my notes\n"
    assert kb("graph", "--graphml", str(mine), "--overwrite").exit_code == 0
    made = mine.read_bytes()
    assert made.startswith(b"<?xml")
    assert kb("graph", "--graphml", str(mine)).exit_code == 0  # kb's own file: replaced
    assert mine.read_bytes() == made
    mine.write_bytes(made + b"<!-- edited -->\n")  # edited since: the user's again
    refused(kb("graph", "--graphml", str(mine)), "--overwrite")
    assert mine.read_bytes().endswith(b"<!-- edited -->\n")
    assert no_temporary_files(tmp_path)


def test_one_file_named_twice_is_refused(env, tmp_path):
    refused(kb("graph", "--graphml", str(tmp_path / "g"), "--node-link", str(tmp_path / "g")), "same file")
    assert not (tmp_path / "g").exists()


def test_export_refuses_a_users_file_and_writes_nothing_at_all(env, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "records.csv").write_text("mine\n", encoding="utf-8")
    refused(kb("export", str(out), "--format", "csv"), "records.csv", "--overwrite")
    assert sorted(p.name for p in out.iterdir()) == ["records.csv"]  # all or nothing
    assert (out / "records.csv").read_text(encoding="utf-8") == "mine\n"
    assert kb("export", str(out), "--format", "csv", "--overwrite").exit_code == 0
    assert (out / "records.csv").read_text(encoding="utf-8") != "mine\n"
    assert kb("export", str(out), "--format", "csv").exit_code == 0  # its own files, replaced
    assert no_temporary_files(out)


def test_translations_export_keeps_a_catalog_translated_since(env, tmp_path):
    catalog = tmp_path / "es.po"
    assert kb("translations", "export", str(catalog)).exit_code == 0
    assert kb("translations", "export", str(catalog)).exit_code == 0  # kb's own: written again
    translated = catalog.read_text(encoding="utf-8").replace('msgstr ""\n\n', 'msgstr "mi traducción"\n\n', 1)
    catalog.write_text(translated, encoding="utf-8")
    refused(kb("translations", "export", str(catalog)), "--overwrite")
    assert catalog.read_text(encoding="utf-8") == translated
    split = tmp_path / "split"
    assert kb("translations", "export", str(split), "--split").exit_code == 0
    (split / "glossary.po").write_text("mine\n", encoding="utf-8")
    refused(kb("translations", "export", str(split), "--split"), "glossary.po")
    refused(kb("translations", "export", str(split), "--part", "glossary"), "glossary.po")
    assert (split / "glossary.po").read_text(encoding="utf-8") == "mine\n"
    assert kb("translations", "export", str(split), "--part", "1").exit_code == 0  # others are kb's


# -- writes whole or not at all -----------------------------------------------------------------------


def test_a_failed_write_leaves_every_destination_as_it_was_and_no_temporary_file(tmp_path, monkeypatch):
    monkeypatch.setenv("KB_STORE", str(tmp_path / "store"))
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    write_files({first: b"old a", second: b"old b"})

    def full_disk(stream) -> None:
        stream.write(b"half")
        raise OSError(28, "No space left on device")

    with pytest.raises(OSError, match="No space"):
        write_files({first: b"new a", second: full_disk})
    assert first.read_bytes() == b"old a" and second.read_bytes() == b"old b"
    assert no_temporary_files(tmp_path)
    write_files({first: b"new a", second: b"new b"})  # still kb's files: replaced
    assert first.read_bytes() == b"new a" and second.read_bytes() == b"new b"


def test_a_store_that_cannot_be_written_only_means_asking_for_overwrite(tmp_path, monkeypatch):
    blocker = tmp_path / "store"
    blocker.write_text("not a folder", encoding="utf-8")
    monkeypatch.setenv("KB_STORE", str(blocker))
    target = tmp_path / "g.json"
    write_files({target: b"one"})
    assert target.read_bytes() == b"one"
    with pytest.raises(OutputRefused, match="--overwrite"):
        write_files({target: b"two"})
    write_files({target: b"two"}, overwrite=True)
    assert target.read_bytes() == b"two"


KILLED_WRITER = """
import sys, time
from pathlib import Path
from kb.outputs import write_files

def slow(stream):
    stream.write(b"half of it")
    stream.flush()
    print("writing", flush=True)
    time.sleep(600)

write_files({Path(sys.argv[1]): slow})
"""


def start_writer(target: Path, tmp_path: Path) -> subprocess.Popen:
    writer = subprocess.Popen([sys.executable, "-c", KILLED_WRITER, str(target)], cwd=ROOT, stdout=subprocess.PIPE,
                              text=True, env={**os.environ, "PYTHONPATH": str(ROOT),
                                              "KB_STORE": str(tmp_path / "store")})
    assert writer.stdout.readline().strip() == "writing"
    return writer


def test_a_killed_write_leaves_the_destination_and_its_leftover_goes_with_the_next_write(tmp_path, monkeypatch):
    import signal

    monkeypatch.setenv("KB_STORE", str(tmp_path / "store"))
    target = tmp_path / "graph.json"
    write_files({target: b"whole"})
    writer = start_writer(target, tmp_path)
    try:
        live = [p for p in tmp_path.iterdir() if is_temporary(p.name)]
        assert len(live) == 1
        os.utime(live[0], (1, 1))  # old, but its writer is alive: kept
        assert outputs.remove_leftovers([target]) == [] and live[0].exists()
    finally:
        writer.send_signal(signal.SIGKILL)
        writer.wait(timeout=60)
    assert target.read_bytes() == b"whole"  # the kill left the destination whole
    assert live[0].exists()
    os.utime(live[0], (1, 1))
    write_files({target: b"again"})
    assert target.read_bytes() == b"again"
    assert no_temporary_files(tmp_path)  # the leftover of the killed write is gone


@pytest.mark.parametrize("name", [
    ".graph.json.mybackup.tmp", ".graph.json.12345678.tmp", ".graph.json.abcdefgh.tmp", ".writing-x",
    ".part-1.po.1.tmp", ".kb-tmp-notes", ".kb-tmp-0123456789ABCDEF-graph.json", ".kb-tmp-0123-graph.json",
])
def test_a_users_file_named_like_a_temporary_one_is_never_removed(tmp_path, monkeypatch, name):
    monkeypatch.setenv("KB_STORE", str(tmp_path / "store"))
    target = tmp_path / "graph.json"
    mine = tmp_path / name
    mine.write_bytes(b"the user's")
    os.utime(mine, (1, 1))  # old, as a leftover would be
    write_files({target: b"one"})
    write_files({target: b"two"})
    assert mine.read_bytes() == b"the user's"


def test_only_kb_temporary_names_of_its_own_form_are_leftovers(tmp_path):
    from kb import atomic

    made = tmp_path / atomic.temporary_name("rules-es.txt")
    made.write_bytes(b"half")
    folder = tmp_path / atomic.temporary_name("build")
    folder.mkdir()
    link = tmp_path / atomic.temporary_name("link")
    link.symlink_to(tmp_path / "elsewhere")
    for path in (made, folder):
        os.utime(path, (1, 1))
    assert atomic.remove_leftovers(tmp_path) == sorted([made, folder])
    assert link.is_symlink()  # neither a file nor a folder kb makes: left
    long = atomic.temporary_name("é" * 200)
    assert len(long.encode()) <= 255 and atomic.is_temporary(long)
