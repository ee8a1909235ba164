package anima

import (
	"testing"
)

// FuzzCardPack: no card pack makes ParseCardPack panic; every card it accepts is within the
// bounds of bounds.go.
func FuzzCardPack(f *testing.F) {
	f.Add([]byte(`{"version":1,"kind":"gnosis-card-pack","characters":[{"name":"Elhaym","categories":["Mystic"],"level":40,"attack":"5/6","lp":"12","actions":4,"recovery":3}],"advantages":[{"name":"Lucky Charm","group":"Equipment","cost":5}]}`))
	f.Add([]byte(`{"version":1,"kind":"gnosis-card-pack","characters":[{"name":"Huge","level":1,"damage":"3000000000","lp":"1","actions":1,"recovery":1}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := ParseCardPack(b)
		if err != nil {
			return
		}
		for _, c := range p.Characters {
			if err := c.inBounds(); err != nil {
				t.Fatalf("accepted %q out of bounds: %v", c.Name, err)
			}
		}
	})
}

// FuzzOdds: no attack makes ComputeOdds panic or allocate past the dice's results; accepted
// odds are probabilities that add up to 1.
func FuzzOdds(f *testing.F) {
	f.Add(5, 4, 9, 2, 0, 1, true, false, 10)
	f.Add(3000000000, 1<<40, -1<<40, 0, 1<<62, 2, true, true, 9)
	f.Fuzz(func(t *testing.T, attack, damage, defense, armor, mod, reaction int, ga, gd bool, critOn int) {
		r := []Reaction{NoReaction, Dodge, Counterattack}[((reaction%3)+3)%3]
		o, err := ComputeOdds(AttackSpec{Edition: Core, Action: MeleeAttack, Attack: attack, Damage: damage, Defense: defense, Armor: armor,
			Mod: mod, Reaction: r, GnosisAttack: ga, GnosisDefense: gd, CritOn: critOn})
		if err != nil {
			return
		}
		sum := 0.0
		for _, p := range o.LPLoss {
			sum += p
		}
		if len(o.LPLoss) > 1000 || sum < 0.999999 || sum > 1.000001 || o.Hit < 0 || o.Hit > 1 {
			t.Fatalf("%d losses adding to %v, hit %v", len(o.LPLoss), sum, o.Hit)
		}
	})
}
