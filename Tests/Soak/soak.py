#!/usr/bin/env python3
"""convertd under a long mixed load: valid, invalid and hostile clients, schema reloads, memory.

Starts the real `convertd serve` on a free loopback port with a copy of the schema directory,
drives it for SOAK_SECONDS with threads that speak HTTP over raw sockets (so every byte on the
wire is the harness's choice), reloads the schemas every few seconds, samples the server's
resident memory, and ends with SIGTERM. Prints requests by kind and status, every check with its
verdict, the memory samples, and a last line `soak: N passed, M failed`; exits 1 on any failure.

    python3 Tests/Soak/soak.py --convertd .build/release/convertd --schemas schemas \
        --corpus ../shared/corpus [--seconds 600]

Python 3 standard library only. Traffic goes to 127.0.0.1 only.
"""
import argparse
import collections
import json
import os
import random
import re
import select
import shutil
import signal
import socket
import statistics
import struct
import subprocess
import sys
import tempfile
import threading
import time
import traceback

HOST = "127.0.0.1"
MIB = 1 << 20
# convertd's default --max-body-bytes; the harness does not change it.
MAX_BODY_BYTES = 8 * MIB
# How long an ordinary request may take before the harness calls it a hang. Generous: a pool
# thread may be busy with a 200k-element array when the request lands on it.
ANSWER_SECONDS = 30.0
# After an answer that must close the connection, how long the harness waits for the close.
CLOSE_SECONDS = 3.0
# The error list of a document is capped at this many entries plus one `too_many_errors`.
MAX_ERRORS = 100
# The body of a capped error list stays below this (100 errors of ~100 bytes each, and slack).
CAPPED_BODY_BYTES = 64 * 1024
RSS_INTERVAL = 5.0
RSS_TOLERANCE_FRACTION = 0.25
RSS_TOLERANCE_BYTES = 48 * MIB
RELOAD_INTERVAL = 5.0
TERM_SECONDS = 15.0
# A keep-alive connection idle this long may have been closed by the server in the meantime:
# a request that meets the close is sent again on a new connection (as HTTP clients do).
STALE_SECONDS = 1.0
# A model in the soak's copy of the schemas whose pattern takes a backtracking engine exponential
# time on a near miss ("aaa…a!"); convertd's engine must answer it as fast as any other value.
SLOW_PATTERN_FILE = "soak_slow_pattern.yaml"
SLOW_PATTERN_MODEL = "SoakSlowPattern:\n  properties:\n    s: { type: string, pattern: '^(a+)+$', required: true }\n"
# Generous for a pool thread busy with the 200k-element array; backtracking would take longer
# than the age of the universe on the 5,000-character near misses sent.
SLOW_PATTERN_SECONDS = 10.0


# ---------------------------------------------------------------------------------------------
# HTTP over a raw socket


class Closed(Exception):
    """The peer closed (or reset) the connection before a complete answer."""

    def __init__(self, how, partial=b""):
        super().__init__(how)
        self.how = how
        self.partial = bytes(partial)


class Hang(Exception):
    """No complete answer before the deadline."""

    def __init__(self, partial=b""):
        super().__init__("no answer before the deadline")
        self.partial = bytes(partial)


class Refused(Exception):
    """The connection could not be opened."""


class Response:
    def __init__(self, status, reason, headers, body):
        self.context = ""  # how the request went out, for failure details
        self.status = status
        self.reason = reason
        self.headers = headers  # [(lowercased name, value)]
        self.body = body

    def header(self, name):
        name = name.lower()
        values = [value for key, value in self.headers if key == name]
        return values[-1] if values else None

    @property
    def closes(self):
        return "close" in (self.header("connection") or "").lower()

    def json(self):
        try:
            return json.loads(self.body)
        except ValueError:
            return None

    def code(self):
        """The first error's `code` of a JSON error body, else None."""
        document = self.json()
        if isinstance(document, dict) and isinstance(document.get("errors"), list) and document["errors"]:
            first = document["errors"][0]
            if isinstance(first, dict):
                return first.get("code")
        return None

    def brief(self, limit=160):
        text = self.body[:limit].decode("utf-8", "replace").replace("\n", " ")
        return f"{self.status} {text}{'…' if len(self.body) > limit else ''}"


class Connection:
    """One TCP connection to the server, with a read buffer that survives between answers."""

    def __init__(self, port, timeout=10.0):
        try:
            self.sock = socket.create_connection((HOST, port), timeout=timeout)
        except socket.timeout as error:
            raise Refused(f"connect timed out after {timeout:.0f} s") from error
        except OSError as error:
            raise Refused(f"connect: {error.strerror or error}") from error
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = bytearray()
        self.answered = 0  # answers read on this connection
        self.last_answer = time.monotonic()  # when the last answer was read (or the connection opened)

    def send(self, data):
        try:
            self.sock.settimeout(ANSWER_SECONDS)
            self.sock.sendall(data)
        except socket.timeout as error:
            raise Hang() from error
        except (BrokenPipeError, ConnectionResetError) as error:
            raise Closed("reset while sending") from error

    def receive(self, deadline):
        """Appends what arrives next; raises Closed at EOF or reset, Hang past the deadline."""
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise Hang(self.buffer)
        self.sock.settimeout(remaining)
        try:
            chunk = self.sock.recv(1 << 16)
        except socket.timeout as error:
            raise Hang(self.buffer) from error
        except ConnectionResetError as error:
            raise Closed("reset", self.buffer) from error
        except OSError as error:
            raise Closed(f"error {error.strerror or error}", self.buffer) from error
        if not chunk:
            raise Closed("eof", self.buffer)
        self.buffer += chunk

    def readable(self, seconds):
        """Whether something (data or EOF) can be read within `seconds`."""
        if self.buffer:
            return True
        ready, _, _ = select.select([self.sock], [], [], max(0.0, seconds))
        return bool(ready)

    def read_response(self, deadline, method="POST"):
        """The next answer (a 1xx interim answer is returned as such)."""
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end >= 0:
                break
            if len(self.buffer) > 256 * 1024:
                raise Closed("head over 256 KiB", self.buffer[:200])
            self.receive(deadline)
        head = bytes(self.buffer[:end]).decode("latin-1")
        del self.buffer[:end + 4]
        lines = head.split("\r\n")
        match = re.match(r"HTTP/1\.[01] (\d{3})(?: (.*))?$", lines[0])
        if not match:
            raise Closed(f"not an HTTP answer: {lines[0][:80]!r}", head.encode("latin-1"))
        status = int(match.group(1))
        headers = []
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers.append((name.strip().lower(), value.strip()))
        response = Response(status, match.group(2) or "", headers, b"")
        if 100 <= status < 200:
            return response
        if "chunked" in (response.header("transfer-encoding") or "").lower():
            response.body = self.read_chunked(deadline)
        elif response.header("content-length") is not None:
            length = int(response.header("content-length"))
            while len(self.buffer) < length:
                self.receive(deadline)
            response.body = bytes(self.buffer[:length])
            del self.buffer[:length]
        elif status in (204, 304) or method == "HEAD":
            pass
        else:  # delimited by the close
            try:
                while True:
                    self.receive(deadline)
            except Closed:
                pass
            response.body = bytes(self.buffer)
            self.buffer.clear()
            response.headers.append(("connection", "close"))
        self.answered += 1
        self.last_answer = time.monotonic()
        return response

    def read_chunked(self, deadline):
        body = bytearray()
        while True:
            while b"\r\n" not in self.buffer:
                self.receive(deadline)
            line, _, _ = bytes(self.buffer).partition(b"\r\n")
            del self.buffer[:len(line) + 2]
            size = int(line.split(b";")[0].strip() or b"0", 16)
            if size == 0:
                while True:  # trailers up to the empty line
                    while b"\r\n" not in self.buffer:
                        self.receive(deadline)
                    trailer, _, _ = bytes(self.buffer).partition(b"\r\n")
                    del self.buffer[:len(trailer) + 2]
                    if not trailer:
                        return bytes(body)
            while len(self.buffer) < size + 2:
                self.receive(deadline)
            body += self.buffer[:size]
            del self.buffer[:size + 2]

    def wait_closed(self, seconds, method="GET"):
        """After an answer that must end the connection: ('closed', extra answers) when the
        server closed it within `seconds`, ('open', extra answers) when it did not."""
        deadline = time.monotonic() + seconds
        extra = []
        while True:
            try:
                if self.buffer:
                    extra.append(self.read_response(deadline, method))
                else:
                    self.receive(deadline)
            except Closed:
                return "closed", extra
            except Hang:
                return "open", extra

    def reset(self):
        """Closes with RST instead of FIN."""
        try:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        except OSError:
            pass
        self.close()

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def request_bytes(method, path, body=b"", content_type="application/json", headers=(), length=True):
    """A request; `length=False` leaves Content-Length out (for the caller to frame the body)."""
    lines = [f"{method} {path} HTTP/1.1", f"Host: {HOST}"]
    if content_type and (body or method == "POST"):
        lines.append(f"Content-Type: {content_type}")
    if length and (body or method == "POST"):
        lines.append(f"Content-Length: {len(body)}")
    lines.extend(headers)
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1") + body


# ---------------------------------------------------------------------------------------------
# The server process


def read_lines(stream, on_line):
    """Calls `on_line` with every line a process writes to `stream` (bytes, without the line
    break), as it comes, until the stream ends."""
    descriptor = stream.fileno()
    pending = b""
    while True:
        try:
            chunk = os.read(descriptor, 1 << 16)
        except OSError:
            chunk = b""
        if not chunk:
            break
        pending += chunk
        *lines, pending = pending.split(b"\n")
        for line in lines:
            on_line(line)
    if pending:
        on_line(pending)


SERVER_LOG = open(os.environ["SOAK_SERVER_LOG"], "a", buffering=1) if os.environ.get("SOAK_SERVER_LOG") else None


class Server:
    """`convertd serve` on a free loopback port; its stderr read by a thread all along."""

    def __init__(self, binary, schemas, extra):
        self.command = [binary, "serve", "--host", HOST, "--port", "0", "--schemas", schemas, "--log-format", "json"] + extra
        self.process = subprocess.Popen(self.command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE)
        self.port = None
        self.lock = threading.Lock()
        self.tail = collections.deque(maxlen=400)      # the last log lines
        self.notable = collections.deque(maxlen=200)   # every line that is not an ordinary request line
        self.levels = collections.Counter()
        self.logged_5xx = []                            # request lines with a 5xx status (not 503, not the 501 wanted)
        self.logged_5xx_count = 0
        self.smuggled = []                              # request lines of a smuggled request
        self.reloads = collections.Counter()
        self.timeouts = collections.deque(maxlen=10)   # 408 request lines of clients that neither trickled nor left
        self.lines = 0
        self.listening = threading.Event()
        self.reader = threading.Thread(target=self._read, name="stderr", daemon=True)
        self.reader.start()
        if not self.listening.wait(30) or self.port is None:
            self.process.kill()
            self.process.wait()
            raise RuntimeError("convertd did not log a 'listening' line within 30 s:\n" + "\n".join(self.tail))

    def _read(self):
        read_lines(self.process.stderr, self._line)
        self.listening.set()

    def _line(self, raw):
        text = raw.decode("utf-8", "replace")
        # SOAK_SERVER_LOG=FILE keeps every line but the ordinary request lines, for a post-mortem.
        if SERVER_LOG and (b'"msg":"request"' not in raw or b'"status":0' in raw or b'"status":408' in raw):
            SERVER_LOG.write(text + "\n")
        with self.lock:
            self.lines += 1
            self.tail.append(text)
            if b'"msg":"request"' in raw:
                self.levels["info"] += 1
                if (b'"status":5' in raw and b'"status":503' not in raw
                        and not (b'"status":501' in raw and b'"request_id":"carrier-' in raw)):
                    self.logged_5xx_count += 1
                    if len(self.logged_5xx) < 5:
                        self.logged_5xx.append(text)
                if b'"request_id":"smuggled-' in raw:
                    self.smuggled.append(text)
                if b'"status":408' in raw and b'"request_id":"trickle-' not in raw and b'"request_id":"churn-' not in raw:
                    self.timeouts.append(text)
                return
            self.notable.append(text)
        try:
            entry = json.loads(text)
        except ValueError:
            entry = {"level": "unparsed", "msg": text}
        with self.lock:
            self.levels[str(entry.get("level"))] += 1
            message = entry.get("msg")
            if message in ("schemas loaded", "schema reload failed; serving the last good schemas"):
                self.reloads[message] += 1
            if '"request_id":"smuggled-' in text:
                self.smuggled.append(text)
        if message == "listening" and self.port is None:
            try:
                self.port = int(entry.get("port"))
            except (TypeError, ValueError):
                pass
            self.listening.set()

    def resident_bytes(self):
        try:
            with open(f"/proc/{self.process.pid}/status") as status:
                for line in status:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1]) * 1024
        except OSError:
            return None
        return None

    def alive(self):
        return self.process.poll() is None

    def log_tail(self, count=30):
        with self.lock:
            return list(self.tail)[-count:]

    def kill(self):
        if self.alive():
            self.process.kill()
            self.process.wait()


def help_lists(binary, flag):
    """Whether `convertd serve --help` documents `flag`."""
    try:
        text = subprocess.run([binary, "serve", "--help"], capture_output=True, text=True, timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return False
    return re.search(re.escape(flag) + r"\b", text) is not None


# ---------------------------------------------------------------------------------------------
# Counting


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


# ---------------------------------------------------------------------------------------------
# Payloads


# Used when the corpus is absent: small payloads that convert with the shipped schemas.
FALLBACK_USER = {
    "login": "octocat", "id": 583231, "avatar_url": "https://avatars.githubusercontent.com/u/583231?v=4",
    "gravatar_id": "", "url": "https://api.github.com/users/octocat", "html_url": "https://github.com/octocat",
    "following_url": "https://api.github.com/users/octocat/following{/other_user}", "type": "User",
    "site_admin": False, "name": "The Octocat", "company": "@github", "blog": "https://github.blog",
    "location": "San Francisco", "email": None, "hireable": None, "bio": None, "public_repos": "8",
    "public_gists": 8, "followers": 9999, "following": 9, "created_at": "2011-01-25T18:44:36Z",
    "updated_at": "2024-01-22T12:00:00Z",
}
FALLBACK_WEIBO = {
    "id": 3888411312837360, "idstr": "3888411312837360", "mid": "3888411312837360", "mblogid": "CAgZxdYzS",
    "created_at": "Wed Sep 16 12:20:09 +0800 2015", "text": "soak", "source": "web", "source_type": 1,
    "favorited": False, "truncated": False, "in_reply_to_status_id": "", "geo": None,
    "user": {"id": 1642909335, "idstr": "1642909335", "screen_name": "soak", "class": 1, "gender": "m",
             "province": "11", "city": "1000", "url": "", "created_at": "Mon Aug 17 10:12:06 +0800 2009",
             "verified": True, "followers_count": 1024, "block_app": 1, "badge": {"anniversary": 1},
             "icons": [{"url": "http://u1.sinaimg.cn/upload/2014/11/04/common_icon_membership_level7.png"}]},
    "thumbnail_pic": "http://ww2.sinaimg.cn/thumbnail/eb8fce65jw1ew468zkxcgj237k1t01l0.jpg",
    "pic_ids": ["eb8fce65jw1ew468zkxcgj237k1t01l0"],
    "pic_infos": {"eb8fce65jw1ew468zkxcgj237k1t01l0": {
        "pic_id": "eb8fce65jw1ew468zkxcgj237k1t01l0", "filter_id": "1",
        "thumbnail": {"url": "http://ww2.sinaimg.cn/or180/eb8fce65jw1ew468zkxcgj237k1t01l0.jpg",
                      "width": 266, "height": "150", "cut_type": 1, "type": "WEBP"}}},
    "reposts_count": 12, "comments_count": "3", "attitudes_count": 40, "biz_feature": 4294967300,
    "scheme": "sinaweibo://detail?mblogid=3888411312837360", "visible": {"type": 0, "list_id": 0},
    "annotations": [{"client_mblogid": "x", "mapi_request": True}], "darwin_tags": [], "userType": 0,
    "filterID": "0",
}


def load_payloads(corpus):
    """(user bytes, weibo bytes, where they come from)."""
    user_path = os.path.join(corpus or "", "user.json")
    weibo_path = os.path.join(corpus or "", "weibo.json")
    if corpus and os.path.isfile(user_path) and os.path.isfile(weibo_path):
        with open(user_path, "rb") as user, open(weibo_path, "rb") as weibo:
            return user.read(), weibo.read(), f"corpus {os.path.abspath(corpus)} (user.json, weibo.json)"
    return (json.dumps(FALLBACK_USER).encode(), json.dumps(FALLBACK_WEIBO).encode(),
            f"built-in payloads: the corpus ({corpus}) has no user.json/weibo.json")


# ---------------------------------------------------------------------------------------------
# The soak


class Soak:
    def __init__(self, args):
        self.args = args
        self.tally = Tally()
        self.tally.declare(*[check for check in ALL_CHECKS if check != C_MANY or args.array_elements > 0])
        self.stop = threading.Event()
        self.random_lock = threading.Lock()
        self.sequence = 0
        self.rss = []  # (seconds since the load started, bytes, phase)
        self.user, self.weibo, self.payload_source = load_payloads(args.corpus)
        self.user_object = json.loads(self.user)
        self.weibo_object = json.loads(self.weibo)
        self.reference = {}
        self.big_array = b"[" + b",".join([b"{}"] * args.array_elements) + b"]"
        self.ndjson_body, self.ndjson_expected = self.make_ndjson(args.ndjson_lines)
        self.harness_errors = []
        self.gzip_cases = 0
        self.notes = []

    # -- small helpers -----------------------------------------------------------------------

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

    # -- payloads ----------------------------------------------------------------------------

    def make_ndjson(self, count):
        """A body of `count` lines mixing valid and invalid documents (and a few blank lines);
        what each non-blank line must give, in order: ('ok' or 'fail', its line number)."""
        rng = random.Random(20260101)
        user_line = json.dumps(self.user_object, ensure_ascii=False, separators=(",", ":")).encode()
        invalid = [b'{"login":"","id":"x"}', b'{"login":"a","id":-1}', b'{not json', b'[1,2', b'"a string"',
                   b'{"login":["x"],"id":{"a":1}}']
        lines, expected = [], []
        for number in range(1, count + 1):
            pick = rng.random()
            if pick < 0.03:
                lines.append(b"")  # skipped, but counted for the line numbers
            elif pick < 0.6:
                lines.append(user_line)
                expected.append(("ok", number))
            else:
                lines.append(rng.choice(invalid))
                expected.append(("fail", number))
        return b"\n".join(lines) + b"\n", expected

    # -- valid traffic -----------------------------------------------------------------------

    def preflight(self):
        """One answer of each valid request, kept as the reference the soak compares with."""
        for name, path, body in (("user", "/convert/GithubUser", self.user), ("weibo", "/convert/WeiboStatus", self.weibo)):
            response, conn = self.exchange("preflight", C_USER if name == "user" else C_WEIBO, request_bytes("POST", path, body))
            if conn:
                conn.close()
            if response is None or response.status != 200:
                print(f"soak: the server does not convert {name}: {response.brief() if response else 'no answer'}\n"
                      + "\n".join(self.server.log_tail()))
                raise SystemExit("soak: 0 passed, 1 failed")
            self.reference[name] = response.body
        schemas = self.get_json("/schemas")
        if not schemas:
            print("soak: GET /schemas gave no JSON")
            raise SystemExit("soak: 0 passed, 1 failed")
        self.base_schemas = schemas

    def keepalive_worker(self, kind, check, make, validate):
        conn = None
        while self.running():
            raw, method = make()
            response, conn = self.exchange(kind, check, raw, conn, method)
            if response is None:
                self.pause(0.2)
                continue
            problem = validate(response)
            if problem:
                self.tally.fail(check, f"{problem} [{response.context}]")
            else:
                self.tally.ok(check)
        if conn:
            conn.close()

    def same_as(self, name):
        def validate(response):
            if response.status != 200:
                return f"expected 200, got {response.brief()}"
            if response.body != self.reference[name]:
                return f"200 with a different body ({len(response.body)} bytes, reference {len(self.reference[name])})"
            return None
        return validate

    def validate_explain(self, response):
        if response.status != 200:
            return f"expected 200, got {response.brief()}"
        document = response.json()
        if not isinstance(document, dict) or set(document) != {"result", "coercions", "unknownKeys"}:
            return f"200 without result/coercions/unknownKeys: {response.brief()}"
        if document["result"] != json.loads(self.reference["user"]) and document["result"] != json.loads(self.reference["weibo"]):
            return "explained result differs from the plain conversion"
        if b"\n " not in response.body:
            return "pretty=true but the body is not indented"
        return None

    def make_explain(self):
        if self.next_id() % 2:
            return request_bytes("POST", "/convert/GithubUser?explain=true&pretty=true", self.user), "POST"
        return request_bytes("POST", "/convert/WeiboStatus?explain=true&pretty=true", self.weibo), "POST"

    def make_ndjson_request(self):
        if self.next_id() % 2:
            return request_bytes("POST", "/convert/GithubUser", self.ndjson_body, "application/x-ndjson"), "POST"
        # The same body sent chunked, in uneven pieces that split lines.
        rng = random.Random(self.next_id())
        pieces, at = [], 0
        while at < len(self.ndjson_body):
            size = rng.randint(1, 8192)
            piece = self.ndjson_body[at:at + size]
            pieces.append(b"%x\r\n%s\r\n" % (len(piece), piece))
            at += size
        head = request_bytes("POST", "/convert/GithubUser", b"", "application/x-ndjson",
                             headers=["Transfer-Encoding: chunked"], length=False)
        return head + b"".join(pieces) + b"0\r\n\r\n", "POST"

    def validate_ndjson(self, response):
        """Every non-blank input line accounted for once, in order: a success as the converted
        document, a failure as `{"line": N, "errors": […]}` — or, once the stream's error budget
        is spent, inside a run record `{"line": first, "lastLine": last, "errors": […]}` that
        covers only failing lines."""
        if response.status != 200:
            return f"expected 200, got {response.brief()}"
        lines = response.body.split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()
        user = json.loads(self.reference["user"])
        expected = self.ndjson_expected
        at = 0
        for line in lines:
            if at >= len(expected):
                return f"more result lines than input lines ({len(lines)} for {len(expected)}): {line[:80]!r}"
            want, number = expected[at]
            try:
                result = json.loads(line)
            except ValueError:
                return f"result for input line {number} is not JSON: {line[:80]!r}"
            if want == "ok":
                if result != user:
                    return f"input line {number}: expected the converted user, got {line[:120]!r}"
                at += 1
                continue
            if not isinstance(result, dict) or result.get("line") != number or not result.get("errors"):
                return f"input line {number}: expected {{\"line\":{number},\"errors\":[…]}}, got {line[:120]!r}"
            last = result.get("lastLine", number)
            if not isinstance(last, int) or last < number:
                return f"input line {number}: bad lastLine in {line[:120]!r}"
            while at < len(expected) and expected[at][1] <= last:
                if expected[at][0] != "fail":
                    return f"run record {line[:100]!r} covers input line {expected[at][1]}, which converts"
                at += 1
        if at != len(expected):
            return f"results cover {at} of {len(expected)} non-blank input lines ({len(lines)} result lines)"
        return None

    # -- invalid traffic ---------------------------------------------------------------------

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

    # -- hostile traffic ---------------------------------------------------------------------

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

    def flood_worker(self):
        """Bursts of connections over the connection limit, against a server of its own (so the
        other workers' connections are not refused): libmicrohttpd 0.9.75 hung every worker for
        good once a burst reached its own limit. Each burst opens 300 connections at once, the
        first 64 (those served) each sending a request kept alive, holds them 2 s, closes them
        all, then asks for normal service. The others send nothing: a probe answered on a
        connection over the limit closes it and frees its place, so the last connection would
        then be let in instead of refused."""
        flooded = Server(self.args.convertd, self.schema_dir,
                         ["--max-connections", "64", "--max-connections-per-client", "0", "--log-level", "notice"])
        try:
            while self.running():
                held = []
                for index in range(300):
                    try:
                        conn = Connection(flooded.port, timeout=5)
                    except Refused as refused:
                        self.tally.fail(C_FLOOD, f"connect during a burst: {refused}")
                        break
                    if index < 64:
                        try:
                            conn.send(request_bytes("GET", "/healthz"))
                        except (Closed, Hang):
                            pass
                    held.append(conn)
                self.tally.answer("hostile: flood", f"burst of {len(held)}")
                time.sleep(2)
                # Past 64 + 16 of headroom every connection was answered 503 without a request.
                last = held[-1] if held else None
                refused = None
                if last is not None:
                    try:
                        refused = last.read_response(time.monotonic() + 5, "GET")
                    except (Closed, Hang) as error:
                        self.tally.fail(C_FLOOD, f"the burst's last connection got no 503: {error}")
                for conn in held:
                    conn.close()
                ended = time.monotonic()
                if refused is not None and (refused.status != 503 or refused.code() != "overloaded"):
                    self.tally.fail(C_FLOOD, f"the burst's last connection: {refused.brief()}")
                served = True
                for raw, method in ((request_bytes("GET", "/healthz"), "GET"),
                                    (request_bytes("POST", "/convert/GithubUser", self.user), "POST")):
                    response = None
                    while response is None and time.monotonic() < ended + 2:
                        try:
                            conn = Connection(flooded.port, timeout=2)
                            conn.send(raw)
                            response = conn.read_response(ended + 2, method)
                            conn.close()
                        except (Refused, Closed, Hang):
                            time.sleep(0.05)
                        else:
                            if response.status == 503:  # the burst's connections are still closing
                                response = None
                                time.sleep(0.05)
                    if response is None or response.status != 200:
                        served = False
                        self.tally.fail(C_FLOOD, f"{method} after a burst: "
                                                 + (response.brief() if response else "no answer within 2 s"))
                if served:
                    self.tally.ok(C_FLOOD)
                self.pause(3)
        finally:
            flooded.process.send_signal(signal.SIGTERM)
            try:
                flooded.process.wait(15)
            except subprocess.TimeoutExpired:
                flooded.kill()
                self.tally.fail(C_FLOOD, "the flooded server did not exit within 15 s of SIGTERM")

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

    # -- schema reloads ----------------------------------------------------------------------

    def write_schemas(self, variant):
        github = os.path.join(self.schema_dir, "github.yaml")
        probe = os.path.join(self.schema_dir, "soak_probe.yaml")
        text = self.github_original
        if variant:
            text = text.replace("  properties:\n", '  properties:\n    soakExtra: "string?"             # added by the soak\n', 1)
            self.atomic_write(probe, "SoakProbe:\n  properties:\n    n: { type: int32, required: true }\n")
        elif os.path.exists(probe):
            os.remove(probe)
        self.atomic_write(github, text)

    def atomic_write(self, path, text):
        temporary = os.path.join(os.path.dirname(path), f".soak-{os.getpid()}.tmp")  # hidden: never loaded
        with open(temporary, "w") as file:
            file.write(text)
        os.replace(temporary, path)

    def get_json(self, path, kind="reload", check=C_RELOAD):
        response, conn = self.exchange(kind, check, request_bytes("GET", path), None, "GET", timeout=10)
        if conn:
            conn.close()
        if response is None or response.status != 200:
            if response is not None:
                self.tally.fail(check, f"GET {path}: {response.brief()}")
            return None
        return response.json()

    def reload_worker(self):
        models = {model["name"]: model for model in self.base_schemas["models"]}
        base_count = models["GithubUser"]["properties"]
        generation = self.base_schemas.get("generation", 0)
        variant = False
        while self.pause(RELOAD_INTERVAL):
            variant = not variant
            self.write_schemas(variant)
            self.server.process.send_signal(signal.SIGHUP)
            self.tally.answer("reload", "SIGHUP")
            want = base_count + (1 if variant else 0)
            deadline = time.monotonic() + 10
            seen = None
            while time.monotonic() < deadline:
                document = self.get_json("/schemas")
                if document is None:
                    break
                names = {model["name"]: model for model in document.get("models", [])}
                seen = (names.get("GithubUser", {}).get("properties"), "SoakProbe" in names, document.get("generation"))
                if seen[0] == want and seen[1] == variant and (seen[2] or 0) > generation:
                    generation = seen[2]
                    break
                time.sleep(0.1)
            else:
                self.tally.fail(C_RELOAD, f"after SIGHUP ({'variant' if variant else 'original'}) /schemas shows "
                                          f"GithubUser properties/SoakProbe/generation = {seen}, "
                                          f"want {want}/{variant}/>{generation} within 10 s")
                continue
            if seen is None or seen[0] != want:
                continue
            # The new model is served at once, and gone again with the original.
            response, conn = self.exchange("reload", C_RELOAD, request_bytes("POST", "/convert/SoakProbe", b'{"n": "5"}'))
            if conn:
                conn.close()
            if response is None:
                continue
            expected = 200 if variant else 404
            if response.status != expected:
                self.tally.fail(C_RELOAD, f"/convert/SoakProbe with the {'variant' if variant else 'original'} schemas: "
                                          f"expected {expected}, got {response.brief()}")
            else:
                self.tally.ok(C_RELOAD)
        # Leave the original schemas in place and served.
        if variant:
            self.write_schemas(False)
            self.server.process.send_signal(signal.SIGHUP)

    # -- memory and liveness -----------------------------------------------------------------

    def sampler(self):
        while not self.sampler_stop.is_set():
            if not self.server.alive():
                if not self.stop.is_set():
                    self.tally.fail(C_ALIVE, f"convertd exited with {describe_status(self.server.process.returncode)} "
                                             f"{time.monotonic() - self.started:.0f} s into the load")
                    self.stop.set()
                return
            rss = self.server.resident_bytes()
            if rss is not None:
                self.rss.append((time.monotonic() - self.started, rss, "load" if self.running() else "after"))
            self.sampler_stop.wait(RSS_INTERVAL)

    def judge_memory(self, end_rss):
        """(passed, verdict lines)."""
        warmup = min(60.0, 0.1 * self.args.seconds)
        load = [(t, rss) for t, rss, phase in self.rss if phase == "load"]
        after_warmup = [rss for t, rss in load if t >= warmup]
        if not after_warmup or end_rss is None:
            return False, ["not enough samples"]
        warm = after_warmup[0]
        allowed = max(RSS_TOLERANCE_FRACTION * warm, RSS_TOLERANCE_BYTES)
        lines = [f"warm-up {warmup:.0f} s; RSS at its end {mb(warm)}; end (after 5 s idle) {mb(end_rss)}; "
                 f"tolerance +{mb(allowed)}"]
        passed = True
        if end_rss > warm + allowed:
            passed = False
            lines.append(f"end RSS {mb(end_rss)} is more than {mb(allowed)} above the warm-up RSS {mb(warm)}")
        values = [rss for _, rss in load]
        quarter = len(values) // 4
        if quarter >= 1:
            second = statistics.median(values[quarter:2 * quarter])
            last = statistics.median(values[-quarter:])
            trend_allowed = max(RSS_TOLERANCE_FRACTION * second, RSS_TOLERANCE_BYTES)
            lines.append(f"median RSS of the 2nd quarter {mb(second)}, of the last quarter {mb(last)}")
            if last > second + trend_allowed:
                passed = False
                lines.append(f"upward trend: the last quarter's median is {mb(last - second)} above the second's")
        else:
            lines.append("too few samples for a trend")
        return passed, lines

    # -- the run -----------------------------------------------------------------------------

    def run(self):
        args = self.args
        with tempfile.TemporaryDirectory(prefix="convertd-soak-") as scratch:
            self.schema_dir = os.path.join(scratch, "schemas")
            shutil.copytree(args.schemas, self.schema_dir)
            github = os.path.join(self.schema_dir, "github.yaml")
            if not os.path.isfile(github):
                raise SystemExit(f"soak: {args.schemas} has no github.yaml (GithubUser)")
            with open(github) as file:
                self.github_original = file.read()
            with open(os.path.join(self.schema_dir, SLOW_PATTERN_FILE), "w") as file:
                file.write(SLOW_PATTERN_MODEL)
            extra = list(args.server_arg)
            self.deadline_flags = help_lists(args.convertd, "--header-timeout") and help_lists(args.convertd, "--body-timeout")
            if self.deadline_flags:
                extra += ["--header-timeout", "2", "--body-timeout", "2"]
                self.trickle_limit = args.trickle_limit or 10.0
                self.trickle_basis = "server run with --header-timeout 2 --body-timeout 2"
            else:
                self.trickle_limit = args.trickle_limit or 40.0
                self.trickle_basis = "serve --help lists no --header-timeout/--body-timeout; limit = 30 s connection timeout + 10 s"
            if self.deadline_flags:
                self.tally.declare(C_SETTLED)
            print(f"soak: {args.seconds:.0f} s against {args.convertd}", flush=True)
            print(f"  payloads: {self.payload_source}", flush=True)
            print(f"  trickle limit {self.trickle_limit:.0f} s: {self.trickle_basis}", flush=True)
            self.server = Server(args.convertd, self.schema_dir, extra)
            self.port = self.server.port
            print(f"  convertd pid {self.server.process.pid} on {HOST}:{self.port}: {' '.join(self.server.command[1:])}", flush=True)
            try:
                return self.drive()
            finally:
                self.server.kill()

    def drive(self):
        args = self.args
        self.started = time.monotonic()
        self.end = self.started + args.seconds
        self.preflight()
        idle_rss = self.server.resident_bytes()
        self.sampler_stop = threading.Event()
        sampler = threading.Thread(target=self.sampler, name="rss", daemon=True)
        sampler.start()
        workers = []
        for copy in range(args.clients):
            workers.append(self.worker(f"user-{copy}", lambda: self.keepalive_worker(
                "valid: GithubUser", C_USER, lambda: (request_bytes("POST", "/convert/GithubUser", self.user), "POST"),
                self.same_as("user"))))
            workers.append(self.worker(f"weibo-{copy}", lambda: self.keepalive_worker(
                "valid: WeiboStatus", C_WEIBO, lambda: (request_bytes("POST", "/convert/WeiboStatus", self.weibo), "POST"),
                self.same_as("weibo"))))
        workers.append(self.worker("explain", lambda: self.keepalive_worker("valid: explain+pretty", C_EXPLAIN,
                                                                            self.make_explain, self.validate_explain)))
        workers.append(self.worker("ndjson", lambda: self.keepalive_worker("valid: NDJSON", C_NDJSON,
                                                                           self.make_ndjson_request, self.validate_ndjson)))
        workers.append(self.worker("invalid", self.invalid_worker))
        if args.array_elements > 0:
            workers.append(self.worker("many-errors", self.many_errors_worker))
        workers.append(self.worker("framing", self.framing_worker))
        workers.append(self.worker("churn", self.churn_worker))
        workers.append(self.worker("flood", self.flood_worker))
        workers.append(self.worker("slow-pattern", self.slow_pattern_worker))
        workers.append(self.worker("trickle-head", lambda: self.trickle_worker(
            C_TRICKLE_HEAD, "hostile: trickled headers",
            f"POST /convert/GithubUser HTTP/1.1\r\nHost: {HOST}\r\nX-Request-Id: trickle-head\r\n"
            "Content-Type: application/json\r\n".encode(),
            b"X-Trickle: " + b"t" * 4000 + b"\r\n")))
        workers.append(self.worker("trickle-body", lambda: self.trickle_worker(
            C_TRICKLE_BODY, "hostile: trickled body",
            request_bytes("POST", "/convert/GithubUser", b"", headers=["X-Request-Id: trickle-body"], length=False)[:-2]
            + b"Content-Length: 100000\r\n\r\n",
            b'{"login": "' + b"t" * 4000)))
        workers.append(self.worker("reload", self.reload_worker))

        last_report = time.monotonic()
        while self.running():
            time.sleep(0.5)
            if time.monotonic() - last_report >= args.progress:
                last_report = time.monotonic()
                self.progress()
        self.stop.set()
        join_limit = time.monotonic() + self.trickle_limit + 60
        for thread in workers:
            thread.join(max(0.1, join_limit - time.monotonic()))
            if thread.is_alive():
                self.tally.fail(C_HARNESS, f"worker {thread.name} did not stop within {self.trickle_limit + 60:.0f} s of the end")
        if not self.tally.checks[C_HARNESS]["fail"]:
            self.tally.ok(C_HARNESS, f"{len(workers)} workers")
        load_seconds = time.monotonic() - self.started

        # Rest, then the last memory sample, the server's own counters, SIGTERM.
        time.sleep(5)
        alive = self.server.alive()
        if alive:
            self.tally.ok(C_ALIVE)
            end_rss = self.server.resident_bytes()
            self.rss.append((time.monotonic() - self.started, end_rss, "end"))
        else:
            end_rss = None
            if not self.tally.checks[C_ALIVE]["fail"]:
                self.tally.fail(C_ALIVE, f"convertd exited with {describe_status(self.server.process.returncode)}")
        self.sampler_stop.set()
        sampler.join(10)
        stats = None
        if alive:
            stats = self.get_json("/stats", "final", C_STATS)
            if stats is not None:
                by_status = stats.get("requests", {}).get("byStatus", {})
                # 501 is the answer the spec wants for the Transfer-Encoding gzip case.
                bad = {status: count for status, count in by_status.items() if status.startswith("5") and status != "503"
                       and not (status == "501" and count <= self.gzip_cases)}
                if bad:
                    self.tally.fail(C_STATS, f"/stats requests.byStatus has {bad}")
                else:
                    self.tally.ok(C_STATS)
                settled = f"inFlight {stats.get('inFlight')}, connections {stats.get('connections')}"
                if not self.deadline_flags:
                    self.notes.append(f"after 5 s idle /stats shows {settled} (requests abandoned mid-way by their "
                                      "clients stay in flight until the connection timeout; not checked without deadlines)")
                elif (stats.get("inFlight") or 0) > 1:
                    self.tally.fail(C_SETTLED, f"after 5 s idle /stats shows {settled}")
                else:
                    self.tally.ok(C_SETTLED, settled)
        memory_ok, memory_lines = self.judge_memory(end_rss)
        if memory_ok:
            self.tally.ok(C_MEMORY)
        else:
            self.tally.fail(C_MEMORY, "; ".join(memory_lines[1:]) or memory_lines[0])

        if alive:
            self.server.process.send_signal(signal.SIGTERM)
            try:
                status = self.server.process.wait(TERM_SECONDS)
                if status == 0:
                    self.tally.ok(C_TERM)
                else:
                    self.tally.fail(C_TERM, f"exit {describe_status(status)}; log tail: " + " | ".join(self.server.log_tail(4)))
            except subprocess.TimeoutExpired:
                self.tally.fail(C_TERM, f"still running {TERM_SECONDS:.0f} s after SIGTERM")
                self.server.kill()
        else:
            self.tally.fail(C_TERM, "the server had already exited")
        self.server.reader.join(5)
        if self.server.smuggled:
            self.tally.fail(C_SMUGGLE, f"the server logged a smuggled request: {self.server.smuggled[0][:200]}")
        if self.server.logged_5xx:
            self.tally.fail(C_NO_5XX, f"the server logged {self.server.logged_5xx_count} request(s) with a 5xx, e.g. "
                                      f"{self.server.logged_5xx[0][:300]}")
        if not self.tally.checks[C_NO_5XX]["fail"]:
            with self.tally.lock:
                answered = sum(count for counter in self.tally.answers.values()
                               for outcome, count in counter.items() if outcome.isdigit())
            self.tally.ok(C_NO_5XX, f"{answered:,} answers")
        return self.report(load_seconds, idle_rss, end_rss, stats, memory_lines)

    def progress(self):
        with self.tally.lock:
            total = sum(sum(counter.values()) for counter in self.tally.answers.values())
            failures = sum(entry["fail"] for entry in self.tally.checks.values())
        rss = self.rss[-1][1] if self.rss else None
        print(f"  [{time.monotonic() - self.started:5.0f} s] {total:,} answers, {failures} check failures so far, "
              f"RSS {mb(rss) if rss else '?'}", flush=True)

    # -- the report --------------------------------------------------------------------------

    def report(self, load_seconds, idle_rss, end_rss, stats, memory_lines):
        print()
        print(f"== requests by kind and outcome ({load_seconds:.0f} s from the first request to the last worker's end)")
        with self.tally.lock:
            answers = {kind: dict(counter) for kind, counter in self.tally.answers.items()}
        outcomes = sorted({outcome for counter in answers.values() for outcome in counter},
                          key=lambda text: (0, int(text), "") if text.isdigit() else (1, 0, text))
        width = max(len(kind) for kind in answers) if answers else 10
        for kind in sorted(answers):
            counter = answers[kind]
            cells = "  ".join(f"{outcome}: {counter[outcome]:,}" for outcome in outcomes if outcome in counter)
            print(f"  {kind:<{width}}  {sum(counter.values()):>9,}   {cells}")
        total = sum(sum(counter.values()) for counter in answers.values())
        print(f"  {'total':<{width}}  {total:>9,}   ({total / max(load_seconds, 1):,.0f}/s)")

        print()
        print("== memory (VmRSS every 5 s)")
        samples = [rss for _, rss, _ in self.rss if rss]
        print("  " + " ".join(f"{t:.0f}s:{rss / MIB:.0f}" for t, rss, _ in self.rss if rss) + "  (MiB)")
        if samples:
            print(f"  start (idle, before load) {mb(idle_rss)}, peak {mb(max(samples))}, end {mb(end_rss) if end_rss else '?'}")
        for line in memory_lines:
            print(f"  {line}")

        print()
        print("== server")
        levels = ", ".join(f"{level} {count:,}" for level, count in sorted(self.server.levels.items()))
        print(f"  log lines by level: {levels}; reloads: {dict(self.server.reloads)}")
        if stats:
            print(f"  /stats: requests {stats.get('requests')}, connections {stats.get('connections')}, "
                  f"inFlight {stats.get('inFlight')}, cache {stats.get('cache')}")
        if self.server.timeouts:
            print(f"  408 request lines of clients that neither trickled nor left half-way (last {len(self.server.timeouts)}):")
            for line in self.server.timeouts:
                print(f"    {line[:300]}")
        unusual = [line for line in self.server.notable if '"level":"info"' not in line and '"msg":"reloading schemas"' not in line
                   and '"msg":"schemas reloaded"' not in line]
        if unusual:
            print(f"  notable log lines ({len(unusual)}; last 8):")
            for line in unusual[-8:]:
                print(f"    {line[:300]}")

        for note in self.notes:
            print(f"  note: {note}")

        print()
        print("== checks")
        passed = failed = 0
        for name, ok, entry in self.tally.verdicts():
            if ok:
                passed += 1
                note = ""
                if entry["notes"]:
                    note = "  (" + ", ".join(f"{text} ×{count}" for text, count in entry["notes"].most_common(3)) + ")"
                print(f"  PASS  {name}  [{entry['pass']:,}]{note}")
            else:
                failed += 1
                print(f"  FAIL  {name}  [{entry['pass']:,} ok, {entry['fail']:,} failed]")
                for example in entry["examples"]:
                    print(f"          - {example}")
        if self.harness_errors:
            print()
            print("== harness errors")
            for error in self.harness_errors:
                print(error)
        print()
        print(f"soak: {passed} passed, {failed} failed", flush=True)
        return 0 if failed == 0 else 1


def mb(value):
    return f"{value / MIB:.1f} MiB" if value is not None else "?"


def describe_status(code):
    if code is None:
        return "no status"
    if code < 0:
        try:
            return f"signal {signal.Signals(-code).name}"
        except ValueError:
            return f"signal {-code}"
    return f"status {code}"


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--convertd", required=True, help="the convertd executable")
    parser.add_argument("--schemas", required=True, help="schema directory (copied; the copy is served and reloaded)")
    parser.add_argument("--corpus", default=os.environ.get("CONVERTD_CORPUS"),
                        help="folder with user.json and weibo.json (built-in payloads without it)")
    parser.add_argument("--seconds", type=float, default=float(os.environ.get("SOAK_SECONDS", 600)),
                        help="length of the load (env SOAK_SECONDS, default 600)")
    parser.add_argument("--clients", type=int, default=1, help="keep-alive clients per valid payload (default 1)")
    parser.add_argument("--ndjson-lines", type=int, default=300)
    parser.add_argument("--array-elements", type=int, default=200_000, help="elements of the array of {} (0: not sent)")
    parser.add_argument("--array-interval", type=float, default=5.0, help="seconds between 200k-element arrays")
    parser.add_argument("--trickle-interval", type=float, default=0.25, help="seconds between trickled bytes")
    parser.add_argument("--trickle-limit", type=float, default=None,
                        help="seconds a trickling client may stay connected (10 with --header-timeout 2, else 40)")
    parser.add_argument("--progress", type=float, default=30.0, help="seconds between progress lines")
    parser.add_argument("--server-arg", action="append", default=[], help="an extra argument for convertd serve")
    return parser.parse_args()


def main():
    args = parse_arguments()
    if not os.access(args.convertd, os.X_OK):
        sys.exit(f"soak: {args.convertd} is not an executable (build it first)")
    return Soak(args).run()


if __name__ == "__main__":
    sys.exit(main())
