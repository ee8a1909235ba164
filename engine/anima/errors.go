package anima

import (
	"errors"

	"gnosis/engine/core"
)

// Sentinel errors of the game wrapped by core.RuleError (core has those both games share); test
// with errors.Is.
var (
	ErrGameOver          = errors.New("the game is over")
	ErrNoSuchCharacter   = errors.New("no such character")
	ErrLPOutOfRange      = errors.New("life points out of range")
	ErrActionsOutOfRange = errors.New("actions out of range")
	ErrCharacterRemoved  = errors.New("the character is out of play")
	ErrBadSetup          = errors.New("bad game set-up")
	ErrWrongPhase        = errors.New("not in this phase")
	ErrUnknownEvent      = errors.New("unknown event")
	ErrNotAllowed        = errors.New("not allowed")
	ErrAlreadyDone       = errors.New("already done this turn")
	ErrNotEnoughActions  = errors.New("not enough actions")
	ErrNoGnosis          = errors.New("no Gnosis point left")
	ErrEngaged           = errors.New("engaged in melee")
	ErrHidden            = errors.New("the target is hidden")
	ErrEdition           = errors.New("not in this edition")
	ErrNotActive         = errors.New("not the active character")
)

// refuse is a refusal under rule: format is the message's key in text's catalogue (its
// English text), args its arguments.
func refuse(rule string, sentinel error, format string, args ...any) error {
	return core.Refuse(rule, sentinel, format, args...)
}

// fail is a refusal that breaks no rule of the game: an unknown character, a missing die, a
// game already over, an unknown edition. Its Rule is empty; its sentinel says what it is.
func fail(sentinel error, format string, args ...any) error {
	return core.Refuse("", sentinel, format, args...)
}
