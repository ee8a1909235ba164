package anima

// Tier is a row of the encounter table (R-PARTY-2): from Levels up, a party gets these
// advantage points, leaders, organization advantages and Gnosis points.
type Tier struct {
	Name                   string
	Levels                 int
	AdvantagePoints        int
	Leaders                int
	OrganizationAdvantages int
	Gnosis                 int
}

// Tiers is the encounter table, smallest first. R-PARTY-2 (home).
var Tiers = []Tier{
	{"Alpha", 100, 10, 0, 0, 1},
	{"Beta", 200, 20, 0, 1, 2},
	{"Gamma", 300, 30, 1, 1, 3},
	{"Sigma", 450, 40, 1, 2, 4},
	{"Omega", 600, 60, 2, 3, 6},
}

// TierFor returns the highest tier whose Levels the encounter level reaches, or a zero Tier
// named "" below 100 levels. R-PARTY-2.
func TierFor(level int) Tier {
	t := Tier{}
	for _, x := range Tiers {
		if level >= x.Levels {
			t = x
		}
	}
	return t
}

// AdvantagePoints are the extra points for advantage cards only. core: 10% of the encounter
// level (R-PARTY-3); alpha: the tier's points (R-PARTY-2), 10% from Omega up ("60+").
func AdvantagePoints(e Edition, level int) int {
	if e == Alpha {
		if t := TierFor(level); t.Name != "Omega" {
			return t.AdvantagePoints
		}
	}
	return max(level, 0) / 10
}

// LeadersAllowed is how many leaders a party may field. core: one per full 250 levels
// (R-PARTY-4); alpha: the tier's leaders (R-PARTY-2).
func LeadersAllowed(e Edition, level int) int {
	if e == Alpha {
		return TierFor(level).Leaders
	}
	return max(level, 0) / 250
}

// AgentsAllowed is how many Organization Agents a party may field in total: one per full
// 150 levels. R-PARTY-5.
func AgentsAllowed(level int) int { return max(level, 0) / 150 }

// OrganizationAdvantagesAllowed is how many organization advantages an organization party
// receives. R-PARTY-2, R-PARTY-7.
func OrganizationAdvantagesAllowed(level int) int { return TierFor(level).OrganizationAdvantages }
