package core

import (
	"errors"

	"gnosis/engine/text"
)

// Sentinel errors both games refuse with, wrapped by RuleError; test with errors.Is. Each
// game has its own besides (anima.ErrNotAllowed, diskwars.ErrNoSuchDisc…).
var (
	ErrNothingToUndo  = errors.New("nothing to undo")
	ErrNoDice         = errors.New("no dice")
	ErrTooManyDice    = errors.New("more dice than the roll needs")
	ErrUnknownCommand = errors.New("unknown command") // a command another phone sent that this version cannot read: a kind it does not know, or fields that are not the kind's
)

// RuleError is a refused command: the rule it breaks (such as "R-ACT-1"; empty when the
// command breaks no rule of the game, such as a missing die or an unknown character), a
// sentinel to test with errors.Is, and a message in the game's words that says what to do:
// a key of text's catalogue and its arguments, said in the player's language by In.
type RuleError struct {
	Rule   string
	Err    error
	Msg    text.Msg
	Detail error // what a library said (a JSON syntax error), in English: in Error, not in In
}

// Error is the refusal in English, with its detail.
func (e *RuleError) Error() string {
	if e.Detail != nil {
		return e.In(text.EN) + ": " + e.Detail.Error()
	}
	return e.In(text.EN)
}

// In is the refusal in lang ("en", "es", "it" or a browser language tag), names and numbers
// included: "R-ACT-1: Ataque cuesta 2 acciones; a Nero le queda 1".
func (e *RuleError) In(lang string) string {
	if e.Rule == "" {
		return e.Msg.In(lang)
	}
	return e.Rule + ": " + e.Msg.In(lang)
}

// Unwrap gives the sentinel, and the detail when there is one (errors.Is sees both).
func (e *RuleError) Unwrap() []error {
	if e.Detail != nil {
		return []error{e.Err, e.Detail}
	}
	return []error{e.Err}
}

// Refuse is a refusal under rule (empty: one that breaks no rule of the game): format is the
// message's key in text's catalogue (its English text), args its arguments.
func Refuse(rule string, sentinel error, format string, args ...any) error {
	return &RuleError{Rule: rule, Err: sentinel, Msg: text.M(format, args...)}
}

// Fail is an error a player may read that breaks no rule of the game (a file or a link that
// cannot be read, a card that cannot be played): the sentinel to test with errors.Is, the
// message as a key of text's catalogue with its arguments (said in the player's language by
// RuleError.In), and detail, what a library said (nil for none), kept in English for Error
// and the console only.
func Fail(sentinel, detail error, format string, args ...any) error {
	return &RuleError{Err: sentinel, Msg: text.M(format, args...), Detail: detail}
}
