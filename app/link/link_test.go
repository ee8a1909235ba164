package link

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"gnosis/app/link/linktest"
)

// tally is a game for the link's tests: a list of numbers; a request adds one, refused when
// the total would go below 0.
type tally struct{ ns []int }

func (g *tally) total() int {
	t := 0
	for _, n := range g.ns {
		t += n
	}
	return t
}

func (g *tally) Decide(req []byte) ([]byte, Texts) {
	var n int
	if json.Unmarshal(req, &n) != nil || g.total()+n < 0 {
		return nil, Texts{"en": fmt.Sprintf("%s: below 0", req), "es": "bajo 0", "it": "sotto 0"}
	}
	g.ns = append(g.ns, n)
	return req, nil
}

func (g *tally) Apply(op []byte) error {
	var n int
	if err := json.Unmarshal(op, &n); err != nil {
		return err
	}
	g.ns = append(g.ns, n)
	return nil
}

func (g *tally) Snapshot() ([]byte, error) { return json.Marshal(g.ns) }
func (g *tally) Restore(b []byte) error    { g.ns = nil; return json.Unmarshal(b, &g.ns) }

// phone is a phone of the simulation: its game and link, and what it saved (the game and the
// link together, after every change, before anything is sent).
type phone struct {
	role Role
	game *tally
	link *Link
	disk struct {
		game []byte
		link Saved
	}
	asked        []int  // guest: the requests' bodies, by number - 1
	decided      *[]int // the requests taken, in the host's order (its taps and the guest's)
	refused      int
	guestDecided int // host: the guest's requests decided (taken or refused)
}

func (p *phone) save() {
	p.disk.game, _ = p.game.Snapshot()
	p.disk.link = p.link.Saved()
}

func (p *phone) Act(r *rand.Rand, now time.Time) {
	n := r.IntN(7) - 3
	b, _ := json.Marshal(n)
	if p.role == Host {
		op, refused := p.game.Decide(b)
		if refused == nil {
			p.link.Tapped(op, now)
			*p.decided = append(*p.decided, n)
		}
	} else {
		if p.link.Ask(b, now) != 0 { // a guest without the host's game asks nothing
			p.asked = append(p.asked, n)
		}
	}
	p.save()
}

func (p *phone) Receive(b []byte, now time.Time) {
	r := p.link.Receive(b, now)
	p.refused += len(r.Refused)
	p.save()
}

func (p *phone) Tick(now time.Time) { p.link.Tick(now); p.save() }
func (p *phone) Outbox() [][]byte   { return p.link.Outbox() }

func (p *phone) Restart(now time.Time) {
	p.game = &tally{}
	p.game.Restore(p.disk.game)
	var g Game = p.game
	if p.role == Host {
		g = hostGame{p}
	}
	p.link = New(p.disk.link, g, now)
}

// hostGame decides the guest's requests and records them in the host's order.
type hostGame struct {
	*phone
}

func (h hostGame) Decide(req []byte) ([]byte, Texts) {
	op, refused := h.game.Decide(req)
	h.guestDecided++
	if refused == nil {
		var n int
		json.Unmarshal(req, &n)
		*h.decided = append(*h.decided, n)
	}
	return op, refused
}
func (h hostGame) Apply(op []byte) error     { return h.game.Apply(op) }
func (h hostGame) Snapshot() ([]byte, error) { return h.game.Snapshot() }
func (h hostGame) Restore(b []byte) error    { return h.game.Restore(b) }

// pair makes a host and a guest of one game, paired: the guest has no game until the host
// sends it.
func pair(start []int, now time.Time) (host, guest *phone, decided *[]int) {
	decided = new([]int)
	host = &phone{role: Host, game: &tally{ns: start}, decided: decided}
	host.link = New(Saved{Role: Host, Game: "g1"}, hostGame{host}, now)
	host.link.Pair()
	guest = &phone{role: Guest, game: &tally{}, decided: decided}
	guest.link = New(Saved{Role: Guest, Game: "g1"}, guest.game, now)
	guest.link.Tick(now) // the guest speaks first: the host answers with the game
	host.save()
	guest.save()
	return host, guest, decided
}

var faulty = linktest.Faults{Drop: 0.2, Duplicate: 0.1, MaxDelay: 3 * time.Second, Partition: 0.01, PartitionFor: 20 * time.Second}

// play plays a game of acts taps from both phones over a network with faults f, each phone
// restarted with the chance restart per tap, and checks what the link promises: both phones
// end with the same game, the game one phone fed the taken requests in the host's order
// makes, and every request of the guest was decided once.
func play(t *testing.T, seed uint64, acts int, f linktest.Faults, restart float64) {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 34))
	start := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	host, guest, decided := pair([]int{5}, start)
	net := linktest.New(f, r, start)
	settled := func() bool {
		return len(guest.link.Waiting()) == 0 && guest.link.Head() == host.link.Head() && guest.link.s.Epoch == host.link.s.Epoch
	}
	if !net.Run(linktest.TestGame{Acts: acts, Step: 500 * time.Millisecond, Restart: restart, Settle: time.Minute, Settled: settled}, [2]linktest.Phone{host, guest}, r) {
		t.Fatalf("seed %d: did not settle: host %+v e%d, guest %+v e%d waiting %d", seed, host.link.Head(), host.link.s.Epoch, guest.link.Head(), guest.link.s.Epoch, len(guest.link.Waiting()))
	}
	if !slices.Equal(host.game.ns, guest.game.ns) {
		t.Fatalf("seed %d: host %v, guest %v", seed, host.game.ns, guest.game.ns)
	}
	if want := append([]int{5}, *decided...); !slices.Equal(host.game.ns, want) {
		t.Fatalf("seed %d: the game is %v, the taken requests make %v", seed, host.game.ns, want)
	}
	if host.guestDecided != len(guest.asked) {
		t.Fatalf("seed %d: the guest asked %d times, the host decided %d", seed, len(guest.asked), host.guestDecided)
	}
}

// TestTwoPhonesAgreeUnderFaults: 1,000 seeded games of 300 taps from both phones, messages
// dropped, duplicated, delayed, reordered and cut off, either phone restarted from what it
// saved, end with one game on both phones, no tap lost or taken twice.
func TestTwoPhonesAgreeUnderFaults(t *testing.T) {
	games := 1000
	if testing.Short() {
		games = 100
	}
	for seed := range uint64(games) {
		play(t, seed, 300, faulty, 0.02)
	}
}

// TestPerfectNetwork: with nothing lost, the guest's taps are answered within one exchange.
func TestPerfectNetwork(t *testing.T) {
	play(t, 1, 300, linktest.Faults{}, 0)
}

// exchange delivers every message between the two phones until neither has anything to say.
func exchange(t *testing.T, host, guest *phone, now time.Time) (reports []Report) {
	t.Helper()
	for range 20 {
		hb, gb := host.link.Outbox(), guest.link.Outbox()
		if len(hb) == 0 && len(gb) == 0 {
			return reports
		}
		for _, b := range hb {
			reports = append(reports, guest.link.Receive(b, now))
		}
		for _, b := range gb {
			host.link.Receive(b, now)
		}
	}
	t.Fatal("the phones never stop talking")
	return nil
}

// TestRefusalReachesTheGuest: a request the host's game refuses comes back to the guest with
// the refusal in every language, and is no longer waiting.
func TestRefusalReachesTheGuest(t *testing.T) {
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	host, guest, _ := pair([]int{5}, now)
	exchange(t, host, guest, now)
	id := guest.link.Ask([]byte("-9"), now)
	if w := guest.link.Waiting(); len(w) != 1 || w[0].ID != id {
		t.Fatalf("waiting %+v", w)
	}
	var refused []Texts
	for _, r := range exchange(t, host, guest, now) {
		refused = append(refused, r.Refused...)
	}
	if len(refused) != 1 || refused[0]["es"] != "bajo 0" || len(guest.link.Waiting()) != 0 {
		t.Fatalf("refused %v, waiting %v", refused, guest.link.Waiting())
	}
	if !slices.Equal(guest.game.ns, []int{5}) || guest.link.Head() != host.link.Head() {
		t.Fatalf("guest %v at %v, host at %v", guest.game.ns, guest.link.Head(), host.link.Head())
	}
}

// TestLostAndBack: a phone that hears nothing for LostAfter says the link is lost, and says
// it is back when the other is heard again.
func TestLostAndBack(t *testing.T) {
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	host, guest, _ := pair([]int{5}, now)
	exchange(t, host, guest, now)
	if guest.link.Lost() || host.link.Lost() {
		t.Fatal("lost at once")
	}
	if r := guest.link.Tick(now.Add(LostAfter - time.Millisecond)); r.Lost {
		t.Fatal("lost too soon")
	}
	if r := guest.link.Tick(now.Add(LostAfter)); !r.Lost || !guest.link.Lost() {
		t.Fatal("not lost after LostAfter")
	}
	host.link.Tick(now.Add(LostAfter))
	var back bool
	for _, b := range host.link.Outbox() {
		back = back || guest.link.Receive(b, now.Add(LostAfter)).Linked
	}
	if !back || guest.link.Lost() {
		t.Fatal("not back after a heartbeat")
	}
}

// TestMessagesNotForThisLink: another game's message, another version's, one from a phone of
// the same role and one that is not JSON are refused and change nothing.
func TestMessagesNotForThisLink(t *testing.T) {
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	host, guest, _ := pair([]int{5}, now)
	exchange(t, host, guest, now)
	head := guest.link.Head()
	for b, want := range map[string]error{
		`{"v":1,"g":"other","from":"host","e":1,"head":{"n":0,"h":""},"snap":[1]}`: ErrOtherGame,
		`{"v":2,"g":"g1","from":"host","e":9,"head":{"n":0,"h":""},"snap":[1]}`:    ErrProtocol,
		`{"v":1,"g":"g1","from":"guest","e":9,"head":{"n":0,"h":""}}`:              ErrSameRole,
		`{"v":1,"g":"g1","from":"judge","e":9,"head":{"n":0,"h":""}}`:              ErrProtocol,
		`not json`: ErrProtocol,
	} {
		if r := guest.link.Receive([]byte(b), now); !errors.Is(r.Err, want) {
			t.Errorf("%s: %v, want %v", b, r.Err, want)
		}
	}
	if guest.link.Head() != head || !slices.Equal(guest.game.ns, []int{5}) {
		t.Fatal("a refused message changed the guest")
	}
}

// TestTheHostsLogWins: a guest whose game is not the host's (its own steps, or another game
// saved under the same id) gets the host's whole game and says so.
func TestTheHostsLogWins(t *testing.T) {
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	host, guest, _ := pair([]int{5}, now)
	exchange(t, host, guest, now)
	host.link.Tapped([]byte("1"), now)
	host.game.ns = append(host.game.ns, 1)
	exchange(t, host, guest, now)
	// The guest's copy goes astray: a step of its own, hashed as if the host had made it.
	guest.game.ns = append(guest.game.ns, 3)
	bad := Step{Seq: guest.link.s.Head.Seq + 1, Op: []byte("3")}
	bad.Hash = chain(guest.link.s.Head.Hash, bad)
	guest.link.s.Head = Head{Seq: bad.Seq, Hash: bad.Hash}
	guest.link.Tick(now.Add(Heartbeat))
	var reset bool
	for _, r := range exchange(t, host, guest, now.Add(Heartbeat)) {
		reset = reset || r.Reset
	}
	if !reset || !slices.Equal(guest.game.ns, host.game.ns) || guest.link.Head() != host.link.Head() {
		t.Fatalf("reset %v: guest %v at %v, host %v at %v", reset, guest.game.ns, guest.link.Head(), host.game.ns, host.link.Head())
	}
}

// TestTheHostSaysWhatChanged: a request of the guest the host decides is news on the host too
// (its screen redraws), and a refused one is answered without changing its game.
func TestTheHostSaysWhatChanged(t *testing.T) {
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	host, guest, _ := pair([]int{5}, now)
	exchange(t, host, guest, now)
	for body, changed := range map[string]bool{"2": true, "-99": false} {
		id := guest.link.Ask([]byte(body), now)
		var r Report
		for _, b := range guest.link.Outbox() {
			r = host.link.Receive(b, now)
		}
		if r.Changed != changed || !slices.Equal(r.Answered, []int{id}) {
			t.Errorf("%s: the host's report %+v", body, r)
		}
		exchange(t, host, guest, now)
	}
}

// TestNoRequestOffTheHostsGame: a guest that has not the host's game asks nothing, and the host
// decides only requests made on its game: one of epoch 0 (a guest's own game) or seen at a
// point past the host's log is answered as not taken, never decided, and a message of an
// earlier epoch decides nothing.
func TestNoRequestOffTheHostsGame(t *testing.T) {
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	host, guest, decided := pair([]int{5}, now)
	if id := guest.link.Ask([]byte("1"), now); id != 0 || len(guest.link.Waiting()) != 0 {
		t.Fatalf("a guest without the game asked: %d", id)
	}
	exchange(t, host, guest, now)
	if !guest.link.HasGame() {
		t.Fatal("no game after the exchange")
	}
	e := host.link.s.Epoch
	for _, m := range []Message{
		{V: Protocol, Game: "g1", From: Guest, Epoch: e, Head: host.link.Head(), Run: guest.link.run, Reqs: []GuestRequest{{ID: 1, Epoch: 0, Body: []byte("2")}}},
		{V: Protocol, Game: "g1", From: Guest, Epoch: e, Head: host.link.Head(), Run: guest.link.run, Reqs: []GuestRequest{{ID: 2, Epoch: e, Seen: Head{Seq: 99}, Body: []byte("2")}}},
		{V: Protocol, Game: "g1", From: Guest, Epoch: e - 1, Head: host.link.Head(), Run: guest.link.run, Reqs: []GuestRequest{{ID: 3, Epoch: e, Body: []byte("2")}}},
	} {
		b, _ := json.Marshal(m)
		host.link.Receive(b, now)
	}
	if len(*decided) != 0 || host.link.s.Answered != 2 {
		t.Fatalf("decided %v, answered %d: want nothing decided, two answered as not taken", *decided, host.link.s.Answered)
	}
	for _, s := range host.link.s.Steps {
		if s.Req > 0 && s.Refused["en"] != notOnThisGame["en"] {
			t.Errorf("request %d: %v", s.Req, s.Refused)
		}
	}
}

// TestGuestBehindWhatItAcknowledged: a guest that starts again from a save behind the head it
// had acknowledged (its storage failed) is given the whole game and told, instead of waiting
// for steps the host no longer keeps; a late message of its earlier run changes nothing.
func TestGuestBehindWhatItAcknowledged(t *testing.T) {
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	host, guest, _ := pair([]int{5}, now)
	exchange(t, host, guest, now)
	old := guest.link.Saved() // what its storage kept
	late := guest.link.Message(MaxSteps)
	for i := range 3 {
		host.link.Tapped([]byte("1"), now)
		host.game.ns = append(host.game.ns, 1)
		exchange(t, host, guest, now.Add(time.Duration(i)*time.Millisecond))
	}
	if host.link.s.Acked != guest.link.Head() {
		t.Fatal("not acknowledged")
	}
	guest.game.ns = []int{5} // the game as saved with old
	later := now.Add(time.Minute)
	guest.link = New(old, guest.game, later)
	guest.link.Tick(later)
	var reset bool
	for _, r := range exchange(t, host, guest, later) {
		reset = reset || r.Reset
	}
	if !reset || !slices.Equal(guest.game.ns, host.game.ns) || guest.link.Head() != host.link.Head() {
		t.Fatalf("reset %v: guest %v at %v, host %v at %v", reset, guest.game.ns, guest.link.Head(), host.game.ns, host.link.Head())
	}
	e := host.link.s.Epoch
	host.link.Receive(late, later) // sent before the restart: old news
	if host.link.s.Epoch != e || len(host.link.Outbox()) != 0 {
		t.Error("a late message of the guest's earlier run began an epoch or was answered")
	}
}

// TestBoundedHost: a guest sending 200 heads the host does not know begins at most a few
// epochs and is sent the game at most once a SnapshotEvery; a refusal kept in a step is cut to
// MaxRefusal in each language; a host playing alone keeps at most MaxKept steps, so that what
// it saves for each tap stays the same size however long the guest is away.
func TestBoundedHost(t *testing.T) {
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	host, guest, _ := pair([]int{5}, now)
	exchange(t, host, guest, now)
	e, snaps := host.link.s.Epoch, 0
	for i := range 200 {
		at := now.Add(time.Duration(i) * 10 * time.Millisecond)
		m := Message{V: Protocol, Game: "g1", From: Guest, Epoch: host.link.s.Epoch, Head: Head{Seq: 1000 + i, Hash: fmt.Sprint(i)}, Run: guest.link.run}
		b, _ := json.Marshal(m)
		host.link.Receive(b, at)
		for _, out := range host.link.Outbox() {
			var m Message
			json.Unmarshal(out, &m)
			if m.Snapshot != nil {
				snaps++
			}
		}
	}
	if epochs := host.link.s.Epoch - e; epochs > 3 || snaps > 3 {
		t.Errorf("200 unknown heads in 2 s: %d new epochs, %d games sent", epochs, snaps)
	}
	host2, guest2, _ := pair([]int{5}, now)
	exchange(t, host2, guest2, now)
	big := make([]byte, 3000)
	for i := range big {
		big[i] = '9'
	}
	guest2.link.Ask(big, now) // the tally refuses it, echoing it: a long refusal
	exchange(t, host2, guest2, now)
	for _, s := range host2.link.Saved().Steps {
		for lang, txt := range s.Refused {
			if len(txt) > MaxRefusal+len("…") {
				t.Errorf("a refusal of %d bytes in %s kept", len(txt), lang)
			}
		}
	}
	var sizes []int
	for i := range 1500 {
		host.link.Tapped([]byte("1"), now.Add(time.Hour))
		if i%500 == 499 {
			b, _ := json.Marshal(host.link.Saved())
			sizes = append(sizes, len(b))
		}
	}
	if len(host.link.s.Steps) > MaxKept || sizes[2] > sizes[0]+200 {
		t.Errorf("%d steps kept, saved sizes %v over 1,500 taps", len(host.link.s.Steps), sizes)
	}
}

// TestSyncMessageBounded: the message carried by hand holds at most the count asked for, of
// steps or of the guest's waiting requests.
func TestSyncMessageBounded(t *testing.T) {
	now := time.Date(2026, 11, 27, 20, 0, 0, 0, time.UTC)
	host, guest, _ := pair([]int{5}, now)
	exchange(t, host, guest, now)
	for range 150 {
		guest.link.Ask([]byte("1"), now)
	}
	var m Message
	json.Unmarshal(guest.link.Message(10), &m)
	if len(m.Reqs) != 10 || m.Reqs[0].ID != 1 {
		t.Fatalf("%d requests, the first %d", len(m.Reqs), m.Reqs[0].ID)
	}
}
