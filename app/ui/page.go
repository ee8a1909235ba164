package ui

import (
	"errors"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/fragment"
	"gnosis/engine/text"
)

// page is what every screen's component holds: the bridge it sends requests by (never the
// Session itself: each screen holds the Session's parts it draws from, given by its constructor
// in screens), the settings and language every screen speaks in, and the version it last drew
// (observed from stateVersion, so that a change redraws the screen).
type page struct {
	s        sender
	settings session.Settings
	version  int
}

// observe has the screen redraw after each change of the Session.
func (p *page) observe(ctx app.Context) { ctx.ObserveState(stateVersion, &p.version) }

// OnMount observes the Session. A screen that embeds page mounts with it, unless it has an
// OnMount of its own, which calls observe.
func (p *page) OnMount(ctx app.Context) { p.observe(ctx) }

// Every screen observes the Session when it mounts.
var _ = []app.Mounter{&Home{}, &Builder{}, &Start{}, &Share{}, &PartySheet{}, &Shared{}, &CardsScreen{}, &History{},
	&Tracker{}, &TableSketch{}, &CombatSheet{}, &PhaseSheet{}}

// t translates an English text of the interface into the player's language.
func (p *page) t(key string) string { return p.settings.T(key) }

// n is the count n in the player's language (the catalogue's keys one and other).
func (p *page) n(n int, one, other string) string { return p.settings.N(n, one, other) }

// linkError is why a link cannot be read, in the player's language, after said (the
// screen's "This … link cannot be read: "); a link too long is a sentence of its own.
func (p *page) linkError(said string, err error) string {
	if errors.Is(err, fragment.ErrTooLong) {
		return p.settings.ErrText(err)
	}
	return said + p.settings.ErrText(err)
}

// f is the catalogue's format key in the player's language, filled with args.
func (p *page) f(key string, args ...any) string { return text.F(p.settings.Lang(), key, args...) }

// decimal is a number written with a point ("4.50") as the player's language writes it: a
// decimal comma in Spanish and Italian ("4,50").
func (p *page) decimal(x string) string {
	if l := p.settings.Lang(); l == text.ES || l == text.IT {
		return strings.Replace(x, ".", ",", 1)
	}
	return x
}
