package session

import (
	"strings"
	"testing"

	"gnosis/app/store"
	"gnosis/engine/anima"
	"gnosis/engine/diskwars"
	"gnosis/engine/party"
	"gnosis/engine/roster"
	"gnosis/engine/roster/unpack"
	"gnosis/engine/share"
)

// englishWords are words that a Spanish or Italian text does not hold: one of them left in a
// translated error is English that reached the player.
var englishWords = []string{"the", "is", "cannot", "want", "must", "update", "not", "be", "read", "has", "needs", "card", "party", "army"}

// TestErrorsInEveryLanguage walks the error paths a player can reach from the screens and
// their requests: a backup that cannot be restored, a party file or a card pack that cannot be
// imported, a party or army link that cannot be read, an own card that cannot be played, a
// command the rules refuse, a write the device refuses. Each says itself in English, Spanish
// and Italian (Session.ErrText), with no English left in the other two.
func TestErrorsInEveryLanguage(t *testing.T) {
	cat := func() *Session { s, _, _ := open(t, nil, "en"); return s }()
	nero, _ := cat.Cards().Catalog().Character("Nero")
	link, err := share.Link("http://x/", partyFile("Vanguard", "Nero"), cat.Cards().Catalog())
	if err != nil {
		t.Fatal(err)
	}
	payload := share.Payload(link)
	army := diskwars.Army{Name: "Empire", Discs: []diskwars.DiscCard{{Name: "Knights", DiameterCm: 6.25, Move: 2}}}
	armyLink, err := diskwars.ArmyLink("http://x/", army)
	if err != nil {
		t.Fatal(err)
	}
	armyPayload := strings.TrimPrefix(armyLink[strings.Index(armyLink, "#"):], "#"+diskwars.ArmyFragmentKey)
	flip := func(p string) string { // a character of the payload changed on its way
		b := []byte(p)
		b[len(b)/2] ^= 1
		if b[len(b)/2] == '-' || b[len(b)/2] == '_' {
			b[len(b)/2] = 'A'
		}
		return string(b)
	}
	var errs []error
	add := func(what string, err error) {
		t.Helper()
		if err == nil {
			t.Errorf("%s: no error", what)
			return
		}
		errs = append(errs, err)
	}
	_, err = party.ParsePartyFile([]byte("{"))
	add("a party file that is not JSON", err)
	_, err = party.ParsePartyFile([]byte(`{"version":9,"name":"X","edition":"core","level":250}`))
	add("a party file of a later version", err)
	_, err = party.ResolveParty(party.PartyFile{Version: 1, Edition: anima.Core, Level: 250, Characters: []party.PartyEntry{{Name: "Nobody"}}}, cat.Cards().Catalog())
	add("an unknown character", err)
	_, err = party.ResolveParty(party.PartyFile{Version: 1, Edition: anima.Core, Level: -1}, cat.Cards().Catalog())
	add("an encounter level too high", err)
	_, err = anima.ParseCardPack([]byte(`{"version":1,"kind":"party"}`))
	add("a card pack of another kind", err)
	_, err = anima.ParseCardPack([]byte(`{"version":1,"kind":"gnosis-card-pack","characters":[{"name":"X","level":0}]}`))
	add("a card pack with a card of level 0", err)
	bad := nero
	bad.Recovery = 9
	add("a card that recovers more actions than it has", bad.Validate())
	bad = nero
	bad.Attack = anima.S(9999)
	add("a card with an Attack out of bounds", bad.Validate())
	add("an advantage card of no group", anima.AdvantageCard{Name: "Charm", Group: "Weapon"}.Validate())
	_, err = anima.ParseStat("five")
	add("a stat that is no number", err)
	_, _, err = roster.Read([]byte(`<roster name="x" gameSystemName="Warhammer"></roster>`), cat.Cards().Catalog(), unpack.Unpack)
	add("a roster of another game", err)
	_, _, err = roster.Read([]byte("PK not a zip"), cat.Cards().Catalog(), unpack.Unpack)
	add("a roster in a damaged zip", err)
	_, _, err = roster.Read([]byte(`<roster name="x" gameSystemName="Anima Tactics"><forces><force name="f"><selections>`+strings.Repeat(`<selection name="Kairos" number="200" type="model"/>`, 2)+`</selections></force></forces></roster>`), cat.Cards().Catalog(), unpack.Unpack)
	add("a roster of too many characters", err)
	for _, l := range []string{"", "p=!!!", "p=" + payload[:4], "p=" + flip(payload)} {
		_, err := share.Decode(l, cat.Cards().Catalog())
		add("the party link "+l, err)
	}
	for _, l := range []string{"", armyPayload[:4], flip(armyPayload)} {
		_, err := diskwars.DecodeArmy(diskwars.ArmyFragmentKey + l)
		add("the army link "+l, err)
	}
	for what, data := range map[string]string{
		"a backup that is not JSON":   "{",
		"a backup of another kind":    `{"kind":"party","version":1}`,
		"a backup of a later version": `{"kind":"gnosis-backup","version":2}`,
	} {
		s, _, _ := open(t, nil, "en")
		var err error
		if _, err = store.NewRestore([]byte(data), nil, newID); err == nil {
			r, _ := store.NewRestore([]byte(data), nil, newID)
			for !r.Done() && err == nil {
				err = r.Step()
			}
		}
		_ = s
		add(what, err)
	}
	if bk, err := store.ParseBackup([]byte(`{"kind":"gnosis-backup","version":1,"parties":[{"id":"p1","party":{"version":9,"name":"X"}}]}`)); err == nil && len(bk.LeftOut) == 1 {
		add("a backup's party of v. 9, left out", bk.LeftOut[0])
	} else {
		add("a backup with a party of v. 9", err)
	}
	g, _, _ := open(t, nil, "en")
	startGame(t, g)
	g.Do(Command{Cmd: anima.EndActivation{Ref: anima.Ref{}}})
	refusal := g.Notice()

	for _, err := range errs {
		say := map[string]string{}
		for _, lang := range []string{"en", "es", "it"} {
			s, _, _ := open(t, nil, lang)
			say[lang] = s.Settings().ErrText(err)
		}
		checkLanguages(t, say)
	}
	for _, lang := range []string{"es", "it"} { // a refusal, and the device's refusals
		s, _, mem := open(t, nil, lang)
		startGame(t, s)
		s.Do(Command{Cmd: anima.EndActivation{Ref: anima.Ref{}}})
		checkLanguages(t, map[string]string{"en": refusal, lang: s.Notice()})
		s.Do(Dismiss{})
		mem.Quota = 1
		s.Do(AddParty{File: partyFile("Vanguard", "Nero")})
		full := s.Notice()
		mem.Quota = 0
		s.Do(Dismiss{})
		en, _, _ := open(t, nil, "en")
		checkLanguages(t, map[string]string{"en": en.Settings().T("Not saved on this device: the browser's storage is full or blocked."), lang: full})
	}
}

// checkLanguages fails when a translation is the English text or holds English words.
func checkLanguages(t *testing.T, say map[string]string) {
	t.Helper()
	en := say["en"]
	if en == "" {
		t.Errorf("no English: %q", say)
	}
	for lang, text := range say {
		if lang == "en" {
			continue
		}
		if text == en {
			t.Errorf("%s is the English text: %q", lang, text)
			continue
		}
		var kept strings.Builder // the text without what it quotes (a file's own words)
		for i, part := range strings.Split(text, `"`) {
			if i%2 == 0 {
				kept.WriteString(part + " ")
			}
		}
		words := strings.FieldsFunc(strings.ToLower(kept.String()), func(r rune) bool { return !('a' <= r && r <= 'z' || r > 127) })
		for _, w := range words {
			for _, e := range englishWords {
				if w == e {
					t.Errorf("%s: English %q left in %q (English: %q)", lang, w, text, en)
				}
			}
		}
	}
}
