package diskwars

import (
	"bytes"
	"compress/flate"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"gnosis/engine/core"
	"gnosis/engine/fragment"
)

// ArmyFragmentKey names an army in a link's fragment: #dw=<payload>.
const ArmyFragmentKey = "dw="

// Bounds of a shared army.
const (
	MaxDiscs      = 60 // discs in one army
	MaxNameLength = 80 // characters in an army's or a disc's name
	maxArmyJSON   = 1 << 16
)

// armyLinkVersion is the format written today: a version byte, the army's JSON deflated, and
// the CRC-32 of both, in base64url.
const armyLinkVersion = 1

// ErrBadArmyLink is the error of a link that does not hold an army this Gnosis can read.
var ErrBadArmyLink = errors.New("not an army link")

// Clean passes the army's name and its discs' names through core.CleanText: no hidden
// characters that reorder or hide text.
func (a *Army) Clean() {
	a.Name = core.CleanText(a.Name)
	for i := range a.Discs {
		a.Discs[i].Name = core.CleanText(a.Discs[i].Name)
	}
}

// CheckArmy says what is wrong with an army, if anything: a name, 1 to MaxDiscs discs, each
// one valid (DiscCard.Validate).
func CheckArmy(a Army) error {
	switch {
	case strings.TrimSpace(a.Name) == "":
		return errors.New("an army needs a name")
	case len([]rune(a.Name)) > MaxNameLength:
		return fmt.Errorf("the army's name is longer than %d characters", MaxNameLength)
	case len(a.Discs) > MaxDiscs:
		return fmt.Errorf("%d discs: an army has at most %d", len(a.Discs), MaxDiscs)
	}
	for _, d := range a.Discs {
		if len([]rune(d.Name)) > MaxNameLength {
			return fmt.Errorf("a disc's name is longer than %d characters", MaxNameLength)
		}
		if err := d.Validate(); err != nil {
			return err
		}
	}
	return nil
}

// EncodeArmy writes an army as a link's payload (base64url, no padding): its discs travel in
// the link itself, there is no server.
func EncodeArmy(a Army) (string, error) {
	if err := CheckArmy(a); err != nil {
		return "", err
	}
	js, err := json.Marshal(a)
	if err != nil {
		return "", err
	}
	var buf bytes.Buffer
	buf.WriteByte(armyLinkVersion)
	w, _ := flate.NewWriter(&buf, flate.BestCompression)
	w.Write(js)
	w.Close()
	return fragment.Seal(buf.Bytes()), nil
}

// ArmyLink is the army's link under base (the app's address): base#dw=<payload>.
func ArmyLink(base string, a Army) (string, error) {
	p, err := EncodeArmy(a)
	if err != nil {
		return "", err
	}
	return fragment.Link(base, ArmyFragmentKey, p), nil
}

// DecodeArmy reads a link (or its fragment, or a bare payload) back into an army. A damaged,
// cut, changed or newer link, or one whose army is not valid (CheckArmy), is an error
// wrapping ErrBadArmyLink that says which; it never panics.
func DecodeArmy(link string) (Army, error) {
	a, err := decodeArmy(fragment.Payload(link, ArmyFragmentKey))
	var re *core.RuleError
	switch {
	case err == nil:
		return a, nil
	case errors.Is(err, fragment.ErrTooLong), errors.As(err, &re):
		return Army{}, fmt.Errorf("%w: %w", ErrBadArmyLink, err)
	}
	return Army{}, core.Fail(ErrBadArmyLink, err, "the link is damaged; ask for it again")
}

func decodeArmy(payload string) (Army, error) {
	var a Army
	if payload == "" {
		return a, core.Fail(ErrBadArmyLink, nil, "the link holds no army")
	}
	raw, err := fragment.Bytes(payload)
	switch {
	case err != nil:
		return a, err
	case len(raw) < 6:
		return a, core.Fail(ErrBadArmyLink, nil, "the link is cut short; copy all of it")
	case raw[0] > armyLinkVersion:
		return a, core.Fail(ErrBadArmyLink, nil, "the link is of format %d, newer than this Gnosis; update Gnosis", int(raw[0]))
	case raw[0] != armyLinkVersion:
		return a, core.Fail(ErrBadArmyLink, nil, "the link is of an unknown format %d", int(raw[0]))
	}
	body, ok := fragment.Open(raw, 4)
	if !ok {
		return a, core.Fail(ErrBadArmyLink, fragment.ErrChanged, "the link is cut short or changed on its way; copy all of it")
	}
	js, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(body[1:])), maxArmyJSON+1))
	if err != nil || len(js) > maxArmyJSON {
		return a, core.Fail(ErrBadArmyLink, nil, "the link's army cannot be read")
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		return Army{}, core.Fail(ErrBadArmyLink, err, "the link's army cannot be read")
	}
	a.Clean()
	if err := CheckArmy(a); err != nil {
		return Army{}, err
	}
	return a, nil
}
