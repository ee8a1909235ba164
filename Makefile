# Gnosis. `make run` builds and serves the app on http://127.0.0.1:8000;
# `make test` installs what the tests need and runs every test.
SHELL    := /bin/bash
GO       ?= go
ADDR     ?= 127.0.0.1:8000
BASE     ?=
WASM_DIR := $(shell $(GO) env GOROOT)/lib/wasm
SOURCES  := $(shell find app engine cmd -name '*.go' -not -name '*_test.go') $(wildcard engine/catalog/*.json cmd/gnosis/*.js) go.mod go.sum
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build run static test test-unit test-wasm test-fuzz fuzz test-e2e bench deps clean

all: build

build: web/app.wasm web/qrscan.wasm web/roster.wasm gnosis web/app.wasm.br

# Precompressed copies that gnosis serve sends to browsers accepting brotli or gzip.
WEB_FILES := web/app.wasm web/qrscan.wasm web/roster.wasm $(wildcard web/*.js) web/gnosis.css web/icon.svg web/rules.json
web/app.wasm.br: $(WEB_FILES) gnosis
	./gnosis precompress -brotli $(or $(BROTLI),9) $(WEB_FILES)

# The interface's packages are built without inlining: go-app's element builders, inlined in
# every Render, made app.wasm 2.5% larger (brotli) for no tap measured faster (docs/MEASUREMENTS.md).
web/app.wasm: $(SOURCES)
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -gcflags='gnosis/app/...=-l' -o $@ ./cmd/gnosis

# The pairing screen's QR decoder, its own WebAssembly, loaded only when a scan starts.
web/qrscan.wasm: $(SOURCES)
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o $@ ./cmd/qrscan

# A roster's reader (its zip, its XML), its own WebAssembly, loaded only when a roster is imported.
web/roster.wasm: $(SOURCES)
	GOOS=js GOARCH=wasm $(GO) build -trimpath -ldflags='-s -w' -o $@ ./cmd/roster

gnosis: $(SOURCES)
	$(GO) build -trimpath -o $@ ./cmd/gnosis

run: build
	./gnosis serve -addr $(ADDR)

# The static site in static/, for any static host; BASE=/prefix for a sub-path, or URL=https://host/path
# (its address, for link previews; its path is the base). static/ keeps
# its committed host files (_headers, .nojekyll, 404.html); the rest is generated.
HOST_FILES := ! -name _headers ! -name .nojekyll ! -name 404.html
static: build
	find static -mindepth 1 -maxdepth 1 $(HOST_FILES) -exec rm -rf {} +
	./gnosis static -out static $(if $(BASE),-base $(BASE)) $(if $(URL),-url $(URL))

# Debian's Chromium drives the end-to-end tests.
deps:
	@command -v chromium >/dev/null 2>&1 || { \
		$(SUDO) apt-get update && $(SUDO) apt-get -f install -y && $(SUDO) apt-get install -y chromium; }

test: deps build test-unit test-wasm test-fuzz test-e2e

test-unit:
	$(GO) vet ./...
	GOOS=js GOARCH=wasm $(GO) vet ./engine/... ./app/... ./cmd/gnosis
	GNOSIS_LONG_TESTS=1 $(GO) test -timeout 20m ./...
	GNOSIS_STANDS_ALONE=1 $(GO) test -count=1 -timeout 10m ./internal/standalone/

# A short run of every fuzz target, counted in executions rather than seconds: a duration
# races Go 1.26's fuzzing coordinator, which can then fail with "context deadline exceeded"
# and no crasher on a loaded machine (go.dev/issue/75804, fixed in Go 1.27). Longer by hand:
# make fuzz (five minutes each), or FUZZTIME=200000x.
FUZZ_DECODE ?= 50000x
FUZZ_PLAY ?= 1500x
FUZZ_LOG ?= 20000x
FUZZ_FILES ?= 20000x
FUZZ_GAMEFILE ?= 5000x
FUZZ_WHOLE ?= 300x
FUZZ_GUEST ?= 3000x
test-fuzz:
	$(GO) test -run '^$$' -fuzz FuzzDecodeParty -fuzztime $(or $(FUZZTIME),$(FUZZ_DECODE)) ./engine/share/
	$(GO) test -run '^$$' -fuzz FuzzPlay -fuzztime $(or $(FUZZTIME),$(FUZZ_PLAY)) ./engine/anima/
	$(GO) test -run '^$$' -fuzz FuzzGameLog -fuzztime $(or $(FUZZTIME),$(FUZZ_LOG)) ./engine/anima/
	$(GO) test -run '^$$' -fuzz '^FuzzPartyFile$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_FILES)) ./engine/party/
	$(GO) test -run '^$$' -fuzz '^FuzzCardPack$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_FILES)) ./engine/anima/
	$(GO) test -run '^$$' -fuzz '^FuzzOdds$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_FILES)) ./engine/anima/
	$(GO) test -run '^$$' -fuzz '^FuzzParseTable$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_FILES)) ./engine/tabletop/
	$(GO) test -run '^$$' -fuzz '^FuzzGameFile$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_GAMEFILE)) ./engine/gamefile/
	$(GO) test -run '^$$' -fuzz '^FuzzRead$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_GAMEFILE)) ./engine/roster/
	$(GO) test -run '^$$' -fuzz '^FuzzWholeGames$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_WHOLE)) ./engine/anima/
	$(GO) test -run '^$$' -fuzz '^FuzzReport$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_GAMEFILE)) ./engine/report/
	$(GO) test -run '^$$' -fuzz '^FuzzRead$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_GAMEFILE)) ./engine/shelf/
	$(GO) test -run '^$$' -fuzz '^FuzzGameLog$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_LOG)) ./engine/diskwars/
	$(GO) test -run '^$$' -fuzz '^FuzzWholeGames$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_WHOLE)) ./engine/diskwars/
	$(GO) test -run '^$$' -fuzz '^FuzzDecodeArmy$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_FILES)) ./engine/diskwars/
	$(GO) test -run '^$$' -fuzz '^FuzzStoredRecords$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_FILES)) ./app/store/
	$(GO) test -run '^$$' -fuzz '^FuzzBackup$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_FILES)) ./app/store/
	$(GO) test -run '^$$' -fuzz '^FuzzShelfRecords$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_FILES)) ./app/store/
	$(GO) test -run '^$$' -fuzz '^FuzzReceive$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_FILES)) ./app/link/
	$(GO) test -run '^$$' -fuzz '^FuzzParse$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_FILES)) ./app/pair/
	$(GO) test -run '^$$' -fuzz '^FuzzEventFile$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_GAMEFILE)) ./engine/event/
	$(GO) test -run '^$$' -fuzz '^FuzzResultCode$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_FILES)) ./engine/event/
	$(GO) test -run '^$$' -fuzz '^FuzzSubmit$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_GAMEFILE)) ./engine/eventgame/
	$(GO) test -run '^$$' -fuzz '^FuzzRoundLink$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_FILES)) ./engine/event/
	$(GO) test -run '^$$' -fuzz '^FuzzReadCard$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_FILES)) ./engine/season/
	$(GO) test -run '^$$' -fuzz '^FuzzSeasonFile$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_FILES)) ./engine/season/
	$(GO) test -run '^$$' -fuzz '^FuzzGuestRequest$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_GUEST)) ./app/session/
	$(GO) test -run '^$$' -fuzz '^FuzzDecode$$' -fuzztime $(or $(FUZZTIME),$(FUZZ_GUEST)) ./cmd/qrscan/

fuzz: FUZZTIME = 5m
fuzz: test-fuzz

# The engine's tests again, compiled to WebAssembly and run in Node.
test-wasm:
	PATH="$(WASM_DIR):$$PATH" GOOS=js GOARCH=wasm $(GO) test -timeout 20m ./engine/...

# One test at a time by default. E2E_PARALLEL=2 runs the tests that do not measure time two at a
# time, after those that do (e2e/parallel_test.go's alone list); on this project's 2-core
# machine it was not faster (2026-12-07: the end-to-end tests took 1,563 s two at a time on a
# fresh clone, 1,395 s one at a time the day before), so one it is.
E2E_PARALLEL ?= 1
test-e2e: build
	GNOSIS_E2E=1 $(GO) test -count=1 -timeout 45m -parallel $(E2E_PARALLEL) -v ./e2e/ 2>&1 | grep -v '^gnosis: serving' ; exit $${PIPESTATUS[0]}

# Lighthouse, from the npm registry, for make bench's first-visit audits (e2e TestLighthouse).
LIGHTHOUSE := .bench/node_modules/.bin/lighthouse
$(LIGHTHOUSE):
	npm install --prefix .bench --no-save --no-audit --no-fund lighthouse@12.8.2

bench: build deps $(LIGHTHOUSE)
	$(GO) test -run '^$$' -bench . -benchmem ./engine/...
	$(GO) test -run '^$$' -bench BenchmarkSeason10k -benchtime 1x ./cmd/gnosis/
	GNOSIS_E2E=1 GNOSIS_BENCH=1 $(GO) test -count=1 -timeout 30m -run 'TestTapLatency|TestSaveLatency|TestRestoreResponsive|TestStartTrace|TestGlancePaint|TestTwoPhonesLatency|TestReportOpens|TestShelfOpens|TestFirstVisitLongTasks|TestLighthouse' -v ./e2e/ 2>&1 | grep -E 'tap to|floor|Activate|game of|restore of|start|phases|copy|two phones|report|shelf|first visit|Lighthouse|OVER|ok|FAIL' 
	@ls -l web/app.wasm | awk '{print "app.wasm raw bytes: " $$5}'
	@gzip -9 -c web/app.wasm | wc -c | awk '{print "app.wasm gzip -9 bytes: " $$1}'
	@if command -v brotli >/dev/null; then brotli -q 11 -c web/app.wasm | wc -c | awk '{print "app.wasm brotli -q 11 bytes: " $$1}'; fi

clean:
	rm -rf gnosis web/app.wasm web/qrscan.wasm web/roster.wasm web/*.br web/*.gz e2e/artifacts
	find static -mindepth 1 -maxdepth 1 $(HOST_FILES) -exec rm -rf {} +
