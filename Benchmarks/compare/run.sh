#!/bin/sh
# make bench-compare: builds the Swift side in release, keeps pydantic in a venv of its own
# (.build-venv/, made once), then runs compare.py.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
venv="$root/.build-venv"

"${SWIFT:-swift}" build -c release --package-path "$root/Benchmarks" --product CompareRunner

if ! "$venv/bin/python" -c 'import pydantic, sys; sys.exit(not (2, 13) <= tuple(map(int, pydantic.VERSION.split(".")[:2])) < (3, 0))' 2>/dev/null; then
    echo "installing pydantic into $venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "pydantic>=2.13,<3"
fi

exec "$venv/bin/python" "$root/Benchmarks/compare/compare.py" \
    --runner "$root/Benchmarks/.build/release/CompareRunner" "$@"
