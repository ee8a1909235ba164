package diskwars

import (
	"encoding/base64"
	"errors"
	"reflect"
	"strings"
	"testing"

	"gnosis/engine/core"
	"gnosis/engine/text"
)

var testArmy = Army{Name: "Greenskins", Discs: []DiscCard{
	orcs, wolf, archers,
	{Name: "Shaman", DiameterCm: SmallDiscCm, Move: 2, Magic: 2, Agile: true},
	{Name: "Doom Diver", DiameterCm: LargeDiscCm, Move: 1, Fly: true,
		Ranged: &Ranged{MaxBand: Siege, Fire: 2, Strength: Strength{D6: true}, Damage: Arcane, ChaosAsHit: true, IgnoresScatter: true}},
}}

func TestArmyLink(t *testing.T) {
	link, err := ArmyLink("https://example.org/gnosis/#/dw", testArmy)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(link, "https://example.org/gnosis/#"+ArmyFragmentKey) {
		t.Fatalf("link %q", link)
	}
	got, err := DecodeArmy(link)
	if err != nil || !reflect.DeepEqual(got, testArmy) {
		t.Fatalf("decoded %+v, %v", got, err)
	}
	t.Logf("a %d-disc army: %d characters of payload", len(testArmy.Discs), len(link)-len("https://example.org/gnosis/#dw="))

	payload := strings.TrimPrefix(link, "https://example.org/gnosis/#"+ArmyFragmentKey)
	raw, _ := base64.RawURLEncoding.DecodeString(payload)
	changed := append([]byte(nil), raw...)
	changed[len(changed)/2] ^= 0x20
	newer := append([]byte{armyLinkVersion + 1}, raw[1:]...)
	bad := Army{Name: "Bad", Discs: []DiscCard{{Name: "Giant", DiameterCm: 80}}}
	badJSON, _ := EncodeArmy(Army{Name: "Bad", Discs: []DiscCard{orcs}})
	for _, c := range []struct{ name, link, want string }{
		{"empty", "", "holds no army"},
		{"not base64url", "dw=%%%", "not base64url"},
		{"cut short", payload[:len(payload)-6], "copy all of it"},
		{"changed", base64.RawURLEncoding.EncodeToString(changed), "checksum"},
		{"newer", base64.RawURLEncoding.EncodeToString(newer), "newer than this Gnosis"},
		{"a party link", "#p=" + badJSON, "not base64url"},
	} {
		if _, err := DecodeArmy(c.link); !errors.Is(err, ErrBadArmyLink) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	if _, err := EncodeArmy(bad); !errors.Is(err, ErrBadDisc) {
		t.Errorf("an army with a 80 cm disc encoded: %v", err)
	}
}

// FuzzDecodeArmy: no payload makes DecodeArmy panic, and what it accepts is a valid army that
// encodes and decodes to itself.
func FuzzDecodeArmy(f *testing.F) {
	p, _ := EncodeArmy(testArmy)
	f.Add(p)
	f.Add("")
	f.Add("AQ")
	f.Fuzz(func(t *testing.T, payload string) {
		a, err := DecodeArmy(payload)
		if err != nil {
			return
		}
		if err := CheckArmy(a); err != nil {
			t.Fatalf("accepted an invalid army: %v", err)
		}
		again, err := EncodeArmy(a)
		if err != nil {
			t.Fatal(err)
		}
		if b, err := DecodeArmy(again); err != nil || !reflect.DeepEqual(a, b) {
			t.Fatalf("round trip: %+v, %v", b, err)
		}
	})
}

func TestCheckArmy(t *testing.T) {
	many := Army{Name: "Horde"}
	for range MaxDiscs + 1 {
		many.Discs = append(many.Discs, orcs)
	}
	for _, c := range []struct {
		a    Army
		want string
	}{
		{Army{Name: " "}, "an army needs a name"},
		{many, "61 discs: an army has at most 60"},
		{Army{Name: "A", Discs: []DiscCard{{Name: "", DiameterCm: 5}}}, "a disc needs a name"},
		{Army{Name: "A", Discs: []DiscCard{{Name: "Slow", DiameterCm: 5, Move: 21}}}, "Slow: Move 21: 0 to 20"},
	} {
		if err := CheckArmy(c.a); err == nil || err.Error() != c.want {
			t.Errorf("%q: %v, want %q", c.a.Name, err, c.want)
		}
	}
	// A disc's refusal is said in the player's language.
	err := Army{Name: "A", Discs: []DiscCard{{Name: "Lento", DiameterCm: 5, Move: 21}}}.Discs[0].Validate()
	var re *core.RuleError
	if !errors.As(err, &re) || re.In(text.ES) != "Lento: Movimiento 21: de 0 a 20" {
		t.Errorf("in Spanish: %v", err)
	}
}

// TestArmyNamesClean (finding 12): an army from a link keeps no character that reverses or
// hides its name (U+202E, U+200B, U+2028 were shown reversed or split).
func TestArmyNamesClean(t *testing.T) {
	a := Army{Name: "Dwarfs\u202E\u200B of\u2028 Karak", Discs: []DiscCard{{Name: "Iron\u200Bbreakers", DiameterCm: 5.1, Move: 2}}}
	link, err := EncodeArmy(a)
	if err != nil {
		t.Fatal(err)
	}
	back, err := DecodeArmy(link)
	if err != nil {
		t.Fatal(err)
	}
	if back.Name != "Dwarfs of Karak" || back.Discs[0].Name != "Ironbreakers" {
		t.Errorf("names %q and %q", back.Name, back.Discs[0].Name)
	}
}
