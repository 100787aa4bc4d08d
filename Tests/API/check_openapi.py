#!/usr/bin/env python3
"""Checks convertd's OpenAPI document against a live server.

Starts the built `convertd serve` on a free loopback port over a scratch copy of the schema
directory (so the admin operations Schemathesis sends change only the copy, and only in
memory), with an admin token. Then:

1. `GET /openapi.json` must answer 200 JSON, an OpenAPI 3.1 document that
   openapi-spec-validator accepts, with every model `GET /schemas` lists as a component;
2. Schemathesis runs every check on every operation (Tests/API/schemathesis.toml lists the
   few exceptions and why): no 5xx, every status, content type, header and body as documented,
   requests the document calls invalid refused, the admin operations closed without the token;
3. the server must still be running, and must not have logged a crash.

Exit status 0 when everything passed. Run it with the Python of the venv `make test-api` makes.
"""

import argparse
import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request

from openapi_spec_validator import validate

HERE = os.path.dirname(os.path.abspath(__file__))


def start(convertd, schemas, token):
    """The server process, its port, and the file its log goes to."""
    log = tempfile.NamedTemporaryFile(prefix="convertd-api-", suffix=".log", delete=False)
    process = subprocess.Popen(
        [convertd, "serve", "--host", "127.0.0.1", "--port", "0", "--schemas", schemas,
         "--admin-token", token, "--log-format", "text", "--log-level", "notice"],
        stdout=subprocess.DEVNULL, stderr=log)
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        with open(log.name, encoding="utf-8", errors="replace") as text:
            found = re.search(r" listening .*\bport=(\d+)", text.read())
        if found:
            return process, int(found.group(1)), log.name
        if process.poll() is not None:
            break
        time.sleep(0.05)
    process.kill()
    sys.exit(f"convertd did not start:\n{open(log.name, encoding='utf-8', errors='replace').read()}")


def fetch(url):
    with urllib.request.urlopen(url, timeout=30) as response:
        return response.status, response.headers.get("Content-Type", ""), response.read()


def check_document(base):
    """Validates the document and checks that it lists every model; returns it."""
    status, content_type, body = fetch(base + "/openapi.json")
    if status != 200 or not content_type.startswith("application/json"):
        sys.exit(f"GET /openapi.json answered {status} {content_type}")
    document = json.loads(body)
    if not str(document.get("openapi", "")).startswith("3.1."):
        sys.exit(f"not OpenAPI 3.1: openapi = {document.get('openapi')!r}")
    validate(document)
    models = [model["name"] for model in json.loads(fetch(base + "/schemas")[2])["models"]]
    components = document["components"]["schemas"]
    missing = [name for name in models if name not in components or f"{name}-Input" not in components
               or f"/convert/{name}" not in document["paths"]]
    if missing:
        sys.exit(f"models without their components or path: {', '.join(missing)}")
    print(f"openapi-spec-validator: OpenAPI {document['openapi']} valid; {len(document['paths'])} paths, "
          f"{len(models)} models, {len(components)} component schemas")
    return document


def run_schemathesis(base, token, max_examples, seed, workdir):
    command = [
        os.path.join(os.path.dirname(sys.executable), "schemathesis"),
        "--config-file", os.path.join(HERE, "schemathesis.toml"),
        "run", base + "/openapi.json",
        "--max-examples", str(max_examples),
        "--seed", str(seed),
        "--header", f"Authorization: Bearer {token}",
        "--generation-database", "none",
        "--request-timeout", "30",
        "--no-color",
    ]
    print("$", " ".join(command).replace(token, "<token>"), flush=True)
    return subprocess.run(command, cwd=workdir).returncode


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--convertd", required=True, help="the built convertd executable")
    parser.add_argument("--schemas", default="schemas", help="the schema directory to copy and serve")
    parser.add_argument("--max-examples", type=int, default=int(os.environ.get("API_MAX_EXAMPLES", "25")),
                        help="Schemathesis test cases per operation and phase (API_MAX_EXAMPLES)")
    parser.add_argument("--seed", type=int, default=int(os.environ.get("API_SEED", "20261124")),
                        help="Schemathesis' seed, so a run can be repeated (API_SEED)")
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="convertd-api-")
    schemas = os.path.join(workdir, "schemas")
    shutil.copytree(args.schemas, schemas)
    token = secrets.token_hex(16)
    process, port, log = start(os.path.abspath(args.convertd), schemas, token)
    base = f"http://127.0.0.1:{port}"
    started = time.monotonic()
    try:
        check_document(base)
        status = run_schemathesis(base, token, args.max_examples, args.seed, workdir)
        if process.poll() is not None:
            print(f"convertd exited during the run with status {process.returncode}")
            status = status or 1
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
    logged = open(log, encoding="utf-8", errors="replace").read()
    if re.search(r"Fatal error|Sanitizer|Crash", logged):
        print("convertd logged a crash:\n" + logged[-4000:])
        status = status or 1
    os.unlink(log)
    shutil.rmtree(workdir, ignore_errors=True)
    print(f"API checks {'passed' if status == 0 else 'FAILED'} in {time.monotonic() - started:.0f} s")
    return status


if __name__ == "__main__":
    sys.exit(main())
