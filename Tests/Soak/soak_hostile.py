"""The hostile clients: bad framing, smuggling, trickling, and clients that leave half-way.

Holds HostileClients, the mixin of Soak with the framing cases (two Content-Lengths,
Transfer-Encoding with Content-Length, 'Transfer-Encoding : chunked', Transfer-Encoding gzip,
Content-Length abc, a request-shaped body), each with a request hidden where a server that
misreads the framing would answer it, 500 query arguments and Expect: 100-continue over the
body limit, all at once round after round (framing_worker); the clients that trickle headers or
a body a byte at a time (trickle_worker); and the clients that connect and leave without a
request or half-way through one, with a /healthz probe now and then (churn_worker, probe_health).

The connection flood and the slow pattern, hostile too, have modules of their own (soak_flood,
soak_slow_pattern).

Python 3 standard library only.
"""
import random
import time

from soak_checks import (C_BAD_CL, C_DUP_CL, C_EXPECT, C_HALF, C_HARNESS, C_IDLE, C_QUERY, C_SMUGGLE, C_TE_CL,
                         C_TE_GZIP, C_TE_SPACE)
from soak_harness import Harness
from soak_http import HOST, MIB, Closed, Connection, Hang, Refused, request_bytes

# convertd's default --max-body-bytes; the harness does not change it.
MAX_BODY_BYTES = 8 * MIB
# After an answer that must close the connection, how long the harness waits for the close.
CLOSE_SECONDS = 3.0


class HostileClients(Harness):
    """Hostile traffic but the flood and the slow pattern; a mixin of Soak (see soak.py)."""

    def hidden_request(self):
        """A complete request to hide in a body; the id marks an answer to it."""
        marker = f"smuggled-{self.next_id()}"
        return (f"GET /healthz HTTP/1.1\r\nHost: {HOST}\r\nX-Request-Id: {marker}\r\n\r\n").encode(), marker

    def framing_cases(self):
        """(check, kind, request bytes, smuggled marker, statuses wanted, must close)."""
        def outer(marker, framing):
            return (f"POST /convert/GithubUser HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: application/json\r\n"
                    f"X-Request-Id: carrier-{marker}\r\n{framing}\r\n").encode()
        cases = []
        # Two different lengths: the first covers nothing, the second covers the hidden request.
        hidden, marker = self.hidden_request()
        cases.append((C_DUP_CL, "hostile: two Content-Lengths",
                      outer(marker, f"Content-Length: 0\r\nContent-Length: {len(hidden)}\r\n") + hidden, marker, (400,), True))
        # CL.TE: a chunked body that ends at once; Content-Length covers the hidden request too.
        hidden, marker = self.hidden_request()
        body = b"0\r\n\r\n" + hidden
        cases.append((C_TE_CL, "hostile: TE chunked + Content-Length",
                      outer(marker, f"Content-Length: {len(body)}\r\nTransfer-Encoding: chunked\r\n") + body, marker, (400,), True))
        # TE.CL: Content-Length covers only the chunk-size line; the hidden request is the chunk.
        hidden, marker = self.hidden_request()
        size_line = b"%x\r\n" % len(hidden)
        body = size_line + hidden + b"\r\n0\r\n\r\n"
        cases.append((C_TE_CL, "hostile: TE chunked + Content-Length",
                      outer(marker, f"Transfer-Encoding: chunked\r\nContent-Length: {len(size_line)}\r\n") + body,
                      marker, (400,), True))
        # Whitespace before the colon, with a Content-Length that covers the hidden request.
        hidden, marker = self.hidden_request()
        body = b"0\r\n\r\n" + hidden
        cases.append((C_TE_SPACE, "hostile: 'Transfer-Encoding : chunked'",
                      outer(marker, f"Content-Length: {len(body)}\r\nTransfer-Encoding : chunked\r\n") + body,
                      marker, (400,), True))
        # An unknown transfer coding; the hidden request follows as its "body".
        hidden, marker = self.hidden_request()
        self.gzip_cases += 1
        cases.append((C_TE_GZIP, "hostile: Transfer-Encoding gzip",
                      outer(marker, "Transfer-Encoding: gzip\r\n") + hidden, marker, (501,), True))
        # A length that is not a number.
        hidden, marker = self.hidden_request()
        cases.append((C_BAD_CL, "hostile: Content-Length abc",
                      outer(marker, "Content-Length: abc\r\n") + hidden, marker, (400,), True))
        # Control: a well-framed body that looks like a request is just a bad JSON body.
        hidden, marker = self.hidden_request()
        cases.append((C_SMUGGLE, "hostile: request-shaped body",
                      outer(marker, f"Content-Length: {len(hidden)}\r\n") + hidden, marker, (400,), False))
        return cases

    def framing_case(self, check, kind, raw, marker, wanted, must_close):
        try:
            conn = Connection(self.port)
        except Refused as refused:
            self.tally.answer(kind, "refused")
            self.tally.fail(check, str(refused))
            return
        answers = []
        verdict = None
        try:
            conn.send(raw)
            answers.append(conn.read_response(time.monotonic() + 10))
            state, extra = conn.wait_closed(CLOSE_SECONDS)
            answers += extra
        except Closed as closed:
            state = "closed"
            if not answers:
                verdict = f"connection {closed.how} without a status (every request gets one)"
        except Hang:
            state = "open"
            if not answers:
                verdict = "no answer within 10 s"
        finally:
            conn.close()
        smuggled = [r for r in answers if (r.header("x-request-id") or "") == marker]
        for response in answers:
            if response in smuggled:
                self.tally.answer(kind, f"{response.status} to the hidden request")
            else:
                self.note_status(kind, response, allowed_5xx=wanted)
        if not answers:
            self.tally.answer(kind, "closed" if state == "closed" else "timeout")
        if smuggled:
            self.tally.fail(C_SMUGGLE, f"{kind}: the hidden request was answered ({smuggled[0].brief(60)})")
        else:
            self.tally.ok(C_SMUGGLE)
        if verdict is None:
            first = answers[0]
            if first.status not in wanted:
                verdict = f"expected {'/'.join(map(str, wanted))}, got {first.brief(100)}"
            elif must_close and state != "closed":
                verdict = f"answered {first.status} but left the connection open {CLOSE_SECONDS:.0f} s" + (
                    f" and answered {len(answers) - 1} more request(s)" if len(answers) > 1 else "")
            elif first.status == 100:
                verdict = "interim 100 Continue"
        if check != C_SMUGGLE:
            if verdict:
                self.tally.fail(check, verdict)
            else:
                self.tally.ok(check)
        elif verdict:
            self.tally.fail(C_SMUGGLE, f"{kind}: {verdict}")

    def many_arguments_case(self):
        query = "&".join(f"a{n}={n}" for n in range(500))
        raw = request_bytes("POST", f"/convert/GithubUser?{query}", self.user)
        response, conn = self.exchange("hostile: 500 query arguments", C_QUERY, raw)
        if conn:
            conn.close()
        if response is not None:
            if response.status >= 500:
                self.tally.fail(C_QUERY, response.brief())
            else:
                self.tally.ok(C_QUERY, f"status {response.status}")

    def expect_continue_case(self):
        kind = "hostile: Expect 100-continue over the limit"
        # To /reverse, which collects its body whole: /convert streams a body over the limit when it
        # is an array, which shows only in its first byte, so it refuses early only over the stream limit.
        head = request_bytes("POST", "/reverse/GithubUser", b"", headers=["Expect: 100-continue"], length=False)
        head = head[:-2] + f"Content-Length: {MAX_BODY_BYTES + 1}\r\n\r\n".encode()
        try:
            conn = Connection(self.port)
        except Refused as refused:
            self.tally.answer(kind, "refused")
            self.tally.fail(C_EXPECT, str(refused))
            return
        started = time.monotonic()
        try:
            conn.send(head)
            response = conn.read_response(started + 10)
            self.note_status(kind, response)
            if response.status == 100:
                self.tally.fail(C_EXPECT, "sent 100 Continue for a body over the limit")
                return
            if response.status != 413:
                self.tally.fail(C_EXPECT, f"expected 413, got {response.brief()}")
                return
            state, extra = conn.wait_closed(CLOSE_SECONDS)
            if state != "closed":
                self.tally.fail(C_EXPECT, "413 but the connection stayed open")
            else:
                self.tally.ok(C_EXPECT)
        except Closed as closed:
            self.tally.answer(kind, "closed")
            self.tally.fail(C_EXPECT, f"connection {closed.how} without a status")
        except Hang:
            self.tally.answer(kind, "timeout")
            self.tally.fail(C_EXPECT, "no answer within 10 s (the server waits for the body)")
        finally:
            conn.close()

    def framing_worker(self):
        """Every framing case at once, each on its own connection and thread, round after round;
        a round takes as long as its slowest case (at most 10 s for an answer + 3 s for the close)."""
        while self.running():
            cases = [lambda case=case: self.framing_case(*case) for case in self.framing_cases()]
            cases += [self.many_arguments_case, self.expect_continue_case]
            threads = [self.worker(f"framing-{index}", case) for index, case in enumerate(cases)]
            for thread in threads:
                thread.join(60)
                if thread.is_alive():
                    self.tally.fail(C_HARNESS, f"framing case {thread.name} still running after 60 s")
            self.pause(0.5)

    def trickle_worker(self, check, kind, prefix, filler):
        """Sends `prefix`, then `filler` a byte every `trickle_interval`: the server must cut
        the connection (or answer it, with no 5xx) within `trickle_limit` seconds."""
        limit = self.trickle_limit
        first = True
        while first or (self.running() and self.remaining() > limit):
            first = False
            kind_label = kind
            try:
                conn = Connection(self.port)
            except Refused as refused:
                self.tally.answer(kind_label, "refused")
                self.tally.fail(check, str(refused))
                self.pause(1)
                continue
            started = time.monotonic()
            outcome = None
            try:
                conn.send(prefix)
                index = 0
                while time.monotonic() - started < limit:
                    if conn.readable(self.args.trickle_interval):
                        response = conn.read_response(time.monotonic() + 10)
                        self.note_status(kind_label, response)  # counts it
                        outcome = f"answered {response.status}"
                        break
                    conn.send(filler[index % len(filler):index % len(filler) + 1])
                    index += 1
            except Closed as closed:
                outcome = f"closed ({closed.how})"
            except Hang:
                outcome = "answer started but never completed"
            finally:
                conn.close()
            seconds = time.monotonic() - started
            if outcome is None:
                self.tally.answer(kind_label, "not cut off")
                self.tally.fail(check, f"still connected after {limit:.0f} s of trickling ({self.trickle_basis})")
            else:
                if not outcome.startswith("answered"):
                    self.tally.answer(kind_label, outcome.split(" (")[0])
                self.tally.ok(check, f"{outcome} after {seconds:.0f} s")
            self.pause(1)

    def churn_worker(self):
        """Clients that connect and leave without a request, or leave half-way through one."""
        rng = random.Random(7)
        since_probe = {C_IDLE: 0, C_HALF: 0}
        while self.running():
            style = rng.choice(["idle", "idle-reset", "half-head", "half-body", "full-no-read"])
            check = C_IDLE if style.startswith("idle") else C_HALF
            try:
                conn = Connection(self.port)
            except Refused as refused:
                self.tally.answer("hostile: churn", "refused")
                self.tally.fail(check, str(refused))
                self.pause(0.5)
                continue
            try:
                if style == "half-head":
                    conn.send(b"POST /convert/GithubUser HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty")
                elif style == "half-body":
                    raw = request_bytes("POST", "/convert/GithubUser", self.user, headers=["X-Request-Id: churn-half-body"])
                    conn.send(raw[:len(raw) - len(self.user) // 2])
                elif style == "full-no-read":
                    conn.send(request_bytes("POST", "/convert/WeiboStatus", self.weibo))
            except (Closed, Hang):
                pass
            if style.endswith("reset") or rng.random() < 0.3:
                conn.reset()
            else:
                conn.close()
            self.tally.answer("hostile: churn", style)
            since_probe[check] += 1
            if since_probe[check] >= 25:
                since_probe[check] = 0
                if self.probe_health("hostile: churn probe", check):
                    self.tally.ok(check)
            self.pause(0.02)

    def probe_health(self, kind, check):
        response, conn = self.exchange(kind, check, request_bytes("GET", "/healthz"), None, "GET", timeout=10)
        if conn:
            conn.close()
        if response is None:
            return False
        if response.status != 200:
            self.tally.fail(check, f"/healthz after churn: {response.brief()}")
            return False
        return True
