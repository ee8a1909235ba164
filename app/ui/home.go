package ui

import (
	"bytes"
	"fmt"
	"net/url"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/app/store"
	"gnosis/engine/anima"
	"gnosis/engine/party"
	"gnosis/engine/roster"
)

// Home is the home screen: the game in progress, the saved parties, the own cards, the
// settings and the data kept on the device.
type Home struct {
	app.Compo
	page
	cards   session.Cards
	dw      session.Diskwars
	notices *session.Notices
	pair    session.Pair
	parties session.Parties
	play    session.Play
	shelf   session.Shelf

	unmatched []roster.Unmatched // a roster's entries that matched no card, to make own cards of
	showAll   bool               // every party listed, not the first homeParties
	install   string             // "prompt": the browser offers to install Gnosis; "apple": Safari's steps; "": neither
}

// OnMount observes the Session and reads whether the browser offers to install Gnosis.
func (c *Home) OnMount(ctx app.Context) {
	c.observe(ctx)
	c.OnAppInstallChange(ctx)
}

// OnAppInstallChange is go-app's word that the browser now offers (or no longer offers) to
// install Gnosis: Install Gnosis, where it prompts; Safari's steps, where it does not; nothing
// once installed.
func (c *Home) OnAppInstallChange(ctx app.Context) {
	switch {
	case !ctx.IsAppInstallable():
		c.install = ""
	case ctx.IsAppleBrowser():
		c.install = "apple"
	default:
		c.install = "prompt"
	}
}

// homeParties is how many parties the home screen lists before "Show all": each shows
// whether it keeps the party rules, which a list of thousands (a large backup) would check at
// every redraw.
const homeParties = 50

// parkedSection offers the game of kind parked when this phone joined another phone's (none
// when no game is parked): Bring it back.
func parkedSection(c page, pair session.Pair, kind string) app.UI {
	if !pair.Parked(kind) {
		return app.Div().ID("parked-" + kind).Hidden(true)
	}
	return app.Section().ID("parked-"+kind).Class("card").Body(
		app.P().Text(c.t("A game from before you joined another phone's is kept.")),
		app.Button().ID("bring-back-"+kind).Class("wide").Text(c.t("Bring it back")).Attr("data-kind", kind).OnClick(onBringBack),
	)
}

// onBringBack brings back the parked game of the tapped button's kind.
func onBringBack(ctx app.Context, e app.Event) {
	send(ctx, session.BringBackGame{Kind: ctx.JSSrc().Get("dataset").Get("kind").String()})
}

// listed is the parties the list shows: the first homeParties, or all once asked.
func (c *Home) listed() []store.SavedParty {
	if c.showAll || len(c.parties.List()) <= homeParties {
		return c.parties.List()
	}
	return c.parties.List()[:homeParties]
}

// Render draws the screen.
func (c *Home) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	return app.Div().Class("home").Body(
		app.If(len(c.unmatched) > 0, c.unmatchedSection),
		app.If(c.settings.Get().Opponent != nil, c.opponentSection),
		parkedSection(c.page, c.pair, session.KindAnima),
		app.If(c.play.Game() != nil, func() app.UI {
			st := c.play.Game().State()
			return app.Section().Class("card continue").Body(
				app.H2().Text(c.t("Game in progress")),
				app.P().Text(fmt.Sprintf(c.t("%s vs %s · %s"), st.Sides[0].Name, st.Sides[1].Name, st.Flow.In(c.settings.Lang()))),
				app.Button().ID("continue-game").Class("primary wide").Text(c.t("Continue the game")).
					OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenGame}) }),
				app.If(c.pair.Duo() == nil, func() app.UI {
					return app.Button().ID("play-two-phones").Class("wide").Text(c.t("Play on two phones")).
						OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenPair + session.KindAnima}) })
				}),
			)
		}),
		app.Section().ID("home-shelf").Class("card row spread").Body(
			app.Div().Class("grow").Body(
				app.H2().Text(c.t("Shelf of games")),
				app.P().Class("muted small").Text(c.n(c.shelf.Len(), "%d game kept", "%d games kept")),
			),
			app.Button().ID("open-shelf").Text(c.t("Open")).Aria("label", c.t("Open the shelf of games")).
				OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenShelf}) }),
		),
		app.Section().ID("home-event").Class("card row spread").Body(
			app.Div().Class("grow").Body(
				app.H2().Text(c.t("Club night")),
				app.P().Class("muted small").Text(c.t("A tournament run from this phone")),
			),
			app.Button().ID("open-event").Text(c.t("Open")).Aria("label", c.t("Open the club night")).
				OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenEvent}) }),
		),
		app.Section().ID("home-season").Class("card row spread").Body(
			app.Div().Class("grow").Body(
				app.H2().Text(c.t("Season")),
				app.P().Class("muted small").Text(c.t("The club nights added up: standings and ratings")),
			),
			app.Button().ID("open-season").Text(c.t("Open")).Aria("label", c.t("Open the season")).
				OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenSeason}) }),
		),
		app.Section().ID("home-card").Class("card row spread").Body(
			app.Div().Class("grow").Body(
				app.H2().Text(c.t("Your player card")),
				app.P().Class("muted small").Text(c.cardLine()),
			),
			app.Button().ID("open-card").Text(c.t("Open")).Aria("label", c.t("Open your player card")).
				OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenCard}) }),
		),
		app.Section().Class("parties").Body(
			app.Div().Class("row spread").Body(
				app.H2().Text(c.t("My parties")),
				app.Button().ID("new-party").Class("primary").Text(c.t("New party")).OnClick(c.onNewParty),
			),
			app.If(len(c.parties.List()) == 0, func() app.UI {
				return app.P().Class("muted").Text(c.t("No party yet. Build one from the catalog of characters."))
			}),
			app.Ul().Class("list").Body(
				app.Range(c.listed()).Slice(func(i int) app.UI { return c.partyItem(c.parties.List()[i]) }),
			),
			app.If(len(c.listed()) < len(c.parties.List()), func() app.UI {
				return app.Button().ID("all-parties").Class("wide").Text(fmt.Sprintf(c.t("Show all %d parties"), len(c.parties.List()))).
					OnClick(func(ctx app.Context, e app.Event) { c.showAll = true })
			}),
			app.Label().Class("button wide").Body(
				app.Span().Text(c.t("Import a party file or a BattleScribe roster")),
				app.Input().ID("import-party").Type("file").Accept(".json,.ros,.rosz,application/json").Class("hidden-file").OnChange(c.onImportParty),
			),
		),
		app.Section().Class("card").Body(
			app.H2().Text(c.t("My cards")),
			app.P().Class("muted small").Text(fmt.Sprintf(c.t("%s and %s of your own: summons, missing characters, other printings."),
				c.n(len(c.cards.Own().Characters), "%d character or summon", "%d characters and summons"), c.n(len(c.cards.Own().Advantages), "%d advantage card", "%d advantage cards"))),
			app.Button().ID("my-cards").Class("wide").Text(c.t("Edit my cards")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenCards}) }),
		),
		app.Section().Class("card").Body(
			app.H2().Text(c.t("Warhammer: Diskwars")),
			app.P().Class("muted small").Text(fmt.Sprintf(c.t("Your armies of discs, rounds, flips, ranged attacks with their odds, and the battlefield. %s."),
				c.n(len(c.dw.Armies()), "%d army", "%d armies"))),
			app.Button().ID("open-diskwars").Class("wide").Text(c.t("Play Diskwars")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenDW}) }),
		),
		app.Section().Class("card").Body(
			app.H2().Text(c.t("Two phones, one game")),
			app.P().Class("muted small").Text(c.t("Each player tracks their own side on their own phone, kept in step without a server or the internet. The phone with the game shows a code: Play on two phones, in the game.")),
			app.Button().ID("join-game").Class("wide").Text(c.t("Join a game on two phones")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenJoin}) }),
		),
		app.Section().Class("card").Body(
			app.H2().Text(c.t("Rules")),
			app.P().Class("muted small").Text(c.t("Every rule Gnosis knows, in a few words, searchable.")),
			app.Button().ID("open-rules").Class("wide").Text(c.t("Read the rules")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenRules}) }),
		),
		c.settingsSection(),
		c.dataSection(),
		c.installSection(),
	)
}

// opponentSection is the party from a link chosen as the opponent: with a party that can
// play, the player taps its Play; without one, it leads to building one.
func (c *Home) opponentSection() app.UI {
	name := c.settings.Get().Opponent.Name
	playable := false
	for _, sp := range c.parties.List() {
		playable = playable || len(sp.Party.Characters) > 0
	}
	cancel := app.Button().ID("forget-opponent").Class("wide").Text(c.t("Cancel")).
		OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.ChooseOpponent{}) })
	if !playable {
		return app.Section().ID("choose-for-opponent").Class("card").Body(
			app.P().Text(fmt.Sprintf(c.t("To play against %s you need a party of your own: build one, then start a game with it."), name)),
			app.Button().ID("build-for-opponent").Class("primary wide").Text(c.t("Build a party")).OnClick(c.onNewParty),
			cancel,
		)
	}
	return app.Section().ID("choose-for-opponent").Class("card").Body(
		app.P().Text(fmt.Sprintf(c.t("Choose your party to play against %s: tap Play."), name)),
		cancel,
	)
}

// setting sends the player's choices with one changed.
func (c *Home) setting(ctx app.Context, change func(*store.Prefs)) {
	p := c.settings.Get()
	change(&p)
	send(ctx, session.SaveSettings{Settings: p})
}

// settingsSection is the language (the browser's by default) and vibration.
func (c *Home) settingsSection() app.UI {
	prefs := c.settings.Get()
	langs := []struct{ value, label string }{{"", c.t("The browser's language")}, {"en", "English"}, {"es", "Español"}, {"it", "Italiano"}}
	return app.Section().Class("card").ID("settings").Body(
		app.H2().Text(c.t("Settings")),
		app.Label().Class("field").Body(
			app.Span().Text(c.t("Language")),
			app.Select().ID("language").OnChange(func(ctx app.Context, e app.Event) {
				lang := chosen(ctx)
				c.setting(ctx, func(p *store.Prefs) { p.Language = lang })
			}).Body(app.Range(langs).Slice(func(i int) app.UI {
				v := langs[i].value
				if v == "" {
					v = none
				}
				return optionOf(v).Selected(langs[i].value == prefs.Language).Text(langs[i].label)
			})),
		),
		app.Label().Class("check").Body(
			app.Input().ID("vibrate").Type("checkbox").Checked(prefs.Vibrate).OnChange(func(ctx app.Context, e app.Event) {
				on := ctx.JSSrc().Get("checked").Truthy()
				c.setting(ctx, func(p *store.Prefs) { p.Vibrate = on })
			}),
			app.Span().Text(c.t("Vibrate on each change during a game")),
		),
		app.Label().Class("check").Body(
			app.Input().ID("seat").Type("checkbox").Checked(prefs.Seat).OnChange(func(ctx app.Context, e app.Event) {
				on := ctx.JSSrc().Get("checked").Truthy()
				c.setting(ctx, func(p *store.Prefs) { p.Seat = on })
			}),
			app.Span().Text(c.t("The phone between the players: each side faces its player")),
		),
	)
}

// installSection offers to install Gnosis where the browser can (install): at the foot of the
// screen, for the browser says so whenever it likes, and nothing below it moves when it does.
func (c *Home) installSection() app.UI {
	return app.Div().ID("install").Body(
		app.If(c.install == "prompt", func() app.UI {
			return app.Button().ID("install-app").Class("wide").Text(c.t("Install Gnosis")).
				OnClick(func(ctx app.Context, e app.Event) { ctx.ShowAppInstallPrompt() })
		}),
		app.If(c.install == "apple", func() app.UI {
			return app.P().ID("install-steps").Class("small").Text(c.t("To install Gnosis: tap Share, then Add to Home Screen."))
		}),
	)
}

// dataSection offers the backup of everything on the device, its import, and the browser's
// promise to keep the data.
func (c *Home) dataSection() app.UI {
	restoring, pct := c.settings.Restoring()
	status := map[string]string{
		"granted":     "This browser has promised to keep Gnosis's data.",
		"not granted": "This browser may clear Gnosis's data when space runs low. Ask it to keep the data, and keep a backup.",
		"unsupported": "This browser cannot promise to keep the data: keep a backup.",
	}[c.settings.Persist()]
	return app.Section().Class("card").ID("data").Body(
		app.H2().Text(c.t("Your data")),
		app.P().ID("persist-status").Class("small").Text(c.t(status)),
		// Each answer that comes after the first render has a slot of its own, so that nothing
		// after it is drawn anew (go-app matches children by position): a file chosen in the
		// input below as the browser answers is not lost with a replaced input.
		app.Div().Body(app.If(c.settings.Persist() == "not granted", func() app.UI {
			return app.Button().ID("persist").Class("wide").Text(c.t("Ask the browser to keep my data")).
				OnClick(func(ctx app.Context, e app.Event) { sendView(ctx, askPersist{}) })
		})),
		app.A().ID("export-backup").Class("button wide").Href("#").Attr(attrBackup, "yes").
			Attr("download", "gnosis-backup.json").Text(c.t("Back up everything")),
		app.Div().Body(app.If(restoring, func() app.UI {
			return app.Div().ID("restore-progress").Role("status").Body(
				app.P().Class("small").Text(c.f("Restoring the backup… %d%%", pct)),
				app.Progress().Max(100).Value(pct),
			)
		})),
		app.Label().Class("button wide").Body(
			app.Span().Text(c.t("Restore from a backup")),
			app.Input().ID("import-backup").Type("file").Accept(".json,application/json").Class("hidden-file").OnChange(c.onImportBackup),
		),
		app.P().Class("muted small").Text(c.t("Restoring adds what the backup has and never replaces anything: a party with a name you use comes in as a copy.")),
		app.If(len(c.notices.Aside()) > 0, func() app.UI {
			return app.Div().ID("aside").Body(
				app.H3().Text(c.t("Old records set aside")),
				app.Ul().Class("list").Body(app.Range(c.notices.Aside()).Slice(func(i int) app.UI {
					key, raw := c.notices.Aside()[i][0], c.notices.Aside()[i][1]
					return app.Li().Class("row spread").Body(
						app.Span().Class("grow small name").Text(key),
						app.A().Class("button").Href("data:application/json;charset=utf-8,"+url.PathEscape(raw)).
							Attr("download", key+".json").Text(c.t("Download it")),
						app.Button().Class("delete-aside").Text(c.t("Delete")).Aria("label", c.t("Delete")+" "+key).
							OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.DeleteAside{Key: key}) }, app.EventScope(key)),
					)
				})),
			)
		}),
	)
}

func (c *Home) onImportBackup(ctx app.Context, e app.Event) {
	readChosenBytesUpTo(ctx, c.settings.Lang(), store.MaxBackupBytes, func(ctx app.Context, b []byte) { send(ctx, session.RestoreFile{Data: b}) })
}

func (c *Home) partyItem(sp store.SavedParty) app.UI {
	id := sp.ID
	summary := fmt.Sprintf(c.t("%s · %d levels"), c.n(len(sp.Party.Characters), "%d character", "%d characters"), sp.Party.Level)
	broken := 0
	if p, err := c.cards.Resolve(sp.Party); err == nil {
		summary = fmt.Sprintf(c.t("%s · %d / %d levels"), c.n(len(p.Members), "%d character", "%d characters"), p.LevelsSpent(), sp.Party.Level)
		broken = len(party.CheckParty(p))
	}
	return app.Li().Class("party-item").Body(
		app.Div().Class("grow").Body(
			app.Strong().Text(sp.Party.Name),
			app.If(c.parties.Unsaved(id), func() app.UI {
				return app.Span().Class("badge unsaved").Text(c.t("not saved"))
			}),
			app.Div().Class("muted small").Text(summary),
			app.If(broken > 0, func() app.UI {
				return app.Div().Class("illegal bad small").Text("⚠ " + c.n(broken, "%d rule broken", "%d rules broken"))
			}),
		),
		app.Button().Class("edit").Text(c.t("Edit")).Aria("label", fmt.Sprintf(c.t("Edit %s"), sp.Party.Name)).
			OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenBuilder + id}) }, app.EventScope(id)),
		app.Button().Class("primary play").Text(c.t("Play")).Aria("label", fmt.Sprintf(c.t("Play with %s"), sp.Party.Name)).
			Disabled(len(sp.Party.Characters) == 0).
			OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenStart + id}) }, app.EventScope(id)),
	)
}

func (c *Home) onNewParty(ctx app.Context, e app.Event) {
	send(ctx, session.AddParty{Open: true, File: party.PartyFile{
		Version: party.PartyFileVersion, Name: fmt.Sprintf(c.t("Party %d"), len(c.parties.List())+1),
		Edition: anima.Core, Level: 250, Characters: []party.PartyEntry{}, Advantages: []party.AdvantageRef{},
	}})
}

// onImportParty reads a party file, or a BattleScribe or New Recruit roster (.ros, .rosz),
// chosen by the player. A file that cannot be read or names unknown cards is refused with
// the reason; a party whose name is taken is kept as a copy. A roster's entries that match
// no card are listed, each with the offer to make an own card of it. Nothing already saved
// is changed. A roster is unpacked (its zip, its XML) by its own WebAssembly, loaded the
// first time one is imported (unpackRoster), and taken into a party here.
func (c *Home) onImportParty(ctx app.Context, e app.Event) {
	readChosenBytes(ctx, c.settings.Lang(), func(ctx app.Context, b []byte) {
		if t := bytes.TrimSpace(b); len(t) > 0 && t[0] == '{' {
			f, err := party.ParsePartyFile(b)
			c.imported(ctx, f, nil, err)
			return
		}
		b, err := roster.Check(b)
		if err != nil {
			c.imported(ctx, party.PartyFile{}, nil, err)
			return
		}
		unpackRoster(ctx, c.s, b, func(ctx app.Context, unpacked []byte) {
			if unpacked == nil {
				send(ctx, session.Notify{Text: c.t("Party not imported: ") + c.t("the roster reader could not be loaded: try again once online")})
				return
			}
			f, unmatched, err := roster.Take(unpacked, c.cards.Catalog())
			c.imported(ctx, f, unmatched, err)
		})
	})
}

// imported saves a party read from a file, with a roster's entries that matched no card, or
// says why it was not.
func (c *Home) imported(ctx app.Context, f party.PartyFile, unmatched []roster.Unmatched, err error) {
	if err == nil {
		_, err = c.cards.Resolve(f)
	}
	if err != nil {
		send(ctx, session.Notify{Text: c.t("Party not imported: ") + c.settings.ErrText(err)})
		return
	}
	c.unmatched = unmatched
	send(ctx, session.AddParty{File: f, Notice: "Imported %s."})
}

// unmatchedSection lists a roster's entries that matched no card: each may become an own
// card (the card form, with its name filled in).
func (c *Home) unmatchedSection() app.UI {
	return app.Section().ID("unmatched").Class("card").Role("status").Body(
		app.H2().Text(c.t("Not in the catalog")),
		app.P().Class("muted small").Text(c.t("The roster named these; the party was saved without them. Make an own card of one to add it.")),
		app.Ul().Class("list").Body(app.Range(c.unmatched).Slice(func(i int) app.UI {
			u := c.unmatched[i]
			label := u.Name
			if u.On != "" {
				label = fmt.Sprintf(c.t("%s (chosen on %s)"), u.Name, u.On)
			}
			return app.Li().Class("row").Body(
				app.Span().Class("grow").Text(label),
				app.Button().Class("make-own").Text(c.t("Make an own card")).Aria("label", fmt.Sprintf(c.t("Make an own card of %s"), u.Name)).
					OnClick(func(ctx app.Context, e app.Event) {
						c.unmatched = removeAt(c.unmatched, i)
						send(ctx, session.CorrectCard{Card: anima.Card{Name: u.Name}})
					}, app.EventScope(i, u.Name)),
			)
		})),
		app.Button().ID("dismiss-unmatched").Class("wide").Text(c.t("Done")).OnClick(func(ctx app.Context, e app.Event) { c.unmatched = nil }),
	)
}

// cardLine says whose player card this phone shows, or what one is for.
func (c *Home) cardLine() string {
	if card := c.settings.Card(); card != nil {
		return card.Name
	}
	return c.t("For the club nights you play: made once")
}
