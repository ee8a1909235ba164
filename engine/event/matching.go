package event

// The weighted matching of a round: Edmonds's blossom algorithm with the primal-dual method, in
// O(n³) (Galil, "Efficient algorithms for finding maximum matching in graphs", 1986), in the
// shape of Joris van Rantwijk's reference implementation, written anew in Go. The vertices are
// the players, an edge joins two who may meet (never two who have met), and its weight is
// larger the cheaper the pair; a maximum-cardinality matching of maximum weight is then a
// pairing of every player at the least cost, when one exists.

// wedge is an edge of the graph: its ends and its weight.
type wedge struct {
	i, j int
	w    int64
}

// at is list[j], j counted from the end when negative (the algorithm walks blossoms both ways).
func at(list []int, j int) int {
	n := len(list)
	return list[((j%n)+n)%n]
}

// maxWeightMatching is, for each of the n vertices, the vertex it is matched to (-1: none), in
// a matching of maximum weight among those of maximum cardinality (maxCardinality) or among
// all. Weights are integers; they are doubled inside, so that every dual variable stays one.
func maxWeightMatching(n int, edges []wedge, maxCardinality bool) []int {
	return weightMatching(n, edges, maxCardinality, nil)
}

// weightMatching is maxWeightMatching, tick (nil: none) called before each stage.
func weightMatching(n int, edges []wedge, maxCardinality bool, tick func()) []int {
	m := newMatcher(n, edges)
	m.maxCardinality = maxCardinality
	m.tick = tick
	m.run()
	out := make([]int, n)
	for v := range n {
		out[v] = -1
		if m.mate[v] >= 0 {
			out[v] = m.endpoint[m.mate[v]]
		}
	}
	return out
}

type matcher struct {
	nvertex, nedge   int
	edges            []wedge
	maxCardinality   bool
	tick             func() // called before each stage (nil: none)
	endpoint         []int
	neighbend        [][]int
	mate             []int
	label            []int
	labelend         []int
	inblossom        []int
	blossomparent    []int
	blossomchilds    [][]int
	blossombase      []int
	blossomendps     [][]int
	bestedge         []int
	blossombestedges [][]int
	hasBestEdges     []bool
	unusedblossoms   []int
	dualvar          []int64
	allowedge        []bool
	queue            []int
}

func newMatcher(n int, edges []wedge) *matcher {
	m := &matcher{nvertex: n, nedge: len(edges), edges: make([]wedge, len(edges))}
	var maxweight int64
	for k, e := range edges {
		e.w *= 2
		m.edges[k] = e
		maxweight = max(maxweight, e.w)
	}
	m.endpoint = make([]int, 2*m.nedge)
	for p := range m.endpoint {
		if p%2 == 0 {
			m.endpoint[p] = m.edges[p/2].i
		} else {
			m.endpoint[p] = m.edges[p/2].j
		}
	}
	m.neighbend = make([][]int, n)
	for k, e := range m.edges {
		m.neighbend[e.i] = append(m.neighbend[e.i], 2*k+1)
		m.neighbend[e.j] = append(m.neighbend[e.j], 2*k)
	}
	m.mate = fill(n, -1)
	m.label = make([]int, 2*n)
	m.labelend = fill(2*n, -1)
	m.inblossom = make([]int, n)
	for v := range n {
		m.inblossom[v] = v
	}
	m.blossomparent = fill(2*n, -1)
	m.blossomchilds = make([][]int, 2*n)
	m.blossombase = fill(2*n, -1)
	for v := range n {
		m.blossombase[v] = v
	}
	m.blossomendps = make([][]int, 2*n)
	m.bestedge = fill(2*n, -1)
	m.blossombestedges = make([][]int, 2*n)
	m.hasBestEdges = make([]bool, 2*n)
	for b := n; b < 2*n; b++ {
		m.unusedblossoms = append(m.unusedblossoms, b)
	}
	m.dualvar = make([]int64, 2*n)
	for v := range n {
		m.dualvar[v] = maxweight
	}
	m.allowedge = make([]bool, m.nedge)
	return m
}

func fill(n, v int) []int {
	s := make([]int, n)
	for i := range s {
		s[i] = v
	}
	return s
}

func (m *matcher) slack(k int) int64 {
	e := m.edges[k]
	return m.dualvar[e.i] + m.dualvar[e.j] - 2*e.w
}

// leaves are the vertices of blossom b.
func (m *matcher) leaves(b int) []int {
	if b < m.nvertex {
		return []int{b}
	}
	var out []int
	for _, t := range m.blossomchilds[b] {
		out = append(out, m.leaves(t)...)
	}
	return out
}

// assignLabel labels w's top blossom t (1: S, 2: T), reached through endpoint p.
func (m *matcher) assignLabel(w, t, p int) {
	b := m.inblossom[w]
	m.label[w], m.label[b] = t, t
	m.labelend[w], m.labelend[b] = p, p
	m.bestedge[w], m.bestedge[b] = -1, -1
	if t == 1 {
		m.queue = append(m.queue, m.leaves(b)...)
	} else {
		base := m.blossombase[b]
		m.assignLabel(m.endpoint[m.mate[base]], 1, m.mate[base]^1)
	}
}

// scanBlossom traces back from v and w to a new blossom's base, or to two roots (-1: an
// augmenting path).
func (m *matcher) scanBlossom(v, w int) int {
	var path []int
	base := -1
	for v != -1 || w != -1 {
		b := m.inblossom[v]
		if m.label[b]&4 != 0 {
			base = m.blossombase[b]
			break
		}
		path = append(path, b)
		m.label[b] = 5
		if m.labelend[b] == -1 {
			v = -1
		} else {
			v = m.endpoint[m.labelend[b]]
			b = m.inblossom[v]
			v = m.endpoint[m.labelend[b]]
		}
		if w != -1 {
			v, w = w, v
		}
	}
	for _, b := range path {
		m.label[b] = 1
	}
	return base
}

// addBlossom makes a new blossom of base and edge k's two paths to it.
func (m *matcher) addBlossom(base, k int) {
	v, w := m.edges[k].i, m.edges[k].j
	bb, bv, bw := m.inblossom[base], m.inblossom[v], m.inblossom[w]
	b := m.unusedblossoms[len(m.unusedblossoms)-1]
	m.unusedblossoms = m.unusedblossoms[:len(m.unusedblossoms)-1]
	m.blossombase[b] = base
	m.blossomparent[b] = -1
	m.blossomparent[bb] = b
	var path, endps []int
	for bv != bb {
		m.blossomparent[bv] = b
		path = append(path, bv)
		endps = append(endps, m.labelend[bv])
		v = m.endpoint[m.labelend[bv]]
		bv = m.inblossom[v]
	}
	path = append(path, bb)
	reverse(path)
	reverse(endps)
	endps = append(endps, 2*k)
	for bw != bb {
		m.blossomparent[bw] = b
		path = append(path, bw)
		endps = append(endps, m.labelend[bw]^1)
		w = m.endpoint[m.labelend[bw]]
		bw = m.inblossom[w]
	}
	m.blossomchilds[b], m.blossomendps[b] = path, endps
	m.label[b] = 1
	m.labelend[b] = m.labelend[bb]
	m.dualvar[b] = 0
	for _, v := range m.leaves(b) {
		if m.label[m.inblossom[v]] == 2 {
			m.queue = append(m.queue, v)
		}
		m.inblossom[v] = b
	}
	m.bestEdges(b, path)
}

// bestEdges keeps, for the new blossom b of children path, its least-slack edge to each
// neighbouring S-blossom, and the least of them.
func (m *matcher) bestEdges(b int, path []int) {
	bestedgeto := fill(2*m.nvertex, -1)
	for _, bv := range path {
		for _, nblist := range m.edgeLists(bv) {
			for _, k := range nblist {
				j := m.edges[k].j
				if m.inblossom[j] == b {
					j = m.edges[k].i
				}
				bj := m.inblossom[j]
				if bj != b && m.label[bj] == 1 && (bestedgeto[bj] == -1 || m.slack(k) < m.slack(bestedgeto[bj])) {
					bestedgeto[bj] = k
				}
			}
		}
		m.blossombestedges[bv], m.hasBestEdges[bv] = nil, false
		m.bestedge[bv] = -1
	}
	var best []int
	for _, k := range bestedgeto {
		if k != -1 {
			best = append(best, k)
		}
	}
	m.blossombestedges[b], m.hasBestEdges[b] = best, true
	m.bestedge[b] = -1
	for _, k := range best {
		if m.bestedge[b] == -1 || m.slack(k) < m.slack(m.bestedge[b]) {
			m.bestedge[b] = k
		}
	}
}

// edgeLists are the edges out of child bv of a new blossom: its kept best edges, else every
// edge of its vertices.
func (m *matcher) edgeLists(bv int) [][]int {
	if m.hasBestEdges[bv] {
		return [][]int{m.blossombestedges[bv]}
	}
	var lists [][]int
	for _, v := range m.leaves(bv) {
		var l []int
		for _, p := range m.neighbend[v] {
			l = append(l, p/2)
		}
		lists = append(lists, l)
	}
	return lists
}

func reverse(s []int) {
	for i, j := 0, len(s)-1; i < j; i, j = i+1, j-1 {
		s[i], s[j] = s[j], s[i]
	}
}

func index(s []int, v int) int {
	for i, x := range s {
		if x == v {
			return i
		}
	}
	return -1
}

// expandBlossom takes blossom b apart: at a stage's end (endstage) with its sub-blossoms of
// zero dual too, else relabelling the children on its path.
func (m *matcher) expandBlossom(b int, endstage bool) {
	for _, s := range m.blossomchilds[b] {
		m.blossomparent[s] = -1
		switch {
		case s < m.nvertex:
			m.inblossom[s] = s
		case endstage && m.dualvar[s] == 0:
			m.expandBlossom(s, endstage)
		default:
			for _, v := range m.leaves(s) {
				m.inblossom[v] = s
			}
		}
	}
	if !endstage && m.label[b] == 2 {
		childs, endps := m.blossomchilds[b], m.blossomendps[b]
		entrychild := m.inblossom[m.endpoint[m.labelend[b]^1]]
		j := index(childs, entrychild)
		var jstep, endptrick int
		if j&1 != 0 {
			j -= len(childs)
			jstep, endptrick = 1, 0
		} else {
			jstep, endptrick = -1, 1
		}
		p := m.labelend[b]
		for j != 0 {
			m.label[m.endpoint[p^1]] = 0
			m.label[m.endpoint[at(endps, j-endptrick)^endptrick^1]] = 0
			m.assignLabel(m.endpoint[p^1], 2, p)
			m.allowedge[at(endps, j-endptrick)/2] = true
			j += jstep
			p = at(endps, j-endptrick) ^ endptrick
			m.allowedge[p/2] = true
			j += jstep
		}
		bv := at(childs, j)
		m.label[m.endpoint[p^1]], m.label[bv] = 2, 2
		m.labelend[m.endpoint[p^1]], m.labelend[bv] = p, p
		m.bestedge[bv] = -1
		j += jstep
		for at(childs, j) != entrychild {
			bv := at(childs, j)
			if m.label[bv] == 1 {
				j += jstep
				continue
			}
			v := -1
			for _, x := range m.leaves(bv) {
				v = x
				if m.label[x] != 0 {
					break
				}
			}
			if v >= 0 && m.label[v] != 0 {
				m.label[v] = 0
				m.label[m.endpoint[m.mate[m.blossombase[bv]]]] = 0
				m.assignLabel(v, 2, m.labelend[v])
			}
			j += jstep
		}
	}
	m.label[b], m.labelend[b] = -1, -1
	m.blossomchilds[b], m.blossomendps[b] = nil, nil
	m.blossombase[b] = -1
	m.blossombestedges[b], m.hasBestEdges[b] = nil, false
	m.bestedge[b] = -1
	m.unusedblossoms = append(m.unusedblossoms, b)
}

// augmentBlossom swaps the matched and unmatched edges on the path through blossom b from
// vertex v to its base, and makes v the base.
func (m *matcher) augmentBlossom(b, v int) {
	t := v
	for m.blossomparent[t] != b {
		t = m.blossomparent[t]
	}
	if t >= m.nvertex {
		m.augmentBlossom(t, v)
	}
	childs := m.blossomchilds[b]
	i := index(childs, t)
	j := i
	var jstep, endptrick int
	if i&1 != 0 {
		j -= len(childs)
		jstep, endptrick = 1, 0
	} else {
		jstep, endptrick = -1, 1
	}
	for j != 0 {
		j += jstep
		t = at(childs, j)
		p := at(m.blossomendps[b], j-endptrick) ^ endptrick
		if t >= m.nvertex {
			m.augmentBlossom(t, m.endpoint[p])
		}
		j += jstep
		t = at(childs, j)
		if t >= m.nvertex {
			m.augmentBlossom(t, m.endpoint[p^1])
		}
		m.mate[m.endpoint[p]] = p ^ 1
		m.mate[m.endpoint[p^1]] = p
	}
	m.blossomchilds[b] = append(append([]int{}, childs[i:]...), childs[:i]...)
	endps := m.blossomendps[b]
	m.blossomendps[b] = append(append([]int{}, endps[i:]...), endps[:i]...)
	m.blossombase[b] = m.blossombase[m.blossomchilds[b][0]]
}

// augmentMatching augments the matching along the path through edge k.
func (m *matcher) augmentMatching(k int) {
	v, w := m.edges[k].i, m.edges[k].j
	for _, sp := range [][2]int{{v, 2*k + 1}, {w, 2 * k}} {
		s, p := sp[0], sp[1]
		for {
			bs := m.inblossom[s]
			if bs >= m.nvertex {
				m.augmentBlossom(bs, s)
			}
			m.mate[s] = p
			if m.labelend[bs] == -1 {
				break
			}
			t := m.endpoint[m.labelend[bs]]
			bt := m.inblossom[t]
			s = m.endpoint[m.labelend[bt]]
			j := m.endpoint[m.labelend[bt]^1]
			if bt >= m.nvertex {
				m.augmentBlossom(bt, j)
			}
			m.mate[j] = m.labelend[bt]
			p = m.labelend[bt] ^ 1
		}
	}
}

// run finds the matching: a stage per augmentation, at most n.
func (m *matcher) run() {
	n := m.nvertex
	for range n {
		if m.tick != nil {
			m.tick()
		}
		for i := range m.label {
			m.label[i], m.bestedge[i] = 0, -1
		}
		for b := n; b < 2*n; b++ {
			m.blossombestedges[b], m.hasBestEdges[b] = nil, false
		}
		for k := range m.allowedge {
			m.allowedge[k] = false
		}
		m.queue = m.queue[:0]
		for v := range n {
			if m.mate[v] == -1 && m.label[m.inblossom[v]] == 0 {
				m.assignLabel(v, 1, -1)
			}
		}
		if !m.stage() {
			break
		}
		for b := n; b < 2*n; b++ {
			if m.blossomparent[b] == -1 && m.blossombase[b] >= 0 && m.label[b] == 1 && m.dualvar[b] == 0 {
				m.expandBlossom(b, true)
			}
		}
	}
}

// stage grows the alternating trees and changes the duals until an augmentation (true) or
// none is left (false).
func (m *matcher) stage() bool {
	for {
		if m.grow() {
			return true
		}
		deltatype, delta, deltaedge, deltablossom := m.delta()
		m.moveDuals(delta)
		switch deltatype {
		case 1:
			return false
		case 2:
			m.allowedge[deltaedge] = true
			i := m.edges[deltaedge].i
			if m.label[m.inblossom[i]] == 0 {
				i = m.edges[deltaedge].j
			}
			m.queue = append(m.queue, i)
		case 3:
			m.allowedge[deltaedge] = true
			m.queue = append(m.queue, m.edges[deltaedge].i)
		case 4:
			m.expandBlossom(deltablossom, false)
		}
	}
}

// grow scans the queue's S-vertices' edges: it labels, makes blossoms, and augments (true).
func (m *matcher) grow() bool {
	for len(m.queue) > 0 {
		v := m.queue[len(m.queue)-1]
		m.queue = m.queue[:len(m.queue)-1]
		for _, p := range m.neighbend[v] {
			if m.scan(v, p) {
				return true
			}
		}
	}
	return false
}

// scan looks at the edge of endpoint p from S-vertex v (true: it augmented the matching).
func (m *matcher) scan(v, p int) bool {
	k, w := p/2, m.endpoint[p]
	if m.inblossom[v] == m.inblossom[w] {
		return false
	}
	var kslack int64
	if !m.allowedge[k] {
		if kslack = m.slack(k); kslack <= 0 {
			m.allowedge[k] = true
		}
	}
	switch {
	case m.allowedge[k] && m.label[m.inblossom[w]] == 0:
		m.assignLabel(w, 2, p^1)
	case m.allowedge[k] && m.label[m.inblossom[w]] == 1:
		base := m.scanBlossom(v, w)
		if base < 0 {
			m.augmentMatching(k)
			return true
		}
		m.addBlossom(base, k)
	case m.allowedge[k] && m.label[w] == 0:
		m.label[w] = 2
		m.labelend[w] = p ^ 1
	case m.allowedge[k]:
	case m.label[m.inblossom[w]] == 1:
		if b := m.inblossom[v]; m.bestedge[b] == -1 || kslack < m.slack(m.bestedge[b]) {
			m.bestedge[b] = k
		}
	case m.label[w] == 0:
		if m.bestedge[w] == -1 || kslack < m.slack(m.bestedge[w]) {
			m.bestedge[w] = k
		}
	}
	return false
}

// delta is the least change of the duals that makes progress: its type (1: none left, 2: an
// edge to a free vertex, 3: an edge between S-blossoms, 4: a T-blossom to expand), and the
// edge or blossom it concerns.
func (m *matcher) delta() (deltatype int, delta int64, deltaedge, deltablossom int) {
	n := m.nvertex
	deltatype, deltaedge, deltablossom = -1, -1, -1
	if !m.maxCardinality {
		deltatype, delta = 1, minDual(m.dualvar[:n])
	}
	for v := range n {
		if m.label[m.inblossom[v]] == 0 && m.bestedge[v] != -1 {
			if d := m.slack(m.bestedge[v]); deltatype == -1 || d < delta {
				deltatype, delta, deltaedge = 2, d, m.bestedge[v]
			}
		}
	}
	for b := range 2 * n {
		if m.blossomparent[b] == -1 && m.label[b] == 1 && m.bestedge[b] != -1 {
			if d := m.slack(m.bestedge[b]) / 2; deltatype == -1 || d < delta {
				deltatype, delta, deltaedge = 3, d, m.bestedge[b]
			}
		}
	}
	for b := n; b < 2*n; b++ {
		if m.blossombase[b] >= 0 && m.blossomparent[b] == -1 && m.label[b] == 2 && (deltatype == -1 || m.dualvar[b] < delta) {
			deltatype, delta, deltablossom = 4, m.dualvar[b], b
		}
	}
	if deltatype == -1 {
		deltatype, delta = 1, max(0, minDual(m.dualvar[:n]))
	}
	return deltatype, delta, deltaedge, deltablossom
}

// moveDuals changes the dual variables by delta: S down, T up (their blossoms the other way).
func (m *matcher) moveDuals(delta int64) {
	n := m.nvertex
	for v := range n {
		switch m.label[m.inblossom[v]] {
		case 1:
			m.dualvar[v] -= delta
		case 2:
			m.dualvar[v] += delta
		}
	}
	for b := n; b < 2*n; b++ {
		if m.blossombase[b] >= 0 && m.blossomparent[b] == -1 {
			switch m.label[b] {
			case 1:
				m.dualvar[b] += delta
			case 2:
				m.dualvar[b] -= delta
			}
		}
	}
}

func minDual(d []int64) int64 {
	lo := d[0]
	for _, x := range d[1:] {
		lo = min(lo, x)
	}
	return lo
}
