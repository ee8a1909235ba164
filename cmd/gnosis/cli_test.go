//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/andybalholm/brotli"

	"gnosis/engine/anima"
	"gnosis/engine/party"
)

func TestMain(m *testing.M) {
	routes()
	os.Exit(m.Run())
}

func runCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestCatalogJSON(t *testing.T) {
	code, out, _ := runCLI("catalog", "--json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var v struct {
		Characters []struct {
			Name  string  `json:"name"`
			Level int     `json:"level"`
			Walk  float64 `json:"walk_cm"`
		} `json:"characters"`
		Summons []struct {
			Name string `json:"name"`
		} `json:"summons"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatal(err)
	}
	if len(v.Characters) != 184 || len(v.Summons) != 16 || v.Characters[0].Name != "Claire Adelheid" || v.Characters[0].Level != 45 || v.Characters[0].Walk != 20 {
		t.Fatalf("%d characters, first %+v", len(v.Characters), v.Characters[0])
	}
	code, out, _ = runCLI("catalog")
	if code != 0 || !strings.Contains(out, "Claire Adelheid") || strings.Count(out, "\n") != 1+184+16 {
		t.Fatalf("table: exit %d, %d lines", code, strings.Count(out, "\n"))
	}
}

func TestUsageErrors(t *testing.T) {
	for _, args := range [][]string{{}, {"bogus"}, {"catalog", "--nope"}, {"static"}, {"static", "-out", "x", "-brotli", "12"}, {"catalog", "extra"}} {
		if code, _, stderr := runCLI(args...); code != 2 || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
	if code, _, stderr := runCLI("static", "-out", t.TempDir(), "-dir", t.TempDir()); code != 2 || !strings.Contains(stderr, "make build") {
		t.Errorf("missing app.wasm: exit %d, %q", code, stderr)
	}
}

// TestWasmExecMatchesToolchain: the repository's wasm_exec.js (used to run tests under Node)
// must be the one of the Go that builds app.wasm.
func TestWasmExecMatchesToolchain(t *testing.T) {
	mine, err := os.ReadFile("../../wasm_exec.js")
	if err != nil {
		t.Fatal(err)
	}
	theirs, err := os.ReadFile(filepath.Join(runtime.GOROOT(), "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		t.Skip(err)
	}
	if !bytes.Equal(mine, theirs) {
		t.Fatal("wasm_exec.js differs from the toolchain's: cp $(go env GOROOT)/lib/wasm/wasm_exec.js .")
	}
}

func TestStaticSite(t *testing.T) {
	dir := t.TempDir()
	web := filepath.Join(dir, "web")
	os.MkdirAll(web, 0o755)
	wasm := bytes.Repeat([]byte("\x00asm gnosis "), 4000)
	os.WriteFile(filepath.Join(web, "app.wasm"), wasm, 0o644)
	os.WriteFile(filepath.Join(web, "gnosis.css"), []byte("body{}"), 0o644)
	out := filepath.Join(t.TempDir(), "site")
	code, stdout, stderr := runCLI("static", "-out", out, "-base", "/gnosis/", "-dir", dir, "-brotli", "4")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "wrote") {
		t.Errorf("stdout %q", stdout)
	}
	index, _ := os.ReadFile(filepath.Join(out, "index.html"))
	if !bytes.Contains(index, []byte(`src="/gnosis/app.js"`)) || !bytes.Contains(index, []byte(`href="/gnosis/web/gnosis.css"`)) {
		t.Errorf("index.html does not load from /gnosis/:\n%s", index)
	}
	worker, _ := os.ReadFile(filepath.Join(out, "app-worker.js"))
	for _, want := range []string{`const root = "/gnosis/"`, `"/gnosis/web/app.wasm"`, `"/gnosis/web/icon.svg"`} {
		if !bytes.Contains(worker, []byte(want)) {
			t.Errorf("app-worker.js lacks %s", want)
		}
	}
	if bytes.Contains(worker, []byte("http")) {
		t.Error("app-worker.js names another origin")
	}
	gzf, _ := os.Open(filepath.Join(out, "web", "app.wasm.gz"))
	zr, err := gzip.NewReader(gzf)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := io.ReadAll(zr); !bytes.Equal(got, wasm) {
		t.Error("app.wasm.gz does not inflate to app.wasm")
	}
	brf, _ := os.Open(filepath.Join(out, "web", "app.wasm.br"))
	if got, _ := io.ReadAll(brotli.NewReader(brf)); !bytes.Equal(got, wasm) {
		t.Error("app.wasm.br does not inflate to app.wasm")
	}
	if _, err := os.Stat(filepath.Join(out, "web", "gnosis.css.br")); err == nil {
		t.Error("a 6-byte file was compressed")
	}
	headers, _ := os.ReadFile(filepath.Join(out, "_headers"))
	for _, want := range []string{"/gnosis/*\n", "  Content-Security-Policy: " + CSP + "\n", "  X-Content-Type-Options: nosniff\n", "  Referrer-Policy: no-referrer\n", "  Cache-Control: no-cache\n"} {
		if !bytes.Contains(headers, []byte(want)) {
			t.Errorf("_headers lacks %q:\n%s", want, headers)
		}
	}
	notFound, _ := os.ReadFile(filepath.Join(out, "404.html"))
	if !bytes.Contains(notFound, []byte(`url=/gnosis/"`)) {
		t.Errorf("404.html does not send to the app:\n%s", notFound)
	}
	if _, err := os.Stat(filepath.Join(out, ".nojekyll")); err != nil {
		t.Error(err)
	}
}

func TestVersionIsTheWasmHash(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "web"), 0o755)
	os.WriteFile(filepath.Join(dir, "web", "app.wasm"), []byte("one"), 0o644)
	h1, _ := handler(dir, "")
	h2, _ := handler(dir, "")
	os.WriteFile(filepath.Join(dir, "web", "app.wasm"), []byte("two"), 0o644)
	h3, _ := handler(dir, "")
	if h1.Version != h2.Version || h1.Version == h3.Version || h1.WasmContentLength != "3" {
		t.Fatalf("versions %s %s %s", h1.Version, h2.Version, h3.Version)
	}
	// Finding 8: any file the service worker keeps is part of the version, not app.wasm alone.
	seen := map[string]bool{h3.Version: true}
	for _, f := range []string{"rules.json", "boot.js", "gnosis.css", "icon.svg"} {
		os.WriteFile(filepath.Join(dir, "web", f), []byte("next "+f), 0o644)
		h, _ := handler(dir, "")
		if seen[h.Version] {
			t.Errorf("a new %s keeps the version %s", f, h.Version)
		}
		seen[h.Version] = true
	}
	os.WriteFile(filepath.Join(dir, "web", "app.wasm.br"), []byte("a copy"), 0o644)
	if h, _ := handler(dir, ""); !seen[h.Version] {
		t.Error("a precompressed copy changed the version")
	}
}

func TestPartyCheck(t *testing.T) {
	code, out, _ := runCLI("party", "check", "testdata/church-300.json")
	var res checkResult
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 {
		t.Fatalf("exit %d: %s %v", code, out, err)
	}
	if !res.Legal || res.Levels != 200 || res.LevelLimit != 300 || res.AdvantagePoints != 30 || res.Violations == nil || len(res.Violations) != 0 {
		t.Errorf("%+v", res)
	}
	code, out, _ = runCLI("party", "check", "-lang", "it", "testdata/mixed-factions.json")
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 1 {
		t.Fatalf("exit %d: %s", code, out)
	}
	if res.Legal || res.AdvantagePoints != 20 || len(res.Violations) != 4 || res.Violations[0].Rule != "R-PARTY-5" || !strings.Contains(res.Violations[1].Message, "Luce") {
		t.Errorf("%+v", res)
	}
	dir := t.TempDir()
	for name, body := range map[string]string{"broken.json": "{", "future.json": `{"version":2}`, "unknown.json": `{"version":1,"edition":"core","level":250,"characters":[{"name":"Nobody"}]}`} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(body), 0o644)
		if code, out, stderr := runCLI("party", "check", path); code != 2 || out != "" || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", name, code, out, stderr)
		}
	}
	if code, _, _ := runCLI("party", "check", filepath.Join(dir, "missing.json")); code != 2 {
		t.Errorf("missing file: exit %d", code)
	}
	if code, _, _ := runCLI("party", "check"); code != 2 {
		t.Errorf("no file: exit %d", code)
	}
	if code, _, stderr := runCLI("party", "check", "-lang", "fr", "testdata/church-300.json"); code != 2 || !strings.Contains(stderr, "want en, es or it") {
		t.Errorf("-lang fr: exit %d %q", code, stderr)
	}
}

// TestPartyCheckSecondSource: upgrades, catalog summons and pinned printings in party files.
func TestPartyCheckSecondSource(t *testing.T) {
	var res checkResult
	code, out, _ := runCLI("party", "check", "testdata/azur-300.json")
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 || !res.Legal {
		t.Fatalf("exit %d: %s %v", code, out, err)
	}
	// Arkeid 75 + Alius (Lesser) 30 + the agent 20 + 5 (Defense) + 0 (Speed) + 5 (+2 Speed) + 45 + 45.
	if res.Levels != 225 {
		t.Errorf("levels %d, want 225", res.Levels)
	}
	code, out, _ = runCLI("party", "check", "testdata/black-sun-200.json")
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 1 {
		t.Fatalf("exit %d: %s %v", code, out, err)
	}
	// Raziel Nk-X 60 + Hunter 45 + Promethea 40 + Styx 25 + Grey 40 = 210 of 200; Grey of the
	// Church in a Black Sun party.
	if res.Levels != 210 || len(res.Violations) != 2 || res.Violations[0].Rule != "R-PARTY-3" || res.Violations[1].Rule != "R-PARTY-7" {
		t.Errorf("%+v", res)
	}
	dir := t.TempDir()
	for name, body := range map[string]string{
		"another's upgrade": `{"version":1,"edition":"core","level":250,"characters":[{"name":"Nero","upgrades":["Azur Agent: Defense"]}]}`,
		"nested alone":      `{"version":1,"edition":"core","level":250,"characters":[{"name":"Raziel Nk-X","upgrades":["Raziel Nk-X: Anubis"]}]}`,
		"one choice, two":   `{"version":1,"edition":"core","level":250,"characters":[{"name":"Raziel Nk-X","upgrades":["Raziel Nk-X: Crossraiker","Raziel Nk-X: Anubis","Raziel Nk-X: Pluto"]}]}`,
		"bought twice":      `{"version":1,"edition":"core","level":250,"characters":[{"name":"Saint","upgrades":["Saint: War Blessing","Saint: War Blessing"]}]}`,
		"one printing":      `{"version":1,"edition":"core","level":250,"characters":[{"name":"Nero","printing":"first"}]}`,
		"no such printing":  `{"version":1,"edition":"core","level":250,"characters":[{"name":"Grey","printing":"third"}]}`,
	} {
		path := filepath.Join(dir, "party.json")
		os.WriteFile(path, []byte(body), 0o644)
		if code, out, stderr := runCLI("party", "check", path); code != 2 || out != "" || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: exit %d, stdout %q, stderr %q", name, code, out, stderr)
		}
	}
}

func TestPartyEncodeDecode(t *testing.T) {
	code, out, stderr := runCLI("party", "encode", "-base", "https://example.org/gnosis/", "testdata/church-300.json")
	link := strings.TrimSpace(out)
	if code != 0 || !strings.HasPrefix(link, "https://example.org/gnosis/#p=") || stderr != "" {
		t.Fatalf("encode: exit %d %q %q", code, out, stderr)
	}
	code, out, _ = runCLI("party", "decode", link)
	var f struct {
		Version      int    `json:"version"`
		Name         string `json:"name"`
		Level        int    `json:"level"`
		Organization string `json:"organization"`
		Characters   []struct {
			Name       string   `json:"name"`
			Advantages []string `json:"advantages"`
		} `json:"characters"`
		Advantages []string `json:"advantages"`
	}
	if err := json.Unmarshal([]byte(out), &f); err != nil || code != 0 {
		t.Fatalf("decode: exit %d %s %v", code, out, err)
	}
	if f.Name != "Church vanguard" || f.Level != 300 || f.Organization != "Church" || len(f.Characters) != 3 ||
		f.Characters[0].Advantages[0] != "Heavy Armor" || len(f.Advantages) != 2 {
		t.Errorf("%+v", f)
	}
	// The same link from a file, and from standard input.
	file := filepath.Join(t.TempDir(), "link.txt")
	os.WriteFile(file, []byte("  "+link+"\n"), 0o644)
	if code, fromFile, _ := runCLI("party", "decode", file); code != 0 || fromFile != out {
		t.Errorf("decode FILE: exit %d %s", code, fromFile)
	}
	stdin = strings.NewReader(link + "\n")
	if code, fromStdin, _ := runCLI("party", "decode", "-"); code != 0 || fromStdin != out {
		t.Errorf("decode -: exit %d %s", code, fromStdin)
	}
	stdin = os.Stdin
	// A party the link's decoder would refuse is not encoded (a huge level).
	huge := filepath.Join(t.TempDir(), "huge.json")
	os.WriteFile(huge, []byte(`{"version":1,"name":"x","edition":"core","level":9223372036854775807,"characters":[]}`), 0o644)
	if code, out, stderr := runCLI("party", "encode", huge); code != 2 || out != "" || !strings.Contains(stderr, "level") {
		t.Errorf("encode of a huge level: exit %d %q %q", code, out, stderr)
	}
	if code, out, _ := runCLI("party", "check", huge); code != 2 || strings.Contains(out, `"legal":true`) {
		t.Errorf("check of a huge level: exit %d %q", code, out)
	}
	if code, _, _ := runCLI("party", "encode", "-base", "x", "/nonexistent"); code != 2 {
		t.Errorf("encode of a missing file: exit %d", code)
	}
	for _, bad := range []string{"", "https://example.org/#p=", link[:len(link)-4], link + "A", "#p=!!"} {
		code, out, stderr := runCLI("party", "decode", bad)
		if code != 2 || out != "" || strings.Count(stderr, "\n") != 1 || strings.Contains(stderr, "panic") {
			t.Errorf("decode %q: exit %d, %q, %q", bad, code, out, stderr)
		}
	}
}

func TestOddsCommand(t *testing.T) {
	code, out, stderr := runCLI("odds", "--attack", "5", "--damage", "4", "--defense", "9", "--armor", "2", "--reaction", "dodge")
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d %s", code, stderr)
	}
	var o struct {
		Hit, Crit, ExpectedLPLoss, Counterattack float64
		LPLoss                                   []float64 `json:"lp_loss"`
	}
	if err := json.Unmarshal([]byte(out), &o); err != nil {
		t.Fatal(err)
	}
	var raw map[string]any
	json.Unmarshal([]byte(out), &raw)
	for _, k := range []string{"hit", "crit", "expected_lp_loss", "lp_loss", "counterattack"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("no %q in %s", k, out)
		}
	}
	if o.Crit != 0.1 || o.Counterattack != 0 || len(o.LPLoss) < 2 {
		t.Errorf("%+v", o)
	}
	for _, args := range [][]string{
		{"odds", "--attack", "5", "--damage", "4", "--defense", "9", "--armor", "2", "--action", "ranged", "--reaction", "counter"},
		{"odds", "--attack", "5"},
		{"odds", "--attack", "x", "--damage", "4", "--defense", "9", "--armor", "2"},
		{"odds", "--attack", "5", "--damage", "4", "--defense", "9", "--armor", "2", "--edition", "beta"},
		{"odds", "--attack", "5", "--damage", "4", "--defense", "9", "--armor", "2", "--crit-on", "0"},
		{"odds", "--attack", "5", "--damage", "4", "--defense", "9", "--armor", "2", "--action", "kick"},
		{"odds", "--attack", "5", "--damage", "4", "--defense", "9", "--armor", "2", "--crit-on", "5"},
		{"odds", "--attack", "5", "--damage", "3000000000", "--defense", "9", "--armor", "2"},
		{"odds", "--attack", "5", "--damage", "100000000", "--defense", "9", "--armor", "2"},
		{"odds", "--attack", "9223372036854775807", "--damage", "4", "--defense", "9", "--armor", "2"},
		{"odds", "--attack", "-1000", "--damage", "4", "--defense", "9", "--armor", "2"},
		{"odds", "--attack", "5", "--damage", "4", "--defense", "9", "--armor", "2", "--mod", "-9223372036854775808"},
	} {
		if code, out, stderr := runCLI(args...); code != 2 || out != "" || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, %q, %q", args[1:], code, out, stderr)
		}
	}
	// A number out of its bounds names the field and the range.
	if _, _, stderr := runCLI("odds", "--attack", "5", "--damage", "3000000000", "--defense", "9", "--armor", "2"); !strings.Contains(stderr, "damage 3000000000: want") {
		t.Errorf("huge damage: %q", stderr)
	}
	if _, _, stderr := runCLI("odds", "--attack", "-1000", "--damage", "4", "--defense", "9", "--armor", "2"); strings.Contains(stderr, "needs") || !strings.Contains(stderr, "attack -1000: want") {
		t.Errorf("--attack -1000: %q", stderr)
	}
	if code, _, stderr := runCLI("odds", "--attack", "2", "--mod", "-4", "--damage", "4", "--defense", "9", "--armor", "2"); code != 0 {
		t.Errorf("a blinded attacker (Attack 2, Blind -4 as --mod): exit %d %q", code, stderr)
	}
	if code, out, _ := runCLI("odds", "--attack", "99", "--damage", "99", "--defense", "0", "--armor", "0", "--crit-on", "9"); code != 0 || strings.Count(out, ",") > 250 {
		t.Errorf("the largest attack: exit %d, %d values", code, strings.Count(out, ","))
	}
}

func TestReplayCommand(t *testing.T) {
	code, out, _ := runCLI("replay", "../../engine/gamefile/testdata/01-worked-example-core.game")
	var st struct {
		Sides [2]struct {
			Characters []struct {
				Name string `json:"name"`
				LP   int    `json:"lp"`
			} `json:"characters"`
		} `json:"sides"`
	}
	if err := json.Unmarshal([]byte(out), &st); err != nil || code != 0 {
		t.Fatalf("exit %d %s", code, out)
	}
	if st.Sides[1].Characters[0].Name != "Celia" || st.Sides[1].Characters[0].LP != 7 {
		t.Errorf("R-ATK-3 Celia: %+v", st.Sides[1].Characters[0])
	}
	code, out, _ = runCLI("replay", "../../engine/gamefile/testdata/03-one-movement.game")
	if code != 1 || !strings.Contains(out, `"rule": "R-ACT-2"`) {
		t.Errorf("refused: exit %d %s", code, out)
	}
	code, out, _ = runCLI("replay", "--log", "../../engine/gamefile/testdata/01-worked-example-core.game")
	if code != 0 || !strings.Contains(out, " attack {") {
		t.Errorf("log: exit %d %s", code, out)
	}
	if code, _, _ := runCLI("replay", "/nonexistent"); code != 2 {
		t.Errorf("missing: exit %d", code)
	}
}

func TestTableCommand(t *testing.T) {
	code, out, stderr := runCLI("table", "testdata/table.json", "--charge", "charger", "target")
	if code != 0 {
		t.Fatalf("exit %d %s", code, stderr)
	}
	var res struct {
		Pairs []struct {
			A, B  string
			GapCm float64 `json:"gap_cm"`
			LoS   bool    `json:"los"`
			InZoC bool    `json:"in_zoc"`
			Cover bool    `json:"cover"`
		} `json:"pairs"`
		Interceptors []string `json:"interceptors"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Pairs) != 12 || len(res.Interceptors) != 1 || res.Interceptors[0] != "guard" {
		t.Fatalf("R-ATK-9 %+v", res)
	}
	for _, p := range res.Pairs {
		switch p.A + ">" + p.B {
		case "charger>target":
			if p.GapCm != 37 || !p.LoS || p.InZoC || !p.Cover {
				t.Errorf("R-ATK-6 %+v", p)
			}
		case "charger>guard":
			if !p.InZoC {
				t.Errorf("R-ZOC-1 %+v", p)
			}
		case "charger>hidden":
			if p.LoS || p.InZoC {
				t.Errorf("R-TER-2 a wall blocks sight: %+v", p)
			}
		}
	}
	dir := t.TempDir()
	for name, body := range map[string]string{
		"bad.json":    "{",
		"unit.json":   `{"unit":"m","models":[]}`,
		"dup.json":    `{"unit":"cm","models":[{"id":"a","x":1,"y":1,"radius_cm":1,"side":1},{"id":"a","x":2,"y":2,"radius_cm":1,"side":2}]}`,
		"side.json":   `{"unit":"cm","models":[{"id":"a","x":1,"y":1,"radius_cm":1,"side":3}]}`,
		"kind.json":   `{"unit":"cm","terrain":[{"kind":"lava","polygon":[[0,0],[1,0],[1,1]]}]}`,
		"points.json": `{"unit":"cm","terrain":[{"kind":"wall","polygon":[[0,0],[1,0]]}]}`,
		"null.json":   `null`,
		"array.json":  `[]`,
		"far.json":    `{"unit":"cm","models":[{"id":"a","x":1e308,"y":0,"radius_cm":1,"side":1}]}`,
		"huge.json":   `{"unit":"cm","models":[{"id":"a","x":0,"y":0,"radius_cm":1e300,"side":1}]}`,
		"wall.json":   `{"unit":"cm","terrain":[{"kind":"wall","polygon":[[0,0],[1e308,0],[0,1]]}]}`,
	} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(body), 0o644)
		if code, out, stderr := runCLI("table", path); code != 2 || out != "" || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: exit %d %q %q", name, code, out, stderr)
		}
	}
	if code, _, _ := runCLI("table", "testdata/table.json", "--charge", "nobody", "target"); code != 2 {
		t.Error("an unknown charger")
	}
}

// TestOddsElevated: R-ATK-6 an elevated shot is +1 in core as in alpha: d10 + 5 + 1 against 9
// hits on 3 or more, 80%.
func TestOddsElevated(t *testing.T) {
	for _, ed := range []string{"core", "alpha"} {
		code, out, stderr := runCLI("odds", "--attack", "5", "--damage", "4", "--defense", "9", "--armor", "2", "--action", "ranged", "--elevated", "--edition", ed)
		var o struct{ Hit float64 }
		if code != 0 || json.Unmarshal([]byte(out), &o) != nil || o.Hit != 0.8 {
			t.Errorf("%s: exit %d, %s %s", ed, code, out, stderr)
		}
	}
	if code, _, _ := runCLI("odds", "--attack", "5", "--damage", "4", "--defense", "9", "--armor", "2", "--elevated"); code != 2 {
		t.Errorf("--elevated on a melee attack: exit %d", code)
	}
}

// TestDiskwarsCommands: the exact odds of a ranged attack, and what a field file says of its
// discs: gaps, bands, sight behind a wall, overlaps and where scatter dice go. R-DW-3,
// R-DW-4, R-DW-5, R-DW-6.
func TestDiskwarsCommands(t *testing.T) {
	code, out, stderr := runCLI("diskwars", "odds", "--fire", "1", "--strength", "d6", "--range", "medium")
	var o struct {
		Damage   []float64 `json:"damage"`
		Expected float64   `json:"expected_damage"`
		Token    float64   `json:"token"`
		Scatter  []float64 `json:"scatter"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &o) != nil {
		t.Fatalf("exit %d %q %q", code, out, stderr)
	}
	if len(o.Damage) != 7 || math.Abs(o.Damage[6]-1.0/18) > 1e-12 || math.Abs(o.Token-1.0/6) > 1e-12 || len(o.Scatter) != 2 {
		t.Errorf("R-DW-5 one die, d6 Strength: %+v", o)
	}
	for _, args := range [][]string{{"odds"}, {"odds", "--fire", "2"}, {"odds", "--fire", "99", "--strength", "1"}, {"odds", "--fire", "2", "--strength", "1", "--range", "close"}, {"roll"}, {}} {
		if code, out, stderr := runCLI(append([]string{"diskwars"}, args...)...); code != 2 || out != "" || strings.Count(stderr, "\n") != 1 {
			t.Errorf("diskwars %v: exit %d %q %q", args, code, out, stderr)
		}
	}

	code, out, stderr = runCLI("diskwars", "table", "testdata/diskwars.json", "--scatter", "knight", "5")
	var res struct {
		Pairs []struct {
			A, B    string
			GapCm   float64 `json:"gap_cm"`
			Band    string  `json:"band"`
			LoS     bool    `json:"los"`
			Overlap bool    `json:"overlap"`
		} `json:"pairs"`
		Scatter []string `json:"scatter"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil {
		t.Fatalf("exit %d %q %q", code, out, stderr)
	}
	if len(res.Pairs) != 20 {
		t.Fatalf("%d pairs, want 20", len(res.Pairs))
	}
	for _, p := range res.Pairs {
		switch p.A + ">" + p.B {
		case "archers>knight": // 30 cm between centres, two radii of 3.125: 23.75 cm, long
			if p.GapCm != 23.75 || p.Band != "long" || !p.LoS || p.Overlap {
				t.Errorf("R-DW-3 %+v", p)
			}
		case "knight>squire":
			if !p.Overlap || p.Band != "short" {
				t.Errorf("R-DW-9 %+v", p)
			}
		case "archers>giant":
			if p.LoS || p.Band != "siege" {
				t.Errorf("R-DW-4 the wall hides the giant: %+v", p)
			}
		}
	}
	// The squire overlaps the knight; the wolf is 6.825 cm away; the archers too far: the squire,
	// the wolf, then round again.
	if strings.Join(res.Scatter, " ") != "squire wolf squire wolf squire" {
		t.Errorf("R-DW-6 scatter %v", res.Scatter)
	}
	dir := t.TempDir()
	for name, body := range map[string]string{
		"bad.json":   "{",
		"unit.json":  `{"unit":"m","discs":[]}`,
		"dup.json":   `{"unit":"cm","discs":[{"id":"a","x":1,"y":1,"diameter_cm":5,"side":1},{"id":"a","x":9,"y":9,"diameter_cm":5,"side":2}]}`,
		"size.json":  `{"unit":"cm","discs":[{"id":"a","x":1,"y":1,"diameter_cm":0,"side":1}]}`,
		"kind.json":  `{"unit":"cm","terrain":[{"kind":"lava","polygon":[[0,0],[1,0],[1,1]]}]}`,
		"far.json":   `{"unit":"cm","discs":[{"id":"a","x":1e308,"y":0,"diameter_cm":5,"side":1}]}`,
		"extra.json": `{"unit":"cm","models":[]}`,
	} {
		path := filepath.Join(dir, name)
		os.WriteFile(path, []byte(body), 0o644)
		if code, out, stderr := runCLI("diskwars", "table", path); code != 2 || out != "" || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%s: exit %d %q %q", name, code, out, stderr)
		}
	}
	if code, _, _ := runCLI("diskwars", "table", "testdata/diskwars.json", "--scatter", "nobody", "2"); code != 2 {
		t.Error("scatter on an unknown disc")
	}
}

func TestPartyImport(t *testing.T) {
	code, out, stderr := runCLI("party", "import", "../../engine/roster/testdata/church-acebaur.rosz")
	if code != 0 || stderr != "not in the catalog: Rocket Boots (chosen on Legacy of Solomon)\n" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	f, err := party.ParsePartyFile([]byte(out))
	if err != nil || f.Name != "Church of Light" || len(f.Characters) != 3 || f.Characters[2].Pilot != "Valeria Strauss" {
		t.Errorf("%+v %v", f, err)
	}
	for _, args := range [][]string{{"party", "import", "../../engine/roster/testdata/not-a-roster.cat"}, {"party", "import", "missing.ros"}} {
		if code, out, stderr := runCLI(args...); code != 2 || out != "" || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, stderr)
		}
	}
	if code, _, _ := runCLI("party", "import"); code != 2 {
		t.Errorf("no file: exit %d", code)
	}
}

// TestTableArguments: both table commands read FILE [--flag A B] the same way, and say what is
// wrong with their arguments in one line, exit 2.
func TestTableArguments(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"table"}, "table needs one FILE"},
		{[]string{"table", "testdata/table.json", "testdata/table.json"}, "table needs one FILE"},
		{[]string{"table", "testdata/table.json", "--charge", "charger"}, "--charge needs CHARGER and TARGET"},
		{[]string{"table", "testdata/no-such-table.json"}, "no-such-table.json"},
		{[]string{"diskwars", "table", "-scatter", "knight", "3"}, "diskwars table needs one FILE"},
		{[]string{"diskwars", "table", "testdata/diskwars.json", "--scatter", "knight"}, "--scatter needs TARGET and N"},
		{[]string{"diskwars", "table", "--scatter", "knight", "many", "testdata/diskwars.json"}, "--scatter knight many: N is a number of dice from 0 to"},
	} {
		code, out, stderr := runCLI(c.args...)
		if code != 2 || out != "" || !strings.Contains(stderr, c.want) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("%q: exit %d, %q, stderr %q; want %q", c.args, code, out, stderr, c.want)
		}
	}
	if code, out, _ := runCLI("diskwars", "table", "-scatter", "knight", "5", "testdata/diskwars.json"); code != 0 || !strings.Contains(out, `"scatter"`) {
		t.Errorf("the flag before the file: exit %d, %q", code, out)
	}
}

// TestOddsStatsAsPrinted (finding 5): --attack, --damage, --defense and --armor are the
// card's printed numbers, 0 to 99 as the README says (a state's change goes in --mod, within
// ±99): -198 to 198 used to be taken.
func TestOddsStatsAsPrinted(t *testing.T) {
	for _, args := range [][]string{
		{"--attack", "-2", "--damage", "4", "--defense", "9", "--armor", "2"},
		{"--attack", "198", "--damage", "4", "--defense", "9", "--armor", "2"},
		{"--attack", "5", "--damage", "100", "--defense", "9", "--armor", "2"},
		{"--attack", "5", "--damage", "4", "--defense", "9", "--armor", "2", "--mod", "-100"},
	} {
		code, out, stderr := runCLI(append([]string{"odds"}, args...)...)
		if code != 2 || out != "" || !strings.Contains(stderr, ": want ") {
			t.Errorf("%v: exit %d, %q, %q", args, code, out, stderr)
		}
	}
	if code, _, stderr := runCLI("odds", "--attack", "99", "--damage", "0", "--defense", "99", "--armor", "99", "--mod", "99"); code != 0 {
		t.Errorf("the bounds themselves: exit %d %q", code, stderr)
	}
}

// TestFileReadersBounded (finding 3): every command that reads a file stops at
// anima.MaxFileBytes, by the file's size before reading it, or by what a stream gave
// (/dev/zero used to grow without end), with exit 2 naming the bound.
func TestFileReadersBounded(t *testing.T) {
	big := filepath.Join(t.TempDir(), "big.json")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(anima.MaxFileBytes + 1); err != nil { // sparse: nothing written
		t.Fatal(err)
	}
	f.Close()
	files := []string{big}
	if _, err := os.Stat("/dev/zero"); err == nil {
		files = append(files, "/dev/zero")
	}
	for _, file := range files {
		for _, cmd := range [][]string{{"party", "check", file}, {"party", "encode", file}, {"party", "import", file}, {"replay", file}, {"table", file}, {"diskwars", "table", file}} {
			code, out, stderr := runCLI(cmd...)
			if code != 2 || out != "" || !strings.Contains(stderr, "MaxFileBytes") || strings.Count(stderr, "\n") != 1 {
				t.Errorf("%v: exit %d, %q, %q", cmd, code, out, stderr)
			}
		}
	}
}

// TestPartyFileWithBOM (finding 13): a party file saved with a UTF-8 byte order mark (as some
// editors save) is read; a -base that is no web address is refused, not made into a link.
func TestPartyFileWithBOM(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bom.json")
	if err := os.WriteFile(path, []byte("\uFEFF"+`{"version":1,"name":"BOM","edition":"core","level":250,"characters":[{"name":"Nero"}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, out, stderr := runCLI("party", "check", path); code != 0 || !strings.Contains(out, `"legal":true`) {
		t.Errorf("party check of a file with a BOM: exit %d, %q, %q", code, out, stderr)
	}
	for _, base := range []string{"javascript:alert(1)//", "data:text/html,x", "//evil.example/", "gnosis"} {
		if code, out, stderr := runCLI("party", "encode", "-base", base, path); code != 2 || out != "" || !strings.Contains(stderr, "http") {
			t.Errorf("-base %q: exit %d, %q, %q", base, code, out, stderr)
		}
	}
	if code, out, _ := runCLI("party", "encode", "-base", "https://example.org/gnosis/", path); code != 0 || !strings.HasPrefix(out, "https://example.org/gnosis/#p=") {
		t.Errorf("an https base: exit %d, %q", code, out)
	}
}
