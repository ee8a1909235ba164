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
	sp := s.parties.find(r.ID)
	if sp == nil {
		return Outcome{}, nil
	}
	sp.Party = r.File
	sp.Updated = time.Now().UnixMilli()
	s.parties.save()
	return Outcome{}, nil
}

func (r AddParty) apply(s *Session) (Outcome, error) {
	f := r.File
	f.Name = s.Parties().FreeName(f.Name)
	sp := store.SavedParty{ID: newID(), Party: f}
	if s.parties.add(sp) && r.Notice != "" {
		s.say(fmt.Sprintf(s.T(r.Notice), f.Name))
	}
	if r.Open {
		return s.goTo(ScreenBuilder + sp.ID), nil
	}
	return Outcome{}, nil
}

func (r DeleteParty) apply(s *Session) (Outcome, error) {
	s.parties.delete(r.ID)
	return Outcome{}, nil
}

// FreeName is name, or "name (2)", "name (3)"… when a saved party has it.
func (v Parties) FreeName(name string) string {
	return store.FreeName(name, func(n string) bool {
		for _, sp := range v.p.list {
			if strings.EqualFold(sp.Party.Name, n) {
				return true
			}
		}
		return false
	})
}

// save writes the parties and says whether they are on the device now. On a failure
// the list in memory is kept (nothing the player did is lost while the tab is open), the
// parties that differ from the saved record are marked unsaved, and the notice stays with a
// backup to download.
func (p *partiesPart) save() bool {
	p.edits++
	p.changes++
	err := p.store.SaveParties(p.list)
	p.unsaved = map[string]bool{}
	if err == nil {
		p.saved = snapshot(p.list)
		return true
	}
	for _, sp := range p.list {
		if old, ok := p.saved[sp.ID]; !ok || !reflect.DeepEqual(old, sp.Party) {
			p.unsaved[sp.ID] = true
		}
	}
	p.warnLater(err)
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

// load reads the saved parties; note reports what could not be read.
func (p *partiesPart) load(st *store.Store, note func(error)) {
	ps, err := st.Parties()
	note(err)
	p.replace(ps)
}

// replace puts list in place of the saved parties, as they are on the device.
func (p *partiesPart) replace(list []store.SavedParty) {
	p.list, p.saved, p.unsaved = list, snapshot(list), map[string]bool{}
	p.changes++
}

// find is the party with that ID, the part's own, or nil.
func (p *partiesPart) find(id string) *store.SavedParty {
	return byID(p.list, partyID, id)
}

func partyID(sp store.SavedParty) string { return sp.ID }

// List is the saved parties, in the order they were made: a copy (SaveParty changes one).
func (v Parties) List() []store.SavedParty {
	p := v.p
	return p.copy.of(p.list, p.changes)
}

// Get is the saved party with that ID, in the copy List gives, or nil.
func (v Parties) Get(id string) *store.SavedParty {
	return byID(v.List(), partyID, id)
}

// Unsaved reports whether the party's last change is not on the device.
func (v Parties) Unsaved(id string) bool { return v.p.unsaved[id] }

// add keeps sp beside the parties and saves them, and says whether they are on the device.
func (p *partiesPart) add(sp store.SavedParty) bool {
	p.list = append(p.list, sp)
	return p.save()
}

// delete forgets the party id and saves the parties.
func (p *partiesPart) delete(id string) {
	p.list = without(p.list, partyID, id)
	p.save()
}

// edited counts a change of the parties made elsewhere (a restore's, another tab's), so that
// a restore under way merges with what is saved now.
func (p *partiesPart) edited() { p.edits++ }
