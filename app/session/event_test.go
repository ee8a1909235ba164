package session

import (
	"strings"
	"testing"

	"gnosis/engine/catalog"
	"gnosis/engine/event"
	"gnosis/engine/eventgame"
	"gnosis/engine/party"
	"gnosis/engine/share"
)

// eventLink is a legal list's link, named name.
func eventLink(t *testing.T, name string) string {
	t.Helper()
	f, err := party.ParsePartyFile([]byte(`{"version":1,"name":"Church vanguard","edition":"core","level":300,"organization":"Church",
 "characters":[{"name":"Nero","advantages":["Heavy Armor"]},{"name":"Xavier"},{"name":"Ergo Mundus"}],"advantages":["Tactics","Miracles"]}`))
	if err != nil {
		t.Fatal(err)
	}
	f.Name = name
	l, err := share.Link("https://gnosis.example/", f, catalog.Default())
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// TestClubNightOnThePhone: the organiser's requests run a club night through the event's part:
// players entered and their lists locked, a round paired, results from a code and typed, a
// correction; every change kept on the device (a reload has it), a change the device refuses
// not kept, a list that breaks a rule said with its rules, the event file opened on another
// phone as it was.
func TestClubNightOnThePhone(t *testing.T) {
	s, _, mem := open(t, nil, "es")
	if s.Event().Get() != nil {
		t.Fatal("an event before one began")
	}
	do(t, s, NewEvent{Setup: setup("Club", "2026-12-05", 2, 7)})
	for _, name := range []string{"Ana", "Bruno", "Carla", "Dario"} {
		do(t, s, AddEventPlayer{Name: name})
	}
	for id := 1; id <= 4; id++ {
		do(t, s, SubmitEventList{ID: id, Link: eventLink(t, "Church "+string(rune('A'+id)))})
	}
	// A broken link is refused, said in the player's language, and nothing changes.
	s.Do(AddEventPlayer{Name: "Elena"})
	bad := eventLink(t, "Too many")
	s.Do(SubmitEventList{ID: 5, Link: bad[:len(bad)-4] + "AAAA"})
	if s.Notice() == "" || s.Event().Get().Player(5).List != nil {
		t.Fatalf("a broken link locked, or said nothing: %q", s.Notice())
	}
	s.Do(Dismiss{})
	do(t, s, DropEventPlayer{ID: 5, Dropped: true})
	doAll(t, s, PairEventRound{})
	e := s.Event().Get()
	if e.Round() != 1 || len(e.Played[0].Pairings) != 2 {
		t.Fatalf("round 1: %+v", e.Played)
	}
	t1 := e.Played[0].Pairings[0]
	a, b := e.Player(t1.Players[0]), e.Player(t1.Players[1])
	code := event.Code{Game: "g1", Parties: [2]string{a.List.Sum, b.List.Sum}, Outcome: event.FirstWins, Killed: [2]int{200, 50}, Turns: 5}
	if out := do(t, s, TakeResultCode{Text: code.Text()}); !out.Taken || !strings.Contains(s.Toast(), "1") {
		t.Fatalf("the code: %+v, %q", out, s.Toast())
	}
	s.Do(TakeResultCode{Text: code.Text()})
	if !strings.Contains(s.Notice(), "ya se contó") {
		t.Fatalf("a game counted twice: %q", s.Notice())
	}
	s.Do(Dismiss{})
	do(t, s, TypeEventResult{Round: 1, Table: 2, Result: event.Result{Outcome: event.Drawn}})
	do(t, s, CorrectEventResult{Round: 1, Table: 2, Result: event.Result{Outcome: event.SecondWins}, Why: "misread"})
	// The device refuses the next change: it is not kept, and said.
	mem.Quota = 1
	s.Do(AddEventPlayer{Name: "Fede"})
	if s.Notice() == "" || len(s.Event().Get().Players) != 5 {
		t.Fatalf("a change the device refused: %q, %d players", s.Notice(), len(s.Event().Get().Players))
	}
	mem.Quota = 0
	s.Do(Dismiss{})
	// A reload has it all; the file opens as it was on another phone.
	again, _, _ := open(t, mem, "it")
	got := again.Event().Get()
	if got == nil || got.Round() != 1 || got.Played[0].Pairings[1].Result.Outcome != event.SecondWins || len(got.Played[0].Pairings[1].Earlier) != 1 {
		t.Fatalf("reloaded: %+v", got)
	}
	file, name := s.Event().File()
	if !strings.HasSuffix(name, ".gnosis-event.json") {
		t.Errorf("file name %q", name)
	}
	other, _, _ := open(t, nil, "en")
	doAll(t, other, OpenEventFile{Data: file})
	if other.Event().Opening() || string(other.Event().Get().File()) != string(file) {
		t.Error("the event file opened on another phone is not the same event")
	}
	other.Do(OpenEventFile{Data: file})
	if other.Notice() == "" {
		t.Error("a second event opened over one in progress")
	}
	do(t, s, EndEvent{})
	if s.Event().Get() != nil {
		t.Error("the event did not end")
	}
}

// doAll applies r and every step its outcome asks for (Outcome.Next), as the view does, and
// fails the test when one leaves a notice; it returns how many steps it took.
func doAll(t testing.TB, s *Session, r Request) (steps int) {
	t.Helper()
	for ; r != nil; steps++ {
		r = do(t, s, r).Next
	}
	return steps
}

// TestClubNightInTheBackup: the backup holds the club night; a restore on a phone that runs
// none takes it in (in the same change as the rest), and on a phone that runs one leaves that
// one as it is.
func TestClubNightInTheBackup(t *testing.T) {
	s, _, _ := open(t, nil, "en")
	do(t, s, NewEvent{Setup: setup("Club", "2026-12-05", 2, 3)})
	do(t, s, AddEventPlayer{Name: "Ana"})
	bk := s.Backup()
	fresh := &phone{t: t, s: func() *Session { x, _, _ := open(t, nil, "en"); return x }()}
	fresh.run(RestoreFile{Data: bk})
	if e := fresh.s.Event().Get(); e == nil || e.Name != "Club" || len(e.Players) != 1 {
		t.Fatalf("the event restored: %+v", e)
	}
	busy, _, mem := open(t, nil, "en")
	do(t, busy, NewEvent{Setup: setup("Mine", "2026-12-06", 3, 4)})
	(&phone{t: t, s: busy}).run(RestoreFile{Data: bk})
	if e := busy.Event().Get(); e == nil || e.Name != "Mine" {
		t.Fatalf("the event in progress after a restore: %+v", e)
	}
	again, _, _ := open(t, mem, "en")
	if e := again.Event().Get(); e == nil || e.Name != "Mine" {
		t.Fatalf("reloaded: %+v", e)
	}
}

// setup is a club night's set-up of the defaults, of rounds rounds.
func setup(name, date string, rounds int, seed uint64) event.Setup {
	d := event.Defaults(name, date, seed)
	d.Rounds = rounds
	return d
}

// TestResultsFromThePlayersPhones: a player's phone that joined the club night (a round's
// link) marks its games of the day with the event; its game's result code (ShowResultCode keeps
// the game and goes to it) and its game file are counted on the organiser's phone at the table
// of the two locked lists, the file read a step at a time and its luck kept.
func TestResultsFromThePlayersPhones(t *testing.T) {
	org, _ := shelfPhone(t, nil)
	org.do(NewEvent{Setup: setup("Club", "2026-11-29", 1, 5)})
	for _, name := range []string{"Light", "Dark"} {
		org.do(AddEventPlayer{Name: name})
	}
	// The players' lists: the two sides of the test game, as the player's phone started it.
	su := armageddon(t)
	for i := range su.Sides {
		su.Sides[i].List = event.Checksum("list of side " + su.Sides[i].Name)
	}
	org.s.event.ev.Players[0].List = &event.List{Party: "Light", Sum: su.Sides[0].List, Link: "x"}
	org.s.event.ev.Players[1].List = &event.List{Party: "Dark", Sum: su.Sides[1].List, Link: "y"}
	org.run(PairEventRound{})

	pl, _ := shelfPhone(t, nil)
	pl.do(JoinEvent{Link: org.s.Event().Get().RoundViews(1)[0].Payload(), ID: 1})
	pl.do(StartGame{Setup: su})
	playSome(t, pl)
	out := pl.do(ShowResultCode{})
	card := pl.s.Shelf().List(Query{})
	if len(card) != 1 || card[0].Event != "Club" || !out.Navigate || out.To != ScreenResult+card[0].ID {
		t.Fatalf("kept for the code: %+v, %+v", card, out)
	}
	// Where it was played, as the phone knew it (issue 69): the event's key, round 1, table 1,
	// player 1, who played side 0 (their list's).
	if a := card[0].At; a != (event.At{Key: org.s.Event().Get().Key(), Round: 1, Table: 1, Player: 1, Side: 0}) {
		t.Fatalf("the game's place at the club night: %+v", a)
	}
	code, err := eventgame.CodeOf(card[0])
	if err != nil {
		t.Fatal(err)
	}
	// The file, on the organiser's phone: read in steps, counted with its luck.
	pl.run(OpenKept{ID: card[0].ID, Stay: true})
	f, _ := pl.s.Shelf().File()
	if f == nil {
		t.Fatal("no game file")
	}
	steps, _ := org.run(TakeEventGameFile{Data: f})
	// The game was kept unfinished (issue 70): the organiser is asked before it counts.
	if a := org.s.Event().Asking(); a == nil || len(a.Options) != 1 || !a.Options[0].Result.Unfinished {
		t.Fatalf("an unfinished game's file: %+v, %q", a, org.s.Notice())
	}
	org.do(PlaceEventResult{Option: 0})
	e := org.s.Event().Get()
	r := e.Played[0].Pairings[0].Result
	if r == nil || r.By != event.ByFile || r.Luck == nil || r.Game != code.Game || !strings.Contains(org.s.Toast(), "1") {
		t.Fatalf("the game file taken in %d steps: %+v, %q %q", steps, r, org.s.Toast(), org.s.Notice())
	}
	// The code of the same game: counted already.
	org.do(TakeResultCode{Text: code.Text()})
	if !strings.Contains(org.s.Notice(), "counted already") {
		t.Errorf("the same game's code again: %q", org.s.Notice())
	}
}
