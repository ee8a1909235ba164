package gamefile

import (
	"reflect"

	"gnosis/engine"
)

// deref turns the pointer a command was decoded into back into the command value.
func deref(v any) engine.Command {
	return reflect.ValueOf(v).Elem().Interface().(engine.Command)
}
