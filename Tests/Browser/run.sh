#!/usr/bin/env bash
# The playground's browser test: installs what is missing (Debian's chromium and chromium-driver,
# a venv with selenium and pytest), then runs playground_test.py against a built convertd.
#   Tests/Browser/run.sh CONVERTD_BINARY [pytest arguments…]
# Environment: SCHEMAS (default schemas), SHOTS (where screenshots go, default .build),
# BROWSER_VENV (default .build-venv-browser).
# Skips (prints SKIPPED and exits 0) only when apt cannot install Chromium.
set -euo pipefail

convertd=${1:?usage: Tests/Browser/run.sh CONVERTD_BINARY [pytest arguments…]}
shift
here=$(cd "$(dirname "$0")" && pwd)
venv=${BROWSER_VENV:-.build-venv-browser}
sudo=$([ "$(id -u)" = 0 ] || echo sudo)

missing=""
for package in chromium chromium-driver; do
  dpkg -s "$package" >/dev/null 2>&1 || missing="$missing $package"
done
if [ -n "$missing" ]; then
  echo "browser test: installing$missing (apt)"
  started=$SECONDS
  log=$(mktemp)
  if ! { $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing; } >"$log" 2>&1; then
    echo "SKIPPED: the playground browser test: apt-get could not install$missing here:"
    tail -n 5 "$log" | sed 's/^/  /'
    rm -f "$log"
    exit 0
  fi
  rm -f "$log"
  echo "browser test: installed$missing in $((SECONDS - started)) s"
fi

if ! python3 -c 'import ensurepip, venv' 2>/dev/null; then
  echo "browser test: installing python3 python3-venv (apt)"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3 python3-venv
fi
# The venv is made again whenever requirements.txt changes (a copy inside records what it holds).
if [ ! -x "$venv/bin/python" ] || ! cmp -s "$here/requirements.txt" "$venv/requirements.txt"; then
  echo "browser test: installing $venv (selenium, pytest from PyPI)"
  python3 -m venv --clear "$venv"
  "$venv/bin/python" -m pip install --quiet --disable-pip-version-check -r "$here/requirements.txt"
  cp "$here/requirements.txt" "$venv/requirements.txt"
fi

[ -x "$convertd" ] || { echo "browser test: $convertd is not an executable (build it first: swift build --product convertd)"; exit 1; }
PYTHONDONTWRITEBYTECODE=1 exec "$venv/bin/python" -m pytest -p no:cacheprovider -q "$here/playground_test.py" \
  --convertd "$convertd" --schemas "${SCHEMAS:-schemas}" --shots "${SHOTS:-.build}" "$@"
