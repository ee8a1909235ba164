package session

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"

	"rsc.io/qr"

	"gnosis/app/pair"
	"gnosis/app/store"
	"gnosis/engine/anima"
	"gnosis/engine/catalog"
	"gnosis/engine/diskwars"
	"gnosis/engine/tabletop"
)

// The trust of two phones (issue 41): each test is named after what it protects.

// TestGuestWithoutTheHostsGameSendsNothing: a guest that joined but has not the host's game
// yet is refused its taps (they would be taps on its own game, which the host's replaces), and
// none reaches the host.
func TestGuestWithoutTheHostsGameSendsNothing(t *testing.T) {
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	host, guest := newPhone(t, "en", clock), newPhone(t, "es", clock)
	host.do(StartGame{Setup: twoSides(t)})
	guest.do(StartGame{Setup: twoSides(t)}) // the guest's own game
	host.do(HostTwoPhones{Kind: KindAnima})
	guest.do(JoinTwoPhones{Kind: KindAnima, Game: host.s.Pair().Duo().Game})
	outgoing(guest.s) // the hello is lost: the game has not come
	out := guest.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{}, Delta: -1}})
	if out.Sent || !strings.Contains(guest.s.Notice(), "anfitrión") {
		t.Fatalf("sent %v, notice %q", out.Sent, guest.s.Notice())
	}
	if d := guest.s.Pair().Duo(); d.Waiting != 0 {
		t.Fatalf("%d requests waiting", d.Waiting)
	}
	before := logJSON(t, host.s.Play().Game())
	now = now.Add(3 * time.Second) // the guest's heartbeat: the host answers with the game
	guest.do(LinkTick{})
	pass(t, host, guest)
	if logJSON(t, host.s.Play().Game()) != before || logJSON(t, guest.s.Play().Game()) != before {
		t.Fatal("a tap of the guest's own game reached the host, or the guest has not the host's game")
	}
}

// TestOneLinkRecordPerGame: hosting a Diskwars game after an Anima Tactics one on two phones
// leaves the Anima Tactics game's record without its link, so that a reload brings back the
// Diskwars game's link, and the host takes the guest's messages.
func TestOneLinkRecordPerGame(t *testing.T) {
	host, guest := paired(t)
	startDiskwars(host)
	host.do(HostTwoPhones{Kind: KindDiskwars})
	guest.do(JoinTwoPhones{Kind: KindDiskwars, Game: host.s.Pair().Duo().Game})
	pass(t, host, guest)
	if host.s.store.Link(store.GameKey) != nil || guest.s.store.Link(store.GameKey) != nil {
		t.Fatal("the Anima Tactics game still keeps its link")
	}
	host.start()
	guest.start()
	if d := host.s.Pair().Duo(); d == nil || d.Kind != KindDiskwars {
		t.Fatalf("after a reload the host has %+v", d)
	}
	guest.do(Command{Cmd: diskwars.Activate{Disc: 1}})
	pass(t, host, guest)
	if st := host.s.Diskwars().Game().State(); st.Active != 1 {
		t.Fatalf("the guest's tap after a reload: active %d (notice %q)", st.Active, host.s.Notice())
	}
}

// TestUndoObeysTheSides: with "either phone may act for both" off, the guest's Undo cannot
// take back the host's own tap, nor the host's the guest's; each takes back its own, and a
// command for the whole game is either phone's.
func TestUndoObeysTheSides(t *testing.T) {
	host, guest := paired(t)
	host.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{}, Delta: -1}}) // Nero, the host's side
	pass(t, host, guest)
	before := logJSON(t, host.s.Play().Game())
	guest.do(UndoRedo{Game: KindAnima, Undo: true})
	pass(t, host, guest)
	if logJSON(t, host.s.Play().Game()) != before || guest.s.Notice() != "Light is played on the other phone" {
		t.Fatalf("the guest undid the host's tap (notice %q)", guest.s.Notice())
	}
	guest.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{Side: 1}, Delta: -1}}) // Xavier, the guest's
	pass(t, host, guest)
	if _, err := host.s.Do(UndoRedo{Game: KindAnima, Undo: true}), host.s.Notice(); err != "Dark is played on the other phone" {
		t.Fatalf("the host undid the guest's tap (notice %q)", err)
	}
	guest.do(UndoRedo{Game: KindAnima, Undo: true})
	pass(t, host, guest)
	if logJSON(t, host.s.Play().Game()) != before || logJSON(t, guest.s.Play().Game()) != before {
		t.Fatal("the guest's undo of its own tap")
	}
	guest.do(UndoRedo{Game: KindAnima}) // redo: its own again
	pass(t, host, guest)
	host.do(UndoRedo{Game: KindAnima, Undo: true})
	if logJSON(t, host.s.Play().Game()) == before {
		t.Fatal("the host took back the guest's redone tap")
	}
	host.do(Command{Cmd: anima.AdvancePhase{}}) // the whole game's
	pass(t, host, guest)
	n := host.s.Play().Game().Len()
	guest.do(UndoRedo{Game: KindAnima, Undo: true})
	pass(t, host, guest)
	if host.s.Play().Game().Len() >= n {
		t.Fatal("the guest may not take back a phase")
	}
	host.do(AllowBoth{Both: true})
	host.do(UndoRedo{Game: KindAnima, Undo: true}) // either phone for both: the guest's tap
	if host.s.Notice() == "Dark is played on the other phone" && host.s.Play().Game().Len() >= n {
		t.Fatal("refused with both allowed")
	}
}

// TestSyncCodeOnlyOnceSaved: a phone whose storage refuses the game makes no sync code (the
// code would tell the other phone of what this one may lose), and says so.
func TestSyncCodeOnlyOnceSaved(t *testing.T) {
	host, guest := paired(t)
	guest.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{Side: 1}, Delta: -1}})
	guest.mem.Quota = 1 // full
	guest.do(MakeSyncMessage{})
	if guest.s.Pair().SyncMessage() != nil || !strings.Contains(guest.s.Notice(), "code") {
		t.Fatalf("a code from an unsaved game; notice %q", guest.s.Notice())
	}
	guest.mem.Quota = 0
	guest.do(MakeSyncMessage{})
	if guest.s.Pair().SyncMessage() == nil {
		t.Fatal("no code once saved")
	}
	_ = host
}

// TestWrongSyncCodeSaid: a sync code of another game scanned is said to the player, not taken.
func TestWrongSyncCodeSaid(t *testing.T) {
	host, guest := paired(t)
	other, _ := paired(t)
	other.do(MakeSyncMessage{})
	out := guest.do(LinkReceive{Msg: other.s.Pair().SyncMessage(), Scanned: true})
	if out.Taken || !strings.Contains(guest.s.Notice(), "not of this game") {
		t.Fatalf("taken %v, notice %q", out.Taken, guest.s.Notice())
	}
	host.do(MakeSyncMessage{})
	if out := guest.do(LinkReceive{Msg: host.s.Pair().SyncMessage(), Scanned: true}); !out.Taken {
		t.Fatalf("the host's own code: notice %q", guest.s.Notice())
	}
}

// TestSyncCodeWithinVersion20: however many taps wait, a sync code is a QR code of version 20
// or less: 200 waiting taps of the guest, and the host's steps of a long phase, go over several
// codes.
func TestSyncCodeWithinVersion20(t *testing.T) {
	host, guest := paired(t)
	outgoing(host.s)
	for range 200 {
		guest.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{Side: 1}, Delta: -1}})
		guest.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{Side: 1}, Delta: 1}})
	}
	outgoing(guest.s)
	for range 12 {
		host.do(Command{Cmd: anima.AdvanceToAction{}})
		host.do(Command{Cmd: anima.SetState{Ref: anima.Ref{Side: 0, Index: 1}, State: anima.Doom, Level: 3}})
	}
	outgoing(host.s)
	for _, p := range []*phone{guest, host} {
		p.do(MakeSyncMessage{})
		code := pair.SyncCode(p.s.Pair().SyncMessage())
		q, err := qr.Encode(code, qr.M)
		if err != nil {
			t.Fatal(err)
		}
		if v := (q.Size - 17) / 4; v > 20 {
			t.Fatalf("a code of %d characters: QR version %d", len(code), v)
		}
		t.Logf("%d characters: QR version %d", len(code), (q.Size-17)/4)
	}
	if q, _ := qr.Encode("GS1:"+strings.Repeat("A", SyncCodeMax-4), qr.M); (q.Size-17)/4 != 20 {
		t.Fatalf("SyncCodeMax is not what version 20 holds at level M")
	}
}

// TestJoiningKeepsTheGuestsGame: a phone that joins another's game with a game of its own in
// progress keeps it (the host's takes its place), brings it back afterwards, and does not join
// when its device cannot keep it.
func TestJoiningKeepsTheGuestsGame(t *testing.T) {
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	host, guest := newPhone(t, "en", clock), newPhone(t, "en", clock)
	host.do(StartGame{Setup: twoSides(t)})
	guest.do(StartGame{Setup: twoSides(t)})
	guest.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{}, Delta: -3}})
	own := logJSON(t, guest.s.Play().Game())
	host.do(HostTwoPhones{Kind: KindAnima})
	if !guest.s.Pair().WouldKeep(KindAnima) {
		t.Fatal("the screen would not ask first")
	}
	full := *guest.mem
	guest.mem.Quota = 1
	guest.do(JoinTwoPhones{Kind: KindAnima, Game: host.s.Pair().Duo().Game})
	if guest.s.Pair().Duo() != nil || guest.s.Notice() == "" {
		t.Fatalf("joined though its game could not be kept: %q", guest.s.Notice())
	}
	guest.mem.Quota = full.Quota
	guest.do(JoinTwoPhones{Kind: KindAnima, Game: host.s.Pair().Duo().Game})
	pass(t, host, guest)
	if logJSON(t, guest.s.Play().Game()) != logJSON(t, host.s.Play().Game()) || !guest.s.Pair().Parked(KindAnima) {
		t.Fatal("not the host's game, or its own not kept")
	}
	guest.start() // kept on the device
	if !guest.s.Pair().Parked(KindAnima) {
		t.Fatal("the kept game is gone after a reload")
	}
	guest.do(BringBackGame{Kind: KindAnima})
	if logJSON(t, guest.s.Play().Game()) != own || guest.s.Pair().Duo() != nil || guest.s.Pair().Parked(KindAnima) {
		t.Fatal("its own game is not back, or it is still on two phones")
	}
}

// bigBackup is a backup of n parties (and an own card, an army), as "Back up everything"
// writes it.
func bigBackup(t *testing.T, n int) []byte {
	t.Helper()
	var bk store.Backup
	bk.Version, bk.Kind = 1, store.BackupKind
	for i := range n {
		bk.Parties = append(bk.Parties, store.SavedParty{ID: fmt.Sprintf("b%d", i), Party: partyFile(fmt.Sprintf("Backup %d", i), "Nero")})
	}
	bk.Cards.Characters = []anima.Card{{Name: "Own Hero", Level: 20, LP: anima.S(10), Actions: 4, Recovery: 2, Attack: anima.S(4), Damage: anima.S(4), Defense: anima.S(8), Resistance: anima.S(8), Categories: []anima.Category{anima.Fighter}, Faction: anima.Light}}
	bk.Armies = []store.SavedArmy{{ID: "a1", Army: diskwars.Army{Name: "Empire", Discs: []diskwars.DiscCard{{Name: "Knights", DiameterCm: 6.25, Move: 2}}}}}
	b, err := json.Marshal(bk)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// restoreSteps runs a restore's steps until it ends; between steps it calls between (the other
// tab's doings) with the step's number.
func restoreSteps(t *testing.T, s *Session, between func(step int)) {
	t.Helper()
	out := s.Do(RestoreFile{Data: bigBackup(t, 450)})
	for step := 0; out.Next != nil; step++ {
		if step > 1000 {
			t.Fatal("the restore does not end")
		}
		between(step)
		out = s.Do(RestoreStep{})
	}
}

// TestRestoreBesideAnotherTab: a tab restores a backup of 450 parties while another tab adds a
// party; whether the restoring tab hears of it (ReloadFromOtherTab) or only finds it as it writes,
// the other tab's party is kept, and the restore is whole.
func TestRestoreBesideAnotherTab(t *testing.T) {
	for _, heard := range []bool{true, false} {
		a, _, mem := open(t, nil, "en")
		do(t, a, AddParty{File: partyFile("Mine", "Nero")})
		b, _, _ := open(t, mem, "en")
		restoreSteps(t, a, func(step int) {
			if step == 3 {
				do(t, b, AddParty{File: partyFile("Other tab", "Grey")})
				if heard {
					a.Do(ReloadFromOtherTab{})
				}
			}
		})
		again, _, _ := open(t, mem, "en")
		names := map[string]bool{}
		for _, p := range again.Parties().List() {
			names[p.Party.Name] = true
		}
		if !names["Other tab"] || !names["Mine"] || len(again.Parties().List()) != 452 || len(again.Cards().Own().Characters) != 1 || len(again.Diskwars().Armies()) != 1 {
			t.Errorf("heard %v: %d parties (other tab's kept: %v), %d own cards, %d armies; notice %q", heard, len(again.Parties().List()), names["Other tab"],
				len(again.Cards().Own().Characters), len(again.Diskwars().Armies()), a.Notice())
		}
	}
}

// countingMemory counts the commits of its Memory and can refuse them all.
type countingMemory struct {
	*store.Memory
	commits int
	refuse  bool
}

func (m *countingMemory) Commit(c store.Change) error {
	if m.refuse {
		return store.ErrQuota
	}
	m.commits++
	return m.Memory.Commit(c)
}

// TestRestoreIsOneCommit: the restore writes the parties, the own cards and the armies in one
// change: stopped at its last step (the storage refuses it), nothing of it is on the device
// and the records are as they were; else all of it is.
func TestRestoreIsOneCommit(t *testing.T) {
	mem := &countingMemory{Memory: store.NewMemory()}
	s := New(Config{Backend: mem, Where: store.InIndexedDB, Catalog: catalog.Default(), Browser: &fakeBrowser{lang: "en"}, Version: "test"})
	do(t, s, AddParty{File: partyFile("Mine", "Nero")})
	before := maps.Clone(mem.Values)
	out := s.Do(RestoreFile{Data: bigBackup(t, 150)})
	mem.refuse = true // the restore writes only in its last step: the page is killed as it writes
	for out.Next != nil {
		out = s.Do(RestoreStep{})
	}
	if !maps.Equal(mem.Values, before) {
		t.Fatal("a restore that failed as it wrote changed the device")
	}
	mem.refuse, mem.commits = false, 0
	s.Do(Dismiss{})
	out = s.Do(RestoreFile{Data: bigBackup(t, 150)})
	for out.Next != nil {
		out = s.Do(RestoreStep{})
	}
	again, _, _ := open(t, mem.Memory, "en")
	if mem.commits != 1 || len(again.Parties().List()) != 151 || len(again.Cards().Own().Characters) != 1 || len(again.Diskwars().Armies()) != 1 {
		t.Fatalf("%d commits; %d parties, %d own cards, %d armies", mem.commits, len(again.Parties().List()), len(again.Cards().Own().Characters), len(again.Diskwars().Armies()))
	}
}

// TestGuestRejoinsOnAFreshPhone: a guest that joins again on a phone that kept nothing (its
// requests numbered from 1 again) has its taps taken once the host's game comes: none is
// dropped as already answered.
func TestGuestRejoinsOnAFreshPhone(t *testing.T) {
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	host, guest := newPhone(t, "en", clock), newPhone(t, "en", clock)
	host.do(StartGame{Setup: twoSides(t)})
	host.do(HostTwoPhones{Kind: KindAnima})
	guest.do(JoinTwoPhones{Kind: KindAnima, Game: host.s.Pair().Duo().Game})
	pass(t, host, guest)
	for range 5 {
		guest.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{Side: 1}, Delta: -1}})
		pass(t, host, guest)
	}
	now = now.Add(time.Minute)
	fresh := newPhone(t, "en", clock)
	fresh.do(JoinTwoPhones{Kind: KindAnima, Game: host.s.Pair().Duo().Game})
	pass(t, host, fresh)
	before, _ := host.s.Play().Game().State().Character(anima.Ref{Side: 1})
	fresh.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{Side: 1}, Delta: -1}})
	pass(t, host, fresh)
	if after, _ := host.s.Play().Game().State().Character(anima.Ref{Side: 1}); after.LP != before.LP-1 || logJSON(t, fresh.s.Play().Game()) != logJSON(t, host.s.Play().Game()) {
		t.Fatalf("the fresh guest's tap: LP %d, want %d", after.LP, before.LP-1)
	}
}

// BenchmarkHostTapGuestAway is a host's tap (decided, logged for the guest, saved) while the
// guest is away, after 0 and after 1,500 taps it has not acknowledged, beside the same taps on
// one phone: what the link adds stays the same.
func BenchmarkHostTapGuestAway(b *testing.B) {
	for _, phones := range []int{1, 2} {
		for _, before := range []int{0, 1500} {
			b.Run(fmt.Sprintf("%d-phones-after-%d", phones, before), func(b *testing.B) { benchTaps(b, phones, before) })
		}
	}
}

func benchTaps(b *testing.B, phones, before int) {
	t := &testing.T{}
	host, _ := paired(t)
	if phones == 1 {
		host.do(EndTwoPhones{})
	}
	tap := func(i int) {
		host.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{Index: i % 2}, Delta: []int{-1, 1}[i/2%2]}})
		outgoing(host.s)
	}
	for i := range before {
		tap(i)
	}
	i := before
	for b.Loop() {
		tap(i)
		i++
	}
}

// TestChargerMovesOnTheSketch: a charge taken moves the charger on the sketch of the table into
// base contact with its target, along the line from where it stood.
func TestChargerMovesOnTheSketch(t *testing.T) {
	s, _, _ := open(t, nil, "en")
	startGame(t, s)
	nero, xavier := anima.Ref{}, anima.Ref{Side: 1}
	l := s.Play().Layout()
	l.Positions[nero.String()] = [2]float64{60, 100}
	l.Positions[xavier.String()] = [2]float64{60, 80}
	do(t, s, SaveLayout{Layout: l, Save: true})
	st := s.Play().Game().State()
	first := anima.Ref{Side: st.Flow.First}
	do(t, s, Command{Cmd: anima.AdvanceToAction{}})
	charger, target := first, anima.Ref{Side: 1 - first.Side}
	do(t, s, Command{Cmd: anima.BeginActivation{Ref: charger}})
	do(t, s, Command{Cmd: anima.Charge{Attacker: charger, Target: target, Distance: 15}, Dice: []int{2}})
	st = s.Play().Game().State()
	a, _ := st.Character(charger)
	b, _ := st.Character(target)
	p, q := s.Play().Position(charger, 2), s.Play().Position(target, 1)
	if gap := p.Sub(q).Norm() - tabletop.BaseRadiusOf(a) - tabletop.BaseRadiusOf(b); gap > 1e-6 || gap < -1e-6 || p.X != 60 {
		t.Errorf("the charger at %v, its target at %v: gap %v", p, q, gap)
	}
}

// TestBackToTheGameIsBack: the game's history (or sketch) goes back to the game by Back, so
// that ‹ on the game then leads home in one tap, not through the history again; from a
// screen the game was not before, it goes there.
func TestBackToTheGameIsBack(t *testing.T) {
	s, _, _ := open(t, nil, "en")
	arrive := func(out Outcome) {
		if out.Navigate {
			do(t, s, Arrived{Fragment: out.To, Screen: out.To})
		}
	}
	do(t, s, Arrived{Fragment: "", Screen: ""})
	arrive(do(t, s, Navigate{To: ScreenGame}))
	arrive(do(t, s, Navigate{To: "/history"}))
	if out := do(t, s, ReturnTo{To: ScreenGame}); !out.Back {
		t.Fatalf("back to the game from its history: %+v", out)
	}
	do(t, s, Arrived{Fragment: ScreenGame, Screen: ScreenGame})
	if got := s.Navigation().Trail(); !slices.Equal(got, []string{"", ScreenGame}) {
		t.Fatalf("trail %q: ‹ would walk back through the history", got)
	}
	s.nav.trail = []string{"/history"} // opened on the history
	if out := do(t, s, ReturnTo{To: ScreenGame}); !out.Navigate || out.To != ScreenGame {
		t.Errorf("to the game from a history opened first: %+v", out)
	}
}
