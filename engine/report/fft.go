package report

import (
	"math"
	"math/bits"
)

// The season's long convolutions go through the Fourier transform: a product there is the
// convolution of two distributions. gonum's transform (a port of FFTPACK) took 24 µs for 1,024
// points, which put a thousand games' luck over its bound; this radix-2 transform of two real
// distributions packed into one complex sequence takes a fraction of that, and is checked
// against the plain convolution (TestConvolveLongIsConvolve).

// fftPlan is the transform of one size, a power of two: the twiddle factors of each stage of
// size m, e^(-2πik/m) for k < m/2, one stage after the other (w[m/2-1:m-1]), and its
// bit-reversed order.
type fftPlan struct {
	n   int
	w   []complex128
	rev []int32
}

func newFFTPlan(n int) *fftPlan {
	p := &fftPlan{n: n, w: make([]complex128, max(n-1, 1)), rev: make([]int32, n)}
	for m := 2; m <= n; m *= 2 {
		for k := range m / 2 {
			s, c := math.Sincos(-2 * math.Pi * float64(k) / float64(m))
			p.w[m/2-1+k] = complex(c, s)
		}
	}
	shift := 64 - bits.TrailingZeros(uint(n))
	for i := range p.rev {
		p.rev[i] = int32(bits.Reverse64(uint64(i)) >> shift)
	}
	return p
}

// transform replaces x (of the plan's size) by its discrete Fourier transform (the inverse is
// conj(transform(conj(x))) / n).
func (p *fftPlan) transform(x []complex128) {
	for i, j := range p.rev {
		if i < int(j) {
			x[i], x[j] = x[j], x[i]
		}
	}
	for i := 0; i+1 < p.n; i += 2 { // the first stage: no twiddle
		x[i], x[i+1] = x[i]+x[i+1], x[i]-x[i+1]
	}
	for size := 4; size <= p.n; size <<= 1 {
		half := size >> 1
		ws := p.w[half-1 : size-1]
		for start := 0; start < p.n; start += size {
			lo, hi := x[start:start+half:start+half], x[start+half:start+size:start+size]
			hi = hi[:len(lo)]
			ws := ws[:len(lo)]
			for k, w := range ws {
				h := hi[k]
				v := complex(real(h)*real(w)-imag(h)*imag(w), real(h)*imag(w)+imag(h)*real(w))
				l := lo[k]
				lo[k], hi[k] = l+v, l-v
			}
		}
	}
}

// fftConvolve is the convolution of a and b through a plan of at least their product's length
// (fftConvolve2 with no second pair).
func fftConvolve(a, b []float64, p *fftPlan) []float64 {
	c, _ := fftConvolve2(a, b, nil, nil, p)
	return c
}

// fftConvolve2 is the convolutions of a with b and of c with d through a plan of at least
// either product's length: a and b go in as one complex sequence (a real, b imaginary), whose
// transform Z gives their product's, (Z[k]² − conj(Z[n−k])²) / 4i, and c and d as another; both
// products, real, come back through one inverse transform (the first product real, the second
// imaginary). Chances under fftFloor are the transform's rounding, and dropped.
func fftConvolve2(a, b, c, d []float64, p *fftPlan) (ab, cd []float64) {
	n := p.n
	spectrum := func(a, b []float64) []complex128 {
		z := make([]complex128, n)
		for i, v := range a {
			z[i] = complex(v, 0)
		}
		for i, v := range b {
			z[i] += complex(0, v)
		}
		p.transform(z)
		prod := make([]complex128, n)
		for k := range n {
			zk, zm := z[k], z[(n-k)&(n-1)]
			zm = complex(real(zm), -imag(zm))
			e := zk * zk
			f := zm * zm
			prod[k] = complex(imag(e)-imag(f), real(f)-real(e)) // (e − f) / i, four times the product
		}
		return prod
	}
	both := spectrum(a, b)
	if len(c) > 0 {
		second := spectrum(c, d)
		for k := range both {
			both[k] += complex(-imag(second[k]), real(second[k])) // + i × the second
		}
	}
	for k, v := range both { // the inverse is conj(transform(conj(…))) / n
		both[k] = complex(real(v), -imag(v))
	}
	p.transform(both)
	take := func(m int, part func(complex128) float64) []float64 {
		out := make([]float64, m)
		for i := range out {
			v := part(both[i]) / float64(4*n)
			if v < fftFloor {
				v = 0
			}
			out[i] = v
		}
		return out
	}
	ab = take(len(a)+len(b)-1, func(v complex128) float64 { return real(v) })
	if len(c) > 0 {
		cd = take(len(c)+len(d)-1, func(v complex128) float64 { return -imag(v) }) // conj
	}
	return ab, cd
}
