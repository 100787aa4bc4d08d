#!/usr/bin/env python3
"""convertd's HTTP throughput against a bare libmicrohttpd echo, measured in one run.

Starts convertd and the C echo (Benchmarks/http/echo.c) side by side, twice: as libmicrohttpd
accepts connections, and placing them as convertd does (`own-accept`); drives each with wrk
POSTing the same body, and prints requests per second, p50, p99 and the ratio convertd/echo
at each connection count; then convertd's resident memory over one million requests.

    python3 Benchmarks/http/bench_http.py --convertd .build/release/convertd --echo ECHO \
        --schemas schemas --body ../shared/corpus/user.json --model GithubUser

With `--baseline OTHER` an earlier convertd build runs in the same rounds, and the report adds
convertd/baseline: how much a change cost on the request path, measured in one run.
"""
import argparse
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request

TARGET_RATIO = 0.85
TARGET_P99_MS = 2.0
TARGET_RSS_MB = 64
TARGET_RSS_DRIFT = 0.05
TARGET_BASELINE_DROP = 0.03


def main():
    args = parse_arguments()
    if not os.path.isfile(args.body):
        print(f"skipped: {args.body} not found (set CONVERTD_CORPUS to the corpus folder)")
        return 0
    with tempfile.TemporaryDirectory(prefix="convertd-bench-http-") as scratch:
        script = write_wrk_script(scratch, args.body)
        echoes = [Server.echo(args.echo, args.threads), Server.echo(args.echo, args.threads, own_accept=True)]
        convertd = Server.convertd(args, args.convertd, "convertd")
        baseline = Server.convertd(args, args.baseline, "baseline") if args.baseline else None
        try:
            check_conversion(convertd, args)
            memory = measure_memory(convertd, script, args)
            rows = [compare(echoes, convertd, baseline, script, connections, args) for connections in args.connections]
        finally:
            convertd.stop()
            for echo in echoes:
                echo.stop()
            if baseline:
                baseline.stop()
    print_report(args, rows, memory)
    return 0


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_server_arguments(parser)
    parser.add_argument("--threads", type=int, default=os.cpu_count(), help="server threads, both servers")
    parser.add_argument("--connections", type=int, nargs="+", default=[16, 64])
    parser.add_argument("--seconds", type=int, default=10, help="length of each measured wrk run")
    parser.add_argument("--warmup", type=int, default=2, help="seconds of load before each measured run")
    parser.add_argument("--rounds", type=int, default=1, help="measured runs per server and connection count; medians are reported")
    parser.add_argument("--requests", type=int, default=1_000_000, help="requests over which resident memory is watched")
    parser.add_argument("--baseline", help="an earlier convertd executable, measured in the same rounds")
    return parser.parse_args()


def add_server_arguments(parser):
    """What every HTTP benchmark takes: the two servers, what convertd serves, and the request."""
    parser.add_argument("--convertd", required=True, help="the convertd executable (release build)")
    parser.add_argument("--echo", required=True, help="the compiled echo server (Benchmarks/http/echo.c)")
    parser.add_argument("--schemas", required=True, help="schema directory to serve")
    parser.add_argument("--body", required=True, help="JSON document to POST")
    parser.add_argument("--model", required=True, help="schema the body converts with")
    parser.add_argument("--log-level", default="info", help="convertd's --log-level (its request lines go to /dev/null)")


class Server:
    """A server process on a free loopback port."""

    def __init__(self, name, command, url, health_url):
        self.name = name
        self.url = url
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        wait_until_answering(health_url, self.process)

    @staticmethod
    def echo(executable, threads, own_accept=False):
        """The echo; `own_accept`, placing connections as convertd does (see echo.c)."""
        port = free_port()
        url = f"http://127.0.0.1:{port}/"
        return Server("echo-own" if own_accept else "echo", [executable, str(port), str(threads)] + (["own-accept"] if own_accept else []),
                      url, url)

    @staticmethod
    def convertd(args, executable, name):
        port = free_port()
        command = [executable, "serve", "--host", "127.0.0.1", "--port", str(port), "--schemas", args.schemas,
                   "--threads", str(args.threads), "--log-level", args.log_level]
        base = f"http://127.0.0.1:{port}"
        return Server(name, command, f"{base}/convert/{args.model}", f"{base}/healthz")

    def resident_megabytes(self):
        with open(f"/proc/{self.process.pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        raise RuntimeError(f"{self.name} has no VmRSS")

    def cpu_seconds(self):
        """User and system CPU time of every thread so far."""
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def wait_until_answering(url, process):
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"{process.args[0]} exited with {process.returncode} before answering")
        try:
            with urllib.request.urlopen(urllib.request.Request(url, data=b"{}"), timeout=1):
                return
        except urllib.error.HTTPError:
            return
        except OSError:
            time.sleep(0.05)
    sys.exit(f"{process.args[0]} did not answer {url} within 30 s")


def check_conversion(convertd, args):
    """One request by hand: the benchmark only counts if convertd really converts the body."""
    with open(args.body, "rb") as body:
        request = urllib.request.Request(convertd.url, data=body.read(), headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=5) as response:
        converted = json.load(response)
    if not isinstance(converted, dict) or not converted:
        sys.exit(f"convertd answered {converted!r} instead of a converted {args.model}")


def write_wrk_script(folder, body):
    path = os.path.join(folder, "post.lua")
    with open(path, "w") as script:
        script.write('wrk.method = "POST"\n'
                     'wrk.headers["Content-Type"] = "application/json"\n'
                     f'local file = assert(io.open({json.dumps(os.path.abspath(body))}, "rb"))\n'
                     'wrk.body = file:read("*a")\n'
                     'file:close()\n')
    return path


class Run:
    """What one wrk run printed."""

    def __init__(self, output):
        self.requests = int(search(r"(\d+) requests in", output))
        self.rate = float(search(r"Requests/sec:\s+([\d.]+)", output))
        percentiles = dict(re.findall(r"^\s+(50|99)%\s+(\S+)", output, re.MULTILINE))
        self.p50 = milliseconds(percentiles["50"]) if "50" in percentiles else None
        self.p99 = milliseconds(percentiles["99"]) if "99" in percentiles else None
        failed = re.search(r"Non-2xx or 3xx responses: (\d+)", output)
        errors = re.search(r"Socket errors: (.*)", output)
        self.failures = (f"{failed.group(1)} non-2xx responses " if failed else "") + (f"socket errors {errors.group(1)}" if errors else "")


def search(pattern, text):
    match = re.search(pattern, text, re.MULTILINE)
    if not match:
        sys.exit(f"unexpected wrk output:\n{text}")
    return match.group(1)


def milliseconds(text):
    value, unit = re.fullmatch(r"([\d.]+)(us|ms|s)", text).groups()
    return float(value) * {"us": 0.001, "ms": 1, "s": 1000}[unit]


def wrk(url, script, connections, seconds, latency=False):
    command = ["wrk", "-t1", f"-c{connections}", f"-d{seconds}s", "-s", script, url] + (["--latency"] if latency else [])
    return Run(subprocess.run(command, capture_output=True, text=True, check=True).stdout)


def compare(echoes, convertd, baseline, script, connections, args):
    """The echoes, convertd (and the baseline) in turn, each warmed up then measured, `rounds` times."""
    servers = echoes + [convertd] + ([baseline] if baseline else [])
    runs = {server.name: [] for server in servers}
    for _ in range(args.rounds):
        for server in servers:
            wrk(server.url, script, connections, args.warmup)
            cpu = server.cpu_seconds()
            run = wrk(server.url, script, connections, args.seconds, latency=True)
            run.cpu = (server.cpu_seconds() - cpu) / run.requests * 1e6
            runs[server.name].append(run)
            print(f"  {server.name:8} @{connections:<3} {run.rate:>10,.0f} req/s {run.cpu:6.1f} µs CPU each", file=sys.stderr)
    return connections, [runs[echo.name] for echo in echoes], runs[convertd.name], runs.get("baseline")


def measure_memory(convertd, script, args):
    """Resident memory at rest, after a warm-up, and as one million requests go by."""
    idle = convertd.resident_megabytes()
    wrk(convertd.url, script, 64, args.warmup)
    warm = convertd.resident_megabytes()
    served, samples, failures = 0, [], []
    while served < args.requests:
        run = wrk(convertd.url, script, 64, 3)
        served += run.requests
        samples.append(convertd.resident_megabytes())
        if run.failures:
            failures.append(run.failures)
    return {"idle": idle, "warm": warm, "served": served, "samples": samples, "failures": failures}


def median(runs, field):
    return statistics.median(getattr(run, field) for run in runs)


def print_report(args, rows, memory):
    body = os.path.getsize(args.body)
    print(f"\nHTTP: POST {os.path.basename(args.body)} ({body:,} B) to /convert/{args.model} and to the echo; "
          f"wrk -t1, {args.seconds} s after {args.warmup} s of warm-up, median of {args.rounds}; "
          f"{args.threads} server threads each, convertd --log-level {args.log_level}\n")
    print("Two echoes: `echo` as libmicrohttpd accepts (the worker that wakes first takes a connection), `echo-own` placing "
          "connections as convertd does (its own accept thread and MHD_add_connection: evenly over the pool).\n")
    print("| connections | echo req/s | echo-own req/s | convertd req/s | convertd/echo | convertd/echo-own "
          "| p50 / p99: echo, echo-own, convertd | server CPU per request: echo, echo-own, convertd |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    verdicts, changes = [], []
    for connections, echoes, convertd, baseline in rows:
        ratios = []
        for echo in echoes:
            # The range is over the rounds: each echo run paired with the convertd run of its round.
            rounds = [ours.rate / theirs.rate for ours, theirs in zip(convertd, echo)]
            spread = f" ({min(rounds):.2f}–{max(rounds):.2f})" if len(rounds) > 1 else ""
            ratios.append((median(convertd, "rate") / median(echo, "rate"), spread))
        latencies = ", ".join(f"{median(runs, 'p50'):.2f} / {median(runs, 'p99'):.2f}" for runs in echoes + [convertd])
        cpu = ", ".join(f"{median(runs, 'cpu'):.1f}" for runs in echoes + [convertd])
        print(f"| {connections} | " + " | ".join(f"{median(runs, 'rate'):,.0f}" for runs in echoes + [convertd])
              + " | " + " | ".join(f"{ratio:.2f}{spread}" for ratio, spread in ratios) + f" | {latencies} ms | {cpu} µs |")
        for (ratio, _), name in zip(ratios, ("echo", "echo-own")):
            verdicts.append((f"convertd/{name} ≥ {TARGET_RATIO} at {connections} connections", ratio >= TARGET_RATIO))
        if connections == 64:
            verdicts.append((f"convertd p99 ≤ {TARGET_P99_MS} ms at 64 connections (echo {median(echoes[0], 'p99'):.2f} ms, "
                             f"echo-own {median(echoes[1], 'p99'):.2f} ms)", median(convertd, "p99") <= TARGET_P99_MS))
        if baseline:
            change = median(convertd, "rate") / median(baseline, "rate")
            pairs = [ours.rate / theirs.rate for ours, theirs in zip(convertd, baseline)]
            changes.append(f"| {connections} | {median(baseline, 'rate'):,.0f} | {median(convertd, 'rate'):,.0f} | {change:.3f} "
                           f"({min(pairs):.3f}–{max(pairs):.3f}) | {median(baseline, 'p99'):.2f} / {median(convertd, 'p99'):.2f} ms "
                           f"| {median(baseline, 'cpu'):.1f} / {median(convertd, 'cpu'):.1f} µs |")
            verdicts.append((f"convertd/baseline ≥ {1 - TARGET_BASELINE_DROP:.2f} at {connections} connections", change >= 1 - TARGET_BASELINE_DROP))
        for run in sum(echoes, []) + convertd + (baseline or []):
            if run.failures:
                verdicts.append((f"no failed requests at {connections} connections ({run.failures})", False))
    if changes:
        print(f"\nagainst the baseline {args.baseline}, in the same rounds:\n")
        print("| connections | baseline req/s | convertd req/s | convertd/baseline (range) | p99 baseline / convertd | CPU per request |")
        print("| ---: | ---: | ---: | ---: | ---: | ---: |")
        print("\n".join(changes))
    warm, last = memory["warm"], memory["samples"][-1]
    drift = (last - warm) / warm
    peak = max(memory["samples"])
    print(f"\nconvertd resident memory: {memory['idle']:.1f} MB at rest, {warm:.1f} MB after the warm-up, "
          f"{last:.1f} MB after {memory['served']:,} more requests at 64 connections "
          f"({drift:+.1%}; peak {peak:.1f} MB; samples every 3 s: {' '.join(f'{s:.1f}' for s in memory['samples'])})")
    verdicts.append((f"resident memory ≤ {TARGET_RSS_MB} MB under load", peak <= TARGET_RSS_MB))
    verdicts.append((f"resident memory flat (±{TARGET_RSS_DRIFT:.0%}) over {memory['served']:,} requests", abs(drift) <= TARGET_RSS_DRIFT))
    verdicts += [(f"no failed requests in the memory run ({failure})", False) for failure in memory["failures"]]
    print("\ntargets:")
    for label, met in verdicts:
        print(f"  {'met   ' if met else 'MISSED'}  {label}")


if __name__ == "__main__":
    sys.exit(main())
