package tds

import (
	"math/rand"
	"testing"
)

func benchInputs() []Input {
	rng := rand.New(rand.NewSource(9))
	ins := make([]Input, 1024)
	for i := range ins {
		ins[i] = randomInput(rng)
	}
	return ins
}

// BenchmarkCompute measures one employee, both regimes (two employee-regime computations).
func BenchmarkCompute(b *testing.B) {
	ins := benchInputs()
	b.ReportAllocs()
	var sink int64
	i := 0
	for b.Loop() {
		r, _ := Compute(ins[i&1023], 2025)
		sink += r.New.TDSOnSalary
		i++
	}
	_ = sink
}

// BenchmarkExplain measures one employee with both computation sheets and the break-even search.
func BenchmarkExplain(b *testing.B) {
	ins := benchInputs()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		_, _ = Explain(ins[i&1023], 2025)
		i++
	}
}
