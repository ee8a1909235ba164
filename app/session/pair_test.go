package session

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
	"time"

	"rsc.io/qr"

	"gnosis/app/link"
	"gnosis/app/link/linktest"
	"gnosis/app/pair"
	"gnosis/app/store"
	"gnosis/engine/anima"
	"gnosis/engine/catalog"
	"gnosis/engine/diskwars"
	"gnosis/engine/report"
)

// twoSides is a set-up of two parties from the catalog: Light (Nero, Grey) and Dark (Xavier).
func twoSides(t testing.TB) anima.Setup {
	t.Helper()
	cat := catalog.Default()
	var sides [2]anima.SideSetup
	for side, names := range [2][]string{{"Nero", "Grey"}, {"Xavier"}} {
		sides[side] = anima.SideSetup{Name: []string{"Light", "Dark"}[side], EncounterLevel: 250}
		for _, n := range names {
			c, ok := cat.Character(n)
			if !ok {
				t.Fatalf("no %s", n)
			}
			sides[side].Characters = append(sides[side].Characters, c)
		}
	}
	return anima.Setup{Sides: sides}
}

// phone is a Session of a game on two phones, on a device (mem) and a clock it shares with
// the network.
type phone struct {
	t     *testing.T
	s     *Session
	b     *fakeBrowser
	mem   *store.Memory
	lang  string
	clock func() time.Time
	game  string // the game's id, to pair again
}

func newPhone(t *testing.T, lang string, clock func() time.Time) *phone {
	p := &phone{t: t, mem: store.NewMemory(), lang: lang, clock: clock}
	p.start()
	return p
}

func (p *phone) start() {
	p.b = &fakeBrowser{lang: p.lang}
	p.s = New(Config{Backend: p.mem, Where: store.InIndexedDB, Catalog: catalog.Default(), Browser: p.b, Version: "test", Clock: p.clock})
}

// do applies r as the view does: the save after the frame at once.
func (p *phone) do(r Request) Outcome {
	out := p.s.Do(r)
	if out.SaveSoon {
		p.s.Do(SaveNow{})
	}
	return out
}

// pass delivers every message between two phones until both are quiet.
func pass(t *testing.T, a, b *phone) {
	t.Helper()
	for range 20 {
		ma, mb := outgoing(a.s), outgoing(b.s)
		if len(ma) == 0 && len(mb) == 0 {
			return
		}
		for _, m := range ma {
			b.do(LinkReceive{Msg: m})
		}
		for _, m := range mb {
			a.do(LinkReceive{Msg: m})
		}
	}
	t.Fatal("the phones never stop talking")
}

// jsonOf is v as JSON.
func jsonOf(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// logJSON is the game's log as JSON.
func logJSON(t *testing.T, g anima.GameView) string { return jsonOf(t, g.Log()) }

// TestTwoPhonesOneGame: a host shares its game, the guest receives it whole; each phone's taps
// are its own side's, decided by the host and seen on both; a tap for the other phone's side
// is refused in each phone's language; undo goes through the host; a reload of either phone
// keeps the game and the link; the guest may take the game over.
func TestTwoPhonesOneGame(t *testing.T) {
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	host, guest := newPhone(t, "en", clock), newPhone(t, "es", clock)
	host.do(StartGame{Setup: twoSides(t)})
	host.do(HostTwoPhones{Kind: KindAnima})
	d := host.s.Pair().Duo()
	if d == nil || d.Role != link.Host || d.Mine != 0 || len(d.Game) != 12 {
		t.Fatalf("host: %+v", d)
	}
	guest.do(JoinTwoPhones{Kind: KindAnima, Game: d.Game})
	if g := guest.s.Pair().Duo(); g == nil || g.HasGame || g.Mine != 1 {
		t.Fatalf("guest before the game comes: %+v", g)
	}
	for _, m := range outgoing(host.s) {
		t.Fatalf("the host spoke first: %s", m)
	}
	for _, m := range outgoing(guest.s) {
		host.do(LinkReceive{Msg: m})
	}
	for _, m := range outgoing(host.s) {
		guest.do(LinkReceive{Msg: m})
	}
	pass(t, host, guest)
	if guest.s.Play().Game() == nil || logJSON(t, guest.s.Play().Game()) != logJSON(t, host.s.Play().Game()) || !guest.s.Pair().Duo().HasGame {
		t.Fatal("the guest has not the host's game")
	}
	if guest.s.Toast() != "Emparejados: este teléfono tiene la partida del anfitrión." {
		t.Errorf("the guest says %q", guest.s.Toast())
	}

	xavier := anima.Ref{Side: 1}
	guest.do(Command{Cmd: anima.AdjustLP{Ref: xavier, Delta: -1}})
	if w := guest.s.Pair().Duo().Waiting; w != 1 {
		t.Fatalf("waiting %d", w)
	}
	if ch, _ := guest.s.Play().Game().State().Character(xavier); ch.LP != ch.MaxLP {
		t.Fatal("the guest's tap changed its game before the host decided it")
	}
	pass(t, host, guest)
	for _, p := range []*phone{host, guest} {
		if ch, _ := p.s.Play().Game().State().Character(xavier); ch.LP != ch.MaxLP-1 {
			t.Fatalf("LP %d of %d", ch.LP, ch.MaxLP)
		}
	}
	if guest.s.Pair().Duo().Waiting != 0 {
		t.Fatal("still waiting")
	}

	// The other side's counters: refused on both phones, in each one's language.
	nero := anima.Ref{Side: 0}
	if out := host.s.Do(Command{Cmd: anima.AdjustLP{Ref: xavier, Delta: -1}}); out.Taken || host.s.Notice() != "Dark is played on the other phone" {
		t.Fatalf("the host acted for the guest's side: %q", host.s.Notice())
	}
	guest.do(Command{Cmd: anima.AdjustLP{Ref: nero, Delta: -1}})
	pass(t, host, guest)
	if guest.s.Notice() != "Light se juega en el otro teléfono" {
		t.Fatalf("the guest acted for the host's side: %q", guest.s.Notice())
	}
	host.do(AllowBoth{Both: true})
	guest.do(Command{Cmd: anima.AdjustLP{Ref: nero, Delta: -1}})
	pass(t, host, guest)
	if ch, _ := host.s.Play().Game().State().Character(nero); ch.LP != ch.MaxLP-1 || guest.s.Notice() != "" {
		t.Fatalf("with both allowed the guest's tap on the host's side: LP %d, notice %q", ch.LP, guest.s.Notice())
	}

	// Undo from the guest, and a refusal the host's game makes.
	guest.do(UndoRedo{Game: KindAnima, Undo: true})
	pass(t, host, guest)
	if ch, _ := guest.s.Play().Game().State().Character(nero); ch.LP != ch.MaxLP || logJSON(t, guest.s.Play().Game()) != logJSON(t, host.s.Play().Game()) {
		t.Fatal("the guest's undo")
	}
	guest.do(Command{Cmd: anima.AdjustLP{Ref: xavier, Delta: +5}})
	pass(t, host, guest)
	if !strings.HasPrefix(guest.s.Notice(), "R-") || strings.Contains(guest.s.Notice(), "life points") {
		t.Fatalf("a refusal said on the guest: %q", guest.s.Notice())
	}

	// A reload of either phone keeps the game and the link.
	host.start()
	guest.start()
	if host.s.Pair().Duo() == nil || guest.s.Pair().Duo() == nil || guest.s.Pair().Duo().Game != d.Game || host.s.Pair().Duo().Role != link.Host {
		t.Fatalf("after a reload: host %+v, guest %+v", host.s.Pair().Duo(), guest.s.Pair().Duo())
	}
	host.do(Command{Cmd: anima.AdjustLP{Ref: nero, Delta: -2}})
	now = now.Add(link.Heartbeat)
	guest.do(LinkTick{})
	pass(t, host, guest)
	if logJSON(t, guest.s.Play().Game()) != logJSON(t, host.s.Play().Game()) {
		t.Fatal("after a reload the phones differ")
	}

	// The host is gone for good: the guest takes the game over.
	guest.do(EndTwoPhones{})
	guest.start()
	if guest.s.Pair().Duo() != nil || guest.s.Play().Game() == nil {
		t.Fatal("the guest did not keep the game alone")
	}
	guest.do(Command{Cmd: anima.AdjustLP{Ref: nero, Delta: -1}})
	if guest.s.Notice() != "" || len(outgoing(guest.s)) != 0 {
		t.Fatalf("the game alone: %q", guest.s.Notice())
	}
}

// TestOtherPhoneIsTranslated: ErrOtherPhone's message is in the catalogue.
func TestOtherPhoneIsTranslated(t *testing.T) {
	s, _, _ := open(t, nil, "it")
	startGame(t, s)
	h := host[*anima.Game, anima.Command, anima.Event, anima.State]{&s.play.game, &duo{room: &s.room, kind: KindAnima, mine: 1, link: link.New(link.Saved{Role: link.Host, Game: "g"}, nil, time.Now())}}
	st := s.Play().Game().State()
	err := h.mayAct(0, true, false)
	if want := st.Sides[0].Name + " si gioca sull'altro telefono"; !errors.Is(err, ErrOtherPhone) || s.Settings().ErrText(err) != want {
		t.Fatalf("%v: %q, want %q", err, s.Settings().ErrText(err), want)
	}
	err = h.mayAct(1, true, false)
	if err != nil {
		t.Fatalf("the host's own side refused: %v", err)
	}
}

// simPhone is a phone of a simulated game (linktest.Phone): its player taps at random, among
// its own side's counters and activations, the phases, undo and redo, and now and then the
// other side's (refused unless either may act for both).
type simPhone struct {
	*phone
	host     bool
	accepted *[]wireRequest // the requests the host took, in its order
}

func (p *simPhone) Act(r *rand.Rand, _ time.Time) {
	g := p.s.Play().Game()
	if g == nil {
		return
	}
	mine := 0
	if !p.host {
		mine = 1
	}
	if r.IntN(10) == 0 {
		mine = 1 - mine
	}
	st := g.State()
	ref := anima.Ref{Side: mine, Index: r.IntN(len(st.Sides[mine].Characters))}
	var req Request
	var cmd anima.Command
	switch k := r.IntN(20); {
	case k < 6:
		cmd = anima.AdjustLP{Ref: ref, Delta: []int{-1, 1}[r.IntN(2)]}
	case k < 8:
		cmd = anima.AdjustActions{Ref: ref, Delta: []int{-1, 1}[r.IntN(2)]}
	case k < 9:
		cmd = anima.AdjustGnosis{Side: mine, Delta: []int{-1, 1}[r.IntN(2)]}
	case k < 11:
		cmd = anima.AdvancePhase{}
	case k < 13:
		cmd = anima.BeginActivation{Ref: ref}
	case k < 15:
		cmd = anima.EndActivation{Ref: ref}
	case k < 18:
		req = UndoRedo{Game: KindAnima, Undo: true}
	default:
		req = UndoRedo{Game: KindAnima}
	}
	if cmd != nil {
		req = Command{Cmd: cmd}
	}
	before := p.s.Pair().Duo()
	head := p.s.pair.duo.link.Head()
	p.do(req)
	if p.host && p.s.pair.duo.link.Head() != head && before != nil { // taken, and told the guest
		w := wireRequest{}
		switch r := req.(type) {
		case Command:
			w.Cmd, _ = anima.MarshalCommand(r.Cmd.(anima.Command))
		case UndoRedo:
			w.Undo, w.Redo = r.Undo, !r.Undo
		}
		*p.accepted = append(*p.accepted, w)
	}
}

func (p *simPhone) Receive(b []byte, _ time.Time) { p.do(LinkReceive{Msg: b}) }
func (p *simPhone) Tick(time.Time)                { p.do(LinkTick{}) }
func (p *simPhone) Outbox() [][]byte              { return outgoing(p.s) }
func (p *simPhone) Restart(time.Time) {
	p.start()
	if p.s.Pair().Duo() == nil { // the guest stopped before the game came: it pairs again
		p.do(JoinTwoPhones{Kind: KindAnima, Game: p.game})
	}
}

// playTwoPhones plays one seeded game of acts taps on two phones over a network with faults,
// either phone restarted now and then, and checks: both phones end with one log, the log one
// game makes when fed the requests the host took in its order, and no request of the guest
// is left waiting.
func playTwoPhones(t *testing.T, seed uint64, acts int, f linktest.Faults, restart float64) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 34))
	start := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	net := linktest.New(f, r, start)
	clock := func() time.Time { return net.Now }
	var accepted []wireRequest
	guestTaken := 0
	decidedHook = func(w wireRequest) { accepted = append(accepted, w); guestTaken++ }
	defer func() { decidedHook = nil }()
	setup := twoSides(t)
	host := &simPhone{phone: newPhone(t, "en", clock), host: true, accepted: &accepted}
	guest := &simPhone{phone: newPhone(t, "it", clock), accepted: &accepted}
	host.do(StartGame{Setup: setup})
	host.do(HostTwoPhones{Kind: KindAnima})
	first := logJSON(t, host.s.Play().Game())
	guest.game = host.s.Pair().Duo().Game
	guest.do(JoinTwoPhones{Kind: KindAnima, Game: guest.game})
	settled := func() bool {
		h, g := host.s.pair.duo.link.Saved(), guest.s.pair.duo.link.Saved()
		return g.Epoch == h.Epoch && g.Head == h.Head && len(g.Pending) == 0
	}
	if !net.Run(linktest.TestGame{Acts: acts, Step: 500 * time.Millisecond, Restart: restart, Settle: time.Minute, Settled: settled}, [2]linktest.Phone{host, guest}, r) {
		t.Fatalf("seed %d: the phones did not settle: host %+v, guest %+v", seed, host.s.pair.duo.link.Saved().Head, guest.s.pair.duo.link.Saved().Head)
	}
	hl := logJSON(t, host.s.Play().Game())
	if gl := logJSON(t, guest.s.Play().Game()); gl != hl {
		i := 0
		for i < len(gl) && i < len(hl) && gl[i] == hl[i] {
			i++
		}
		t.Fatalf("seed %d: the phones' logs differ at %d:\nhost  %.300s\nguest %.300s", seed, i, hl[max(0, i-100):], gl[max(0, i-100):])
	}
	if hr, gr := jsonOf(t, report.Of(host.s.Play().Game())), jsonOf(t, report.Of(guest.s.Play().Game())); hr != gr { // issue 44: one report on both phones
		t.Fatalf("seed %d: the phones' reports differ", seed)
	}
	var ref anima.Game
	if err := json.Unmarshal([]byte(`{"log":`+first+`}`), &ref); err != nil {
		t.Fatal(err)
	}
	for _, w := range accepted {
		var err error
		switch {
		case w.Undo:
			err = ref.Undo()
		case w.Redo:
			err = ref.Redo()
		default:
			var cmd anima.Command
			if cmd, err = anima.UnmarshalCommand(w.Cmd); err == nil {
				err = ref.Do(cmd)
			}
		}
		if err != nil {
			t.Fatalf("seed %d: one phone refuses a request the host took: %v", seed, err)
		}
	}
	if len(accepted) < acts/5 || guestTaken < acts/20 {
		t.Fatalf("seed %d: only %d requests taken, %d of the guest's, of %d", seed, len(accepted), guestTaken, acts)
	}
	if logJSON(t, &ref) != hl {
		t.Fatalf("seed %d: the log is not what one phone makes of the requests taken (%d)", seed, len(accepted))
	}
}

// TestTwoPhonesUnderFaults: 1,000 seeded games of 300 taps from both phones (100 with -short),
// messages dropped, duplicated, delayed, reordered and cut off, either phone restarted from
// what it saved, end with one log on both phones, the log of one phone fed the requests
// taken in order; no tap taken is lost.
func TestTwoPhonesUnderFaults(t *testing.T) {
	games := 100 // go test ./app/session in a few seconds; make test plays ten times as many
	if os.Getenv("GNOSIS_LONG_TESTS") != "" {
		games = 1000
	}
	faults := linktest.Faults{Drop: 0.2, Duplicate: 0.1, MaxDelay: 3 * time.Second, Partition: 0.01, PartitionFor: 20 * time.Second}
	for seed := range uint64(games) {
		playTwoPhones(t, seed, 300, faults, 0.02)
	}
}

func dwLog(t *testing.T, p *phone) string { return jsonOf(t, p.s.Diskwars().Game().Log()) }

// startDiskwars starts a Diskwars game on p: Empire's Knights (disc 0) against the Orcs' Boyz
// (disc 1), the Orcs first.
func startDiskwars(p *phone) {
	knights := diskwars.Army{Name: "Empire", Discs: []diskwars.DiscCard{{Name: "Knights", DiameterCm: 5, Move: 4}}}
	orcs := diskwars.Army{Name: "Orcs", Discs: []diskwars.DiscCard{{Name: "Boyz", DiameterCm: 6.25, Move: 2}}}
	at := func(x, y float64) *[2]float64 { return &[2]float64{x, y} }
	p.do(DWStart{Setup: diskwars.Setup{Armies: [2]diskwars.Army{knights, orcs}, First: 1, Places: [2][]*[2]float64{{at(20, 20)}, {at(60, 60)}}}})
}

// TestTwoPhonesDiskwars: a Diskwars game pairs and keeps in step the same way: the guest gets
// the game, activates its own disc, is refused the host's, and undoes through the host.
func TestTwoPhonesDiskwars(t *testing.T) {
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	clock := func() time.Time { return now }
	host, guest := newPhone(t, "en", clock), newPhone(t, "en", clock)
	startDiskwars(host)
	host.do(HostTwoPhones{Kind: KindDiskwars})
	guest.do(JoinTwoPhones{Kind: KindDiskwars, Game: host.s.Pair().Duo().Game})
	pass(t, host, guest)
	if guest.s.Diskwars().Game() == nil || dwLog(t, guest) != dwLog(t, host) {
		t.Fatal("the guest has not the host's Diskwars game")
	}
	guest.do(Command{Cmd: diskwars.Activate{Disc: 0}}) // the host's Knights
	pass(t, host, guest)
	if guest.s.Notice() != "Empire is played on the other phone" {
		t.Fatalf("notice %q", guest.s.Notice())
	}
	guest.do(Command{Cmd: diskwars.Activate{Disc: 1}})
	pass(t, host, guest)
	if st := host.s.Diskwars().Game().State(); st.Active != 1 || dwLog(t, guest) != dwLog(t, host) {
		t.Fatalf("the guest's activation: active %d", st.Active)
	}
	guest.do(UndoRedo{Game: KindDiskwars, Undo: true})
	pass(t, host, guest)
	if dwLog(t, guest) != dwLog(t, host) || len(host.s.Diskwars().Game().Log()) != 1 {
		t.Fatalf("the guest's undo: %d entries", len(host.s.Diskwars().Game().Log()))
	}
	guest.start()
	if d := guest.s.Pair().Duo(); d == nil || d.Kind != KindDiskwars || !d.HasGame {
		t.Fatalf("after a reload: %+v", d)
	}
}

// TestSyncByQR: with no connection, the phones keep in step by codes shown and scanned: the
// guest's code carries its waiting request to the host, the host's its steps to the guest,
// ten taps' worth in a QR code of version 20 or less.
func TestSyncByQR(t *testing.T) {
	host, guest := paired(t)
	// The connection is gone: what the phones send is lost.
	for i := 0; i < 10; i++ {
		host.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{Side: 0, Index: i % 2}, Delta: -1}})
	}
	guest.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{Side: 1}, Delta: -1}})
	outgoing(host.s)
	outgoing(guest.s)
	scan := func(from, to *phone) {
		t.Helper()
		from.do(MakeSyncMessage{})
		code := pair.SyncCode(from.s.Pair().SyncMessage())
		q, err := qr.Encode(code, qr.M)
		if err != nil {
			t.Fatal(err)
		}
		v := (q.Size - 17) / 4
		t.Logf("a sync code of %d bytes of message, %d characters: QR version %d", len(from.s.Pair().SyncMessage()), len(code), v)
		if v > 20 {
			t.Fatalf("a sync code of version %d (%d characters)", v, len(code))
		}
		msg, err := pair.ParseSyncCode(code)
		if err != nil {
			t.Fatal(err)
		}
		to.do(LinkReceive{Msg: msg})
	}
	scan(guest, host) // the guest's request
	scan(host, guest) // ten of the eleven steps: the host's ten taps
	if logJSON(t, guest.s.Play().Game()) == logJSON(t, host.s.Play().Game()) {
		t.Fatal("eleven steps in a code of ten")
	}
	scan(guest, host) // the guest says how far it is
	scan(host, guest) // the guest's tap
	if logJSON(t, guest.s.Play().Game()) != logJSON(t, host.s.Play().Game()) || guest.s.Pair().Duo().Waiting != 0 {
		t.Fatalf("after the codes: waiting %d", guest.s.Pair().Duo().Waiting)
	}
	if ch, _ := guest.s.Play().Game().State().Character(anima.Ref{Side: 1}); ch.LP != ch.MaxLP-1 {
		t.Fatalf("the guest's tap: LP %d", ch.LP)
	}
}

// TestTheGuestsCommandIsSent: a guest's command says it went to the host (the sheets close on
// it rather than wait for a result that comes as the host's step).
func TestTheGuestsCommandIsSent(t *testing.T) {
	host, guest := paired(t)
	if out := guest.do(Command{Cmd: anima.AdvanceToAction{}}); !out.Sent || out.Taken {
		t.Fatalf("the guest's command: %+v", out)
	}
	if out := host.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{}, Delta: -1}}); out.Sent || !out.Taken {
		t.Fatalf("the host's command: %+v", out)
	}
}

// paired is a host with a game of twoSides and its guest, paired, in English, at a fixed time.
func paired(t *testing.T) (host, guest *phone) {
	t.Helper()
	clock := func() time.Time { return time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC) }
	host, guest = newPhone(t, "en", clock), newPhone(t, "en", clock)
	host.do(StartGame{Setup: twoSides(t)})
	host.do(HostTwoPhones{Kind: KindAnima})
	guest.do(JoinTwoPhones{Kind: KindAnima, Game: host.s.Pair().Duo().Game})
	pass(t, host, guest)
	return host, guest
}

// TestTheHostsRollsAreSaidOnTheGuest: what the host rolled (here the roll for who acts first,
// the next phase's checks aside) is said on the guest, its dice with it, in the tracker's line
// about the other phone (never a toast over the guest's own sheet); a counter is not.
func TestTheHostsRollsAreSaidOnTheGuest(t *testing.T) {
	host, guest := paired(t)
	guest.do(ToastGone{Count: guest.s.saidCount})
	host.do(Command{Cmd: anima.AdjustLP{Ref: anima.Ref{}, Delta: -1}})
	pass(t, host, guest)
	if guest.s.Toast() != "" {
		t.Fatalf("a counter said %q", guest.s.Toast())
	}
	xavier, nero := anima.Ref{Side: 1}, anima.Ref{}
	for _, c := range []anima.Command{anima.SetEngaged{A: nero, B: xavier, Engaged: true}, anima.AdvanceToAction{}, anima.BeginActivation{Ref: nero}} {
		if out := host.do(Command{Cmd: c}); !out.Taken {
			t.Fatalf("%T: %s", c, host.s.Notice())
		}
	}
	if out := host.do(Command{Cmd: anima.Attack{Attacker: nero, Target: xavier}, Dice: []int{7}}); !out.Taken {
		t.Fatalf("the attack: %s", host.s.Notice())
	}
	pass(t, host, guest)
	if said := guest.s.Elsewhere(); !strings.Contains(said, "7") || strings.Contains(guest.s.Toast(), "7") {
		t.Fatalf("the guest says %q of the host's attack (toast %q: the other phone's words are no toast)", said, guest.s.Toast())
	}
}

// TestTheGuestsRollsAreSaidOnTheHost: what a guest's command rolled is said on the host.
func TestTheGuestsRollsAreSaidOnTheHost(t *testing.T) {
	host, guest := paired(t)
	host.do(AllowBoth{Both: true})
	xavier, nero := anima.Ref{Side: 1}, anima.Ref{}
	for _, c := range []anima.Command{anima.SetEngaged{A: nero, B: xavier, Engaged: true}, anima.AdvanceToAction{}} {
		host.do(Command{Cmd: c})
	}
	pass(t, host, guest)
	first := host.s.Play().Game().State().Flow.First // the side that activates first
	attacker, target := anima.Ref{Side: first}, anima.Ref{Side: 1 - first}
	// Two taps before the host answers the first: the second is checked on the host, after
	// the first (on the guest the attacker is not active yet).
	guest.do(Command{Cmd: anima.BeginActivation{Ref: attacker}})
	guest.do(Command{Cmd: anima.Attack{Attacker: attacker, Target: target}, Dice: []int{8}})
	pass(t, host, guest)
	if said := host.s.Elsewhere(); !strings.Contains(said, "8") {
		t.Fatalf("the host says %q of the guest's attack (notice %q)", said, guest.s.Notice())
	}
}

// outgoing is what phone s lets go to the other phone now (TakeOutgoing).
func outgoing(s *Session) [][]byte { return s.Do(TakeOutgoing{}).Messages }
