package session

import (
	"encoding/json"
	"errors"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"gnosis/app/store"
	"gnosis/engine/anima"
	"gnosis/engine/catalog"
	"gnosis/engine/diskwars"
	"gnosis/engine/party"
	"gnosis/engine/tabletop"
	"gnosis/engine/text"
)

// fakeBrowser records what the Session asked of the page.
type fakeBrowser struct {
	lang    string
	set     string
	buzzes  int
	logs    []string
	marks   map[string]string
	journal store.Backend
}

func (b *fakeBrowser) Language() string        { return b.lang }
func (b *fakeBrowser) SetLanguage(lang string) { b.set = lang }
func (b *fakeBrowser) Vibrate(int)             { b.buzzes++ }
func (b *fakeBrowser) Log(level, text string)  { b.logs = append(b.logs, level+": "+text) }
func (b *fakeBrowser) Mark(attr, value string) {
	if b.marks == nil {
		b.marks = map[string]string{}
	}
	b.marks[attr] = value
}

// open is a Session over mem (a new device when nil), in the browser's language lang.
func open(t testing.TB, mem *store.Memory, lang string) (*Session, *fakeBrowser, *store.Memory) {
	t.Helper()
	if mem == nil {
		mem = store.NewMemory()
	}
	b := &fakeBrowser{lang: lang}
	s := New(Config{Backend: mem, Where: store.InIndexedDB, Catalog: catalog.Default(), Browser: b, Version: "test"})
	return s, b, mem
}

// do applies r and fails the test when it leaves a notice.
func do(t testing.TB, s *Session, r Request) Outcome {
	t.Helper()
	out := s.Do(r)
	if n := s.Notice(); n != "" {
		t.Fatalf("%T: notice %q", r, n)
	}
	return out
}

// TestNoBrowserInTheSession: the Session builds without go-app and syscall/js, so that every
// request is tested natively.
func TestNoBrowserInTheSession(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, dep := range strings.Fields(string(out)) {
		if strings.Contains(dep, "go-app") || dep == "syscall/js" {
			t.Errorf("app/session depends on %s", dep)
		}
	}
}

func partyFile(name string, chars ...string) party.PartyFile {
	f := party.PartyFile{Version: 1, Name: name, Edition: anima.Core, Level: 250}
	for _, c := range chars {
		f.Characters = append(f.Characters, party.PartyEntry{Name: c})
	}
	return f
}

func TestParties(t *testing.T) {
	s, _, mem := open(t, nil, "en")
	out := do(t, s, AddParty{File: partyFile("Vanguard", "Nero"), Notice: "Saved %s to your parties.", Open: true})
	if len(s.Parties().List()) != 1 || !out.Navigate || out.To != ScreenBuilder+s.Parties().List()[0].ID {
		t.Fatalf("added: %+v, outcome %+v", s.Parties().List(), out)
	}
	if s.Toast() != "Saved Vanguard to your parties." || out.Toast == 0 {
		t.Errorf("toast %q (%d)", s.Toast(), out.Toast)
	}
	do(t, s, ToastGone{Count: out.Toast - 1})
	if s.Toast() == "" {
		t.Error("an older toast's timer took the newer toast away")
	}
	do(t, s, ToastGone{Count: out.Toast})
	if s.Toast() != "" {
		t.Error("the toast stays")
	}
	do(t, s, AddParty{File: partyFile("vanguard", "Grey")})
	if got := s.Parties().List()[1].Party.Name; got != "vanguard (2)" {
		t.Errorf("a second party of that name is named %q", got)
	}
	id := s.Parties().List()[0].ID
	f, ok := s.Parties().File(id)
	if !ok {
		t.Fatal("no copy of the party")
	}
	f.Characters = append(f.Characters, party.PartyEntry{Name: "Grey"})
	if len(s.Parties().Get(id).Party.Characters) != 1 {
		t.Fatal("the copy shares its characters with the Session")
	}
	do(t, s, SaveParty{ID: id, File: f})
	again, _, _ := open(t, mem, "en")
	if got := len(again.Parties().Get(id).Party.Characters); got != 2 {
		t.Errorf("on the device the party has %d characters, want 2", got)
	}
	if _, err := s.Cards().Resolve(s.Parties().Get(id).Party); err != nil {
		t.Error(err)
	}
	do(t, s, SaveParty{ID: "none", File: f}) // gone: nothing happens
	do(t, s, DeleteParty{ID: id})
	if s.Parties().Get(id) != nil || len(s.Parties().List()) != 1 {
		t.Errorf("deleted, yet %v", s.Parties().List())
	}
}

// TestStorageFullLosesNothing: a write the browser refuses leaves the party on screen, marked
// unsaved, with the notice offering a backup; the device keeps what it had.
func TestStorageFullLosesNothing(t *testing.T) {
	s, b, mem := open(t, nil, "en")
	do(t, s, AddParty{File: partyFile("Vanguard", "Nero")})
	id := s.Parties().List()[0].ID
	mem.Quota = 1
	f, _ := s.Parties().File(id)
	f.Name = "Rearguard"
	s.Do(SaveParty{ID: id, File: f})
	if !strings.Contains(s.Notice(), "Not saved on this device") || !s.OfferBackup() || !s.Parties().Unsaved(id) {
		t.Errorf("notice %q, backup %v, unsaved %v", s.Notice(), s.OfferBackup(), s.Parties().Unsaved(id))
	}
	if s.Parties().Get(id).Party.Name != "Rearguard" {
		t.Error("the change is lost from the screen")
	}
	if len(b.logs) == 0 {
		t.Error("nothing on the console")
	}
	mem.Quota = 0
	again, _, _ := open(t, mem, "en")
	if again.Parties().Get(id).Party.Name != "Vanguard" {
		t.Error("the device lost what it had")
	}
	s.Do(Tell{Text: "ok"}) // a notice stays until dismissed
	if s.Notice() == "" {
		t.Fatal("the storage notice went by itself")
	}
	s.Do(Dismiss{})
	if s.Notice() != "" || s.OfferBackup() {
		t.Error("dismissed, the notice stays")
	}
}

// TestAnotherTabFirst: a change made in another tab first wins; this one reloads and says so.
func TestAnotherTabFirst(t *testing.T) {
	s, _, mem := open(t, nil, "en")
	do(t, s, AddParty{File: partyFile("Vanguard", "Nero")})
	other, _, _ := open(t, mem, "en")
	do(t, other, AddParty{File: partyFile("Other", "Grey")})
	s.Do(AddParty{File: partyFile("Mine", "Grey")})
	if !strings.Contains(s.Notice(), "Another tab changed your data first") || len(s.Parties().List()) != 2 {
		t.Errorf("notice %q, parties %v", s.Notice(), s.Parties().List())
	}
	do(t, other, DeleteParty{ID: other.Parties().List()[0].ID})
	s.Do(Dismiss{})
	do(t, s, ReloadFromOtherTab{})
	if len(s.Parties().List()) != 1 {
		t.Errorf("after the other tab's change: %v", s.Parties().List())
	}
}

func startGame(t testing.TB, s *Session) {
	t.Helper()
	out := do(t, s, StartGame{Setup: twoSides(t)})
	if !out.Navigate || out.To != ScreenGame || !strings.HasPrefix(s.Toast(), "Light ") {
		t.Fatalf("start: %+v, toast %q", out, s.Toast())
	}
	if side, ok := s.ToastSide(); !ok || side != s.Play().Game().State().Flow.First {
		t.Errorf("the first side's toast speaks for side %d (%v), want %d", side, ok, s.Play().Game().State().Flow.First)
	}
}

func TestGame(t *testing.T) {
	s, b, mem := open(t, nil, "en")
	do(t, s, SaveSettings{Settings: store.Prefs{Vibrate: true}})
	startGame(t, s)
	nero := anima.Ref{}
	out := do(t, s, Command{Cmd: anima.AdvanceToAction{}})
	if !out.Taken || !out.SaveSoon || len(out.Game.Events) == 0 || !s.Play().SavePending() {
		t.Fatalf("advance: %+v", out)
	}
	if b.marks["data-game-unsaved"] == "" {
		t.Error("a change waits to be saved and the page is not told (data-game-unsaved)")
	}
	if out := do(t, s, UndoRedo{Game: KindAnima, Undo: true}); out.SaveSoon {
		t.Error("a second save was asked while one is due")
	}
	do(t, s, UndoRedo{Game: KindAnima})
	// A roll of side 1's says what it rolled in side 1's colour; a word of no side has none.
	do(t, s, Command{Cmd: anima.RollDice{Side: 1, N: 2}})
	if side, ok := s.ToastSide(); !ok || side != 1 || s.Toast() == "" {
		t.Errorf("the roll's toast %q speaks for side %d (%v), want 1", s.Toast(), side, ok)
	}
	do(t, s, Tell{Text: "done"})
	if _, ok := s.ToastSide(); ok {
		t.Error("a toast of no side wears a side's colour")
	}
	do(t, s, UndoRedo{Game: KindAnima, Undo: true})
	do(t, s, SaveNow{})
	if s.Play().SavePending() || b.marks["data-game-saved"] == "" || b.buzzes < 3 {
		t.Errorf("saved: pending %v, mark %q, buzzes %d", s.Play().SavePending(), b.marks["data-game-saved"], b.buzzes)
	}
	if v, ok := b.marks["data-game-unsaved"]; ok && v != "" {
		t.Errorf("saved, and the page still hears a change waits (data-game-unsaved %q)", v)
	}
	// A command the engine refuses: its rule in the player's language, nothing changed.
	n := s.Play().Game().Len()
	s.Do(Command{Cmd: anima.EndActivation{Ref: nero}})
	if s.Notice() == "" || s.Play().Game().Len() != n {
		t.Fatalf("a refused command: notice %q, log %d → %d", s.Notice(), n, s.Play().Game().Len())
	}
	s.Do(Dismiss{})
	do(t, s, SaveSettings{Settings: store.Prefs{Language: "es", Vibrate: true}})
	s.Do(Command{Cmd: anima.EndActivation{Ref: nero}})
	if s.Notice() == "" || !strings.Contains(s.Notice(), "R-") {
		t.Errorf("refused in Spanish: %q", s.Notice())
	}
	do(t, s, Dismiss{})
	do(t, s, SaveSettings{Settings: store.Prefs{}})
	if s.Settings().Lang() != "en" || b.set != "en" {
		t.Errorf("the browser's language: %s, set %s", s.Settings().Lang(), b.set)
	}
	// Dice entered at the table: too many are refused.
	s.Do(Command{Cmd: anima.BeginActivation{Ref: nero}, Dice: []int{5}})
	if s.Notice() == "" {
		t.Error("a die for a command that rolls none was taken")
	}
	s.Do(Dismiss{})
	do(t, s, Command{Cmd: anima.BeginActivation{Ref: nero}})
	// The counters' taps: a long press goes as far as the LP go.
	for _, c := range []string{CounterActions, CounterGnosis} {
		if taken, _ := tap(s, nero, c, -1); !taken {
			t.Errorf("a tap on %s refused: %s", c, s.Notice())
		}
	}
	if taken, _ := tap(s, nero, CounterLP, -99); !taken {
		t.Fatal("a long press refused")
	}
	if ch, _ := s.Play().Game().State().Character(nero); ch.LP != 0 {
		t.Errorf("Nero at %d LP after a long press down", ch.LP)
	}
	if taken, _ := tap(s, nero, "nothing", 1); taken {
		t.Error("a tap on no counter taken")
	}
	if taken, _ := tap(s, nero, CounterLP, -1); taken || s.Notice() == "" {
		t.Error("a tap below 0 LP taken, or not refused")
	}
	s.Do(Dismiss{})
	// What waits is kept in the journal when the page goes, and the next start has it.
	j := store.NewMemory()
	s.journal = journaling{to: j} // as Config.Journal sets it
	do(t, s, KeepJournal{})
	if len(j.Values) == 0 {
		t.Fatal("nothing journalled")
	}
	if _, err := store.Replay(j, mem); err != nil {
		t.Fatal(err)
	}
	again, _, _ := open(t, mem, "en")
	if ch, _ := again.Play().Game().State().Character(nero); ch.LP != 0 {
		t.Errorf("after the journal, Nero has %d LP on the device", ch.LP)
	}
	s = again // the journal, replayed, is newer than what s read
	// An opponent from a link, kept in the settings; a new game forgets it.
	opp := partyFile("From a link", "Xavier")
	do(t, s, ChooseOpponent{Party: &opp})
	if s.Settings().Get().Opponent == nil {
		t.Fatal("the opponent is not kept")
	}
	startGame(t, s)
	if s.Settings().Get().Opponent != nil {
		t.Error("the opponent from the link outlives the game it was chosen for")
	}
}

func TestRollForFirst(t *testing.T) {
	s, _, _ := open(t, nil, "en")
	nero, _ := s.Cards().Catalog().Character("Nero")
	out := do(t, s, StartGame{Setup: anima.Setup{First: -1, Sides: [2]anima.SideSetup{
		{Name: "A", EncounterLevel: 250, Characters: []anima.Card{nero}}, {Name: "B", EncounterLevel: 250}}}})
	if !out.Navigate || !strings.Contains(s.Toast(), "acts first") {
		t.Errorf("%+v %q", out, s.Toast())
	}
	s.Do(StartGame{Setup: anima.Setup{}})
	if s.Notice() == "" {
		t.Error("a game with no side started")
	}
}

// TestAnOrderSaysWhatItDid: an Arbiter's order from a button says what it did (R-ARB-1);
// from the combat assistant, which lists it, nothing more.
func TestAnOrderSaysWhatItDid(t *testing.T) {
	s, _, _ := open(t, nil, "en")
	var arbiter anima.Card
	for _, c := range s.Cards().Catalog().All() {
		if c.OrderPoints > 0 {
			arbiter = c
			break
		}
	}
	if arbiter.Name == "" {
		t.Skip("no Arbiter in the catalog")
	}
	nero, _ := s.Cards().Catalog().Character("Nero")
	do(t, s, StartGame{Setup: anima.Setup{Sides: [2]anima.SideSetup{
		{Name: "A", EncounterLevel: 250, Characters: []anima.Card{arbiter}}, {Name: "B", EncounterLevel: 250, Characters: []anima.Card{nero}}}}})
	do(t, s, Command{Cmd: anima.AdvanceToAction{}})
	do(t, s, Command{Cmd: anima.BeginActivation{Ref: anima.Ref{}}})
	do(t, s, ToastGone{Count: 1 << 30})
	ch, _ := s.Play().Game().State().Character(anima.Ref{})
	i := slices.IndexFunc(ch.Orders, func(o anima.Order) bool { return !o.Target })
	if i < 0 {
		t.Skipf("%s has no order without a target", arbiter.Name)
	}
	order := ch.Orders[i].Name
	before := s.Toast()
	out := s.Do(Command{Cmd: anima.GiveOrder{Arbiter: anima.Ref{}, Order: order}})
	if !out.Taken {
		t.Skipf("the order is refused here: %s", s.Notice())
	}
	if s.Toast() == before || !strings.Contains(s.Toast(), order) {
		t.Errorf("toast %q", s.Toast())
	}
	do(t, s, UndoRedo{Game: KindAnima, Undo: true})
	do(t, s, ToastGone{Count: 1 << 30})
	out = do(t, s, Command{Cmd: anima.GiveOrder{Arbiter: anima.Ref{}, Order: order}, Listed: true})
	if !out.Taken || s.Toast() != before {
		t.Errorf("an order the sheet lists: toast %q", s.Toast())
	}
}

func TestNavigation(t *testing.T) {
	s, _, _ := open(t, nil, "en")
	do(t, s, Arrived{Fragment: "", Screen: ""})
	if out := do(t, s, GoBack{}); !out.Navigate || out.To != ScreenHome {
		t.Errorf("back from the first screen: %+v", out)
	}
	do(t, s, Arrived{Fragment: "", Screen: ""})
	out := do(t, s, Navigate{To: ScreenCards})
	do(t, s, Arrived{Fragment: out.To, Screen: out.To})
	if got := s.Navigation().Trail(); !slices.Equal(got, []string{"", ScreenCards}) {
		t.Fatalf("trail %q", got)
	}
	if out := do(t, s, GoBack{}); !out.Back {
		t.Errorf("back: %+v", out)
	}
	do(t, s, Arrived{Fragment: "", Screen: ""})
	if got := s.Navigation().Trail(); !slices.Equal(got, []string{""}) {
		t.Errorf("after Back, trail %q", got)
	}
	do(t, s, Arrived{Fragment: ScreenDW, Screen: ScreenDW}) // typed in: a new trail
	if got := s.Navigation().Trail(); !slices.Equal(got, []string{ScreenDW}) {
		t.Errorf("a screen opened by its address: trail %q", got)
	}
	// A notice read on its screen goes with it; one set on the way is for the next screen.
	s.Do(Notify{Text: "read here"})
	s.Do(Arrived{Fragment: ScreenCards, Screen: ScreenCards})
	if s.Notice() != "" {
		t.Errorf("a notice read on another screen stays: %q", s.Notice())
	}
	s.Do(notifyOnTheWay{Text: "for the next", To: ScreenGame})
	s.Do(Arrived{Fragment: ScreenGame, Screen: ScreenGame})
	if s.Notice() != "for the next" {
		t.Errorf("the notice for the next screen: %q", s.Notice())
	}
	s.Do(Arrived{Fragment: ScreenCards, Screen: ScreenCards})
	if s.Notice() != "" {
		t.Errorf("the notice read on the screen it was for stays on the next: %q", s.Notice())
	}
	do(t, s, Dismiss{})
	for _, r := range []Request{Persistence{State: "granted"}, UpdateReady{Ready: true}} {
		do(t, s, r)
	}
	if s.Settings().Persist() != "granted" || !s.Settings().UpdateReady() {
		t.Error("the page's news are not kept")
	}
	if out := do(t, s, Reload{}); !out.Reload {
		t.Error("no reload")
	}
	if s.Settings().Keepless() || s.Settings().Where() != store.InIndexedDB || s.Version() == 0 {
		t.Error("the device's state")
	}
}

// fails is a request that panics, as a bug would.
type fails struct{}

func (fails) apply(*Session) (Outcome, error) { panic("a bug") }

func TestABugShowsTheFailureScreen(t *testing.T) {
	s, b, mem := open(t, nil, "en")
	do(t, s, AddParty{File: partyFile("Vanguard", "Nero")})
	if out := s.Do(fails{}); out.Navigate {
		t.Error("a bug navigates")
	}
	if s.Failure() != "a bug" || len(b.logs) == 0 || !strings.Contains(b.logs[len(b.logs)-1], "a bug") {
		t.Fatalf("failure %q, logs %q", s.Failure(), b.logs)
	}
	if out := do(t, s, LeaveFailure{}); !out.Navigate || s.Failure() != "" {
		t.Error("the failure screen does not lead home")
	}
	again, _, _ := open(t, mem, "en")
	if len(again.Parties().List()) != 1 {
		t.Error("a bug lost what was saved")
	}
}

func TestOwnCards(t *testing.T) {
	s, _, mem := open(t, nil, "en")
	celia := anima.Card{Name: "Zelda Roth", Level: 45, LP: anima.S(12), Defense: anima.S(9), Actions: 4, Recovery: 3}
	do(t, s, PutCard{Card: celia, Index: -1})
	celia.Level = 50
	do(t, s, PutCard{Card: celia, Index: 0})
	do(t, s, PutAdvantage{Card: anima.AdvantageCard{Name: "Charm", Group: anima.Equipment, Cost: 5}, Index: -1})
	if own := s.Cards().Own(); len(own.Characters) != 1 || own.Characters[0].Level != 50 || len(own.Advantages) != 1 {
		t.Fatalf("own %+v", own)
	}
	if got := s.Cards().Abilities("Zelda Roth"); got != nil {
		t.Errorf("an own card's abilities %v", got)
	}
	if got := s.Cards().Abilities("Nero"); len(got) == 0 {
		t.Error("the catalog's abilities are not read")
	}
	other := celia
	other.Name = "Mira Vale"
	pack := anima.NewCardPack([]anima.Card{other}, nil)
	do(t, s, ImportCards{Pack: pack})
	if own := s.Cards().Own(); len(own.Characters) != 2 || !strings.HasPrefix(s.Toast(), "Imported 1 card") {
		t.Errorf("imported: %v, %q", own.Characters, s.Toast())
	}
	do(t, s, DeleteOwnCard{Index: 1})
	do(t, s, DeleteOwnCard{Advantage: true, Index: 0})
	again, _, _ := open(t, mem, "en")
	if own := again.Cards().Own(); len(own.Characters) != 1 || len(own.Advantages) != 0 {
		t.Errorf("on the device %+v", own)
	}
	out := do(t, s, CorrectCard{Card: celia})
	if !out.Navigate || out.To != ScreenCards {
		t.Errorf("correct: %+v", out)
	}
	if c := s.Cards().ToCorrect(); c == nil || c.Name != "Zelda Roth" {
		t.Fatal("no card to correct")
	}
	// Reading it changes nothing (a copy); going to another screen lets it go.
	s.Cards().ToCorrect().Name = "changed"
	if c := s.Cards().ToCorrect(); c == nil || c.Name != "Zelda Roth" {
		t.Errorf("the card to correct after a read: %+v", c)
	}
	do(t, s, Navigate{To: ""})
	if c := s.Cards().ToCorrect(); c != nil {
		t.Errorf("the card to correct outlives the cards screen: %+v", c)
	}
}

func TestTheSketch(t *testing.T) {
	s, _, mem := open(t, nil, "en")
	startGame(t, s)
	st := s.Play().Game().State()
	nero, grey, xavier := anima.Ref{}, anima.Ref{Index: 1}, anima.Ref{Side: 1}
	if s.Play().NearestEnemies(st, nero) != nil || s.Play().Reach(st, nero, xavier) != nil {
		t.Error("measured with no positions")
	}
	if _, _, ok := s.Play().TableModifiers(st, nero, xavier); ok {
		t.Error("modifiers with no positions")
	}
	l := s.Play().Layout()
	l.Positions[nero.String()] = [2]float64{60, 60}
	l.Positions[xavier.String()] = [2]float64{60, 40}
	l.Terrain = append(l.Terrain, tabletop.Piece{Kind: "wall", Polygon: [][2]float64{{0, 0}, {1, 0}, {1, 1}}})
	do(t, s, SaveLayout{Layout: l, Save: false})
	if got := s.Play().NearestEnemies(st, nero); !slices.Equal(got, []anima.Ref{xavier}) {
		t.Errorf("nearest %v", got)
	}
	if m := s.Play().Reach(st, nero, xavier); m == nil || m.Gap <= 0 {
		t.Errorf("reach %+v", m)
	}
	if _, _, ok := s.Play().TableModifiers(st, nero, xavier); !ok {
		t.Error("no modifiers with both on the sketch")
	}
	if p := s.Play().Position(grey, 2); p != tabletop.DefaultPosition(grey, 2) {
		t.Errorf("Grey, not put on the sketch, stands at %v", p)
	}
	if got := len(s.Play().GeomTable(st).Terrain); got != 1 {
		t.Errorf("%d terrain pieces", got)
	}
	again, _, _ := open(t, mem, "en")
	if len(again.Play().Layout().Positions) != 0 {
		t.Error("a drag not finished is saved")
	}
	do(t, s, SaveLayout{Layout: s.Play().Layout(), Save: true})
	again, _, _ = open(t, mem, "en")
	if len(again.Play().Layout().Positions) != 2 {
		t.Error("the sketch is not saved")
	}
	_ = s.Play().OrderTargets(st, nero, anima.Order{Name: "none"})
}

func TestBackupAndRestore(t *testing.T) {
	s, b, _ := open(t, nil, "en")
	do(t, s, AddParty{File: partyFile("Vanguard", "Nero")})
	do(t, s, AddArmy{Army: diskwars.Army{Name: "Empire", Discs: []diskwars.DiscCard{{Name: "Knights", DiameterCm: 6.25, Move: 2}}}})
	bk := s.Backup()
	var parsed store.Backup
	if err := json.Unmarshal(bk, &parsed); err != nil || len(parsed.Parties) != 1 || len(parsed.Armies) != 1 {
		t.Fatalf("backup %v %+v", err, parsed)
	}
	t2, _, mem2 := open(t, nil, "en")
	do(t, t2, AddParty{File: partyFile("Vanguard", "Grey")})
	out := do(t, t2, RestoreFile{Data: bk})
	if on, _ := t2.Settings().Restoring(); out.Next == nil || !on {
		t.Fatalf("restore: %+v", out)
	}
	blocked := t2.Do(RestoreFile{Data: bk})
	if blocked.Next != nil || t2.Notice() == "" {
		t.Error("a second restore began")
	}
	t2.Do(Dismiss{})
	for steps := 0; out.Next != nil; steps++ {
		if steps > 1000 {
			t.Fatal("the restore does not end")
		}
		out = do(t, t2, RestoreStep{})
	}
	if on, _ := t2.Settings().Restoring(); on || len(t2.Parties().List()) != 2 || len(t2.Diskwars().Armies()) != 1 || !strings.HasPrefix(t2.Toast(), "Restored:") {
		t.Errorf("restored: %v %v %q", t2.Parties().List(), t2.Diskwars().Armies(), t2.Toast())
	}
	again, _, _ := open(t, mem2, "en")
	if len(again.Parties().List()) != 2 {
		t.Error("the restore is not on the device")
	}
	do(t, t2, RestoreStep{}) // none: nothing
	for out := t2.Do(RestoreFile{Data: []byte("{")}); out.Next != nil; {
		out = t2.Do(RestoreStep{})
	}
	if !strings.HasPrefix(t2.Notice(), "Nothing restored") {
		t.Errorf("a broken backup: %q", t2.Notice())
	}
	_ = b
}

// TestUnreadableRecords: a record that cannot be read is set aside and listed; discarded,
// what the player did meanwhile is saved.
func TestUnreadableRecords(t *testing.T) {
	mem := store.NewMemory()
	mem.Values[store.PartiesKey] = "{broken"
	s, _, _ := open(t, mem, "en")
	if len(s.Problems()) != 1 || len(s.Aside()) != 1 {
		t.Fatalf("problems %v, aside %v", s.Problems(), s.Aside())
	}
	do(t, s, AddParty{File: partyFile("New", "Nero")})
	do(t, s, DiscardProblem{Problem: s.Problems()[0]})
	if len(s.Problems()) != 0 {
		t.Error("the problem stays")
	}
	mem.Values[store.AsidePrefix+"x"] = "old"
	s.Do(ReloadFromOtherTab{})
	n := len(s.Aside())
	do(t, s, DeleteAside{Key: store.AsidePrefix + "x"})
	if len(s.Aside()) != n-1 {
		t.Errorf("aside %v", s.Aside())
	}
}

func TestDiskwars(t *testing.T) {
	s, b, mem := open(t, nil, "en")
	army := diskwars.Army{Name: "Empire", Discs: []diskwars.DiscCard{{Name: "Knights", DiameterCm: 6.25, Move: 2}}}
	out := do(t, s, AddArmy{Army: army, Notice: "Saved %s to your armies.", Open: true})
	id := s.Diskwars().Armies()[0].ID
	if !out.Navigate || out.To != ScreenDWArmy+id || s.Toast() != "Saved Empire to your armies." {
		t.Fatalf("%+v %q", out, s.Toast())
	}
	do(t, s, AddArmy{Army: diskwars.Army{Name: "Empire"}})
	if got := s.Diskwars().Armies()[1].Army.Name; got != "Empire (2)" {
		t.Errorf("the second army is named %q", got)
	}
	empty := s.Diskwars().Armies()[1].ID
	do(t, s, Arrived{Fragment: ScreenDWArmy + empty, Screen: ScreenDWArmy})
	do(t, s, Arrived{Fragment: ScreenDW, Screen: ScreenDW})
	if s.Diskwars().Army(empty) != nil {
		t.Error("an army left without a disc is kept")
	}
	a, _ := s.Diskwars().ArmyCopy(id)
	a.Name = "Reikland"
	do(t, s, SaveArmy{ID: id, Army: a})
	if s.Diskwars().Army(id).Army.Name != "Reikland" {
		t.Error("the army is not changed")
	}
	d := s.Diskwars().Setup()
	d.First = 1
	d.Places["0/0"] = [2]float64{10, 10} // a map to write to, even when none is kept
	do(t, s, SaveDWSetup{Draft: d, Save: true})
	if s.Diskwars().Setup().First != 1 {
		t.Error("the set-up is not kept")
	}
	orcs := diskwars.Army{Name: "Orcs", Discs: []diskwars.DiscCard{{Name: "Boyz", DiameterCm: 6.25, Move: 2}}}
	at := func(x, y float64) *[2]float64 { return &[2]float64{x, y} }
	out = do(t, s, DWStart{Setup: diskwars.Setup{Armies: [2]diskwars.Army{a, orcs}, Places: [2][]*[2]float64{{at(20, 20)}, {at(60, 60)}}}})
	if !out.Navigate || out.To != ScreenDWGame || s.Diskwars().Game() == nil || s.Diskwars().Setup().First != 0 {
		t.Fatalf("start: %+v", out)
	}
	st := s.Diskwars().Game().State()
	out = do(t, s, Command{Cmd: diskwars.Pass{Disc: st.Turn * 0}})
	if !out.Taken || out.DW == nil || len(out.DW.Events) == 0 || b.marks["data-dw-saved"] == "" {
		t.Errorf("pass: %+v", out)
	}
	s.Do(Command{Cmd: diskwars.Pass{Disc: 0}})
	if s.Notice() == "" {
		t.Error("a disc passes twice")
	}
	s.Do(Dismiss{})
	do(t, s, UndoRedo{Game: KindDiskwars, Undo: true})
	do(t, s, UndoRedo{Game: KindDiskwars})
	s.Do(Command{Cmd: diskwars.Shoot{Attacker: 1, Target: 0}, Dice: []int{1, 1, 1, 1, 1, 1, 1, 1, 1}})
	if s.Notice() == "" {
		t.Error("dice for a shot that cannot be taken")
	}
	s.Do(Dismiss{})
	again, _, _ := open(t, mem, "en")
	if again.Diskwars().Game() == nil {
		t.Error("the Diskwars game is not on the device")
	}
	do(t, s, DWEndGame{})
	do(t, s, DeleteArmy{ID: id})
	if s.Diskwars().Game() != nil || len(s.Diskwars().Armies()) != 0 {
		t.Error("the game or the army stays")
	}
	do(t, s, Command{Cmd: diskwars.Pass{}}) // no game: nothing
	do(t, s, UndoRedo{Game: KindDiskwars})
}

func TestCopies(t *testing.T) {
	s, _, _ := open(t, nil, "en")
	if _, ok := s.Parties().File("none"); ok {
		t.Error("a copy of no party")
	}
	if _, ok := s.Diskwars().ArmyCopy("none"); ok {
		t.Error("a copy of no army")
	}
	if got := putAt([]int{1, 2}, 0, 9); !slices.Equal(got, []int{9, 2}) {
		t.Errorf("putAt %v", got)
	}
	if got := removeAt([]int{1, 2}, 5); !slices.Equal(got, []int{1, 2}) {
		t.Errorf("removeAt past the end %v", got)
	}
	if ErrOf := s.Settings().ErrText(errors.New("plain")); ErrOf != "plain" {
		t.Errorf("ErrText %q", ErrOf)
	}
}

// tap applies a counter's tap as the tracker does (TapCounter through Do): whether the game
// took it, and whether the view must ask for the save.
func tap(s *Session, r anima.Ref, counter string, delta int) (taken, save bool) {
	out := s.Do(TapCounter{Ref: r, Counter: counter, Delta: delta})
	return out.Taken, out.SaveSoon
}

// TestJournalRoomSaidAtOnce: with the records in IndexedDB the Session keeps the journal's room
// in localStorage from the start (store.ReserveJournal); a storage too full for it is said at
// once, in the player's language, and so is a journal the last page could not write, once.
func TestJournalRoomSaidAtOnce(t *testing.T) {
	for _, lang := range []string{"en", "es", "it"} {
		j := store.NewMemory()
		New(Config{Backend: store.NewMemory(), Where: store.InIndexedDB, Catalog: catalog.Default(), Browser: &fakeBrowser{lang: lang}, Journal: j})
		if v := j.Values[store.JournalRoomKey]; len(v) != store.JournalRoom {
			t.Fatalf("%s: the journal's room is %d characters", lang, len(v))
		}
		full := store.NewMemory()
		full.Quota = store.JournalRoom - 1
		s := New(Config{Backend: store.NewMemory(), Where: store.InIndexedDB, Catalog: catalog.Default(), Browser: &fakeBrowser{lang: lang}, Journal: full})
		if want := text.T(lang, "The browser's storage is full: a change made just before Gnosis closes could be lost."); !strings.Contains(s.Notice(), want) {
			t.Errorf("%s: a full storage says %q", lang, s.Notice())
		}
		j.Values[store.JournalLostKey] = "1"
		s = New(Config{Backend: store.NewMemory(), Where: store.InIndexedDB, Catalog: catalog.Default(), Browser: &fakeBrowser{lang: lang}, Journal: j})
		if want := text.T(lang, "The last change before Gnosis closed was not kept: the browser's storage was full."); !strings.Contains(s.Notice(), want) {
			t.Errorf("%s: a lost journal says %q", lang, s.Notice())
		}
		s = New(Config{Backend: store.NewMemory(), Where: store.InIndexedDB, Catalog: catalog.Default(), Browser: &fakeBrowser{lang: lang}, Journal: j})
		if s.Notice() != "" {
			t.Errorf("%s: the lost journal is said twice: %q", lang, s.Notice())
		}
	}
}

// midCommit is a Backend that runs during once inside its next commit of the game, before the
// commit lands: a tap the page answers while IndexedDB writes the last one.
type midCommit struct {
	*store.Memory
	during func()
}

func (m *midCommit) Commit(c store.Change) error {
	if f := m.during; f != nil && c.Guard == store.GameKey {
		m.during = nil
		f()
	}
	return m.Memory.Commit(c)
}

// TestTapDuringASaveIsSaved: a tap taken while the previous save is being written is saved by
// the save it asks for, and the page hears that a change waits until then (data-game-unsaved):
// it is on the device, and nothing is left for the journal.
func TestTapDuringASaveIsSaved(t *testing.T) {
	mem := &midCommit{Memory: store.NewMemory()}
	b := &fakeBrowser{lang: "en"}
	s := New(Config{Backend: mem, Where: store.InIndexedDB, Catalog: catalog.Default(), Browser: b, Version: "test"})
	startGame(t, s)
	do(t, s, SaveNow{})
	nero := anima.Ref{}
	if taken, save := tap(s, nero, "lp", -1); !taken || !save {
		t.Fatalf("the first tap: taken %v, save asked %v", taken, save)
	}
	var asked bool
	mem.during = func() { _, asked = tap(s, nero, "lp", -1) }
	do(t, s, SaveNow{}) // the first tap's save, with the second tap taken as it is written
	if !asked || !s.Play().SavePending() || b.marks["data-game-unsaved"] == "" {
		t.Fatalf("the tap taken during the save: save asked %v, pending %v, unsaved mark %q", asked, s.Play().SavePending(), b.marks["data-game-unsaved"])
	}
	do(t, s, SaveNow{}) // the save the second tap asked for
	if s.Play().SavePending() || b.marks["data-game-unsaved"] != "" {
		t.Errorf("after its save: pending %v, unsaved mark %q", s.Play().SavePending(), b.marks["data-game-unsaved"])
	}
	st := store.New(mem.Memory)
	g, _, err := st.Game()
	if err != nil || g == nil || g.Len() != s.Play().Game().Len() {
		t.Fatalf("stored: %v entries, the game holds %d (%v)", g.Len(), s.Play().Game().Len(), err)
	}
	if lp := g.State().Sides[0].Characters[0].LP; lp != 12 {
		t.Errorf("the stored game has Nero at %d LP, want 12", lp)
	}
}

// notifyOnTheWay is a request that says Text and goes to the screen To, as one that fails on
// the way to a screen does.
type notifyOnTheWay struct{ Text, To string }

func (r notifyOnTheWay) apply(s *Session) (Outcome, error) {
	s.notice = r.Text
	return s.goTo(r.To), nil
}

// TestBackFromAGameSkipsItsSetUp: issue 70's new-user trial: the tracker's ‹ after a game
// started from its set-up goes back to where the player came from (home), past the set-up of
// a game already begun; the trail follows the two screens back.
func TestBackFromAGameSkipsItsSetUp(t *testing.T) {
	s, _, _ := open(t, nil, "en")
	do(t, s, Arrived{Fragment: "", Screen: ""})
	out := do(t, s, Navigate{To: "/start/p1"})
	do(t, s, Arrived{Fragment: out.To, Screen: "/start/"})
	out = do(t, s, StartGame{Setup: twoSides(t)})
	do(t, s, Arrived{Fragment: out.To, Screen: out.To})
	if got := s.Navigation().Trail(); !slices.Equal(got, []string{"", "/start/p1", ScreenGame}) {
		t.Fatalf("trail %q", got)
	}
	if out := do(t, s, GoBack{}); !out.Back || !out.Twice {
		t.Fatalf("‹ from the game: %+v", out)
	}
	do(t, s, Arrived{Fragment: "", Screen: ""})
	if got := s.Navigation().Trail(); !slices.Equal(got, []string{""}) {
		t.Errorf("after ‹ from the game, trail %q", got)
	}
	// A screen opened from the game (its history) goes back one screen, as before.
	out = do(t, s, Navigate{To: ScreenGame})
	do(t, s, Arrived{Fragment: out.To, Screen: out.To})
	out = do(t, s, Navigate{To: ScreenCards})
	do(t, s, Arrived{Fragment: out.To, Screen: out.To})
	if out := do(t, s, GoBack{}); !out.Back || out.Twice {
		t.Errorf("‹ from a screen the game opened: %+v", out)
	}
}
