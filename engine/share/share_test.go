package share

import (
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash/crc32"
	"os"
	"reflect"
	"strings"
	"testing"

	"gnosis/engine/anima"
	"gnosis/engine/catalog"
	"gnosis/engine/party"
	"gnosis/internal/partycases"
)

var update = flag.Bool("update", false, "rewrite the golden links of the current version")

// canonical resolves a party file and gives what must survive a link: the file's settings
// and every card as fielded.
func canonical(t testing.TB, f party.PartyFile) any {
	p, err := party.ResolveParty(f, catalog.Default())
	if err != nil {
		t.Fatal(err)
	}
	f.Characters, f.Advantages = nil, nil
	var adv []string
	for _, a := range p.Advantages {
		adv = append(adv, a.Name)
	}
	return struct {
		F          party.PartyFile
		M          []party.Member
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
	f := party.PartyFile{Version: 1, Name: "Vanguard", Edition: anima.Core, Level: 300, Organization: "Church",
		Characters: []party.PartyEntry{partycases.E("Nero", "Heavy Armor"), partycases.E("Xavier", "Aura"), partycases.E("Ergo Mundus"),
			partycases.E("Grey"), partycases.E("Luzbell"), partycases.E("High Saint Elienai")},
		Advantages: []party.AdvantageRef{{Name: "Tactics"}}}
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
	Link  string          `json:"link"`
	Party party.PartyFile `json:"party"`
}

// TestGoldenLinks: every link written by every format version stays readable; -update
// rewrites the current version's file.
func TestGoldenLinks(t *testing.T) {
	cat := catalog.Default()
	if *update {
		var gs []golden
		for _, tc := range partycases.Cases[:12] {
			f := tc.File(anima.Core)
			link, err := Link("http://127.0.0.1:8000/", f, cat)
			if err != nil {
				t.Fatal(err)
			}
			gs = append(gs, golden{link, f})
		}
		b, _ := json.MarshalIndent(gs, "", " ")
		os.MkdirAll("testdata", 0o755)
		os.WriteFile(fmt.Sprintf("testdata/v%d.json", Version), b, 0o644)
	}
	for v := 1; v <= Version; v++ {
		file := fmt.Sprintf("testdata/v%d.json", v)
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var gs []golden
		if err := json.Unmarshal(b, &gs); err != nil || len(gs) == 0 {
			t.Fatalf("%s: %v", file, err)
		}
		for _, g := range gs {
			if base64Version(t, Payload(g.Link)) != v {
				t.Errorf("%s: a link of version %d in %s", g.Link, base64Version(t, Payload(g.Link)), file)
			}
			back, err := Decode(g.Link, cat)
			if err != nil {
				t.Fatalf("%s: %v", g.Link, err)
			}
			if !reflect.DeepEqual(canonical(t, back), canonical(t, g.Party)) {
				t.Errorf("%s decodes to %+v, want %+v", g.Link, back, g.Party)
			}
		}
	}
}

func base64Version(t *testing.T, payload string) int {
	raw, err := base64.RawURLEncoding.DecodeString(payload)
	if err != nil || len(raw) == 0 {
		t.Fatalf("%q: %v", payload, err)
	}
	return int(raw[0])
}

// TestTyposNeverDecodeToAnotherParty: every one-character change of every golden link is
// refused or decodes to the same party (the 32-bit checksum; version 1's 16 bits let a few
// in a million through).
func TestTyposNeverDecodeToAnotherParty(t *testing.T) {
	cat := catalog.Default()
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	tries, refused := 0, 0
	for _, tc := range partycases.Cases {
		f := tc.File(anima.Core)
		payload, err := Encode(f, cat)
		if err != nil {
			continue
		}
		want, _ := Decode(payload, cat)
		for i := range len(payload) {
			for _, c := range []byte(alphabet) {
				if c == payload[i] {
					continue
				}
				tries++
				typo := payload[:i] + string(c) + payload[i+1:]
				got, err := Decode(typo, cat)
				if err != nil {
					refused++
					continue
				}
				if !reflect.DeepEqual(got, want) {
					t.Fatalf("%s (a typo of %s) decodes to another party: %+v", typo, payload, got)
				}
			}
		}
	}
	t.Logf("%d one-character typos, %d refused, none another party", tries, refused)
	if tries < 10000 {
		t.Errorf("only %d typos tried", tries)
	}
}

// TestEncodeKeepsTheDecodersLimits: a party the decoder would refuse is not written as a link.
func TestEncodeKeepsTheDecodersLimits(t *testing.T) {
	cat := catalog.Default()
	many := party.PartyFile{Version: 1, Edition: anima.Core, Level: 250}
	for range anima.MaxPartyItems + 1 {
		many.Characters = append(many.Characters, party.PartyEntry{Name: "Nero"})
	}
	for name, f := range map[string]party.PartyFile{
		"too many characters":  many,
		"huge level":           {Version: 1, Edition: anima.Core, Level: 1 << 40},
		"level past the bound": {Version: 1, Edition: anima.Core, Level: anima.MaxPartyLevel + 1},
	} {
		if p, err := Encode(f, cat); err == nil {
			t.Errorf("%s: encoded as %q", name, p)
		}
	}
}

// TestNamesComeClean: a name with a right-to-left override or control characters comes out
// of a link without them.
func TestNamesComeClean(t *testing.T) {
	cat := catalog.Default()
	own := anima.Card{Name: "Evil\u202egnp.exe", Level: 10, LP: anima.S(5), Actions: 3, Recovery: 2, Categories: []anima.Category{anima.Fighter}}
	f := party.PartyFile{Version: 1, Edition: anima.Core, Level: 250, Name: "RTL\u202egnp.exe\x07",
		Characters: []party.PartyEntry{{Card: &own}}}
	p, err := Encode(f, cat)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Decode(p, cat)
	if err != nil {
		t.Fatal(err)
	}
	if back.Name != "RTLgnp.exe" || back.Characters[0].Card.Name != "Evilgnp.exe" {
		t.Errorf("names %q %q", back.Name, back.Characters[0].Card.Name)
	}
}

func TestBadLinks(t *testing.T) {
	cat := catalog.Default()
	f := partycases.Cases[2].File(anima.Core)
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
	if _, err := Encode(party.PartyFile{Version: 1, Edition: anima.Core, Level: 250, Characters: []party.PartyEntry{{Name: "Nobody"}}}, cat); err == nil {
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
		p, err := Encode(tc.File(anima.Core), cat)
		if err == nil {
			f.Add(p)
		}
	}
	f.Add("")
	f.Add("AQ")
	f.Fuzz(func(t *testing.T, payload string) {
		p, err := Decode(payload, cat)
		if err != nil {
			return
		}
		again, err := Encode(p, cat)
		if err != nil {
			t.Fatalf("decoded %+v but cannot encode it: %v", p, err)
		}
		back, err := Decode(again, cat)
		if err != nil || !reflect.DeepEqual(back, p) {
			t.Fatalf("re-encoded party differs: %v", err)
		}
	})
}

func BenchmarkEncodeDecode(b *testing.B) {
	cat := catalog.Default()
	f := partycases.Cases[2].File(anima.Core)
	for b.Loop() {
		p, _ := Encode(f, cat)
		if _, err := Decode(p, cat); err != nil {
			b.Fatal(err)
		}
	}
}

// sealed makes a payload of a version byte and a body with its checksum.
func sealed(version byte, body ...byte) string {
	out := append([]byte{version}, body...)
	out = binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(out))
	return "#p=" + base64.RawURLEncoding.EncodeToString(out)
}

// TestUpgradesPrintingsAndSummons: version 3 carries a character's upgrades and pinned
// printing, and a catalog summon, in a few bytes; the 300-level party of six catalog
// characters and three cards stays within 48 characters with them.
func TestUpgradesPrintingsAndSummons(t *testing.T) {
	cat := catalog.Default()
	grey := partycases.E("Grey")
	grey.Printing = anima.FirstPrinting
	saint := partycases.E("Saint")
	saint.Upgrades = []string{"Saint: Healing Light"}
	elienai := partycases.E("High Saint Elienai")
	f := party.PartyFile{Version: 1, Name: "Vanguard", Edition: anima.Core, Level: 300, Organization: "Church",
		Characters: []party.PartyEntry{partycases.E("Nero", "Heavy Armor"), partycases.E("Xavier", "Aura"), saint, grey, partycases.E("Luzbell"), elienai},
		Advantages: []party.AdvantageRef{{Name: "Tactics"}}}
	p, err := Encode(f, cat)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("payload %q: %d characters", p, len(p))
	if len(p) > 48 {
		t.Errorf("%d characters of payload, want at most 48", len(p))
	}
	back, err := Decode(p, cat)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(canonical(t, back), canonical(t, f)) || back.Characters[3].Printing != anima.FirstPrinting || back.Characters[2].Upgrades[0] != "Saint: Healing Light" {
		t.Fatalf("round trip differs:\n%+v\n%+v", back, f)
	}
	resolved, _ := party.ResolveParty(back, cat)
	if m := resolved.Members[3]; m.Card.Attack.String() != "6/8" {
		t.Errorf("Grey pinned to the first printing: attack %s", m.Card.Attack)
	}
	if m := resolved.Members[2]; m.Card.Level != 35 || len(m.Upgrades) != 1 {
		t.Errorf("the Saint with a skill: level %d", m.Card.Level)
	}

	// A catalog summon travels as its ID; a hired creature of the same name stays a character.
	summoner := partycases.E("Genma")
	summoner.Summons = []party.CardRef{{Name: "Al-Djinn (Lesser)"}}
	g := party.PartyFile{Version: 1, Edition: anima.Core, Level: 300, Characters: []party.PartyEntry{summoner, partycases.E("Al-Djinn")}}
	link, err := Encode(g, cat)
	if err != nil {
		t.Fatal(err)
	}
	back, err = Decode(link, cat)
	if err != nil || !reflect.DeepEqual(canonical(t, back), canonical(t, g)) {
		t.Fatalf("%v: %+v", err, back)
	}
	resolved, _ = party.ResolveParty(back, cat)
	if s := resolved.Members[0].Summons[0]; !s.IsSummon() || s.Atman != 60 || resolved.Members[1].Card.IsSummon() {
		t.Errorf("summon %+v, character %+v", s, resolved.Members[1].Card)
	}

	// Refused: an unknown printing code, an upgrade of another character, a summon in a
	// character's place, version 2 with version 3's extras.
	const greyID, first = byte(40<<1 | 1), byte(1 << 4) // Grey has no upgrades
	for name, link := range map[string]string{
		"printing 3":                 sealed(3, 0, 25, 1, greyID, extraPrinting, 0),
		"an upgrade Grey has not":    sealed(3, 0, 25, 1, greyID, extraUpgrades, 0, 0),
		"a summon as character":      sealed(3, 0, 25, 1, 0xea, 0x07, 0),
		"version 2 with a printing":  sealed(2, 0, 25, 1, greyID, first, 0),
		"version 2 with an upgrade":  sealed(2, 0, 25, 1, greyID, extraUpgrades, 0, 0),
		"an upgrade list never ends": sealed(3, 0, 25, 1, byte(78<<1|1), extraUpgrades, 1, 1, 1),
	} {
		if _, err := Decode(link, cat); !errors.Is(err, ErrBadLink) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if f, err := Decode(sealed(3, 0, 25, 1, greyID, first, 0), cat); err != nil || f.Characters[0].Printing != anima.FirstPrinting {
		t.Errorf("a well-made version 3 link: %+v %v", f, err)
	}
}
