package gamefile

import (
	"reflect"

	"gnosis/engine/anima"
)

// deref turns the pointer a command was decoded into back into the command value.
func deref(v any) anima.Command {
	return reflect.ValueOf(v).Elem().Interface().(anima.Command)
}
