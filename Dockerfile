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

# The Makefile's RELEASE_FLAGS (see there why): the Swift runtime and Foundation linked in
# (--static-swift-stdlib), so the runtime stage needs no Swift image, concrete generic types'
# metadata made without scanning every conformance, and lld as the linker; symbols stripped (-s),
# a third of the binary.
RUN swift build -c release --product convertd --static-swift-stdlib -Xlinker -s \
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors -Xswiftc -use-ld=lld \
    && install -D -m 0755 "$(swift build -c release --show-bin-path)/convertd" /staging/convertd

# ---- runtime root filesystem ---------------------------------------------------------------------
# Debian slim with libmicrohttpd12, then cut down to what the binary needs at run time. The
# deletions only shrink the image because the last stage copies this stage's tree into a single
# layer (`FROM scratch` + `COPY --from`): removing files in a layer on top of the base would hide
# them, not take them out.
FROM ${RUNTIME_IMAGE} AS runtime-root

# First what needs the package tools, which the next step removes: libmicrohttpd, and a fixed
# numeric uid/gid for the service, so Kubernetes' runAsNonRoot can verify it.
# hadolint ignore=DL3008
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libmicrohttpd12 \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 10001 convertd \
    && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent \
       --shell /usr/sbin/nologin convertd

# What stays, by package, with the packages' own file lists (dpkg-query -L), so the image is
# exactly these packages minus the deletions named here:
#   - libmicrohttpd12 and libstdc++6 with everything they depend on (libc6, libgcc-s1, GnuTLS and
#     its libraries: libgnutls30, libnettle8, libhogweed6, libgmp10, libp11-kit0, libffi8,
#     libidn2-0, libunistring2, libtasn1-6): the binary's own dependencies (`ldd` lists
#     libstdc++6's; libmicrohttpd.so.12 is loaded with `dlopen` when the server starts);
#   - coreutils and its libraries, and dash as /bin/sh: `sleep` for the Kubernetes preStop hook,
#     `id` and a shell for whoever debugs a running container (7 MB);
#   - base-files (/etc/os-release, the directory layout), /etc/passwd and /etc/group (the user);
#   - tzdata's /usr/share/zoneinfo (4 MB): a `date` property's `timezone: Europe/Berlin` is read
#     from it when the schemas load (Foundation's TimeZone), so a zone the image lacks would
#     refuse the schema; /etc/localtime stays out, so the process itself runs in UTC.
# Every other package's files go: apt, dpkg, debconf, perl-base, bash, util-linux, e2fsprogs,
# login/passwd/PAM, tar, gzip, grep, sed, findutils, gpgv, libc-bin (its C.UTF-8 locale
# kept, and ldconfig run once more before it goes), and the libraries only they used (libsystemd0,
# libgcrypt20, libdb5.3, libapt-pkg...). Also gone:
#   - glibc's gconv modules (8 MB): iconv's loadable converters. The binary imports no iconv
#     (`objdump -T`), and the converters between ASCII, UTF-8, UTF-16 and UTF-32 are built into
#     libc anyway;
#   - /etc/localtime and /etc/timezone: convertd computes and prints dates in UTC itself
#     (CivilCalendar, DateFormatter3339), and glibc without /etc/localtime is UTC;
#   - apt's and dpkg's databases, caches and logs, the shadow tools' backup files, what the removed
#     packages' install scripts generated (PAM's and systemd's state and configuration), and the
#     symbolic links left dangling (alternatives). /var/lib/dpkg/status is rewritten with the kept
#     packages only, so image scanners still see what is installed, at which version.
# The build fails if the binary then lacks anything: see the check after the COPY below.
SHELL ["/bin/bash", "-o", "pipefail", "-c"]
RUN apt-cache depends --recurse --installed --no-recommends --no-suggests --no-conflicts \
       --no-breaks --no-replaces --no-enhances libmicrohttpd12 libstdc++6 coreutils \
       | sed -n 's/^\([a-z0-9][a-z0-9.+-]*\)$/\1/p' >/tmp/keep \
    && printf '%s\n' base-files dash tzdata >>/tmp/keep \
    && sort -u -o /tmp/keep /tmp/keep \
    && dpkg-query -W -f '${Package}\n' | sort -u | comm -23 - /tmp/keep >/tmp/drop \
    && awk 'NR == FNR { keep[$1] = 1; next } /^Package: / { p = ($2 in keep) } p' /tmp/keep /var/lib/dpkg/status >/tmp/status \
    && xargs dpkg-query -L </tmp/keep | sort -u >/tmp/keep-files \
    && xargs dpkg-query -L </tmp/drop | sort -u | comm -23 - /tmp/keep-files \
       | grep -v -e '^/usr/lib/locale/' -e '^/sbin/ldconfig$' >/tmp/drop-files \
    && find / -xdev -type l >/tmp/links \
    && echo "keeping $(tr '\n' ' ' </tmp/keep)" \
    && echo "removing $(tr '\n' ' ' </tmp/drop)" \
    && while read -r f; do [ -d "$f" ] || rm -f "$f"; done </tmp/drop-files \
    && sort -r /tmp/drop-files | while read -r d; do [ ! -d "$d" ] || [ -L "$d" ] || rmdir "$d" 2>/dev/null || true; done \
    && ldconfig && rm -f /sbin/ldconfig \
    && rm -rf /usr/lib/x86_64-linux-gnu/gconv /usr/lib/aarch64-linux-gnu/gconv \
       /etc/localtime /etc/timezone \
       /var/lib/apt /var/lib/dpkg /var/cache/* /var/log/* /etc/apt /etc/dpkg /etc/*- /etc/.pwd.lock \
       /etc/pam.d /etc/security /var/lib/pam /etc/systemd /var/lib/systemd \
    && while read -r l; do [ -e "$l" ] || rm -f "$l"; done </tmp/links \
    && mkdir -p /var/lib/dpkg && cp /tmp/status /var/lib/dpkg/status \
    && rm -rf /tmp/* /var/tmp/*
# Only dash and coreutils are left to run RUN with.
SHELL ["/bin/sh", "-c"]

# Owned by root: the service reads, and cannot change, its binary and its schemas.
COPY --from=build /staging/convertd /usr/local/bin/convertd
COPY schemas /app/schemas

# The check: the binary loads (every library it links is here) and so does libmicrohttpd, which
# it opens itself when serving (`--version` asks it its version, and says "not loaded" without
# it), Foundation and the YAML reader work (the bundled schemas load), the zone data is there (a
# zoneinfo file of a zone a schema may name), the preStop hook's `sleep` runs.
RUN case "$(/usr/local/bin/convertd --version)" in *"libmicrohttpd 0."*) ;; *) exit 1 ;; esac \
    && /usr/local/bin/convertd lint /app/schemas \
    && test -s /usr/share/zoneinfo/Europe/Berlin \
    && sleep 0 && id convertd

# ---- runtime -----------------------------------------------------------------------------------
# One layer: the tree above. Copying a whole filesystem is the point here (DL3067 warns of it):
# /proc, /sys and /dev hold what the base image has there (nothing, or device nodes a debootstrap
# made), and the engine mounts over them at run time anyway.
FROM scratch
# hadolint ignore=DL3067
COPY --from=runtime-root / /

WORKDIR /app
# Absolute, so the working directory does not matter; PORT is read by `serve` and `healthcheck`
# alike. HOST: every interface, so that a published port reaches the server (`make run` listens on
# 127.0.0.1 instead). PATH as Debian's image sets it (`FROM scratch` inherits no environment).
ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    SCHEMAS_DIR=/app/schemas \
    HOST=0.0.0.0 \
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
