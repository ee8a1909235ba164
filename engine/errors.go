package engine

import "errors"

// Sentinel errors wrapped by RuleError; test with errors.Is.
var (
	ErrGameOver          = errors.New("the game is over")
	ErrNoSuchCharacter   = errors.New("no such character")
	ErrLPOutOfRange      = errors.New("life points out of range")
	ErrActionsOutOfRange = errors.New("actions out of range")
	ErrCharacterRemoved  = errors.New("the character is out of play")
	ErrNothingToUndo     = errors.New("nothing to undo")
	ErrBadSetup          = errors.New("bad game set-up")
	ErrWrongPhase        = errors.New("not in this phase")
	ErrUnknownEvent      = errors.New("unknown event")
	ErrNoDice            = errors.New("no dice")
	ErrNotAllowed        = errors.New("not allowed")
	ErrAlreadyDone       = errors.New("already done this turn")
	ErrNotEnoughActions  = errors.New("not enough actions")
	ErrNoGnosis          = errors.New("no Gnosis point left")
	ErrEngaged           = errors.New("engaged in melee")
	ErrHidden            = errors.New("the target is hidden")
	ErrEdition           = errors.New("not in this edition")
	ErrNotActive         = errors.New("not the active character")
)

// RuleError is a refused command: the rule it breaks (such as "R-ACT-1"; empty when the
// command breaks no rule of the game, such as a missing die or an unknown character), a
// sentinel to test with errors.Is, and a message in the game's words that says what to do.
type RuleError struct {
	Rule string
	Err  error
	Msg  string
}

func (e *RuleError) Error() string {
	if e.Rule == "" {
		return e.Msg
	}
	return e.Rule + ": " + e.Msg
}

// Unwrap gives the sentinel.
func (e *RuleError) Unwrap() error { return e.Err }

func refuse(rule string, sentinel error, msg string) error {
	return &RuleError{Rule: rule, Err: sentinel, Msg: msg}
}

// fail is a refusal that breaks no rule of the game: an unknown character, a missing die, a
// game already over, an unknown edition. Its Rule is empty; its sentinel says what it is.
func fail(sentinel error, msg string) error {
	return &RuleError{Err: sentinel, Msg: msg}
}
