package session

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"gnosis/app/store"
	"gnosis/engine/anima"
	"gnosis/engine/core"
	"gnosis/engine/shelf"
	"gnosis/engine/text"
)

// restoring is a backup being restored, a step per task of the page.
type restoring struct {
	r     *store.Restore
	edits int // partiesEdits when the restore last took the saved parties
	pct   int // how far it has come, in percent, for the home screen

	// The backup's kept games, once the rest is restored: sifted (which of them the shelf lacks,
	// by their logs' IDs, a few a step for core.Budget: each ID is its log's first entry
	// unpacked), then those read (their logs replayed and measured) a paced step at a time
	// (core.Paced), a long game over several steps, then added shelveAtOnce to a change
	// (store.ShelveAll).
	sifting *sifting
	files   []shelf.File
	next    int
	reading *core.Paced[shelf.Kept] // files[next] being read
	kept    []shelf.Kept            // read, not yet on the shelf
	did     store.Shelved           // what the changes so far did
	already int                     // games of the backup the shelf had, or that it held twice
	broken  int                     // files that could not be read
}

// sifting is the backup's kept games being sifted: those the shelf lacks go on to be read.
type sifting struct {
	all    []shelf.File
	next   int
	seen   map[string]bool // the logs' IDs on the shelf, and those of the files kept so far
	lacked []shelf.File
	said   string // what the restore did before, for its word at the end
}

// busy reports whether a restore is under way, at any of its steps.
func (rs *restoring) busy() bool { return rs.r != nil || rs.sifting != nil || rs.files != nil }

// The requests of backups and of the records that could not be read.
type (
	// RestoreFile begins restoring a backup file (store.Restore): one step per RestoreStep,
	// so that a backup of thousands of parties never holds the page (the home screen shows how
	// far it has come, and every tap is answered in between); nothing is written before the
	// whole file is read and checked, and nothing saved is overwritten.
	RestoreFile struct{ Data []byte }
	// RestoreStep runs the next step of the restore (Outcome.Next asks for it).
	RestoreStep struct{}
	// DiscardProblem forgets a record that could not be read, which the player has downloaded.
	DiscardProblem struct{ Problem *store.UnreadableError }
	// DeleteAside forgets a record set aside earlier.
	DeleteAside struct{ Key string }
)

// Restoring reports whether a backup is being restored, and how far it has come in percent.
func (v Settings) Restoring() (bool, int) {
	return v.restore.busy(), v.restore.pct
}

func (r RestoreFile) apply(s *Session) (Outcome, error) {
	if s.restore.busy() {
		s.notice = s.T("A backup is being restored: wait until it ends.")
		return Outcome{}, nil
	}
	rs, err := store.NewRestore(r.Data, s.parties.list, newID)
	if err != nil {
		s.notice = s.T("Nothing restored: ") + s.Settings().ErrText(err)
		return Outcome{}, nil
	}
	s.restore = restoring{r: rs, edits: s.parties.edits}
	s.browser.Mark("data-restoring", "yes")
	return Outcome{Next: RestoreStep{}}, nil
}

func (RestoreStep) apply(s *Session) (Outcome, error) {
	rs := &s.restore
	r := rs.r
	if r == nil && rs.sifting != nil {
		return RestoreStep{}.sift(s)
	}
	if r == nil && rs.files != nil {
		return RestoreStep{}.shelf(s)
	}
	if r == nil {
		return Outcome{Quiet: true}, nil
	}
	if s.parties.edits != rs.edits { // a party was changed meanwhile: merge with it
		r.Rebase(s.parties.list)
		rs.edits = s.parties.edits
	}
	if err := r.Step(); err != nil {
		s.restore = restoring{}
		s.browser.Mark("data-restoring", "")
		s.notice = s.T("Nothing restored: ") + s.Settings().ErrText(err)
		return Outcome{}, nil
	}
	if !r.Done() {
		pct := int(100*r.Progress()) / 5 * 5 // a redraw every 5%
		quiet := pct == rs.pct
		rs.pct = pct
		return Outcome{Next: RestoreStep{}, Quiet: quiet}, nil
	}
	return RestoreStep{}.finish(s, r)
}

// finish merges the backup's own cards, armies and game into those of now (small: a
// step) and writes everything the restore made as one change (store.SaveRestored), so that a
// restore stopped at any point leaves the device as it was or wholly restored. When another
// tab wrote any of it meanwhile, the restore reads the device again and merges once more
// (another step), so that nothing the other tab saved is written over. It says in the
// player's language what it did.
func (RestoreStep) finish(s *Session, r *store.Restore) (Outcome, error) {
	parties, list, bk, rep := r.Result()
	own, game := store.MergeExtras(deepCopy(s.cards.own), s.play.game.g, bk, &rep)
	armies := s.dw.armies
	if len(bk.Armies) > 0 {
		armies, rep.ArmiesAdded = store.MergeArmies(slices.Clone(s.dw.armies), bk.Armies, func() string { return "a" + newID()[1:] })
	}
	var restoredGame *anima.Game
	if !s.play.game.has() && game != nil {
		restoredGame = game
	}
	restoredEvent := s.event.fromBackup(bk.Event) // where this phone runs none
	err := s.store.SaveRestored(list, own, armies, restoredGame, restoredEvent)
	if errors.Is(err, store.ErrConflict) { // another tab wrote meanwhile: read again, merge again
		s.play.game.flush()
		s.load()
		s.parties.edited()
		r.Rebase(s.parties.list)
		s.restore.edits = s.parties.edits
		return Outcome{Next: RestoreStep{}, Quiet: true}, nil
	}
	s.restore = restoring{}
	s.browser.Mark("data-restoring", "")
	if err != nil {
		s.notice = s.T("Nothing restored: ") + s.Settings().ErrText(err)
		return Outcome{}, nil
	}
	// Each part takes its own, as the device now has it.
	s.parties.edited()
	s.parties.replace(parties)
	s.cards.replace(own)
	s.play.game.put(game)
	s.dw.replaceArmies(armies)
	s.event.replace(restoredEvent)
	said := s.T("Restored: ") + s.settings.mergeText(rep)
	if added, over, err := s.event.addNights(bk.Nights, s.now().UnixMilli()); err != nil {
		said += "; " + s.T("the past club nights not restored: ") + s.Settings().ErrText(err)
	} else {
		if added > 0 {
			said += "; " + s.Settings().N(added, "%d past club night added", "%d past club nights added")
		}
		if already := len(bk.Nights) - added - over; already > 0 {
			said += "; " + s.Settings().N(already, "%d past club night already on the phone", "%d past club nights already on the phone")
		}
		if over > 0 {
			said += "; " + fmt.Sprintf(s.T("%d past club nights left out: a phone keeps %d at most"), over, store.MaxNights)
		}
	}
	said += s.restoredExtras(bk, restoredEvent != nil)
	s.say(said + ".")
	if len(bk.LeftOut) > 0 { // what could not be read is said where it stays until read
		var out []string
		for _, err := range bk.LeftOut {
			out = append(out, s.Settings().ErrText(err))
		}
		s.notice = s.T("Left out of the restore, as it cannot be read:") + " " + strings.Join(out, "; ")
	}
	if len(bk.Shelf) == 0 {
		return Outcome{}, nil
	}
	seen := make(map[string]bool, len(s.shelf.games)+len(bk.Shelf))
	for _, g := range s.shelf.games {
		seen[g.ID] = true
	}
	s.restore = restoring{sifting: &sifting{all: bk.Shelf, seen: seen, said: said}}
	s.browser.Mark("data-restoring", "yes")
	return Outcome{Next: RestoreStep{}}, nil
}

// restoredExtras takes a backup's player card where this phone has none, and says what the
// restore did with it and with the backup's club night (restored, or left out for the one in
// progress).
func (s *Session) restoredExtras(bk store.Backup, eventRestored bool) (said string) {
	if added, err := s.season.restore(bk.Season, s.event.nights); err != nil {
		said += "; " + s.T("the season not restored: ") + s.Settings().ErrText(err)
	} else if added > 0 {
		said += "; " + s.Settings().N(added, "%d night added to the season", "%d nights added to the season")
	}
	if s.settings.adoptCard(bk.Settings.Card) {
		said += s.T("; your player card restored")
	}
	if added, err := s.settings.addPlayed(bk.Settings); err != nil {
		said += "; " + s.T("the rounds of your club nights not restored: ") + s.Settings().ErrText(err)
	} else if added > 0 {
		said += "; " + s.Settings().N(added, "%d round of your club nights added", "%d rounds of your club nights added")
	}
	switch {
	case eventRestored:
		said += s.T("; the backup's club night restored")
	case len(bk.Event) > 0:
		said += s.T("; the club night in progress was kept and the backup's left out")
	}
	return said
}

// sift finds, a few a step (core.Budget), those of the backup's kept games the shelf lacks,
// each once, by the ID of its log (shelf.File.LogID: a card's own ID may say anything; a file
// whose log cannot be read is kept, for its reading to say so), and how many it passed over;
// then the shelf's step reads them.
func (RestoreStep) sift(s *Session) (Outcome, error) {
	rs := &s.restore
	sf := rs.sifting
	for began := time.Now(); sf.next < len(sf.all) && time.Since(began) < core.Budget; sf.next++ {
		f := sf.all[sf.next]
		id := f.LogID()
		if id != "" && sf.seen[id] {
			rs.already++
			continue
		}
		if id != "" {
			sf.seen[id] = true
		}
		sf.lacked = append(sf.lacked, f)
	}
	if sf.next < len(sf.all) {
		return Outcome{Next: RestoreStep{}, Quiet: true}, nil
	}
	already := rs.already
	if len(sf.lacked) == 0 {
		s.restore = restoring{}
		s.browser.Mark("data-restoring", "")
		if already > 0 {
			s.say(sf.said + "; " + s.Settings().N(already, "%d game already on the shelf", "%d games already on the shelf") + ".")
		}
		return Outcome{}, nil
	}
	s.restore = restoring{files: sf.lacked, already: already}
	return Outcome{Next: RestoreStep{}}, nil
}

// shelveAtOnce is how many of a backup's kept games one change adds (store.ShelveAll): the
// change writes the shelf's cards whole (717 kB for 2,000 games) and each game's log and luck,
// so 2,000 games in one change held the page 1–2.5 s at 4× CPU; ten changes of 200 each write
// the cards ten times, each change a short task.
const shelveAtOnce = 200

// shelf reads the backup's kept games the shelf lacks, a paced step at a time (a game of a long
// log over several steps; small games several to a step, for core.Budget), and adds them
// shelveAtOnce to a change, in a step of its own: a game the shelf has is never changed, and
// what does not fit under store.MaxShelf is left out and said. A game file that cannot be read
// is left out, and said. A change refused (the storage full, another tab's) ends the restore
// with its reason, after saying what was added (restored again, the backup adds the rest).
func (RestoreStep) shelf(s *Session) (Outcome, error) {
	rs := &s.restore
	if len(rs.kept) >= shelveAtOnce || rs.next == len(rs.files) {
		if err := rs.shelve(s); err != nil {
			added := rs.did.Added
			s.restore = restoring{}
			s.browser.Mark("data-restoring", "")
			if errors.Is(err, store.ErrNotSaved) || errors.Is(err, store.ErrQuota) {
				s.log("restore: the shelf", err)
				return Outcome{}, core.Fail(ErrShelfFull, nil, "The storage is full: %d of the backup's kept games were added to the shelf. Delete games from the shelf or free the device's storage, then restore the backup again: it adds the rest.", added)
			}
			return Outcome{}, s.shelf.refusal(err)
		}
		if rs.next == len(rs.files) {
			return s.restored(), nil
		}
		return Outcome{Next: RestoreStep{}, Quiet: true}, nil
	}
	for began := time.Now(); rs.next < len(rs.files) && len(rs.kept) < shelveAtOnce && time.Since(began) < core.Budget; {
		if rs.reading == nil {
			rs.reading = rs.files[rs.next].Reading()
		}
		if !rs.reading.Step() {
			break
		}
		k, err := rs.reading.Result()
		rs.reading = nil
		rs.next++
		if err != nil {
			rs.broken++
			s.log("restore: a kept game", err)
			continue
		}
		rs.kept = append(rs.kept, k)
	}
	pct := 100 * rs.next / len(rs.files) / 5 * 5
	quiet := pct == rs.pct
	rs.pct = pct
	return Outcome{Next: RestoreStep{}, Quiet: quiet}, nil
}

// shelve adds the kept games read so far to the shelf in one change (store.ShelveAll) and
// counts what it did.
func (rs *restoring) shelve(s *Session) error {
	if len(rs.kept) == 0 {
		return nil
	}
	var did store.Shelved
	if err := s.shelf.change(func(games []shelf.Game) (out []shelf.Game, err error) {
		out, did, err = s.store.ShelveAll(games, rs.kept)
		return out, err
	}); err != nil {
		return err
	}
	rs.kept = nil
	rs.did.Added, rs.did.Already, rs.did.LeftOut = rs.did.Added+did.Added, rs.did.Already+did.Already, rs.did.LeftOut+did.LeftOut
	s.shelf.forgetLucks() // read again when asked
	return nil
}

// restored ends a restore whose kept games are all on the shelf, and says what it did.
func (s *Session) restored() Outcome {
	rs := s.restore
	s.restore = restoring{}
	s.browser.Mark("data-restoring", "")
	said := s.Settings().N(rs.did.Added, "%d game added to the shelf", "%d games added to the shelf")
	if n := rs.already + rs.did.Already; n > 0 {
		said += "; " + s.Settings().N(n, "%d game already on the shelf", "%d games already on the shelf")
	}
	if rs.did.LeftOut > 0 {
		said += "; " + s.Settings().N(rs.did.LeftOut, "%d game left out", "%d games left out") + ": " + fmt.Sprintf(s.T("the shelf holds %d games at most"), store.MaxShelf)
	}
	if rs.broken > 0 {
		said += "; " + s.Settings().N(rs.broken, "%d kept game could not be read", "%d kept games could not be read")
	}
	s.say(said + ".")
	return Outcome{}
}

// mergeText says in the player's language what a backup restore did (store.MergeReport).
func (p *settingsPart) mergeText(r store.MergeReport) string {
	v := Settings{p: p}
	text := fmt.Sprintf(p.T("%s (%d under a new name), %d already saved; %s"),
		v.N(r.PartiesAdded, "%d party added", "%d parties added"), r.PartiesRenamed, r.PartiesSame,
		v.N(r.CardsAdded, "%d own card added", "%d own cards added"))
	if r.ArmiesAdded > 0 {
		text += "; " + v.N(r.ArmiesAdded, "%d Diskwars army added", "%d Diskwars armies added")
	}
	switch {
	case r.GameRestored:
		text += p.T("; the backup's game restored")
	case r.GameKept:
		text += p.T("; the game in progress was kept and the backup's game left out")
	}
	return text
}

// Backup is everything kept in memory, and the shelf read from the device (each kept game as
// its game file), as "Back up everything" writes it (JSON).
func (s *Session) Backup() []byte {
	bk := store.Backup{Version: 1, Kind: store.BackupKind, Parties: s.parties.list, Cards: s.cards.own, Game: s.play.game.g, Settings: s.settings.prefs, Armies: s.dw.armies}
	if s.event.ev != nil {
		bk.Event = s.event.ev.File()
	}
	bk.Nights = s.store.NightFiles()
	bk.Season = s.store.SeasonFiles(s.season.kept)
	shelfFiles, err := s.store.ShelfFiles()
	if err != nil { // what could be read goes in; the console says what could not
		s.log("backup: the shelf", err)
	}
	bk.Shelf = shelfFiles
	b, _ := json.Marshal(bk)
	return b
}

// BackupFile is the Backup that "Back up everything" downloads, refused (core.ErrOutOfRange)
// where it would pass store.MaxBackupBytes, which a restore reads: it says its size and what
// to delete, and nothing is written that could not be read back.
func (s *Session) BackupFile() ([]byte, error) {
	b := s.Backup()
	if len(b) > store.MaxBackupBytes {
		return nil, core.Fail(core.ErrOutOfRange, nil, "The backup would be %s, past the %s a restore reads: delete past club nights or kept games you no longer need, then back up again.", text.Megabytes(float64(len(b))), text.Megabytes(store.MaxBackupBytes))
	}
	return b, nil
}

func (r DiscardProblem) apply(s *Session) (Outcome, error) {
	p := r.Problem
	if err := s.store.Discard(p); err != nil {
		return Outcome{}, err
	}
	for i, q := range s.problems {
		if q == p {
			s.problems = append(s.problems[:i:i], s.problems[i+1:]...)
			break
		}
	}
	s.aside, _ = s.store.Aside()
	if p.Kept && p.Key == store.PartiesKey && len(s.parties.list) > 0 {
		s.parties.save() // what the player did meanwhile is saved now
	}
	return Outcome{}, nil
}

func (r DeleteAside) apply(s *Session) (Outcome, error) {
	err := s.store.DeleteAside(r.Key)
	s.aside, _ = s.store.Aside()
	return Outcome{}, err
}
