package ui

import (
	"strings"
	"testing"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/catalog"
	"gnosis/engine/event"
	"gnosis/engine/shelf"
)

// eventNight is a session running a club night of four players, round 1 paired when paired.
func eventNight(t *testing.T, paired bool) *Bridge { return eventNightIn(t, "en", paired) }

// eventNightIn is eventNight in the language lang.
func eventNightIn(t *testing.T, lang string, paired bool) *Bridge {
	t.Helper()
	s := testSession(t, nil, lang, nil)
	su := event.Defaults("Tabs night", "2026-12-07", 3)
	su.Rounds = 3
	ask := func(r session.Request) {
		for out := s.core.Do(r); out.Next != nil; out = s.core.Do(out.Next) {
		}
		if n := s.core.Notice(); n != "" {
			t.Fatalf("%T: %q", r, n)
		}
	}
	ask(session.NewEvent{Setup: su})
	for _, n := range []string{"Ana", "Bruno", "Carla", "Dario"} {
		ask(session.AddEventPlayer{Name: n})
	}
	if paired {
		ask(session.PairEventRound{})
	}
	return s
}

// drawn is the event screen's HTML with the sections of its chosen tab drawn (their
// components, which HTMLString leaves empty).
func drawn(c *EventScreen) string {
	html := app.HTMLString(c.Render())
	e := c.drew.now.e
	if !strings.Contains(html, `id="event-panel"`) {
		return html
	}
	for _, ui := range c.panelSections(e) {
		html += app.HTMLString(ui)
	}
	return html
}

// panelSections are the chosen tab's sections' contents, as their components draw them.
func (c *EventScreen) panelSections(e *event.Event) []app.UI {
	switch c.tabOf(e) {
	case tabPlayers:
		return []app.UI{c.players(e, 1<<20)}
	case tabRound:
		return []app.UI{c.tables(e, 1<<20)}
	}
	return []app.UI{c.standings(c.standingsView(), 1<<20)}
}

// TestEventTabs: issue 70, part 6: the organiser's screen is a tab a job, players, round,
// standings, each a tab of a tablist controlling the one panel drawn; before a round the
// players' tab shows, once one is paired the round's, and a tab chosen shows only its sections.
func TestEventTabs(t *testing.T) {
	c := newScreen(eventNight(t, false), screenEvent).(*EventScreen)
	html := app.HTMLString(c.Render())
	for _, want := range []string{`role="tablist"`, `id="event-tab-players"`, `id="event-tab-round"`, `id="event-tab-standings"`, `role="tabpanel"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the screen lacks %s", want)
		}
	}
	if c.tabOf(c.drew.now.e) != tabPlayers {
		t.Errorf("before a round: the %s tab", c.tabOf(c.drew.now.e))
	}
	c = newScreen(eventNight(t, true), screenEvent).(*EventScreen)
	c.Render()
	if c.tabOf(c.drew.now.e) != tabRound {
		t.Fatalf("a round paired: the %s tab", c.tabOf(c.drew.now.e))
	}
	for _, tc := range []struct {
		tab       string
		want, not []string
		shown     [4]bool // the long sections it draws and grows (players, tables, standings, luck)
	}{
		{tabRound, []string{`id="event-round"`, `id="event-table-1-first"`}, []string{`id="event-players"`, `id="event-standings"`}, [4]bool{false, true, false, false}},
		{tabPlayers, []string{`id="event-players"`, `id="event-player-name"`}, []string{`id="event-round"`, `id="event-standings"`}, [4]bool{true, false, false, false}},
		{tabStandings, []string{`id="event-standings"`}, []string{`id="event-round"`, `id="event-players"`}, [4]bool{false, false, true, true}},
	} {
		c.drew.tab = tc.tab
		html := drawn(c)
		if !strings.Contains(html, `id="event-tab-`+tc.tab+`" role="tab" aria-selected="true"`) && !strings.Contains(html, `aria-selected="true"`) {
			t.Errorf("%s: no tab selected", tc.tab)
		}
		if got := c.shownSections(c.drew.now.e); got != tc.shown {
			t.Errorf("the %s tab draws the sections %v", tc.tab, got)
		}
		for _, w := range tc.want {
			if !strings.Contains(html, w) {
				t.Errorf("the %s tab lacks %s", tc.tab, w)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(html, w) {
				t.Errorf("the %s tab draws %s", tc.tab, w)
			}
		}
	}
}

// TestOneTapResultUndone: a result typed by one tap offers its undo beside its table's line,
// that table's only; the undo (session.UndoEventResult) takes the result back.
func TestOneTapResultUndone(t *testing.T) {
	s := eventNight(t, true)
	c := newScreen(s, screenEvent).(*EventScreen)
	s.core.Do(session.TypeEventResult{Round: 1, Table: 1, Result: event.Result{Outcome: event.FirstWins}})
	html := drawn(c)
	if !strings.Contains(html, `id="event-table-1-undo"`) || strings.Contains(html, `id="event-table-2-undo"`) {
		t.Fatalf("the undo beside table 1's line only: %v", strings.Contains(html, `id="event-table-1-undo"`))
	}
	s.core.Do(session.UndoEventResult{})
	html = drawn(c)
	if strings.Contains(html, `id="event-table-1-undo"`) || !strings.Contains(html, `id="event-table-1-first"`) {
		t.Fatal("after the undo: table 1 has no result, and no undo")
	}
}

// TestRefusalsOpenWithACapital: a club night's refusal, written to follow a colon in the
// engine's catalogue, opens the notice with a capital, in English, Spanish and Italian.
func TestRefusalsOpenWithACapital(t *testing.T) {
	for _, lang := range []string{"en", "es", "it"} {
		s := eventNightIn(t, lang, true)
		s.core.Do(session.TypeEventResult{Round: 1, Table: 1, Result: event.Result{Outcome: event.FirstWins}})
		s.core.Do(session.CorrectEventResult{Round: 1, Table: 1, Result: event.Result{Outcome: event.Drawn}})
		n := s.core.Notice()
		if n == "" {
			t.Fatalf("%s: a correction without its reason is not refused", lang)
		}
		shell := &Shell{s: s, mounted: true, screen: &screens[0]}
		html := app.HTMLString(shell.notice(shell.screen))
		want := capitalFirst(n)
		if want == n || !strings.Contains(html, want[:8]) {
			t.Errorf("%s: the notice %q drawn as %s", lang, n, html)
		}
	}
	for in, want := range map[string]string{"": "", "élan": "Élan", "Already": "Already", "1 table": "1 table"} {
		if got := capitalFirst(in); got != want {
			t.Errorf("capitalFirst(%q) = %q", in, got)
		}
	}
}

// TestStandingLines: the image's line of each player carries every tiebreaker of the event in
// its order, and says who dropped.
func TestStandingLines(t *testing.T) {
	s := eventNight(t, true)
	s.core.Do(session.DropEventPlayer{ID: 2, Dropped: true})
	c := newScreen(s, screenEvent).(*EventScreen)
	c.Render()
	v := c.standingsView()
	dropped := 0
	for i, r := range v.Rows {
		line := standingLine(c.page, v, i)
		for _, w := range []string{"margin ", "strength of schedule ", "scenario points "} {
			if !strings.Contains(line, w) {
				t.Errorf("%q lacks its %s", line, w)
			}
		}
		if strings.HasSuffix(line, "· dropped") != r.Dropped {
			t.Errorf("%q: dropped %v", line, r.Dropped)
		}
		if r.Dropped {
			dropped++
		}
	}
	if dropped != 1 {
		t.Errorf("%d players dropped in the lines", dropped)
	}
}

// TestAnUnfinishedCodeNamesNoWinner (the trial: a code of a game kept at turn 1 of 2 read
// "Light Wardens won · … · unfinished"): the result code's line of a game kept unfinished says
// who is ahead, in each language; of a game ended, who won.
func TestAnUnfinishedCodeNamesNoWinner(t *testing.T) {
	g := shelf.Game{Sides: [2]shelf.Side{{Name: "Light Wardens"}, {Name: "Shadow Pact"}}}
	for lang, want := range map[string][2]string{"en": {"Light Wardens ahead", "Light Wardens won"}, "es": {"Light Wardens va por delante", "Ganó Light Wardens"}, "it": {"Light Wardens è in vantaggio", "Ha vinto Light Wardens"}} {
		c := newScreen(testSession(t, catalog.Default(), lang, nil), screenResult+"x").(*ResultScreen)
		early := c.resultLine(g, event.Code{Outcome: event.FirstWins, Unfinished: true, Turns: 1, Length: 2})
		ended := c.resultLine(g, event.Code{Outcome: event.FirstWins, Turns: 2, Length: 2, End: event.EndLength})
		if !strings.HasPrefix(early, want[0]) || strings.HasPrefix(ended, want[0]) || !strings.HasPrefix(ended, want[1]) {
			t.Errorf("%s: unfinished %q, ended %q", lang, early, ended)
		}
	}
}
