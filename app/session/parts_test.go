package session

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"gnosis/engine/anima"
	"gnosis/engine/diskwars"
	"gnosis/engine/tabletop"
)

// TestEveryPartIsTested: every method of every part of the Session (parts.go) is called by
// the package's tests through its part (s.Parties().List(), …): a method added to a part
// without a test fails here. The calls are read from the tests' syntax trees (a call of the
// method on a call of the part's accessor), not their text: a comment or a string naming a
// method does not count.
func TestEveryPartIsTested(t *testing.T) {
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	called := map[string]bool{} // "Part.Method"
	fset := token.NewFileSet()
	for _, f := range files {
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(file, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			method, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			if inner, ok := method.X.(*ast.CallExpr); ok && len(inner.Args) == 0 {
				if part, ok := inner.Fun.(*ast.SelectorExpr); ok {
					called[part.Sel.Name+"."+method.Sel.Name] = true
				}
			}
			return true
		})
	}
	if len(called) < 50 {
		t.Fatalf("%d calls through a part found in the tests: the test reads nothing", len(called))
	}
	s := &Session{}
	for _, part := range []any{s.Parties(), s.Cards(), s.Settings(), s.Play(), s.Diskwars(), s.Pair(), s.Navigation(), s.Shelf(), s.Event()} {
		typ := reflect.TypeOf(part)
		if typ.NumMethod() == 0 {
			t.Errorf("%s has no method", typ.Name())
		}
		for i := range typ.NumMethod() {
			if name := typ.Name() + "." + typ.Method(i).Name; !called[name] {
				t.Errorf("%s is not tested through its part (no call of .%s().%s() in the tests)", name, typ.Name(), typ.Method(i).Name)
			}
		}
	}
}

// TestPartsAnswers: the answers of the parts no other test asks.
func TestPartsAnswers(t *testing.T) {
	s, _, _ := open(t, nil, "es")
	do(t, s, AddParty{File: partyFile("Vanguard", "Nero")})
	if got := s.Parties().FreeName("vanguard"); got != "vanguard (2)" {
		t.Errorf("a free name beside Vanguard: %q", got)
	}
	if got := s.Parties().FreeName("Rearguard"); got != "Rearguard" {
		t.Errorf("a free name: %q", got)
	}
	if got := s.Settings().N(3, "%d character", "%d characters"); got != "3 personajes" {
		t.Errorf("three characters in Spanish: %q", got)
	}

	startGame(t, s)
	st := s.Play().Game().State()
	card, ok := s.Cards().InGame(st, anima.Ref{Side: 0, Index: 0})
	if ch, _ := st.Character(anima.Ref{Side: 0, Index: 0}); !ok || card.Name != ch.Name {
		t.Errorf("the card in play of %s: %+v, %v", ch.Name, card, ok)
	}
	if _, ok := s.Cards().InGame(st, anima.Ref{Side: 5, Index: 0}); ok {
		t.Error("a card in play for no character")
	}

	// On one phone, this phone plays both sides and no character acts elsewhere.
	if !s.Pair().PlaysHere(KindAnima, 0) || !s.Pair().PlaysHere(KindAnima, 1) {
		t.Error("on one phone a side is played elsewhere")
	}
	if _, ok := s.Pair().ActsElsewhere(st); ok {
		t.Error("on one phone a character acts elsewhere")
	}

	// On two phones, the host plays its own side, and the guest's active character acts there.
	host, _ := paired(t)
	mine := host.s.Pair().Duo().Mine
	if !host.s.Pair().PlaysHere(KindAnima, mine) || host.s.Pair().PlaysHere(KindAnima, 1-mine) {
		t.Errorf("the host plays side %d: here %v, the other side here %v", mine, host.s.Pair().PlaysHere(KindAnima, mine), host.s.Pair().PlaysHere(KindAnima, 1-mine))
	}
	if !host.s.Pair().PlaysHere(KindDiskwars, 1-mine) {
		t.Error("a Diskwars side is played elsewhere while only the Anima Tactics game is on two phones")
	}
	hs := host.s.Play().Game().State() // a copy: the active character set on it for the question
	for _, side := range []int{mine, 1 - mine} {
		hs.Active = &anima.Ref{Side: side, Index: 0}
		r, ok := host.s.Pair().ActsElsewhere(hs)
		if want := side != mine; ok != want || ok && r != *hs.Active {
			t.Errorf("side %d's character acts elsewhere: %v (%+v), want %v", side, ok, r, want)
		}
	}
}

// TestGettersGiveCopies: what a part's getters give is a copy: a screen that changes it
// changes nothing the part owns, and a change through a request is seen at the next read.
func TestGettersGiveCopies(t *testing.T) {
	s, _, _ := open(t, nil, "en")
	do(t, s, AddParty{File: partyFile("Vanguard", "Nero")})
	do(t, s, PutCard{Card: anima.Card{Name: "Mine"}, Index: -1})
	do(t, s, AddArmy{Army: diskwars.Army{Name: "Empire", Discs: []diskwars.DiscCard{{Name: "Knights", DiameterCm: 5}}}})
	do(t, s, SaveLayout{Layout: tabletop.Layout{Positions: map[string][2]float64{"0/0": {1, 2}}}, Save: true})
	opp := partyFile("Rearguard", "Nero")
	do(t, s, ChooseOpponent{Party: &opp})
	id, army := s.Parties().List()[0].ID, s.Diskwars().Armies()[0].ID

	list := s.Parties().List()
	list[0].Party.Name = "Changed"
	list[0].Party.Characters[0].Name = "Changed"
	s.Parties().Get(id).Party.Name = "Changed"
	own := s.Cards().Own()
	own.Characters[0].Name = "Changed"
	s.Diskwars().Armies()[0].Army.Discs[0].Name = "Changed"
	s.Diskwars().Army(army).Army.Name = "Changed"
	s.Play().Layout().Positions["0/0"] = [2]float64{9, 9}
	s.Diskwars().Setup().Places["0/0"] = [2]float64{9, 9}
	s.Settings().Get().Opponent.Name = "Changed"

	if p := s.parties.list[0].Party; p.Name != "Vanguard" || p.Characters[0].Name != "Nero" {
		t.Errorf("the party was changed through a getter: %+v", p)
	}
	if s.cards.own.Characters[0].Name != "Mine" {
		t.Error("an own card was changed through a getter")
	}
	if a := s.dw.armies[0].Army; a.Name != "Empire" || a.Discs[0].Name != "Knights" {
		t.Errorf("the army was changed through a getter: %+v", a)
	}
	if s.play.layout.Positions["0/0"] != [2]float64{1, 2} || len(s.dw.setup.Places) != 0 {
		t.Error("the sketch or the set-up was changed through a getter")
	}
	if s.settings.prefs.Opponent.Name != "Rearguard" {
		t.Error("the opponent was changed through a getter")
	}

	// A request's change is read at once, in a new copy.
	f, _ := s.Parties().File(id)
	f.Name = "Saved"
	do(t, s, SaveParty{ID: id, File: f})
	if s.Parties().List()[0].Party.Name != "Saved" || s.Parties().Get(id).Party.Name != "Saved" {
		t.Error("a saved change is not read")
	}
	a, _ := s.Diskwars().ArmyCopy(army)
	a.Name = "Reikland"
	do(t, s, SaveArmy{ID: army, Army: a})
	if s.Diskwars().Army(army).Army.Name != "Reikland" {
		t.Error("a saved army is not read")
	}
	do(t, s, DeleteOwnCard{Index: 0})
	if len(s.Cards().Own().Characters) != 0 {
		t.Error("a deleted card is read")
	}
}

// TestTwoPhonesOnlyInTheirFiles: the code of a game on two phones is in host.go, guest.go and
// pair.go. No other file of the package imports the link, names the host's or the guest's seat,
// the link or its wire, or asks the pair part more than to load, for the side this phone plays
// (the shelf), to tell the other phone a game was kept, or to leave a game's link as a new one
// starts (alone); the Session makes it with its room and the games' parts.
func TestTwoPhonesOnlyInTheirFiles(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	own := map[string]bool{"host.go": true, "guest.go": true, "pair.go": true}
	forbidden := map[string]bool{"duo": true, "host": true, "guest": true, "linked": true, "wireRequest": true, "wireOp": true}
	asked := map[string]bool{"load": true, "room": true, "games": true, "side": true, "kept": true, "alone": true}
	fset := token.NewFileSet()
	read := 0
	for _, f := range files {
		if own[f] || strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		read++
		for _, imp := range file.Imports {
			if imp.Path.Value == `"gnosis/app/link"` {
				t.Errorf("%s imports the link", f)
			}
		}
		ast.Inspect(file, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.Ident:
				if forbidden[n.Name] {
					t.Errorf("%s: %s names %s", fset.Position(n.Pos()), f, n.Name)
				}
			case *ast.SelectorExpr:
				if inner, ok := n.X.(*ast.SelectorExpr); ok && inner.Sel.Name == "pair" && !asked[n.Sel.Name] {
					t.Errorf("%s: %s asks the pair part for %s", fset.Position(n.Pos()), f, n.Sel.Name)
				}
			}
			return true
		})
	}
	if read < 15 {
		t.Fatalf("%d files read: the test reads nothing", read)
	}
}
