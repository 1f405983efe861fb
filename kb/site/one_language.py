"""The site builder run for one language of the site alone: `python -m kb.site.one_language LANG ARGS`,
ARGS those of the builder's command line (`kb.site.builder.BUILDER_COMMAND`).

The i18n plugin (mkdocs-static-i18n) builds the default language, then each other language in turn,
in one process. Here the process builds `LANG` alone, as that turn builds it: the plugin starts in
`LANG` and builds no other. One such process per language makes every page of the site on as many
processors; `kb.site.builder.run_builder` lays their outputs one over the other in the plugin's order.
"""

from __future__ import annotations

import functools
import sys


def build_one_language(lang: str) -> None:
    """Make the i18n plugin of this process build `lang` alone."""
    from mkdocs_static_i18n.plugin import I18n

    starts, ends = I18n.on_config, I18n.on_post_build

    @functools.wraps(starts)
    def on_config(self, config):
        if self.current_language is None:
            self.current_language = lang
        return starts(self, config)

    @functools.wraps(ends)
    def on_post_build(self, config):
        # The plugin builds the other languages unless it is building one already.
        self.building = True
        return ends(self, config)

    I18n.on_config = on_config
    I18n.on_post_build = on_post_build


def main(argv: list[str]) -> None:
    lang, args = argv[0], argv[1:]
    build_one_language(lang)
    from mkdocs.__main__ import cli

    cli.main(args=args, prog_name="mkdocs")


if __name__ == "__main__":
    main(sys.argv[1:])
