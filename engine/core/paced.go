package core

import (
	"iter"
	"time"
)

// Paced is work done a slice at a time, so that a long piece of work (a game file's log
// replayed and measured, a kept game opened) never holds the page: the work calls tick between
// its small units (an entry replayed, an exchange measured), and each Step runs it until the
// first tick after Budget has passed since the step began, then returns; the next Step goes on
// where it stopped (the work runs as a coroutine, iter.Pull). What it has computed is kept.
type Paced[T any] struct {
	next   func() (struct{}, bool)
	stop   func()
	budget time.Duration
	began  time.Time
	steps  int
	val    T
	err    error
	done   bool
}

// Budget is how long a step of paced work runs at most, past its last unit: a tenth of the
// 200 ms a phone's task may take, measured at the phone's own speed.
const Budget = 20 * time.Millisecond

// stopped unwinds a paced work that Stop ended while it waited.
type stopped struct{}

// Pace is work (which calls tick between its units) to be done a step at a time (Step), each
// step budget long at most past a unit (0: a unit a step, for tests).
func Pace[T any](budget time.Duration, work func(tick func()) (T, error)) *Paced[T] {
	p := &Paced[T]{budget: budget}
	p.next, p.stop = iter.Pull(func(yield func(struct{}) bool) {
		defer func() {
			if r := recover(); r != nil {
				if _, ok := r.(stopped); !ok {
					panic(r)
				}
			}
		}()
		p.val, p.err = work(func() {
			if time.Since(p.began) < p.budget {
				return
			}
			if !yield(struct{}{}) {
				panic(stopped{})
			}
		})
	})
	return p
}

// Step runs the work for one step; done once it has ended (Result then says what it made).
func (p *Paced[T]) Step() (done bool) {
	if p.done {
		return true
	}
	p.steps++
	p.began = time.Now()
	if _, more := p.next(); !more {
		p.done = true
	}
	return p.done
}

// Steps is how many steps the work has taken so far.
func (p *Paced[T]) Steps() int { return p.steps }

// Result is what the work made, once Step said done.
func (p *Paced[T]) Result() (T, error) { return p.val, p.err }

// Stop ends the work where it is (a paced work no longer wanted); Result is then the zero
// value. It is safe to call at any time, and more than once.
func (p *Paced[T]) Stop() {
	if !p.done {
		p.stop()
		p.done = true
	}
}

// Run does work whole, at once (the command line, a test, a native caller): tick never waits.
func Run[T any](work func(tick func()) (T, error)) (T, error) { return work(func() {}) }

// Ticking is seq with tick called before each of its items: a loop over it in a paced work
// pauses between items.
func Ticking[A, B any](seq iter.Seq2[A, B], tick func()) iter.Seq2[A, B] {
	if tick == nil {
		return seq
	}
	return func(yield func(A, B) bool) {
		for a, b := range seq {
			tick()
			if !yield(a, b) {
				return
			}
		}
	}
}
