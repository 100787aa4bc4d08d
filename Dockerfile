# convertd container image: a release build with the Swift runtime linked in, on Debian slim.
#
#   podman build --format docker -t convertd .      (or: docker build -t convertd .)
#   podman run --rm -p 127.0.0.1:8080:8080 convertd
#
# `--format docker` keeps the HEALTHCHECK: the OCI image format has no field for it, and podman
# builds OCI by default. The base images are build arguments, fully qualified, so podman needs no
# short-name alias and a mirror or a local build of them can stand in (`make container-test` does).

ARG SWIFT_IMAGE=docker.io/library/swift:6.3-bookworm
ARG RUNTIME_IMAGE=docker.io/library/debian:bookworm-slim

# ---- build -------------------------------------------------------------------------------------
FROM ${SWIFT_IMAGE} AS build

# The CMicroHTTPD system-library target finds libmicrohttpd through pkg-config. Versions are
# bookworm's current ones, as in the runtime stage: a pinned version leaves the mirror at the
# next point release and the build breaks.
# hadolint ignore=DL3008
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libmicrohttpd-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /build

# Dependencies in a layer of their own, rebuilt only when the manifest changes (Package.resolved
# is not tracked: versions resolve within the manifest's ranges).
COPY Package.swift ./
RUN swift package resolve

# SwiftPM checks every target's directory, the test targets' too, even to build one product.
COPY Sources ./Sources
COPY Tests ./Tests

# The Swift runtime and Foundation linked in (--static-swift-stdlib), so the runtime stage needs
# no Swift image; symbols stripped (-s), a third of the binary.
RUN swift build -c release --product convertd --static-swift-stdlib -Xlinker -s \
    && install -D -m 0755 "$(swift build -c release --show-bin-path)/convertd" /staging/convertd

# ---- runtime -----------------------------------------------------------------------------------
FROM ${RUNTIME_IMAGE}

# libmicrohttpd is the one library the binary needs beyond libc and libstdc++; nothing else is
# installed (the HEALTHCHECK is convertd's own). A fixed numeric uid/gid, so Kubernetes'
# runAsNonRoot can verify it.
# hadolint ignore=DL3008
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libmicrohttpd12 \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 convertd \
    && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
       --shell /usr/sbin/nologin convertd

# Owned by root: the service reads, and cannot change, its binary and its schemas.
COPY --from=build /staging/convertd /usr/local/bin/convertd
COPY schemas /app/schemas

WORKDIR /app
# Absolute, so the working directory does not matter; PORT is read by `serve` and `healthcheck` alike.
ENV SCHEMAS_DIR=/app/schemas \
    PORT=8080

USER 10001:10001
EXPOSE 8080

# SIGTERM drains: /readyz answers 503, the listening socket closes, in-flight requests get GRACE
# seconds (default 10) and the process exits 0. Give the engine longer than GRACE to wait
# (`podman stop -t 15`, Kubernetes' terminationGracePeriodSeconds). SIGHUP reloads the schemas.
STOPSIGNAL SIGTERM

# GET /healthz on 127.0.0.1:$PORT with a 2 s timeout; exit 0 on a 200, 1 otherwise.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
    CMD ["/usr/local/bin/convertd", "healthcheck"]

ENTRYPOINT ["/usr/local/bin/convertd"]
CMD ["serve"]
