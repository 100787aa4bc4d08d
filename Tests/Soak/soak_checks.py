"""The soak's bookkeeping: what it counted and what it checked.

Holds the Tally (answers by kind and outcome, every check's passes, failures and notes, and the
verdicts), the name of every check as it is reported, and ALL_CHECKS, the order of the report.

Python 3 standard library only.
"""
import collections
import threading


class Tally:
    """Answers by kind and outcome, and every check's passes and failures."""

    def __init__(self):
        self.lock = threading.Lock()
        self.answers = collections.defaultdict(collections.Counter)
        self.checks = {}

    def declare(self, *names):
        with self.lock:
            for name in names:
                self.checks.setdefault(name, {"pass": 0, "fail": 0, "examples": [], "notes": collections.Counter()})

    def answer(self, kind, outcome):
        with self.lock:
            self.answers[kind][str(outcome)] += 1

    def ok(self, check, note=None):
        with self.lock:
            entry = self.checks.setdefault(check, {"pass": 0, "fail": 0, "examples": [], "notes": collections.Counter()})
            entry["pass"] += 1
            if note:
                entry["notes"][note] += 1

    def fail(self, check, detail):
        with self.lock:
            entry = self.checks.setdefault(check, {"pass": 0, "fail": 0, "examples": [], "notes": collections.Counter()})
            entry["fail"] += 1
            if len(entry["examples"]) < 4 and detail not in entry["examples"]:
                entry["examples"].append(detail)

    def verdicts(self):
        with self.lock:
            result = []
            for name, entry in self.checks.items():
                if entry["fail"]:
                    result.append((name, False, entry))
                elif entry["pass"] == 0:
                    result.append((name, False, dict(entry, examples=["never exercised in this run"])))
                else:
                    result.append((name, True, entry))
            return result


# The slow-pattern worker's deadline (soak_slow_pattern.py), here because its check names it.
# Generous for a pool thread busy with the 200k-element array; backtracking would take longer
# than the age of the universe on the 5,000-character near misses sent.
SLOW_PATTERN_SECONDS = 10.0

# The checks, in the order they are reported.
C_USER = "valid: GithubUser (user.json) over keep-alive -> 200, same bytes every time"
C_WEIBO = "valid: WeiboStatus (weibo.json) over keep-alive -> 200, same bytes every time"
C_EXPLAIN = "valid: ?explain=true&pretty=true -> 200 {result, coercions, unknownKeys}"
C_NDJSON = "valid: NDJSON, valid and invalid lines -> 200, every line accounted for in order"
C_BAD_JSON = "invalid: bad JSON -> 400 bad_json"
C_EMPTY = "invalid: empty body -> 400 empty_body"
C_DEEP = "invalid: nesting over --max-depth -> 400 too_deep"
C_TYPES = "invalid: wrong types -> 422 with every error"
C_422 = "invalid: missing/out-of-range values -> 422"
C_UNKNOWN = "invalid: unknown schema -> 404 unknown_schema"
C_NOT_FOUND = "invalid: unknown path -> 404 not_found"
C_METHOD = "invalid: wrong method -> 405 with Allow"
C_MEDIA = "invalid: unsupported media type -> 415"
C_OPTION = "invalid: bad query option -> 400 invalid_option"
C_MANY = "invalid: array of 200k {} -> 422, at most 100 errors + too_many_errors, small body"
C_TRICKLE_HEAD = "hostile: headers trickled a byte at a time are cut off"
C_TRICKLE_BODY = "hostile: a body trickled a byte at a time is cut off"
C_DUP_CL = "hostile: two different Content-Lengths -> 400, connection closed"
C_TE_CL = "hostile: Transfer-Encoding chunked with Content-Length -> 400, connection closed"
C_TE_SPACE = "hostile: 'Transfer-Encoding : chunked' (space before colon) -> 400, connection closed"
C_TE_GZIP = "hostile: Transfer-Encoding gzip -> 501, connection closed"
C_BAD_CL = "hostile: Content-Length abc -> 400, connection closed"
C_QUERY = "hostile: 500 query arguments -> a status (no 5xx), not a silent close"
C_EXPECT = "hostile: body over the limit with Expect: 100-continue to /reverse (collected whole) -> 413 at once, closed, no 100"
C_SMUGGLE = "hostile: a request hidden in a body is never answered"
C_IDLE = "hostile: connect and disconnect without sending -> server keeps serving"
C_HALF = "hostile: half a request then close -> server keeps serving"
C_FLOOD = ("hostile: bursts of 300 connections against a second server at --max-connections 64 -> those over its "
           "ceiling answered 503 at once, and /healthz and a conversion answered within 2 s of each burst's end")
C_SLOW_PATTERN = (f"hostile: 5,000-10,000-character near misses of ^(a+)+$ -> 422 pattern_mismatch within "
                  f"{SLOW_PATTERN_SECONDS:.0f} s (the exact string 200)")
C_RELOAD = "reload: SIGHUP every ~5 s, /schemas reflects each change, conversions go on"
C_NO_5XX = "no 5xx answer (other than 503 overloaded/unavailable)"
C_ALIVE = "server process alive throughout the load"
C_STATS = "server /stats counts no 5xx (other than 503)"
C_MEMORY = "resident memory flat after warm-up"
C_TERM = "SIGTERM -> exit status 0 within 15 s"
C_HARNESS = "harness: every worker ran and stopped by itself"
# Declared only when the server has header/body deadlines (else abandoned requests wait for the
# 30 s connection timeout, and the numbers are only printed).
C_SETTLED = "after the load and 5 s idle, /stats shows no request in flight but its own"

ALL_CHECKS = [C_USER, C_WEIBO, C_EXPLAIN, C_NDJSON, C_BAD_JSON, C_EMPTY, C_DEEP, C_TYPES, C_422, C_UNKNOWN,
              C_NOT_FOUND, C_METHOD, C_MEDIA, C_OPTION, C_MANY, C_TRICKLE_HEAD, C_TRICKLE_BODY, C_DUP_CL, C_TE_CL,
              C_TE_SPACE, C_TE_GZIP, C_BAD_CL, C_QUERY, C_EXPECT, C_SMUGGLE, C_IDLE, C_HALF, C_FLOOD, C_SLOW_PATTERN,
              C_RELOAD, C_NO_5XX,
              C_ALIVE, C_STATS, C_MEMORY, C_TERM, C_HARNESS]
