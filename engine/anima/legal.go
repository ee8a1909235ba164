package anima

import "fmt"

// Choice is something a player may do now: a label and the command that does it.
type Choice struct {
	Label   string
	Command Command
}

// Actions lists what may be done now (R-TURN-4): for the active character, each action it may
// take (movement it has not made, attacks on enemies it can reach, escape, seek, summons, the
// end of its activation), each attack (melee, ranged, charge, push, slam) once, on the first
// enemy it may take (the player picks the target after); outside an activation, which
// characters may be activated and whether the phase may end. Actions whose outcome needs the
// table (distances) are offered with the character's full movement.
func Actions(s State) []Choice { return legal(s, false) }

// legal is Actions, with everyTarget each attack on every enemy it may take (the tests' check
// of Actions).
func legal(s State, everyTarget bool) []Choice {
	var out []Choice
	try := func(label string, c Command) bool {
		ok := Allowed(s, c)
		if ok {
			out = append(out, Choice{Label: label, Command: c})
		}
		return ok
	}
	if s.Flow.Ended {
		return nil
	}
	if s.Active != nil {
		r := *s.Active
		ch, _ := s.Character(r)
		try("walk", Move{Ref: r, How: MoveWalk, Distance: ch.Walk})
		try("run", Move{Ref: r, How: MoveRun, Distance: ch.Run})
		try("free movement", Move{Ref: r, How: MoveFree, Distance: FreeMovement})
		try("climb", Move{Ref: r, How: MoveClimb})
		var found [5]bool // attack, shoot, charge, push, slam: one target found
		for i, e := range s.Sides[other(r.Side)].Characters {
			t := Ref{other(r.Side), i}
			if !e.InPlay() {
				continue
			}
			for k, c := range [5]Command{Attack{Attacker: r, Target: t}, Attack{Attacker: r, Target: t, Ranged: true},
				Charge{Attacker: r, Target: t}, Push{Attacker: r, Target: t}, Charge{Attacker: r, Target: t, Slam: true}} {
				if found[k] && !everyTarget {
					continue
				}
				if try([5]string{"attack ", "shoot ", "charge ", "push ", "slam "}[k]+e.Name, c) {
					found[k] = true
				}
			}
		}
		try("escape", Escape{Ref: r})
		try("seek", Seek{Ref: r})
		for i, sm := range s.Sides[r.Side].Characters {
			if sm.Summon && sm.Summoner == r {
				try("summon "+sm.Name, CallSummon{Summoner: r, Summon: Ref{r.Side, i}, PlacementOK: true})
			}
		}
		try("end activation", EndActivation{Ref: r})
		return out
	}
	if s.Flow.Phase == Action {
		for i, ch := range s.Sides[s.Flow.ActiveSide].Characters {
			try("activate "+ch.Name, BeginActivation{Ref: Ref{s.Flow.ActiveSide, i}})
		}
	}
	if s.Flow.Phase == Recovery {
		for side := range s.Sides {
			for i, ch := range s.Sides[side].Characters {
				try(fmt.Sprintf("reveal %s", ch.Name), Reveal{Ref: Ref{side, i}})
			}
		}
	}
	try("next phase", AdvancePhase{})
	return out
}
