// Package linktest is a network between two phones for the link's tests: in memory, on a
// virtual clock, it drops, duplicates, delays and reorders messages and cuts the phones apart
// for a while, as a seeded random source decides.
package linktest

import (
	"math/rand/v2"
	"sort"
	"time"
)

// Faults are how often a network misbehaves.
type Faults struct {
	Drop, Duplicate float64       // the chance that a message is lost; that it arrives twice
	MaxDelay        time.Duration // each message arrives after a delay up to this (so out of order)
	Partition       float64       // the chance, per Advance, that the phones are cut apart
	PartitionFor    time.Duration // for up to this long
}

// Net carries messages between phone 0 and phone 1.
type Net struct {
	Now     time.Time
	faults  Faults
	r       *rand.Rand
	flight  []flying
	cutTill time.Time
	order   int
	Sent    int // messages sent
}

type flying struct {
	at    time.Time
	to    int
	b     []byte
	order int
}

// New is a network with faults f, its randomness drawn from r, its clock at start.
func New(f Faults, r *rand.Rand, start time.Time) *Net {
	return &Net{Now: start, faults: f, r: r}
}

// SetFaults changes how the network misbehaves from now on (Faults{}: a perfect network).
func (n *Net) SetFaults(f Faults) { n.faults = f }

// Send puts the message b from phone from on its way to the other.
func (n *Net) Send(from int, b []byte) {
	n.Sent++
	if n.Now.Before(n.cutTill) || n.r.Float64() < n.faults.Drop {
		return
	}
	copies := 1
	if n.r.Float64() < n.faults.Duplicate {
		copies = 2
	}
	for range copies {
		var d time.Duration
		if n.faults.MaxDelay > 0 {
			d = time.Duration(n.r.Int64N(int64(n.faults.MaxDelay)))
		}
		n.order++
		n.flight = append(n.flight, flying{at: n.Now.Add(d), to: 1 - from, b: append([]byte(nil), b...), order: n.order})
	}
}

// Port is phone from's end of the network: a link.Transport.
type Port struct {
	n    *Net
	from int
}

// Port is phone from's end of the network.
func (n *Net) Port(from int) Port { return Port{n, from} }

// Send puts msg on its way to the other phone (Net.Send); it always leaves.
func (p Port) Send(msg []byte) bool {
	p.n.Send(p.from, msg)
	return true
}

// Drop loses every message on its way to phone to (it stopped).
func (n *Net) Drop(to int) {
	keep := n.flight[:0]
	for _, f := range n.flight {
		if f.to != to {
			keep = append(keep, f)
		}
	}
	n.flight = keep
}

// Advance moves the clock by d and returns the messages that arrive meanwhile, in the order
// they arrive: each with the phone it is for.
func (n *Net) Advance(d time.Duration) (to []int, msgs [][]byte) {
	n.Now = n.Now.Add(d)
	if n.faults.Partition > 0 && n.r.Float64() < n.faults.Partition {
		n.cutTill = n.Now.Add(time.Duration(n.r.Int64N(int64(n.faults.PartitionFor) + 1)))
	}
	sort.SliceStable(n.flight, func(i, j int) bool {
		if !n.flight[i].at.Equal(n.flight[j].at) {
			return n.flight[i].at.Before(n.flight[j].at)
		}
		return n.flight[i].order < n.flight[j].order
	})
	i := 0
	for i < len(n.flight) && !n.flight[i].at.After(n.Now) {
		if !n.Now.Before(n.cutTill) { // a message that arrives while cut apart is lost
			to = append(to, n.flight[i].to)
			msgs = append(msgs, n.flight[i].b)
		}
		i++
	}
	n.flight = n.flight[i:]
	return to, msgs
}

// Phone is one phone of a simulated game (Run).
type Phone interface {
	Act(r *rand.Rand, now time.Time) // its player taps something
	Receive(b []byte, now time.Time) // a message arrives
	Tick(now time.Time)              // time passes
	Outbox() [][]byte                // what it sends, once what changed is saved
	Restart(now time.Time)           // it stops, losing what it did not save, and starts again
}

// TestGame is how Run plays: acts taps in all, a tap every Step of the clock on one phone or the
// other, each phone stopped and started again with the chance Restart per Step; then a
// perfect network until Settled says both phones agree, for at most Settle of the clock.
type TestGame struct {
	Acts    int
	Step    time.Duration
	Restart float64
	Settle  time.Duration
	Settled func() bool
}

// Run plays g over n between phones p. It reports whether the phones settled.
func (n *Net) Run(g TestGame, p [2]Phone, r *rand.Rand) bool {
	flush := func(i int) {
		for _, b := range p[i].Outbox() {
			n.Port(i).Send(b)
		}
	}
	step := func() {
		to, msgs := n.Advance(g.Step)
		for k, b := range msgs {
			p[to[k]].Receive(b, n.Now)
			flush(to[k])
		}
		for i := range p {
			p[i].Tick(n.Now)
			flush(i)
		}
	}
	for a := 0; a < g.Acts; a++ {
		step()
		i := r.IntN(2)
		p[i].Act(r, n.Now)
		flush(i)
		if r.Float64() < g.Restart {
			j := r.IntN(2)
			n.Drop(j)
			p[j].Restart(n.Now)
			flush(j)
		}
	}
	n.SetFaults(Faults{})
	for end := n.Now.Add(g.Settle); n.Now.Before(end); {
		step()
		if g.Settled() {
			return true
		}
	}
	return false
}
