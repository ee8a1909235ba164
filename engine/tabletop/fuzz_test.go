package tabletop

import "testing"

// FuzzParseTable: no table file makes ParseTable panic, and every pair of an accepted table
// can be measured.
func FuzzParseTable(f *testing.F) {
	f.Add([]byte(`{"unit":"cm","models":[{"id":"a","x":30,"y":40,"radius_cm":1.5,"side":1},{"id":"b","x":60,"y":40,"radius_cm":1.5,"side":2}],"terrain":[{"kind":"high","polygon":[[50,30],[55,30],[55,50]]}]}`))
	f.Add([]byte(`null`))
	f.Add([]byte(`{"unit":"in","models":[{"id":"a","x":1e308,"y":0,"radius_cm":1,"side":1}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		tb, err := ParseTable(b)
		if err != nil || len(tb.Models) > 20 {
			return
		}
		for i := range tb.Models {
			for j := range tb.Models {
				if i != j {
					tb.LineOfSight(tb.Models[i], tb.Models[j])
				}
			}
		}
	})
}
