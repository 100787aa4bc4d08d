# convertd — build, run and test. Every target installs what a fresh Debian machine lacks.
SWIFT      ?= swift
SCHEMAS    ?= schemas
PREFIX     ?= /usr/local
HOST       ?= 127.0.0.1
PORT       ?= 8080
CORPUS     ?= $(or $(CONVERTD_CORPUS),$(abspath ../shared/corpus))
APT_PKGS   := libmicrohttpd-dev pkg-config
FUZZ_SECONDS ?= 60
# Each fuzz target once, as target:max_len:dictionary (Tests/Fuzz/DICTIONARY.dict); Tests/Fuzz/Package.swift declares them.
FUZZ_TABLE := FuzzJSONParser:32768:json FuzzSchemaLoader:16384:schema FuzzSchemaShape:4096:schema FuzzConversion:65536:json \
              FuzzArrayStream:65536:json FuzzInference:65536:json FuzzPattern:4096:pattern FuzzRules:4096:cel
ALL_FUZZ_TARGETS := $(foreach row,$(FUZZ_TABLE),$(firstword $(subst :, ,$(row))))
JSON_FUZZ_TARGETS := $(foreach row,$(filter %:json,$(FUZZ_TABLE)),$(firstword $(subst :, ,$(row))))
FUZZ_TARGETS ?= $(ALL_FUZZ_TARGETS)
FUZZ_DIR   := .build-fuzz
API_VENV   := .build-venv/api
CEL_VENV   := .build-venv/cel
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The release binary's flags, the Dockerfile's too. The Swift runtime and Foundation linked in: a
# third of `convertd convert`'s start-up was the dynamic linker otherwise. Concrete generic types'
# metadata made by direct accessors instead of looked up by their mangled names: each lookup
# checked the type's generic requirements by scanning every protocol conformance in the binary,
# Foundation's included (swiftlang/swift#30479 added the flag). Linked by the toolchain's lld rather
# than gold: the same instructions, 2–11 % less time to start (BENCHMARKS.md, "Issue 26, fourth round").
RELEASE_FLAGS := --static-swift-stdlib -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
                 -Xswiftc -use-ld=lld

.PHONY: help deps test-deps build run install uninstall test test-api test-browser test-tsan lint bench bench-deps bench-compare bench-http bench-request-path fuzz soak clean

## help: every target with what it does (the `## target:` line above each)
help:
	@awk '/^## [a-z0-9-]+:/ { sub(/^## /, ""); name = $$0; sub(/:.*/, "", name); text = $$0; sub(/^[a-z0-9-]+: /, "", text); \
	  printf "  %-15s %s\n", name, text }' $(MAKEFILE_LIST)

## deps: install the system packages the build needs (only the missing ones)
deps:
	@missing=""; for p in $(APT_PKGS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

## build: release build of the convertd executable as the image builds it (RELEASE_FLAGS)
build: deps
	$(SWIFT) build -c release --product convertd $(RELEASE_FLAGS)

## run: build (release) and serve the bundled schemas on 127.0.0.1:8080 (PORT=… to change; HOST=0.0.0.0 to listen on every interface)
run: build
	.build/release/convertd serve --schemas $(SCHEMAS) --host $(HOST) --port $(PORT)

## install: build (release) and copy the binary to PREFIX/bin/convertd (PREFIX=/usr/local, with sudo when it is not writable; PREFIX=$HOME/.local for one user; DESTDIR=… to stage a package)
install: build
	@dir="$(DESTDIR)$(PREFIX)/bin"; sudo=""; \
	{ mkdir -p "$$dir" 2>/dev/null && [ -w "$$dir" ]; } || sudo="$(SUDO)"; \
	$$sudo install -d "$$dir" && $$sudo install -m 0755 .build/release/convertd "$$dir/convertd" && echo "installed $$dir/convertd"

## uninstall: remove PREFIX/bin/convertd (the same PREFIX and DESTDIR as install)
uninstall:
	@file="$(DESTDIR)$(PREFIX)/bin/convertd"; sudo=""; \
	[ ! -e "$$file" ] || [ -w "$$(dirname "$$file")" ] || sudo="$(SUDO)"; \
	$$sudo rm -f "$$file" && echo "removed $$file"

## test-deps: what the tests use beyond the build: promtool (Debian's prometheus package), only when missing
test-deps: deps
	@command -v promtool >/dev/null || { echo "installing: prometheus (for promtool)"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends prometheus; }

## test: every test (unit, golden, corpus, CEL against cel-python, concurrency, the live server), the README's examples (test-readme), the Kubernetes manifests and the Dockerfile's lint, then the playground in Chromium (test-browser)
test: test-deps readme-deps k8s-validate hadolint $(API_VENV)/.installed $(CEL_VENV)/.installed
	$(SWIFT) build --build-tests
	CONVERTD_CORPUS=$(CORPUS) CONVERTD_CEL_PYTHON=$(abspath $(CEL_VENV))/bin/python $(SWIFT) test --skip-build
	$(README_TEST) .build/debug/convertd
	$(API_TEST) .build/debug/convertd
	$(BROWSER_TEST) .build/debug/convertd

CONVERTD_BIN ?= .build/debug/convertd
SHOTS        ?= .build
BROWSER_TEST  = SCHEMAS=$(SCHEMAS) SHOTS=$(SHOTS) BROWSER_VENV=.build-venv-browser bash Tests/Browser/run.sh

## test-browser: the playground (GET /) in headless Chromium, screenshots in $(SHOTS)/playground-*.png; installs chromium, chromium-driver and a venv with selenium when missing (CONVERTD_BIN=… to test another build)
test-browser: deps
	@[ -x $(CONVERTD_BIN) ] || $(SWIFT) build --product convertd
	$(BROWSER_TEST) $(CONVERTD_BIN)

API_TEST  = $(API_VENV)/bin/python Tests/API/check_openapi.py --schemas $(SCHEMAS) --convertd

## test-api: GET /openapi.json checked by openapi-spec-validator, then Schemathesis against a live server (every check, every operation; API_MAX_EXAMPLES, API_SEED); installs a venv with the pinned tools (Tests/API/requirements.txt) when missing (CONVERTD_BIN=… to test another build)
test-api: deps $(API_VENV)/.installed
	@[ -x $(CONVERTD_BIN) ] || $(SWIFT) build --product convertd
	$(API_TEST) $(CONVERTD_BIN)

$(API_VENV)/.installed: Tests/API/requirements.txt
	@python3 -c 'import ensurepip, venv' 2>/dev/null || { echo "installing: python3 python3-venv"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3 python3-venv; }
	@[ -x $(API_VENV)/bin/pip ] || python3 -m venv $(API_VENV)
	$(API_VENV)/bin/pip install -q --disable-pip-version-check -r Tests/API/requirements.txt
	@touch $@

# cel-python, the CEL that CELDifferentialTests compares convertd's with (Tests/CELDifferential/requirements.txt).
$(CEL_VENV)/.installed: Tests/CELDifferential/requirements.txt
	@python3 -c 'import ensurepip, venv' 2>/dev/null || { echo "installing: python3 python3-venv"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3 python3-venv; }
	@[ -x $(CEL_VENV)/bin/pip ] || python3 -m venv $(CEL_VENV)
	$(CEL_VENV)/bin/pip install -q --disable-pip-version-check -r Tests/CELDifferential/requirements.txt
	@touch $@

.PHONY: test-readme readme-deps examples
README_TEST = python3 Tests/README/run_examples.py --convertd

## test-readme: every README block marked <!-- runnable --> run as written against a fresh debug server over a scratch copy of the repository, each command's output compared with the one shown (Tests/README/run_examples.py; CONVERTD_BIN=… to test another build)
test-readme: deps readme-deps
	$(SWIFT) build --product convertd
	$(README_TEST) $(CONVERTD_BIN)

## readme-deps: what the README's examples use beyond the build (curl, jq, python3), only the missing ones
readme-deps:
	@missing=""; for tool in curl jq python3; do command -v $$tool >/dev/null || missing="$$missing $$tool"; done; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

## examples: the big payloads the README's Big arrays section posts, under .build/examples/ (users-20000.json: 20,000 users made from examples/user.json by examples/big_arrays.py)
examples:
	@python3 examples/big_arrays.py --count 20000 --output .build/examples/users-20000.json

## test-tsan: the concurrency and live-server tests under ThreadSanitizer (server and tests both instrumented)
test-tsan: deps
	SWIFT_BACKTRACE=enable=no CONVERTD_SANITIZER=thread CONVERTD_CORPUS=$(CORPUS) $(SWIFT) test --sanitize=thread --scratch-path .build-tsan \
	  --filter "Concurrency|LiveServer|Hardening|TransportReliability|RegistryLive|Metrics|LogOutput|SpoolTests|ConvertCommandStream"

## lint: check the bundled schemas
lint: build
	.build/release/convertd lint $(SCHEMAS)

.PHONY: reference
## reference: rewrite README.md's generated tables (every error code; every `serve` option with its environment variable and default) from the code that defines them, with a debug build; ReferenceTests fails until they match
reference: deps
	$(SWIFT) build --product convertd
	.build/debug/convertd reference --update README.md

## bench: the engine's parse and conversion rates on YYModel's benchmark payloads (needs the corpus)
bench: build
	@for pair in GithubUser:user WeiboStatus:weibo; do \
	  .build/release/convertd bench --schemas $(SCHEMAS) --schema $${pair%%:*} $(CORPUS)/$${pair##*:}.json || exit 1; \
	done

## bench-deps: what the benchmark harnesses need beyond the build (wrk, GNU time, a C compiler, Python's venv, valgrind), only the missing ones
bench-deps: deps
	@missing=""; \
	command -v wrk >/dev/null || missing="$$missing wrk"; \
	command -v valgrind >/dev/null || missing="$$missing valgrind"; \
	[ -x /usr/bin/time ] || missing="$$missing time"; \
	command -v cc >/dev/null || missing="$$missing gcc"; \
	python3 -c 'import ensurepip, venv' 2>/dev/null || missing="$$missing python3 python3-venv"; \
	if [ -n "$$missing" ]; then \
	  echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

## bench-compare: convertd's engine, pydantic v2, msgspec and Swift Codable on the corpus payloads; what rules, unions and a profile cost a model (Benchmarks/features); big arrays through `convertd convert` against pydantic's TypeAdapter(list[Model]) and msgspec's Decoder(list[Model]), and its memory on a 1 GB array (BENCH_COMPARE_FLAGS="--huge-mb 0" skips it); interleaved rounds, ratios and targets
bench-compare: build bench-deps
	SWIFT=$(SWIFT) CONVERTD_CORPUS=$(CORPUS) Benchmarks/compare/run.sh --convertd .build/release/convertd $(BENCH_COMPARE_FLAGS)

## bench-http: convertd against a bare libmicrohttpd echo under wrk (16 and 64 connections), and its memory over 1M requests
bench-http: build bench-deps .build/bench-echo
	python3 Benchmarks/http/bench_http.py --convertd .build/release/convertd --echo .build/bench-echo \
	  --schemas $(SCHEMAS) --body $(CORPUS)/user.json --model GithubUser $(BENCH_HTTP_FLAGS)

## bench-request-path: convertd's instructions per request under callgrind, less the echo's (echo-own) and the conversion's, against 10,000 (BENCH_REQUEST_PATH_FLAGS="--top 40" lists where they go)
bench-request-path: build bench-deps .build/bench-echo
	python3 Benchmarks/http/request_path.py --convertd .build/release/convertd --echo .build/bench-echo \
	  --schemas $(SCHEMAS) --body $(CORPUS)/user.json --model GithubUser $(BENCH_REQUEST_PATH_FLAGS)

# The bare libmicrohttpd echo the HTTP benchmarks measure convertd against.
.build/bench-echo: Benchmarks/http/echo.c
	@mkdir -p .build
	cc -O2 -Wall -o $@ $< $$(pkg-config --cflags --libs libmicrohttpd) -pthread

# Leaks are checked after each input (libFuzzer's -detect_leaks); the check at exit is off because it reports
# what a target keeps in globals, which LeakSanitizer cannot follow through Swift's tagged enum payload pointers.
## fuzz: libFuzzer + ASan on the JSON parser, the schema loader, schema shapes (chains, cycles, deep types and files on both sides of every registry limit), whole conversions, streamed arrays (against whole conversions), schema inference (the inferred schema must load and convert its samples), patterns (arbitrary bytes compiled, then searched over arbitrary text) and CEL expressions (each as a rule, a transform and a when predicate, over arbitrary documents), FUZZ_SECONDS (60) each (FUZZ_TARGETS=… for some); fails on a crash, timeout or OOM
fuzz: deps
	SWIFT_BACKTRACE=enable=no $(SWIFT) build --package-path Tests/Fuzz --scratch-path $(FUZZ_DIR)/build -c release -Xswiftc -g \
	  --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
	@for t in $(ALL_FUZZ_TARGETS); do mkdir -p $(FUZZ_DIR)/corpus/$$t $(FUZZ_DIR)/artifacts/$$t; done
	@cp $(SCHEMAS)/* Tests/MappingEngineTests/Golden/*/schemas/* $(FUZZ_DIR)/corpus/FuzzSchemaLoader/
	@# Shapes are read from the front (see FuzzSchemaShape.swift): flags, a magnitude, models (2 bytes past 256), references,
	@# lineage, container depth, path steps, default depth, properties, files. Seeds: the reproductions (a 2,000-model
	@# reference chain, an extends chain, a cycle through types one past typeDepth, a tight-limits YAML shape), then any
	@# bytes (the schemas).
	@printf '\000\013\007\317\000\000\000\000\000\001\000' > $(FUZZ_DIR)/corpus/FuzzSchemaShape/reference-chain
	@printf '\000\013\007\317\004\001\000\000\000\001\000' > $(FUZZ_DIR)/corpus/FuzzSchemaShape/extends-chain
	@printf '\000\013\007\317\001\000\101\000\000\001\000' > $(FUZZ_DIR)/corpus/FuzzSchemaShape/deep-type-cycle
	@printf '\003\006\077\003\003\005\041\105\003\003\007\007\007\007\007\007' > $(FUZZ_DIR)/corpus/FuzzSchemaShape/tight-yaml
	@cp $(SCHEMAS)/* $(FUZZ_DIR)/corpus/FuzzSchemaShape/
	@for f in Tests/MappingEngineTests/Golden/*/input.json; do \
	  name=$${f%/input.json}; name=golden-$${name##*/}.json; \
	  for t in $(JSON_FUZZ_TARGETS); do cp $$f $(FUZZ_DIR)/corpus/$$t/$$name; done; \
	done
	@cp examples/*.json examples/*.ndjson $(FUZZ_DIR)/corpus/FuzzInference/
	@n=0; while IFS= read -r seed; do n=$$((n + 1)); printf '%s' "$$seed" | tr '\t' '\n' >$(FUZZ_DIR)/corpus/FuzzPattern/seed-$$n; done <Tests/Fuzz/pattern.seeds
	@if [ -d "$(CORPUS)" ]; then \
	  for t in $(JSON_FUZZ_TARGETS); do \
	    cp $(CORPUS)/*.json $(FUZZ_DIR)/corpus/$$t/ && cp $(CORPUS)/JSONTestSuite/test_parsing/*.json $(FUZZ_DIR)/corpus/$$t/ || exit 1; \
	  done; \
	else echo "fuzz: no corpus at $(CORPUS) (CORPUS=… to set one): seeding from the repository's files only"; fi
	@failed=""; for t in $(FUZZ_TARGETS); do \
	  row=$$(printf '%s\n' $(FUZZ_TABLE) | grep "^$$t:") || { echo "fuzz: unknown target $$t (known: $(ALL_FUZZ_TARGETS))"; exit 1; }; \
	  len=$$(echo $$row | cut -d: -f2); dict=$$(echo $$row | cut -d: -f3); \
	  echo "fuzz: $$t for $(FUZZ_SECONDS) s (log: $(FUZZ_DIR)/$$t.log)"; \
	  ASAN_OPTIONS=leak_check_at_exit=0 SWIFT_BACKTRACE=enable=no CONVERTD_SCHEMAS=$(abspath $(SCHEMAS)) $(FUZZ_DIR)/build/release/$$t \
	    -max_total_time=$(FUZZ_SECONDS) -max_len=$$len -rss_limit_mb=2048 -timeout=10 -dict=Tests/Fuzz/$$dict.dict \
	    -artifact_prefix=$(FUZZ_DIR)/artifacts/$$t/ -print_final_stats=1 $(FUZZ_FLAGS) \
	    $(FUZZ_DIR)/corpus/$$t >$(FUZZ_DIR)/$$t.log 2>&1 || failed="$$failed $$t"; \
	  grep -E '^(#[0-9]+[[:space:]]+DONE|Done [0-9]+ runs|stat::)' $(FUZZ_DIR)/$$t.log; \
	done; \
	if [ -n "$$failed" ]; then \
	  for t in $$failed; do echo "fuzz: $$t FAILED:"; grep -E -m3 -A12 '==[0-9]+== ?ERROR|^ALARM|Fatal error' $(FUZZ_DIR)/$$t.log | head -60; done; \
	  echo "fuzz: failing inputs are in $(FUZZ_DIR)/artifacts/"; exit 1; \
	fi

## soak: SOAK_SECONDS (default 600) of valid, invalid and hostile clients with schema reloads, memory watched, SIGTERM at the end; then SIGTERM under connection churn DRAIN_ROUNDS (default 1000) times
soak: build bench-deps
	@rc=0; \
	SOAK_SECONDS=$(or $(SOAK_SECONDS),600) python3 Tests/Soak/soak.py --convertd .build/release/convertd --schemas schemas --corpus $(CORPUS) || rc=1; \
	DRAIN_ROUNDS=$(or $(DRAIN_ROUNDS),1000) python3 Tests/Soak/drain_churn.py --convertd .build/release/convertd --schemas schemas || rc=1; \
	exit $$rc

.PHONY: deploy-tools k8s-validate k8s-schemas hadolint container-test
DEPLOY_VENV := .build-venv/deploy
DEPLOY_TOOLS := $(DEPLOY_VENV)/.installed

## deploy-tools: a venv (.build-venv/deploy) with kubectl (kustomize inside), kubernetes-validate and hadolint, pinned in deploy/tools/requirements.txt
deploy-tools: $(DEPLOY_TOOLS)
$(DEPLOY_TOOLS): deploy/tools/requirements.txt
	@python3 -c 'import ensurepip, venv' 2>/dev/null || { echo "installing: python3 python3-venv"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq python3 python3-venv; }
	@[ -x $(DEPLOY_VENV)/bin/pip ] || python3 -m venv $(DEPLOY_VENV)
	$(DEPLOY_VENV)/bin/pip install -q --disable-pip-version-check -r deploy/tools/requirements.txt
	@touch $@

## k8s-validate: deploy/kubernetes rendered offline (kubectl kustomize), validated by kubernetes-validate --strict and checked for its promises; its schemas in step with schemas/
k8s-validate: $(DEPLOY_TOOLS)
	$(DEPLOY_VENV)/bin/python deploy/tools/k8s.py validate --kubectl $(DEPLOY_VENV)/bin/kubectl \
	  --validator $(DEPLOY_VENV)/bin/kubernetes-validate --output $(DEPLOY_VENV)/k8s/rendered.yaml

## k8s-schemas: copy schemas/ into deploy/kubernetes/schemas/ (the ConfigMap's files) and list them in kustomization.yaml
k8s-schemas:
	python3 deploy/tools/k8s.py sync

## hadolint: lint the Dockerfiles (hadolint, from PyPI)
hadolint: $(DEPLOY_TOOLS)
	$(DEPLOY_VENV)/bin/hadolint Dockerfile deploy/container-test/swift.Containerfile

## container-test: the image built and run with podman (base images made offline when they cannot be pulled), two replicas behind nginx with a rolling restart under wrk; minutes and gigabytes, not part of test
container-test: hadolint
	CORPUS=$(CORPUS) deploy/container-test/run.sh

## clean: remove every build directory (.build, .build-*, the benchmarks' build)
clean:
	rm -rf .build .build-* Benchmarks/.build
