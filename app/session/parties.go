package session

import (
	"fmt"
	"reflect"
	"strings"
	"time"

	"gnosis/app/store"
	"gnosis/engine/party"
)

// The requests of the parties.
type (
	// SaveParty keeps File as the party ID's, its time of change now.
	SaveParty struct {
		ID   string
		File party.PartyFile
	}
	// AddParty saves a new, imported or shared party under a free name (FreeName).
	AddParty struct {
		File   party.PartyFile
		Notice string // a catalogue key said once saved, with %s the party's name
		Open   bool   // go on to the builder
	}
	// DeleteParty forgets the party.
	DeleteParty struct{ ID string }
)

func (r SaveParty) apply(s *Session) (Outcome, error) {
	sp := s.Parties().Get(r.ID)
	if sp == nil {
		return Outcome{}, nil
	}
	sp.Party = r.File
	sp.Updated = time.Now().UnixMilli()
	s.saveParties()
	return Outcome{}, nil
}

func (r AddParty) apply(s *Session) (Outcome, error) {
	f := r.File
	f.Name = s.Parties().FreeName(f.Name)
	sp := store.SavedParty{ID: newID(), Party: f}
	s.parties = append(s.parties, sp)
	if s.saveParties() && r.Notice != "" {
		s.say(fmt.Sprintf(s.Settings().T(r.Notice), f.Name))
	}
	if r.Open {
		return s.goTo(ScreenBuilder + sp.ID), nil
	}
	return Outcome{}, nil
}

func (r DeleteParty) apply(s *Session) (Outcome, error) {
	var kept []store.SavedParty
	for _, sp := range s.parties {
		if sp.ID != r.ID {
			kept = append(kept, sp)
		}
	}
	s.parties = kept
	s.saveParties()
	return Outcome{}, nil
}

// FreeName is name, or "name (2)", "name (3)"… when a saved party has it.
func (v Parties) FreeName(name string) string {
	return store.FreeName(name, func(n string) bool {
		for _, sp := range v.s.parties {
			if strings.EqualFold(sp.Party.Name, n) {
				return true
			}
		}
		return false
	})
}

// saveParties writes the parties and says whether they are on the device now. On a failure
// the list in memory is kept (nothing the player did is lost while the tab is open), the
// parties that differ from the saved record are marked unsaved, and the notice stays with a
// backup to download.
func (s *Session) saveParties() bool {
	s.partiesEdits++
	err := s.store.SaveParties(s.parties)
	s.unsavedParties = map[string]bool{}
	if err == nil {
		s.savedParties = snapshot(s.parties)
		return true
	}
	for _, sp := range s.parties {
		if old, ok := s.savedParties[sp.ID]; !ok || !reflect.DeepEqual(old, sp.Party) {
			s.unsavedParties[sp.ID] = true
		}
	}
	s.warn(err)
	return false
}

// snapshot is what the parties record holds, by party ID.
func snapshot(ps []store.SavedParty) map[string]party.PartyFile {
	m := make(map[string]party.PartyFile, len(ps))
	for _, sp := range ps {
		m[sp.ID] = sp.Party
	}
	return m
}
