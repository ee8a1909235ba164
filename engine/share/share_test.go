package share

import (
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"reflect"
	"strings"
	"testing"

	"gnosis/engine"
	"gnosis/engine/catalog"
	"gnosis/internal/partycases"
)

var update = flag.Bool("update", false, "rewrite the golden links of the current version")

// canonical resolves a party file and gives what must survive a link: the file's settings
// and every card as fielded.
func canonical(t testing.TB, f engine.PartyFile) any {
	p, err := engine.ResolveParty(f, catalog.Default())
	if err != nil {
		t.Fatal(err)
	}
	f.Characters, f.Advantages = nil, nil
	var adv []string
	for _, a := range p.Advantages {
		adv = append(adv, a.Name)
	}
	return struct {
		F          engine.PartyFile
		M          []engine.Member
		Advantages []string
	}{f, p.Members, adv}
}

func TestRoundTripEveryParty(t *testing.T) {
	cat := catalog.Default()
	for _, tc := range partycases.Cases {
		for _, ed := range tc.Editions() {
			t.Run(tc.Name+" ("+string(ed)+")", func(t *testing.T) {
				f := tc.File(ed)
				link, err := Link("http://127.0.0.1:8000/", f, cat)
				if err != nil {
					t.Fatal(err)
				}
				back, err := Decode(link, cat)
				if err != nil {
					t.Fatalf("%s: %v", link, err)
				}
				if !reflect.DeepEqual(canonical(t, back), canonical(t, f)) {
					t.Fatalf("round trip differs:\n%+v\n%+v", back, f)
				}
				if again, _ := Link("http://127.0.0.1:8000/", back, cat); again != link {
					t.Errorf("re-encoding gives another link:\n%s\n%s", again, link)
				}
			})
		}
	}
}

// TestCompact: a 300-level party of six catalog characters and three advantage cards fits in
// 48 characters of payload.
func TestCompact(t *testing.T) {
	f := engine.PartyFile{Version: 1, Name: "Vanguard", Edition: engine.Core, Level: 300, Organization: "Church",
		Characters: []engine.PartyEntry{partycases.E("Nero", "Heavy Armor"), partycases.E("Xavier", "Aura"), partycases.E("Ergo Mundus"),
			partycases.E("Grey"), partycases.E("Luzbell"), partycases.E("High Saint Elienai")},
		Advantages: []engine.AdvantageRef{{Name: "Tactics"}}}
	p, err := Encode(f, catalog.Default())
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("payload %q: %d characters", p, len(p))
	if len(p) > 48 {
		t.Errorf("%d characters of payload, want at most 48", len(p))
	}
}

type golden struct {
	Link  string           `json:"link"`
	Party engine.PartyFile `json:"party"`
}

// TestGoldenLinks: every link written by every format version stays readable.
func TestGoldenLinks(t *testing.T) {
	cat := catalog.Default()
	const file = "testdata/v1.json"
	if *update {
		var gs []golden
		for _, tc := range partycases.Cases[:12] {
			f := tc.File(engine.Core)
			link, err := Link("http://127.0.0.1:8000/", f, cat)
			if err != nil {
				t.Fatal(err)
			}
			gs = append(gs, golden{link, f})
		}
		b, _ := json.MarshalIndent(gs, "", " ")
		os.MkdirAll("testdata", 0o755)
		os.WriteFile(file, b, 0o644)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var gs []golden
	if err := json.Unmarshal(b, &gs); err != nil || len(gs) == 0 {
		t.Fatalf("%v", err)
	}
	for _, g := range gs {
		back, err := Decode(g.Link, cat)
		if err != nil {
			t.Fatalf("%s: %v", g.Link, err)
		}
		if !reflect.DeepEqual(canonical(t, back), canonical(t, g.Party)) {
			t.Errorf("%s decodes to %+v, want %+v", g.Link, back, g.Party)
		}
	}
}

func TestBadLinks(t *testing.T) {
	cat := catalog.Default()
	f := partycases.Cases[2].File(engine.Core)
	good, _ := Encode(f, cat)
	raw, _ := base64.RawURLEncoding.DecodeString(good)
	flip := append([]byte(nil), raw...)
	flip[3] ^= 0x20
	future := append([]byte{9}, raw[1:]...)
	for name, link := range map[string]string{
		"empty":         "http://127.0.0.1:8000/#p=",
		"no party":      "http://127.0.0.1:8000/",
		"not base64":    "#p=@@@@",
		"truncated":     "#p=" + good[:len(good)-3],
		"one byte gone": "#p=" + base64.RawURLEncoding.EncodeToString(raw[:len(raw)-1]),
		"tampered":      "#p=" + base64.RawURLEncoding.EncodeToString(flip),
		"future format": "#p=" + base64.RawURLEncoding.EncodeToString(future),
		"too short":     "#p=AQ",
	} {
		t.Run(name, func(t *testing.T) {
			_, err := Decode(link, cat)
			if !errors.Is(err, ErrBadLink) || strings.Contains(err.Error(), "\n") {
				t.Errorf("%q: %v", link, err)
			}
		})
	}
	if _, err := Encode(engine.PartyFile{Version: 1, Edition: engine.Core, Level: 250, Characters: []engine.PartyEntry{{Name: "Nobody"}}}, cat); err == nil {
		t.Error("encoded an unknown character")
	}
}

func TestPayloadForms(t *testing.T) {
	for _, in := range []string{"https://x.org/g/#p=ABC", "p=ABC", "ABC", " #p=ABC "} {
		if got := Payload(in); got != "ABC" {
			t.Errorf("Payload(%q) = %q", in, got)
		}
	}
}

// FuzzDecodeParty: no input makes Decode panic, and whatever it accepts encodes back to a
// link that decodes to the same party.
func FuzzDecodeParty(f *testing.F) {
	cat := catalog.Default()
	for _, tc := range partycases.Cases {
		p, err := Encode(tc.File(engine.Core), cat)
		if err == nil {
			f.Add(p)
		}
	}
	f.Add("")
	f.Add("AQ")
	f.Fuzz(func(t *testing.T, payload string) {
		party, err := Decode(payload, cat)
		if err != nil {
			return
		}
		again, err := Encode(party, cat)
		if err != nil {
			t.Fatalf("decoded %+v but cannot encode it: %v", party, err)
		}
		back, err := Decode(again, cat)
		if err != nil || !reflect.DeepEqual(back, party) {
			t.Fatalf("re-encoded party differs: %v", err)
		}
	})
}

func BenchmarkEncodeDecode(b *testing.B) {
	cat := catalog.Default()
	f := partycases.Cases[2].File(engine.Core)
	for b.Loop() {
		p, _ := Encode(f, cat)
		if _, err := Decode(p, cat); err != nil {
			b.Fatal(err)
		}
	}
}
