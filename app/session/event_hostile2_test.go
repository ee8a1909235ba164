package session

// Hostile probes of issue 70 (attack-70): the past club nights (EndEvent, NewEvent, OpenNight,
// DeleteNight, UndoDeleteNight, RestoreFile) on an in-memory store, its records written to
// directly where a device would lose or break them.

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"gnosis/app/store"
	"gnosis/engine/anima"
	"gnosis/engine/event"
)

// hostileNight begins a night on s and enters players.
func hostileNight(t *testing.T, s *Session, name string, seed uint64, players ...string) {
	t.Helper()
	s.Do(Dismiss{})
	do(t, s, NewEvent{Setup: setup(name, "2026-12-07", 2, seed)})
	for _, p := range players {
		do(t, s, AddEventPlayer{Name: p})
	}
}

func hostileKeys(mem *store.Memory) []string { return mem.Keys(store.NightPrefix) }

// TestHostileEndTwiceWithTheStorageFull: EndEvent refused twice by a full storage: the night stays
// in progress, said, nothing half-kept; then ended: one night, its file, no event record.
func TestHostileEndTwiceWithTheStorageFull(t *testing.T) {
	s, _, mem := open(t, nil, "en")
	hostileNight(t, s, "Club", 7, "Ana", "Bruno")
	mem.Quota = 1
	for i := range 2 {
		s.Do(EndEvent{})
		if s.Event().Get() == nil || len(s.Event().Nights()) != 0 || len(hostileKeys(mem)) != 0 || s.Notice() == "" {
			t.Fatalf("end %d with the storage full: event %v, nights %d, files %v, said %q", i+1, s.Event().Get() != nil, len(s.Event().Nights()), hostileKeys(mem), s.Notice())
		}
		t.Logf("end %d refused: %q", i+1, s.Notice())
		s.Do(Dismiss{})
	}
	mem.Quota = 0
	do(t, s, EndEvent{})
	if s.Event().Get() != nil || len(s.Event().Nights()) != 1 || len(hostileKeys(mem)) != 1 {
		t.Fatalf("ended: event %v, nights %d, files %v", s.Event().Get() != nil, len(s.Event().Nights()), hostileKeys(mem))
	}
	// Reopened, the device agrees.
	s2, _, _ := open(t, mem, "en")
	if s2.Event().Get() != nil || len(s2.Event().Nights()) != 1 {
		t.Fatalf("after a reload: event %v, nights %d", s2.Event().Get() != nil, len(s2.Event().Nights()))
	}
}

// TestHostileTwoNightsOfOneKey: two different nights of the same name, day and seed (a club that
// opens the same prepared event file each week, or a seed typed again): both ended; are both
// kept?
func TestHostileTwoNightsOfOneKey(t *testing.T) {
	s, _, mem := open(t, nil, "en")
	hostileNight(t, s, "Weekly", 7, "Ana", "Bruno")
	doAll(t, s, PairEventRound{})
	do(t, s, TypeEventResult{Round: 1, Table: 1, Result: event.Result{Outcome: event.FirstWins}})
	file, _ := s.Event().File()
	do(t, s, EndEvent{})
	// The next week: the same prepared file opened again, other results.
	var e event.Event
	json.Unmarshal(file, &e)
	e.Played = nil
	fresh, _ := json.Marshal(e)
	doAll(t, s, OpenEventFile{Data: fresh})
	doAll(t, s, PairEventRound{})
	do(t, s, TypeEventResult{Round: 1, Table: 1, Result: event.Result{Outcome: event.SecondWins}})
	do(t, s, EndEvent{})
	if n := len(s.Event().Nights()); n != 2 {
		t.Errorf("two nights ended, %d kept (files %v): the second replaced the first, which had another winner", n, hostileKeys(mem))
	}
	// The same with NewEvent over a night in progress of the same set-up.
	s3, _, _ := open(t, nil, "en")
	hostileNight(t, s3, "Club", 9, "Ana", "Bruno")
	doAll(t, s3, PairEventRound{})
	do(t, s3, TypeEventResult{Round: 1, Table: 1, Result: event.Result{Outcome: event.FirstWins}})
	hostileNight(t, s3, "Club", 9, "Carla", "Dario") // the first kept first
	do(t, s3, EndEvent{})
	if n := len(s3.Event().Nights()); n != 2 {
		t.Errorf("NewEvent of the same set-up over a night in progress, then ended: %d nights kept (%+v)", n, s3.Event().Nights())
	}
}

// TestHostilePastNightFileCorrupted: a past night whose file is broken JSON, or another night's
// file under its key.
func TestHostilePastNightFileCorrupted(t *testing.T) {
	p, _ := shelfPhone(t, nil)
	s := p.s
	hostileNight(t, s, "First", 7, "Ana", "Bruno")
	do(t, s, EndEvent{})
	hostileNight(t, s, "Second", 8, "Carla", "Dario")
	do(t, s, EndEvent{})
	nights := s.Event().Nights()
	second, first := nights[0].Key, nights[1].Key
	p.mem.Values[store.NightPrefix+first] = `{"kind":"gnosis-event","version":1,` // cut
	p.mem.Values[store.NightPrefix+second] = p.mem.Values[store.NightPrefix+first+"x"]
	// the second's file: the first night's good file is gone; put a third night's file there
	other, _, _ := open(t, nil, "en")
	hostileNight(t, other, "Third", 9, "Elena", "Fede")
	f3, _ := other.Event().File()
	p.mem.Values[store.NightPrefix+second] = string(f3)
	p.start()
	s = p.s
	s.Do(OpenNight{Key: first})
	t.Logf("the broken one: notice %q", s.Notice())
	if s.Notice() == "" {
		t.Error("a broken night's file opened saying nothing")
	}
	s.Do(Dismiss{})
	out := s.Do(OpenNight{Key: second})
	t.Logf("another night's file under this key: outcome %+v notice %q past %v", out, s.Notice(), s.Event().Past(second) != nil)
	if s.Event().Past(second) == nil && s.Notice() == "" {
		t.Errorf("night %q whose record holds another night's file: OpenNight says nothing and its screen has no night (Past nil)", second)
	}
	// The backup of this phone: what of the two nights?
	var bk store.Backup
	json.Unmarshal(s.Backup(), &bk)
	t.Logf("the backup carries %d night files for %d cards", len(bk.Nights), len(s.Event().Nights()))
	fresh, _ := shelfPhone(t, nil)
	fresh.run(RestoreFile{Data: s.Backup()})
	var names []string
	for _, n := range fresh.s.Event().Nights() {
		names = append(names, n.Name)
	}
	t.Logf("restored on a fresh phone: %v; toast %q; notice %q", names, fresh.s.Toast(), fresh.s.Notice())
	if len(names) != 1 || names[0] != "Third" {
		t.Logf("restored nights: %v", names)
	}
}

// TestHostileFiveHundredNights: 500 nights kept, the 501st ended: refused with words, the night
// in progress kept; NewEvent over it refused, the last not removed.
func TestHostileFiveHundredNights(t *testing.T) {
	s, _, mem := open(t, nil, "en")
	for i := range store.MaxNights {
		s.Do(NewEvent{Setup: setup(fmt.Sprintf("Night %d", i), "2026-12-07", 1, uint64(i))})
	}
	if n := len(s.Event().Nights()); n != store.MaxNights-1 {
		t.Fatalf("%d nights", n)
	}
	do(t, s, EndEvent{})
	hostileNight(t, s, "One too many", 100000, "Ana")
	s.Do(EndEvent{})
	t.Logf("the 501st ended: %q; event %v; nights %d", s.Notice(), s.Event().Get() != nil, len(s.Event().Nights()))
	if s.Event().Get() == nil || len(s.Event().Nights()) != store.MaxNights {
		t.Errorf("the 501st night: event %v, nights %d", s.Event().Get() != nil, len(s.Event().Nights()))
	}
	s.Do(Dismiss{})
	s.Do(NewEvent{Setup: setup("Another", "2026-12-07", 1, 100001)})
	t.Logf("a new night over it: %q; event %q", s.Notice(), s.Event().Get().Name)
	if s.Event().Get() == nil || s.Event().Get().Name != "One too many" {
		t.Errorf("NewEvent at 500 nights removed the night in progress")
	}
	// A backup of 500 nights restored on a phone of 500 others: said?
	b := s.Backup()
	t.Logf("the backup: %d bytes", len(b))
	other, _, _ := open(t, nil, "en")
	for i := range store.MaxNights {
		other.Do(NewEvent{Setup: setup(fmt.Sprintf("Other %d", i), "2026-12-07", 1, uint64(1000000+i))})
	}
	other.Do(EndEvent{})
	o := &phone{t: t, s: other}
	o.run(RestoreFile{Data: b})
	t.Logf("restored 500 nights onto 500: toast %q notice %q; nights %d", other.Toast(), other.Notice(), len(other.Event().Nights()))
	if !strings.Contains(other.Toast()+other.Notice(), "night") {
		t.Errorf("a backup of 500 nights onto a phone at its most: nothing said of the nights left out (toast %q, notice %q)", other.Toast(), other.Notice())
	}
	_ = mem
}

// TestHostileBackupWithHostileNights: a backup whose nights are 600, twice one key with other
// contents, one naming the key of a night kept here, and not events at all.
func TestHostileBackupWithHostileNights(t *testing.T) {
	p, _ := shelfPhone(t, nil)
	s := p.s
	hostileNight(t, s, "Mine", 7, "Ana", "Bruno")
	doAll(t, s, PairEventRound{})
	do(t, s, TypeEventResult{Round: 1, Table: 1, Result: event.Result{Outcome: event.FirstWins}})
	mineFile, _ := s.Event().File()
	do(t, s, EndEvent{})
	mineCard := s.Event().Nights()[0]
	// A forged file of the same key (seed, name, day) with another winner.
	var forged event.Event
	json.Unmarshal(mineFile, &forged)
	forged.Played[0].Pairings[0].Result.Outcome = event.SecondWins
	fb, _ := json.Marshal(forged)
	var bk map[string]any
	json.Unmarshal(s.Backup(), &bk)
	nights := []any{json.RawMessage(fb), json.RawMessage(`{"kind":"nonsense"}`), json.RawMessage(`"just a string"`)}
	for i := range 600 {
		e := event.New(fmt.Sprintf("Hostile %d", i), "2026-12-07", uint64(5000+i))
		nights = append(nights, json.RawMessage(e.File()))
	}
	bk["nights"] = nights
	raw, _ := json.Marshal(bk)
	p.run(RestoreFile{Data: raw})
	t.Logf("toast %q; notice %q; nights %d", s.Toast(), s.Notice(), len(s.Event().Nights()))
	if len(s.Event().Nights()) > store.MaxNights {
		t.Errorf("%d nights after the restore", len(s.Event().Nights()))
	}
	var kept *store.Night
	for _, n := range s.Event().Nights() {
		if n.Key == mineCard.Key {
			n := n
			kept = &n
		}
	}
	if kept == nil || kept.Winner != mineCard.Winner {
		t.Errorf("the night kept here was overwritten or lost: %+v, was %+v", kept, mineCard)
	}
	if got := s.Event().Get(); got != nil {
		t.Errorf("a night in progress appeared: %s", got.Name)
	}
	if !strings.Contains(s.Toast()+s.Notice(), "left out") && len(s.Event().Nights()) == store.MaxNights {
		t.Logf("of 602 nights in the backup, %d kept: is anything said of the %d left out? toast %q notice %q", len(s.Event().Nights()), 603-len(s.Event().Nights()), s.Toast(), s.Notice())
	}
}

// TestHostileUndoAfterAnotherTab: tab A deletes a night; tab B ends another; A undoes the delete.
// Both nights must be kept.
func TestHostileUndoAfterAnotherTab(t *testing.T) {
	a, _, mem := open(t, nil, "en")
	hostileNight(t, a, "X", 7, "Ana", "Bruno")
	do(t, a, EndEvent{})
	key := a.Event().Nights()[0].Key
	b, _, _ := open(t, mem, "en")
	hostileNight(t, b, "Y", 8, "Carla", "Dario") // B's night in progress
	do(t, a, DeleteNight{Key: key})
	b.Do(EndEvent{})
	t.Logf("B's end after A's delete: notice %q; B nights %d", b.Notice(), len(b.Event().Nights()))
	if len(b.Event().Nights()) == 0 && b.Event().Get() != nil {
		b.Do(Dismiss{})
		do(t, b, EndEvent{})
	}
	a.Do(UndoDeleteNight{})
	t.Logf("A's undo after B's end: toast %q notice %q; A nights %d", a.Toast(), a.Notice(), len(a.Event().Nights()))
	if a.Event().Deleted() != "" && len(a.Event().Nights()) < 2 {
		a.Do(Dismiss{})
		a.Do(UndoDeleteNight{})
		t.Logf("A's undo again: toast %q notice %q; A nights %d", a.Toast(), a.Notice(), len(a.Event().Nights()))
	}
	c, _, _ := open(t, mem, "en")
	var names []string
	for _, n := range c.Event().Nights() {
		names = append(names, n.Name)
	}
	if len(names) != 2 {
		t.Errorf("after A's delete, B's end and A's undo, the device keeps %v (want X and Y); A's Deleted() %q", names, a.Event().Deleted())
	}
}

// TestHostileUndoAfterARestore: a night deleted, a backup holding it restored (it comes back), then
// the delete undone: one card, not two; and a restore of an older backup does not bring back
// an undo's night twice.
func TestHostileUndoAfterARestore(t *testing.T) {
	p, _ := shelfPhone(t, nil)
	s := p.s
	hostileNight(t, s, "X", 7, "Ana", "Bruno")
	do(t, s, EndEvent{})
	backup := s.Backup()
	key := s.Event().Nights()[0].Key
	do(t, s, DeleteNight{Key: key})
	p.run(RestoreFile{Data: backup})
	t.Logf("restored: %q; nights %d", s.Toast(), len(s.Event().Nights()))
	s.Do(UndoDeleteNight{})
	t.Logf("undo: %q %q; nights %d", s.Toast(), s.Notice(), len(s.Event().Nights()))
	if n := len(s.Event().Nights()); n != 1 {
		t.Errorf("%d nights after delete, restore, undo", n)
	}
	// The card's "ended" after a restore: the restore's time, not the night's.
	fresh, now := shelfPhone(t, nil)
	*now = now.AddDate(1, 0, 0)
	fresh.run(RestoreFile{Data: backup})
	orig := s.Event().Nights()[0].Ended
	if got := fresh.s.Event().Nights(); len(got) == 1 && got[0].Ended != orig {
		t.Logf("a restored night's card says it ended at %d, the night ended at %d (the backup keeps no card: the list's order and 'when it ended' are the restore's)", got[0].Ended, orig)
	}
}

// TestHostileNewEventOnTheEventScreen: NewEvent over a night in progress, from the club night's
// screen: EndEvent's way to the past nights is taken inside NewEvent, whose outcome says no
// navigation.
func TestHostileNewEventOnTheEventScreen(t *testing.T) {
	s, _, _ := open(t, nil, "en")
	hostileNight(t, s, "First", 7, "Ana")
	s.Do(Arrived{Fragment: "/event", Screen: "/event"})
	out := s.Do(NewEvent{Setup: setup("Second", "2026-12-07", 2, 8)})
	t.Logf("outcome %+v; pushed %q; trail %v", out, s.nav.pushed, s.Navigation().Trail())
	if !out.Navigate && s.nav.pushed != "" {
		t.Logf("NewEvent on the event screen: a way to %q is pushed while the outcome navigates nowhere", s.nav.pushed)
	}
}

// TestHostileNamesOnThePhone: names refused with words naming the first.
func TestHostileNamesOnThePhone(t *testing.T) {
	s, _, _ := open(t, nil, "en")
	hostileNight(t, s, "Club", 7, "Ana Lopez")
	for _, n := range []string{"ANA LÓPEZ", " ana lopez ", "Ana\u200bLopez", "Ana  Lopez", "Ana\u00a0Lopez", "Ana Lo\u00adpez"} {
		s.Do(Dismiss{})
		s.Do(AddEventPlayer{Name: n})
		t.Logf("%q: %q", n, s.Notice())
	}
	var names []string
	for _, p := range s.Event().Get().Players {
		names = append(names, fmt.Sprintf("%q", p.Name))
	}
	t.Logf("players: %v", names)
}

// TestHostileConcedeOnTwoPhones: the guest concedes the host's side (refused), its own (taken on
// both phones); the host undoes the guest's concession (refused); the guest undoes it, and
// both play on; the guest concedes twice in a row (two phones both tapping).
func TestHostileConcedeOnTwoPhones(t *testing.T) {
	host, guest := paired(t)
	mine := host.s.Pair().Duo().Mine
	theirs := 1 - mine
	guest.do(Command{Cmd: anima.AdvanceToAction{}})
	pass(t, host, guest)
	guest.s.Do(Dismiss{})
	out := guest.do(Command{Cmd: anima.Concede{Side: mine}})
	pass(t, host, guest)
	if host.s.Play().Game().State().Over() {
		t.Fatalf("the guest conceded the host's side: taken (%+v)", out)
	}
	t.Logf("the guest conceding the host's side: guest notice %q", guest.s.Notice())
	guest.s.Do(Dismiss{})
	guest.do(Command{Cmd: anima.Concede{Side: theirs}})
	guest.do(Command{Cmd: anima.Concede{Side: theirs}}) // tapped again before the answer
	pass(t, host, guest)
	hs, gs := host.s.Play().Game().State(), guest.s.Play().Game().State()
	if !hs.Over() || hs.Winner() != mine || gs.Winner() != mine || gs.End() != anima.EndConceded {
		t.Fatalf("the guest's concession: host over %v winner %d, guest winner %d end %q", hs.Over(), hs.Winner(), gs.Winner(), gs.End())
	}
	host.s.Do(Dismiss{})
	host.do(UndoRedo{Game: KindAnima, Undo: true})
	pass(t, host, guest)
	if !host.s.Play().Game().State().Over() {
		t.Errorf("the host undid the guest's concession")
	}
	t.Logf("the host's undo of the guest's concession: %q", host.s.Notice())
	guest.s.Do(Dismiss{})
	guest.do(UndoRedo{Game: KindAnima, Undo: true})
	pass(t, host, guest)
	if host.s.Play().Game().State().Over() || guest.s.Play().Game().State().Over() {
		t.Errorf("the guest's undo of its concession: host over %v guest over %v (%q)", host.s.Play().Game().State().Over(), guest.s.Play().Game().State().Over(), guest.s.Notice())
	}
	if logJSON(t, host.s.Play().Game()) != logJSON(t, guest.s.Play().Game()) {
		t.Error("the two phones' logs differ")
	}
}

// TestHostileUnfinishedCodeOnThePhone: an unfinished game's code is asked; the same code with its
// "u" cut (forged, or a phone of an earlier version) is counted at once.
func TestHostileUnfinishedCodeOnThePhone(t *testing.T) {
	s, _, _ := open(t, nil, "en")
	hostileNight(t, s, "Club", 7, "Ana", "Bruno", "Carla", "Dario")
	for id := 1; id <= 4; id++ {
		do(t, s, SubmitEventList{ID: id, Link: eventLink(t, "Church "+string(rune('A'+id)))})
	}
	doAll(t, s, PairEventRound{})
	e := s.Event().Get()
	t1, t2 := e.Played[0].Pairings[0], e.Played[0].Pairings[1]
	sums := func(p event.Pairing) [2]string {
		return [2]string{e.Player(p.Players[0]).List.Sum, e.Player(p.Players[1]).List.Sum}
	}
	honest := event.Code{Game: "g1", Parties: sums(t1), Outcome: event.FirstWins, Killed: [2]int{50, 0}, Turns: 1, Unfinished: true, Length: 5, Ahead: "levels"}
	s.Do(TakeResultCode{Text: honest.Text()})
	if a := s.Event().Asking(); a == nil {
		t.Fatalf("an unfinished code not asked: %q", s.Notice())
	}
	t.Logf("asked: %q", s.Event().Asking().Why)
	s.Do(DropEventResult{})
	s.Do(Dismiss{})
	forged := honest
	forged.Unfinished, forged.Game, forged.Parties = false, "g2", sums(t2)
	s.Do(TakeResultCode{Text: forged.Text()})
	if s.Event().Asking() == nil {
		r := s.Event().Get().Played[0].Pairings[1].Result
		t.Errorf("a code of turn 1 of 5, 'ahead on levels', with no end (e empty) and u cut: counted at once without asking (%q): %+v", s.Toast(), r)
	}
}
