#!/usr/bin/env python3
"""SIGTERM under connection churn, many times: convertd must exit 0 every time.

Each round starts `convertd serve --port 0 --grace 2` on the given schema directory, runs client threads that connect, send requests, disconnect (some in the middle of a
request, some without sending anything) without pause, sends SIGTERM after a random 0–200 ms,
and requires exit status 0 (not a signal: the known failure is SIGABRT from libmicrohttpd's
"Failed to remove listen FD from epoll set") within the grace period + 5 s. Rounds run
`--parallel` at a time. Prints aborts, other non-zero exits, slow exits, the exit-time
distribution and the total time; the last line is `drain_churn: N passed, M failed` (one check
per round) and the exit status is 1 on any failure.

    python3 Tests/Soak/drain_churn.py --convertd .build/release/convertd --schemas schemas [--rounds 1000]

Python 3 standard library only. Traffic goes to 127.0.0.1 only.
"""
import argparse
import collections
import json
import os
import random
import re
import signal
import socket
import statistics
import struct
import subprocess
import sys
import threading
import time

from soak_server import read_lines

HOST = "127.0.0.1"
USER = (b'{"login":"octocat","id":583231,"avatar_url":"https://avatars.githubusercontent.com/u/583231?v=4",'
        b'"type":"User","site_admin":false,"public_repos":"8","followers":9999,"created_at":"2011-01-25T18:44:36Z"}')


def request(path, body=None, content_type="application/json"):
    if body is None:
        return f"GET {path} HTTP/1.1\r\nHost: {HOST}\r\n\r\n".encode()
    return (f"POST {path} HTTP/1.1\r\nHost: {HOST}\r\nContent-Type: {content_type}\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode() + body


NDJSON = b"\n".join([USER, b'{"id":"x"}'] * 20) + b"\n"
REQUESTS = [
    request("/convert/GithubUser", USER),
    request("/convert/GithubUser?explain=true&pretty=true", USER),
    request("/convert/GithubUser", b"{}"),
    request("/convert/GithubUser", b"{bad json"),
    request("/convert/GithubUser", NDJSON, "application/x-ndjson"),
    request("/healthz"),
    request("/readyz"),
    request("/stats"),
    request("/schemas"),
]


class Round:
    """One server: started, churned, terminated; what happened."""

    def __init__(self, number, args, rng):
        self.number = number
        self.args = args
        self.rng = rng
        self.tail = collections.deque(maxlen=400)
        self.port = None
        self.listening = threading.Event()
        self.stop = threading.Event()
        self.sent = 0
        self.lock = threading.Lock()

    def run(self):
        """(passed, status, seconds from SIGTERM to exit, detail)."""
        command = [self.args.convertd, "serve", "--host", HOST, "--port", "0", "--schemas", self.args.schemas,
                   "--grace", str(self.args.grace), "--log-format", "json"] + self.args.server_arg
        self.process = subprocess.Popen(command, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE)
        reader = threading.Thread(target=self.read, daemon=True)
        reader.start()
        if not self.listening.wait(30) or self.port is None:
            self.process.kill()
            self.process.wait()
            return False, self.process.returncode, None, "did not log 'listening' within 30 s: " + " | ".join(self.tail)
        clients = [threading.Thread(target=self.client, args=(random.Random(self.rng.random()),), daemon=True)
                   for _ in range(self.args.clients)]
        for client in clients:
            client.start()
        time.sleep(self.rng.uniform(0, 0.2))
        self.process.send_signal(signal.SIGTERM)
        signalled = time.monotonic()
        limit = self.args.grace + 5
        try:
            status = self.process.wait(limit)
        except subprocess.TimeoutExpired:
            status = None
        seconds = time.monotonic() - signalled
        self.stop.set()
        for client in clients:
            client.join(10)
        if status is None:
            self.process.kill()
            self.process.wait()
            reader.join(5)
            return False, "hung", seconds, f"still running {limit:g} s after SIGTERM; log: " + " | ".join(list(self.tail)[-6:])
        reader.join(5)
        if status != 0:
            lines = [line for line in self.tail if '"msg":"request"' not in line and line.strip()]
            # The cause first (libmicrohttpd's "Fatal error …", a Swift "Fatal error"/crash line),
            # then the last lines; a Swift backtrace would otherwise push it out of view.
            causes = [line for line in lines if re.search(r"fatal|panic|failed to|crash|abort", line, re.IGNORECASE)]
            return False, status, seconds, " | ".join(causes[:3] + ["…"] + lines[-3:] if causes else lines[-6:])[:800]
        return True, 0, seconds, ""

    def read(self):
        read_lines(self.process.stderr, self.line)
        self.listening.set()

    def line(self, raw):
        text = raw.decode("utf-8", "replace")
        self.tail.append(text)
        if self.port is None and b"listening" in raw:
            try:
                entry = json.loads(text)
                if entry.get("msg") == "listening":
                    self.port = int(entry["port"])
                    self.listening.set()
            except (ValueError, KeyError, TypeError, AttributeError):
                pass

    def client(self, rng):
        """Connects, sends, leaves — on and on until the server is gone."""
        while not self.stop.is_set():
            try:
                sock = socket.create_connection((HOST, self.port), timeout=1)
            except OSError:
                time.sleep(0.005)  # refused once the server stopped listening
                continue
            try:
                sock.settimeout(2)
                style = rng.random()
                if style < 0.15:
                    pass  # connect and leave
                elif style < 0.35:
                    raw = rng.choice(REQUESTS)
                    sock.sendall(raw[:rng.randint(1, len(raw) - 1)])  # leave in the middle of a request
                else:
                    for _ in range(rng.randint(1, 4)):  # whole requests on a keep-alive connection
                        sock.sendall(rng.choice(REQUESTS))
                        with self.lock:
                            self.sent += 1
                        if not read_answer(sock):
                            break
                if rng.random() < 0.3:
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            except OSError:
                pass
            finally:
                sock.close()


def read_answer(sock):
    """Reads one answer (head and Content-Length body); False when the connection ended."""
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            return False
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    length = 0
    for line in head.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
        if name.strip().lower() == b"connection" and b"close" in value.lower():
            return False
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            return False
        body += chunk
    return True


def describe(status):
    if status == "hung":
        return "no exit"
    if isinstance(status, int) and status < 0:
        try:
            return signal.Signals(-status).name
        except ValueError:
            return f"signal {-status}"
    return f"exit {status}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--convertd", required=True)
    parser.add_argument("--schemas", required=True)
    parser.add_argument("--rounds", type=int, default=int(os.environ.get("DRAIN_ROUNDS", 1000)),
                        help="env DRAIN_ROUNDS, default 1000")
    # A round mostly waits: convertd keeps requests that clients abandoned half-way "in flight"
    # until its connection timeout, so the drain uses the whole grace; 6 rounds at a time keep
    # 1000 rounds near 6 minutes on 2 cores.
    parser.add_argument("--parallel", type=int, default=int(os.environ.get("DRAIN_PARALLEL", 6)),
                        help="rounds at a time (env DRAIN_PARALLEL, default 6)")
    parser.add_argument("--clients", type=int, default=4, help="client threads per round")
    parser.add_argument("--grace", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--server-arg", action="append", default=[], help="an extra argument for convertd serve")
    args = parser.parse_args()
    if not os.access(args.convertd, os.X_OK):
        sys.exit(f"drain_churn: {args.convertd} is not an executable (build it first)")
    seed = args.seed if args.seed is not None else random.randrange(1 << 30)
    print(f"drain_churn: {args.rounds} rounds, {args.parallel} at a time, {args.clients} clients each, "
          f"--grace {args.grace:g}, seed {seed}", flush=True)

    results = []
    lock = threading.Lock()
    numbers = iter(range(1, args.rounds + 1))
    started = time.monotonic()

    def runner():
        while True:
            with lock:
                number = next(numbers, None)
            if number is None:
                return
            outcome = Round(number, args, random.Random(seed * 100_003 + number)).run()
            with lock:
                results.append((number,) + outcome)
                done = len(results)
                if not outcome[0]:
                    print(f"  round {number}: {describe(outcome[1])} after {outcome[2] or 0:.2f} s: {outcome[3]}", flush=True)
                if done % 100 == 0:
                    failed = sum(1 for result in results if not result[1])
                    print(f"  {done}/{args.rounds} rounds, {failed} failed, {time.monotonic() - started:.0f} s", flush=True)

    threads = [threading.Thread(target=runner) for _ in range(max(1, args.parallel))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    total = time.monotonic() - started

    failures = [result for result in results if not result[1]]
    by_status = collections.Counter(describe(result[2]) for result in results)
    aborts = sum(1 for result in failures if result[2] == -signal.SIGABRT)
    nonzero = len(failures) - aborts
    exits = sorted(result[3] for result in results if result[3] is not None and result[2] != "hung")
    print()
    print(f"== drain under churn: {len(results)} rounds in {total:.0f} s ({total / max(1, len(results)):.2f} s a round)")
    print(f"  exit statuses: {dict(by_status)}")
    print(f"  SIGABRT: {aborts}; other non-zero exits, signals or hangs: {nonzero}")
    if exits:
        print(f"  SIGTERM to exit: median {statistics.median(exits):.2f} s, max {exits[-1]:.2f} s, "
              f"rounds that used the whole grace ({args.grace:g} s): {sum(1 for s in exits if s >= args.grace)}")
    for number, _, status, seconds, detail in failures[:10]:
        print(f"  round {number}: {describe(status)}: {detail}")
    print()
    print(f"drain_churn: {len(results) - len(failures)} passed, {len(failures)} failed", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
