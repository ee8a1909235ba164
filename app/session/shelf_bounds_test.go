package session

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"gnosis/app/store"
	"gnosis/engine/anima"
	"gnosis/engine/core"
	"gnosis/engine/shelf"
)

// longFile is a game file of a game of n gestures of taps (LP taken and given back), seed
// making its start its own (its ID).
func longFile(t *testing.T, seed uint64, n int) shelf.File {
	t.Helper()
	su := twoSides(t)
	su.Seed = seed
	g, err := anima.NewGame(su)
	if err != nil {
		t.Fatal(err)
	}
	g.Do(anima.AdvanceToAction{})
	for i := 0; g.Gesture() < n; i++ {
		if err := g.Do(anima.AdjustLP{Ref: anima.Ref{Side: 1}, Delta: []int{-1, 1}[i%2]}); err != nil {
			t.Fatal(err)
		}
	}
	k, err := shelf.KeepAnima(g)
	if err != nil {
		t.Fatal(err)
	}
	return shelf.FileOf(k)
}

// run applies r and every step its outcome asks for (Outcome.Next), as the view does; it
// returns the steps taken and the longest.
func (p *phone) run(r Request) (steps int, longest time.Duration) {
	for r != nil {
		began := time.Now()
		out := p.do(r)
		longest = max(longest, time.Since(began))
		steps++
		r = out.Next
	}
	return steps, longest
}

// restoreAll restores the backup bk whole, a step at a time; the steps and the longest.
func (p *phone) restoreAll(bk []byte) (steps int, longest time.Duration) {
	return p.run(RestoreFile{Data: bk})
}

// TestLongFileInSteps: issue 61: a game file of a long log is read a step at a time (each step
// core.Budget and one entry at most; natively well under a second), and so is its opening and
// its report; the game on the shelf is the file's.
func TestLongFileInSteps(t *testing.T) {
	p, _ := shelfPhone(t, nil)
	f := longFile(t, 1, 6000)
	b, _ := json.Marshal(f)
	began := time.Now()
	if out := p.do(AddGameFile{Data: b}); out.Next == nil || !p.s.Shelf().Reading() {
		t.Fatal("a long game file read in one step, or not said to be read")
	}
	steps, longest := p.run(ShelfStep{})
	took := time.Since(began)
	if p.s.Shelf().Len() != 1 || !strings.Contains(p.s.Toast(), "on the shelf") {
		t.Fatalf("added: %d, %q %q", p.s.Shelf().Len(), p.s.Toast(), p.s.Notice())
	}
	t.Logf("a game of %d entries added in %d steps, the longest %v", len(mustUnpack(t, f.Log)), steps, longest)
	// Paced: a step ends once core.Budget has passed (a fast machine reads it all within one).
	if (took > 3*core.Budget && steps < 2) || longest > time.Second || p.s.Shelf().Reading() {
		t.Errorf("added in %d steps more (%v in all), the longest %v, still reading %v", steps, took, longest, p.s.Shelf().Reading())
	}
	id := p.s.Shelf().List(Query{})[0].ID
	began = time.Now()
	steps, longest = p.run(OpenKept{ID: id})
	took = time.Since(began)
	v, ok := p.s.Shelf().OpenedView(id)
	if !ok || v.Report == nil || len(v.History) < 6000 {
		t.Fatalf("opened: %v, %d lines of history", ok, len(v.History))
	}
	t.Logf("opened in %d steps, the longest %v", steps, longest)
	if (took > 3*core.Budget && steps < 2) || longest > time.Second {
		t.Errorf("opened in %d steps (%v in all), the longest %v", steps, took, longest)
	}
	steps, _ = p.run(AddGameFile{Data: b}) // again: nothing changed, and said
	if p.s.Shelf().Len() != 1 || !strings.Contains(p.s.Toast(), "nothing was changed") {
		t.Errorf("added twice: %d, %q", p.s.Shelf().Len(), p.s.Toast())
	}
}

func mustUnpack(t *testing.T, packed string) [][]byte {
	t.Helper()
	e, err := shelf.Unpack(packed)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// TestRestoreOverwritesNothing: issue 61: a backup whose card of a game names another kept
// game's ID, or holds a kept game with its card changed (players, whose side, when), changes
// nothing kept; its games the shelf lacks are added once however often the backup holds them,
// and the toast counts what was done.
func TestRestoreOverwritesNothing(t *testing.T) {
	p, now := shelfPhone(t, nil)
	p.do(StartGame{Setup: armageddon(t), Players: [2]string{"Ana", "Bruno"}})
	playSome(t, p)
	killXavier(t, p) // won, kept at its end
	*now = now.Add(time.Hour)
	if p.s.Shelf().Len() != 1 {
		t.Fatalf("kept: %d", p.s.Shelf().Len())
	}
	won := p.s.Shelf().List(Query{})[0]
	if won.Result() != shelf.Won {
		t.Fatalf("the game kept is %s", won.Result())
	}
	before, _ := json.Marshal(won)
	var bk store.Backup
	if err := json.Unmarshal(p.s.Backup(), &bk); err != nil || len(bk.Shelf) != 1 {
		t.Fatalf("the backup: %v", err)
	}
	mine := bk.Shelf[0]
	changed := mine
	changed.Game.Mine, changed.Game.Sides[0].Player, changed.Game.ID = 1, "Mallory", "at-0000000000000000"
	other := longFile(t, 7, 40)
	forged := other
	forged.Game.ID = won.ID // names the kept game
	forged.Game.Mine = 1
	bk.Shelf = []shelf.File{changed, forged}
	for range 500 {
		bk.Shelf = append(bk.Shelf, other)
	}
	b, _ := json.Marshal(bk)
	p.restoreAll(b)
	if p.s.Shelf().Len() != 2 {
		t.Fatalf("after the restore: %d games", p.s.Shelf().Len())
	}
	card, _ := p.s.Shelf().Card(won.ID)
	if after, _ := json.Marshal(card); string(after) != string(before) {
		t.Errorf("the kept game changed:\n%s\nwas\n%s", after, before)
	}
	if toast := p.s.Toast(); !strings.Contains(toast, "1 game added to the shelf") || !strings.Contains(toast, "501 games already on the shelf") {
		t.Errorf("said %q", toast)
	}
}

// TestShelfAtItsMost: issue 61: a start refused at the shelf's bound says so (not that the
// storage is full), as often as it is tried; a backup over the bound adds what fits and says
// how many were left out.
func TestShelfAtItsMost(t *testing.T) {
	mem := store.NewMemory()
	seed := longFile(t, 3, 20)
	k, err := seed.Kept()
	if err != nil {
		t.Fatal(err)
	}
	var ks []shelf.Kept
	for i := range store.MaxShelf - 1 {
		c := k
		c.Game.ID = fmt.Sprintf("at-%016x", i)
		ks = append(ks, c)
	}
	if _, _, err := store.New(mem).ShelveAll(nil, ks); err != nil {
		t.Fatal(err)
	}
	p, _ := shelfPhone(t, mem)
	var bk store.Backup
	json.Unmarshal(p.s.Backup(), &bk)
	bk.Shelf = []shelf.File{longFile(t, 4, 20), longFile(t, 5, 20), longFile(t, 6, 20)}
	b, _ := json.Marshal(bk)
	p.restoreAll(b)
	if p.s.Shelf().Len() != store.MaxShelf || !strings.Contains(p.s.Toast(), "1 game added to the shelf") || !strings.Contains(p.s.Toast(), "2 games left out: the shelf holds 2000 games at most") {
		t.Fatalf("a backup over the bound: %d kept, %q %q", p.s.Shelf().Len(), p.s.Toast(), p.s.Notice())
	}
	p.do(StartGame{Setup: armageddon(t)})
	playSome(t, p)
	for range 2 {
		p.s.Do(StartGame{Setup: twoSides(t)})
		if n := p.s.Notice(); !strings.Contains(n, "The shelf holds 2000 games, its most") {
			t.Fatalf("a start at the bound: %q", n)
		}
		p.s.Do(Dismiss{})
	}
}

// TestStartAfterAnotherTab: issue 61: another tab's change of the shelf does not refuse this
// tab's start: the shelf is read again and the game kept.
func TestStartAfterAnotherTab(t *testing.T) {
	mem := store.NewMemory()
	a, _ := shelfPhone(t, mem)
	b, _ := shelfPhone(t, mem)
	a.do(StartGame{Setup: armageddon(t)})
	playSome(t, a)
	b.run(AddGameFile{Data: func() []byte { x, _ := json.Marshal(longFile(t, 8, 30)); return x }()})
	if b.s.Shelf().Len() != 1 {
		t.Fatalf("the other tab: %d kept, %q", b.s.Shelf().Len(), b.s.Notice())
	}
	a.do(StartGame{Setup: twoSides(t)})
	if n := a.s.Notice(); n != "" || a.s.Shelf().Len() != 2 {
		t.Fatalf("after another tab's change: %q, %d kept", n, a.s.Shelf().Len())
	}
}

// TestBackupOfLongGamesInSteps: issue 61: a backup of four long games is restored a step at a
// time, each step natively well under a second, a long game over several steps.
func TestBackupOfLongGamesInSteps(t *testing.T) {
	p, _ := shelfPhone(t, nil)
	var bk store.Backup
	json.Unmarshal(p.s.Backup(), &bk)
	for i := range 4 {
		bk.Shelf = append(bk.Shelf, longFile(t, uint64(20+i), 5000))
	}
	b, _ := json.Marshal(bk)
	steps, longest := p.restoreAll(b)
	t.Logf("four games of 5,000 gestures restored in %d steps, the longest %v", steps, longest)
	if p.s.Shelf().Len() != 4 || steps < 8 || longest > time.Second {
		t.Errorf("restored %d games in %d steps, the longest %v", p.s.Shelf().Len(), steps, longest)
	}
}

// TestKeepNowOnBothPhones: issue 62: "Keep on the shelf now" on either phone of a pair keeps
// the game on both, each from its own side, the other phone told in words; a message lost on
// the way is told again by the next (every message carries the count).
func TestKeepNowOnBothPhones(t *testing.T) {
	now := time.Date(2026, 12, 2, 20, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	host, guest := newPhone(t, "en", clock), newPhone(t, "it", clock)
	host.do(StartGame{Setup: armageddon(t)})
	host.do(HostTwoPhones{Kind: KindAnima})
	guest.do(JoinTwoPhones{Kind: KindAnima, Game: host.s.Pair().Duo().Game})
	pass(t, host, guest)
	host.do(Command{Cmd: anima.AdvanceToAction{}})
	host.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{}, Delta: -1}})
	pass(t, host, guest)
	host.do(KeepGame{Kind: KindAnima})
	outgoing(host.s) // lost on the way
	now = now.Add(2 * time.Second)
	host.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{}, Delta: -1}})
	pass(t, host, guest)
	hs, gs := host.s.Shelf().List(Query{}), guest.s.Shelf().List(Query{})
	if len(hs) != 1 || len(gs) != 1 || hs[0].ID != gs[0].ID || gs[0].Mine != 1 || hs[0].Mine != 0 {
		t.Fatalf("kept on the host: the host's shelf %+v, the guest's %+v (guest: %q %q)", hs, gs, guest.s.Notice(), guest.s.Toast())
	}
	if !strings.Contains(guest.s.Toast(), "Conservata nello scaffale, come sull'altro telefono.") {
		t.Errorf("the guest said %q", guest.s.Toast())
	}
	guest.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{Side: 1}, Delta: -1}})
	pass(t, host, guest)
	gestures := host.s.Play().Game().Gesture()
	guest.do(KeepGame{Kind: KindAnima})
	pass(t, host, guest)
	hs, gs = host.s.Shelf().List(Query{}), guest.s.Shelf().List(Query{})
	if len(hs) != 1 || hs[0].Gestures != gestures || len(gs) != 1 || gs[0].Gestures != gestures {
		t.Fatalf("kept on the guest: the host's shelf %+v, the guest's %+v (%d gestures)", hs, gs, gestures)
	}
	kept := hs[0].Kept
	now = now.Add(time.Minute)
	guest.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{Side: 1}, Delta: 1}})
	pass(t, host, guest) // told once: the next messages keep nothing again
	if hs = host.s.Shelf().List(Query{}); len(hs) != 1 || hs[0].Kept != kept {
		t.Errorf("kept again on the host: %+v", hs)
	}
}

// TestBackupOfManyGamesSiftedInSteps: issue 69: which of a backup's kept games the shelf lacks
// (each log's ID: its first entry unpacked) is read a few a step, not all in the restore's
// last step: 2,000 copies of one game, one added and the rest said to be on the shelf already.
func TestBackupOfManyGamesSiftedInSteps(t *testing.T) {
	p, _ := shelfPhone(t, nil)
	var bk store.Backup
	json.Unmarshal(p.s.Backup(), &bk)
	f := longFile(t, 30, 20)
	for range store.MaxShelf {
		bk.Shelf = append(bk.Shelf, f)
	}
	b, _ := json.Marshal(bk)
	var sifts, longest time.Duration
	steps := 0
	for r := Request(RestoreFile{Data: b}); r != nil; steps++ {
		sifting := p.s.restore.sifting != nil
		began := time.Now()
		out := p.do(r)
		if sifting {
			sifts++
			longest = max(longest, time.Since(began))
		}
		r = out.Next
	}
	t.Logf("2,000 kept games sifted in %d steps, the longest %v", sifts, longest)
	if p.s.Shelf().Len() != 1 || !strings.Contains(p.s.Toast(), "1 game added to the shelf; 1999 games already on the shelf") {
		t.Fatalf("restored %d games: %q %q", p.s.Shelf().Len(), p.s.Toast(), p.s.Notice())
	}
	if sifts < 1 || longest > time.Second {
		t.Errorf("sifted in %d steps, the longest %v", sifts, longest)
	}
	if busy, _ := p.s.Settings().Restoring(); busy {
		t.Error("still restoring after the last step")
	}
}

// TestRestoreShelvesAFewHundredAChange: issue 69, part 4: a backup's kept games go on the
// shelf shelveAtOnce to a change (2,000 in one change held the page 1–2.5 s at 4× CPU); the
// storage full at the second change keeps the first change's games, says how many and what to
// do, and the backup restored again adds the rest, nothing kept twice.
func TestRestoreShelvesAFewHundredAChange(t *testing.T) {
	n := shelveAtOnce*2 + 50
	var files []shelf.File
	for i := range n {
		files = append(files, longFile(t, uint64(1000+i), 6))
	}
	backup := func(p *phone) []byte {
		var bk store.Backup
		json.Unmarshal(p.s.Backup(), &bk)
		bk.Shelf = files
		b, _ := json.Marshal(bk)
		return b
	}
	used := func(m *store.Memory) (sum int) {
		for _, v := range m.Values {
			sum += len(v)
		}
		return sum
	}
	// Room enough: every game, said once at the end.
	whole, _ := shelfPhone(t, nil)
	before := used(whole.mem)
	whole.restoreAll(backup(whole))
	if whole.s.Shelf().Len() != n || !strings.Contains(whole.s.Toast(), fmt.Sprintf("%d games added to the shelf", n)) {
		t.Fatalf("restored: %d kept, %q %q", whole.s.Shelf().Len(), whole.s.Toast(), whole.s.Notice())
	}
	each := (used(whole.mem) - before) / n

	// Room for a change and a half: the first change's games kept, the second refused.
	mem := store.NewMemory()
	p, _ := shelfPhone(t, mem)
	mem.Quota = used(mem) + each*shelveAtOnce*3/2
	p.restoreAll(backup(p))
	if got := p.s.Shelf().Len(); got != shelveAtOnce {
		t.Fatalf("the storage full at the second change: %d kept, %q %q", got, p.s.Toast(), p.s.Notice())
	}
	if nt := p.s.Notice(); !strings.Contains(nt, fmt.Sprintf("The storage is full: %d of the backup's kept games were added", shelveAtOnce)) || !strings.Contains(nt, "restore the backup again") {
		t.Errorf("said %q", nt)
	}
	if on, _ := p.s.Settings().Restoring(); on {
		t.Error("the restore still under way after its refusal")
	}
	p.do(Dismiss{})
	mem.Quota = 0
	p.restoreAll(backup(p))
	if got := p.s.Shelf().Len(); got != n || !strings.Contains(p.s.Toast(), fmt.Sprintf("%d games added to the shelf; %d games already on the shelf", n-shelveAtOnce, shelveAtOnce)) {
		t.Fatalf("restored again: %d kept, %q %q", got, p.s.Toast(), p.s.Notice())
	}
}
