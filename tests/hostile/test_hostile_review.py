"""Hostile cases beyond the first suite: a server that redirects to an address carrying a user name
and password, ... Each ends in one line, and the user's files stay as they were."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from test_hostile_fetch import SECRET, corpus, kb, one_line, server, snapshot  # noqa: E402,F401

# -- kb fetch ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("where", ["127.0.0.1", "127.0.0.1:{port}", "127.0.0.1:99999"])
def test_a_redirect_to_an_address_with_a_password_is_refused_without_saying_it(server, corpus, where):
    # http.client reads "alice:PASSWORD@127.0.0.1" as a host and a port, and its error said the password.
    where = where.format(port=server.httpd.server_port)
    server.routes["/r"] = (302, {"Location": f"http://alice:{SECRET}@{where}/MagicCompRules%2020260306.txt"}, b"")
    before = snapshot(corpus)
    line = one_line(kb("fetch", server.url("/r"), "--timeout", "10"), 1)
    assert SECRET not in line and "alice" not in line, line
    assert "user name and password" in line and "127.0.0.1" in line, line
    assert [path for path, _ in server.seen] == ["/r"]  # nothing followed, no credentials sent
    assert snapshot(corpus) == before
