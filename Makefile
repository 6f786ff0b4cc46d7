# benchview: `make run` serves the viewer, `make test` checks everything.
# `make help` lists the targets. Every target first checks the tools it
# needs (scripts/need) and says how to get the missing ones.

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DELETE_ON_ERROR:
.DEFAULT_GOAL := build

GO ?= go
# The arguments `make run` passes to bin/benchview, e.g.
# make run ARGS='-open testdata/base.jsonl testdata/cur.jsonl'
ARGS ?=
# How long `make test` fuzzes each fuzz target.
FUZZTIME ?= 10s
# How long `make bench` runs each core benchmark (natively and under Node).
BENCHTIME ?= 1s

GOROOT_WASM := $(shell $(GO) env GOROOT 2>/dev/null)/lib/wasm
GO_JS_WASM_EXEC := $(GOROOT_WASM)/go_js_wasm_exec
# One web/<name>.wasm per main package in wasm/cmd/<name>/.
WASM_CMDS := $(sort $(notdir $(patsubst %/,%,$(dir $(wildcard wasm/cmd/*/*.go)))))
WASM := $(WASM_CMDS:%=web/%.wasm)
ASSETS := web/wasm_exec.js web/echarts.min.js $(WASM) $(WASM:=.gz)
BIN := bin/benchview
DIST_PLATFORMS := linux/amd64 linux/arm64 darwin/arm64 windows/amd64

.PHONY: help build assets run test vet wasm-test fuzz e2e bench dist clean FORCE

help:
	@echo 'make build   bin/benchview, one binary with the viewer embedded'
	@echo 'make run     build, then serve the viewer and print its URL (ARGS=... for benchview)'
	@echo 'make test    gofmt, vet, native tests with -race, WASM tests under Node,'
	@echo '             fuzzing ($(FUZZTIME) a target), the WASM size budget, browser tests'
	@echo 'make bench   core benchmarks (native and WASM), WASM size, browser timings'
	@echo 'make site    a static site of the viewer and two reports in $(SITE)/ (BASELINE=... CURRENT=... SITE=...)'
	@echo 'make dist    release binaries in dist/ for $(DIST_PLATFORMS)'
	@echo 'make clean   remove what the build generated'

build: need-build $(BIN)

# Always handed to the go tool, whose own cache knows what changed.
$(BIN): $(ASSETS) FORCE
	$(GO) build -trimpath -o $@ .

assets: need-build $(ASSETS)
ifeq ($(WASM_CMDS),)
	@echo 'make: no wasm/cmd/*/ main package yet: the viewer is embedded without its WASM'
endif

node_modules/.installed: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

# ECharts with only what the pages draw with (chart/echarts.js says what),
# bundled from the npm package: half the whole library's size.
web/echarts.min.js: chart/echarts.js node_modules/.installed
	node_modules/.bin/esbuild $< --bundle --minify --format=iife --global-name=echarts \
		--target=es2020 --legal-comments=eof --log-level=warning --outfile=$@

# From the toolchain that builds the WASM: the two must match.
web/wasm_exec.js: $(GOROOT_WASM)/wasm_exec.js
	cp $< $@

# Rebuilt every time (the go tool decides what changed) but only replaced
# when the bytes differ, so its .gz is redone only after a real change.
web/%.wasm: FORCE
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o $@.tmp ./wasm/cmd/$*
	if cmp -s $@.tmp $@; then rm $@.tmp; else mv $@.tmp $@; fi

web/%.wasm.gz: web/%.wasm
	scripts/gzip-wasm $<

run: build
	$(BIN) $(ARGS)

test: need-test build vet
	$(GO) test -race $$($(GO) list ./... | grep -v '/e2e\(/\|$$\)')
	@echo '--- WASM tests under Node'
	GOOS=js GOARCH=wasm $(GO) test -exec='$(GO_JS_WASM_EXEC)' ./core/... ./wasm/... ./chart/... ./format/... ./export/... ./reviewtext/... ./visible/... ./toolreport/... ./tableview/...
	@echo '--- fuzzing, $(FUZZTIME) a target'
	scripts/fuzz $(FUZZTIME)
	scripts/wasm-size -check
	$(run-e2e)

vet: need-build
	@unformatted=$$(gofmt -l $$(find . -name '*.go' -not -path './node_modules/*' -not -path './.git/*')); \
	if [[ -n $$unformatted ]]; then echo "gofmt: not formatted:"; echo "$$unformatted"; exit 1; fi
	$(GO) vet ./...
	GOARCH=arm64 $(GO) vet ./core/...
	GOOS=js GOARCH=wasm $(GO) vet ./core/... ./wasm/... ./chart/... ./format/... ./export/... ./reviewtext/... ./visible/... ./toolreport/... ./tableview/...

# The browser tests, against the binary just built. CI=true (set by CI)
# makes them fail rather than skip when anything they need is missing.
e2e: need-test build
	$(run-e2e)

define run-e2e
@if [[ -z $$(find e2e -name '*_test.go' 2>/dev/null) ]]; then \
	echo 'make: no end-to-end tests in e2e/ yet: the browser tests did NOT run'; \
else \
	echo '--- end-to-end tests in headless Chromium (BENCHVIEW_BIN=$(abspath $(BIN)))'; \
	BENCHVIEW_BIN=$(abspath $(BIN)) $(GO) test -count=1 -timeout 30m -v ./e2e/...; \
fi
endef

# Benchmarks run one package at a time (-p 1): go test runs as many
# packages at once as there are cores, and two benchmarks sharing this
# machine's two cores timed each other.
bench: need-test build
	@echo '--- core benchmarks, native'
	$(GO) test -p 1 -run '^$$' -bench . -benchmem -benchtime $(BENCHTIME) ./core/...
	@echo '--- core benchmarks, WASM under Node'
	GOOS=js GOARCH=wasm $(GO) test -p 1 -exec='$(GO_JS_WASM_EXEC)' -run '^$$' -bench . -benchmem -benchtime $(BENCHTIME) ./core/...
	@echo '--- WASM size'
	scripts/wasm-size
	@if [[ -z $$(find e2e -name '*_test.go' 2>/dev/null) ]]; then \
		echo 'make: no end-to-end benchmarks in e2e/ yet: no browser timings'; \
	else \
		echo '--- browser timings in headless Chromium (BenchmarkSuite: the generated 100x200, 10,000x30 and 3x100,000 pairs; BenchmarkFirstDrop: 10,000x30 in eight fresh browsers; BenchmarkGoBenchSuite: go test -bench output of 10,000 rows)'; \
		BENCHVIEW_BIN=$(abspath $(BIN)) $(GO) test -p 1 -count=1 -timeout 60m -run '^$$' -bench . ./e2e/...; \
	fi

# A static site: the viewer and two reports in $(SITE)/ (new or empty), for
# any static host, opened on them by the link it prints, e.g.
# make site BASELINE=main.jsonl CURRENT=pr.jsonl SITE=review-site
SITE ?= site
BASELINE ?= web/examples/base-b.jsonl
CURRENT ?= web/examples/cur-b.jsonl
.PHONY: site
site: build
	$(BIN) export -site $(SITE) $(BASELINE) $(CURRENT)

# Release binaries, each with the viewer embedded. The WASM's .gz is redone
# with the best encoder here (scripts/gzip-wasm) first.
dist: need-build assets
	for w in $(WASM); do BEST=1 scripts/gzip-wasm $$w; done
	scripts/wasm-size -check
	rm -rf dist && mkdir -p dist
	for platform in $(DIST_PLATFORMS); do \
		os=$${platform%/*} arch=$${platform#*/} ext=; \
		if [[ $$os == windows ]]; then ext=.exe; fi; \
		echo "dist/benchview-$$os-$$arch$$ext"; \
		CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build -trimpath -ldflags='-s -w' \
			-o dist/benchview-$$os-$$arch$$ext .; \
	done
	cd dist && sha256sum benchview-* >SHA256SUMS

clean:
	rm -rf bin dist web/*.wasm web/*.wasm.gz web/*.tmp web/wasm_exec.js web/echarts.min.js node_modules

.PHONY: need-build need-test
need-build:
	@scripts/need go node npm
need-test:
	@scripts/need go node npm gcc chromium

FORCE:
