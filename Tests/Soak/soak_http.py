"""HTTP over a raw socket, for the soak: every byte on the wire is the harness's choice.

Holds the loopback address and the byte unit the other modules share, the deadline for an
ordinary answer, the exceptions a connection ends with (Closed, Hang, Refused), an answer
(Response), one keep-alive TCP connection with its own reader of HTTP/1.1 answers (Connection:
Content-Length, chunked and close-delimited bodies, interim 1xx, waiting for the close, RST),
and the builder of request bytes (request_bytes).

Python 3 standard library only.
"""
import json
import re
import select
import socket
import struct
import time

HOST = "127.0.0.1"
MIB = 1 << 20
# How long an ordinary request may take before the harness calls it a hang. Generous: a pool
# thread may be busy with a 200k-element array when the request lands on it.
ANSWER_SECONDS = 30.0


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
