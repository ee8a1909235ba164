package session

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"slices"
	"time"

	"gnosis/app/link"
	"gnosis/app/pair"
	"gnosis/app/store"
	"gnosis/engine/anima"
	"gnosis/engine/core"
	"gnosis/engine/diskwars"
	"gnosis/engine/text"
)

// A game on two phones: each player tracks their own side on their own phone. The host
// phone's Session decides every request, its own and the guest's, exactly as a one-phone game
// does; the guest's Session sends its player's requests (ask) and applies what the host
// decided. The link (app/link) keeps the two in step over any transport; the Session keeps
// the link in the game's own record, so a reload or a closed app loses nothing, and lets a
// message go (TakeOutgoing) only once what it tells the other phone is on the device.

// The games a link can keep in step.
const (
	KindAnima    = "at" // Anima Tactics
	KindDiskwars = "dw" // Warhammer: Diskwars
)

// ErrOtherPhone is a command for the side the other phone plays: each phone gives its own
// side's commands unless the host lets either phone act for both.
var ErrOtherPhone = errors.New("the other phone's side")

// The requests of a game on two phones.
type (
	// HostTwoPhones makes this phone the host of the game in progress of Kind (KindAnima or
	// KindDiskwars), under a new game id (Duo().Game: what the pairing code carries). The
	// host plays the game's first side; Both lets either phone act for both sides.
	HostTwoPhones struct {
		Kind string
		Both bool
	}
	// JoinTwoPhones makes this phone the guest of the game Game (the id the host's pairing
	// code carries) of Kind: the host sends the whole game, which replaces this phone's game
	// of that kind once it comes. This phone's game of that kind in progress, if any, is kept
	// first (Parked; BringBackGame brings it back): when it cannot be kept (the device is
	// full), the phone does not join.
	JoinTwoPhones struct {
		Kind string
		Game string
	}
	// BringBackGame brings back the game of Kind kept when this phone joined another's: it
	// replaces the game of that kind (on two phones, this phone leaves that game) and goes to it.
	BringBackGame struct{ Kind string }
	// LinkReceive takes a message of the other phone (Msg as it arrived). Scanned: it came as
	// a sync code the player scanned, so a message the link refuses (another game's code, an
	// old one) is said to the player, not only to the console (ErrNotThisGame), and one it
	// reads answers Taken.
	LinkReceive struct {
		Msg     []byte
		Scanned bool
	}
	// LinkTick lets time pass: heartbeats, and the link said lost after a silence. The view
	// sends it every second while a game is on two phones.
	LinkTick struct{}
	// AllowBoth lets either phone act for both sides (the host's choice), or not.
	AllowBoth struct{ Both bool }
	// EndTwoPhones ends the game's link: the game goes on on this phone alone (a guest whose
	// host is gone for good takes the game over).
	EndTwoPhones struct{}
	// MakeSyncMessage saves the game and makes the message this phone shows as a QR code
	// when the phones have no connection (SyncMessage): its head, and the guest's waiting
	// requests or the host's steps the guest may not have (at most SyncSteps, fewer where
	// they would not fit a QR code of version 20: SyncCodeMax). The other phone scans it
	// (LinkReceive) and shows its own. A game that cannot be saved makes no code: a code
	// tells the other phone of what this one has on the device.
	MakeSyncMessage struct{}
)

// SyncSteps is the most steps (or waiting requests) a sync code carries.
const SyncSteps = 10

// SyncCodeMax is the longest sync code (pair.SyncCode's characters): what a QR code of version
// 20 holds at level M in its alphanumeric mode (TestSyncCodeWithinVersion20 draws it).
const SyncCodeMax = 970

// Duo is what the screen shows of a game on two phones.
type Duo struct {
	Kind    string    // KindAnima or KindDiskwars
	Game    string    // the game's id: the pairing code carries it
	Role    link.Role // link.Host or link.Guest
	Mine    int       // the side this phone plays
	Both    bool      // either phone may act for both sides
	HasGame bool      // the guest has the host's game (false until it comes)
	Lost    bool      // nothing heard from the other phone for link.LostAfter (or never)
	Waiting int       // the guest's requests the host has not answered yet
	// PairedBefore: the phones have been in step on this game (the host has heard the guest,
	// the guest has the game): a pairing now is a pairing again, from the game's ⇄.
	PairedBefore bool
}

// duo is the Session's part of a game on two phones.
type duo struct {
	link   *link.Link
	kind   string
	mine   int
	both   bool
	at     int64    // when the pairing began (Unix ms): of two games' links kept, the later wins
	owners []owner  // host: whose side the last gestures were, for undo and redo (at most keptOwners)
	ready  [][]byte // messages whose news is on the device, free to go (TakeOutgoing)
	sync   []byte   // the message to show as a QR code (MakeSyncMessage)
	saved  string   // the record last written (record), to save only what changed
}

// owner is the side that gave a gesture of the game (-1: a command for the whole game).
type owner struct {
	Gesture int `json:"g"`
	Side    int `json:"s"`
}

// keptOwners is how many of the last gestures the host knows the side of: an undo further
// back than that is either phone's.
const keptOwners = 64

// duoRecord is what the game's record keeps of its link (store.SetLink).
type duoRecord struct {
	Link   link.Saved `json:"link"`
	Mine   int        `json:"mine"`
	Both   bool       `json:"both,omitempty"`
	At     int64      `json:"at,omitempty"`
	Owners []owner    `json:"owners,omitempty"`
}

// key is the store's record of the game the link keeps.
func (d *duo) key() string {
	if d.kind == KindDiskwars {
		return store.DWGameKey
	}
	return store.GameKey
}

func (d *duo) record() []byte {
	b, _ := json.Marshal(duoRecord{Link: d.link.Saved(), Mine: d.mine, Both: d.both, At: d.at, Owners: d.owners})
	return b
}

// own records, on the host, that gesture was given for side (ok false: for the whole game).
func (d *duo) own(gesture, side int, ok bool) {
	if d == nil || d.link.Role() != link.Host {
		return
	}
	if !ok {
		side = -1
	}
	d.owners = slices.DeleteFunc(d.owners, func(o owner) bool { return o.Gesture >= gesture })
	d.owners = append(d.owners, owner{Gesture: gesture, Side: side})
	if len(d.owners) > keptOwners {
		d.owners = d.owners[len(d.owners)-keptOwners:]
	}
}

// now is the Session's clock.
func (s *Session) now() time.Time {
	if s.clock != nil {
		return s.clock()
	}
	return time.Now()
}

// Duo is the game on two phones, or nil when the game is on this phone alone.
func (v Pair) Duo() *Duo {
	d := v.s.pair.duo
	if d == nil {
		return nil
	}
	saved := d.link.Saved()
	return &Duo{Kind: d.kind, Game: saved.Game, Role: saved.Role, Mine: d.mine, Both: d.both,
		HasGame: saved.Role == link.Host || saved.Epoch > 0, Lost: d.link.Lost(), Waiting: len(saved.Pending),
		PairedBefore: saved.GuestRun != 0 || saved.Role == link.Guest && saved.Epoch > 0}
}

// TakeOutgoing takes the messages for the other phone that may go now (Outcome.Messages):
// what they tell is saved. The view sends them on the link's channel.
type TakeOutgoing struct{}

func (TakeOutgoing) apply(s *Session) (Outcome, error) {
	if s.pair.duo == nil {
		return Outcome{Quiet: true}, nil
	}
	out := Outcome{Quiet: true, Messages: s.pair.duo.ready}
	s.pair.duo.ready = nil
	return out, nil
}

// PlaysHere reports whether this phone's player gives side's commands: always on one phone; on
// two, its own side, and the guest's too on a host that lets either phone act for both.
func (v Pair) PlaysHere(kind string, side int) bool {
	d := v.s.pair.duo
	return d == nil || d.kind != kind || side == d.mine || d.both && d.link.Role() == link.Host
}

// ActsElsewhere is the active character of the Anima Tactics game when the other phone plays
// it: this phone shows a line that it acts there, never its controls.
func (v Pair) ActsElsewhere(st anima.State) (anima.Ref, bool) {
	if st.Active == nil || st.Over() || v.s.Pair().PlaysHere(KindAnima, st.Active.Side) {
		return anima.Ref{}, false
	}
	return *st.Active, true
}

// wireRequest is a request of the guest as the host reads it: a command with the dice
// rolled at the table, or an undo, or a redo.
type wireRequest struct {
	Cmd  json.RawMessage `json:"cmd,omitempty"`
	Dice []int           `json:"dice,omitempty"`
	Undo bool            `json:"undo,omitempty"`
	Redo bool            `json:"redo,omitempty"`
}

// wireOp is what the host decided, as the guest applies it: a gesture's entries (Do), an
// undo, or a redo with the entries it puts back (applied as they are when the guest's own
// list of undone gestures does not have them).
type wireOp struct {
	Do   json.RawMessage `json:"do,omitempty"`
	Undo bool            `json:"undo,omitempty"`
	Redo json.RawMessage `json:"redo,omitempty"`
}

// ErrNoHostGame is a tap on a guest that has not the host's game yet: it would be a tap on
// this phone's own game, which the host's replaces.
var ErrNoHostGame = errors.New("the host's game has not come yet")

// ask sends a request of the guest's player to the host, saved with the link before it goes. A
// guest that has not the host's game yet sends nothing (ErrNoHostGame).
func (s *Session) ask(r wireRequest) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	if s.pair.duo.link.Ask(b, s.now()) == 0 {
		return core.Fail(ErrNoHostGame, nil, "the host's game has not come yet: wait until it shows here")
	}
	s.saveDuo()
	return nil
}

// saveDuo saves the game the link keeps, with the link, when the link changed since the last
// save, and lets the messages go once it is saved (at once when nothing changed).
func (s *Session) saveDuo() {
	d := s.pair.duo
	if d == nil {
		return
	}
	if string(d.record()) == d.saved {
		d.ready = append(d.ready, d.link.Outbox()...)
		return
	}
	if d.kind == KindDiskwars {
		s.saveDWGame()
	} else {
		s.saveGame()
	}
}

// beforeSave gives the store the link of the game of key, to write with it (nil: none).
func (s *Session) beforeSave(key string) {
	if s.pair.duo != nil && s.pair.duo.key() == key {
		s.store.SetLink(key, s.pair.duo.record())
		return
	}
	s.store.SetLink(key, nil)
}

// afterSave lets the link's messages go: what they tell is on the device.
func (s *Session) afterSave(key string) {
	if d := s.pair.duo; d != nil && d.key() == key {
		d.saved = string(s.store.Link(key))
		d.ready = append(d.ready, d.link.Outbox()...)
	}
}

// loadDuo rebuilds the link kept with a game (after load): the later pairing's, when both
// games keep one (a device that kept both from before each game's record had its own).
func (s *Session) loadDuo() {
	s.pair.duo = nil
	for _, kind := range []string{KindAnima, KindDiskwars} {
		d := &duo{kind: kind}
		b := s.store.Link(d.key())
		var r duoRecord
		if b == nil || json.Unmarshal(b, &r) != nil || r.Link.Game == "" || s.pair.duo != nil && s.pair.duo.at >= r.At {
			continue
		}
		d.mine, d.both, d.at, d.owners, d.saved = r.Mine, r.Both, r.At, r.Owners, string(b)
		d.link = link.New(r.Link, s.linkGame(kind), s.now())
		s.pair.duo = d
	}
}

// pairing makes d this phone's game on two phones, of its kind: the other kind's game, if any,
// is saved without its link, so that one record keeps the link of the game being played.
func (s *Session) pairing(d *duo) {
	d.at = s.now().UnixMilli()
	s.pair.duo = d
	if d.kind == KindDiskwars && s.play.game != nil && s.store.Link(store.GameKey) != nil {
		s.saveGame()
	}
	if d.kind == KindAnima && s.dw.game != nil && s.store.Link(store.DWGameKey) != nil {
		s.saveDWGame()
	}
}

// linkGame is the game of kind as the link sees it.
func (s *Session) linkGame(kind string) link.Game { return linked{s, kind} }

func (r HostTwoPhones) apply(s *Session) (Outcome, error) {
	if r.Kind == KindDiskwars && s.dw.game == nil || r.Kind != KindDiskwars && s.play.game == nil {
		return Outcome{}, nil
	}
	id := make([]byte, 6)
	if _, err := rand.Read(id); err != nil {
		return Outcome{}, err
	}
	kind := KindAnima
	if r.Kind == KindDiskwars {
		kind = KindDiskwars
	}
	d := &duo{kind: kind, both: r.Both}
	d.link = link.New(link.Saved{Role: link.Host, Game: hex.EncodeToString(id)}, s.linkGame(kind), s.now())
	d.link.Pair()
	s.pairing(d)
	s.saveDuo()
	return Outcome{}, nil
}

func (r JoinTwoPhones) apply(s *Session) (Outcome, error) {
	kind := KindAnima
	if r.Kind == KindDiskwars {
		kind = KindDiskwars
	}
	if !s.Pair().WouldKeep(kind) { // the game it replaces goes on the shelf: another host's, or one over
		if err := s.keepBefore(kind, false); err != nil {
			return Outcome{}, err
		}
	}
	if err := s.keepGame(kind); err != nil {
		return Outcome{}, err
	}
	d := &duo{kind: kind, mine: 1}
	d.link = link.New(link.Saved{Role: link.Guest, Game: r.Game}, s.linkGame(kind), s.now())
	s.pairing(d)
	d.link.Tick(s.now()) // says hello: the host answers with the game
	d.ready = d.link.Outbox()
	return Outcome{}, nil
}

// keepGame keeps this phone's game of kind in progress, if any and not the host's of this
// link already, before a host's game replaces it (JoinTwoPhones). R-TURN-5: a game over is not
// kept.
func (s *Session) keepGame(kind string) error {
	if !s.Pair().WouldKeep(kind) {
		return nil // none, or another phone's game: its own was kept when it joined
	}
	k := s.pair.parked
	var err error
	if kind == KindDiskwars {
		k.DW, err = json.Marshal(s.dw.game)
	} else {
		k.Game, err = s.play.game.MarshalJSON()
	}
	if err == nil {
		err = s.store.SaveParked(k)
	}
	if err != nil {
		return core.Fail(ErrNotSaved, err, "your game in progress could not be kept on this device: free some space, then join")
	}
	s.pair.parked = k
	return nil
}

// WouldKeep reports whether joining a game of kind would keep this phone's own game of that
// kind in progress (keepGame), so that the screen asks first.
func (v Pair) WouldKeep(kind string) bool {
	if v.s.pair.duo != nil && v.s.pair.duo.kind == kind && v.s.pair.duo.link.Role() == link.Guest {
		return false
	}
	if kind == KindDiskwars {
		return v.s.dw.game != nil
	}
	return v.s.play.game != nil && !v.s.play.game.State().Over()
}

// Parked reports whether a game of kind was parked when this phone joined another's.
func (v Pair) Parked(kind string) bool {
	if kind == KindDiskwars {
		return v.s.pair.parked.DW != nil
	}
	return v.s.pair.parked.Game != nil
}

func (r BringBackGame) apply(s *Session) (Outcome, error) {
	k, to := s.pair.parked, ScreenGame
	var put func() // the game back in its place, saved
	switch {
	case r.Kind == KindDiskwars && k.DW != nil:
		g, err := diskwars.LoadGame(k.DW)
		if err != nil {
			return Outcome{}, err
		}
		k.DW, to = nil, ScreenDWGame
		put = func() { s.dw.game = g; s.saveDWGame() }
	case r.Kind == KindAnima && k.Game != nil:
		g := new(anima.Game)
		if err := g.UnmarshalJSON(k.Game); err != nil {
			return Outcome{}, err
		}
		k.Game = nil
		put = func() { s.play.game = g; s.saveGame() }
	default:
		return Outcome{}, nil
	}
	if err := s.keepBefore(r.Kind, false); err != nil { // the other phone's game, this phone's to keep too
		return Outcome{}, err
	}
	if err := s.store.SaveParked(k); err != nil {
		return Outcome{}, err
	}
	if s.pair.duo != nil && s.pair.duo.kind == r.Kind { // this phone leaves the other phone's game
		s.pair.duo = nil
	}
	s.pair.parked = k
	put()
	s.say(s.Settings().T("Your game from before is back."))
	return s.goTo(to), nil
}

func (r LinkReceive) apply(s *Session) (Outcome, error) {
	d := s.pair.duo
	if d == nil {
		return Outcome{Quiet: true}, nil
	}
	had := s.Pair().Duo().HasGame
	rep := d.link.Receive(r.Msg, s.now())
	if rep.Err != nil {
		s.browser.Log("warn", "gnosis: link: "+rep.Err.Error())
		if r.Scanned {
			return Outcome{}, core.Fail(ErrNotThisGame, rep.Err, "this code is not of this game on two phones: scan the code the other phone shows for it")
		}
		return Outcome{Quiet: true}, nil
	}
	s.heard(d, rep, had)
	s.saveDuo()
	return Outcome{Taken: r.Scanned, Quiet: !r.Scanned && !rep.Changed && !rep.Linked && !rep.Keep && len(rep.Refused) == 0 && len(rep.Answered) == 0}, nil
}

// heard says what a message of the other phone did (rep; had: this phone had the game before
// it): its refusals of this phone's requests, a game taken or reset, and keeps the game when
// the other phone's player kept it (Link.Keep).
func (s *Session) heard(d *duo, rep link.Report, had bool) {
	for _, t := range rep.Refused {
		s.notice = t[s.settings.lang]
	}
	switch {
	case rep.Reset && had:
		s.say(s.Settings().T("The two phones' games differed: this phone now has the host's."))
	case rep.Changed && !had && d.link.Role() == link.Guest:
		s.say(s.Settings().T("Paired: this phone has the host's game."))
	case rep.Changed:
		s.answered()
	}
	if rep.Keep {
		s.keptThere(d.kind)
	}
}

// keptThere keeps the game of kind on this phone's shelf because the other phone's player kept
// it there (Link.Keep), and says so.
func (s *Session) keptThere(kind string) {
	if err := s.keep(kind, false); err != nil {
		s.warn(s.shelfRefusal(err))
		return
	}
	s.say(s.Settings().T("Kept on the shelf, as on the other phone."))
}

func (LinkTick) apply(s *Session) (Outcome, error) {
	d := s.pair.duo
	if d == nil {
		return Outcome{Quiet: true}, nil
	}
	rep := d.link.Tick(s.now())
	s.saveDuo()
	return Outcome{Quiet: !rep.Lost}, nil
}

func (r AllowBoth) apply(s *Session) (Outcome, error) {
	if s.pair.duo != nil && s.pair.duo.link.Role() == link.Host {
		s.pair.duo.both = r.Both
		s.saveDuo()
	}
	return Outcome{}, nil
}

func (MakeSyncMessage) apply(s *Session) (Outcome, error) {
	d := s.pair.duo
	if d == nil {
		return Outcome{}, nil
	}
	d.sync = nil
	var saved bool
	if d.kind == KindDiskwars {
		saved = s.saveDWGame()
	} else {
		saved = s.play.game != nil && s.saveGame()
	}
	if !saved {
		return Outcome{}, core.Fail(ErrNotSaved, nil, "not saved on this device: no code is shown until the game is saved")
	}
	for n := SyncSteps; n >= 1; n-- { // as many steps as a QR code of version 20 holds
		if d.sync = d.link.Message(n); len(pair.SyncCode(d.sync)) <= SyncCodeMax {
			break
		}
	}
	return Outcome{}, nil
}

// Errors of codes carried by hand.
var (
	ErrNotThisGame = errors.New("a code of another game")
	ErrNotSaved    = errors.New("not saved")
)

// SyncMessage is the message MakeSyncMessage made (nil: none).
func (v Pair) SyncMessage() []byte {
	if v.s.pair.duo == nil {
		return nil
	}
	return v.s.pair.duo.sync
}

func (EndTwoPhones) apply(s *Session) (Outcome, error) {
	d := s.pair.duo
	if d == nil {
		return Outcome{}, nil
	}
	s.pair.duo = nil
	if d.kind == KindDiskwars {
		s.saveDWGame()
	} else if s.play.game != nil {
		s.saveGame()
	}
	return Outcome{}, nil
}

// refusalTexts is err in every language of the app, for the guest to show in its own.
func (s *Session) refusalTexts(err error) link.Texts {
	t := link.Texts{}
	for _, lang := range []string{text.EN, text.ES, text.IT} {
		t[lang] = s.errTextIn(err, lang)
	}
	return t
}

// linked is the game of kind as the link sees it (link.Game): the host's seat decides the
// guest's requests, the guest's seat applies the host's steps.
type linked struct {
	s    *Session
	kind string
}

func (a linked) Decide(req []byte) ([]byte, link.Texts) {
	h, ok := a.s.seat(a.kind).(host)
	if !ok {
		return nil, a.s.refusalTexts(core.Fail(core.ErrUnknownCommand, nil, "a command this version cannot read"))
	}
	return h.answer(req)
}

func (a linked) Apply(op []byte) error {
	g, ok := a.s.seat(a.kind).(guest)
	if !ok {
		return errors.New("an operation this phone cannot apply: not the guest of this game")
	}
	return g.takeStep(op)
}

func (a linked) Snapshot() ([]byte, error) {
	if g := a.s.playedOf(a.kind); g != nil {
		return g.snapshot()
	}
	return nil, errors.New("no game")
}

func (a linked) Restore(b []byte) error {
	if a.kind == KindDiskwars {
		g, err := diskwars.LoadGame(b)
		if err == nil {
			a.s.dw.game = g
		}
		return err
	}
	g := new(anima.Game)
	if err := g.UnmarshalJSON(b); err != nil {
		return err
	}
	a.s.play.game = g
	return nil
}

// decidedHook, when a test sets it, sees each request of the guest the host took, in order.
var decidedHook func(*Session, wireRequest)

// load reads the games parked when this phone joined another's; note reports what could not be
// read. The link is read with its game's record (Session.loadDuo).
func (p *pairPart) load(st *store.Store, note func(error)) {
	k, err := st.Parked()
	note(err)
	p.parked = k
}
