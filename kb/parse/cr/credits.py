"""The back of the document: the credits, then the repeated effective date and the publisher's,
trademark and contact notices, which are reported as skipped rather than taken for credits."""

from __future__ import annotations

import re

_NOTICE = re.compile(
    r"^(?:Published by|Questions\?)|trademark|trade mark|all rights reserved|\u00a9|\(c\) ?\d{4}|Pat\. No\.",
    re.IGNORECASE,
)

NOTICE_REASON = "publisher, trademark and contact notices"


def is_notice(text: str) -> bool:
    return _NOTICE.search(text) is not None
