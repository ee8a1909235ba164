package session

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"gnosis/app/store"
	"gnosis/engine/anima"
	"gnosis/engine/diskwars"
	"gnosis/engine/shelf"
)

// armageddon is twoSides in Armageddon (R-SCN-3): the game is over once a side has no
// character left.
func armageddon(t testing.TB) anima.Setup {
	su := twoSides(t)
	su.Scenario = anima.Armageddon
	return su
}

// shelfPhone is a Session on a clock that moves a minute a request.
func shelfPhone(t *testing.T, mem *store.Memory) (*phone, *time.Time) {
	now := time.Date(2026, 11, 29, 18, 0, 0, 0, time.UTC)
	p := &phone{t: t, mem: mem, lang: "en", clock: func() time.Time { return now }}
	if p.mem == nil {
		p.mem = store.NewMemory()
	}
	p.start()
	return p, &now
}

// playSome plays a few gestures of the Anima Tactics game: the Action phase, LP taken.
func playSome(t *testing.T, p *phone) {
	t.Helper()
	for _, c := range []anima.Command{anima.AdvanceToAction{}, anima.AdjustLP{Ref: anima.Ref{Side: 1}, Delta: -3}, anima.AdjustLP{Ref: anima.Ref{}, Delta: -2}} {
		if out := p.do(Command{Cmd: c}); !out.Taken {
			t.Fatalf("%T: %q", c, p.s.Notice())
		}
	}
}

// killXavier takes the Dark side's one character out of play: an Armageddon game is over.
func killXavier(t *testing.T, p *phone) {
	t.Helper()
	x, _ := p.s.Play().Game().State().Character(anima.Ref{Side: 1})
	p.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{Side: 1}, Delta: -x.LP}})
	if !p.s.Play().Game().State().Over() {
		t.Fatal("the game is not over")
	}
}

// TestShelfKeepsEveryGame: every game is kept on the shelf when the next starts and when it
// ends, with what its log cannot say (parties and their versions, players, when); the records
// and the season's luck read it; a game opens read-only, goes to another phone as a file,
// is deleted and put back, and stays on the device.
func TestShelfKeepsEveryGame(t *testing.T) {
	p, now := shelfPhone(t, nil)
	s := p.s
	p.do(AddParty{File: partyFile("Vanguard", "Nero", "Grey")})
	vanguard := s.Parties().List()[0].ID
	start := func(players ...string) {
		p.do(StartGame{Setup: armageddon(t), Parties: [2]string{vanguard, ""}, Players: [2]string{players[0], players[1]}})
		if n := s.Notice(); n != "" {
			t.Fatalf("start: %q", n)
		}
		*now = now.Add(time.Hour)
	}
	start("Ana", "Bruno")
	playSome(t, p)
	start("Ana", "Carla") // the first is kept, left before its end
	if got := s.Shelf().List(Query{}); len(got) != 1 || got[0].Result() != shelf.Left || got[0].Sides[0].Party != vanguard ||
		got[0].Sides[0].Version == "" || got[0].Sides[0].Player != "Ana" || got[0].Sides[1].Player != "Bruno" || got[0].Started == 0 || got[0].Kept <= got[0].Started {
		t.Fatalf("the shelf after one game: %+v", got)
	}
	playSome(t, p)
	killXavier(t, p) // over: kept at once
	list := s.Shelf().List(Query{})
	if len(list) != 2 || list[0].Result() != shelf.Won || list[0].Sides[1].Player != "Carla" || !list[0].Over {
		t.Fatalf("the shelf after a game won: %+v", list)
	}
	f, _ := s.Parties().File(vanguard)
	f.Name = "Vanguard"
	f.Characters = f.Characters[:1]
	p.do(SaveParty{ID: vanguard, File: f})
	start("Ana", "Bruno") // the game over is not kept twice
	playSome(t, p)
	p.do(KeepGame{Kind: KindAnima}) // on demand: it goes on
	if len(s.Shelf().List(Query{})) != 3 || s.Play().Game() == nil || s.Play().Game().State().Over() {
		t.Fatalf("kept on demand: %d kept, game %v", len(s.Shelf().List(Query{})), s.Play().Game())
	}
	playSome(t, p)
	p.do(KeepGame{Kind: KindAnima}) // again: its card replaced
	if n := s.Shelf().Len(); n != 3 {
		t.Fatalf("kept twice: %d games", n)
	}

	// The records.
	r := s.Shelf().Records(Query{})
	if r.All != (shelf.Tally{Played: 3, Won: 1, Left: 2}) || len(r.Parties) != 1 || len(r.Parties[0].Versions) != 2 || r.Parties[0].Tally.Played != 3 {
		t.Errorf("records: %+v", r)
	}
	if len(r.Opponents) != 2 || r.Opponents[0].Name != "Bruno" || r.Opponents[0].Tally.Played != 2 {
		t.Errorf("opponents: %+v", r.Opponents)
	}
	if len(r.Characters) == 0 || r.Characters[0].Name != "Nero" || r.Characters[0].Games != 3 {
		t.Errorf("characters: %+v", r.Characters)
	}
	if got := s.Shelf().List(Query{Text: "carla"}); len(got) != 1 || got[0].Sides[1].Player != "Carla" {
		t.Errorf("search by opponent: %+v", got)
	}
	if page, total := s.Shelf().Page(Query{Text: "light ANA"}, 2); len(page) != 2 || total != 3 || page[0].Kept < page[1].Kept {
		t.Errorf("a page of two of three, newest first: %d of %d", len(page), total)
	}
	if card, ok := s.Shelf().Card(list[0].ID); !ok || card.ID != list[0].ID {
		t.Errorf("a card by its ID: %+v %v", card, ok)
	} else if card.Sides[0].Characters[0].Name = "changed"; s.Shelf().List(Query{})[1].Sides[0].Characters[0].Name == "changed" {
		t.Error("a card given is the part's own")
	}
	if got := s.Shelf().List(Query{Result: shelf.Won, Kind: KindAnima}); len(got) != 1 {
		t.Errorf("filter won: %+v", got)
	}
	if got := s.Shelf().List(Query{Kind: KindDiskwars}); len(got) != 0 {
		t.Errorf("filter Diskwars: %+v", got)
	}
	if s.Shelf().LuckRead() || s.Shelf().Season(Query{}) != nil {
		t.Error("a season before the lucks are read")
	}
	p.do(ReadLuck{})
	season := s.Shelf().Season(Query{})
	if len(season) != 1 || season[0].Kind != KindAnima || season[0].Season.Sides[0].Games != 3 || len(season[0].Trend) != 3 {
		t.Errorf("season: %+v", season)
	}
	csv := string(s.Shelf().CSV(Query{}))
	if lines := strings.Split(strings.TrimSpace(csv), "\n"); len(lines) != 4 || !strings.HasPrefix(lines[0], "date,game,") || !strings.Contains(csv, ",Carla,won,") {
		t.Errorf("CSV:\n%s", csv)
	}

	// Opened read-only, and shared as a file to another phone.
	won := s.Shelf().List(Query{Result: shelf.Won})[0]
	out := p.do(OpenKept{ID: won.ID})
	card, view, ok := s.Shelf().Opened(won.ID)
	g, isGame := view.(anima.GameView)
	if !out.Navigate || out.To != ScreenKept+won.ID || !ok || card.ID != won.ID || !isGame || !g.State().Over() {
		t.Fatalf("opened: %+v %v %v", out, ok, view)
	}
	file, name := s.Shelf().File()
	if !strings.HasSuffix(name, ".gnosis-game.json") || !strings.Contains(name, "Light - Dark") {
		t.Errorf("file name %q", name)
	}
	other, _ := shelfPhone(t, nil)
	other.do(AddGameFile{Data: file})
	if got := other.s.Shelf().List(Query{}); len(got) != 1 || got[0].ID != won.ID || got[0].Sides[1].Player != "Carla" || got[0].Result() != shelf.Won {
		t.Fatalf("the file on another phone: %+v (%q)", got, other.s.Notice())
	}
	other.do(AddGameFile{Data: file})
	if other.s.Shelf().Len() != 1 || !strings.Contains(other.s.Toast(), "already") {
		t.Errorf("the file twice: %d games, %q", other.s.Shelf().Len(), other.s.Toast())
	}
	for _, bad := range [][]byte{nil, []byte("{"), []byte(`{"kind":"gnosis-game","version":1,"game":{"kind":"at"},"log":"AAAA"}`), bytes.Replace(file, []byte(`"version":1`), []byte(`"version":9`), 1)} {
		other.s.Do(AddGameFile{Data: bad})
		if other.s.Notice() == "" || other.s.Shelf().Len() != 1 {
			t.Errorf("%.40q taken in: %q", bad, other.s.Notice())
		}
		other.s.Do(Dismiss{})
	}

	// Deleted, put back, on the device.
	p.do(DeleteKept{ID: won.ID})
	if _, _, ok := s.Shelf().Opened(won.ID); ok || s.Shelf().Len() != 2 {
		t.Fatal("deleted, still there")
	}
	if name, ok := s.Shelf().Deleted(); !ok || name != "Light – Dark" {
		t.Errorf("deleted: %q %v", name, ok)
	}
	p.do(UndoDeleteKept{})
	if s.Shelf().Len() != 3 {
		t.Fatal("not put back")
	}
	p.start()
	if p.s.Shelf().Len() != 3 || p.s.Shelf().List(Query{Result: shelf.Won})[0].ID != won.ID {
		t.Fatalf("after a reload: %+v", p.s.Shelf().List(Query{}))
	}
	p.do(OpenKept{ID: won.ID, Stay: true})
	if _, _, ok := p.s.Shelf().Opened(won.ID); !ok {
		t.Error("opened after a reload")
	}
}

// TestShelfFullStorage: a storage too full to keep the last game refuses the next start, and
// the game in progress stays as it was; the shelf loses nothing.
func TestShelfFullStorage(t *testing.T) {
	p, _ := shelfPhone(t, nil)
	p.do(StartGame{Setup: armageddon(t)})
	playSome(t, p)
	before := logJSON(t, p.s.Play().Game())
	used := 0
	for _, v := range p.mem.Values {
		used += len(v)
	}
	p.mem.Quota = used + 200
	p.s.Do(StartGame{Setup: twoSides(t)})
	if !strings.Contains(p.s.Notice(), "could not be kept on the shelf") || logJSON(t, p.s.Play().Game()) != before || p.s.Shelf().Len() != 0 {
		t.Fatalf("a full storage: notice %q, shelf %d", p.s.Notice(), p.s.Shelf().Len())
	}
	p.s.Do(Dismiss{})
	p.mem.Quota = 0
	p.do(StartGame{Setup: twoSides(t)})
	if p.s.Shelf().Len() != 1 {
		t.Errorf("room again: %d kept", p.s.Shelf().Len())
	}
}

// TestShelfDiskwars: a Diskwars game is kept when it ends, with its discs and shots.
func TestShelfDiskwars(t *testing.T) {
	p, _ := shelfPhone(t, nil)
	knights := diskwars.Army{Name: "Knights", Discs: []diskwars.DiscCard{{Name: "Knight", DiameterCm: 6.25, Move: 2}}}
	orcs := diskwars.Army{Name: "Orcs", Discs: []diskwars.DiscCard{{Name: "Boyz", DiameterCm: 6.25, Move: 2}}}
	at := func(x, y float64) *[2]float64 { return &[2]float64{x, y} }
	p.do(DWStart{Setup: diskwars.Setup{Armies: [2]diskwars.Army{knights, orcs}, Places: [2][]*[2]float64{{at(20, 20)}, {at(60, 60)}}}, Players: [2]string{"Ana", "Bruno"}})
	p.do(DWEndGame{}) // nothing played: nothing kept
	if p.s.Shelf().Len() != 0 {
		t.Fatal("a game with nothing played is kept")
	}
	p.do(DWStart{Setup: diskwars.Setup{Armies: [2]diskwars.Army{knights, orcs}, Places: [2][]*[2]float64{{at(20, 20)}, {at(60, 60)}}}, Players: [2]string{"Ana", "Bruno"}})
	p.do(Command{Cmd: diskwars.Pass{Disc: 0}})
	p.do(DWEndGame{})
	got := p.s.Shelf().List(Query{Kind: KindDiskwars})
	if len(got) != 1 || !got[0].Over || got[0].Sides[1].Player != "Bruno" || got[0].Sides[0].Characters[0].Name != "Knight" || got[0].Result() != shelf.Drawn {
		t.Fatalf("the Diskwars game: %+v", got)
	}
	p.do(OpenKept{ID: got[0].ID})
	if _, v, ok := p.s.Shelf().Opened(got[0].ID); !ok || v.(diskwars.GameView).State().Names[0] != "Knights" {
		t.Errorf("opened: %v", v)
	}
}

// TestShelfInTheBackup: the shelf goes in a backup and comes back on a fresh device, read again
// from each game's log; games the shelf has already are left as they are.
func TestShelfInTheBackup(t *testing.T) {
	p, now := shelfPhone(t, nil)
	for i := range 3 {
		p.do(StartGame{Setup: armageddon(t), Players: [2]string{"", fmt.Sprint("Opponent ", i)}})
		playSome(t, p)
		*now = now.Add(time.Hour)
	}
	p.do(StartGame{Setup: twoSides(t)})
	bk := p.s.Backup()
	var parsed store.Backup
	if err := json.Unmarshal(bk, &parsed); err != nil || len(parsed.Shelf) != 3 {
		t.Fatalf("the backup's shelf: %d, %v", len(parsed.Shelf), err)
	}
	fresh, _ := shelfPhone(t, nil)
	fresh.do(RestoreFile{Data: bk})
	for i := 0; i < 100; i++ {
		if restoring, _ := fresh.s.Settings().Restoring(); !restoring {
			break
		}
		fresh.do(RestoreStep{})
	}
	got := fresh.s.Shelf().List(Query{})
	if len(got) != 3 || got[0].Sides[1].Player != "Opponent 2" || !strings.Contains(fresh.s.Toast(), "3 games added to the shelf") {
		t.Fatalf("restored: %+v, %q %q", got, fresh.s.Toast(), fresh.s.Notice())
	}
	fresh.do(RestoreFile{Data: bk}) // again: nothing twice
	for i := 0; i < 100; i++ {
		if restoring, _ := fresh.s.Settings().Restoring(); !restoring {
			break
		}
		fresh.do(RestoreStep{})
	}
	if fresh.s.Shelf().Len() != 3 {
		t.Errorf("restored twice: %d", fresh.s.Shelf().Len())
	}
}

// TestShelfOnBothPhones: a game on two phones is kept by both when it ends, each from its own
// side; the guest keeps the host's game again when it brings its own back.
func TestShelfOnBothPhones(t *testing.T) {
	now := time.Date(2026, 11, 29, 20, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	host, guest := newPhone(t, "en", clock), newPhone(t, "es", clock)
	guest.do(StartGame{Setup: twoSides(t)}) // the guest's own game, kept aside while it plays the host's
	playSome(t, guest)
	host.do(StartGame{Setup: armageddon(t)})
	host.do(HostTwoPhones{Kind: KindAnima})
	guest.do(JoinTwoPhones{Kind: KindAnima, Game: host.s.Pair().Duo().Game})
	pass(t, host, guest)
	host.do(Command{Cmd: anima.AdvanceToAction{}})
	pass(t, host, guest)
	guest.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{Side: 1}, Delta: -2}})
	pass(t, host, guest)
	x, _ := host.s.Play().Game().State().Character(anima.Ref{Side: 1})
	host.do(AllowBoth{Both: true})
	pass(t, host, guest)
	host.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{Side: 1}, Delta: -x.LP}})
	pass(t, host, guest)
	hs, gs := host.s.Shelf().List(Query{}), guest.s.Shelf().List(Query{})
	if len(hs) != 1 || len(gs) != 1 || hs[0].ID != gs[0].ID || hs[0].Mine != 0 || gs[0].Mine != 1 || hs[0].Result() != shelf.Won || gs[0].Result() != shelf.Lost {
		t.Fatalf("host's shelf %+v, guest's %+v (%q %q)", hs, gs, host.s.Notice(), guest.s.Notice())
	}
	guest.do(BringBackGame{Kind: KindAnima})
	if n := guest.s.Shelf().Len(); n != 1 || guest.s.Play().Game().State().Over() {
		t.Errorf("the guest's own game back: %d kept", n)
	}

	// The guest of a game left unfinished joins the host's next: the first goes on its shelf.
	join := func() {
		host.do(HostTwoPhones{Kind: KindAnima})
		guest.do(JoinTwoPhones{Kind: KindAnima, Game: host.s.Pair().Duo().Game})
		pass(t, host, guest)
	}
	host.do(StartGame{Setup: armageddon(t)})
	join()
	host.do(Command{Cmd: anima.AdvanceToAction{}})
	host.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{}, Delta: -1}})
	pass(t, host, guest)
	unfinished := guest.s.Play().Game().Len()
	now = now.Add(time.Hour)
	host.do(StartGame{Setup: twoSides(t)})
	join()
	if gs := guest.s.Shelf().List(Query{}); len(gs) != 2 || gs[0].Gestures == 0 || gs[0].Result() != shelf.Left || gs[0].Mine != 1 {
		t.Errorf("the guest's shelf after its second host's game: %+v (the first %d entries)", gs, unfinished)
	}
	if n := host.s.Shelf().Len(); n != 2 {
		t.Errorf("the host's shelf: %d", n)
	}
}

// TestReadLuckInSteps: a thousand lucks are read luckStep at a time, each step's outcome asking
// for the next; a game kept between two steps is in the season all the same.
func TestReadLuckInSteps(t *testing.T) {
	p, _ := shelfPhone(t, nil)
	p.do(StartGame{Setup: armageddon(t)})
	playSome(t, p)
	k, err := shelf.KeepAnima(p.s.play.game.g)
	if err != nil {
		t.Fatal(err)
	}
	var ks []shelf.Kept
	for i := range 250 {
		c := k
		c.Game.ID = fmt.Sprintf("at-%d", i)
		ks = append(ks, c)
	}
	if _, _, err := store.New(p.mem).ShelveAll(nil, ks); err != nil {
		t.Fatal(err)
	}
	p.start()
	out, steps := p.s.Do(ReadLuck{}), 1
	p.do(KeepGame{Kind: KindAnima}) // kept between two steps
	for ; out.Next != nil; steps++ {
		if p.s.Shelf().LuckRead() {
			t.Fatal("read before its last step")
		}
		out = p.s.Do(out.Next)
	}
	if steps != 3 || !p.s.Shelf().LuckRead() {
		t.Fatalf("%d steps, read %v", steps, p.s.Shelf().LuckRead())
	}
	if s := p.s.Shelf().Season(Query{}); len(s) != 1 || s[0].Season.Sides[0].Games != 251 {
		t.Errorf("the season: %+v", s)
	}
}
