# convertd — build, run and test. Every target installs what a fresh Debian machine lacks.
SWIFT      ?= swift
SCHEMAS    ?= schemas
PORT       ?= 8080
CORPUS     ?= $(abspath ../shared/corpus)
APT_PKGS   := libmicrohttpd-dev pkg-config
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build run test test-tsan lint bench bench-deps bench-compare bench-http clean

## deps: install the system packages the build needs (only the missing ones)
deps:
	@missing=""; for p in $(APT_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

## build: release build of the convertd executable
build: deps
	$(SWIFT) build -c release --product convertd

## run: build (release) and serve the bundled schemas on port 8080 (PORT=… to change)
run: build
	.build/release/convertd serve --schemas $(SCHEMAS) --port $(PORT)

## test: every test (unit, golden, corpus, concurrency, the live server)
test: deps
	$(SWIFT) build --build-tests
	CONVERTD_CORPUS=$(CORPUS) $(SWIFT) test --skip-build

## test-tsan: the concurrency and live-server tests under ThreadSanitizer (server and tests both instrumented)
test-tsan: deps
	SWIFT_BACKTRACE=enable=no CONVERTD_CORPUS=$(CORPUS) $(SWIFT) test --sanitize=thread --scratch-path .build-tsan --filter "Concurrency|LiveServer"

## lint: check the bundled schemas
lint: build
	.build/release/convertd lint $(SCHEMAS)

## bench: the engine's parse and conversion rates on YYModel's benchmark payloads (needs the corpus)
bench: build
	@for pair in GithubUser:user WeiboStatus:weibo; do \
	  .build/release/convertd bench --schemas $(SCHEMAS) --schema $${pair%%:*} $(CORPUS)/$${pair##*:}.json || exit 1; \
	done

## bench-deps: what the benchmark harnesses need beyond the build (wrk, a C compiler, Python's venv), only the missing ones
bench-deps: deps
	@missing=""; \
	command -v wrk >/dev/null || missing="$$missing wrk"; \
	command -v cc >/dev/null || missing="$$missing gcc"; \
	python3 -c 'import ensurepip, venv' 2>/dev/null || missing="$$missing python3 python3-venv"; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

## bench-compare: convertd's engine, pydantic v2 and Swift Codable on the corpus payloads, interleaved rounds, ratios and targets
bench-compare: bench-deps
	SWIFT=$(SWIFT) CONVERTD_CORPUS=$(CORPUS) Benchmarks/compare/run.sh

## bench-http: convertd against a bare libmicrohttpd echo under wrk (16 and 64 connections), and its memory over 1M requests
bench-http: build bench-deps
	cc -O2 -Wall -o .build/bench-echo Benchmarks/http/echo.c $$(pkg-config --cflags --libs libmicrohttpd)
	python3 Benchmarks/http/bench_http.py --convertd .build/release/convertd --echo .build/bench-echo \
	  --schemas $(SCHEMAS) --body $(CORPUS)/user.json --model GithubUser $(BENCH_HTTP_FLAGS)

clean:
	rm -rf .build .build-* Benchmarks/.build
