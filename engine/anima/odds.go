package anima

// Odds are the exact chances of an attack, counted over every result of the dice (so each
// is a fraction with denominator Outcomes). LPLoss[i] is the chance of losing exactly i LP
// before capping at the target's LP. R-ATK-1..5, R-GNO-2.
type Odds struct {
	Hit            float64   `json:"hit"`
	Crit           float64   `json:"crit"`
	ExpectedLPLoss float64   `json:"expected_lp_loss"`
	LPLoss         []float64 `json:"lp_loss"`
	Counterattack  float64   `json:"counterattack"`
	// Counts behind the chances: each chance is Count/Outcomes.
	Outcomes    int64   `json:"-"`
	HitCount    int64   `json:"-"`
	CritCount   int64   `json:"-"`
	LPLossCount []int64 `json:"-"`
}

// TakesOut is the chance that the exchange takes a target of lp LP out of play: that it loses
// lp LP or more (R-ATK-11). A target at 0 LP or less is out already (1).
func (o Odds) TakesOut(lp int) float64 {
	p := 0.0
	for i, q := range o.LPLoss {
		if i >= lp {
			p += q
		}
	}
	return p
}

// keptWeights returns, for v = 1..10, in how many of the 10^k throws of k d10 the best die
// is v: v^k - (v-1)^k. weights[0] is the throw count when k is 0 (a single "0" result).
func keptWeights(k int) (w [11]int64, total int64) {
	if k == 0 {
		w[0] = 1
		return w, 1
	}
	pow := func(b, e int) int64 {
		r := int64(1)
		for range e {
			r *= int64(b)
		}
		return r
	}
	for v := 1; v <= 10; v++ {
		w[v] = pow(v, k) - pow(v-1, k)
	}
	return w, pow(10, k)
}

// ComputeOdds counts every result of the attacker's and the defender's dice. It returns
// the error of AttackSpec.Validate for an impossible attack.
func ComputeOdds(a AttackSpec) (Odds, error) {
	if err := a.Validate(); err != nil {
		return Odds{}, err
	}
	wa, ta := keptWeights(a.AttackDice())
	wd, td := keptWeights(a.DefenseDice())
	o := Odds{Outcomes: ta * td}
	// At most 10 x 11 results of the kept dice: their LP losses are counted first, and the
	// histogram is then as long as the largest loss (bounded by Validate's bounds).
	type result struct {
		loss int
		w    int64
	}
	var results [110]result
	var counter int64
	n, most := 0, 0
	for av := 1; av <= 10; av++ {
		for dv := 0; dv <= 10; dv++ {
			w := wa[av] * wd[dv]
			if w == 0 {
				continue
			}
			r := a.Resolve(av, dv)
			if r.Hit {
				o.HitCount += w
			}
			if r.Critical {
				o.CritCount += w
			}
			if r.Counter {
				counter += w
			}
			results[n] = result{r.LPLoss, w}
			n++
			most = max(most, r.LPLoss)
		}
	}
	o.LPLossCount = make([]int64, most+1)
	for _, r := range results[:n] {
		o.LPLossCount[r.loss] += r.w
	}
	total := float64(o.Outcomes)
	o.Hit, o.Crit, o.Counterattack = float64(o.HitCount)/total, float64(o.CritCount)/total, float64(counter)/total
	o.LPLoss = make([]float64, len(o.LPLossCount))
	for i, c := range o.LPLossCount {
		o.LPLoss[i] = float64(c) / total
		o.ExpectedLPLoss += float64(i) * o.LPLoss[i]
	}
	return o, nil
}
