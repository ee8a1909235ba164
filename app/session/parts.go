package session

// The Session's parts. Each is a view of what the Session keeps for one concern, with its own
// small API (the methods on it); app/ui gives each screen only the
// parts it draws from, and every change goes through Session.Do. Notices, the eighth part, is
// embedded: it keeps its own fields.
type (
	// Parties is the saved parties (parties.go, copies.go).
	Parties struct{ s *Session }
	// Cards is the catalog and the player's own cards (cards.go).
	Cards struct{ s *Session }
	// Settings is the player's settings and language, and how the device keeps the data
	// (settings.go).
	Settings struct{ s *Session }
	// Play is the Anima Tactics game in progress and the sketch of its table (game.go, table.go).
	Play struct{ s *Session }
	// Diskwars is the Warhammer: Diskwars armies, set-up and game (diskwars.go).
	Diskwars struct{ s *Session }
	// Pair is a game on two phones (duo.go).
	Pair struct{ s *Session }
	// Navigation is the way through the screens (nav.go).
	Navigation struct{ s *Session }
)

// Parties is the Session's saved parties.
func (s *Session) Parties() Parties { return Parties{s} }

// Cards is the Session's catalog and own cards.
func (s *Session) Cards() Cards { return Cards{s} }

// Settings is the Session's settings and language.
func (s *Session) Settings() Settings { return Settings{s} }

// Play is the Session's Anima Tactics game.
func (s *Session) Play() Play { return Play{s} }

// Diskwars is the Session's Diskwars armies and game.
func (s *Session) Diskwars() Diskwars { return Diskwars{s} }

// Pair is the Session's game on two phones.
func (s *Session) Pair() Pair { return Pair{s} }

// Navigation is the Session's trail of screens.
func (s *Session) Navigation() Navigation { return Navigation{s} }
