package season

import "math"

// Glicko-2, as Glickman's "Example of the Glicko-2 system" (2013) gives it, each of its steps
// a function named after it. A rating period is a club night: every game of the night is one
// of its matches, and a player who did not play the night only grows less certain (step 6).

// Rating is a player's Glicko-2 rating on the Glicko scale: R the rating (1500 to start),
// RD its deviation (350 to start: the range R ± 2·RD holds the player's strength at 95%),
// Volatility how erratic the player's results are (0.06 to start).
type Rating struct {
	R          float64 `json:"r"`
	RD         float64 `json:"rd"`
	Volatility float64 `json:"volatility"`
}

// Glicko-2's constants: a new player's rating, and the tolerance of the volatility's iteration.
const (
	StartR          = 1500.0
	StartRD         = 350.0
	StartVolatility = 0.06
	// Tau is the system constant τ by default: how much the volatility may change in a period
	// (Glickman: 0.3 to 1.2; smaller for games of less luck).
	Tau = 0.5
	// glickoScale turns the Glicko scale into Glicko-2's (step 2).
	glickoScale = 173.7178
	epsilon     = 0.000001
)

// NewRating is an unrated player's rating (step 1).
func NewRating() Rating { return Rating{R: StartR, RD: StartRD, Volatility: StartVolatility} }

// Match is one game of a rating period from a player's side: the opponent's rating before the
// period, and the score (1 a win, 0.5 a draw, 0 a loss).
type Match struct {
	Opponent Rating
	Score    float64
}

// Rate is the player's rating after a rating period of matches (none: the period only widens
// its deviation), with the system constant tau (Tau by default; 0.2 to 1.2).
func Rate(p Rating, matches []Match, tau float64) Rating {
	mu, phi := toGlicko2(p)
	if len(matches) == 0 {
		return fromGlicko2(mu, preRatingPhi(phi, p.Volatility), p.Volatility)
	}
	v := estimatedVariance(mu, matches)
	delta := estimatedImprovement(mu, v, matches)
	sigma := newVolatility(phi, p.Volatility, v, delta, tau)
	phiStar := preRatingPhi(phi, sigma)
	phiNew := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	muNew := mu + phiNew*phiNew*(delta/v) // step 7: φ'² Σ g(φj)(sj − E), which is φ'²·Δ/v
	return fromGlicko2(muNew, phiNew, sigma)
}

// toGlicko2 is step 2: the rating and its deviation on the Glicko-2 scale, μ and φ.
func toGlicko2(p Rating) (mu, phi float64) {
	return (p.R - StartR) / glickoScale, p.RD / glickoScale
}

// fromGlicko2 is step 8: μ', φ' and σ' back on the Glicko scale.
func fromGlicko2(mu, phi, sigma float64) Rating {
	return Rating{R: glickoScale*mu + StartR, RD: glickoScale * phi, Volatility: sigma}
}

// g is Glickman's g(φ): how much an opponent's uncertainty discounts a result against them.
func g(phi float64) float64 { return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi)) }

// expected is E(μ, μj, φj): the expected score against an opponent.
func expected(mu, muJ, phiJ float64) float64 { return 1 / (1 + math.Exp(-g(phiJ)*(mu-muJ))) }

// estimatedVariance is step 3: v, the estimated variance of the rating from the results alone.
func estimatedVariance(mu float64, matches []Match) float64 {
	sum := 0.0
	for _, m := range matches {
		muJ, phiJ := toGlicko2(m.Opponent)
		e := expected(mu, muJ, phiJ)
		sum += g(phiJ) * g(phiJ) * e * (1 - e)
	}
	return 1 / sum
}

// estimatedImprovement is step 4: Δ, the improvement the results alone suggest.
func estimatedImprovement(mu, v float64, matches []Match) float64 {
	sum := 0.0
	for _, m := range matches {
		muJ, phiJ := toGlicko2(m.Opponent)
		sum += g(phiJ) * (m.Score - expected(mu, muJ, phiJ))
	}
	return v * sum
}

// newVolatility is step 5: σ', by the Illinois algorithm as the paper gives it (5.1–5.5).
func newVolatility(phi, sigma, v, delta, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for i := 0; math.Abs(B-A) > epsilon && i < 100; i++ { // converges in a few: bounded all the same
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// preRatingPhi is step 6: φ*, the deviation grown by the volatility over the period.
func preRatingPhi(phi, sigma float64) float64 { return math.Sqrt(phi*phi + sigma*sigma) }
