"""How long a translator waits, from saving one edited catalog entry to the reloaded page showing it,
with `kb serve` against a full `kb build`, measured in the same run.

On a copy of the corpus (the project's own is never touched), with a store and output folder of
their own:
  full build   `kb build --force --json` with the knowledge base stored: what an edit cost before
               the preview (generate every page, build the site, index it)
  refresh      `kb serve` running on that build: one entry of the catalog saved (written whole and
               renamed over the file, as an editor saves), then the time until the server sends
               the edited rule's page with the new text, polled every 20 ms from the save, the
               reload signal first (what the open page polls); each run edits the entry again
  reload       the refresh plus the page's own polling interval (`kb.site.serve.POLL_MS`), the
               longest a browser waits to ask
Printed: each figure (the median of --runs edits), and the full build's time over the reload's.
Budget: reload <= 3 s.

    python3 bench/bench_preview.py [--rule 702.19b] [--runs 3] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

BUDGET = 3.0


def _get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.read()


def _entry(text: str, rule_id: str) -> tuple[int, int]:
    """Where the first line of `rule_id`'s msgstr starts and ends in the catalog `text`."""
    at = text.find(f'msgctxt "{rule_id}"\n')
    if at < 0:
        raise SystemExit(f"no catalog entry for {rule_id}")
    msgstr = text.index("\nmsgstr ", at) + 1
    line_end = text.index("\n", msgstr)
    if text[msgstr:line_end] == 'msgstr ""':  # a wrapped string: its first line follows
        msgstr, line_end = line_end + 1, text.index("\n", line_end + 1)
        if not text[msgstr:].startswith('"'):
            raise SystemExit(f"{rule_id} has no Spanish text to edit")
        return msgstr, line_end
    return msgstr + len("msgstr "), line_end


def _wait_for(events: queue.Queue, kinds: tuple[str, ...], seconds: float) -> dict | None:
    """The next event of the server of one of `kinds`, the others passed over; None after `seconds`."""
    deadline = time.perf_counter() + seconds
    while (left := deadline - time.perf_counter()) > 0:
        try:
            event = events.get(timeout=left)
        except queue.Empty:
            return None
        if event.get("event") in kinds:
            return event
    return None


def _save(path: Path, text: str) -> None:
    """As an editor saves: the whole file written beside it, then renamed over it."""
    temporary = path.with_name(path.name + ".saving")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rule", default="702.19b", help="the rule whose entry is edited (default: 702.19b, "
                        "on the heaviest section page)")
    parser.add_argument("--runs", type=int, default=3, help="edits measured (the median is reported)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")

    from kb.corpus import corpus_dir
    from kb.site.serve import POLL_MS, RELOAD_PATH
    from kb.site.urls import page_url

    with tempfile.TemporaryDirectory(prefix="bench-preview-") as scratch:
        corpus, store, out = Path(scratch) / "corpus", Path(scratch) / "store", Path(scratch) / "out"
        shutil.copytree(corpus_dir(), corpus)
        env = {**os.environ, "KB_CORPUS": str(corpus), "KB_STORE": str(store), "PYTHONPATH": str(ROOT)}
        catalog = next(path for path in sorted((corpus / "po").glob("*.po"))
                       if f'msgctxt "{args.rule}"\n' in path.read_text(encoding="utf-8"))
        build = [sys.executable, "-m", "kb", "build", "--out", str(out), "--json"]
        # The first build stores the knowledge base; the second is the baseline, as a translator ran it.
        subprocess.run(build, env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        start = time.perf_counter()
        subprocess.run([*build, "--force"], env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        full = time.perf_counter() - start

        serve = subprocess.Popen([sys.executable, "-m", "kb", "serve", "--out", str(out), "--port", "0", "--json"],
                                 env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        events: queue.Queue = queue.Queue()

        def read_events() -> None:
            for line in serve.stdout:  # type: ignore[union-attr]
                events.put(json.loads(line))

        threading.Thread(target=read_events, daemon=True).start()
        try:
            serving = events.get(timeout=3600)
            url = serving["url"]
            section = args.rule.split(".")[0]
            page = url + page_url(f"cr/{section}", "es")
            version_url = url + RELOAD_PATH.lstrip("/")
            refreshes: list[float] = []
            steps: list[dict] = []
            for run in range(args.runs):
                # Each edit starts from a quiet preview: the previous save's later files (search,
                # API, text files) made, or at most two minutes waited for them.
                if run:
                    _wait_for(events, ("later", "refused"), 120)
                time.sleep(0.5)
                version = _get(version_url)
                text = catalog.read_text(encoding="utf-8")
                begin, end = _entry(text, args.rule)
                word = f"EDICIÓN{run}"
                edited = text[:begin] + '"' + word + " " + re.sub(r"^\"(EDICIÓN\d+ )?", "", text[begin:end])
                edited += text[end:]
                saved = time.perf_counter()
                _save(catalog, edited)
                deadline = saved + 120
                while _get(version_url) == version or word.encode() not in _get(page):
                    if time.perf_counter() > deadline:
                        raise SystemExit(f"the page never showed the edit of {args.rule}")
                    time.sleep(0.02)
                refreshes.append(time.perf_counter() - saved)
                event = _wait_for(events, ("pages",), 120)  # the server's own account of its steps
                if event is not None:
                    steps.append({"seconds": event["seconds"], **event["timings"]})
        finally:
            serve.terminate()
            serve.wait(timeout=60)

    refresh = statistics.median(refreshes)
    reload = refresh + POLL_MS / 1000
    figures = {"rule": args.rule, "full_build_s": round(full, 3), "refresh_s": round(refresh, 3),
               "refresh_runs_s": [round(r, 3) for r in refreshes], "server_steps_s": steps,
               "reload_s": round(reload, 3),
               "ratio": round(full / reload, 1), "budget_s": BUDGET, "within_budget": reload <= BUDGET}
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print(f"full build (kb build --force)   {full:7.2f} s")
        print(f"refresh (save to page served)   {refresh:7.2f} s   runs: "
              + ", ".join(f"{r:.2f}" for r in refreshes))
        print(f"reload (+ page's poll {POLL_MS} ms)   {reload:7.2f} s   budget {BUDGET:.1f} s "
              f"({'within' if reload <= BUDGET else 'OVER'})")
        print(f"full build / reload             {full / reload:7.1f}x")
        for number, step in enumerate(steps, 1):
            print(f"  edit {number}, in the server: " + ", ".join(f"{k} {v:.2f} s" for k, v in step.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
