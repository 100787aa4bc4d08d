"""The invalid clients: well-framed requests the server must refuse with the right status and code.

Holds InvalidClients, the mixin of Soak with the invalid cases (bad JSON, empty body, nesting
over --max-depth, wrong types, missing or out-of-range values, unknown schema or path, wrong
method, media type or query option) sent round after round on one keep-alive connection
(invalid_worker), and the 200k-element array of {} whose error list must be capped
(many_errors_worker, judge_capped).

Python 3 standard library only.
"""
import time

from soak_checks import (C_422, C_BAD_JSON, C_DEEP, C_EMPTY, C_MANY, C_MEDIA, C_METHOD, C_NOT_FOUND, C_OPTION, C_TYPES,
                         C_UNKNOWN)
from soak_harness import Harness
from soak_http import MIB, request_bytes

# The error list of a document is capped at this many entries plus one `too_many_errors`.
MAX_ERRORS = 100
# The body of a capped error list stays below this (100 errors of ~100 bytes each, and slack).
CAPPED_BODY_BYTES = 64 * 1024


class InvalidClients(Harness):
    """Invalid traffic; a mixin of Soak (see soak.py)."""

    def invalid_cases(self):
        """(check, request bytes, method, expected status, expected code or None, extra test)."""
        deep = b"[" * 300 + b"]" * 300
        allow = lambda response: None if response.header("allow") else "405 without an Allow header"  # noqa: E731
        return [
            (C_BAD_JSON, request_bytes("POST", "/convert/GithubUser", b'{"login": "x", "id": 1,,}'), "POST", 400, "bad_json", None),
            (C_BAD_JSON, request_bytes("POST", "/convert/GithubUser", b'{"login": "x", "id": '), "POST", 400, "bad_json", None),
            (C_BAD_JSON, request_bytes("POST", "/convert/WeiboStatus", b'{"text": "\xff\xfe"}'), "POST", 400, "bad_json", None),
            (C_EMPTY, request_bytes("POST", "/convert/GithubUser", b""), "POST", 400, "empty_body", None),
            (C_DEEP, request_bytes("POST", "/convert/GithubUser", deep), "POST", 400, "too_deep", None),
            (C_TYPES, request_bytes("POST", "/convert/GithubUser",
                                    b'{"login": ["x"], "id": {"a": 1}, "followers": "many", "site_admin": "maybe"}'),
             "POST", 422, None, self.expect_errors(4)),
            (C_422, request_bytes("POST", "/convert/GithubUser", b"{}"), "POST", 422, "missing", self.expect_errors(2)),
            (C_422, request_bytes("POST", "/convert/GithubUser", b'{"login": "", "id": -1, "public_repos": 1e20}'),
             "POST", 422, None, self.expect_errors(3)),
            (C_UNKNOWN, request_bytes("POST", "/convert/NoSuchModel", self.user), "POST", 404, "unknown_schema", None),
            (C_NOT_FOUND, request_bytes("GET", "/no/such/endpoint/here"), "GET", 404, "not_found", None),
            (C_METHOD, request_bytes("GET", "/convert/GithubUser"), "GET", 405, "method_not_allowed", allow),
            (C_METHOD, request_bytes("POST", "/healthz", b"{}"), "POST", 405, "method_not_allowed", allow),
            (C_MEDIA, request_bytes("POST", "/convert/GithubUser", self.user, "text/plain"), "POST", 415,
             "unsupported_media_type", None),
            (C_OPTION, request_bytes("POST", "/convert/GithubUser?mode=fast", self.user), "POST", 400, "invalid_option", None),
        ]

    @staticmethod
    def expect_errors(minimum):
        def check(response):
            document = response.json()
            errors = document.get("errors") if isinstance(document, dict) else None
            if not isinstance(errors, list) or len(errors) < minimum:
                return f"expected at least {minimum} errors, got {response.brief()}"
            return None
        return check

    def invalid_worker(self):
        cases = self.invalid_cases()
        conn = None
        index = 0
        while self.running():
            check, raw, method, status, code, extra = cases[index % len(cases)]
            index += 1
            response, conn = self.exchange("invalid", check, raw, conn, method)
            if response is None:
                self.pause(0.2)
                continue
            problem = None
            if response.status != status:
                problem = f"expected {status}, got {response.brief()}"
            elif code and response.code() != code:
                problem = f"expected code {code}, got {response.brief()}"
            elif extra:
                problem = extra(response)
            if problem:
                self.tally.fail(check, f"{problem} [{response.context}]")
            else:
                self.tally.ok(check)

    def many_errors_worker(self):
        """The 200k-element array, on a new connection, every few seconds."""
        raw = request_bytes("POST", "/convert/GithubUser", self.big_array)
        while self.running():
            started = time.monotonic()
            response, conn = self.exchange("invalid: 200k {}", C_MANY, raw, None, timeout=120)
            if conn:
                conn.close()
            if response is not None:
                problem = self.judge_capped(response, time.monotonic() - started)
                if problem:
                    self.tally.fail(C_MANY, problem)
                else:
                    self.tally.ok(C_MANY)
            if not self.pause(self.args.array_interval):
                break

    @staticmethod
    def judge_capped(response, seconds):
        if response.status != 422:
            return f"expected 422, got {response.brief()}"
        document = response.json()
        errors = document.get("errors") if isinstance(document, dict) else None
        if not isinstance(errors, list):
            return f"422 without an error list: {response.brief()}"
        capped = errors and isinstance(errors[-1], dict) and errors[-1].get("code") == "too_many_errors"
        listed = len(errors) - (1 if capped else 0)
        size = f"{len(response.body) / 1024:,.0f} KiB" if len(response.body) < MIB else f"{len(response.body) / MIB:,.1f} MiB"
        if not capped or listed > MAX_ERRORS or len(response.body) > CAPPED_BODY_BYTES:
            return (f"{len(errors):,} errors, {'a' if capped else 'no'} too_many_errors entry, body {size}, "
                    f"answered in {seconds:.1f} s (want ≤ {MAX_ERRORS} + too_many_errors, ≤ {CAPPED_BODY_BYTES // 1024} KiB)")
        return None
