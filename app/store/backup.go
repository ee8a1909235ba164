package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"gnosis/engine/anima"
	"gnosis/engine/core"
	"gnosis/engine/diskwars"
	"gnosis/engine/event"
	"gnosis/engine/party"
	"gnosis/engine/season"
	"gnosis/engine/shelf"
	"gnosis/engine/text"
)

// BackupKind marks a backup file.
const BackupKind = "gnosis-backup"

// MaxBackupBytes bounds a backup, made and read: 32 MB, a phone's parties, shelf (store.MaxShelf
// games) and past nights of years. A restore reads it a step at a time (a few parties, 32 kB of
// kept games, one past night a step), so its work per step is bounded whatever its size; a
// backup that would be larger is refused when it is made, with what to delete, never written
// for a restore to refuse.
const MaxBackupBytes = 32 << 20

// Backup is everything Gnosis keeps on the device, as one JSON file:
// {"version":1,"kind":"gnosis-backup","parties":[...],"cards":{...},"game":[...],"settings":{...}}.
type Backup struct {
	Version  int          `json:"version"`
	Kind     string       `json:"kind"`
	Parties  []SavedParty `json:"parties"`
	Cards    OwnCards     `json:"cards"`
	Game     *anima.Game  `json:"game"`
	Settings Prefs        `json:"settings"`
	// Armies are the Diskwars armies (left out of backups made before there were any).
	Armies []SavedArmy `json:"armies,omitempty"`
	// Shelf is the kept games, each as its game file (left out of backups made before there
	// was a shelf); a restore takes in those the shelf lacks, each read as a game file is
	// (shelf.File.Kept: its log replayed).
	Shelf []shelf.File `json:"shelf,omitempty"`
	// Event is the club night this phone runs, as its event file (left out where none is run);
	// a restore takes it in where the phone runs none.
	Event json.RawMessage `json:"event,omitempty"`
	// Nights are the past club nights, each as its event file (left out where none was kept);
	// a restore takes in those the phone lacks (by the event's key), overwriting none.
	Nights []json.RawMessage `json:"nights,omitempty"`
	// Season is the club's season (its set-up, the nights left out, the nights added from
	// files); a restore takes its set-up where the phone has none, and the added nights the
	// phone lacks, overwriting none.
	Season *SeasonBackup `json:"season,omitempty"`
	// LeftOut are the parts of the backup that could not be read (an own card, an army, the
	// club night), each with why: a restore takes in every other part and says these.
	LeftOut []error `json:"-"`
}

// ParseBackup reads a backup file as a Restore reads it (the same reader, to its end): it
// refuses another kind of file, an unknown version, and what its live form refuses
// (checkSavedParty, checkBackup).
func ParseBackup(b []byte) (Backup, error) {
	r, err := NewRestore(b, nil, nil)
	if err != nil {
		return Backup{}, err
	}
	for r.phase == readParties {
		if err := r.read(); err != nil {
			return Backup{}, err
		}
	}
	return r.bk, nil
}

// ErrNotABackup is wrapped by the errors of a file that is not a Gnosis backup, or not one
// this Gnosis reads.
var ErrNotABackup = errors.New("not a Gnosis backup")

// notABackup is a backup that cannot be read: detail is what the JSON decoder said.
func notABackup(detail error) error {
	return core.Fail(ErrNotABackup, detail, "not a Gnosis backup: the file cannot be read")
}

// backupPart is what is wrong with a card or an army in a backup (err, from its validator,
// in the player's language where it can be), said in format after args ("…: %s").
func backupPart(err error, format string, args ...any) error {
	var re *core.RuleError
	if errors.As(err, &re) {
		return &core.RuleError{Err: ErrNotABackup, Msg: text.M(format, append(args, re.Msg)...)}
	}
	return &core.RuleError{Err: ErrNotABackup, Msg: text.M(format, append(args, "")...), Detail: err}
}

// checkBackup checks a backup, its parties read and checked already (checkSavedParty), by the
// validators of what else it holds, as they check it live: the kind and version, own cards,
// armies, the club night; the game was checked as it was read (anima.Replay). Names are
// cleaned. An own card, an army or the club night that cannot be read is left out of it
// (LeftOut says which and why): the rest is restored.
func checkBackup(bk *Backup) error {
	if bk.Kind != BackupKind {
		return core.Fail(ErrNotABackup, nil, "not a Gnosis backup (kind %q): make one with Back up everything", bk.Kind)
	}
	if bk.Version != 1 {
		return core.Fail(ErrNotABackup, nil, "backup version %d: this Gnosis reads version 1; update Gnosis", bk.Version)
	}
	bk.Cards.Characters = keepValid(bk, bk.Cards.Characters, func(c *anima.Card) error { c.Clean(); return c.Validate() },
		func(err error, _ *anima.Card) error {
			return backupPart(err, "the backup's own card cannot be read: %s")
		})
	bk.Cards.Advantages = keepValid(bk, bk.Cards.Advantages, func(c *anima.AdvantageCard) error { c.Clean(); return c.Validate() },
		func(err error, _ *anima.AdvantageCard) error {
			return backupPart(err, "the backup's own card cannot be read: %s")
		})
	bk.Armies = keepValid(bk, bk.Armies, func(a *SavedArmy) error { a.Army.Clean(); return diskwars.CheckArmy(a.Army) },
		func(err error, a *SavedArmy) error {
			return backupPart(err, "the backup's army %q cannot be read: %s", a.Army.Name)
		})
	bk.Nights = lastNights(keepValid(bk, bk.Nights, checkNight, nightLeftOut))
	checkSeason(bk)
	if len(bk.Event) > 0 && string(bk.Event) != "null" {
		e, err := event.ReadFile(bk.Event)
		if err != nil {
			bk.Event = nil
			bk.LeftOut = append(bk.LeftOut, backupPart(err, "the backup's club night cannot be read: %s"))
		} else {
			bk.Event = e.File() // cleaned, as it is kept
		}
	}
	return nil
}

// keepValid is those of xs that check (cleaned by it), in order; each other is left out of
// bk, said by why.
func keepValid[T any](bk *Backup, xs []T, check func(*T) error, why func(error, *T) error) []T {
	out := xs[:0]
	for i := range xs {
		if err := check(&xs[i]); err != nil {
			bk.LeftOut = append(bk.LeftOut, why(err, &xs[i]))
			continue
		}
		out = append(out, xs[i])
	}
	return out
}

// checkSeason reads a backup's season as the phone reads one: a set-up the season refuses
// leaves the season out, an added night that cannot be read is left out alone; the others are
// kept cleaned.
func checkSeason(bk *Backup) {
	se := bk.Season
	if se == nil {
		return
	}
	se.Setup = KeptSeason{Setup: se.Setup}.cleaned().Setup
	if _, err := season.Build(se.Setup, nil); err != nil {
		bk.Season = nil
		bk.LeftOut = append(bk.LeftOut, backupPart(err, "the backup's season cannot be read: %s"))
		return
	}
	se.Out = KeptSeason{Out: se.Out}.cleaned().Out
	se.Added = keepValid(bk, se.Added[:min(len(se.Added), season.MaxFileNights)], checkNight, func(err error, _ *json.RawMessage) error {
		return backupPart(err, "a night of the backup's season cannot be read: %s")
	})
}

// checkNight reads a backup's past night as an event file is read, and keeps it cleaned.
func checkNight(n *json.RawMessage) error {
	e, err := event.ReadFile(*n)
	if err == nil {
		*n = e.File()
	}
	return err
}

// nightLeftOut names a backup's past night that cannot be read.
func nightLeftOut(err error, _ *json.RawMessage) error {
	return backupPart(err, "a past club night of the backup cannot be read: %s")
}

// lastNights are the newest MaxNights of a backup's past nights, the order they are kept in.
func lastNights(nights []json.RawMessage) []json.RawMessage {
	return nights[max(0, len(nights)-MaxNights):]
}

// checkSavedParty checks a backup's party as a party file is checked (party.ParsePartyFile:
// its version) and cleans its names.
func checkSavedParty(sp *SavedParty) error {
	if v := sp.Party.Version; v != party.PartyFileVersion {
		return core.Fail(party.ErrPartyVersion, nil, "the backup's party %q is of version %d; this version of Gnosis reads version %d: update Gnosis", sp.Party.Name, v, party.PartyFileVersion)
	}
	sp.Party.Clean()
	return nil
}

// MergeReport says what an import did; the interface words it in the player's language.
type MergeReport struct {
	PartiesAdded   int  // new parties
	PartiesRenamed int  // of those, kept as a copy because the name was taken
	PartiesSame    int  // identical to a saved party: skipped
	CardsAdded     int  // own cards added (renamed when the name was taken)
	ArmiesAdded    int  // Diskwars armies added (renamed when the name was taken): MergeArmies's count
	GameRestored   bool // the backup's game became the game in progress
	GameKept       bool // a game was in progress, so the backup's game was not restored
}

// Merge adds a backup to what is saved without overwriting anything: a party already saved
// (same content, or the same ID and content under the name an earlier restore gave it) is
// skipped, a different party with a taken name is kept as a copy named "Name (2)", own
// cards likewise, and the backup's game is restored only when no game is in progress.
// Added parties keep their ID unless it is taken; newID makes the others.
func Merge(parties []SavedParty, cards OwnCards, game *anima.Game, bk Backup, newID func() string) ([]SavedParty, OwnCards, *anima.Game, MergeReport) {
	m := newMerger(newID, len(parties)+len(bk.Parties))
	for _, p := range parties {
		m.keep(p)
	}
	for _, in := range bk.Parties {
		m.add(in)
	}
	cards, game = MergeExtras(cards, game, bk, &m.rep)
	return m.out, cards, game, m.rep
}

// MergeExtras merges a backup's own cards (MergeCards) and game into mine, as Merge does, and
// counts them in rep: the backup's game comes in only when none is in progress.
func MergeExtras(cards OwnCards, game *anima.Game, bk Backup, rep *MergeReport) (OwnCards, *anima.Game) {
	var n int
	cards.Characters, rep.CardsAdded = MergeCards(cards.Characters, bk.Cards.Characters, func(c anima.Card) string { return c.Name }, func(c *anima.Card, s string) { c.Name = s })
	cards.Advantages, n = MergeCards(cards.Advantages, bk.Cards.Advantages, func(a anima.AdvantageCard) string { return a.Name }, func(a *anima.AdvantageCard, s string) { a.Name = s })
	rep.CardsAdded += n
	switch {
	case bk.Game == nil:
	case game == nil:
		game, rep.GameRestored = bk.Game, true
	default:
		rep.GameKept = true
	}
	return cards, game
}

// contentKey is a value's content as JSON: equal for equal parties and cards (their JSON
// fields are all of their content), so that a map finds a duplicate.
func contentKey(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%#v", v)
	}
	return string(b)
}

// nameless is a party's content without its name.
func nameless(p party.PartyFile) string {
	p.Name = ""
	return contentKey(p)
}

// FreeName returns name, or "name (2)", "name (3)"… when taken says the name is in use.
func FreeName(name string, taken func(string) bool) string {
	if strings.TrimSpace(name) == "" {
		name = "Imported party"
	}
	out := name
	for i := 2; taken(out); i++ {
		out = fmt.Sprintf("%s (%d)", name, i)
	}
	return out
}

// MergeCards adds the incoming cards to mine: an identical card is skipped, a different card
// with a name already taken is kept as a copy ("Name (imported)"); nothing is overwritten.
// It returns a new slice and how many cards it added.
func MergeCards[T any](mine, incoming []T, name func(T) string, rename func(*T, string)) ([]T, int) {
	out := append([]T(nil), mine...)
	same, names := map[string]bool{}, map[string]bool{}
	for _, m := range out {
		same[contentKey(m)], names[strings.ToLower(name(m))] = true, true
	}
	added := 0
	for _, in := range incoming {
		if same[contentKey(in)] {
			continue
		}
		for names[strings.ToLower(name(in))] {
			rename(&in, name(in)+" (imported)")
		}
		out = append(out, in)
		same[contentKey(in)], names[strings.ToLower(name(in))] = true, true
		added++
	}
	return out, added
}

// Export gathers everything saved into a Backup.
func (s *Store) Export() (Backup, error) {
	bk := Backup{Version: 1, Kind: BackupKind}
	var err error
	if bk.Parties, err = s.Parties(); err != nil {
		return bk, err
	}
	if bk.Cards, err = s.Cards(); err != nil {
		return bk, err
	}
	if bk.Game, _, err = s.Game(); err != nil {
		return bk, err
	}
	if bk.Armies, err = s.Armies(); err != nil {
		return bk, err
	}
	if bk.Shelf, err = s.ShelfFiles(); err != nil {
		return bk, err
	}
	bk.Settings, err = s.Settings()
	return bk, err
}

// MergeArmies adds a backup's Diskwars armies to mine as MergeCards adds cards: an identical
// army is skipped, one with a taken name comes in as "Name (imported)"; an ID already taken
// is replaced by newID's.
func MergeArmies(mine, incoming []SavedArmy, newID func() string) ([]SavedArmy, int) {
	out, added := MergeCards(mine, incoming, func(a SavedArmy) string { return a.Army.Name }, func(a *SavedArmy, n string) { a.Army.Name = n })
	ids := map[string]bool{}
	for i := range out {
		if ids[out[i].ID] || out[i].ID == "" {
			out[i].ID = newID()
		}
		ids[out[i].ID] = true
	}
	return out, added
}
