#!/bin/sh
# make bench-compare: builds the Swift side in release, keeps pydantic and msgspec in a venv of
# their own (.build-venv/, made once; either missing or out of its range installs both), then
# runs compare.py.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
venv="$root/.build-venv"

"${SWIFT:-swift}" build -c release --package-path "$root/Benchmarks" --product CompareRunner

if ! "$venv/bin/python" -c '
import sys
import msgspec, pydantic
def minor(version): return tuple(map(int, version.split(".")[:2]))
sys.exit(not ((2, 13) <= minor(pydantic.VERSION) < (3, 0) and (0, 19) <= minor(msgspec.__version__) < (0, 23)))' 2>/dev/null; then
    echo "installing pydantic and msgspec into $venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "pydantic>=2.13,<3" "msgspec>=0.19,<0.23"
fi

exec "$venv/bin/python" "$root/Benchmarks/compare/compare.py" \
    --runner "$root/Benchmarks/.build/release/CompareRunner" "$@"
