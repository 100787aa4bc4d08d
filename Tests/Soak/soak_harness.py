"""What every soak worker builds on: the run's clock, one request and its answer, worker threads.

Holds Harness, the base of every worker mixin (soak_valid, soak_invalid, soak_hostile,
soak_flood, soak_slow_pattern, soak_reload, soak_memory) that Soak in soak.py puts together.
It works on the state Soak sets up: `tally`, `stop`, `end`, `port`, `random_lock`, `sequence`,
`harness_errors`. It gives request ids (next_id), whether the load goes on (running, remaining,
pause), the rule that no answer is a 5xx but a 503 overloaded/unavailable (note_status), one
request and its answer with the retry of a stale keep-alive connection (exchange), a worker
thread whose exception is the harness's own failure (worker), and a GET of a JSON document
(get_json).

Python 3 standard library only.
"""
import threading
import time
import traceback

from soak_checks import C_HARNESS, C_NO_5XX, C_RELOAD
from soak_http import ANSWER_SECONDS, Closed, Connection, Hang, Refused, request_bytes

# A keep-alive connection idle this long may have been closed by the server in the meantime:
# a request that meets the close is sent again on a new connection (as HTTP clients do).
STALE_SECONDS = 1.0


class Harness:
    """The helpers every worker uses; a mixin of Soak (see soak.py)."""

    def next_id(self):
        with self.random_lock:
            self.sequence += 1
            return self.sequence

    def running(self):
        return not self.stop.is_set() and time.monotonic() < self.end

    def remaining(self):
        return self.end - time.monotonic()

    def pause(self, seconds):
        """Sleeps, waking early when the run stops; False once it has."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if not self.running():
                return False
            time.sleep(min(0.2, max(0.0, end - time.monotonic())))
        return self.running()

    def note_status(self, kind, response, allowed_5xx=()):
        """Counts an answer and applies the global rule: a 5xx is a failure except a 503
        `overloaded`/`unavailable` (and the statuses a check names as expected)."""
        self.tally.answer(kind, response.status)
        if response.status >= 500 and response.status not in allowed_5xx:
            code = response.code()
            if response.status == 503 and code in ("overloaded", "unavailable"):
                return
            self.tally.fail(C_NO_5XX, f"{kind}: {response.brief()}")

    def exchange(self, kind, check, raw, conn=None, method="POST", timeout=ANSWER_SECONDS):
        """Sends one request and reads its answer, on `conn` (kept alive) or a new connection.
        Returns (response or None, the connection to reuse or None). A connection the server
        had closed between two requests (stale keep-alive) is retried once on a new one;
        anything else that ends without an answer is recorded against `check`.

        Only a connection left idle for `STALE_SECONDS` counts as stale: one the server closes
        right after answering on it, without `Connection: close`, drops the request sent next."""
        for attempt in (1, 2):
            fresh = conn is None
            idle = 0.0 if fresh else time.monotonic() - conn.last_answer
            try:
                if conn is None:
                    conn = Connection(self.port)
                sending = time.monotonic()
                conn.send(raw)
                sent = time.monotonic() - sending
                response = conn.read_response(time.monotonic() + timeout, method)
                response.context = (f"request of {len(raw):,} bytes written in {sent:.3f} s, "
                                    f"answer {conn.answered} on its connection, "
                                    f"X-Request-Id {response.header('x-request-id') or 'none'}")
                while 100 <= response.status < 200:
                    self.tally.answer(kind, response.status)
                    response = conn.read_response(time.monotonic() + timeout, method)
            except Closed as closed:
                if conn is not None:
                    conn.close()
                if not fresh and not closed.partial and attempt == 1 and idle >= STALE_SECONDS:
                    self.tally.answer(kind, "stale keep-alive (retried)")
                    conn = None
                    continue
                self.tally.answer(kind, "closed")
                where = ("a new connection" if fresh else
                         f"a keep-alive connection after {conn.answered} answers, idle {idle * 1000:.1f} ms")
                self.tally.fail(check, f"connection {closed.how} without a complete answer, on {where}"
                                       + (f" (got {closed.partial[:80]!r})" if closed.partial else ""))
                return None, None
            except Hang as hang:
                conn.close()
                self.tally.answer(kind, "timeout")
                self.tally.fail(check, f"no answer within {timeout:.0f} s" + (f" (got {hang.partial[:80]!r})" if hang.partial else ""))
                return None, None
            except Refused as refused:
                self.tally.answer(kind, "refused")
                self.tally.fail(check, str(refused))
                return None, None
            self.note_status(kind, response)
            if response.closes:
                conn.close()
                conn = None
            return response, conn
        return None, None

    def worker(self, name, body):
        """Runs `body` as a thread; a Python exception in it is the harness's own failure."""
        def run():
            try:
                body()
            except Exception:  # noqa: BLE001 - reported, never swallowed
                self.harness_errors.append(f"{name}: {traceback.format_exc()}")
                self.tally.fail(C_HARNESS, f"{name} raised: {traceback.format_exc().strip().splitlines()[-1]}")
        thread = threading.Thread(target=run, name=name, daemon=True)
        thread.start()
        return thread

    def get_json(self, path, kind="reload", check=C_RELOAD):
        response, conn = self.exchange(kind, check, request_bytes("GET", path), None, "GET", timeout=10)
        if conn:
            conn.close()
        if response is None or response.status != 200:
            if response is not None:
                self.tally.fail(check, f"GET {path}: {response.brief()}")
            return None
        return response.json()
