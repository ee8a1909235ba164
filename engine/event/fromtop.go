package event

// Pairing from the top (R-EVT-3): the players of a round in their ranking (R-EVT-1, best first),
// the first unpaired player meets the highest-ranked player they may meet such that the rest can
// still be paired, then the next, and so on down. Whether the rest can still be paired is a
// perfect matching's question: a greedy pairing from the top answers it at once when it pairs
// everyone (almost always), and Edmonds's blossom matching (maxWeightMatching, unit weights)
// answers it exactly when it does not.

// mayMeet is which players of a field may meet (R-EVT-2: never twice the same opponents), by
// their places in it.
type mayMeet [][]bool

// canMeet is the field's mayMeet.
func (f *field) canMeet() mayMeet {
	n := len(f.ids)
	m := make(mayMeet, n)
	place := make(map[int]int, n)
	for i := range m {
		m[i] = make([]bool, n)
		for j := range m[i] {
			m[i][j] = j != i
		}
		place[f.ids[i]] = i
	}
	for k := range f.met { // the pairs who met, rather than every pair looked up
		i, ok := place[k[0]]
		j, ok2 := place[k[1]]
		if ok && ok2 {
			m[i][j], m[j][i] = false, false
		}
	}
	return m
}

// pairable reports whether the players of left (places, in ranking order) can all be paired,
// none meeting an opponent again; tick is called between the exact check's stages.
func (m mayMeet) pairable(left []int, tick func()) bool {
	_, ok := m.pairing(left, tick)
	return ok
}

// pairing is a pairing of every player of left (each place's mate, -1 for a place not in
// left), or ok false where there is none: a greedy pairing from the top where it pairs everyone,
// else Edmonds's blossom matching.
func (m mayMeet) pairing(left []int, tick func()) (mate []int, ok bool) {
	if len(left)%2 == 1 {
		return nil, false
	}
	if mate, ok := m.greedy(left); ok {
		return mate, true
	}
	if tick != nil { // the greedy pairing's work apart from the matching's
		tick()
	}
	edges := make([]wedge, 0, len(left)*(len(left)-1)/2)
	for a, i := range left { // the players by their places in left
		for b := a + 1; b < len(left); b++ {
			if m[i][left[b]] {
				edges = append(edges, wedge{a, b, 1})
			}
		}
	}
	mate = fill(len(m), -1)
	for k, q := range weightMatching(len(left), edges, true, tick) {
		if q < 0 {
			return nil, false
		}
		mate[left[k]] = left[q]
	}
	return mate, true
}

// greedy pairs left from the top, each player with the first they may meet; ok false where
// that leaves a player unpaired (a sufficient answer to pairable, not a necessary one).
func (m mayMeet) greedy(left []int) (mate []int, ok bool) {
	mate = fill(len(m), -1)
	for a, i := range left {
		if mate[i] >= 0 {
			continue
		}
		for _, j := range left[a+1:] {
			if mate[j] < 0 && m[i][j] {
				mate[i], mate[j] = j, i
				break
			}
		}
		if mate[i] < 0 {
			return nil, false
		}
	}
	return mate, true
}

// fromTop pairs every player of the field but the one at skip (-1: none) from the top
// (R-EVT-3), tick called between its steps; ok is false when they cannot all be paired. It
// keeps a pairing of the players left (mate): the top player's own mate in it is a choice the
// rest can follow; another candidate j is one when j's mate and the top's may meet (the two
// swap partners), else the players left but those two are paired anew.
func (f *field) fromTop(skip int, tick func()) ([][2]int, bool) {
	m := f.canMeet()
	if tick != nil { // a step apart from the pairing's first
		tick()
	}
	var left []int
	for i := range f.ids {
		if i != skip {
			left = append(left, i)
		}
	}
	mate, ok := m.pairing(left, tick)
	if !ok {
		return nil, false
	}
	var pairs [][2]int
	for len(left) > 0 {
		i, rest := left[0], left[1:]
		paired := false
		for k, j := range rest {
			if !m[i][j] {
				continue
			}
			others := make([]int, 0, len(rest)-1)
			others = append(append(others, rest[:k]...), rest[k+1:]...)
			switch a, b := mate[i], mate[j]; {
			case a == j: // the pairing kept already pairs them
			case m[a][b]: // i's and j's partners meet instead
				mate[a], mate[b] = b, a
			case m.swap(mate, others, a, b):
			default:
				next, ok := m.pairing(others, tick)
				if !ok {
					continue
				}
				mate = next
			}
			mate[i], mate[j] = j, i
			pairs = append(pairs, [2]int{f.ids[i], f.ids[j]})
			left, paired = others, true
			break
		}
		if !paired { // cannot be: the whole was pairable, and so is some choice of the top's
			return nil, false
		}
		if tick != nil {
			tick()
		}
	}
	return pairs, true
}

// swap pairs a and b, left without partners in mate, through one pair (x, y) of others: a with
// x and b with y, or a with y and b with x; it reports whether it found one (mate is then a
// pairing of others).
func (m mayMeet) swap(mate []int, others []int, a, b int) bool {
	for _, x := range others {
		y := mate[x]
		if x == a || x == b || y == a || y == b || y < 0 {
			continue
		}
		switch {
		case m[a][x] && m[b][y]:
			mate[a], mate[x], mate[b], mate[y] = x, a, y, b
			return true
		case m[a][y] && m[b][x]:
			mate[a], mate[y], mate[b], mate[x] = y, a, x, b
			return true
		}
	}
	return false
}

// byeFromBottom is the place of the player who takes the bye of an odd field (R-EVT-4): the
// lowest-ranked who has not had one (byes, by ID) and without whom the rest can be paired; -1:
// none.
func (f *field) byeFromBottom(byes map[int]bool, tick func()) int {
	m := f.canMeet()
	for i := len(f.ids) - 1; i >= 0; i-- {
		if byes[f.ids[i]] {
			continue
		}
		left := make([]int, 0, len(f.ids)-1)
		for k := range f.ids {
			if k != i {
				left = append(left, k)
			}
		}
		if m.pairable(left, tick) {
			return i
		}
	}
	return -1
}
