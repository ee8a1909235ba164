package anima

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"gnosis/internal/sourcecheck"
)

// TestDeclarations: the tables of commands and events (declare.go) hold every command (a type
// with a decide method) and every event (a type with an apply method) of the package, once;
// each command's game-file name is its own and its Actor a field that names a side; a command
// no screen offers is not sent; every event survives a JSON round trip with every field filled,
// and the history has a line for it (as filled, or with its numbers negated) exactly when it is
// not marked silent.
func TestDeclarations(t *testing.T) {
	var commands, events []string
	files, actors := map[string]string{}, reflect.TypeOf(Ref{})
	for _, d := range Commands {
		typ := reflect.TypeOf(d.Command)
		commands = append(commands, typ.Name())
		if other, dup := files[d.File]; dup || d.File == "" {
			t.Errorf("%s: game-file name %q (also %s)", typ.Name(), d.File, other)
		}
		files[d.File] = typ.Name()
		if d.Actor != "" {
			f, ok := typ.FieldByName(d.Actor)
			if !ok || (f.Type != actors && !(f.Name == "Side" && f.Type.Kind() == reflect.Int)) {
				t.Errorf("%s: Actor %q is not a Ref nor the Side", typ.Name(), d.Actor)
			}
		}
		if !d.Sent { // no screen offers it (else a guest's would be refused)
			if found, err := sourcecheck.Mentions("../../app/ui", "anima."+typ.Name()); err != nil || found != "" {
				t.Errorf("%s is offered by a screen (%s) but not Sent (%v)", typ.Name(), found, err)
			}
		}
	}
	for _, d := range Events {
		events = append(events, reflect.TypeOf(d.Event).Name())
	}
	for _, problem := range sourcecheck.Undeclared(".", commands, events) {
		t.Error(problem)
	}
	if len(files) != len(Commands) {
		t.Errorf("%d game-file names for %d commands", len(files), len(Commands))
	}
	s := newTestGame(t).State()
	r := rand.New(rand.NewPCG(3, 4))
	for _, d := range Events {
		name := reflect.TypeOf(d.Event).Name()
		p := reflect.New(reflect.TypeOf(d.Event))
		fill(r, p.Elem())
		onTheTable(p.Elem())
		ev := p.Elem().Interface().(Event)
		b, err := Entry{Gesture: 2, Event: ev}.MarshalJSON()
		var back Entry
		if err == nil {
			err = back.UnmarshalJSON(b)
		}
		if err != nil || !reflect.DeepEqual(back.Event, ev) {
			t.Errorf("%s: %s read back as %#v (%v)", name, b, back.Event, err)
		}
		line := describe(s, ev, "en")
		if line == "" { // some are told one way only (a Bind point lost, not one given back)
			q := reflect.New(p.Elem().Type())
			q.Elem().Set(p.Elem())
			negate(q.Elem())
			line = describe(s, q.Elem().Interface().(Event), "en")
		}
		for _, lang := range []string{"en", "es", "it"} {
			if l := describe(s, ev, lang); strings.Contains(l, "history:") || strings.Contains(l, "%!") {
				t.Errorf("%s: a history line not in the catalogue (engine/text/history.go) in %s: %q", name, lang, l)
			}
		}
		switch {
		case d.Silent && line != "":
			t.Errorf("%s is marked silent, but the history says %q", name, line)
		case !d.Silent && line == "":
			t.Errorf("%s has no history line (engine/anima/describe.go) and is not marked silent", name)
		}
	}
}

// onTheTable makes what fill drew name the test game's sides and first characters: every Ref
// the second side's first, every side 1.
func onTheTable(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			onTheTable(v.Elem())
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			onTheTable(v.Index(i))
		}
	case reflect.Struct:
		if v.Type() == reflect.TypeOf(Ref{}) {
			v.Set(reflect.ValueOf(Ref{Side: 1}))
			return
		}
		for i := 0; i < v.NumField(); i++ {
			f := v.Type().Field(i)
			switch {
			case !f.IsExported():
			case f.Type.Kind() == reflect.Int && (f.Name == "Side" || f.Name == "First" || f.Name == "Winner"):
				v.Field(i).SetInt(1)
			default:
				onTheTable(v.Field(i))
			}
		}
	}
}

// negate turns v's Delta negative (a counter's change the other way).
func negate(v reflect.Value) {
	for i := 0; i < v.NumField(); i++ {
		if f := v.Field(i); v.Type().Field(i).IsExported() && f.Kind() == reflect.Int && v.Type().Field(i).Name == "Delta" {
			f.SetInt(-f.Int())
		}
	}
}
