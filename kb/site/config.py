"""The builder's configuration for one build: the project's `mkdocs.yml` with absolute paths for
this output folder, the navigation of each language, and the search settings."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from kb.site.locale import LANGS, strings
from kb.site.paths import MKDOCS_CONFIG, OVERRIDES_DIR


class SiteConfigError(ValueError):
    """The project's mkdocs.yml is missing or not what the build expects."""


def load_base_config(path: Path = MKDOCS_CONFIG) -> dict[str, Any]:
    try:
        data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise SiteConfigError(f"{path}: the site configuration is missing") from None
    except yaml.YAMLError as err:
        raise SiteConfigError(f"{path}: {err}") from None
    if not isinstance(data, dict):
        raise SiteConfigError(f"{path}: expected a mapping at the top level")
    return data


def _i18n_plugin(config: dict[str, Any], path: Path) -> dict[str, Any]:
    for plugin in config.get("plugins", []):
        if isinstance(plugin, dict) and "i18n" in plugin:
            return plugin["i18n"]
    raise SiteConfigError(f"{path}: the i18n plugin is not configured")


def search_strings(lang: str) -> dict[str, str]:
    t = strings(lang)
    return {
        "placeholder": t["search_placeholder"],
        "zero": t["search_zero"],
        "one": t["search_one"],
        "many": t["search_many"],
        "more": t["search_more"],
        "clear_label": t["search_clear"],
        "searching": t["search_searching"],
        "noscript": t["search_noscript"],
        "corrected": t["search_corrected"],
        "goto_rule": t["search_goto_rule"],
        "shown": t["search_shown"],
        "no_rule": t["search_no_rule"],
        "unknown": t["search_unknown"],
        "nearest": t["search_nearest"],
        "hits": t["search_hits"],
        "hit_next": t["search_hit_next"],
        "hit_previous": t["search_hit_previous"],
        "glossary_entry": t["glossary"],
        "help": t["search_help"],
    }


def footer_strings(lang: str) -> dict[str, str]:
    t = strings(lang)
    return {"official": t["official_rules"], "official_url": OFFICIAL_RULES, "fan": t["fan_notice"]}


# The official rules page, where the English releases are published.
OFFICIAL_RULES = "https://magic.wizards.com/en/rules"


def write_build_config(
    out_dir: Path,
    docs_dir: Path,
    site_dir: Path,
    nav: dict[str, list[Any]],
    search: bool,
    base: Path = MKDOCS_CONFIG,
) -> Path:
    """Write `out_dir/mkdocs.yml` for this build and return its path."""
    config = load_base_config(base)
    config["docs_dir"] = str(Path(docs_dir).resolve())
    config["site_dir"] = str(Path(site_dir).resolve())
    theme = dict(config.get("theme") or {})
    theme["custom_dir"] = str(OVERRIDES_DIR.resolve())
    config["theme"] = theme
    extra = dict(config.get("extra") or {})
    extra["pagefind"] = bool(search)
    extra["search_strings"] = {lang: search_strings(lang) for lang in LANGS}
    extra["footer_strings"] = {lang: footer_strings(lang) for lang in LANGS}
    config["extra"] = extra
    i18n = _i18n_plugin(config, base)
    for language in i18n.get("languages", []):
        lang = language.get("locale")
        if lang in nav:
            language["nav"] = nav[lang]
            language["site_name"] = strings(lang)["site_name"]
            language["site_description"] = strings(lang)["site_description"]
    path = Path(out_dir) / "mkdocs.yml"
    path.parent.mkdir(parents=True, exist_ok=True)
    header = "# Written by `kb build` from the project's mkdocs.yml; regenerated on every build.\n"
    path.write_text(header + yaml.safe_dump(config, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path
