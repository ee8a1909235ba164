package ui

import (
	"reflect"
	"testing"
)

// TestModelLabels: a model's label on the sketch is its initials, unless another model's would
// read the same: then the first letters of its name, numbered where even those are shared.
func TestModelLabels(t *testing.T) {
	for _, tc := range []struct{ names, want []string }{
		{[]string{"Nero", "Grey", "High Arbiter Arkeid"}, []string{"N", "G", "HA"}},
		{[]string{"Tyrael", "Tiamat", "Nero"}, []string{"Tyr", "Tia", "N"}},
		{[]string{"Orc Boyz", "Orc Boyz", "Grey"}, []string{"Orc1", "Orc2", "G"}},
	} {
		if got := modelLabels(tc.names); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.names, got, tc.want)
		}
	}
}
