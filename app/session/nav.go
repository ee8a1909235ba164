package session

import "strings"

// Screens the Session sends the player to, by their URL fragment (app/ui draws them).
const (
	ScreenHome    = ""
	ScreenBuilder = "/party/" // and the party's ID
	ScreenGame    = "/game"
	ScreenCards   = "/cards"
	ScreenDW      = "/dw"
	ScreenDWArmy  = "/dw/army/" // and the army's ID
	ScreenDWGame  = "/dw/game"
	ScreenShelf   = "/shelf"
	ScreenKept    = "/kept/"   // and the kept game's ID
	ScreenResult  = "/result/" // and the kept game's ID: its result code for a club night
)

// The requests of the way through the screens, and of the page.
type (
	// Navigate goes to the screen of fragment To.
	Navigate struct{ To string }
	// GoBack is the top bar's ‹: the screen before, as the browser's Back goes, or home when
	// the app was opened on this screen.
	GoBack struct{}
	// ReturnTo goes back to the screen of fragment To when it is the screen before (a Back, so
	// that ‹ there then leads where it led before: the game's "Back to the game" from its
	// history or sketch), else to it as Navigate does.
	ReturnTo struct{ To string }
	// Arrived is the view's word that it shows the screen of Fragment now, Screen being that
	// screen's fragment without its argument. The trail of screens follows (Trail); a notice
	// read on the screen left goes; an army left without a disc is not kept.
	Arrived struct{ Fragment, Screen string }
	// Reload saves what waits and reloads the page into the new version.
	Reload struct{}
	// ReloadFromOtherTab reads the records again after another tab changed them.
	ReloadFromOtherTab struct{}
)

func (r Navigate) apply(s *Session) (Outcome, error) { return s.goTo(r.To), nil }

func (r ReturnTo) apply(s *Session) (Outcome, error) {
	if n := len(s.nav.trail); n > 1 && s.nav.trail[n-2] == r.To {
		return Outcome{Back: true}, nil
	}
	return s.goTo(r.To), nil
}

func (GoBack) apply(s *Session) (Outcome, error) {
	if t := s.nav.trail; len(t) > 2 && t[len(t)-2] == s.nav.spent { // the set-up a game started from
		return Outcome{Back: true, Twice: true}, nil
	}
	if len(s.nav.trail) > 1 {
		return Outcome{Back: true}, nil
	}
	return s.goTo(ScreenHome), nil
}

func (r Arrived) apply(s *Session) (Outcome, error) {
	before := s.nav.arrive(r.Fragment, r.Screen)
	if id, ok := strings.CutPrefix(before, ScreenDWArmy); ok && before != r.Fragment {
		s.dw.dropEmptyArmy(id) // left unedited: not kept
	}
	if s.noticeAhead {
		s.noticeAhead = false // the notice set on the way is for this screen
	} else if s.notice != "" && s.notice == s.shown && s.shownOn != r.Screen {
		s.notice = "" // it was read on the screen it belonged to
	}
	s.nav.follow(r.Fragment)
	return Outcome{}, nil
}

// push notes that a Navigate outcome goes to fragment (follow puts it on the trail).
func (p *navPart) push(fragment string) { p.pushed = fragment }

// spend notes that the screen shown is a set-up whose game starts: the game's ‹ goes back past
// it, to where the player came from, not to a set-up of a game already begun.
func (p *navPart) spend() { p.spent = p.screen }

// follow keeps the trail of screens as the player goes through them: a screen a Navigate
// outcome leads to goes on it; going Back to the screen before takes the last off; any other
// way to a screen (an address typed or opened, Forward) starts the trail anew there.
func (p *navPart) follow(fragment string) {
	n, pushed := len(p.trail), p.pushed
	p.pushed = ""
	switch {
	case pushed != "" && pushed == fragment && (n == 0 || p.trail[n-1] != fragment):
		p.trail = append(p.trail, fragment)
	case n > 1 && p.trail[n-2] == fragment:
		p.trail = p.trail[:n-1]
	case n > 2 && p.trail[n-3] == fragment && p.trail[n-2] == p.spent: // back past a set-up spent
		p.trail, p.spent = p.trail[:n-2], ""
	case n == 0 || p.trail[n-1] != fragment:
		p.trail = []string{fragment}
	}
}

func (Reload) apply(s *Session) (Outcome, error) {
	s.play.game.flush()
	return Outcome{Reload: true}, nil
}

func (ReloadFromOtherTab) apply(s *Session) (Outcome, error) {
	s.play.game.flush()
	s.load()
	s.parties.edited() // a restore under way merges with what the other tab saved
	return Outcome{}, nil
}

// Trail are the fragments of the screens gone through, the current last.
func (v Navigation) Trail() []string { return v.n.trail }

// arrive has the view arrive at the screen of fragment (kind: its fragment without its
// argument), and says the fragment of the screen it left.
func (n *navPart) arrive(fragment, kind string) (left string) {
	left = n.screen
	n.screen, n.screenKind = fragment, kind
	return left
}
