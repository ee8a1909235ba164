package season

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"gnosis/engine/event"
	"gnosis/engine/text"
	"gnosis/internal/sourcecheck"
)

// TestEveryErrorIsTranslated: every message a season's refusal says is in text's catalogue.
func TestEveryErrorIsTranslated(t *testing.T) {
	found, missing, err := sourcecheck.Missing(".", map[string]int{"Fail": 2}, text.Has)
	if err != nil || found < 10 || len(missing) > 0 {
		t.Errorf("%d messages found; not in text's catalogue: %q; %v", found, missing, err)
	}
}

// TestPlayerCardLink: issue 73, part 1: a card made once (its key 16 letters of base32 from
// the random given, nothing else) goes out as a link #player=… and its QR code's text, and reads
// back as itself; its name is cleaned and cut; a link damaged, cut, of another kind or too long
// is refused with words.
func TestPlayerCardLink(t *testing.T) {
	c, err := NewCard("  Ana\u0000 García ", bytes.NewReader([]byte("0123456789")))
	if err != nil || c.Name != "Ana García" || !event.ValidCard(c.Key) {
		t.Fatalf("the card: %+v %v", c, err)
	}
	other, _ := NewCard("Ana García", bytes.NewReader([]byte("9876543210")))
	if other.Key == c.Key {
		t.Error("two randoms, one key")
	}
	link := c.Link("https://gnosis.example/#/home")
	if !strings.HasPrefix(link, "https://gnosis.example/#player=") {
		t.Fatalf("the link %s", link)
	}
	for _, text := range []string{link, link[strings.IndexByte(link, '#'):], " " + link + "\n"} {
		if back, err := ReadCard(text); err != nil || back != c {
			t.Errorf("%q read back: %+v %v", text, back, err)
		}
	}
	for name, bad := range map[string]string{
		"cut":          link[:len(link)-3],
		"changed":      strings.Replace(link, "player=e", "player=f", 1),
		"a party link": "https://gnosis.example/#p=AAAA",
		"too long":     link + strings.Repeat("A", MaxCardLink),
		"empty":        "",
	} {
		if _, err := ReadCard(bad); !errors.Is(err, ErrCard) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := NewCard(" \u200b ", bytes.NewReader(make([]byte, 10))); !errors.Is(err, ErrCard) {
		t.Errorf("a card of no name: %v", err)
	}
	long, _ := NewCard(strings.Repeat("é", 500), bytes.NewReader(make([]byte, 10)))
	if len([]rune(long.Name)) != event.MaxName {
		t.Errorf("a long name kept %d characters", len([]rune(long.Name)))
	}
}

// FuzzReadCard: any text as a player card's link: read or refused, never a panic; a card read
// has a name and a card's key, and its link reads back to it.
func FuzzReadCard(f *testing.F) {
	c, _ := NewCard("Ana", bytes.NewReader([]byte("0123456789")))
	f.Add(c.Link("https://gnosis.example/"))
	f.Add("#player=")
	f.Add("not a card")
	f.Fuzz(func(t *testing.T, link string) {
		c, err := ReadCard(link)
		if err != nil {
			return
		}
		if event.Fold(c.Name) == "" || !event.ValidCard(c.Key) {
			t.Fatalf("a card read: %+v", c)
		}
		if back, err := ReadCard(c.Link("https://gnosis.example/")); err != nil || back != c {
			t.Fatalf("read back: %+v %v", back, err)
		}
	})
}

// TestACardUnderALongAddressReads: the longest name the app allows, of characters JSON escapes
// (80 "&"), made into a card under an app's address of 1,000 characters, reads back: the bound
// is on the link's payload, not on the address before it.
func TestACardUnderALongAddressReads(t *testing.T) {
	c, err := NewCard(strings.Repeat("&", event.MaxName), bytes.NewReader([]byte("0123456789")))
	if err != nil {
		t.Fatal(err)
	}
	link := c.Link("https://gnosis.example/" + strings.Repeat("a", 1000) + "/")
	if len(link) > MaxCardText {
		t.Fatalf("a card's link of %d characters, over MaxCardText %d", len(link), MaxCardText)
	}
	if back, err := ReadCard(link); err != nil || back != c {
		t.Errorf("read back: %+v %v", back, err)
	}
}
