"""What every test of the suite may share: the knowledge base of the embedded corpus, loaded once; the
executable examples, copied once; and the real site, built once per run by `kb build --json` and read
by every test that needs it (the site's pages, the browser tests, the command's own contract).

With pytest-xdist (`.ci/run` runs the suite on three workers), the tests that read the real site form
two groups (`--dist loadgroup`): those that open it in a browser, and the others. Each group runs in
one worker, both read the one build the first of them makes (the other waits for it on a lock), and
the remaining worker runs the rest; the store of the knowledge base and the npm packages the lock file
pins are made ready once, before the workers start, so that no two of them build or install the same
thing at once."""

from __future__ import annotations

import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import settings

from node_packages import install_node_packages

# Imported before any test runs: kb.examples.catalog binds the project's root when first imported,
# and a test that patches kb.corpus.PROJECT_ROOT (tests/site/test_build_stamp.py) must not be first.
from kb.examples.catalog import examples_dir

# Speed is measured in bench/, never in a test: no deadline for one example of a property, which the
# first example (importing what it needs) or a busy machine running several workers can miss.
settings.register_profile("suite", deadline=None)
settings.load_profile("suite")

# The fixtures that build or serve the real site: a test using any of them joins a group, the
# browser's when it opens a browser.
REAL_SITE_FIXTURES = {"real_build", "real_site", "real_server"}
REAL_SITE_GROUP = "real-site"
REAL_SITE_BROWSER_GROUP = "real-site-browser"


def _is_xdist_controller(config) -> bool:
    return getattr(config.option, "numprocesses", None) not in (None, 0) and not hasattr(config, "workerinput")


def pytest_sessionstart(session):
    """Under xdist, the one process that starts the workers makes the shared inputs ready first."""
    if not _is_xdist_controller(session.config):
        return
    from kb.knowledge import KnowledgeBase

    try:
        KnowledgeBase.load()  # the store of the embedded corpus, built once if need be
    except Exception:  # noqa: BLE001 - the tests that load it fail with the reason, one by one
        pass
    install_node_packages()


@pytest.hookimpl(tryfirst=True)  # before xdist's, which reads the groups
def pytest_collection_modifyitems(config, items):
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if REAL_SITE_FIXTURES & fixtures:
            group = REAL_SITE_BROWSER_GROUP if "browser" in fixtures else REAL_SITE_GROUP
            item.add_marker(pytest.mark.xdist_group(group))


def _shared_folder(tmp_path_factory) -> Path:
    """A folder every worker of this run sees (the parent of the workers' own), or this process's
    own when the suite runs without workers."""
    base = tmp_path_factory.getbasetemp()
    return base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base


@pytest.fixture(scope="session")
def examples_snapshot(tmp_path_factory):
    """The executable examples, copied once: every build of the run, in every worker, reads the same
    files (a build's stamp names them)."""
    from kb.atomic import file_lock

    shared = _shared_folder(tmp_path_factory)
    copy = shared / "examples"
    with file_lock(shared / "examples.lock"):
        if not copy.is_dir():
            shutil.copytree(examples_dir(), copy)
    before = os.environ.get("KB_EXAMPLES")
    os.environ["KB_EXAMPLES"] = str(copy)
    yield copy
    if before is None:
        os.environ.pop("KB_EXAMPLES", None)
    else:
        os.environ["KB_EXAMPLES"] = before


@pytest.fixture(scope="session")
def real_kb():
    try:
        from kb.knowledge import KnowledgeBase
    except ImportError as err:
        pytest.skip(f"the knowledge base is not available: {err}")
    return KnowledgeBase.load()


@dataclass(frozen=True)
class RealBuild:
    """The session's build of the real site: what `kb build --out OUT --json` printed and exited with,
    and the `kb.site.SiteBuild` it made."""

    out: Path
    exit_code: int
    stdout: str
    stderr: str
    exception: BaseException | None
    site: object


def _recorded(build: RealBuild) -> str:
    from dataclasses import asdict

    site = asdict(build.site)
    return json.dumps({"out": str(build.out), "exit_code": build.exit_code, "stdout": build.stdout,
                       "stderr": build.stderr, "site": {k: str(v) if isinstance(v, Path) else v for k, v in site.items()}})


def _read_back(text: str) -> RealBuild:
    from kb.site.build import SiteBuild
    from kb.site.builder import BuilderRun

    data = json.loads(text)
    site = data["site"]
    for name in ("out_dir", "docs_dir", "site_dir", "config_file"):
        site[name] = Path(site[name])
    site["builder"] = BuilderRun(**site["builder"]) if site["builder"] is not None else None
    return RealBuild(Path(data["out"]), data["exit_code"], data["stdout"], data["stderr"], None, SiteBuild(**site))


@pytest.fixture(scope="session")
def real_build(tmp_path_factory, examples_snapshot) -> RealBuild:
    """The whole site from the embedded corpus, built once per test session, by the command itself:
    by the first worker that asks for it, the others reading what that build printed and made."""
    from kb.atomic import file_lock

    shared = _shared_folder(tmp_path_factory)
    record = shared / "real-site.json"
    with file_lock(shared / "real-site.lock"):
        if record.is_file():
            return _read_back(record.read_text(encoding="utf-8"))
        build = _build_real_site(shared / "real-site")
        record.write_text(_recorded(build), encoding="utf-8")
        return build


def _build_real_site(out: Path) -> RealBuild:
    from click.testing import CliRunner

    import kb.site
    from kb.cli.main import cli

    out.mkdir()
    made = []
    build_site = kb.site.build_site

    def recorded(*args, **kwargs):
        made.append(build_site(*args, **kwargs))
        return made[-1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(kb.site, "build_site", recorded)
        result = CliRunner().invoke(cli, ["build", "--out", str(out), "--json"])
    if result.exit_code != 0 or len(made) != 1:
        pytest.fail(f"kb build failed ({result.exit_code}): {result.stderr or result.exception!r}")
    return RealBuild(out, result.exit_code, result.stdout, result.stderr, result.exception, made[0])


@pytest.fixture(scope="session")
def real_site(real_build):
    """The `kb.site.SiteBuild` of the session's build of the real site."""
    return real_build.site
