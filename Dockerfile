# convertd container image.
#
#   docker build -t convertd .
#   docker run --rm -p 8080:8080 convertd
#
# The binary links the Swift standard library and Foundation statically, so the runtime stage is
# plain debian:bookworm-slim plus libmicrohttpd. (Alternative: build without
# --static-swift-stdlib and run on swift:6.3-bookworm-slim, which carries the Swift runtime.)

# ---- build -------------------------------------------------------------------------------------
FROM swift:6.3-bookworm AS build

# The CMicroHTTPD system-library target finds libmicrohttpd through pkg-config.
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get -q update \
    && apt-get -q install -y --no-install-recommends libmicrohttpd-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /build

# Resolve dependencies in their own layer: it is rebuilt only when the manifest changes.
# (Package.resolved is not tracked, so versions resolve afresh within the manifest's ranges.)
COPY Package.swift ./
RUN swift package resolve

# Everything else (.dockerignore keeps build outputs and git data out). Tests/ is needed too:
# SwiftPM checks every target's directory, even when building one product.
COPY . .

RUN swift build -c release --product convertd --static-swift-stdlib

# Stage what the runtime image gets: the binary, the schemas and the examples.
RUN mkdir -p /staging \
    && cp "$(swift build -c release --show-bin-path)/convertd" /staging/ \
    && cp -R schemas examples /staging/

# ---- runtime -----------------------------------------------------------------------------------
FROM debian:bookworm-slim

# libmicrohttpd12 is the only shared library the binary needs beyond libc/libstdc++;
# curl is for the HEALTHCHECK (the slim image has no HTTP client).
RUN export DEBIAN_FRONTEND=noninteractive \
    && apt-get -q update \
    && apt-get -q install -y --no-install-recommends libmicrohttpd12 curl \
    && rm -rf /var/lib/apt/lists/*

# A fixed, non-root uid/gid, so Kubernetes' runAsNonRoot can verify it.
RUN groupadd --system --gid 10001 convertd \
    && useradd --system --uid 10001 --gid convertd --home-dir /app --no-create-home \
       --shell /usr/sbin/nologin convertd

WORKDIR /app
# Owned by root: the service can read, not change, its binary and schemas.
COPY --from=build /staging/ /app/

# SCHEMAS_DIR is absolute so the working directory does not matter.
ENV SCHEMAS_DIR=/app/schemas

USER 10001:10001
EXPOSE 8080

# SIGTERM drains: /readyz turns 503, in-flight requests get GRACE seconds (default 10), exit 0.
# Give `docker stop` a longer timeout than GRACE (e.g. `docker stop -t 15`). SIGHUP reloads schemas.
STOPSIGNAL SIGTERM

# Shell form so ${PORT} is expanded when the service listens on another port.
HEALTHCHECK --interval=30s --timeout=3s --start-period=5s --retries=3 \
    CMD curl -fsS -o /dev/null "http://127.0.0.1:${PORT:-8080}/healthz" || exit 1

ENTRYPOINT ["/app/convertd"]
CMD ["serve"]
