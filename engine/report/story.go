package report

import (
	"gnosis/engine/anima"
	"gnosis/engine/core"
)

// Turn is what one turn of the game did for each side: the levels it had on the table when the
// turn ended (or now, for the turn in progress), the Gnosis points and the Order points it
// spent in it.
type Turn struct {
	Turn   int    `json:"turn"`
	Levels [2]int `json:"levels"`
	Gnosis [2]int `json:"gnosis"`
	Orders [2]int `json:"orders"`
}

// Character is what one character's game was: the LP it lost (from any cause), the LP its
// attacks took from enemies (an attack's, a counterattack's, an area's), the enemies it took out
// of play (Kills: the attacker whose gesture took them out), the times it went out of play
// itself (OutOfPlay; a summon dismissed counts too), and the scenario's points it scored
// (Points: the enemy flag picked up, brought home, or its own flag carried back: R-SCN-2; power
// nodes are its side's, not a character's: R-SCN-1).
type Character struct {
	Ref       anima.Ref `json:"ref"`
	Name      string    `json:"name"`
	Level     int       `json:"level"`
	Lost      int       `json:"lost"`
	Dealt     int       `json:"dealt"`
	Kills     int       `json:"kills,omitempty"`
	OutOfPlay int       `json:"out,omitempty"`
	Points    int       `json:"points,omitempty"`
}

// Story is the game in figures, for its pictures: the sides' names, the levels on the table at
// the start, each turn, and each character of either side (in the order of their sides and
// cards).
type Story struct {
	Names      [2]string   `json:"names"`
	Start      [2]int      `json:"start"` // the levels on the table as the game began
	Turns      []Turn      `json:"turns"`
	Characters []Character `json:"characters"`
}

// Tell reads the story of the game of log (anima.Game.Log), now being the state it folds to
// (anima.Game.State: its characters, and the levels of the turn in progress): levels on the
// table at each turn's end (R-SCN: the standard scenario's count), Gnosis (R-GNO-2) and Order
// points (R-ARB-1) spent by turn, LP lost and dealt, kills, times out of play and scenario
// points by character (R-ATK-3, R-SCN-2).
func Tell(log []anima.Entry, now anima.State) Story { return TellPaced(log, now, nil) }

// TellPaced is Tell, tick (nil: none) called between the log's entries (a core.Paced work's).
func TellPaced(log []anima.Entry, now anima.State, tick func()) Story {
	var st Story
	t := tally{dealer: anima.Ref{Side: -1}, lost: map[anima.Ref]int{}, dealt: map[anima.Ref]int{}, kills: map[anima.Ref]int{},
		out: map[anima.Ref]int{}, points: map[anima.Ref]int{}, in: map[anima.Ref]bool{}}
	gesture := -1
	cur := Turn{Turn: 1}
	for e, s := range core.Ticking(anima.Before(log), tick) {
		t.wentOut(s) // what the entry before did, by the gesture's attacker
		if e.Gesture != gesture {
			gesture, t.dealer = e.Gesture, anima.Ref{Side: -1}
		}
		switch ev := e.Event.(type) {
		case anima.GameStarted:
			if g, err := anima.Replay([]anima.Entry{e}); err == nil {
				st.Start = levels(g)
			}
		case anima.PhaseBegan:
			if ev.Flow.Turn > cur.Turn { // the turn before ends
				cur.Levels = levels(s)
				st.Turns = append(st.Turns, cur)
				cur = Turn{Turn: ev.Flow.Turn}
			}
		case anima.GnosisSpent:
			cur.Gnosis[ev.Side]++
		case anima.OrderPointsChanged:
			if ev.Delta < 0 {
				cur.Orders[ev.Ref.Side] -= ev.Delta
			}
		default:
			t.event(e.Event, s)
		}
	}
	t.wentOut(now)
	cur.Levels = levels(now)
	st.Turns = append(st.Turns, cur)
	for side, sd := range now.Sides {
		st.Names[side] = sd.Name
		for i, c := range sd.Characters {
			r := anima.Ref{Side: side, Index: i}
			st.Characters = append(st.Characters, Character{Ref: r, Name: c.Name, Level: c.Level, Lost: t.lost[r], Dealt: t.dealt[r],
				Kills: t.kills[r], OutOfPlay: t.out[r], Points: t.points[r]})
		}
	}
	return st
}

// tally counts each character's LP lost and dealt, kills, times out of play and scenario
// points as a log is read (Tell): the attacker of the gesture read (dealer), and who was in
// play before the entry read.
type tally struct {
	dealer                          anima.Ref
	lost, dealt, kills, out, points map[anima.Ref]int
	in                              map[anima.Ref]bool
}

// wentOut counts who left play since the last look (s: the state now), each a kill of the
// gesture's attacker when of the other side.
func (t *tally) wentOut(s anima.State) {
	for side, sd := range s.Sides {
		for i, c := range sd.Characters {
			r := anima.Ref{Side: side, Index: i}
			if was, now := t.in[r], c.InPlay(); was && !now {
				t.out[r]++
				if t.dealer.Side >= 0 && t.dealer.Side != side {
					t.kills[t.dealer]++
				}
			}
			t.in[r] = c.InPlay()
		}
	}
}

// event counts what an event of the log does to the characters' figures (s: the state it
// follows): an attack names the gesture's dealer, LP lost (an enemy attack's dealt), a flag's
// point (R-SCN-2).
func (t *tally) event(ev anima.Event, s anima.State) {
	point := func(c *anima.Ref) {
		if c != nil {
			t.points[*c]++
		}
	}
	switch ev := ev.(type) {
	case anima.FlagTaken:
		point(&ev.Ref)
	case anima.FlagHome:
		point(s.FlagCarrier(ev.Side))
	case anima.FlagReturned:
		point(s.OwnFlagCarrier(ev.Side))
	case anima.AttackResolved:
		t.dealer = ev.Attacker
	case anima.LPChanged:
		if ev.Delta >= 0 {
			return
		}
		t.lost[ev.Ref] -= ev.Delta
		if t.dealer.Side >= 0 && t.dealer.Side != ev.Ref.Side && (ev.Why == anima.WhyAttack || ev.Why == anima.WhyCounter || ev.Why == anima.WhyArea) {
			t.dealt[t.dealer] -= ev.Delta
		}
	}
}

func levels(s anima.State) [2]int {
	return [2]int{s.Sides[0].LevelsOnTable(), s.Sides[1].LevelsOnTable()}
}

// Report is a game told after (or during) it: its story in figures and each side's luck.
type Report struct {
	Story Story `json:"story"`
	Luck  Luck  `json:"luck"`
}

// Of is the report of game g, as it is now.
func Of(g anima.GameView) Report { return OfPaced(g, nil) }

// OfPaced is Of, tick (nil: none) called between the log's entries (a core.Paced work's).
func OfPaced(g anima.GameView, tick func()) Report {
	log := g.Log()
	return Report{Story: TellPaced(log, g.State(), tick), Luck: MeasureLuckPaced(log, tick)}
}
