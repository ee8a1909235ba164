// Package link keeps one game in step on two phones. The host phone orders the game: it
// decides every request, its own taps and the guest's, with the engine exactly as a
// one-phone game does, and numbers what it decided as steps of one log, each step's hash
// chained to the one before. The guest sends its requests and applies the host's steps.
//
// The transport between the phones (a WebRTC data channel, or QR codes shown and scanned)
// may drop, duplicate, delay and reorder messages, and either phone may stop and start again
// from what it saved: every message carries the sender's head (sequence number and hash),
// the guest resends the requests the host has not answered, the host resends the steps the
// guest has not acknowledged, and a guest whose log is not the host's is given the whole
// game (the host's log wins). A Link is plain Go: it never reads a clock (the caller passes
// the time) and never sends by itself (Outbox), so that the caller saves what changed before
// anything leaves the phone, and a tap the other phone was told of is on the device.
package link

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Role is what a phone is in a paired game.
type Role string

// The roles.
const (
	Host  Role = "host"  // orders the game: decides every request
	Guest Role = "guest" // sends its requests, applies the host's steps
)

// Protocol is the version of the messages; a phone refuses another version's.
const Protocol = 1

// Times and bounds of the link.
const (
	Heartbeat = 2 * time.Second // a phone that sent nothing for this long sends its head
	LostAfter = 6 * time.Second // a phone that heard nothing for this long says the link is lost
	MaxSteps  = 64              // the most steps (or requests) in one message; the rest follow the next ack
	// MaxKept is the most steps the host keeps for a guest that has not acknowledged them:
	// past it the guest is given the whole game when it is back (a new epoch), so that a host
	// playing on alone saves no more for each tap however long the guest is away.
	MaxKept = 2 * MaxSteps
	// MaxRequest is the longest request of the guest the host reads (bytes): a longer one is
	// refused unread. MaxRefusal is the longest refusal kept in a step, in each language.
	MaxRequest = 4 << 10
	MaxRefusal = 400
)

// Transport carries a phone's messages to the other phone as it can: it may lose, repeat,
// delay and reorder them (the link makes good every loss). Send reports whether the message
// left (a closed connection: false). The browser's WebRTC data channel is one (app/ui); an
// in-memory network with faults is another (linktest).
type Transport interface {
	Send(msg []byte) bool
}

// Game is the game a Link keeps in step: the Session gives one for each game it plays.
type Game interface {
	// Decide takes a request of the guest as a tap on the host would be taken: the operation
	// to log (which Apply replays on the guest; nil when the request changed nothing), or the
	// refusal in every language of the app ("en", "es", "it": what the guest shows).
	Decide(req []byte) (op []byte, refused Texts)
	// Apply replays an operation the host decided; an error says this game is not the
	// host's (the guest then asks for the whole game).
	Apply(op []byte) error
	// Snapshot is the whole game, which Restore reads back on the other phone.
	Snapshot() ([]byte, error)
	// Restore replaces the game by a Snapshot of the host's.
	Restore(snapshot []byte) error
}

// Texts is a message in each language of the app: "en", "es", "it".
type Texts map[string]string

// Step is one entry of the shared log: what the host decided, in order. A step answers a
// request of the guest (Req, its number) or is a tap on the host (Req 0). Op is the
// operation (Game.Apply), nil when nothing changed; Refused is a request of the guest that
// the game refused.
type Step struct {
	Seq     int             `json:"n"`
	Req     int             `json:"r,omitempty"`
	Op      json.RawMessage `json:"op,omitempty"`
	Refused Texts           `json:"no,omitempty"`
	Hash    string          `json:"h"`
}

// chain is the hash of s after the step whose hash is prev: hex of the first 16 bytes of
// SHA-256 over prev and s's fields.
func chain(prev string, s Step) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%d\n%d\n", prev, s.Seq, s.Req)
	h.Write(s.Op)
	h.Write([]byte{'\n'})
	if s.Refused != nil {
		b, _ := json.Marshal(s.Refused) // a map's keys are written sorted
		h.Write(b)
	}
	return hex.EncodeToString(h.Sum(nil)[:16])
}

// Head is a point of the log: the sequence number of its last step and that step's hash.
type Head struct {
	Seq  int    `json:"n"`
	Hash string `json:"h"`
}

// GuestRequest is a request of the guest: its number (1, 2, … on the guest), the epoch and the
// head of the log it saw when its player tapped, and the request as the Game reads it. The
// host decides only a request made on its game: in an epoch of the link (not 0: a guest that
// has not the host's game asks nothing) and at a point of a log no longer than the host's.
type GuestRequest struct {
	ID    int             `json:"id"`
	Epoch int             `json:"e,omitempty"`
	Seen  Head            `json:"seen"`
	Body  json.RawMessage `json:"body"`
}

// Message is what one phone sends the other. Every message carries the protocol, the game,
// the epoch and the sender's head; Reqs are the guest's requests not yet answered, Steps the
// host's steps after the guest's head, Snapshot the whole game (a new epoch: at pairing, or
// when the guest's log was not the host's). A message of an earlier epoch is stale: it was
// delayed, or the guest has yet to receive the game.
type Message struct {
	V        int             `json:"v"`
	Game     string          `json:"g"`
	From     Role            `json:"from"`
	Epoch    int             `json:"e"` // how many times the host gave the guest the whole game
	Head     Head            `json:"head"`
	Run      int64           `json:"run,omitempty"` // guest: when its link started, to tell a restart from a late message
	Answered int             `json:"ans,omitempty"` // host: the last request of the guest it answered
	Reqs     []GuestRequest  `json:"reqs,omitempty"`
	Steps    []Step          `json:"steps,omitempty"`
	Snapshot json.RawMessage `json:"snap,omitempty"`
	Keeps    int             `json:"keeps,omitempty"` // how many times the sender's player kept the game on its shelf (Link.Keep)
}

// Errors of a message that is not for this link.
var (
	ErrProtocol  = errors.New("a message of another version of the link")
	ErrOtherGame = errors.New("a message of another game")
	ErrSameRole  = errors.New("a message from a phone of the same role")
)

// Saved is what a Link keeps on the device, beside the game: enough to go on after the app
// stops, whatever it stopped in the middle of.
type Saved struct {
	Role  Role   `json:"role"`
	Game  string `json:"game"`
	Epoch int    `json:"epoch"` // the guest's epoch is 0 until it has the game
	Head  Head   `json:"head"`
	// Host: the guest's head it last heard (it has everything up to there), and the steps
	// after it, which the guest may not have; the last request of the guest it answered.
	Acked    Head   `json:"acked"`
	Steps    []Step `json:"steps,omitempty"`
	Answered int    `json:"answered,omitempty"`
	GuestRun int64  `json:"guest_run,omitempty"` // the guest's latest run heard (Message.Run)
	// Guest: its requests not yet answered, and the number of its next.
	Pending []GuestRequest `json:"pending,omitempty"`
	NextReq int            `json:"next,omitempty"`
	// Both: how many times this phone's player kept the game on its shelf (Keep), and the
	// count of the other phone's last heard (Report.Keep when it grows).
	Keeps      int `json:"keeps,omitempty"`
	KeepsHeard int `json:"keeps_heard,omitempty"`
}

// Report is what a message or a tick did, for the screen.
type Report struct {
	Changed  bool    // the game changed (steps applied, or the whole game restored)
	Refused  []Texts // guest: its requests the host refused, in order
	Answered []int   // guest: its requests the host answered (taken or refused)
	Reset    bool    // guest: its log was not the host's; it now has the host's game
	Linked   bool    // the other phone was heard after a silence (or for the first time)
	Keep     bool    // the other phone's player kept the game on its shelf: this phone keeps it too
	Lost     bool    // nothing heard for LostAfter: the link is lost
	Err      error   // a message refused (another game, another version, unreadable)
}

// Link is one phone's side of a paired game.
type Link struct {
	s         Saved
	game      Game
	outbox    []Message
	heard     time.Time // when the other phone was last heard
	sent      time.Time // when this phone last sent
	lost      bool      // LostAfter passed since heard
	everHeard bool
	snapSent  time.Time // host: when it last sent the whole game
	resetAt   time.Time // host: when it last began a new epoch for the guest
	run       int64     // guest: when this link started (Message.Run)
}

// SnapshotEvery is how often at most the host sends the whole game again to a guest that
// has not shown it has it.
const SnapshotEvery = time.Second

// New is a link from what was saved (a new one: Saved{Role, Game} and the head of a new log,
// Head{} for both phones' first pairing), over game.
func New(s Saved, game Game, now time.Time) *Link {
	if s.Role == Guest && s.NextReq == 0 {
		s.NextReq = 1
	}
	return &Link{s: s, game: game, heard: now, run: now.UnixNano()}
}

// Saved is what to keep on the device now.
func (l *Link) Saved() Saved {
	s := l.s
	s.Steps = append([]Step(nil), l.s.Steps...)
	s.Pending = append([]GuestRequest(nil), l.s.Pending...)
	return s
}

// Role is this phone's role.
func (l *Link) Role() Role { return l.s.Role }

// Head is the head of this phone's log.
func (l *Link) Head() Head { return l.s.Head }

// Lost reports whether nothing was heard from the other phone for LostAfter.
func (l *Link) Lost() bool { return l.lost || !l.everHeard }

// Waiting are the guest's requests the host has not answered yet, oldest first.
func (l *Link) Waiting() []GuestRequest { return append([]GuestRequest(nil), l.s.Pending...) }

// Outbox takes the messages to send, once what changed is saved (Saved).
func (l *Link) Outbox() [][]byte {
	var out [][]byte
	for _, m := range l.outbox {
		b, err := json.Marshal(m)
		if err == nil {
			out = append(out, b)
		}
	}
	l.outbox = nil
	return out
}

// Tapped logs a tap taken on the host: op is the operation Game.Apply replays on the guest.
func (l *Link) Tapped(op []byte, now time.Time) {
	if l.s.Role != Host {
		return
	}
	l.appendStep(Step{Op: op})
	l.send(now)
}

// Ask queues a request of the guest's player and sends it; it returns the request's number
// (Waiting lists it until the host answers), or 0 when this phone is no guest or has not the
// host's game yet (HasGame): a request is made on the host's game.
func (l *Link) Ask(body []byte, now time.Time) int {
	if !l.HasGame() {
		return 0
	}
	r := GuestRequest{ID: l.s.NextReq, Epoch: l.s.Epoch, Seen: l.s.Head, Body: body}
	l.s.NextReq++
	l.s.Pending = append(l.s.Pending, r)
	l.send(now)
	return r.ID
}

func (l *Link) appendStep(s Step) {
	s.Seq = l.s.Head.Seq + 1
	s.Hash = chain(l.s.Head.Hash, s)
	l.s.Steps = append(l.s.Steps, s)
	l.s.Head = Head{Seq: s.Seq, Hash: s.Hash}
	if len(l.s.Steps) > MaxKept { // the guest is away: it gets the whole game when back
		l.Pair()
	}
}

// HasGame reports whether this phone is a guest that holds the host's game (the epoch it
// came in), so that its requests are made on it.
func (l *Link) HasGame() bool { return l.s.Role == Guest && l.s.Epoch > 0 }

// Tick sends the heartbeat when this phone sent nothing for Heartbeat, and says when the
// link is lost.
func (l *Link) Tick(now time.Time) Report {
	var r Report
	if !l.lost && l.everHeard && now.Sub(l.heard) >= LostAfter {
		l.lost, r.Lost = true, true
	}
	if now.Sub(l.sent) >= Heartbeat {
		l.send(now)
	}
	return r
}

// send queues this phone's message (message).
func (l *Link) send(now time.Time) {
	l.outbox = append(l.outbox, l.message(MaxSteps))
	l.sent = now
}

// message is this phone's message now: its head, and the guest's waiting requests or the
// host's steps the guest may not have (at most max).
func (l *Link) message(max int) Message {
	m := Message{V: Protocol, Game: l.s.Game, From: l.s.Role, Epoch: l.s.Epoch, Head: l.s.Head, Keeps: l.s.Keeps}
	if l.s.Role == Guest {
		m.Run = l.run
		m.Reqs = append([]GuestRequest(nil), l.s.Pending[:min(len(l.s.Pending), max)]...)
	} else {
		m.Answered = l.s.Answered
		m.Steps = append([]Step(nil), l.s.Steps[:min(len(l.s.Steps), max)]...)
	}
	return m
}

// Keep tells the other phone that this phone's player kept the game on the shelf (on demand),
// so that it keeps it too (Report.Keep there): every message carries the count, so a message
// lost or late still tells it.
func (l *Link) Keep(now time.Time) {
	l.s.Keeps++
	l.send(now)
}

// Message is the message this phone would send now, with at most max steps (or requests of the
// guest), to carry by hand
// (a QR code shown and scanned) when the phones have no connection. A guest that has not the
// game yet gets it from the host only over a connection (a whole game does not fit a code).
func (l *Link) Message(max int) []byte {
	b, _ := json.Marshal(l.message(max))
	return b
}

// Receive takes a message of the other phone.
func (l *Link) Receive(b []byte, now time.Time) Report {
	var m Message
	if err := json.Unmarshal(b, &m); err != nil {
		return Report{Err: fmt.Errorf("%w: %v", ErrProtocol, err)}
	}
	switch {
	case m.V != Protocol:
		return Report{Err: ErrProtocol}
	case m.Game != l.s.Game:
		return Report{Err: ErrOtherGame}
	case m.From == l.s.Role:
		return Report{Err: ErrSameRole}
	case m.From != Host && m.From != Guest:
		return Report{Err: ErrProtocol}
	}
	var r Report
	l.heard = now
	if l.lost || !l.everHeard {
		r.Linked = true
	}
	l.lost, l.everHeard = false, true
	switch {
	case m.Keeps > l.s.KeepsHeard: // its player kept the game since: this phone keeps it too
		l.s.KeepsHeard, r.Keep = m.Keeps, true
	case m.Keeps < l.s.KeepsHeard && l.s.Role == Host && m.Run > l.s.GuestRun:
		l.s.KeepsHeard = m.Keeps // a guest that started again with nothing kept: its count starts again
	}
	if l.s.Role == Host {
		l.hostReceive(m, &r, now)
	} else {
		l.guestReceive(m, &r, now)
	}
	return r
}

// hostReceive takes the guest's head and requests: a late message of the guest's earlier run
// is dropped; a guest without the game, whose log is not the host's, or that restarted behind
// what it acknowledged gets the whole game; steps the guest has are dropped; and each request
// of the host's game is decided in the guest's order, once.
func (l *Link) hostReceive(m Message, r *Report, now time.Time) {
	if m.Run < l.s.GuestRun {
		return // sent before the guest last started: what it says is old
	}
	restarted := m.Run > l.s.GuestRun && l.s.GuestRun != 0
	l.s.GuestRun = m.Run
	head := l.s.Head
	switch {
	case m.Epoch < l.s.Epoch: // the guest has yet to receive the game
		if now.Sub(l.snapSent) >= SnapshotEvery {
			l.sendSnapshot(now)
		}
		return
	case m.Epoch > l.s.Epoch: // the host lost what it saved: its game is the one now
		l.s.Epoch = m.Epoch
		l.reset(now)
		return
	case l.knows(m.Head):
		if m.Head.Seq > l.s.Acked.Seq { // the guest has more: send what follows, if anything
			l.s.Steps = l.s.Steps[m.Head.Seq-l.s.Acked.Seq:]
			l.s.Acked = m.Head
			if len(l.s.Steps) > 0 {
				head = Head{Seq: -1}
			}
		}
	case m.Head.Seq >= 0 && m.Head.Seq < l.s.Acked.Seq && !restarted: // stale: delayed, the guest is past it
	default: // not the host's log, or a guest that lost steps it had acknowledged
		l.reset(now)
		return
	}
	l.decideRequests(m.Reqs, r)
	// Only news is answered at once (a step decided, the guest further on): a message lost
	// on the way is made good by the next heartbeat, and two phones never echo each other.
	if l.s.Head != head {
		l.send(now)
	}
}

// decideRequests decides the guest's requests that come next, in its order, once each (at
// most MaxSteps a message): only one made on the host's game is read (an epoch of the link, a
// point of a log no longer than the host's) and no longer than MaxRequest; each is a step.
func (l *Link) decideRequests(reqs []GuestRequest, r *Report) {
	for _, req := range reqs[:min(len(reqs), MaxSteps)] {
		if req.ID != l.s.Answered+1 {
			continue // answered already, or an earlier one is missing: it will come again
		}
		var op []byte
		var refused Texts
		switch {
		case req.Epoch == 0 || req.Seen.Seq > l.s.Head.Seq:
			refused = notOnThisGame
		case len(req.Body) > MaxRequest:
			refused = tooLong
		default:
			op, refused = l.game.Decide(req.Body)
		}
		l.s.Answered = req.ID
		r.Answered = append(r.Answered, req.ID)
		r.Changed = r.Changed || op != nil
		l.appendStep(Step{Req: req.ID, Op: op, Refused: bounded(refused)})
	}
}

// The refusals of requests the host does not read.
var (
	notOnThisGame = Texts{"en": "a tap made before this phone had the host's game: not taken",
		"es": "un toque hecho antes de que este teléfono tuviera la partida del anfitrión: no se ha tomado",
		"it": "un tocco fatto prima che questo telefono avesse la partita dell'anfitrione: non preso"}
	tooLong = Texts{"en": "a request too long to read: not taken", "es": "una petición demasiado larga para leerla: no se ha tomado",
		"it": "una richiesta troppo lunga da leggere: non presa"}
)

// bounded is a refusal cut to MaxRefusal bytes in each language (at a character's start).
func bounded(t Texts) Texts {
	for lang, s := range t {
		if len(s) > MaxRefusal {
			i := MaxRefusal
			for i > 0 && s[i]&0xC0 == 0x80 {
				i--
			}
			t[lang] = s[:i] + "…"
		}
	}
	return t
}

// knows reports whether h is a point of the host's log it can go on from: the guest's last
// acknowledged head, or a step after it.
func (l *Link) knows(h Head) bool {
	if h == l.s.Acked {
		return true
	}
	i := h.Seq - l.s.Acked.Seq - 1
	return i >= 0 && i < len(l.s.Steps) && l.s.Steps[i].Hash == h.Hash
}

// reset begins a new epoch: the guest gets the whole game, and goes on from the host's head.
// At most one a SnapshotEvery: a guest that keeps sending heads the host does not know gets
// the game of the epoch begun already, not a new epoch (and a save) for each.
func (l *Link) reset(now time.Time) {
	if !l.resetAt.IsZero() && now.Sub(l.resetAt) < SnapshotEvery {
		if now.Sub(l.snapSent) >= SnapshotEvery {
			l.sendSnapshot(now)
		}
		return
	}
	l.resetAt = now
	l.Pair()
	l.sendSnapshot(now)
}

// Pair begins the host's side of a pairing: a new epoch, whose whole game goes to the guest
// when it first speaks.
func (l *Link) Pair() {
	if l.s.Role == Host {
		l.s.Epoch++
		l.s.Acked, l.s.Steps = l.s.Head, nil
	}
}

// sendSnapshot sends the whole game at the host's head, in this epoch: a guest of an earlier
// epoch takes it, and so does a guest of this one that is behind it.
func (l *Link) sendSnapshot(now time.Time) {
	snap, err := l.game.Snapshot()
	if err != nil {
		return
	}
	l.outbox = append(l.outbox, Message{V: Protocol, Game: l.s.Game, From: Host, Epoch: l.s.Epoch, Head: l.s.Head, Answered: l.s.Answered, Snapshot: snap})
	l.sent, l.snapSent = now, now
}

// guestReceive applies the host's steps that follow its head, or the whole game of a new
// epoch, and answers with its head (the acknowledgement) and the requests still waiting.
func (l *Link) guestReceive(m Message, r *Report, now time.Time) {
	switch {
	case m.Epoch < l.s.Epoch:
		return // stale
	case m.Epoch > l.s.Epoch && m.Snapshot == nil:
		l.send(now) // the game of the new epoch was lost on the way: the host sends it again
		return
	case m.Epoch > l.s.Epoch || m.Snapshot != nil && m.Head.Seq > l.s.Head.Seq:
		if err := l.game.Restore(m.Snapshot); err != nil {
			r.Err = err
			return
		}
		r.Changed, r.Reset = true, m.Epoch > l.s.Epoch && (l.s.Epoch > 0 || l.s.Head.Seq < 0)
		l.s.Epoch, l.s.Head = m.Epoch, m.Head
	}
	head := l.s.Head
	l.apply(m.Steps, r)
	l.drop(m.Answered, r)
	if l.s.Head != head || m.Snapshot != nil && r.Changed { // news: acknowledge it at once
		l.send(now)
	}
}

// apply applies the steps that follow the guest's head, checking each one's hash; a step
// that does not follow, or that the game cannot apply, leaves the guest without the game
// (epoch 0): the host sends it whole.
func (l *Link) apply(steps []Step, r *Report) {
	for _, s := range steps {
		if s.Seq <= l.s.Head.Seq {
			continue // had it
		}
		if s.Seq > l.s.Head.Seq+1 {
			return // one is missing: the host sends it again
		}
		if chain(l.s.Head.Hash, s) != s.Hash {
			l.diverged()
			return
		}
		if s.Op != nil {
			if err := l.game.Apply(s.Op); err != nil {
				l.diverged()
				return
			}
			r.Changed = true
		}
		if s.Refused != nil {
			r.Refused = append(r.Refused, s.Refused)
		}
		if s.Req > 0 {
			r.Answered = append(r.Answered, s.Req)
		}
		l.s.Head = Head{Seq: s.Seq, Hash: s.Hash}
	}
}

// diverged marks the guest's log as not the host's: it asks for the whole game.
func (l *Link) diverged() { l.s.Epoch, l.s.Head = 0, Head{Seq: -1} }

// drop forgets the guest's requests the host answered (up to answered, and those the steps
// answered), and numbers the next request after them.
func (l *Link) drop(answered int, r *Report) {
	for _, id := range r.Answered {
		answered = max(answered, id)
	}
	keep := l.s.Pending[:0]
	for _, p := range l.s.Pending {
		if p.ID > answered {
			keep = append(keep, p)
		}
	}
	l.s.Pending = keep
	l.s.NextReq = max(l.s.NextReq, answered+1)
}
