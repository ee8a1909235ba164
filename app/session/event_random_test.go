package session

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"gnosis/engine/event"
)

// TestRandomClubNightRequests: random club-night requests, hostile arguments among them, the
// storage now and then full: never a panic (Failure), the event always checked whole and its
// file read back to the same event.
func TestRandomClubNightRequests(t *testing.T) {
	for seed := uint64(1); seed <= 400; seed++ {
		r := rand.New(rand.NewPCG(seed, 69))
		s, _, mem := open(t, nil, "en")
		links := []string{eventLink(t, "Church A"), eventLink(t, "Church B"), eventLink(t, "Church C")}
		su := setup("Club", "2026-12-05", 1+r.IntN(5), seed)
		if r.IntN(4) == 0 {
			su.Method = event.RoundRobin
		}
		if r.IntN(4) == 0 {
			su.Method = event.Random
		}
		s.Do(NewEvent{Setup: su})
		var codes []string
		var log []string
		for step := 0; step < 300; step++ {
			mem.Quota = 0
			if r.IntN(15) == 0 {
				mem.Quota = 1
			}
			e := s.Event().Get()
			var req Request
			id := r.IntN(12) - 1
			switch k := r.IntN(17); k {
			case 0, 1:
				req = AddEventPlayer{Name: []string{"Ana", "&&", "\u200b", strings.Repeat("é", 90), "Bo"}[r.IntN(5)]}
			case 2, 3:
				req = SubmitEventList{ID: id, Link: links[r.IntN(3)]}
			case 4:
				req = DropEventPlayer{ID: id, Dropped: r.IntN(2) == 0}
			case 5, 6:
				req = PairEventRound{}
			case 7, 8:
				if e == nil || e.Round() == 0 {
					req = TakeResultCode{Text: "GNOSIS-RESULT:AAAA"}
					break
				}
				rd := e.Played[e.Round()-1]
				p := rd.Pairings[r.IntN(len(rd.Pairings))]
				sums := [2]string{"", ""}
				for i, pid := range p.Players {
					if pl := e.Player(pid); pl != nil && pl.List != nil {
						sums[i] = pl.List.Sum
					}
				}
				if r.IntN(2) == 0 {
					sums[0], sums[1] = sums[1], sums[0]
				}
				c := event.Code{Game: fmt.Sprint("g", r.IntN(30)), Parties: sums, Outcome: []string{event.FirstWins, event.SecondWins, event.Drawn}[r.IntN(3)], Killed: [2]int{r.IntN(200), r.IntN(200)}, Turns: r.IntN(8)}
				if r.IntN(2) == 0 {
					c.At = event.At{Key: e.Key(), Round: 1 + r.IntN(e.Round()+1), Table: 1 + r.IntN(5), Player: 1 + r.IntN(len(e.Players)+2), Side: r.IntN(3) - 1}
				}
				codes = append(codes, c.Text())
				req = TakeResultCode{Text: c.Text()}
			case 9:
				if len(codes) > 0 {
					req = TakeResultCode{Text: codes[r.IntN(len(codes))]}
				} else {
					req = DropEventResult{}
				}
			case 10:
				req = PlaceEventResult{Option: r.IntN(5) - 1}
			case 11:
				req = TypeEventResult{Round: r.IntN(4), Table: r.IntN(5), Result: event.Result{Outcome: event.Drawn, Killed: [2]int{r.IntN(20000) - 100, 3}}}
			case 12:
				req = CorrectEventResult{Round: r.IntN(4), Table: r.IntN(5), Result: event.Result{Outcome: event.FirstWins}, Why: "&"}
			case 13:
				req = SwapEventPlayers{A: id, B: r.IntN(12) - 1, Why: "x"}
			case 14:
				if e != nil && e.Round() > 0 {
					v := e.RoundViews(e.Round())
					req = JoinEvent{Link: v[0].Payload(), ID: id}
				} else {
					req = JoinEvent{Link: "garbage", ID: id}
				}
			case 15:
				if r.IntN(6) == 0 {
					f, _ := s.Event().File()
					s.Do(EndEvent{})
					req = OpenEventFile{Data: f}
				} else {
					req = DropEventResult{}
				}
			case 16:
				req = TakeEventGameFile{Data: []byte(`{"garbage":1}`)}
			}
			for next := s.Do(req).Next; next != nil && mem.Quota == 0; { // its steps, as the page runs them
				next = s.Do(next).Next
			}
			log = append(log, fmt.Sprintf("%T%+v -> %q", req, req, s.Notice()))
			s.Do(Dismiss{})
			if f := s.Failure(); f != "" {
				t.Fatalf("seed %d step %d: a panic: %s\n%s", seed, step, f, strings.Join(log[max(0, len(log)-8):], "\n"))
			}
			if e := s.Event().Get(); e != nil {
				if err := e.Check(); err != nil {
					t.Fatalf("seed %d step %d: the event fails its check: %v\n%s\n%s", seed, step, err, strings.Join(log[max(0, len(log)-6):], "\n"), e.File())
				}
				back, err := event.ReadFile(e.File())
				if err != nil || string(back.File()) != string(e.File()) {
					t.Fatalf("seed %d step %d: the file does not read back: %v", seed, step, err)
				}
				// Asking's options in the round
				if a := s.Event().Asking(); a != nil {
					for _, o := range a.Options {
						if e.Round() == 0 || o.Table < 1 || o.Table > len(e.Played[e.Round()-1].Pairings) {
							t.Fatalf("seed %d step %d: an option out of the round: %+v", seed, step, o)
						}
					}
				}
			}
		}
	}
}
