"""A new release, end to end: a corpus whose newest release is 2025-11-14, with the team's Spanish as
catalogs of that release, fetches 2026-01-16 from a server on 127.0.0.1, brings its catalogs to it
with `kb translations update` (the counts those of `kb diff`), lists the work with `kb translations
todo`, takes one translated entry back in through an import, and builds. Every command runs as a user
runs it, in a child process bounded in time, on copies of the corpus (never the project's own)."""

from __future__ import annotations

import functools
import http.server
import json
import re
import shutil
import sys
import threading
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
sys.path.insert(0, str(TESTS / "hostile"))

from hostile_catalog_support import REAL_CORPUS, kb_env, run_kb, snapshot  # noqa: E402
from shared_releases import release_files  # noqa: E402
from kb.translations.pofile import read_po_file  # noqa: E402

OLD, NEW = "2025-11-14", "2026-01-16"
pytestmark = pytest.mark.skipif(not {OLD, NEW} <= set(release_files()),
                                 reason=f"needs the releases {OLD} and {NEW} (../shared/cr or $KB_RELEASES)")


def corpus_of(where: Path, releases: set[str], catalogs: Path | None) -> Path:
    """A copy of the project's corpus whose manifest lists only the rules `releases`, with the
    catalogs of `catalogs` (a folder) in place of the team's, if given."""
    corpus = Path(shutil.copytree(REAL_CORPUS, where, ignore=shutil.ignore_patterns("cr", ".kb-*")))
    text = (corpus / "manifest.toml").read_text(encoding="utf-8")
    head, *entries = re.split(r"(?m)^(?=\[\[file\]\])", text)
    kept = [e for e in entries if 'kind = "cr"' not in e or any(f"MagicCompRules-{r}.txt" in e for r in releases)]
    (corpus / "manifest.toml").write_text(head + "".join(kept), encoding="utf-8")
    if catalogs is not None:
        shutil.rmtree(corpus / "po")
        shutil.copytree(catalogs, corpus / "po")
    return corpus


def releases_folder(where: Path, releases: set[str]) -> Path:
    where.mkdir(parents=True)
    for release in releases:
        shutil.copyfile(release_files()[release], where / f"MagicCompRules-{release}.txt")
    return where


def ok(result) -> str:
    assert result.returncode == 0, f"exit {result.returncode}\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result.stdout


@pytest.fixture(scope="module")
def updated(tmp_path_factory):
    """The corpus of 2025-11-14 with 2026-01-16 fetched and its catalogs updated; with what each step said."""
    base = tmp_path_factory.mktemp("e2e")
    # The team's Spanish as catalogs of 2025-11-14, exported by a knowledge base that has both releases.
    both = corpus_of(base / "both", {OLD, NEW}, None)
    env = kb_env(both, base / "store-both", KB_RELEASES=str(releases_folder(base / "cr-both", {OLD, NEW})))
    ok(run_kb(["translations", "export", str(base / "po-old"), "--split", "--release", OLD], env, timeout=600))
    # A team that was current with 2025-11-14: its Spanish translates that English (the export marks
    # fuzzy what was translated from 2026-01-16's English, here taken as done for 2025-11-14's).
    for path in (base / "po-old").glob("*.po"):
        lines = path.read_text(encoding="utf-8").split("\n")
        text = "\n".join(ln for ln in lines if ln != "#, fuzzy" and not ln.startswith("#| "))
        # What 2026-01-16 left untranslated (702.124k, which it removes) the team had translated.
        path.write_text(text.replace('\nmsgstr ""\n\n', '\nmsgstr "Traducción de 2025-11-14."\n\n'),
                        encoding="utf-8")

    corpus = corpus_of(base / "corpus", {OLD}, base / "po-old")
    env = kb_env(corpus, base / "store", KB_RELEASES=str(releases_folder(base / "cr-old", {OLD})))
    served = releases_folder(base / "served", {NEW})
    (served / f"MagicCompRules-{NEW}.txt").rename(served / f"MagicCompRules {NEW.replace('-', '')}.txt")
    handler = functools.partial(_QuietHandler, directory=str(served))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{server.server_address[1]}/MagicCompRules%20{NEW.replace('-', '')}.txt"
        fetched = ok(run_kb(["fetch", url], env, timeout=120))
    finally:
        server.shutdown()
        server.server_close()
    before = snapshot(corpus / "po")
    checked = json.loads(ok(run_kb(["translations", "update", "--release", NEW, "--check", "--json"], env,
                                   timeout=600)))
    assert snapshot(corpus / "po") == before, "--check wrote to the catalogs"
    report = json.loads(ok(run_kb(["translations", "update", "--release", NEW, "--json"], env, timeout=600)))
    diff = json.loads(ok(run_kb(["diff", OLD, NEW, "--json"], env, timeout=600)))
    return {"base": base, "corpus": corpus, "env": env, "fetched": fetched, "checked": checked, "report": report,
            "diff": diff, "before": before}


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


def test_the_counts_are_those_of_the_history(updated):
    counts, rules = updated["diff"]["counts"], updated["report"]["rules"]
    assert (rules["unchanged"], rules["renumbered"], rules["changed"], rules["new"], rules["removed"]) == (
        counts["unchanged"], counts["moved"], counts["changed"], counts["added"], counts["removed"])
    assert updated["checked"]["rules"] == rules
    assert updated["checked"]["would_write"] and not updated["checked"]["written"]
    assert rules["changed"] + rules["new"] > 0  # a release that changed nothing would test nothing
    assert updated["report"]["fuzzy"] >= rules["changed"] - 5  # rules without a text have no entry


def test_every_changed_rule_is_fuzzy_with_the_english_it_translated(updated):
    corpus, diff = updated["corpus"], updated["diff"]
    entries = {e.context: e for p in sorted((corpus / "po").glob("*.po")) for e in read_po_file(p).entries}
    old_entries = {}
    for data in updated["before"].values():
        from kb.translations.pofile import parse_po
        if data.startswith(b"#") or b"msgid" in data:
            old_entries.update({e.context: e for e in parse_po(data).entries})
    assert all(read_po_file(p).release == NEW for p in (corpus / "po").glob("*.po"))
    changed = [e for e in diff["entries"] if e["status"] == "changed" and e["words"]]
    assert changed
    for item in changed:
        old, new = old_entries.get(item["old_id"]), entries.get(item["new_id"])
        if old is None or new is None or not old.msgstr:
            continue
        assert new.fuzzy, item["new_id"]
        assert new.msgstr == old.msgstr
        assert new.previous == old.msgid and not old.fuzzy
        assert old.comments == [c if not c.startswith("release ") else c.replace(NEW, OLD) for c in new.comments]
    for item in diff["entries"]:
        if item["status"] == "added" and item["new_id"] in entries:
            assert entries[item["new_id"]].msgstr == ""
        if item["status"] == "moved" and not item["words"] and item["old_id"] in old_entries:
            assert entries[item["new_id"]].msgstr.split()[:3] == old_entries[item["old_id"]].msgstr.split()[:3]
    removed = [e["old_id"] for e in diff["entries"] if e["status"] == "removed"
               and old_entries.get(e["old_id"]) is not None and old_entries[e["old_id"]].msgstr]
    obsolete = {e.context for p in (corpus / "po").glob("*.po") for e in read_po_file(p).obsolete}
    assert removed and set(removed) <= obsolete


def test_a_second_update_is_the_identity(updated):
    corpus, env = updated["corpus"], updated["env"]
    before = snapshot(corpus / "po")
    again = ok(run_kb(["translations", "update", "--release", NEW], env, timeout=600))
    assert "nothing written" in again
    assert snapshot(corpus / "po") == before


def test_todo_lists_the_fuzzy_entries_with_their_word_diff_and_one_translated_leaves_it(updated):
    corpus, env, base = updated["corpus"], updated["env"], updated["base"]
    todo = json.loads(ok(run_kb(["translations", "todo", "--json"], env)))
    fuzzy = [i for i in todo["items"] if i["state"] == "fuzzy"]
    assert fuzzy and todo["counts"]["fuzzy"] == len(fuzzy)
    assert all(i["words"] for i in fuzzy if i["previous"])
    text = ok(run_kb(["translations", "todo"], env))
    # Each change in its sentence, marked as git's word diff marks it.
    assert f"[{fuzzy[0]['context']}] fuzzy" in text and ("[-" in text or "{+" in text) and "  changed: " in text
    # Catalog order: the parts in order, then the glossary.
    order = [(i["catalog"], i["line"]) for i in todo["items"]]
    files = sorted({c for c, _ in order}, key=lambda c: (c.endswith("glossary.po"), c))
    assert order == sorted(order, key=lambda x: (files.index(x[0]), x[1]))

    # A translator takes the first fuzzy entry, writes its Spanish, and imports it.
    item = fuzzy[0]
    source = corpus / item["catalog"]
    data = source.read_text(encoding="utf-8")
    po = read_po_file(source)
    entry = next(e for e in po.entries if e.context == item["context"])
    lines = data.split("\n")
    start, end = entry.start - 1, entry.line
    while end < len(lines) and lines[end].strip():
        end += 1
    block = [ln for ln in lines[start:end] if not ln.startswith(("#,", "#|"))]
    at = next(n for n, ln in enumerate(block) if ln.startswith("msgstr"))
    block[at:] = [f'msgstr "{item["spanish"].replace(chr(10), " ")} (revisado)"']
    filled = base / "filled.po"
    header = data.split("\n\n", 1)[0]
    filled.write_text(header + "\n\n" + "\n".join(block) + "\n", encoding="utf-8")
    ok(run_kb(["translations", "import", str(filled), "--replace"], env, timeout=600))
    after = json.loads(ok(run_kb(["translations", "todo", "--json"], env)))
    assert item["context"] not in {i["context"] for i in after["items"]}
    assert after["counts"]["fuzzy"] == len(fuzzy) - 1
    updated["translated"] = item["context"]


def test_the_updated_corpus_builds(updated):
    env, base = updated["env"], updated["base"]
    out = base / "site"
    ok(run_kb(["build", "--out", str(out), "--no-search"], env, timeout=900))
    site = out / "site" if (out / "site" / "index.html").is_file() else out
    todo = json.loads(ok(run_kb(["translations", "todo", "--state", "fuzzy", "--json"], env)))
    still = next(i["context"] for i in todo["items"] if "#" not in i["context"] and ":" not in i["context"])
    done = updated.get("translated")
    for lang, line in (("", "el texto inglés cambió el"), ("en/", "the English changed on")):
        folder = site / f"{lang}cr/{still.split('.')[0]}"
        page = (folder / "index.html").read_text(encoding="utf-8")
        card = page[page.index(f'id="{still}"'):]
        card = card[:card.index("</section>")]
        if lang:
            # The English card tells the English rule; its details tell the Spanish, with its warning.
            from kb.site.generate import details_file

            card = json.loads((folder / details_file(still)).read_text(encoding="utf-8"))[still]
        # The mark, in both languages, with the English's word diff one click away.
        assert "kb-trust--stale" in card and line in card and "14" in card, card[:600]
        assert '<details class="kb-stale">' in card and ("<ins>" in card or "<del>" in card)
        if done and "#" not in done and ":" not in done:
            page = (site / f"{lang}cr/{done.split('.')[0]}/index.html").read_text(encoding="utf-8")
            card = page[page.index(f'id="{done}"'):]
            assert "kb-trust--stale" not in card[:card.index("</section>")]
