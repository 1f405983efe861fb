"""The preview loop (`kb.site.preview`, `kb serve`): a saved catalog refreshes the pages of the rules
it changed, byte for byte as a full build of the same inputs makes them; a catalog that does not
parse is told in one line and the site stays as it was; the server adds its reload script to the
pages it sends and never to the site's files. On the tiny corpus of test_align_corpus, with a
catalog exported from it."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from kb.corpus import PROJECT_ROOT

sys.path.insert(0, str(PROJECT_ROOT / "tests"))

from test_align_corpus import write_tiny_corpus  # noqa: E402

from kb.site.stamp import output_digest  # noqa: E402


MARK = "TEXTO DE PRUEBA"


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture
def corpus(tmp_path, monkeypatch):
    """The tiny corpus with a catalog of its newest release, read through KB_CORPUS."""
    from kb.knowledge import KnowledgeBase
    from kb.translations import export_catalog

    root = write_tiny_corpus(tmp_path / "corpus")
    monkeypatch.setenv("KB_CORPUS", str(root))
    monkeypatch.setenv("KB_STORE", str(tmp_path / "store"))
    (root / "po").mkdir()
    export_catalog(KnowledgeBase.build(root), root / "po" / "part-1.po")
    return root


def _translated(catalog: Path, rule_id: str, text: str) -> None:
    """Give `rule_id` the Spanish `text` in `catalog` (its msgstr, whatever it was)."""
    source = catalog.read_text(encoding="utf-8")
    at = source.index(f'msgctxt "{rule_id}"\n')
    start = source.index("msgstr ", at)
    end = source.find("\n\n", start)
    end = len(source) if end < 0 else end
    catalog.write_text(source[:start] + f"msgstr {json.dumps(text, ensure_ascii=False)}" + source[end:],
                       encoding="utf-8")


def _rule_with_entry(catalog: Path) -> str:
    found = re.findall(r'^msgctxt "(\d{3}\.\d+[a-z]?)"$', catalog.read_text(encoding="utf-8"), re.M)
    assert found, "the exported catalog has no rule entries"
    return found[0]


@pytest.fixture
def preview(corpus, tmp_path, request):
    from kb.site.preview import Preview

    made = Preview(tmp_path / "out", search=getattr(request, "param", False), examples=None)
    made.start()
    yield made
    made.close()


@pytest.mark.parametrize("preview", [True], indirect=True, ids=["with the search index"])
def test_a_saved_entry_refreshes_its_pages_as_a_full_build_makes_them(corpus, preview, tmp_path):
    from kb.site import build_site

    catalog = corpus / "po" / "part-1.po"
    rule_id = _rule_with_entry(catalog)
    _translated(catalog, rule_id, f"{MARK} de una regla.")
    refresh = preview.check()
    assert refresh is not None and refresh.kind == "pages", refresh and refresh.line()
    assert rule_id in refresh.rules
    pages = [f for f in refresh.files if f.endswith(".html") and "/r/" not in f"/{f}"]
    assert pages, refresh.files
    section = rule_id.split(".")[0]
    # The Spanish page shows the text; the English page's details of the rule show it too.
    assert f"site/cr/{section}/index.html" in refresh.files
    assert f"site/en/cr/{section}/kb-details/{rule_id}.json" in refresh.files
    assert MARK in (preview.out_dir / "site" / "cr" / section / "index.html").read_text(encoding="utf-8")
    assert (preview.out_dir / ".kb-stamp.json").exists() is False  # no longer a full build's output

    assert preview.settled(120)  # the vocabularies, query index, API and search index, made after the pages
    later = preview.check()
    assert later.kind == "later" and "site/pagefind" in later.files, later
    full = build_site(out=tmp_path / "full", search=True, examples=None)
    refreshed, built = _files(preview.out_dir / "site"), _files(full.site_dir)
    assert sorted(refreshed) == sorted(built)
    differing = [name for name in built if refreshed[name] != built[name]]
    assert differing == []
    assert _files(preview.out_dir / "docs") == _files(full.docs_dir)


def test_a_catalog_that_does_not_parse_is_one_line_and_the_site_stays(corpus, preview):
    catalog = corpus / "po" / "part-1.po"
    rule_id = _rule_with_entry(catalog)
    before = output_digest(preview.out_dir)
    good = catalog.read_text(encoding="utf-8")
    broken = good.replace(f'msgctxt "{rule_id}"\n', f'msgctxt "{rule_id}\n', 1)
    catalog.write_text(broken, encoding="utf-8")
    refresh = preview.check()
    assert refresh is not None and refresh.kind == "refused"
    line = refresh.line()
    assert "\n" not in line and str(catalog) in line
    number = broken.splitlines().index(f'msgctxt "{rule_id}') + 1
    assert f":{number}:" in line
    assert output_digest(preview.out_dir) == before
    assert preview.check() is None  # told once, not at every look

    catalog.write_text(good, encoding="utf-8")
    _translated(catalog, rule_id, f"{MARK} otra vez.")
    refresh = preview.check()
    assert refresh is not None and refresh.kind == "pages", refresh.line()
    section = rule_id.split(".")[0]
    assert f"{MARK} otra vez." in (preview.out_dir / "site" / "cr" / section / "index.html").read_text(encoding="utf-8")


def test_a_catalog_saved_unchanged_or_with_a_new_header_is_not_a_page_refresh(corpus, preview):
    catalog = corpus / "po" / "part-1.po"
    before = output_digest(preview.out_dir)
    catalog.write_bytes(catalog.read_bytes())
    os.utime(catalog, ns=(time.time_ns(), time.time_ns() + 10**9))
    refresh = preview.check()
    assert refresh is not None and refresh.kind == "none"
    assert output_digest(preview.out_dir) == before

    text = catalog.read_text(encoding="utf-8")
    catalog.write_text(text.replace('"Language: es\\n"', '"Language: es\\n"\n"X-Note: preview\\n"', 1), encoding="utf-8")
    assert "X-Note" in catalog.read_text(encoding="utf-8")
    refresh = preview.check()
    assert refresh is not None and refresh.kind == "full", refresh.line()


def _serve(corpus: Path, out: Path, *args: str) -> tuple[subprocess.Popen, dict]:
    env = {**os.environ, "KB_CORPUS": os.environ["KB_CORPUS"], "KB_STORE": os.environ["KB_STORE"]}
    proc = subprocess.Popen([sys.executable, "-m", "kb", "serve", "--out", str(out), "--port", "0", "--no-search",
                             "--json", *args], cwd=PROJECT_ROOT, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
    line = proc.stdout.readline()  # type: ignore[union-attr]
    assert line, proc.stderr.read()  # type: ignore[union-attr]
    return proc, json.loads(line)


def _next_event(proc: subprocess.Popen, kind: str, timeout: float = 60) -> dict:
    """The next JSON event of `kind` the server prints (others skipped), read by a thread so that a
    server that says nothing fails the test instead of hanging it."""
    import queue
    import threading

    if not hasattr(proc, "events"):
        proc.events = queue.Queue()  # type: ignore[attr-defined]

        def read() -> None:
            for line in proc.stdout:  # type: ignore[union-attr]
                proc.events.put(json.loads(line))  # type: ignore[attr-defined]

        threading.Thread(target=read, daemon=True).start()
    deadline = time.monotonic() + timeout
    while True:
        event = proc.events.get(timeout=max(0.1, deadline - time.monotonic()))  # type: ignore[attr-defined]
        if event["event"] == kind:
            return event


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.read()


def test_kb_serve_reloads_the_open_page_after_a_save_and_stops_cleanly(corpus, tmp_path):
    from kb.site.serve import RELOAD_PATH

    catalog = corpus / "po" / "part-1.po"
    rule_id = _rule_with_entry(catalog)
    section = rule_id.split(".")[0]
    proc, serving = _serve(corpus, tmp_path / "out")
    try:
        assert serving["event"] == "serving" and serving["url"].startswith("http://127.0.0.1:")
        page_url = serving["url"] + f"cr/{section}/"
        sent = _get(page_url)
        on_disk = (tmp_path / "out" / "site" / "cr" / section / "index.html").read_bytes()
        assert RELOAD_PATH.encode() in sent and RELOAD_PATH.encode() not in on_disk
        assert sent.replace(sent[sent.index(b"<script>(function(){var seen="):sent.index(b"</script>", sent.index(
            b"<script>(function(){var seen=")) + len(b"</script>")], b"") == on_disk
        version = _get(serving["url"] + RELOAD_PATH.lstrip("/"))

        _translated(catalog, rule_id, f"{MARK} servida.")
        deadline = time.monotonic() + 60
        while _get(serving["url"] + RELOAD_PATH.lstrip("/")) == version:
            assert time.monotonic() < deadline, "the site's version never changed"
            time.sleep(0.1)
        assert f"{MARK} servida.".encode() in _get(page_url)
        assert rule_id in _next_event(proc, "pages")["rules"]

        catalog.write_text(catalog.read_text(encoding="utf-8") + 'msgid "unterminated\n', encoding="utf-8")
        event = _next_event(proc, "refused")
        assert str(catalog) in event["reason"] and "\n" not in event["reason"]
        assert f"{MARK} servida.".encode() in _get(page_url)  # still served
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0, proc.stderr.read()  # type: ignore[union-attr]


def test_a_refresh_waits_for_a_build_writing_the_same_folder(corpus, preview):
    import threading

    from kb.site.output import locked_output

    catalog = corpus / "po" / "part-1.po"
    rule_id = _rule_with_entry(catalog)
    page = preview.out_dir / "site" / "cr" / rule_id.split(".")[0] / "index.html"
    seen: dict[str, object] = {}
    holding = threading.Event()

    def another_build() -> None:
        with locked_output(preview.out_dir):
            holding.set()
            time.sleep(2.0)  # the refresh, started meanwhile, must not write
            seen["while held"] = page.read_text(encoding="utf-8")

    writer = threading.Thread(target=another_build)
    writer.start()
    assert holding.wait(timeout=30)
    _translated(catalog, rule_id, f"{MARK} tras esperar.")
    refresh = preview.check()
    writer.join(timeout=30)
    assert f"{MARK} tras esperar." not in str(seen["while held"])
    assert refresh is not None and refresh.kind == "pages", refresh.line()
    assert f"{MARK} tras esperar." in page.read_text(encoding="utf-8")


def test_a_comment_that_moves_the_lines_below_it_changes_no_page(corpus, preview):
    catalog = corpus / "po" / "part-1.po"
    rule_id = _rule_with_entry(catalog)
    text = catalog.read_text(encoding="utf-8")
    before = output_digest(preview.out_dir)
    at = text.index(f'msgctxt "{rule_id}"\n')
    catalog.write_text(text[:at] + "# nota del traductor\n# en dos líneas\n" + text[at:], encoding="utf-8")
    refresh = preview.check()
    assert refresh is not None and refresh.kind == "none", refresh.line()
    assert preview.settled(120)
    assert output_digest(preview.out_dir) == before


def test_a_port_in_use_is_one_line_before_any_build(tmp_path):
    import socket

    from click.testing import CliRunner

    from kb.cli.main import cli

    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--out", str(tmp_path / "out"), "--port", str(port), "--no-watch"])
    assert result.exit_code == 1
    lines = [line for line in (result.stderr if hasattr(result, "stderr") else result.output).splitlines() if line]
    assert len(lines) == 1 and f"127.0.0.1:{port}" in lines[0], lines
    assert not (tmp_path / "out").exists()  # nothing built
