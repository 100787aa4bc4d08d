#!/usr/bin/env python3
"""The README's examples are tests: runs every runnable command block of README.md and compares
what each command prints with the output the README shows.

    python3 Tests/README/run_examples.py --convertd .build/debug/convertd [--readme README.md] [--keep]

Marking. A block is runnable when the line right before its opening fence is exactly
`<!-- runnable -->` (an HTML comment, invisible on GitHub) and the fence is ```sh. Inside,
the block is written as a user types it: a line starting with `$ ` is a command (a line ending
in `\\` continues it on the next line, as in bash); the lines after it, up to the next `$ `
line, are what it prints (stdout and stderr together, as a terminal shows them). A block
without commands, output before the first command, or no runnable block in the README at all
fails the run. Unmarked blocks are not run; the runner lists those that hold `$ ` lines.

Running. The repository's files (`git ls-files`: tracked, plus untracked ones git does not
ignore, so a new example counts before it is committed) are copied to a scratch directory.
There `convertd serve --schemas schemas --port 0 --host 127.0.0.1` starts with ADMIN_TOKEN=s3cret
(the token the README's admin examples use), on the free port the kernel picks. The commands
run with bash in the scratch copy, with the convertd binary's directory first on PATH (so
`convertd …` runs as written), `localhost:8080` and `127.0.0.1:8080` in them rewritten to the
server's port, stdin empty, and an environment without convertd's settings (PORT,
SCHEMAS_DIR, ADMIN_TOKEN…) or make's (MAKEFLAGS, MAKELEVEL: `make` in a block prints what it
prints at a prompt). The blocks run in README order against the one server and the one copy, as
a reader going from top to bottom: files and the server's state (a PUT, a reload) carry over
from block to block; shell variables carry over only within a block (each block is one bash),
and `$?` from each command to the next (`$ echo $?` shows an exit status).
A command exiting 126 or 127 (not executable, not found) fails whatever it printed.

Comparing. The printed text and the shown lines are both normalized, then compared line by
line:
- trailing white space on each line, and blank lines at the end (or a missing last newline),
  are ignored;
- the server's real port is written back as 8080 (`localhost:8080`, `127.0.0.1:8080`);
- what differs from run to run or changes with every schema edit becomes a placeholder, on both
  sides, so the README can show real values: in JSON, the values of the members `digest`,
  `version` (content hashes), `loadedAt`, `ts` (times), `trace_id`, `us`, `uptimeSeconds`,
  `buildMicroseconds`, `running_s` (durations), and the same keys in `key=value` log lines;
  request ids convertd generates (16 hex digits, `-`, a count; a client's own id is compared as
  it is); the values of the headers `Date` and `traceparent`; and in Prometheus text the values
  of `process_*` samples and of samples named `*_seconds*`;
- a shown line that is only `…` (any indentation) stands for any run of printed lines, none
  included;
- when the shown lines do not match and hold no `…`, and the command printed one JSON document,
  the two are compared with the white space between JSON tokens removed: the README may break a
  long JSON line for reading, but every key, its order and every number's digits must be as
  printed.
Dates in conversion output are data and are compared as they are.

Exit status 0 when every runnable block passed; 1 otherwise, with a diff per failing command
and its README line.
"""

import argparse
import difflib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))

MARKER = "<!-- runnable -->"
ADMIN_TOKEN = "s3cret"
README_PORT = 8080
ELLIPSIS = "…"
BLOCK_TIMEOUT = 300

# Settings convertd reads from the environment (ServerConfig), and make's own variables.
CONVERTD_ENVIRONMENT = {
    "HOST", "PORT", "SCHEMAS_DIR", "THREADS", "MAX_BODY_BYTES", "MAX_STREAM_BYTES", "MAX_DEPTH",
    "MAX_ERRORS", "CONNECTION_TIMEOUT", "HEADER_TIMEOUT", "BODY_TIMEOUT", "MIN_BODY_RATE",
    "MAX_CONNECTIONS", "MAX_CONNECTIONS_PER_CLIENT", "GRACE", "ADMIN_TOKEN", "ADMIN_TOKEN_FILE", "ADMIN_ON_NETWORK",
    "PERSIST", "RELOAD_INTERVAL", "SHARE_PORT", "LOG_LEVEL", "LOG_FORMAT",
}
MAKE_ENVIRONMENT = {"MAKEFLAGS", "MFLAGS", "MAKELEVEL", "MAKEOVERRIDES", "MAKE_TERMOUT", "MAKE_TERMERR"}

VARYING_JSON_KEYS = ("digest", "version", "loadedAt", "ts", "trace_id", "us", "uptimeSeconds",
                     "buildMicroseconds", "running_s")
JSON_STRING = r'"(?:[^"\\]|\\.)*"'
JSON_SCALAR = JSON_STRING + r"|-?[0-9][0-9.eE+-]*"
NORMALIZATIONS = [
    (re.compile(r'"(' + "|".join(VARYING_JSON_KEYS) + r')"(\s*:\s*)(?:' + JSON_SCALAR + r")"),
     lambda m: f'"{m.group(1)}"{m.group(2)}"<{m.group(1)}>"'),
    (re.compile(r"(?<![\w-])(" + "|".join(VARYING_JSON_KEYS) + r")=(?:" + JSON_STRING + r"|\S+)"),
     lambda m: f"{m.group(1)}=<{m.group(1)}>"),
    (re.compile(r"(?im)^(date|traceparent)(\s*:\s*).*$"),
     lambda m: f"{m.group(1)}{m.group(2)}<{m.group(1).lower()}>"),
    (re.compile(r"\b[0-9a-f]{16}-[0-9]+\b"), lambda m: "<request-id>"),
    (re.compile(r"(?m)^((?:process_\w+|\w+_seconds\w*)(?:\{[^}\n]*\})?) \S+$"),
     lambda m: f"{m.group(1)} <value>"),
]


class Command:
    def __init__(self, line, text):
        self.line = line          # README line of its `$ `
        self.text = text          # without the `$ `, continuation lines included
        self.shown = []           # the output lines the README shows
        self.continued = text.endswith("\\")


class Block:
    def __init__(self, line, heading):
        self.line = line          # README line of the opening fence
        self.heading = heading
        self.commands = []


def parse(lines):
    """The runnable blocks, the unmarked blocks holding `$ ` lines (their fence lines), and the
    marking mistakes."""
    blocks, unmarked, problems = [], [], []
    heading = ""
    index = 0
    while index < len(lines):
        line = lines[index]
        stripped = line.strip()
        if line.startswith("#") and not line.startswith("#!"):
            heading = line.lstrip("#").strip()
        if stripped == MARKER:
            fence = index + 1
            if fence >= len(lines) or lines[fence].strip() != "```sh":
                problems.append((index + 1, f"{MARKER} is not followed by a ```sh block"))
                index += 1
                continue
            end = closing_fence(lines, fence)
            block = Block(fence + 1, heading)
            problems.extend(split_commands(block, lines, fence + 1, end))
            blocks.append(block)
            index = end + 1
            continue
        if stripped.startswith("```"):
            end = closing_fence(lines, index)
            if stripped in ("```sh", "```bash", "```console", "```shell") and any(
                    body.startswith("$ ") for body in lines[index + 1:end]):
                unmarked.append(index + 1)
            index = end + 1
            continue
        index += 1
    return blocks, unmarked, problems


def closing_fence(lines, opening):
    for index in range(opening + 1, len(lines)):
        if lines[index].strip() == "```":
            return index
    return len(lines)


def split_commands(block, lines, first, end):
    problems = []
    command = None
    for index in range(first, end):
        text = lines[index]
        if command is not None and command.continued:
            command.text += "\n" + text
            command.continued = text.endswith("\\")
        elif text.startswith("$ "):
            command = Command(index + 1, text[2:])
            block.commands.append(command)
        elif command is None:
            problems.append((index + 1, "output shown before the block's first `$ ` command"))
            break
        else:
            command.shown.append(text)
    if not block.commands and not problems:
        problems.append((block.line, "a runnable block without a `$ ` command"))
    return problems


def normalize(text):
    for pattern, replacement in NORMALIZATIONS:
        text = pattern.sub(replacement, text)
    lines = [line.rstrip() for line in text.split("\n")]
    while lines and lines[-1] == "":
        lines.pop()
    return lines


def lines_match(shown, printed):
    """Whether the shown lines match the printed ones, a shown `…` line matching any run."""
    # reachable[j]: shown[:i] matches printed[:j]
    reachable = [True] + [False] * len(printed)
    for line in shown:
        if line.strip() == ELLIPSIS:
            for j in range(1, len(printed) + 1):
                reachable[j] = reachable[j] or reachable[j - 1]
        else:
            reachable = [False] + [reachable[j - 1] and printed[j - 1] == line
                                   for j in range(1, len(printed) + 1)]
    return reachable[-1]


def without_json_whitespace(text):
    out, in_string, escaped = [], False, False
    for char in text:
        if in_string:
            out.append(char)
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
            out.append(char)
        elif char not in " \t\r\n":
            out.append(char)
    return "".join(out)


def json_match(shown, printed):
    if any(line.strip() == ELLIPSIS for line in shown):
        return False
    shown_text, printed_text = "\n".join(shown), "\n".join(printed)
    try:
        json.loads(printed_text)
        json.loads(shown_text)
    except ValueError:
        return False
    return without_json_whitespace(shown_text) == without_json_whitespace(printed_text)


def scratch_copy(destination):
    """Copies the files git tracks, or would track, into destination."""
    # .venv/ is the README's own datamodel-code-generator example, not the repository's
    listing = subprocess.run(["git", "-C", REPO, "ls-files", "-z", "--cached", "--others", "--exclude-standard",
                              "--exclude", "/.venv/"], capture_output=True)
    if listing.returncode != 0:
        sys.exit(f"git ls-files failed in {REPO}: {listing.stderr.decode(errors='replace').strip()}")
    copied = 0
    for name in sorted(set(listing.stdout.decode().split("\0"))):
        source = os.path.join(REPO, name)
        if not name or not os.path.lexists(source) or os.path.isdir(source) and not os.path.islink(source):
            continue          # deleted in the work tree, or a submodule
        target = os.path.join(destination, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(source, target, follow_symlinks=False)
        copied += 1
    return copied


def clean_environment(bin_directory):
    env = {key: value for key, value in os.environ.items()
           if key not in CONVERTD_ENVIRONMENT and key not in MAKE_ENVIRONMENT}
    env["PATH"] = bin_directory + os.pathsep + env.get("PATH", "/usr/bin:/bin")
    env["LC_ALL"] = "C.UTF-8"
    for key in ("no_proxy", "NO_PROXY"):
        env[key] = ",".join(filter(None, [env.get(key, ""), "localhost", "127.0.0.1"]))
    return env


def start_server(convertd, workdir, env, log_path):
    server_env = dict(env, ADMIN_TOKEN=ADMIN_TOKEN)
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            [convertd, "serve", "--schemas", "schemas", "--host", "127.0.0.1", "--port", "0",
             "--log-format", "json"],
            cwd=workdir, env=server_env, stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with open(log_path, encoding="utf-8", errors="replace") as text:
            found = re.search(r'"msg":"listening".*?"port":(\d+)', text.read())
        if found:
            return process, int(found.group(1))
        if process.poll() is not None:
            break
        time.sleep(0.05)
    process.kill()
    process.wait()
    with open(log_path, encoding="utf-8", errors="replace") as text:
        sys.exit(f"convertd serve did not start:\n{text.read()}")


def rewrite(command, port):
    return re.sub(r"\b(localhost|127\.0\.0\.1):" + str(README_PORT) + r"\b", lambda m: f"{m.group(1)}:{port}", command)


def run_block(block, workdir, scratch, env, port, timeout):
    """Runs the block's commands in one bash; returns [(command, printed text, exit status)]."""
    separator = "\x1eREADME-EXAMPLE-STATUS="
    script = []
    for command in block.commands:
        script.append("{ " + rewrite(command.text, port) + "\n} </dev/null 2>&1")
        # the status is printed, then given back to $? for a next command such as `echo $?`
        script.append(f"__readme_status=$?; printf '\\n{separator}%d\\036\\n' $__readme_status; "
                      "(exit $__readme_status)")
    script_path = os.path.join(scratch, f"block-{block.line}.sh")
    with open(script_path, "w", encoding="utf-8") as file:
        file.write("\n".join(script) + "\n")
    # a session of its own, so that a block past its time is ended with every process it started
    process = subprocess.Popen(["bash", script_path], cwd=workdir, env=env, stdin=subprocess.DEVNULL,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        output, _ = process.communicate(timeout=timeout)
        output = output.decode("utf-8", errors="replace")
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        output = output.decode("utf-8", errors="replace") + f"\n[the block did not finish within {timeout} s]\n"
    pieces = re.split(r"\n" + re.escape(separator) + r"(\d+)\x1e\n", output)
    results = []
    for index, command in enumerate(block.commands):
        if 2 * index + 1 < len(pieces):
            results.append((command, pieces[2 * index], int(pieces[2 * index + 1])))
        else:
            rest = pieces[-1] if len(pieces) == 2 * index + 1 else ""
            results.append((command, rest + "\n[the command did not finish: the block ended first]", None))
            break
    return results


def check_command(command, printed, status, port, readme_name):
    """None when the command printed what the README shows, else the lines explaining why not."""
    printed = re.sub(r"\b(localhost|127\.0\.0\.1):" + str(port) + r"\b",
                     lambda m: f"{m.group(1)}:{README_PORT}", printed)
    actual, shown = normalize(printed), normalize("\n".join(command.shown))
    reason = None
    if status in (126, 127):
        reason = f"exit status {status}: the command cannot run as written"
    elif status is None:
        reason = "the command did not finish"
    elif lines_match(shown, actual) or json_match(shown, actual):
        return None
    else:
        reason = "the output differs (normalized; - as shown, + as printed)"
    diff = difflib.unified_diff(shown, actual, f"{readme_name}:{command.line + command.text.count(chr(10)) + 1} (shown)",
                                "printed", lineterm="", n=3)
    return [reason] + list(diff)


def main():
    parser = argparse.ArgumentParser(description="Runs the README's runnable command blocks and compares their output.")
    parser.add_argument("--convertd", required=True, help="the convertd binary (e.g. .build/debug/convertd)")
    parser.add_argument("--readme", default=os.path.join(REPO, "README.md"))
    parser.add_argument("--timeout", type=int, default=BLOCK_TIMEOUT, help="seconds per block (default 300)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch copy and the server log")
    args = parser.parse_args()

    started = time.monotonic()
    convertd = os.path.abspath(args.convertd)
    if not os.access(convertd, os.X_OK):
        sys.exit(f"{args.convertd}: no executable there (swift build --product convertd)")
    readme_name = "README.md" if os.path.abspath(args.readme) == os.path.join(REPO, "README.md") else args.readme
    with open(args.readme, encoding="utf-8") as file:
        lines = file.read().split("\n")
    blocks, unmarked, problems = parse(lines)
    for line, problem in problems:
        print(f"FAIL  {readme_name}:{line}: {problem}")
    if not blocks:
        print(f"FAIL  {readme_name} marks no block runnable ({MARKER} on the line before a ```sh block)")
        return 1
    if problems:
        return 1

    scratch = tempfile.mkdtemp(prefix="convertd-readme-")
    workdir = os.path.join(scratch, "repo")
    os.makedirs(workdir)
    log_path = os.path.join(scratch, "server.log")
    copied = scratch_copy(workdir)
    env = clean_environment(os.path.dirname(convertd))
    server, port = start_server(convertd, workdir, env, log_path)
    commands = sum(len(block.commands) for block in blocks)
    print(f"{readme_name}: {len(blocks)} runnable block{'s' if len(blocks) > 1 else ''}, {commands} commands; "
          f"{copied} files copied to {workdir}; convertd serve on port {port}")
    failed = 0
    try:
        for block in blocks:
            block_started = time.monotonic()
            failures = []
            for command, printed, status in run_block(block, workdir, scratch, env, port, args.timeout):
                problem = check_command(command, printed, status, port, readme_name)
                if problem:
                    failures.append((command, problem))
            seconds = time.monotonic() - block_started
            count = len(block.commands)
            label = (f"{readme_name}:{block.line}  {block.heading} "
                     f"({count} command{'s' if count > 1 else ''}, {seconds:.1f} s)")
            if not failures:
                print(f"ok    {label}")
                continue
            failed += 1
            print(f"FAIL  {label}")
            for command, problem in failures:
                print(f"  {readme_name}:{command.line}: $ {command.text}")
                print(f"    {problem[0]}")
                for line in problem[1:]:
                    print(f"    {line}")
        if server.poll() is not None:
            failed += 1
            print(f"FAIL  convertd serve exited with {server.returncode} during the examples")
    finally:
        if server.poll() is None:
            server.send_signal(signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()
        if failed:
            with open(log_path, encoding="utf-8", errors="replace") as text:
                tail = text.read().splitlines()[-15:]
            print("server log, last lines:\n  " + "\n  ".join(tail))
        if args.keep:
            print(f"kept: {scratch} (the copy in repo/, the server's log in server.log)")
        else:
            shutil.rmtree(scratch, ignore_errors=True)

    if unmarked:
        print(f"not runnable (unmarked blocks with $ lines): {readme_name} lines {', '.join(map(str, unmarked))}")
    elapsed = time.monotonic() - started
    if failed:
        print(f"README examples: {failed} of {len(blocks)} blocks FAILED ({elapsed:.1f} s)")
        return 1
    print(f"README examples: all {len(blocks)} blocks ({commands} commands) passed in {elapsed:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
