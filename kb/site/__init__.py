"""The bilingual rules site.

Two steps kept apart: generation (`kb.site.generate`: knowledge base -> Markdown pages, with the
jinja2 templates of `site/templates/`) and building (`kb.site.builder`: Markdown -> HTML, the one
place that names the builder), then the search index (`kb.site.search`, Pagefind).

    from kb.site import build_site
    result = build_site(out="build")        # build/docs, build/mkdocs.yml, build/site
"""

from kb.site.build import STAGES, SiteBuild, build_site
from kb.site.builder import SiteBuildError

__all__ = ["STAGES", "SiteBuild", "SiteBuildError", "build_site"]
