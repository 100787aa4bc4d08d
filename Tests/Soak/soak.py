#!/usr/bin/env python3
"""convertd under a long mixed load: valid, invalid and hostile clients, schema reloads, memory.

Starts the real `convertd serve` on a free loopback port with a copy of the schema directory,
drives it for SOAK_SECONDS with threads that speak HTTP over raw sockets (so every byte on the
wire is the harness's choice), reloads the schemas every few seconds, samples the server's
resident memory, and ends with SIGTERM. Prints requests by kind and status, every check with its
verdict, the memory samples, and a last line `soak: N passed, M failed`; exits 1 on any failure.

    python3 Tests/Soak/soak.py --convertd .build/release/convertd --schemas schemas \
        --corpus ../shared/corpus [--seconds 600]

The harness is split by worker kind; this file puts it together and runs it:
    soak_http.py          HTTP over a raw socket (Connection, Response, request_bytes)
    soak_server.py        the convertd process (Server, read_lines, help_lists, describe_status)
    soak_checks.py        the Tally and the name of every check, in the order of the report
    soak_harness.py       Harness, the base of every worker (exchange, worker, pause, get_json)
    soak_valid.py         the payloads and the valid clients (GithubUser, WeiboStatus, explain, NDJSON)
    soak_invalid.py       the invalid clients (refusals, the 200k-element array)
    soak_hostile.py       the hostile clients (framing and smuggling, trickling, churn)
    soak_flood.py         the connection flood against a second server
    soak_slow_pattern.py  near misses of a pattern catastrophic for backtracking
    soak_reload.py        schema changes and SIGHUP
    soak_memory.py        the resident-memory and liveness sampler
Soak (below) is the workers' mixins over one state; it starts the server, starts the workers,
collects the checks, ends with SIGTERM and prints the report.

Python 3 standard library only. Traffic goes to 127.0.0.1 only.
"""
import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

from soak_checks import (ALL_CHECKS, C_ALIVE, C_EXPLAIN, C_HARNESS, C_MANY, C_MEMORY, C_NDJSON, C_NO_5XX, C_SETTLED,
                         C_SMUGGLE, C_STATS, C_TERM, C_TRICKLE_BODY, C_TRICKLE_HEAD, C_USER, C_WEIBO, Tally)
from soak_flood import FloodWorker
from soak_hostile import HostileClients
from soak_http import HOST, MIB, request_bytes
from soak_invalid import InvalidClients
from soak_memory import MemorySampler, mb
from soak_reload import ReloadWorker
from soak_server import Server, describe_status, help_lists
from soak_slow_pattern import SLOW_PATTERN_FILE, SLOW_PATTERN_MODEL, SlowPatternWorker
from soak_valid import ValidClients, load_payloads

TERM_SECONDS = 15.0


# ---------------------------------------------------------------------------------------------
# The soak


class Soak(ValidClients, InvalidClients, HostileClients, FloodWorker, SlowPatternWorker, ReloadWorker, MemorySampler):
    """One run: the state every worker shares (set up here, in `run` and in `drive`), the workers
    of every kind (the mixins), the server, the final checks and the report."""

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
