#!/usr/bin/env bash
# make container-test: the Dockerfile built and run with podman, offline where it must be.
#
#   1. deps        podman, runc, debootstrap, nginx, wrk, curl: only the missing ones
#   2. base        the Dockerfile's base images: reused when present, else pulled, else made here
#                  (debootstrap bookworm -> podman import; the Swift image from that and the
#                  toolchain installed on this machine), tagged with the names the Dockerfile uses
#   3. image       podman build --pull=never, Swift packages from this machine's git mirror
#   4. container   one container: a corpus payload converted over HTTP, `podman healthcheck run`
#                  healthy, non-root, `podman stop` exits 0 within the grace period
#   5. gateway     two read-only replicas behind nginx (keep-alive, retries on connection errors,
#                  X-Request-Id through); wrk while each replica in turn is stopped and started
#                  again: zero failed requests
#
# Fails at the first broken promise. State (the bookworm rootfs tarball, the gateway's files, the
# figures) goes under .build-container-test/; images go to podman's own storage. Environment:
# CORPUS (payloads), IMAGE (default localhost/convertd:latest), DEBIAN_MIRROR, SWIFT_TOOLCHAIN,
# BASELINE_SECONDS (10: both replicas up), WRK_SECONDS (30: the rolling restart), WRK_CONNECTIONS (32),
# KEEP=1 leaves the containers and nginx running.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/deploy/container-test"
STATE="$ROOT/.build-container-test"
IMAGE=${IMAGE:-localhost/convertd:latest}
CORPUS=${CORPUS:-$ROOT/../shared/corpus}
DEBIAN_MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
DEBIAN_SECURITY=${DEBIAN_SECURITY:-http://deb.debian.org/debian-security}
WRK_SECONDS=${WRK_SECONDS:-30}
BASELINE_SECONDS=${BASELINE_SECONDS:-10}
WRK_CONNECTIONS=${WRK_CONNECTIONS:-32}
STOP_TIMEOUT=15   # podman stop -t: above the image's GRACE (10 s)
NAME_PREFIX=convertd-ct
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)

# The Dockerfile's own defaults, so the names live in one place.
dockerfile_arg() { sed -n "s/^ARG $1=//p" "$ROOT/Dockerfile" | head -n1; }
SWIFT_IMAGE=$(dockerfile_arg SWIFT_IMAGE)
RUNTIME_IMAGE=$(dockerfile_arg RUNTIME_IMAGE)

# podman as these machines need it: the runc runtime and explicit limits (crun and the default
# limits fail here).
RUNTIME_FLAGS=(--runtime runc)
LIMIT_FLAGS=(--ulimit nofile=20000:20000 --ulimit nproc=32768:32768)
# podman runs a HEALTHCHECK on a timer through systemd, which these machines do not run; the
# check itself is run on demand (`podman healthcheck run`).
HEALTH_FLAGS=(--health-interval disable)
# What podman says on stderr while containers run, stop and start (its complaints about the
# missing systemd among it) goes to a log, shown when a step fails.
PODMAN_LOG="$ROOT/.build-container-test/podman.log"
podman_quiet() { podman "$@" 2>>"$PODMAN_LOG" || { tail -n 5 "$PODMAN_LOG" >&2; return 1; }; }
# shellcheck disable=SC2032,SC2033  # the function calls the podman binary, through sudo when not root
if [ -n "$SUDO" ]; then podman() { sudo podman "$@"; }; else podman() { command podman "$@"; }; fi

# ---- reporting -----------------------------------------------------------------------------------
PHASES=()
phase_started=0
phase() {
    phase_name=$1
    phase_started=$(date +%s.%N)
    printf '\n== %s: %s\n' "$1" "$2"
}
phase_done() {
    local seconds
    seconds=$(awk -v a="$phase_started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
    PHASES+=("$phase_name ${seconds}s${1:+ ($1)}")
    printf -- '-- %s done in %s s%s\n' "$phase_name" "$seconds" "${1:+ ($1)}"
}
fail() {
    printf 'container-test: FAILED in %s: %s\n' "${phase_name:-setup}" "$*" >&2
    exit 1
}
note() { printf '   %s\n' "$*"; }

# ---- cleanup: only what this run started ---------------------------------------------------------
NGINX_PID=""
WRK_PID=""
cleanup() {
    local status=$?
    if [ "${KEEP:-0}" = 1 ]; then
        note "KEEP=1: containers ${NAME_PREFIX}-* and nginx (pid ${NGINX_PID:-none}) left running"
        return
    fi
    if [ -n "$WRK_PID" ] && kill -0 "$WRK_PID" 2>/dev/null; then
        kill "$WRK_PID" 2>/dev/null || true
    fi
    if [ -n "$NGINX_PID" ] && kill -0 "$NGINX_PID" 2>/dev/null; then
        $SUDO kill "$NGINX_PID" 2>/dev/null || true
        wait "$NGINX_PID" 2>/dev/null || true
    fi
    for name in single a b; do podman rm -f -t 0 "$NAME_PREFIX-$name" >/dev/null 2>&1 || true; done
    exit "$status"
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# Waits until GET url answers 200; fails after `seconds`.
wait_ready() {
    local url=$1 seconds=${2:-30} deadline
    deadline=$(($(date +%s) + seconds))
    until [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 2 "$url" || true)" = 200 ]; do
        [ "$(date +%s)" -lt "$deadline" ] || fail "$url did not answer 200 within $seconds s"
        sleep 0.1
    done
}

# ---- 1. deps -------------------------------------------------------------------------------------
phase deps "podman, runc, debootstrap, nginx, wrk, curl"
missing=""
for package in podman runc debootstrap nginx wrk curl; do
    dpkg -s "$package" >/dev/null 2>&1 || missing="$missing $package"
done
if [ -n "$missing" ]; then
    note "installing:$missing"
    $SUDO apt-get update -qq
    # shellcheck disable=SC2086  # one word per package
    $SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
fi
podman --version >/dev/null || fail "podman does not run"
phase_done

# ---- 2. base images ------------------------------------------------------------------------------
# A bookworm root filesystem shaped like the official slim image: minbase, the same apt sources
# and settings, no documentation, manual pages or translations.
make_bookworm_tarball() {
    local tarball=$1 rootfs="$STATE/rootfs"
    $SUDO rm -rf "$rootfs"
    note "debootstrap --variant=minbase bookworm from $DEBIAN_MIRROR (log: $STATE/debootstrap.log)"
    $SUDO debootstrap --variant=minbase bookworm "$rootfs" "$DEBIAN_MIRROR" >"$STATE/debootstrap.log" 2>&1 \
        || fail "debootstrap failed: see $STATE/debootstrap.log"
    $SUDO rm -f "$rootfs/etc/apt/sources.list"
    $SUDO tee "$rootfs/etc/apt/sources.list.d/debian.sources" >/dev/null <<EOF
Types: deb
URIs: $DEBIAN_MIRROR
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $DEBIAN_SECURITY
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
    $SUDO tee "$rootfs/etc/dpkg/dpkg.cfg.d/docker" >/dev/null <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/groff/*
path-exclude /usr/share/info/*
path-exclude /usr/share/lintian/*
path-exclude /usr/share/linda/*
path-exclude /usr/share/locale/*
EOF
    $SUDO tee "$rootfs/etc/apt/apt.conf.d/docker-clean" >/dev/null <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
    echo 'Acquire::Languages "none";' | $SUDO tee "$rootfs/etc/apt/apt.conf.d/docker-no-languages" >/dev/null
    echo 'Acquire::GzipIndexes "true";' | $SUDO tee "$rootfs/etc/apt/apt.conf.d/docker-gzip-indexes" >/dev/null
    echo 'APT::AutoRemove::SuggestsImportant "false";' | $SUDO tee "$rootfs/etc/apt/apt.conf.d/docker-autoremove-suggests" >/dev/null
    $SUDO find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
    $SUDO find "$rootfs/usr/share/doc" -mindepth 1 -type d -empty -delete
    $SUDO rm -rf "$rootfs"/usr/share/{man,groff,info,lintian,linda}/* "$rootfs"/usr/share/locale/* \
        "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/* "$rootfs"/var/cache/debconf/*-old \
        "$rootfs"/var/log/*.log "$rootfs"/var/log/apt/* "$rootfs"/tmp/* "$rootfs"/root/.bash_history
    : | $SUDO tee "$rootfs/etc/resolv.conf" "$rootfs/etc/hostname" >/dev/null
    $SUDO tar --numeric-owner --xattrs -C "$rootfs" -cf "$tarball.partial" .
    mv "$tarball.partial" "$tarball"
    $SUDO rm -rf "$rootfs"
}

# Reuses `image` when podman has it, else pulls it, else runs `make_it`; says which.
ensure_image() {
    local image=$1 make_it=$2
    if podman image exists "$image"; then
        note "$image: present, reused"
        BASE_NOTES+=("$image reused")
    elif timeout 120 ${SUDO:+"$SUDO"} podman pull -q "$image" >/dev/null 2>"$STATE/pull.log"; then
        note "$image: pulled"
        BASE_NOTES+=("$image pulled")
    else
        note "$image: cannot be pulled ($(tail -n1 "$STATE/pull.log" | sed 's/.*: //' | cut -c1-80)); making it here"
        "$make_it"
        BASE_NOTES+=("$image made here")
    fi
}

make_runtime_base() {
    local tarball="$STATE/bookworm-slim-rootfs.tar"
    if [ -f "$tarball" ]; then note "rootfs tarball $tarball reused"; else make_bookworm_tarball "$tarball"; fi
    podman import -q \
        --change 'CMD ["bash"]' \
        --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
        --change 'LABEL org.opencontainers.image.description="debian bookworm minbase, slimmed; made by make container-test"' \
        "$tarball" "$RUNTIME_IMAGE" >/dev/null
}

make_swift_image() {
    local swift toolchain version
    swift=$(command -v swift) || fail "no swift on PATH to put in $SWIFT_IMAGE (set SWIFT_TOOLCHAIN)"
    toolchain=${SWIFT_TOOLCHAIN:-$(dirname "$(dirname "$(dirname "$(readlink -f "$swift")")")")}
    [ -x "$toolchain/usr/bin/swift" ] || fail "$toolchain/usr/bin/swift not found (set SWIFT_TOOLCHAIN to the toolchain's root)"
    version=$("$toolchain/usr/bin/swift" --version 2>&1 | sed -n 's/.*Swift version \([0-9]*\.[0-9]*\).*/\1/p' | head -n1)
    case "$SWIFT_IMAGE" in
        *":$version-"*) ;;
        *) fail "the toolchain at $toolchain is Swift $version, the Dockerfile asks for $SWIFT_IMAGE" ;;
    esac
    note "building $SWIFT_IMAGE from $RUNTIME_IMAGE and the Swift $version toolchain at $toolchain (log: $STATE/swift-image.log)"
    podman build --pull=never "${RUNTIME_FLAGS[@]}" "${LIMIT_FLAGS[@]}" --format docker \
        --build-arg "BASE_IMAGE=$RUNTIME_IMAGE" --volume "$toolchain:/toolchain:ro" \
        -f "$HERE/swift.Containerfile" -t "$SWIFT_IMAGE" "$HERE" >"$STATE/swift-image.log" 2>&1 \
        || { tail -n 30 "$STATE/swift-image.log" >&2; fail "building $SWIFT_IMAGE failed"; }
}

mkdir -p "$STATE"
phase base "$RUNTIME_IMAGE and $SWIFT_IMAGE"
BASE_NOTES=()
ensure_image "$RUNTIME_IMAGE" make_runtime_base
ensure_image "$SWIFT_IMAGE" make_swift_image
phase_done "$(printf '%s; ' "${BASE_NOTES[@]}" | sed 's/; $//')"

# ---- 3. the image --------------------------------------------------------------------------------
phase image "podman build --pull=never -t $IMAGE"
# Git on this machine reads GitHub addresses from a local mirror (url.<mirror>.insteadOf); the
# build gets the same: the mirror mounted read-only at its own path and a gitconfig saying so.
# Nothing of it is copied into the image or the repository. Without such a setting the build
# resolves from the network, as for any user.
MIRROR_FLAGS=()
mirror=$(git config --get-regexp '^url\..*\.insteadof$' '^https://github.com/$' 2>/dev/null \
    | sed -n 's/^url\.\(.*\)\.insteadof .*/\1/p' | head -n1 || true)
if [ -n "$mirror" ] && [ -d "$mirror" ]; then
    printf '[url "%s"]\n\tinsteadOf = https://github.com/\n' "$mirror" >"$STATE/gitconfig"
    MIRROR_FLAGS=(--volume "${mirror%/}:${mirror%/}:ro" --volume "$STATE/gitconfig:/etc/gitconfig:ro")
    note "Swift packages from the git mirror $mirror"
else
    note "no git mirror of github.com configured: packages resolve from the network"
fi
started=$(date +%s)
podman build --pull=never "${RUNTIME_FLAGS[@]}" "${LIMIT_FLAGS[@]}" --format docker "${MIRROR_FLAGS[@]}" \
    --build-arg "SWIFT_IMAGE=$SWIFT_IMAGE" --build-arg "RUNTIME_IMAGE=$RUNTIME_IMAGE" \
    -t "$IMAGE" -f "$ROOT/Dockerfile" "$ROOT" >"$STATE/build.log" 2>&1 \
    || { tail -n 40 "$STATE/build.log" >&2; fail "podman build failed (log: $STATE/build.log)"; }
build_seconds=$(($(date +%s) - started))
size=$(podman image inspect "$IMAGE" --format '{{.Size}}')
base_size=$(podman image inspect "$RUNTIME_IMAGE" --format '{{.Size}}')
user=$(podman image inspect "$IMAGE" --format '{{.Config.User}}')
healthcheck=$(podman image inspect "$IMAGE" --format '{{if .Config.Healthcheck}}{{join .Config.Healthcheck.Test " "}}{{end}}')
size_mb=$(awk -v s="$size" 'BEGIN { printf "%.1f", s / 1e6 }')
# What a registry stores and a node pulls: the layers gzip-compressed.
compressed=$(podman save --format docker-archive "$IMAGE" | gzip -6 | wc -c)
compressed_mb=$(awk -v s="$compressed" 'BEGIN { printf "%.1f", s / 1e6 }')
# The image is one layer (the pruned base, libmicrohttpd, the binary): the base's size is a reference.
note "image $IMAGE: $size_mb MB, $compressed_mb MB compressed (from $RUNTIME_IMAGE, $(awk -v b="$base_size" 'BEGIN { printf "%.1f", b / 1e6 }') MB, pruned), user $user"
note "HEALTHCHECK: $healthcheck"
[ -n "$healthcheck" ] || fail "the image has no HEALTHCHECK (built without --format docker?)"
case "$user" in 0 | 0:* | root | root:* | "") fail "the image runs as root ('$user')" ;; esac
phase_done "build ${build_seconds}s, ${size_mb} MB, ${compressed_mb} MB compressed"

# ---- 4. one container ----------------------------------------------------------------------------
if [ -f "$CORPUS/user.json" ]; then
    PAYLOAD="$CORPUS/user.json" MODEL=GithubUser
else
    PAYLOAD="$ROOT/examples/book.json" MODEL=Book
    note "no corpus at $CORPUS (CORPUS=… to set one): converting the repository's examples/book.json instead"
fi
phase container "run, convert $(basename "$PAYLOAD") as $MODEL, healthcheck, stop"
for name in single a b; do podman rm -f -t 0 "$NAME_PREFIX-$name" >/dev/null 2>&1 || true; done
port=$(free_port)
podman_quiet run -d --name "$NAME_PREFIX-single" "${RUNTIME_FLAGS[@]}" "${LIMIT_FLAGS[@]}" "${HEALTH_FLAGS[@]}" \
    -p "127.0.0.1:$port:8080" "$IMAGE" >/dev/null
wait_ready "http://127.0.0.1:$port/readyz"
answer=$(curl -sS --max-time 10 -w '\n%{http_code}' -H 'Content-Type: application/json' \
    --data-binary "@$PAYLOAD" "http://127.0.0.1:$port/convert/$MODEL")
status=${answer##*$'\n'}
body=${answer%$'\n'*}
[ "$status" = 200 ] || fail "POST /convert/$MODEL answered $status: $body"
expected=$(podman_quiet run --rm -i "${RUNTIME_FLAGS[@]}" "${LIMIT_FLAGS[@]}" --no-healthcheck "$IMAGE" convert --schema "$MODEL" <"$PAYLOAD")
[ "$body" = "$expected" ] || fail "the HTTP answer differs from \`convertd convert\` on the same payload"
note "POST /convert/$MODEL over 127.0.0.1:$port: 200, ${#body} bytes, the same as \`convertd convert\`"
podman_quiet healthcheck run "$NAME_PREFIX-single" >/dev/null || fail "podman healthcheck run: unhealthy"
note "podman healthcheck run: healthy"
if podman exec "$NAME_PREFIX-single" convertd healthcheck --port 1 2>"$STATE/unhealthy.txt"; then
    fail "convertd healthcheck --port 1 passed: the check cannot fail"
fi
note "convertd healthcheck against a closed port: exit 1 ($(cat "$STATE/unhealthy.txt"))"
# The zone data is in the image: a `timezone` property places a local time in Europe/Berlin
# (+02:00 in July), and a time its daylight-saving gap skips is refused.
mkdir -p "$STATE/zones"
printf 'Meeting:\n  properties:\n    at: { type: date, timezone: Europe/Berlin }\n' >"$STATE/zones/meeting.yaml"
zoned=$(printf '{"at": "2024-07-01T09:30:00"}' | podman_quiet run --rm -i "${RUNTIME_FLAGS[@]}" "${LIMIT_FLAGS[@]}" --no-healthcheck \
    -v "$STATE/zones:/zones:ro,Z" "$IMAGE" convert --schemas /zones --schema Meeting)
[ "$zoned" = '{"at":"2024-07-01T07:30:00Z"}' ] || fail "a timezone property inside the image converted to: $zoned"
note "timezone: Europe/Berlin inside the image: 2024-07-01T09:30:00 is $zoned"
uid=$(podman exec "$NAME_PREFIX-single" id -u)
[ "$uid" != 0 ] || fail "the service runs as root"
note "runs as uid $uid"
started=$(date +%s.%N)
podman_quiet stop -t "$STOP_TIMEOUT" "$NAME_PREFIX-single" >/dev/null || fail "podman stop failed"
stop_seconds=$(awk -v a="$started" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }')
exit_code=$(podman inspect "$NAME_PREFIX-single" --format '{{.State.ExitCode}}')
[ "$exit_code" = 0 ] || fail "the container exited $exit_code on SIGTERM: $(podman logs --tail 5 "$NAME_PREFIX-single" 2>&1)"
awk -v s="$stop_seconds" -v t="$STOP_TIMEOUT" 'BEGIN { exit !(s < t) }' || fail "podman stop took $stop_seconds s, not under $STOP_TIMEOUT s"
podman logs "$NAME_PREFIX-single" 2>&1 | grep -q '"stopped"' || fail "no 'stopped' line in the container's log"
note "podman stop: exit code 0 after $stop_seconds s (grace $STOP_TIMEOUT s)"
podman_quiet rm "$NAME_PREFIX-single" >/dev/null
phase_done "stop ${stop_seconds}s"

# ---- 5. two replicas behind nginx, a rolling restart under load ----------------------------------
phase gateway "two replicas behind nginx, wrk ${BASELINE_SECONDS}s steady then ${WRK_SECONDS}s with each replica restarted, ${WRK_CONNECTIONS} connections"
port_a=$(free_port)
port_b=$(free_port)
gateway=$(free_port)
GATEWAY_STATE="$STATE/gateway"
rm -rf "$GATEWAY_STATE"
mkdir -p "$GATEWAY_STATE/tmp"
chmod 0777 "$GATEWAY_STATE/tmp"  # nginx's workers run as nobody
sed -e "s|@STATE@|$GATEWAY_STATE|g" -e "s|@PORT_A@|$port_a|g" -e "s|@PORT_B@|$port_b|g" -e "s|@GATEWAY_PORT@|$gateway|g" \
    "$HERE/nginx.conf" >"$GATEWAY_STATE/nginx.conf"
start_replica() {
    # Read-only root and a /tmp tmpfs, as under Kubernetes; no per-client cap behind the gateway.
    podman_quiet run -d --name "$NAME_PREFIX-$1" "${RUNTIME_FLAGS[@]}" "${LIMIT_FLAGS[@]}" "${HEALTH_FLAGS[@]}" --read-only \
        -e MAX_CONNECTIONS_PER_CLIENT=0 -p "127.0.0.1:$2:8080" "$IMAGE" >/dev/null
}
start_replica a "$port_a"
start_replica b "$port_b"
wait_ready "http://127.0.0.1:$port_a/readyz"
wait_ready "http://127.0.0.1:$port_b/readyz"
$SUDO nginx -t -q -c "$GATEWAY_STATE/nginx.conf" -e "$GATEWAY_STATE/error.log" || fail "nginx rejects $GATEWAY_STATE/nginx.conf"
$SUDO nginx -c "$GATEWAY_STATE/nginx.conf" -e "$GATEWAY_STATE/error.log" &
NGINX_PID=$!
wait_ready "http://127.0.0.1:$gateway/healthz"
note "replicas on 127.0.0.1:$port_a and :$port_b, nginx on 127.0.0.1:$gateway"

# The request id: the client's passed through and echoed; without one, the gateway's.
headers=$(curl -sS --max-time 10 -o /dev/null -D - -H 'X-Request-Id: container-test-42' -H 'Content-Type: application/json' \
    --data-binary "@$PAYLOAD" "http://127.0.0.1:$gateway/convert/$MODEL" | tr -d '\r')
grep -qi '^HTTP/1.1 200' <<<"$headers" || fail "through the gateway: $(head -n1 <<<"$headers")"
grep -qi '^x-request-id: container-test-42$' <<<"$headers" || fail "X-Request-Id not echoed through the gateway: $headers"
sleep 0.2
(podman logs "$NAME_PREFIX-a" 2>&1; podman logs "$NAME_PREFIX-b" 2>&1) | grep -q '"request_id":"container-test-42"' \
    || fail "no replica logged request_id container-test-42"
generated=$(curl -sS --max-time 10 -o /dev/null -D - "http://127.0.0.1:$gateway/healthz" | tr -d '\r' \
    | sed -n 's/^[Xx]-[Rr]equest-[Ii]d: //p')
[[ "$generated" =~ ^[0-9a-f]{32}$ ]] || fail "without a client id the gateway's \$request_id should reach convertd, got '$generated'"
note "X-Request-Id: the client's reaches the replica's log and comes back; without one, nginx's (${generated:0:8}…)"

# wrk through the gateway, figures on one line; `$1` seconds, `$2` names the run.
load() {
    WRK_BODY="$PAYLOAD" wrk -t2 -c"$WRK_CONNECTIONS" -d"$1s" --timeout 10s -s "$HERE/convert.lua" \
        "http://127.0.0.1:$gateway/convert/$MODEL" >"$GATEWAY_STATE/wrk-$2.txt" 2>&1
}
figure() { sed -n "s/.* $2=\([^ ]*\).*/\1/p" <<<"$1"; }
failed() { echo $(($(figure "$1" connect) + $(figure "$1" read) + $(figure "$1" write) + $(figure "$1" status) + $(figure "$1" timeout))); }
describe() {
    note "$(figure "$1" requests) requests in $(figure "$1" seconds) s: $(figure "$1" rps) req/s, p50 $(figure "$1" p50_ms) ms, p99 $(figure "$1" p99_ms) ms, max $(figure "$1" max_ms) ms"
    note "failed: $(failed "$1") (connect $(figure "$1" connect), read $(figure "$1" read), write $(figure "$1" write), non-2xx $(figure "$1" status), timeout $(figure "$1" timeout))"
}

# Both replicas serving throughout: the figures to compare the restart with.
load "$BASELINE_SECONDS" steady || fail "wrk failed: $(cat "$GATEWAY_STATE/wrk-steady.txt")"
steady=$(grep '^RESULT ' "$GATEWAY_STATE/wrk-steady.txt") || fail "no figures from wrk: $(cat "$GATEWAY_STATE/wrk-steady.txt")"
note "steady, ${BASELINE_SECONDS} s:"
describe "$steady"
[ "$(failed "$steady")" = 0 ] || fail "requests failed with both replicas up"
sleep 1.5  # the access log's buffer is flushed every second
mv "$GATEWAY_STATE/access.log" "$GATEWAY_STATE/access.log.steady"
$SUDO kill -USR1 "$NGINX_PID"  # reopen the log
sleep 0.5

# Each replica in turn: podman stop (SIGTERM, drain), podman start, ready again; wrk throughout.
restart() {
    local name=$1 port=$2 t0 t1
    t0=$(date +%s.%N)
    podman_quiet stop -t "$STOP_TIMEOUT" "$NAME_PREFIX-$name" >/dev/null || fail "podman stop $name failed"
    [ "$(podman inspect "$NAME_PREFIX-$name" --format '{{.State.ExitCode}}')" = 0 ] || fail "replica $name did not exit 0"
    t1=$(date +%s.%N)
    podman_quiet start "$NAME_PREFIX-$name" >/dev/null || fail "podman start $name failed"
    wait_ready "http://127.0.0.1:$port/readyz"
    RESTARTS+=("$name: stopped in $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }') s, serving again $(awk -v a="$t1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.2f", b - a }') s later")
}
RESTARTS=()
load "$WRK_SECONDS" restart &
WRK_PID=$!
third=$((WRK_SECONDS / 3))
sleep "$third"
restart a "$port_a"
sleep "$third"
restart b "$port_b"
wait "$WRK_PID" || fail "wrk failed: $(cat "$GATEWAY_STATE/wrk-restart.txt")"
result=$(grep '^RESULT ' "$GATEWAY_STATE/wrk-restart.txt") || fail "no figures from wrk: $(cat "$GATEWAY_STATE/wrk-restart.txt")"
note "rolling restart, ${WRK_SECONDS} s:"
for line in "${RESTARTS[@]}"; do note "replica $line"; done
describe "$result"
sleep 1.5  # the access log's buffer is flushed every second
# Fields split at the quotes: $2 is $upstream_addr ("a, b" when nginx tried a second replica).
retried=$(awk -F'"' '$2 ~ /, / { n++ } END { print n + 0 }' "$GATEWAY_STATE/access.log")
served_a=$(grep -c "127.0.0.1:$port_a" "$GATEWAY_STATE/access.log" || true)
served_b=$(grep -c "127.0.0.1:$port_b" "$GATEWAY_STATE/access.log" || true)
note "nginx: $retried requests retried on the other replica; answers involving replica a $served_a, b $served_b"
[ "$(failed "$result")" = 0 ] || fail "$(failed "$result") requests failed during the rolling restart (see $GATEWAY_STATE)"
if [ "$served_a" = 0 ] || [ "$served_b" = 0 ]; then fail "the load did not reach both replicas"; fi
phase_done "$(figure "$result" rps) req/s, p99 $(figure "$result" p99_ms) ms, 0 failed"

cat >"$STATE/results.txt" <<EOF
image $IMAGE: $size_mb MB ($size bytes; base $RUNTIME_IMAGE $(awk -v b="$base_size" 'BEGIN { printf "%.1f", b / 1e6 }') MB), $compressed_mb MB compressed
stop: exit 0 after $stop_seconds s
steady: $steady
rolling restart: $result retried=$retried
$(for line in "${RESTARTS[@]}"; do echo "replica $line"; done)
phases: $(IFS=';'; echo "${PHASES[*]}")
EOF
printf '\ncontainer-test: passed\n'
for line in "${PHASES[@]}"; do note "$line"; done
note "figures kept in $STATE/results.txt"
