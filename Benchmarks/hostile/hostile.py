#!/usr/bin/env python3
"""What hostile requests cost convertd: for each attack, the wall time of the answer, its status
and size, and the server's peak and resting memory, against a fresh server per attack.

    python3 Benchmarks/hostile/hostile.py --convertd .build/release/convertd [--convertd OTHER …]

Each binary named is measured in turn in the same run, so an old build and a new one compare
side by side. Traffic goes to 127.0.0.1 only; every request is bounded by --timeout.
"""
import argparse, os, re, socket, subprocess, sys, time

LIMIT = 8 << 20


def array(element, budget=LIMIT):
    count = (budget - 1) // (len(element) + 1)
    return b"[" + b",".join([element] * count) + b"]", count


def ndjson(line, total):
    count = total // (len(line) + 1)
    return (line + b"\n") * count, count


def attacks():
    empties, count = array(b"{}")
    yield "2.8M {} to /convert/GithubUser", "/convert/GithubUser", "application/json", empties, f"{count:,} elements"
    ones, count = array(b"1")
    yield "4.2M numbers to /reverse/GithubUser", "/reverse/GithubUser", "application/json", ones, f"{count:,} elements"
    lines, count = ndjson(b"{}", 25 << 20)
    yield "25 MB of {} lines as NDJSON", "/convert/GithubUser", "application/x-ndjson", lines, f"{count:,} lines"


def memory(pid):
    status = open(f"/proc/{pid}/status").read()
    field = lambda name: int(re.search(name + r":\s+(\d+)", status).group(1)) * 1024
    return field("VmRSS"), field("VmHWM")


def post(port, path, content_type, body, timeout):
    started = time.time()
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(b"POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: %s\r\nContent-Length: %d\r\n\r\n"
                  % (path.encode(), content_type.encode(), len(body)) + body)
        data = b""
        while b"\r\n\r\n" not in data:
            data += s.recv(1 << 16)
        head, rest = data.split(b"\r\n\r\n", 1)
        length = int(re.search(rb"(?i)content-length:\s*(\d+)", head).group(1))
        while len(rest) < length:
            chunk = s.recv(1 << 20)
            if not chunk:
                break
            rest += chunk
    return int(head.split()[1]), len(rest), time.time() - started


def serve(binary, schemas):
    process = subprocess.Popen([binary, "serve", "--host", "127.0.0.1", "--port", "0", "--schemas", schemas,
                                "--log-format", "text", "--log-level", "notice"], stderr=subprocess.PIPE, text=True)
    for line in process.stderr:
        match = re.search(r" listening .*port=(\d+)", line)
        if match:
            return process, int(match.group(1))
    raise SystemExit(f"{binary} did not start")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--convertd", action="append", required=True, help="a convertd binary (repeat to compare)")
    parser.add_argument("--schemas", default="schemas")
    parser.add_argument("--timeout", type=float, default=120)
    args = parser.parse_args()
    print("| attack | binary | status | answer | seconds | server peak RSS | RSS after |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for name, path, content_type, body, size in attacks():
        for binary in args.convertd:
            process, port = serve(binary, args.schemas)
            try:
                status, length, seconds = post(port, path, content_type, body, args.timeout)
                time.sleep(0.5)
                resident, peak = memory(process.pid)
                print(f"| {name} ({size}, {len(body) / 1e6:.1f} MB) | {binary} | {status} | {length:,} B | {seconds:.2f} | "
                      f"{peak / 1e6:.0f} MB | {resident / 1e6:.0f} MB |", flush=True)
            except Exception as error:
                print(f"| {name} | {binary} | – | {error} | – | – | – |", flush=True)
            finally:
                process.terminate()
                process.wait(timeout=30)


if __name__ == "__main__":
    main()
