package session

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"gnosis/engine/event"
)

// inflating is an event file under event.MaxFileBytes that event.ReadFile takes, whose
// File() is past it: 16 rounds of 2 players, 256 swaps a round of reason 200 "&" (written
// back as \u0026).
func inflating(t testing.TB) []byte {
	e := event.New("Club", "2026-12-05", 1)
	e.Rounds = event.MaxRounds
	e.AddPlayer("Ana")
	e.AddPlayer("Bruno")
	why := strings.Repeat("&", event.MaxWhy)
	for n := 1; n <= event.MaxRounds; n++ {
		r := event.Round{Number: n, Pairings: []event.Pairing{{Table: 1, Players: [2]int{1, 2}, Result: &event.Result{Outcome: event.Drawn, By: event.ByTyped}}}}
		for range event.MaxPlayers {
			r.Swaps = append(r.Swaps, event.Swap{Players: [2]int{1, 2}, Why: why})
		}
		e.Played = append(e.Played, r)
	}
	var buf strings.Builder
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(e)
	return []byte(buf.String())
}

// TestABackupsNightReadsBackAtItsSize: a backup whose club night reads (under the bound as it is in
// the backup) but is written back past the bound: on a phone that runs no club night, the
// restore neither restores it nor says it left it out, and says "the club night in progress
// was kept" where none is run.
func TestABackupsNightReadsBackAtItsSize(t *testing.T) {
	s, _, _ := open(t, nil, "en")
	var bk map[string]any
	json.Unmarshal(s.Backup(), &bk)
	bk["event"] = json.RawMessage(inflating(t))
	var buf strings.Builder
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.Encode(bk)
	raw := []byte(buf.String())
	t.Logf("backup %d kB", len(raw)>>10)
	p := &phone{t: t, s: s}
	p.run(RestoreFile{Data: raw})
	said := s.Toast() + " | " + s.Notice()
	t.Logf("said: %q; event %v; failure %q", said, s.Event().Get() != nil, s.Failure())
	if s.Event().Get() == nil && !strings.Contains(said, "club night cannot be read") {
		t.Errorf("the backup's club night neither restored nor said left out: %q", said)
	}
	if s.Event().Get() == nil && strings.Contains(said, "club night in progress was kept") {
		t.Errorf("says a club night in progress was kept, none is run: %q", said)
	}
}

// TestAnEventFileOpensAtItsSize: the same event file opened (OpenEventFile): what is said.
func TestAnEventFileOpensAtItsSize(t *testing.T) {
	s, _, _ := open(t, nil, "en")
	for r := Request(OpenEventFile{Data: inflating(t)}); r != nil; {
		r = s.Do(r).Next
	}
	if s.Event().Get() == nil && s.Notice() == "" {
		t.Errorf("an event file neither opened nor refused with words")
	}
}

// TestNightsWithTheStorageFullSaySo: a club night begun with the storage full: the notice must not
// say "Your changes stay on screen" (the night is not on the screen).
func TestNightsWithTheStorageFullSaySo(t *testing.T) {
	s, _, mem := open(t, nil, "en")
	mem.Quota = 1
	s.Do(NewEvent{Setup: setup("Club", "2026-12-05", 2, 7)})
	n := s.Notice()
	t.Logf("said %q; event %v", n, s.Event().Get() != nil)
	if s.Event().Get() == nil && strings.Contains(n, "Your changes stay on screen") {
		t.Errorf("NewEvent refused by a full storage says the changes stay on screen, and no night is run: %q", n)
	}
	// An event file opened with the storage full.
	other, _, _ := open(t, nil, "en")
	other.Do(NewEvent{Setup: setup("Club", "2026-12-05", 2, 7)})
	file, _ := other.Event().File()
	s.Do(Dismiss{})
	for r := Request(OpenEventFile{Data: file}); r != nil; {
		r = s.Do(r).Next
	}
	n = s.Notice()
	t.Logf("open said %q; event %v", n, s.Event().Get() != nil)
	if s.Event().Get() == nil && strings.Contains(n, "Your changes stay on screen") {
		t.Errorf("OpenEventFile refused by a full storage says the changes stay on screen, and no night is run: %q", n)
	}
	// EndEvent with the storage full.
	mem.Quota = 0
	s.Do(Dismiss{})
	do(t, s, NewEvent{Setup: setup("Club", "2026-12-05", 2, 7)})
	mem.Quota = 1
	s.Do(EndEvent{})
	t.Logf("end said %q; event %v", s.Notice(), s.Event().Get() != nil)
}

// TestResultsFindTheirTableAfterAReload: a club night named past 80 characters with a space at the 80th:
// the players' phones join round 1's link (its key); the organiser's phone reloads; a mirror
// match's code from a two-phone game, whose phone knows its player and side, is then not
// placed by its player: the organiser is asked, though before the reload it counted at once.
func TestResultsFindTheirTableAfterAReload(t *testing.T) {
	org, _ := shelfPhone(t, nil)
	name := strings.Repeat("N", event.MaxName-1) + " night"
	org.do(NewEvent{Setup: setup(name, "2026-11-29", 2, 5)})
	for _, n := range []string{"Ana", "Bruno"} {
		org.do(AddEventPlayer{Name: n})
	}
	a := eventLink(t, "Church A")
	org.do(SubmitEventList{ID: 1, Link: a})
	org.do(SubmitEventList{ID: 2, Link: a})
	org.run(PairEventRound{})
	e := org.s.Event().Get()
	v := e.RoundViews(1)[0]
	back, _ := event.ReadRound(v.Link("https://gnosis.example/"))
	sum := e.Player(1).List.Sum
	// Player 2's phone (joined the link: its key), the game's first side, won.
	c := event.Code{Game: "mirror", Parties: [2]string{sum, sum}, Outcome: event.FirstWins, Killed: [2]int{100, 20}, Turns: 4,
		At: event.At{Key: back.Key, Round: 1, Table: 1, Player: 2, Side: 0}}
	before := org.s.Event().Get()
	if _, err := before.Clone().TakeCode(c, event.ByCode); err != nil {
		t.Fatalf("before the reload: %v", err)
	}
	org.start() // the organiser's phone reloads
	org.s.Do(TakeResultCode{Text: c.Text()})
	t.Logf("after reload: key %s vs link %s; said %q; asking %v", org.s.Event().Get().Key(), back.Key, org.s.Notice()+org.s.Toast(), org.s.Event().Asking() != nil)
	if org.s.Event().Asking() != nil {
		t.Errorf("after a reload the phone's player and side are not believed: the organiser is asked (%q)", org.s.Notice())
	}
}

// TestAJoinTheStorageRefusesIsNotMade: a player's phone joins a round's link with the storage full: what
// it says, and whether a reload still knows the join.
func TestAJoinTheStorageRefusesIsNotMade(t *testing.T) {
	org, _ := shelfPhone(t, nil)
	org.do(NewEvent{Setup: setup("Club", "2026-11-29", 2, 5)})
	for _, n := range []string{"Ana", "Bruno"} {
		org.do(AddEventPlayer{Name: n})
	}
	org.run(PairEventRound{})
	v := org.s.Event().Get().RoundViews(1)[0]
	pl, _ := shelfPhone(t, nil)
	pl.mem.Quota = 1
	pl.s.Do(JoinEvent{Link: v.Payload(), ID: 1})
	if !strings.Contains(pl.s.Notice(), "This phone has not joined the club night") || strings.Contains(pl.s.Toast(), "marked") {
		t.Errorf("a join the storage refused: toast %q notice %q", pl.s.Toast(), pl.s.Notice())
	}
	if pl.s.settings.prefs.Event != nil {
		t.Errorf("joined in memory though not kept: %+v", pl.s.settings.prefs.Event)
	}
	pl.mem.Quota = 0
	pl.start()
	if pl.s.settings.prefs.Event != nil {
		t.Errorf("after a reload, joined: %+v", pl.s.settings.prefs.Event)
	}
}

// TestAChoiceWaitsThroughOtherResults: a code waits for the organiser's choice; another code is
// refused meanwhile; then the first is placed; then a swap; the choice is gone.
func TestAChoiceWaitsThroughOtherResults(t *testing.T) {
	org, _ := shelfPhone(t, nil)
	org.do(NewEvent{Setup: setup("Club", "2026-11-29", 2, 5)})
	for _, n := range []string{"Ana", "Bruno", "Carla", "Dario"} {
		org.do(AddEventPlayer{Name: n})
	}
	a := eventLink(t, "Church A")
	for id := 1; id <= 4; id++ {
		org.do(SubmitEventList{ID: id, Link: a})
	}
	org.run(PairEventRound{})
	sum := org.s.Event().Get().Player(1).List.Sum
	c := event.Code{Game: "g1", Parties: [2]string{sum, sum}, Outcome: event.FirstWins, Turns: 3}
	org.s.Do(TakeResultCode{Text: c.Text()})
	ask := org.s.Event().Asking()
	if ask == nil {
		t.Fatalf("no asking: %q", org.s.Notice())
	}
	t.Logf("asked %d options: %q", len(ask.Options), ask.Why)
	org.s.Do(TakeResultCode{Text: "GNOSIS-RESULT:xyz"})
	t.Logf("refused: %q; asking %v", org.s.Notice(), org.s.Event().Asking() != nil)
	// the storage full: the choice refused with words, still waiting.
	org.mem.Quota = 1
	org.s.Do(PlaceEventResult{Option: 3})
	t.Logf("full: %q; asking %v", org.s.Notice(), org.s.Event().Asking() != nil)
	org.mem.Quota = 0
	org.s.Do(Dismiss{})
	org.s.Do(PlaceEventResult{Option: 3})
	t.Logf("placed: %q %q; failure %q", org.s.Notice(), org.s.Toast(), org.s.Failure())
	in, _ := org.s.Event().Get().Results(1)
	if in != 1 {
		t.Errorf("results in %d", in)
	}
}

// TestANightPastMidnightKeepsItsGames: a player's phone joins the night's round link on its day; the game
// ends at 00:20 the next day (a club night running late): the kept game does not know where it
// was played (no "a" in its code), nor is it marked with the event on the shelf.
func TestANightPastMidnightKeepsItsGames(t *testing.T) {
	org, _ := shelfPhone(t, nil)
	org.do(NewEvent{Setup: setup("Club", "2026-11-29", 1, 5)})
	for _, name := range []string{"Light", "Dark"} {
		org.do(AddEventPlayer{Name: name})
	}
	su := armageddon(t)
	for i := range su.Sides {
		su.Sides[i].List = event.Checksum("list of side " + su.Sides[i].Name)
	}
	org.s.event.ev.Players[0].List = &event.List{Party: "Light", Sum: su.Sides[0].List, Link: "x"}
	org.s.event.ev.Players[1].List = &event.List{Party: "Dark", Sum: su.Sides[1].List, Link: "y"}
	org.run(PairEventRound{})

	pl, now := shelfPhone(t, nil)
	*now = time.Date(2026, 11, 29, 23, 10, 0, 0, time.UTC)
	pl.do(JoinEvent{Link: org.s.Event().Get().RoundViews(1)[0].Payload(), ID: 1})
	pl.do(StartGame{Setup: su})
	playSome(t, pl)
	*now = time.Date(2026, 11, 30, 0, 20, 0, 0, time.UTC)
	pl.do(ShowResultCode{})
	card := pl.s.Shelf().List(Query{})
	if len(card) != 1 {
		t.Fatal(len(card))
	}
	t.Logf("event %q at %+v", card[0].Event, card[0].At)
	if !card[0].At.Known() {
		t.Errorf("a game of the night ended past midnight: its phone joined, but its code does not say where it was played (%+v)", card[0].At)
	}
}

// TestRoundRobinWithADropReadsBack: a round robin of 3 players, one dropped before round 1: round 1 pairs
// the other two and gives a bye to the dropped one's opponent... and the circle's own bye:
// two byes in a round, which the file's check refuses (a bye only on the last table). The
// change is saved; a reload cannot read the night back.
func TestRoundRobinWithADropReadsBack(t *testing.T) {
	p, _ := shelfPhone(t, nil)
	su := setup("Robin", "2026-12-05", 3, 1)
	su.Method = event.RoundRobin
	p.do(NewEvent{Setup: su})
	for _, n := range []string{"Ana", "Bruno", "Carla"} {
		p.do(AddEventPlayer{Name: n})
	}
	p.do(DropEventPlayer{ID: 1, Dropped: true})
	for n := 1; n <= 3; n++ {
		p.s.Do(PairEventRound{})
		e := p.s.Event().Get()
		t.Logf("round %d: %+v; said %q; check %v", n, e.Played[len(e.Played)-1].Pairings, p.s.Notice(), e.Check())
		p.s.Do(Dismiss{})
		for _, q := range e.Played[len(e.Played)-1].Pairings {
			if q.Players[1] != event.Bye {
				p.do(TypeEventResult{Round: n, Table: q.Table, Result: event.Result{Outcome: event.Drawn}})
			}
		}
		if e.Check() != nil {
			break
		}
	}
	p.start()
	t.Logf("after reload: event %v; problems %d; notice %q", p.s.Event().Get() != nil, len(p.s.problems), p.s.Notice())
	if p.s.Event().Get() == nil {
		t.Errorf("the round robin's night, saved by its own requests, is not read back after a reload")
	}
}

// TestRoundRobinOfDroppedPlayersIsNotPaired: a round robin of 2 players, both dropped: PairEventRound pairs a
// round of no table, which the file's check refuses ("round 1 has no table"); saved; a reload
// cannot read the night back.
func TestRoundRobinOfDroppedPlayersIsNotPaired(t *testing.T) {
	p, _ := shelfPhone(t, nil)
	su := setup("Robin", "2026-12-05", 1, 1)
	su.Method = event.RoundRobin
	p.do(NewEvent{Setup: su})
	p.do(AddEventPlayer{Name: "Ana"})
	p.do(AddEventPlayer{Name: "Bruno"})
	p.do(DropEventPlayer{ID: 1, Dropped: true})
	p.do(DropEventPlayer{ID: 2, Dropped: true})
	p.s.Do(PairEventRound{})
	e := p.s.Event().Get()
	t.Logf("round 1: %+v; said %q; check %v", e.Played, p.s.Notice(), e.Check())
	p.start()
	if p.s.Event().Get() == nil {
		t.Errorf("the night with an empty round robin round, saved, is not read back after a reload (problems %d)", len(p.s.problems))
	}
}

// TestAChoiceIsNotForgottenSilently: a code waits for the organiser's choice (lists shared by two
// tables); the organiser scans another table's code, which counts at once: the waiting result
// is gone, with no word that it was left uncounted.
func TestAChoiceIsNotForgottenSilently(t *testing.T) {
	org, _ := shelfPhone(t, nil)
	org.do(NewEvent{Setup: setup("Club", "2026-11-29", 2, 5)})
	for _, n := range []string{"Ana", "Bruno", "Carla", "Dario", "Elena", "Fede"} {
		org.do(AddEventPlayer{Name: n})
	}
	a, b := eventLink(t, "Church A"), eventLink(t, "Church B")
	for id := 1; id <= 4; id++ {
		org.do(SubmitEventList{ID: id, Link: a})
	}
	org.do(SubmitEventList{ID: 5, Link: b})
	org.do(SubmitEventList{ID: 6, Link: eventLink(t, "Church C")})
	org.run(PairEventRound{})
	e := org.s.Event().Get()
	sumA := e.Player(1).List.Sum
	var other event.Pairing
	for _, p := range e.Played[0].Pairings {
		if e.Player(p.Players[0]).List.Sum != e.Player(p.Players[1]).List.Sum {
			other = p
		}
	}
	if other.Table == 0 {
		t.Skip("no table of two lists")
	}
	mirror := event.Code{Game: "m", Parties: [2]string{sumA, sumA}, Outcome: event.FirstWins, Turns: 3}
	org.s.Do(TakeResultCode{Text: mirror.Text()})
	if org.s.Event().Asking() == nil {
		t.Skipf("not asked: %q (%+v)", org.s.Notice(), e.Played[0].Pairings)
	}
	org.s.Do(Dismiss{})
	c := event.Code{Game: "x", Parties: [2]string{e.Player(other.Players[0]).List.Sum, e.Player(other.Players[1]).List.Sum}, Outcome: event.Drawn, Turns: 3}
	org.s.Do(TakeResultCode{Text: c.Text()})
	t.Logf("said %q %q; asking %v", org.s.Notice(), org.s.Toast(), org.s.Event().Asking() != nil)
	if org.s.Event().Asking() == nil && !strings.Contains(org.s.Notice()+org.s.Toast(), "uncounted") {
		t.Errorf("the result waiting for a table was forgotten without a word")
	}
}

// TestABackupRestoresAllButItsBadPart: a backup holding a club night and one part that cannot be read:
// a party of an unknown version, a game whose log is broken, settings of the wrong type, a
// shelf game file broken. What is restored, and what is said.
func TestABackupRestoresAllButItsBadPart(t *testing.T) {
	s, _, _ := open(t, nil, "en")
	do(t, s, NewEvent{Setup: setup("Club", "2026-12-05", 2, 3)})
	do(t, s, AddEventPlayer{Name: "Ana"})
	good := s.Backup()
	for name, edit := range map[string]func(bk map[string]any){
		"party v99": func(bk map[string]any) {
			bk["parties"] = []any{map[string]any{"id": "p1", "party": map[string]any{"version": 99, "name": "X"}},
				map[string]any{"id": "p2", "party": map[string]any{"version": 1, "name": "Church vanguard", "edition": "core", "level": 300, "organization": "Church", "characters": []any{map[string]any{"name": "Nero"}}}}}
		},
		"game broken":    func(bk map[string]any) { bk["game"] = []any{map[string]any{"kind": "nonsense"}} },
		"settings wrong": func(bk map[string]any) { bk["settings"] = map[string]any{"event": "not an object"} },
		"shelf broken": func(bk map[string]any) {
			bk["shelf"] = []any{map[string]any{"kind": "gnosis-game", "version": 1, "log": "garbage"}}
		},
		"cards broken": func(bk map[string]any) {
			bk["cards"] = map[string]any{"characters": []any{map[string]any{"name": "", "level": -5}}}
		},
	} {
		var bk map[string]any
		json.Unmarshal(good, &bk)
		edit(bk)
		raw, _ := json.Marshal(bk)
		fresh := &phone{t: t, s: func() *Session { x, _, _ := open(t, nil, "en"); return x }()}
		fresh.run(RestoreFile{Data: raw})
		t.Logf("%s: event %v; said %q | %q; failure %q", name, fresh.s.Event().Get() != nil, fresh.s.Toast(), fresh.s.Notice(), fresh.s.Failure())
		if fresh.s.Event().Get() == nil {
			t.Errorf("%s: the backup's club night was not restored because of another part", name)
		}
	}
}
