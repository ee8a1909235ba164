package fragment

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestLinkAndFrame: a payload goes under the app's address (its own fragment dropped) and
// comes back out of the link, the fragment or itself; a sealed payload opens with its
// checksum, and a changed byte or a 16-bit checksum of other bytes does not.
func TestLinkAndFrame(t *testing.T) {
	link := Link("https://example.org/gnosis/#/party/x", "p=", "AQID")
	if link != "https://example.org/gnosis/#p=AQID" {
		t.Fatalf("link %q", link)
	}
	for _, in := range []string{link, " p=AQID ", "AQID", "#p=AQID"} {
		if got := Payload(in, "p="); got != "AQID" {
			t.Errorf("Payload(%q) = %q", in, got)
		}
	}
	raw, err := Bytes(Seal([]byte{3, 1, 2}))
	if err != nil {
		t.Fatal(err)
	}
	if body, ok := Open(raw, 4); !ok || string(body) != "\x03\x01\x02" {
		t.Fatalf("sealed: %v %v", body, ok)
	}
	raw[1] ^= 1
	if _, ok := Open(raw, 4); ok {
		t.Error("a changed byte opens")
	}
	if _, ok := Open([]byte{1, 2, 0, 0}, 2); ok {
		t.Error("a wrong 16-bit checksum opens")
	}
	if _, err := Bytes("not base64!"); err == nil {
		t.Error("a damaged payload decodes")
	}
}

// TestLongLinkRefused (finding 11): a payload past MaxLink is refused by its length before it
// is decoded; the page script cuts a longer fragment to just past MaxLink (web/boot.js).
func TestLongLinkRefused(t *testing.T) {
	if _, err := Bytes(strings.Repeat("A", MaxLink+1)); !errors.Is(err, ErrTooLong) {
		t.Errorf("a payload of %d characters: %v", MaxLink+1, err)
	}
	if _, err := Bytes(strings.Repeat("A", MaxLink)); errors.Is(err, ErrTooLong) {
		t.Errorf("a payload of MaxLink characters: %v", err)
	}
	js, err := os.ReadFile("../../web/boot.js")
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("const maxLink = %d;", MaxLink); !strings.Contains(string(js), want) {
		t.Errorf("web/boot.js does not say %q", want)
	}
}
