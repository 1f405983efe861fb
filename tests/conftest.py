"""What every test of the suite may share: the knowledge base of the embedded corpus, loaded once; the
executable examples, copied once; and the real site, built once per run by `kb build --json` and read
by every test that needs it (the site's pages, the browser tests, the command's own contract).

With pytest-xdist (`-n 2`, as `.ci/run` runs the suite), the tests that read the real site form one
group (`--dist loadgroup`), so that one worker builds it while the other runs the rest; and the store
of the knowledge base and the npm packages the lock file pins are made ready once, before the
workers start, so that no two of them build or install the same thing at once."""

from __future__ import annotations

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

# The fixtures that build or serve the real site: a test using any of them joins its group.
REAL_SITE_FIXTURES = {"real_build", "real_site", "real_server"}
REAL_SITE_GROUP = "real-site"


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
        if REAL_SITE_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.xdist_group(REAL_SITE_GROUP))


@pytest.fixture(scope="session")
def examples_snapshot(tmp_path_factory):
    """The executable examples, copied once: every build of the session reads the same files."""
    copy = tmp_path_factory.mktemp("examples") / "examples"
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


@pytest.fixture(scope="session")
def real_build(tmp_path_factory, examples_snapshot) -> RealBuild:
    """The whole site from the embedded corpus, built once per test session, by the command itself."""
    from click.testing import CliRunner

    import kb.site
    from kb.cli.main import cli

    out = tmp_path_factory.mktemp("real-site")
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
