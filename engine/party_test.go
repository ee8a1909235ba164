package engine

import (
	"errors"
	"strings"
	"testing"
)

type mapCatalog map[string]Card

func (m mapCatalog) Character(name string) (Card, bool) {
	c, ok := m[strings.ToLower(name)]
	return c, ok
}

func TestParty(t *testing.T) {
	cat := mapCatalog{"nero": card("Nero", 50, 14, 4, 4), "grey": card("Grey", 40, 16, 5, 3)}
	file := PartyFile{Version: 1, Name: "Church", Edition: Core, Level: 100, Characters: []PartyEntry{{Name: "NERO"}, {Name: "grey"}}}
	t.Run("R-PARTY-1 levels spent and left", func(t *testing.T) {
		p, err := ResolveParty(file, cat)
		if err != nil {
			t.Fatal(err)
		}
		if p.LevelsSpent() != 90 || p.LevelsLeft() != 10 {
			t.Errorf("spent %d left %d", p.LevelsSpent(), p.LevelsLeft())
		}
	})
	t.Run("R-PARTY-3 over budget shows as negative levels left", func(t *testing.T) {
		f := file
		f.Level = 80
		p, _ := ResolveParty(f, cat)
		if p.LevelsLeft() != -10 {
			t.Errorf("left %d", p.LevelsLeft())
		}
	})
	t.Run("R-GNO-1 one Gnosis point per full 100 levels", func(t *testing.T) {
		for level, want := range map[int]int{99: 0, 100: 1, 250: 2, 300: 3, 600: 6} {
			if got := GnosisPoints(level); got != want {
				t.Errorf("%d levels: %d points, want %d", level, got, want)
			}
		}
	})
	for name, tc := range map[string]struct {
		edit func(*PartyFile)
		want error
	}{
		"unknown version": {func(f *PartyFile) { f.Version = 2 }, ErrPartyVersion},
		"unknown edition": {func(f *PartyFile) { f.Edition = "" }, ErrPartyVersion},
		"no level":        {func(f *PartyFile) { f.Level = 0 }, ErrPartyLevel},
		"unknown name":    {func(f *PartyFile) { f.Characters = []PartyEntry{{Name: "Neró"}} }, ErrUnknownCard},
	} {
		t.Run("R-PARTY-1 refuses "+name, func(t *testing.T) {
			f := file
			tc.edit(&f)
			if _, err := ResolveParty(f, cat); !errors.Is(err, tc.want) {
				t.Errorf("got %v, want %v", err, tc.want)
			}
		})
	}
}
