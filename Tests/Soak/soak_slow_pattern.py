"""The slow-pattern worker: near misses of a pattern catastrophic for a backtracking engine.

Holds the model the soak writes into its copy of the schemas (SLOW_PATTERN_FILE,
SLOW_PATTERN_MODEL) and SlowPatternWorker, the mixin of Soak whose worker sends
5,000-10,000-character near misses of ^(a+)+$ on one keep-alive connection, each to be answered
422 pattern_mismatch within SLOW_PATTERN_SECONDS, and the exact string one time in ten
(slow_pattern_worker).

Python 3 standard library only.
"""
import json
import random

from soak_checks import C_SLOW_PATTERN, SLOW_PATTERN_SECONDS
from soak_harness import Harness
from soak_http import request_bytes

# A model in the soak's copy of the schemas whose pattern takes a backtracking engine exponential
# time on a near miss ("aaa…a!"); convertd's engine must answer it as fast as any other value.
SLOW_PATTERN_FILE = "soak_slow_pattern.yaml"
SLOW_PATTERN_MODEL = "SoakSlowPattern:\n  properties:\n    s: { type: string, pattern: '^(a+)+$', required: true }\n"


class SlowPatternWorker(Harness):
    """The slow pattern; a mixin of Soak (see soak.py)."""

    def slow_pattern_worker(self):
        """Long near misses of a pattern catastrophic for backtracking, on one keep-alive
        connection: each answered 422 pattern_mismatch within SLOW_PATTERN_SECONDS; one request
        in ten is the exact string, which must convert (so the model is not refusing everything)."""
        rng = random.Random(20260102)
        conn = None
        while self.running():
            text = "a" * rng.randint(5_000, 10_000)
            near_miss = rng.random() < 0.9
            if near_miss:
                text += rng.choice("!b ")
            raw = request_bytes("POST", "/convert/SoakSlowPattern", json.dumps({"s": text}).encode())
            response, conn = self.exchange("hostile: slow pattern", C_SLOW_PATTERN, raw, conn, timeout=SLOW_PATTERN_SECONDS)
            if response is None:
                self.pause(0.2)
                continue
            status, code = (422, "pattern_mismatch") if near_miss else (200, None)
            if response.status != status or (code and response.code() != code):
                what = f"a {len(text):,}-character {'near miss' if near_miss else 'match'}"
                self.tally.fail(C_SLOW_PATTERN, f"{what}: expected {status} {code or ''}, got {response.brief()} [{response.context}]")
            else:
                self.tally.ok(C_SLOW_PATTERN)
        if conn:
            conn.close()
