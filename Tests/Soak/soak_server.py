"""The convertd process a soak drives, and reading what it writes.

Holds the line reader of a child's output stream (read_lines, which drain_churn.py uses too),
`convertd serve` started on a free loopback port with its JSON log read by a thread all along
(Server: the port from its `listening` line, request lines with a 5xx or a smuggled request,
reloads, its resident memory from /proc, kill), whether `serve --help` documents a flag
(help_lists), and how a process ended in words (describe_status).

SOAK_SERVER_LOG=FILE keeps every log line but the ordinary request lines, for a post-mortem.

Python 3 standard library only.
"""
import collections
import json
import os
import re
import signal
import subprocess
import threading

from soak_http import HOST


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


def describe_status(code):
    if code is None:
        return "no status"
    if code < 0:
        try:
            return f"signal {signal.Signals(-code).name}"
        except ValueError:
            return f"signal {-code}"
    return f"status {code}"
