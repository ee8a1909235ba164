package anima

import (
	"slices"
)

// AdvancePhase ends the current phase and does the next phase's automatic steps, which the
// player confirms by sending it:
//
//   - Recovery (R-TURN-2): cards straightened; each character in play gains its Recovery in
//     actions, +1 with Haste, -1 with Slow, +1 on a power node (Nodes), capped at its total
//     (R-STATE-2, R-SCN-1); Healing gives 2 LP (R-STATE-4); each side's Gnosis points renew
//     (R-GNO-1); Arbiters' Order points reset (R-ARB-1).
//   - Maintenance (R-TURN-3): upkeep is paid for each sustained ability kept (Drop lists
//     those the player drops; one the character cannot pay is dropped), and for each
//     maintenance card kept ("1 LP"; Discard lists those the player stops paying for, and one
//     the character cannot pay, or could only with its last LP, is discarded); every summon loses a
//     Bind point, and one at 0 is removed when OutsideZoC names it, else rolls d10 and stays
//     only by beating its Stability (R-SUM-4; no Shock check, its time is over: R-SUM-5);
//     one counter of each state comes off each character, and a Doom counter coming off
//     rolls d10: 8, 9 or 10 kills (R-STATE-1, R-STATE-7). Gnosis lists the checks rolled
//     with a Gnosis point (R-GNO-2).
//   - Action: the side that acts first activates first (R-TURN-4). In alpha, a turn after the
//     first rolls for who acts first as its Recovery phase ends, when it has not yet
//     (R-SETUP-5); Initiative names the sides that spend Gnosis on that roll (R-GNO-2).
//
// After the Action phase of the last turn the game ends (R-TURN-5).
type AdvancePhase struct {
	Initiative [2]bool      // alpha: the sides that spend Gnosis on the roll for who acts first (R-GNO-2)
	Gnosis     []GnosisRoll // the Maintenance checks rolled with Gnosis (R-GNO-2)
	Drop       []UpkeepDrop
	Discard    []CardDrop
	Nodes      []Ref
	OutsideZoC []Ref
}

func (c AdvancePhase) decide(s State, d Die) ([]Event, error) {
	if s.Active != nil {
		a, _ := s.Character(*s.Active)
		return nil, refuse("R-TURN-4", ErrNotAllowed, "%s is active: end its activation first", a.Name)
	}
	next := s.Flow.next(s.Turns)
	if next.Ended {
		return []Event{GameEnded{}}, nil
	}
	var evs []Event
	if rollsForFirst(s) {
		// R-SETUP-5: alpha rolls for who acts first again every turn, the reveals made
		rolled, err := RollForFirst{Gnosis: c.Initiative}.roll(s, d)
		if err != nil {
			return nil, err
		}
		evs, next = rolled, After(s, rolled).Flow.next(s.Turns) // the next phases follow the new first side
	} else if c.Initiative != [2]bool{} {
		return nil, refuse("R-GNO-2", ErrNotAllowed, "Gnosis is spent on a roll: no roll for who acts first comes with this phase")
	}
	evs = append(evs, PhaseBegan{Flow: next})
	now := s // the phase's steps follow what came before them: the roll for who acts first's Gnosis point
	if len(evs) > 1 {
		now = After(s, evs[:len(evs)-1])
	}
	switch next.Phase {
	case Recovery:
		evs = append(evs, c.recovery(now)...)
	case Maintenance:
		m, err := c.maintenance(now, d)
		if err != nil {
			return nil, err
		}
		evs = append(evs, m...)
	}
	return evs, nil
}

// AdvanceToAction runs the phases from this one to the next Action phase in one gesture, each
// as AdvancePhase does, with the player's choices: from the Action phase, the next turn's
// Recovery (R-TURN-2; Nodes) and Maintenance (R-TURN-3; Drop, Discard, OutsideZoC, Gnosis);
// from Recovery or Maintenance, what is left of them. It stops early where the game ends (the
// last turn's Action phase over, R-TURN-1). Refused as AdvancePhase is: while a character is
// active (R-TURN-4). One undo takes the whole of it back.
type AdvanceToAction AdvancePhase

func (c AdvanceToAction) decide(s State, d Die) ([]Event, error) {
	now := s
	var all []Event
	rolled := false
	for {
		step := AdvancePhase(c)
		if rollsForFirst(now) {
			rolled = true
		} else {
			step.Initiative = [2]bool{} // Gnosis on who acts first goes with the phase that rolls it
		}
		evs, err := step.decide(now, d)
		if err != nil {
			return nil, err
		}
		all = append(all, evs...)
		now = After(now, evs)
		if len(evs) == 0 || now.Flow.Ended || now.Flow.Phase == Action {
			if c.Initiative != [2]bool{} && !rolled {
				return nil, refuse("R-GNO-2", ErrNotAllowed, "Gnosis is spent on a roll: no roll for who acts first comes with this phase")
			}
			return all, nil
		}
	}
}

// rollsForFirst reports whether the end of s's phase rolls for who acts first: alpha, the
// Recovery phase of a turn after the first, not rolled yet this turn. R-SETUP-5.
func rollsForFirst(s State) bool {
	return s.Edition == Alpha && s.Flow.Phase == Recovery && s.Flow.Turn > 1 && s.RolledTurn != s.Flow.Turn
}

// After is s with evs applied, as the game applies them: the state a command's events (from
// Decide) lead to, for a preview.
func After(s State, evs []Event) State {
	now := s.Clone()
	for _, ev := range evs {
		fold(&now, ev)
	}
	return now
}

// GnosisRoll names a check of the Maintenance phase on which a side spends a Gnosis point
// (R-GNO-2): the Doom or Stability check of Ref, or the Shock check for the summon Ref (rolled
// by its summoner). Doom and Shock keep the lower die, Stability the higher.
type GnosisRoll struct {
	Ref   Ref       `json:"ref"`
	Check CheckKind `json:"check"`
}

// The checks of the Maintenance phase, as Rolled.Check names them.
const (
	CheckDoom       CheckKind = "doom"
	CheckStability  CheckKind = "stability"
	CheckShock      CheckKind = "shock"
	CheckEscape     CheckKind = "escape"
	CheckSeek       CheckKind = "seek"
	CheckResistance CheckKind = "resistance"
	CheckInitiative CheckKind = "initiative" // the roll-off for who acts first (FirstRolled), R-SETUP-5
)

// UpkeepDrop names one character's sustained ability that its player stops paying for in
// the Maintenance phase (R-TURN-3): two characters may sustain abilities of the same name.
type UpkeepDrop struct {
	Ref     Ref    `json:"ref"`
	Ability string `json:"ability"`
}

// CardDrop names one character's maintenance card whose upkeep its player stops paying in the
// Maintenance phase: the card is discarded (R-TURN-3).
type CardDrop struct {
	Ref  Ref    `json:"ref"`
	Card string `json:"card"`
}

// recovery: R-TURN-2 (home).
func (c AdvancePhase) recovery(s State) []Event {
	var evs []Event
	for side := range s.Sides {
		evs = append(evs, GnosisRenewed{Side: side, Points: GnosisPoints(s.Edition, s.Sides[side].EncounterLevel)})
		for i, ch := range s.Sides[side].Characters {
			r := Ref{side, i}
			if !ch.InPlay() {
				continue
			}
			gain := ch.Recovery
			if ch.States[Haste] > 0 { // R-STATE-2 (home): Haste +1, Slow -1
				gain++
			}
			if ch.States[Slow] > 0 {
				gain--
			}
			if slices.Contains(c.Nodes, r) {
				gain++
			}
			if gain = min(max(gain, 0), ch.MaxActions-ch.Actions); gain > 0 {
				evs = append(evs, ActionsRecovered{Ref: r, Gained: gain})
			}
			if ch.States[Healing] > 0 && ch.LP < ch.MaxLP { // R-STATE-4 (home)
				evs = append(evs, LPChanged{Ref: r, Delta: min(2, ch.MaxLP-ch.LP), Why: "healing"})
			}
			if ch.MaxOrderPoints > 0 && ch.OrderPoints != ch.MaxOrderPoints {
				evs = append(evs, OrderPointsChanged{Ref: r, Delta: ch.MaxOrderPoints - ch.OrderPoints})
			}
		}
	}
	return evs
}

func (c AdvancePhase) maintenance(s State, d Die) ([]Event, error) {
	t := begin(s, d)
	t.shockGnosis = func(summon Ref) bool { return c.gnosis(summon, CheckShock) }
	// R-SUM-4: every summon on the table loses its Bind point first, before any upkeep is paid
	// or any state counter comes off (Doom's roll included); a summon unbound here pays nothing.
	gone := map[Ref]bool{}
	for side := range s.Sides {
		for i, ch := range s.Sides[side].Characters {
			r := Ref{side, i}
			if !ch.InPlay() {
				continue
			}
			removed, err := c.bind(t, r, ch)
			if err != nil {
				return nil, err
			}
			gone[r] = removed
		}
	}
	for side := range s.Sides {
		for i, ch := range s.Sides[side].Characters {
			r := Ref{side, i}
			if !ch.InPlay() || gone[r] {
				continue
			}
			c.upkeep(t, r, ch)
			c.cardUpkeep(t, r)
			if now, _ := t.now.Character(r); !now.InPlay() { // Poison on its upkeep killed it (alpha)
				if err := t.deaths(); err != nil {
					return nil, err
				}
				continue
			}
			if err := c.counters(t, r, ch); err != nil {
				return nil, err
			}
			if err := t.deaths(); err != nil { // a summon killed by Doom
				return nil, err
			}
		}
	}
	return t.done()
}

// upkeep pays each sustained ability kept, or drops it when the player drops it or the
// character cannot pay (R-TURN-3 (home)); a poisoned character pays LP too in alpha
// (upkeepPoison).
func (c AdvancePhase) upkeep(t *tx, r Ref, ch Character) {
	actions := ch.Actions
	for _, u := range ch.Upkeep {
		if slices.Contains(c.Drop, UpkeepDrop{Ref: r, Ability: u.Ability}) || actions < u.Cost {
			t.emit(UpkeepSet{Ref: r, Ability: u.Ability, Kept: false})
			continue
		}
		actions -= u.Cost
		t.emit(ActionsSpent{Ref: r, Actions: u.Cost, For: whyUpkeep + Reason(u.Ability)})
		t.upkeepPoison(r, ch, u.Cost)
	}
}

// cardUpkeep pays each maintenance card's upkeep, in LP or actions as printed (actions cost
// a poisoned character LP too in alpha, as an ability's upkeep does), or discards the card when
// the player stops paying, the character cannot pay, or paying would take its last LP. R-TURN-3.
func (c AdvancePhase) cardUpkeep(t *tx, r Ref) {
	ch, _ := t.now.Character(r)
	for _, card := range ch.Cards {
		if card.Maintenance == "" || card.Discarded {
			continue
		}
		n, lp, ok := ParseUpkeep(card.Maintenance)
		if !ok { // printed in words the engine does not read: the player pays it by hand
			continue
		}
		now, _ := t.now.Character(r)
		left := now.Actions
		if lp {
			left = now.LP - 1
		}
		if slices.Contains(c.Discard, CardDrop{Ref: r, Card: card.Name}) || left < n {
			t.emit(CardDiscarded{Ref: r, Card: card.Name})
			continue
		}
		if lp {
			t.emit(LPChanged{Ref: r, Delta: -n, Why: whyUpkeep + Reason(card.Name)})
			continue
		}
		t.emit(ActionsSpent{Ref: r, Actions: n, For: whyUpkeep + Reason(card.Name)})
		t.upkeepPoison(r, now, n)
	}
}

// upkeepPoison: in alpha Poison costs 1 LP per action point spent, upkeep paid in Maintenance
// included; in core, per action performed, and upkeep is none (R-STATE-5 (home)).
func (t *tx) upkeepPoison(r Ref, ch Character, actions int) {
	if t.s.Edition == Alpha && ch.States[Poison] > 0 && !ch.Caps.ImmuneTo(Poison) {
		t.emit(LPChanged{Ref: r, Delta: -actions, Why: "poison"})
	}
}

// bind: every summon loses one Bind point; at 0 it is removed outside its summoner's zone
// of control, or when its summoner is out of play (no zone of control to be inside), else it
// rolls d10 and stays only by beating its Stability (R-SUM-4 (home), rulings of 2026-11-29). It
// leaves at its natural time: no Shock check (R-SUM-5).
func (c AdvancePhase) bind(t *tx, r Ref, ch Character) (removed bool, err error) {
	if !ch.Summon {
		return false, nil
	}
	if ch.Bind > 0 {
		t.emit(BindChanged{Ref: r, Delta: -1})
	}
	if ch.Bind > 1 {
		return false, nil
	}
	remove := slices.Contains(c.OutsideZoC, r) || !summonerInPlay(t.s, ch)
	if !remove {
		roll, err := t.roll(r.Side, DieSlot{Who: ch.Name, For: "check:stability"}, 1, c.gnosis(r, CheckStability))
		if err != nil {
			return false, err
		}
		stays := roll.Kept > ch.Stability
		t.emit(Rolled{Ref: r, Check: CheckStability, Roll: roll, Total: roll.Kept, Success: stays})
		remove = !stays
	}
	if remove {
		t.emit(Removed{Ref: r, Why: "unbound"})
	}
	return remove, nil
}

// FacesStability reports whether the summon ch, as the Maintenance phase finds it in s, loses
// its last Bind point there with its summoner in play: it is then removed outside its
// summoner's zone of control, else it rolls its Stability check (R-SUM-4, AdvancePhase.bind),
// on which its side may spend Gnosis (R-GNO-2). A summon whose summoner is out of play is
// removed at 0 Bind with no roll (LeavesUnbound).
func FacesStability(s State, ch Character) bool {
	return ch.Summon && ch.Bind <= 1 && summonerInPlay(s, ch)
}

// LeavesUnbound reports whether the summon ch, as the Maintenance phase finds it in s, is
// removed there with no roll: it loses its last Bind point while its summoner is out of play
// (R-SUM-4, ruling of 2026-11-29).
func LeavesUnbound(s State, ch Character) bool {
	return ch.Summon && ch.Bind <= 1 && !summonerInPlay(s, ch)
}

// summonerInPlay reports whether the summon ch's summoner is in play.
func summonerInPlay(s State, ch Character) bool {
	m, ok := s.Character(ch.Summoner)
	return ok && m.InPlay()
}

// FacesDoom reports whether ch, as the Maintenance phase finds it, rolls a Doom check there: a
// Doom counter comes off (R-STATE-7, AdvancePhase.counters), and its side may spend Gnosis on
// it (R-GNO-2).
func FacesDoom(ch Character) bool { return ch.States[Doom] > 0 }

// counters takes one counter of each state off (R-STATE-1 (home)); a Doom counter coming off
// rolls d10: 8, 9 or 10 kills, lower is better with Gnosis (R-STATE-7 (home), R-GNO-2).
func (c AdvancePhase) counters(t *tx, r Ref, ch Character) error {
	for k := StateKind(0); k < numStates; k++ {
		if ch.States[k] == 0 {
			continue
		}
		t.emit(StateChanged{Ref: r, State: k, Delta: -1})
		if k != Doom { // FacesDoom
			continue
		}
		roll, err := t.rollLow(r.Side, DieSlot{Who: ch.Name, For: "check:doom"}, c.gnosis(r, CheckDoom))
		if err != nil {
			return err
		}
		dies := roll.Kept >= 8
		t.emit(Rolled{Ref: r, Check: CheckDoom, Roll: roll, Total: roll.Kept, Success: !dies})
		if now, _ := t.now.Character(r); dies && now.LP > 0 {
			t.emit(LPChanged{Ref: r, Delta: -now.LP, Why: "doom"})
		}
	}
	return nil
}

// gnosis reports whether the player spends Gnosis on r's check of that kind.
func (c AdvancePhase) gnosis(r Ref, check CheckKind) bool {
	return slices.Contains(c.Gnosis, GnosisRoll{Ref: r, Check: check})
}
