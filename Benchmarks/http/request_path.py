#!/usr/bin/env python3
"""convertd's request path in instructions per request, counted by callgrind.

Runs convertd and the C echo that places connections as convertd does (`echo-own`) under
`valgrind --tool=callgrind --instr-atstart=no`, each warmed up with wrk and then counted only
while `wrk -t1 -c8` POSTs the body; the totals are divided by the requests wrk counted. The
request path is what convertd spends beyond the echo and beyond the conversion itself (the
inclusive instructions of `Engine.convert`):

    python3 Benchmarks/http/request_path.py --convertd .build/release/convertd --echo ECHO \
        --schemas schemas --body ../shared/corpus/user.json --model GithubUser

Both servers serve with the same threads; libmicrohttpd's pool memset (about 49 k a request)
is in both and cancels out. `--top N` lists convertd's N costliest functions, inclusive and self.
"""
import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

from bench_http import Server, add_server_arguments, check_conversion, free_port, wrk, write_wrk_script

TARGET_REMAINDER = 10_000
# The conversion's share: the outermost `Engine.convert` a request goes through.
CONVERSION = re.compile(r"^(MappingEngine\.)?Engine\.convert\(")


def main():
    args = parse_arguments()
    if not os.path.isfile(args.body):
        print(f"skipped: {args.body} not found (set CONVERTD_CORPUS to the corpus folder)")
        return 0
    for tool in ("valgrind", "callgrind_control", "callgrind_annotate", "wrk", "strip", "swift"):
        if not shutil.which(tool):
            sys.exit(f"{tool} not found (make bench-deps installs it)")
    with tempfile.TemporaryDirectory(prefix="convertd-request-path-") as scratch:
        script = write_wrk_script(scratch, args.body)
        # valgrind cannot read the DWARF 5 the Swift toolchain writes; the symbols stay.
        convertd = os.path.join(scratch, "convertd")
        shutil.copy(args.convertd, convertd)
        subprocess.run(["strip", "--strip-debug", convertd], check=True)
        echo = count(echo_server(args, scratch), script, args)
        served = count(convertd_server(args, convertd, scratch), script, args, converts=True)
        print_report(args, echo, served)
    return 0


def parse_arguments():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_server_arguments(parser)
    parser.add_argument("--threads", type=int, default=2, help="server threads, both servers")
    parser.add_argument("--connections", type=int, default=8)
    parser.add_argument("--seconds", type=int, default=6, help="length of the counted wrk run")
    parser.add_argument("--warmup", type=int, default=3, help="seconds of load before counting")
    parser.add_argument("--top", type=int, default=0, help="list convertd's N costliest functions per request")
    parser.add_argument("--keep", help="a folder to copy the callgrind outputs to")
    return parser.parse_args()


def callgrind(scratch, name):
    """The valgrind command line that counts `name`, instrumentation off until switched on."""
    output = os.path.join(scratch, f"callgrind.{name}")
    return output, ["valgrind", "--tool=callgrind", "--instr-atstart=no", f"--callgrind-out-file={output}"]


def echo_server(args, scratch):
    output, valgrind = callgrind(scratch, "echo-own")
    port = free_port()
    url = f"http://127.0.0.1:{port}/"
    return output, Server("echo-own", valgrind + [args.echo, str(port), str(args.threads), "own-accept"], url, url)


def convertd_server(args, executable, scratch):
    output, valgrind = callgrind(scratch, "convertd")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    command = valgrind + [executable, "serve", "--host", "127.0.0.1", "--port", str(port), "--schemas", args.schemas,
                          "--threads", str(args.threads), "--log-level", args.log_level]
    return output, Server("convertd", command, f"{base}/convert/{args.model}", f"{base}/healthz")


class Counted:
    """One server's callgrind profile over a counted wrk run."""

    def __init__(self, name, output, requests, failures):
        self.name = name
        self.output = output
        self.requests = requests
        self.failures = failures
        self.total = program_total(output)

    def per_request(self, instructions):
        return instructions / self.requests


def count(started, script, args, converts=False):
    """Warms the server up, counts instructions while wrk runs, and stops it (callgrind writes its file at exit);
    for convertd, first waits until it is ready and checks that it converts the body."""
    output, server = started
    try:
        if converts:
            wait_until_ready(server.url.split("/convert/")[0] + "/readyz")
            check_conversion(server, args)
        wrk(server.url, script, args.connections, args.warmup)
        control(server, "on")
        run = wrk(server.url, script, args.connections, args.seconds)
        control(server, "off")
    finally:
        server.stop()
    if args.keep:
        os.makedirs(args.keep, exist_ok=True)
        shutil.copy(output, args.keep)
    return Counted(server.name, output, run.requests, run.failures)


def wait_until_ready(url):
    """Waits for `/readyz` to answer 200: under valgrind the schemas take seconds to load."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except (urllib.error.HTTPError, OSError):
            time.sleep(0.2)
    sys.exit(f"{url} did not answer 200 within 120 s")


def control(server, state):
    subprocess.run(["callgrind_control", "-i", state, str(server.process.pid)], check=True, capture_output=True)


def program_total(output):
    annotated = annotate(output)
    return int(re.search(r"^([\d,]+) .*PROGRAM TOTALS", annotated, re.MULTILINE).group(1).replace(",", ""))


def annotate(output, inclusive=False):
    """callgrind_annotate's listing of every function, Swift's names demangled."""
    command = ["callgrind_annotate", f"--inclusive={'yes' if inclusive else 'no'}", "--threshold=100", output]
    listing = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return subprocess.run(["swift", "demangle", "--simplified"], input=listing, capture_output=True, text=True, check=True).stdout


def functions(output, inclusive):
    """(instructions, function) for every function of the profile, costliest first."""
    rows = []
    for line in annotate(output, inclusive).splitlines():
        # `1,234 (0.12%)  file:function [object]`, the file `???` when unknown.
        match = re.match(r"^\s*([\d,]+) \([^)]*\)\s+[^:\s]*:(.*?)(?: \[[^\]]*\])?$", line)
        if match and "PROGRAM TOTALS" not in line:
            rows.append((int(match.group(1).replace(",", "")), match.group(2).strip()))
    return rows


def conversion(served):
    """The inclusive instructions of the outermost `Engine.convert`: the conversion itself."""
    costs = [cost for cost, name in functions(served.output, inclusive=True) if CONVERSION.search(name)]
    if not costs:
        sys.exit(f"no Engine.convert in {served.output}: is the model converted?")
    return max(costs)


def print_report(args, echo, served):
    converted = conversion(served)
    per_convertd = served.per_request(served.total)
    per_echo = echo.per_request(echo.total)
    per_conversion = served.per_request(converted)
    remainder = per_convertd - per_echo - per_conversion
    print(f"\nThe request path: POST {os.path.basename(args.body)} to /convert/{args.model}, callgrind while "
          f"wrk -t1 -c{args.connections} runs {args.seconds} s (after {args.warmup} s of warm-up); "
          f"{args.threads} server threads each, convertd --log-level {args.log_level}\n")
    print("| | requests counted | instructions | per request |")
    print("| --- | ---: | ---: | ---: |")
    print(f"| convertd | {served.requests:,} | {served.total:,} | {per_convertd:,.0f} |")
    print(f"| echo-own | {echo.requests:,} | {echo.total:,} | {per_echo:,.0f} |")
    print(f"| conversion (`Engine.convert`, inclusive) | {served.requests:,} | {converted:,} | {per_conversion:,.0f} |")
    print(f"| **request path** (convertd − echo-own − conversion) | | | **{remainder:,.0f}** |")
    if args.top:
        for inclusive in (True, False):
            print(f"\nconvertd's {args.top} costliest functions, {'inclusive' if inclusive else 'self'}, per request:\n")
            for cost, name in functions(served.output, inclusive)[:args.top]:
                print(f"  {served.per_request(cost):>10,.0f}  {name[:160]}")
    print("\ntargets:")
    verdicts = [(f"request path < {TARGET_REMAINDER:,} instructions per request ({remainder:,.0f})", remainder < TARGET_REMAINDER)]
    verdicts += [(f"no failed requests ({counted.name}: {counted.failures})", False) for counted in (echo, served) if counted.failures]
    for label, met in verdicts:
        print(f"  {'met   ' if met else 'MISSED'}  {label}")


if __name__ == "__main__":
    sys.exit(main())
