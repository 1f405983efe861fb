"""What is shown with a Spanish text that translates an older English, beneath its warning: the
English's word diff since that release, the history's own, one click away (on the Spanish card, and
with the Spanish text in the English page's details). Kept apart from the rest of the card
(`kb.site.views.rule_view` only calls `stale_view`), with its template `site/templates/stale.html.j2`."""

from __future__ import annotations

from dataclasses import dataclass

from kb.site.locale import strings


@dataclass(frozen=True)
class WordView:
    old: str
    new: str


@dataclass(frozen=True)
class StaleView:
    """The summary of the <details> and the words changed, release by release (the warning itself
    is the text's label's, `kb.site.views.Trust.warning`, shown for the same texts: those
    `kb.translations.precedence.is_stale` judges)."""

    summary: str
    changes: list[tuple[str, list[WordView]]]


def stale_view(data, rule, lang: str) -> StaleView | None:
    """For a rule whose shown Spanish translates an English that changed since: what to say, in
    `lang`; None for any other rule."""
    from kb.site.locale import format_release
    from kb.translations.precedence import is_stale

    spanish = rule.spanish
    if spanish is None or not is_stale(spanish):
        return None
    since = spanish.english_release or ""
    changes = []
    for event in rule.history:
        if since and event.release <= since:
            continue
        words = [WordView(w.old, w.new) for w in event.words]
        if words:
            changes.append((format_release(event.release, lang), words))
    t = strings(lang)
    return StaleView(t["stale_english_changes"], changes)
