"""Pair each Spanish rule a wiki page quotes with the English rule it translates.

A quote is aligned section by section: the Spanish records of one section are tried together against
every (release, section number) the corpus offers for them — the same number in every release, and
wherever the history traces that number — and scored on content alone (see `kb.align.signals`).
The best candidate is the one whose content agrees most, then whose numbering is the Spanish one,
then the one nearest the release the quote's stamp names. Each record then gets its status:

- exact: the stated release, the same number, the content agrees;
- nearest: the stated release is not in the corpus, and the closest one agrees;
- renumbered: the stated release numbers the rule differently from the Spanish;
- drifted: the Spanish agrees with an English text that had changed by the stated release (or by the
  first release after it);
- unmatched: no English record agrees.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from kb.align.index import ReleaseIndex, _content, renumber, section_of
from kb.align.records import Alignment, Status
from kb.align.signals import Agreement, Fingerprint, compare
from kb.align.stamps import proximity, reference_release, stamp_evidence
from kb.align.wording import Vocabulary, older_wording, wordings
from kb.model import Quote, Rule, WikiPage

_POINTS = {"agrees": 2, "partial": 1, "disagrees": 0}
# Below this share of the best possible score the numbered candidates are judged wrong, and every
# section of every release is searched for the content instead.
_SEARCH_BELOW = 0.5
# A section searched by content must hold at least this share of the Spanish ids.
_SEARCH_COVERAGE = 0.5
# Rules of a group followed through the history besides its section heading.
_FOLLOWED_RULES = 2


class TitleKnowledge:
    """Spanish section titles and the English titles they are known to translate (from the navigation
    boxes), to judge whether a Spanish section heading and an English one name the same thing."""

    def __init__(self, pairs: Iterable[tuple[str, str]] = ()):
        self._known: dict[str, set[str]] = {}
        for es, en in pairs:
            self._known.setdefault(normalize_title(es), set()).add(normalize_title(en))

    def agrees(self, title_es: str, title_en: str) -> bool | None:
        known = self._known.get(normalize_title(title_es))
        if not known:
            return None
        return normalize_title(title_en) in known

    def __len__(self) -> int:
        return len(self._known)


def normalize_title(title: str) -> str:
    return " ".join(title.casefold().replace("’", "'").split()).strip(" .")


@dataclass
class _Pick:
    release: str
    rule_id: str
    agreement: Agreement | None


class RuleAligner:
    """Aligns the rule quotes of wiki pages against the English releases of `index`."""

    def __init__(self, index: ReleaseIndex, titles: TitleKnowledge | None = None,
                 vocabulary: Vocabulary | None = None):
        self.index = index
        self.titles = titles or TitleKnowledge()
        self.vocabulary = vocabulary
        self._es_fingerprints: dict[int, Fingerprint] = {}

    # -- public -------------------------------------------------------------------------------

    def align_page(self, page: WikiPage) -> list[Alignment]:
        out: list[Alignment] = []
        for quote in page.quotes:
            if quote.document != "cr" or not quote.rules:
                continue
            for section, records in _by_section(quote.rules):
                out.extend(self.align_group(records, section, quote, page.title))
        return out

    def align_group(self, records: list[Rule], section: str, quote: Quote, page_title: str = "") -> list[Alignment]:
        stated = quote.stamp.date if quote.stamp else None
        release, target, _ = self._choose(records, section, stated)
        results = []
        for record in records:
            pick = None
            if release is not None:
                en_id = renumber(record.id, section, target)
                pick = _Pick(release, en_id, self._compare(record, release, en_id, section, target))
                if pick.agreement is None or pick.agreement.level == "disagrees":
                    pick = self._search_record(record, section, stated) or pick
            results.append(self._judge(record, section, pick, quote, page_title))
        return results

    # -- choosing the release and section ------------------------------------------------------

    def _choose(self, records: list[Rule], section: str, stated: str | None):
        candidates = self._numbered_candidates(section, records)
        best = self._best(records, section, candidates, stated)
        top = 2 * len(records)
        if best is None or best[2] < _SEARCH_BELOW * top:
            searched = self._content_candidates(records, section) - candidates
            found = self._best(records, section, searched, stated)
            if found is not None and (best is None or found[2] > best[2]):
                best = found
        if best is None:
            return None, None, 0
        return best

    def _numbered_candidates(self, section: str, records: list[Rule]) -> set[tuple[str, str]]:
        """The section under its own number in every release, and wherever the history takes it; the
        history may lose a renamed heading, so a few of the group's rules are followed as well."""
        index = self.index
        found = set()
        followed = [section] + [r.id for r in records if r.id != section][:_FOLLOWED_RULES]
        for rule_id in followed:
            for release in index.releases:
                if index.rule(release, rule_id) is None:
                    continue
                if rule_id == section:
                    found.add((release, section))
                for other, moved in index.trace(rule_id, release).items():
                    if moved is not None:
                        found.add((other, section_of(moved)))
        return found

    def _content_candidates(self, records: list[Rule], section: str) -> set[tuple[str, str]]:
        """Sections of any release that hold most of the Spanish ids, renumbered, and whose record for
        the Spanish record richest in content (references, numbers, examples) agrees with it. A group
        with no such content cannot be found by content."""
        probe = max(records, key=lambda r: _richness(self.fingerprint_es(r)))
        if _richness(self.fingerprint_es(probe)) == 0:
            return set()
        found = set()
        for release in self.index.releases:
            rules = self.index.rules[release]
            for rule in rules.values():
                if rule.kind != "section" and not (rule.kind == "part" and section_of(section) == section):
                    continue
                target = rule.id
                held = sum(1 for r in records if renumber(r.id, section, target) in rules)
                if held < _SEARCH_COVERAGE * len(records):
                    continue
                agreement = self._compare(probe, release, renumber(probe.id, section, target), section, target)
                if agreement is not None and agreement.level == "agrees":
                    found.add((release, target))
        return found

    def _best(self, records, section, candidates, stated):
        scored = []
        for release, target in candidates:
            total = 0
            for record in records:
                agreement = self._compare(record, release, renumber(record.id, section, target), section, target)
                if agreement is not None:
                    total += _POINTS[agreement.level]
            scored.append(((-total, target != section, proximity(release, stated)), (release, target, total)))
        if not scored:
            return None
        scored.sort(key=lambda item: item[0])
        return scored[0][1]

    def _search_record(self, record: Rule, section: str, stated: str | None) -> _Pick | None:
        """The group's choice does not hold for this record: try its number and its traces alone."""
        index = self.index
        candidates = set()
        for release in index.releases:
            if index.rule(release, record.id) is not None:
                candidates.add((release, record.id))
                for other, rule_id in index.trace(record.id, release).items():
                    if rule_id is not None:
                        candidates.add((other, rule_id))
        scored = []
        for release, rule_id in candidates:
            agreement = self._compare(record, release, rule_id, section, section_of(rule_id))
            if agreement is None or agreement.level == "disagrees":
                continue
            key = (-_POINTS[agreement.level], -agreement.score, rule_id != record.id, proximity(release, stated))
            scored.append((key, _Pick(release, rule_id, agreement)))
        if not scored:
            return None
        scored.sort(key=lambda item: item[0])
        return scored[0][1]

    # -- comparing ----------------------------------------------------------------------------------

    def fingerprint_es(self, record: Rule) -> Fingerprint:
        key = id(record)
        if key not in self._es_fingerprints:
            self._es_fingerprints[key] = Fingerprint.of(record.text, [e.text for e in record.examples], "es")
        return self._es_fingerprints[key]

    def _compare(self, record: Rule, release: str, en_id: str, section: str, target: str) -> Agreement | None:
        english = self.index.rule(release, en_id)
        if english is None:
            return None
        es_print = self.fingerprint_es(record)
        en_print = self.index.fingerprint(release, en_id)
        ref_map = {r: renumber(r, section, target) for r in es_print.refs} if target != section else None
        title = None
        if record.kind in ("section", "part"):
            title = self.titles.agrees(record.text, english.text)
        return compare(es_print, en_print, ref_map=ref_map, title_agrees=title)

    # -- the verdict --------------------------------------------------------------------------------

    def _judge(self, record: Rule, section: str, pick: _Pick | None, quote: Quote, page_title: str) -> Alignment:
        index = self.index
        stamp = quote.stamp
        stated = stamp.date if stamp else None
        evidence = [stamp_evidence(stamp, stated, index)]
        base = dict(kind="rule", es=record, page_title=page_title, stamp=stamp, stated_release=stated)
        if pick is None or pick.agreement is None or pick.agreement.level == "disagrees":
            if pick is not None and pick.agreement is not None:
                evidence.append(
                    f"closest English: {pick.rule_id} of {pick.release}, which {pick.agreement.describe()}"
                )
            else:
                evidence.append(f"no English rule {record.id} or traced from it in any release")
            return Alignment(status="unmatched", en=None, evidence=evidence, **base)

        release, en_id, agreement = pick.release, pick.rule_id, pick.agreement
        english = index.rule(release, en_id)
        evidence.append(f"English {en_id} of {release} {agreement.describe()}")
        if agreement.level == "partial":
            evidence.append("the content only partly agrees: the Spanish may translate an English text not in the corpus")

        status: Status
        reference = reference_release(stated, index)
        drift = self._drift(record, section, release, en_id, reference) if reference and reference > release else None
        if drift is not None:
            status = "drifted"
            evidence.append(drift)
        elif stated is None:
            status = "nearest"
        elif stated in index.releases:
            stated_id = index.traced(en_id, release, stated)
            if release == stated and en_id == record.id:
                status = "exact"
            elif stated_id != record.id:
                status = "renumbered"
                where = f"is {stated_id}" if stated_id else "does not exist"
                evidence.append(
                    f"in the stated release {stated} this rule {where}; the Spanish number {record.id} "
                    f"is that of {release} ({en_id})"
                )
            else:
                at_stated = self._compare(record, stated, stated_id, section, section_of(stated_id))
                if at_stated is not None and at_stated.level == "agrees":
                    status = "exact"
                    release, en_id, english = stated, stated_id, index.rule(stated, stated_id)
                    evidence.append(f"English {en_id} of {stated} {at_stated.describe()}")
                else:
                    status = "nearest"
        else:
            status = "renumbered" if en_id != record.id else "nearest"
            if status == "renumbered":
                evidence.append(f"the Spanish number {record.id} is {en_id} in {release}")
        if status == "exact" and self.vocabulary is not None:
            older = older_wording(_content(record), wordings(index, en_id, release), self.vocabulary)
            if older is not None:
                status = "drifted"
                release, en_id = older.wording.release, older.wording.rule_id
                english = index.rule(release, en_id)
                evidence.append(older.evidence)
        if status != "drifted" and reference and reference > release:
            changed = index.changed_in(en_id, release)
            if changed is not None and changed <= reference:
                evidence.append(
                    f"the English wording changed by {changed}, in no way the Spanish shows: it may "
                    f"translate either text"
                )
        return Alignment(
            status=status, en=english, evidence=evidence, english_release=release, **base
        )

    def _drift(self, record: Rule, section: str, release: str, en_id: str, reference: str) -> str | None:
        """Whether the English the Spanish agrees with had changed by `reference`, and how."""
        later_id = self.index.traced(en_id, release, reference)
        if later_id is None:
            return (
                f"the English changed after {release}: {reference} no longer has this rule "
                f"(the Spanish agrees with the older text)"
            )
        later = self._compare(record, reference, later_id, section, section_of(later_id))
        before = self._compare(record, release, en_id, section, section_of(en_id))
        if later is None:
            return None
        if later.level == "disagrees" or (later.level == "partial" and before and before.level == "agrees"):
            return (
                f"the English changed after {release}: {later_id} of {reference} {later.describe()} "
                f"(the Spanish agrees with the older text)"
            )
        return None


def _richness(fingerprint: Fingerprint) -> int:
    return len(fingerprint.refs) + len(fingerprint.digits) + fingerprint.examples


def _by_section(rules: list[Rule]) -> list[tuple[str, list[Rule]]]:
    groups: dict[str, list[Rule]] = {}
    for rule in rules:
        groups.setdefault(section_of(rule.id), []).append(rule)
    return list(groups.items())
