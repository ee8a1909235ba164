package session

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"slices"
	"strings"

	"gnosis/app/link"
	"gnosis/app/pair"
	"gnosis/app/store"
	"gnosis/engine/anima"
	"gnosis/engine/core"
	"gnosis/engine/diskwars"
	"gnosis/engine/text"
)

// A game on two phones: each player tracks their own side on their own phone. The host
// phone's seat decides every request, its own and the guest's, through this phone's own seat,
// exactly as a one-phone game does (host.go); the guest's seat sends its player's requests and
// applies what the host decided (guest.go). The link (app/link) keeps the two in step over any
// transport; the pair part keeps the link in the game's own record, so a reload or a closed app
// loses nothing, and lets a message go (TakeOutgoing) only once what it tells the other phone
// is on the device. Nothing else in the package knows that a second phone exists: the game's
// part holds a seat, and saves what it is given.

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

// pairPart is a game on two phones (its link is saved in the game's record: store.SetLink)
// and the games parked when this phone joined another's (store.ParkedKey).
type pairPart struct {
	*room
	games  games
	duo    *duo         // nil: the games are on this phone alone
	parked store.Parked // the games parked when this phone joined another's (JoinTwoPhones)
}

// duo is a game on two phones: its link, this phone's side, and this phone's seat at the game
// (host, guest), which decorates the game's owner and whose record it writes with the link's.
type duo struct {
	*room
	pair   *pairPart // the part that keeps it
	seat   link.Game // this phone's seat at the game, as the link asks it (Decide, Apply…)
	link   *link.Link
	kind   string
	mine   int
	both   bool
	at     int64    // when the pairing began (Unix ms): of two games' links kept, the later wins
	owners []owner  // host: whose side the last gestures were, for undo and redo (at most keptOwners)
	ready  [][]byte // messages whose news is on the device, free to go (TakeOutgoing)
	sync   []byte   // the message to show as a QR code (MakeSyncMessage)
	saved  string   // the record last written (record), to save only what changed
	rolls  []string // what the other phone's gestures taken here since the last message rolled, said
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
func (d *duo) key() string { return keyOf(d.kind) }

// keyOf is the store's record of the game of kind.
func keyOf(kind string) string {
	if kind == KindDiskwars {
		return dwRules.key
	}
	return atRules.key
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

// Duo is the game on two phones, or nil when the game is on this phone alone.
func (v Pair) Duo() *Duo {
	d := v.p.duo
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
	d := s.pair.duo
	if d == nil {
		return Outcome{Quiet: true}, nil
	}
	out := Outcome{Quiet: true, Messages: d.ready}
	d.ready = nil
	return out, nil
}

// PlaysHere reports whether this phone's player gives side's commands: always on one phone; on
// two, its own side, and the guest's too on a host that lets either phone act for both.
func (v Pair) PlaysHere(kind string, side int) bool {
	d := v.p.duo
	return d == nil || d.kind != kind || side == d.mine || d.both && d.link.Role() == link.Host
}

// ActsElsewhere is the active character of the Anima Tactics game when the other phone plays
// it: this phone shows a line that it acts there, never its controls.
func (v Pair) ActsElsewhere(st anima.State) (anima.Ref, bool) {
	if st.Active == nil || st.Over() || v.PlaysHere(KindAnima, st.Active.Side) {
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

// tell gives the link a gesture taken on the host, for the guest.
func (d *duo) tell(op wireOp) {
	if b, err := json.Marshal(op); err == nil {
		d.link.Tapped(b, d.now())
	}
}

// rolled keeps what a gesture of the other phone's player taken here rolled, said (none: it
// rolled nothing), to say it once the message is read.
func (d *duo) rolled(lines []string) {
	if len(lines) > 0 {
		d.rolls = append(d.rolls, strings.Join(lines, " · "))
	}
}

// sinceJSON is the JSON of a game's entries (a gesture, for the other phone).
func sinceJSON[E core.Event](entries []core.Entry[E]) json.RawMessage {
	b, _ := json.Marshal(entries)
	return b
}

// snapshotOf is the game o's owner holds, whole, for the other phone.
func snapshotOf[G engineGame[C, E, S], C any, E core.Event, S any](o *game[G, C, E, S]) ([]byte, error) {
	if !o.has() {
		return nil, errors.New("no game")
	}
	return o.snapshot()
}

// errNotTheGuest is a step of the host's given to a phone that is not the guest of its game.
var errNotTheGuest = errors.New("an operation this phone cannot apply: not the guest of this game")

// write saves the game with the link's record, and lets the link's messages go once it is on
// the device: what they tell is saved.
func (d *duo) write() bool {
	d.store.SetLink(d.key(), d.record())
	if !d.pair.saveGame(d.kind) {
		return false
	}
	d.saved = string(d.store.Link(d.key()))
	d.ready = append(d.ready, d.link.Outbox()...)
	return true
}

// save saves the game with the link when the link changed since the last save, and lets the
// messages go once it is saved (at once when nothing changed).
func (d *duo) save() {
	if string(d.record()) == d.saved {
		d.ready = append(d.ready, d.link.Outbox()...)
		return
	}
	d.write()
}

// sit seats this phone at d's game: as the host or the guest, its seat decorating the game's
// owner.
func (p *pairPart) sit(d *duo) {
	if d.kind == KindDiskwars {
		d.seat = sitAt(&p.games.dw.game, d)
	} else {
		d.seat = sitAt(&p.games.at.game, d)
	}
}

// sitAt makes this phone's seat at o's game, the host's or the guest's as d's link says, and
// puts it in o.
func sitAt[G engineGame[C, E, S], C any, E core.Event, S any](o *game[G, C, E, S], d *duo) link.Game {
	if d.link.Role() == link.Guest {
		g := guest[G, C, E, S]{o, d}
		o.sit(g)
		return g
	}
	h := host[G, C, E, S]{o, d}
	o.sit(h)
	return h
}

// saveGame writes the record of the game of kind, without its link (game.saveNow), and says
// whether it is on the device.
func (p *pairPart) saveGame(kind string) bool {
	if kind == KindDiskwars {
		return p.games.dw.game.saveNow()
	}
	return p.games.at.game.saveNow()
}

// unseat puts the game of kind on this phone alone.
func (p *pairPart) unseat(kind string) {
	if kind == KindDiskwars {
		p.games.dw.game.sit(nil)
	} else {
		p.games.at.game.sit(nil)
	}
}

// load rebuilds the link kept with a game (after the games' parts have loaded): the later
// pairing's, when both games keep one (a device that kept both from before each game's record
// had its own); note reports what could not be read. The games parked when this phone joined
// another's are read too.
func (p *pairPart) load(st *store.Store, note func(error)) {
	k, err := st.Parked()
	note(err)
	p.parked = k
	p.duo = nil
	for _, kind := range []string{KindAnima, KindDiskwars} {
		d := &duo{room: p.room, pair: p, kind: kind}
		b := st.Link(d.key())
		var r duoRecord
		if b == nil || json.Unmarshal(b, &r) != nil || r.Link.Game == "" || p.duo != nil && p.duo.at >= r.At {
			continue
		}
		d.mine, d.both, d.at, d.owners, d.saved = r.Mine, r.Both, r.At, r.Owners, string(b)
		d.link = link.New(r.Link, linked{d}, p.now())
		p.duo = d
	}
	for _, kind := range []string{KindAnima, KindDiskwars} {
		if p.duo == nil || p.duo.kind != kind {
			st.SetLink(keyOf(kind), nil) // written without a link when next saved
		}
	}
	if p.duo != nil {
		p.sit(p.duo)
	}
}

// pairing makes d this phone's game on two phones, of its kind, and sits this phone at it: the
// other kind's game, if any keeps a link, is saved without it, so that one record keeps the
// link of the game being played.
func (p *pairPart) pairing(d *duo) {
	d.at = p.now().UnixMilli()
	for _, kind := range []string{KindAnima, KindDiskwars} {
		if kind != d.kind {
			p.leave(kind, true)
		}
	}
	p.duo = d
	p.sit(d)
}

// leave ends the link of the game of kind, if it has one: it goes on on this phone alone, its
// record written without the link, now when save (else by the caller, which replaces it).
func (p *pairPart) leave(kind string, save bool) {
	linked := p.store.Link(keyOf(kind)) != nil || p.duo != nil && p.duo.kind == kind
	p.store.SetLink(keyOf(kind), nil)
	p.unseat(kind)
	if p.duo != nil && p.duo.kind == kind {
		p.duo = nil
	}
	if save && linked && p.games.has(kind) {
		p.saveGame(kind)
	}
}

// newDuo is a link of role to game id, for the game of kind (not yet this phone's: pairing).
func (p *pairPart) newDuo(kind string, saved link.Saved) *duo {
	d := &duo{room: p.room, pair: p, kind: kind}
	if saved.Role == link.Guest {
		d.mine = 1
	}
	d.link = link.New(saved, linked{d}, p.now())
	return d
}

// kindOf is KindDiskwars for it, else KindAnima.
func kindOf(kind string) string {
	if kind == KindDiskwars {
		return KindDiskwars
	}
	return KindAnima
}

func (r HostTwoPhones) apply(s *Session) (Outcome, error) {
	kind := kindOf(r.Kind)
	if !s.games.has(kind) {
		return Outcome{}, nil
	}
	id := make([]byte, 6)
	if _, err := rand.Read(id); err != nil {
		return Outcome{}, err
	}
	d := s.pair.newDuo(kind, link.Saved{Role: link.Host, Game: hex.EncodeToString(id)})
	d.both = r.Both
	d.link.Pair()
	s.pair.pairing(d)
	d.save()
	return Outcome{}, nil
}

func (r JoinTwoPhones) apply(s *Session) (Outcome, error) {
	kind := kindOf(r.Kind)
	if !s.Pair().WouldKeep(kind) { // the game it replaces goes on the shelf: another host's, or one over
		if err := s.shelf.keepBefore(s.games.keptNow(kind, false)); err != nil {
			return Outcome{}, err
		}
	}
	if err := s.pair.park(kind); err != nil {
		return Outcome{}, err
	}
	d := s.pair.newDuo(kind, link.Saved{Role: link.Guest, Game: r.Game})
	s.pair.pairing(d)
	d.link.Tick(s.now()) // says hello: the host answers with the game
	d.ready = d.link.Outbox()
	return Outcome{}, nil
}

// park keeps this phone's game of kind in progress, if any and not the host's of this link
// already, before a host's game replaces it (JoinTwoPhones). R-TURN-5: a game over is not
// kept.
func (p *pairPart) park(kind string) error {
	if !(Pair{p}).WouldKeep(kind) {
		return nil // none, or another phone's game: its own was kept when it joined
	}
	k := p.parked
	var b []byte
	var err error
	if kind == KindDiskwars {
		b, err = p.games.dw.game.snapshot()
		k.DW = b
	} else {
		b, err = p.games.at.game.snapshot()
		k.Game = b
	}
	if err == nil {
		err = p.store.SaveParked(k)
	}
	if err != nil {
		return core.Fail(ErrNotSaved, err, "your game in progress could not be kept on this device: free some space, then join")
	}
	p.parked = k
	return nil
}

// WouldKeep reports whether joining a game of kind would keep this phone's own game of that
// kind in progress (park), so that the screen asks first.
func (v Pair) WouldKeep(kind string) bool {
	if d := v.p.duo; d != nil && d.kind == kind && d.link.Role() == link.Guest {
		return false
	}
	if kind == KindDiskwars {
		return v.p.games.dw.game.has()
	}
	return v.p.games.at.game.has() && !v.p.games.at.game.g.Over()
}

// Parked reports whether a game of kind was parked when this phone joined another's.
func (v Pair) Parked(kind string) bool {
	if kind == KindDiskwars {
		return v.p.parked.DW != nil
	}
	return v.p.parked.Game != nil
}

func (r BringBackGame) apply(s *Session) (Outcome, error) {
	k, to := s.pair.parked, ScreenGame
	var b []byte
	switch {
	case r.Kind == KindDiskwars && k.DW != nil:
		b, k.DW, to = k.DW, nil, ScreenDWGame
	case r.Kind == KindAnima && k.Game != nil:
		b, k.Game = k.Game, nil
	default:
		return Outcome{}, nil
	}
	if err := readable(r.Kind, b); err != nil {
		return Outcome{}, err
	}
	if err := s.shelf.keepBefore(s.games.keptNow(r.Kind, false)); err != nil { // the other phone's game, this phone's to keep too
		return Outcome{}, err
	}
	if err := s.pair.bringBack(r.Kind, k, b); err != nil {
		return Outcome{}, err
	}
	s.say(s.T("Your game from before is back."))
	return s.goTo(to), nil
}

// bringBack puts b, the game of kind parked when this phone joined another's, in place of the
// game of kind, on this phone alone (it leaves the other phone's game), and keeps k as the
// games still parked; b reads (readable). The error: k could not be kept, nothing changed.
func (p *pairPart) bringBack(kind string, k store.Parked, b []byte) error {
	if err := p.store.SaveParked(k); err != nil {
		return err
	}
	p.leave(kind, false) // this phone leaves the other phone's game
	p.parked = k
	if kind == KindDiskwars {
		p.games.dw.game.restore(b)
	} else {
		p.games.at.game.restore(b)
	}
	p.saveGame(kind)
	return nil
}

// readable says whether b is a game of kind this version reads (the error: why not).
func readable(kind string, b []byte) error {
	if kind == KindDiskwars {
		_, err := diskwars.LoadGame(b)
		return err
	}
	return new(anima.Game).UnmarshalJSON(b)
}

func (r LinkReceive) apply(s *Session) (Outcome, error) {
	d := s.pair.duo
	if d == nil {
		return Outcome{Quiet: true}, nil
	}
	had := s.Pair().Duo().HasGame
	rep := d.link.Receive(r.Msg, s.now())
	if rep.Err != nil {
		s.log("link", rep.Err)
		if r.Scanned {
			return Outcome{}, core.Fail(ErrNotThisGame, rep.Err, "this code is not of this game on two phones: scan the code the other phone shows for it")
		}
		return Outcome{Quiet: true}, nil
	}
	r.heard(s, d, rep, had)
	d.save()
	return Outcome{Taken: r.Scanned, Quiet: !r.Scanned && !rep.Changed && !rep.Linked && !rep.Keep && len(rep.Refused) == 0 && len(rep.Answered) == 0}, nil
}

// heard says what a message of the other phone did (rep; had: this phone had the game before
// it): its refusals of this phone's requests, what the other phone's gestures rolled, a game
// taken or reset; and keeps the game when the other phone's player kept it (Link.Keep).
func (LinkReceive) heard(s *Session, d *duo, rep link.Report, had bool) {
	for _, t := range rep.Refused {
		s.notice = t[s.settings.lang]
	}
	if len(d.rolls) > 0 {
		s.elsewhere = d.rolls[len(d.rolls)-1]
	}
	d.rolls = nil
	switch {
	case rep.Reset && had:
		s.say(s.T("The two phones' games differed: this phone now has the host's."))
	case rep.Changed && !had && d.link.Role() == link.Guest:
		s.say(s.T("Paired: this phone has the host's game."))
	case rep.Changed:
		s.answered()
	}
	if rep.Keep {
		if err := s.shelf.keep(s.games.keptNow(d.kind, false)); err != nil {
			s.warn(s.shelf.refusal(err))
		} else {
			s.say(s.T("Kept on the shelf, as on the other phone."))
		}
	}
}

// side is the side this phone's player plays of the game of kind; ok false: both (the game is
// on this phone alone).
func (p *pairPart) side(kind string) (mine int, ok bool) {
	if d := p.duo; d != nil && d.kind == kind {
		return d.mine, true
	}
	return 0, false
}

// kept tells the other phone, when the game of kind is on two, that this phone's player kept
// it on the shelf (KeepGame): nobody on one phone.
func (p *pairPart) kept(kind string) {
	if d := p.duo; d != nil && d.kind == kind {
		d.keep()
	}
}

// alone puts the game of kind on this phone alone, as a new game starts or the game ends: a
// host or a guest ends its link, the game's record written without it when next saved.
func (p *pairPart) alone(kind string) {
	if d := p.duo; d != nil && d.kind == kind {
		p.leave(kind, false)
	}
}

// keep tells the other phone that this phone's player kept the game on the shelf, for it to
// keep its own copy (Link.Keep).
func (d *duo) keep() {
	d.link.Keep(d.now())
	d.save()
}

func (LinkTick) apply(s *Session) (Outcome, error) {
	d := s.pair.duo
	if d == nil {
		return Outcome{Quiet: true}, nil
	}
	rep := d.link.Tick(s.now())
	d.save()
	return Outcome{Quiet: !rep.Lost}, nil
}

func (r AllowBoth) apply(s *Session) (Outcome, error) {
	if d := s.pair.duo; d != nil && d.link.Role() == link.Host {
		d.both = r.Both
		d.save()
	}
	return Outcome{}, nil
}

func (MakeSyncMessage) apply(s *Session) (Outcome, error) {
	d := s.pair.duo
	if d == nil {
		return Outcome{}, nil
	}
	d.sync = nil
	if !s.games.has(d.kind) || !d.write() {
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
	if v.p.duo == nil {
		return nil
	}
	return v.p.duo.sync
}

func (EndTwoPhones) apply(s *Session) (Outcome, error) {
	d := s.pair.duo
	if d == nil {
		return Outcome{}, nil
	}
	s.pair.leave(d.kind, true)
	return Outcome{}, nil
}

// refusalTexts is err in every language of the app, for the guest to show in its own.
func refusalTexts(err error) link.Texts {
	t := link.Texts{}
	for _, lang := range []string{text.EN, text.ES, text.IT} {
		t[lang] = errText(err, lang)
	}
	return t
}

// linked is a game on two phones as the link sees it (link.Game): this phone's seat at it, the
// host's deciding the guest's requests, the guest's applying the host's steps.
type linked struct{ d *duo }

func (a linked) Decide(req []byte) ([]byte, link.Texts) { return a.d.seat.Decide(req) }

func (a linked) Apply(op []byte) error { return a.d.seat.Apply(op) }

func (a linked) Snapshot() ([]byte, error) { return a.d.seat.Snapshot() }

func (a linked) Restore(b []byte) error { return a.d.seat.Restore(b) }
