package season

import (
	"fmt"
	"math"
	"testing"
)

// TestGlickmansExample: Glicko-2 as Glickman's paper works it: a 1500/200/0.06 player who beat
// a 1400/30 player and lost to 1550/100 and 1700/300, τ 0.5, is rated 1464.06, deviation
// 151.52, volatility 0.05999, to those digits; each step's figure as the paper prints it. The
// paper rounds each step to four digits before the next (E 0.639, 0.432, 0.303; μ' −0.2069),
// which its last digits keep: worked without rounding, Δ is −0.4839 and the rating 1464.0507,
// within the paper's rounding of its 1464.06 (a hundredth), σ' 0.059996, which it prints
// to five digits cut, not rounded.
func TestGlickmansExample(t *testing.T) {
	p := Rating{R: 1500, RD: 200, Volatility: 0.06}
	ms := []Match{{Rating{1400, 30, 0.06}, 1}, {Rating{1550, 100, 0.06}, 0}, {Rating{1700, 300, 0.06}, 0}}
	mu, phi := toGlicko2(p)
	v := estimatedVariance(mu, ms)
	delta := estimatedImprovement(mu, v, ms)
	sigma := newVolatility(phi, p.Volatility, v, delta, 0.5)
	for _, c := range []struct {
		step                 string
		got, want, tolerance float64
	}{
		{"3: v", v, 1.7785, 0.0005},      // the paper's g and E rounded
		{"4: Δ", delta, -0.4834, 0.0006}, // the paper's E rounded to three digits
		{"5: σ'", sigma, 0.05999, 0.00001},
	} {
		if math.Abs(c.got-c.want) > c.tolerance {
			t.Errorf("step %s = %.6f, the paper's %v", c.step, c.got, c.want)
		}
	}
	r := Rate(p, ms, 0.5)
	cut := math.Floor(r.Volatility*1e5) / 1e5
	if math.Abs(r.R-1464.06) > 0.01 || fmt.Sprintf("%.2f", r.RD) != "151.52" || fmt.Sprintf("%.5f", cut) != "0.05999" {
		t.Errorf("rated %.4f %.4f %.7f, the paper's 1464.06 151.52 0.05999", r.R, r.RD, r.Volatility)
	}
}

// TestAPeriodNotPlayed: a player who plays no game of a night keeps their rating and
// volatility; only the deviation grows (step 6), never past what a new player's is by much.
func TestAPeriodNotPlayed(t *testing.T) {
	p := Rating{R: 1620, RD: 80, Volatility: 0.06}
	r := Rate(p, nil, Tau)
	if r.R != p.R || r.Volatility != p.Volatility || r.RD <= p.RD || math.Abs(r.RD-math.Sqrt(80*80+math.Pow(0.06*glickoScale, 2))) > 1e-9 {
		t.Errorf("a night not played: %+v from %+v", r, p)
	}
}

// TestRatingsMoveTheRightWay: a win raises, a loss lowers, a draw with an equal leaves the
// rating; every deviation shrinks when a game is played; no figure is NaN or infinite, for
// ratings across the whole range and scores of every kind.
func TestRatingsMoveTheRightWay(t *testing.T) {
	for _, rr := range []float64{100, 800, 1500, 2200, 3000} {
		for _, rd := range []float64{30, 150, 350} {
			p := Rating{rr, rd, 0.06}
			for _, o := range []Rating{{100, 350, 0.06}, {1500, 30, 0.06}, {3000, 200, 0.1}} {
				win, loss := Rate(p, []Match{{o, 1}}, Tau), Rate(p, []Match{{o, 0}}, Tau)
				for _, r := range []Rating{win, loss} {
					if math.IsNaN(r.R+r.RD+r.Volatility) || math.IsInf(r.R+r.RD+r.Volatility, 0) || r.RD >= math.Sqrt(rd*rd+math.Pow(r.Volatility*glickoScale, 2)) {
						t.Fatalf("%+v against %+v: %+v", p, o, r)
					}
				}
				if win.R <= p.R || loss.R >= p.R {
					t.Errorf("%+v against %+v: won %.1f, lost %.1f", p, o, win.R, loss.R)
				}
			}
		}
	}
	if d := Rate(Rating{1500, 100, 0.06}, []Match{{Rating{1500, 100, 0.06}, 0.5}}, Tau); math.Abs(d.R-1500) > 1e-9 {
		t.Errorf("a draw with an equal: %+v", d)
	}
}
