package ui

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/text"
)

// rulesFile is where the rules' summaries are: web/rules.json, every rule ID of the rules
// digest with a title and a summary in English, Spanish and Italian, written for Gnosis
// (not the books' text). The app fetches it the first time a rule is opened; the service
// worker keeps it for offline use (cmd/gnosis: CacheableResources).
const rulesFile = "/web/rules.json"

// rulesBook is web/rules.json: the rules in the digest's order.
type rulesBook struct {
	Version int       `json:"version"`
	Rules   []ruleDoc `json:"rules"`
}

// ruleDoc is one rule: its ID ("R-ATK-3") and, per language, its title and summary.
type ruleDoc struct {
	ID string    `json:"id"`
	EN [2]string `json:"en"`
	ES [2]string `json:"es"`
	IT [2]string `json:"it"`
}

// in is the rule's title and summary in lang.
func (r ruleDoc) in(lang string) (title, summary string) {
	t := r.EN
	switch lang {
	case text.ES:
		t = r.ES
	case text.IT:
		t = r.IT
	}
	return t[0], t[1]
}

// find is the rule with the ID id.
func (b *rulesBook) find(id string) (ruleDoc, bool) {
	for _, r := range b.Rules {
		if r.ID == id {
			return r, true
		}
	}
	return ruleDoc{}, false
}

// parseRules reads web/rules.json.
func parseRules(b []byte) (*rulesBook, error) {
	var book rulesBook
	if err := json.Unmarshal(b, &book); err != nil {
		return nil, err
	}
	if book.Version != 1 || len(book.Rules) == 0 {
		return nil, fmt.Errorf("no rules in it (version %d)", book.Version)
	}
	return &book, nil
}

// loadRules fetches the rules' summaries once (web/sheets.js: fetchText), and publishes the
// Session's version when they have come, or why they did not.
func (s *Bridge) loadRules(ctx app.Context) {
	if s.rules != nil || s.rulesLoading {
		return
	}
	s.rulesLoading, s.rulesErr = true, ""
	var ok, fail app.Func
	done := func(book *rulesBook, err error) {
		ok.Release()
		fail.Release()
		ctx.Dispatch(func(ctx app.Context) {
			s.rulesLoading = false
			if err != nil {
				s.rulesErr = err.Error()
			}
			s.rules = book
			s.publish(ctx)
		})
	}
	ok = app.FuncOf(func(_ app.Value, args []app.Value) any {
		book, err := parseRules([]byte(args[0].String()))
		done(book, err)
		return nil
	})
	fail = app.FuncOf(func(_ app.Value, args []app.Value) any {
		done(nil, fmt.Errorf("%s", args[0].String()))
		return nil
	})
	gnosisJS().Call("fetchText", ctx.ResolveStaticResource(rulesFile), ok, fail)
}

// ruleButton opens the rule id's summary over the screen.
func ruleButton(lang, id string) app.UI {
	return app.Button().Class("rule").Text(id).Aria("label", fmt.Sprintf(text.T(lang, "Read the rule %s"), id)).
		OnClick(func(ctx app.Context, e app.Event) { sendView(ctx, openRule{id}) }, app.EventScope(id))
}

// RuleSheet shows one rule's summary over the screen, whatever the screen was doing (a
// combat's draft, a party being built), with the way to the whole rules screen.
type RuleSheet struct {
	app.Compo
	page
	ID string
}

// Render draws the sheet.
func (c *RuleSheet) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	book, state := c.s.rules()
	title, body := c.ID, state
	if book != nil {
		if r, ok := book.find(c.ID); ok {
			title, body = r.in(c.settings.Lang())
			title = c.ID + " · " + title
		} else {
			body = fmt.Sprintf(c.t("Gnosis has no summary of %s."), c.ID)
		}
	}
	close := func(ctx app.Context, e app.Event) { sendView(ctx, openRule{}) }
	return app.Div().Class("overlay rule-overlay").Body(app.Div().ID("rule-sheet").Class("sheet").Role("dialog").Aria("label", title).Body(
		app.Div().Class("row spread").Body(
			app.H2().Class("grow").Text(title),
			app.Button().ID("close-rule").Class("icon").Aria("label", c.t("Close")).Text("✕").OnClick(close),
		),
		app.P().ID("rule-summary").Text(body),
		app.Button().ID("all-rules").Class("wide").Text(c.t("All the rules")).OnClick(func(ctx app.Context, e app.Event) {
			send(ctx, session.Navigate{To: screenRules}) // the summary goes with the screen (Shell.route)
		}),
	))
}

// rulesState says why the rules are not shown: loading, or what went wrong.
func (s *Bridge) rulesState() string {
	if s.rulesErr != "" {
		return s.core.Settings().T("The rules could not be loaded. They come with the app: reload it once while online.") + " (" + s.rulesErr + ")"
	}
	return s.core.Settings().T("Loading the rules…")
}

// Rules is the rules screen: every rule of the digest with its summary in the player's
// language, searchable by ID, title or words.
type Rules struct {
	app.Compo
	page
	query string
}

// OnMount observes the Session and fetches the rules.
func (c *Rules) OnMount(ctx app.Context) {
	c.observe(ctx)
	c.s.loadRules(ctx)
}

// Render draws the screen.
func (c *Rules) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	book, state := c.s.rules()
	var shown []ruleDoc
	if book != nil {
		q := strings.ToLower(strings.TrimSpace(c.query))
		for _, r := range book.Rules {
			title, summary := r.in(c.settings.Lang())
			if q == "" || strings.Contains(strings.ToLower(r.ID+" "+title+" "+summary), q) {
				shown = append(shown, r)
			}
		}
	}
	return app.Div().Class("rules").Body(
		app.Input().ID("rules-search").Type("search").Placeholder(c.t("Search the rules")).Aria("label", c.t("Search the rules")).
			Value(c.query).OnInput(func(ctx app.Context, e app.Event) { c.query = ctx.JSSrc().Get("value").String() }),
		app.If(book == nil, func() app.UI { return app.P().ID("rules-state").Class("muted").Text(state) }).
			Else(func() app.UI {
				return app.P().Class("muted small").Text(c.n(len(shown), "%d rule", "%d rules"))
			}),
		app.Ul().ID("rules-list").Class("list rules-list").Body(app.Range(shown).Slice(func(i int) app.UI {
			r := shown[i]
			title, summary := r.in(c.settings.Lang())
			return app.Li().ID("rule-"+r.ID).Body(
				app.H2().Body(app.Span().Class("rule-id").Text(r.ID), app.Text(" "+title)),
				app.P().Text(summary),
			)
		})),
		app.P().Class("muted small").Text(c.t("Summaries written for Gnosis from the rulebooks; the books decide.")),
	)
}
