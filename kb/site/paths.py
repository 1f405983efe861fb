"""Where the site's sources and outputs are."""

from __future__ import annotations

from kb.corpus import PROJECT_ROOT

SITE_SOURCES = PROJECT_ROOT / "site"
TEMPLATES_DIR = SITE_SOURCES / "templates"
OVERRIDES_DIR = SITE_SOURCES / "overrides"
ASSETS_DIR = SITE_SOURCES / "assets"
MKDOCS_CONFIG = PROJECT_ROOT / "mkdocs.yml"
DEFAULT_OUT = PROJECT_ROOT / "build"
