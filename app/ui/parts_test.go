package ui

import (
	"reflect"
	"strings"
	"testing"

	"gnosis/app/session"
)

// TestEveryScreenIsGivenItsParts: each screen the screens table makes holds every part of the
// Session it declares (a field of a session view's type: a struct of pointers to the Session's
// parts; a plain value of the session package, a Query, is a draft), and a sender (and the pairing screen its
// pairer): a constructor that forgot one
// would leave the screen reading a Session of nothing. (What a screen may reach is the
// compiler's to keep: a screen holds its parts and a sender, which holds no Bridge and no
// Session; see sender.)
func TestEveryScreenIsGivenItsParts(t *testing.T) {
	s := testSession(t, nil, "en", nil)
	sessionPkg := reflect.TypeFor[session.Play]().PkgPath()
	held := 0
	for i := range screens {
		sc := &screens[i]
		ui := reflect.ValueOf(sc.page(s, "x")).Elem()
		typ := ui.Type()
		for f := range typ.NumField() {
			field, v := typ.Field(f), ui.Field(f)
			switch {
			case field.Type == reflect.TypeFor[page]():
				if v.FieldByName("s").FieldByName("askFn").IsNil() {
					t.Errorf("%s (%q) is made without its sender", typ.Name(), sc.prefix)
				}
			case field.Type == reflect.TypeFor[pairer]():
				if v.FieldByName("state").IsNil() {
					t.Errorf("%s (%q) is made without its pairer", typ.Name(), sc.prefix)
				}
			case strings.TrimPrefix(field.Type.String(), "*") != field.Type.String() && field.Type.Elem().PkgPath() == sessionPkg,
				field.Type.PkgPath() == sessionPkg && field.Type.Kind() == reflect.Struct && isPart(field.Type):
				held++
				if v.IsZero() {
					t.Errorf("%s (%q) is made without its part %s", typ.Name(), sc.prefix, field.Name)
				}
			}
		}
	}
	if held < 15 {
		t.Errorf("only %d parts held by the screens: the test no longer reads them", held)
	}
}

// isPart reports whether a struct of the session package is a view of a part: its fields are
// pointers to the parts it reads.
func isPart(t reflect.Type) bool {
	for i := range t.NumField() {
		if t.Field(i).Type.Kind() != reflect.Pointer || t.Field(i).IsExported() {
			return false
		}
	}
	return t.NumField() > 0
}
