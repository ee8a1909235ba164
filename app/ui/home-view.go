package ui

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/store"
	"gnosis/engine"
)

// home lists the game in progress and the saved parties.
func (c *Root) home() app.UI {
	return app.Div().Class("home").Body(
		app.If(c.opponentShared != nil, func() app.UI {
			return app.Section().ID("choose-for-opponent").Class("card").Body(
				app.P().Text(fmt.Sprintf(c.t("Choose your party to play against %s: tap Play."), c.opponentShared.Name)),
				app.Button().Class("wide").Text(c.t("Cancel")).OnClick(func(ctx app.Context, e app.Event) { c.opponentShared, c.opponent = nil, "" }),
			)
		}),
		app.If(c.game != nil, func() app.UI {
			s := c.game.State()
			return app.Section().Class("card continue").Body(
				app.H2().Text(c.t("Game in progress")),
				app.P().Text(fmt.Sprintf(c.t("%s vs %s · %s"), s.Sides[0].Name, s.Sides[1].Name, s.Flow)),
				app.Button().ID("continue-game").Class("primary wide").Text(c.t("Continue the game")).
					OnClick(func(ctx app.Context, e app.Event) { c.goTo(ctx, screenGame) }),
			)
		}),
		app.Section().Class("parties").Body(
			app.Div().Class("row spread").Body(
				app.H2().Text(c.t("My parties")),
				app.Button().ID("new-party").Class("primary").Text(c.t("New party")).OnClick(c.onNewParty),
			),
			app.If(len(c.parties) == 0, func() app.UI {
				return app.P().Class("muted").Text(c.t("No party yet. Build one from the catalog of characters."))
			}),
			app.Ul().Class("list").Body(
				app.Range(c.parties).Slice(func(i int) app.UI { return c.partyItem(c.parties[i]) }),
			),
			app.Label().Class("button wide").Body(
				app.Span().Text(c.t("Import a party file")),
				app.Input().ID("import-party").Type("file").Accept(".json,application/json").Class("hidden-file").OnChange(c.onImportParty),
			),
		),
		app.Section().Class("card").Body(
			app.H2().Text(c.t("My cards")),
			app.P().Class("muted small").Text(fmt.Sprintf(c.t("%s and %s of your own: summons, missing characters, other printings."),
				plural(len(c.own.Characters), c.t("character or summon"), c.t("characters and summons")), plural(len(c.own.Advantages), c.t("advantage card"), c.t("advantage cards")))),
			app.Button().ID("my-cards").Class("wide").Text(c.t("Edit my cards")).OnClick(func(ctx app.Context, e app.Event) { c.goTo(ctx, screenCards) }),
		),
		c.settingsSection(),
		c.dataSection(),
	)
}

// settingsSection is the language (the browser's by default) and vibration.
func (c *Root) settingsSection() app.UI {
	langs := []struct{ value, label string }{{"", c.t("The browser's language")}, {"en", "English"}, {"es", "Español"}, {"it", "Italiano"}}
	return app.Section().Class("card").ID("settings").Body(
		app.H2().Text(c.t("Settings")),
		app.Label().Class("field").Body(
			app.Span().Text(c.t("Language")),
			app.Select().ID("language").OnChange(func(ctx app.Context, e app.Event) {
				c.prefs.Language = chosen(ctx)
				c.savePrefs()
			}).Body(app.Range(langs).Slice(func(i int) app.UI {
				v := langs[i].value
				if v == "" {
					v = none
				}
				return app.Option().Value(v).Selected(langs[i].value == c.prefs.Language).Text(langs[i].label)
			})),
		),
		app.Label().Class("check").Body(
			app.Input().ID("vibrate").Type("checkbox").Checked(c.prefs.Vibrate).OnChange(func(ctx app.Context, e app.Event) {
				c.prefs.Vibrate = ctx.JSSrc().Get("checked").Bool()
				c.savePrefs()
			}),
			app.Span().Text(c.t("Vibrate on each change during a game")),
		),
	)
}

func (c *Root) savePrefs() {
	c.applySettings()
	if err := c.store.SaveSettings(c.prefs); err != nil {
		c.warn(err)
	}
}

// dataSection offers the backup of everything on the device, its import, and the browser's
// promise to keep the data.
func (c *Root) dataSection() app.UI {
	status := map[string]string{
		"granted":     "This browser has promised to keep Gnosis's data.",
		"not granted": "This browser may clear Gnosis's data when space runs low. Ask it to keep the data, and keep a backup.",
		"unsupported": "This browser cannot promise to keep the data: keep a backup.",
	}[c.persist]
	return app.Section().Class("card").ID("data").Body(
		app.H2().Text(c.t("Your data")),
		app.P().ID("persist-status").Class("small").Text(c.t(status)),
		app.If(c.persist == "not granted", func() app.UI {
			return app.Button().ID("persist").Class("wide").Text(c.t("Ask the browser to keep my data")).
				OnClick(func(ctx app.Context, e app.Event) { c.checkPersistence(ctx, true) })
		}),
		app.A().ID("export-backup").Class("button wide").Href(c.backupHref()).
			Attr("download", "gnosis-backup.json").Text(c.t("Back up everything")),
		app.Label().Class("button wide").Body(
			app.Span().Text(c.t("Restore from a backup")),
			app.Input().ID("import-backup").Type("file").Accept(".json,application/json").Class("hidden-file").OnChange(c.onImportBackup),
		),
		app.P().Class("muted small").Text(c.t("Restoring adds what the backup has and never replaces anything: a party with a name you use comes in as a copy.")),
		app.If(len(c.aside) > 0, func() app.UI {
			return app.Div().ID("aside").Body(
				app.H3().Text(c.t("Old records set aside")),
				app.Ul().Class("list").Body(app.Range(c.aside).Slice(func(i int) app.UI {
					key, raw := c.aside[i][0], c.aside[i][1]
					return app.Li().Class("row spread").Body(
						app.Span().Class("grow small name").Text(key),
						app.A().Class("button").Href("data:application/json;charset=utf-8,"+url.PathEscape(raw)).
							Attr("download", key+".json").Text(c.t("Download it")),
						app.Button().Class("delete-aside").Text(c.t("Delete")).Aria("label", c.t("Delete")+" "+key).
							OnClick(func(ctx app.Context, e app.Event) {
								if err := c.store.DeleteAside(key); err != nil {
									c.warn(err)
								}
								c.aside, _ = c.store.Aside()
							}, app.EventScope(key)),
					)
				})),
			)
		}),
	)
}

func (c *Root) onImportBackup(ctx app.Context, e app.Event) {
	readChosenFile(ctx, func(ctx app.Context, text string) {
		bk, err := store.ParseBackup([]byte(text))
		if err != nil {
			c.notice = c.t("Nothing restored: ") + err.Error()
			return
		}
		hadGame := c.game != nil
		var rep store.MergeReport
		c.parties, c.own, c.game, rep = store.Merge(c.parties, c.own, c.game, bk, newID)
		ok := c.saveParties()
		ok = c.saveCards() && ok
		if !hadGame && c.game != nil {
			ok = c.saveGame() && ok
		}
		if ok {
			c.notice = c.t("Restored: ") + c.mergeText(rep) + "."
		}
	})
}

// mergeText says in the player's language what a backup restore did (store.MergeReport).
func (c *Root) mergeText(r store.MergeReport) string {
	s := fmt.Sprintf(c.t("%s (%d under a new name), %d already saved; %s"),
		plural(r.PartiesAdded, c.t("party added"), c.t("parties added")), r.PartiesRenamed, r.PartiesSame,
		plural(r.CardsAdded, c.t("own card added"), c.t("own cards added")))
	switch {
	case r.GameRestored:
		s += c.t("; the backup's game restored")
	case r.GameKept:
		s += c.t("; the game in progress was kept and the backup's game left out")
	}
	return s
}

func (c *Root) partyItem(sp store.SavedParty) app.UI {
	id := sp.ID
	summary := fmt.Sprintf(c.t("%s · %d levels"), plural(len(sp.Party.Characters), c.t("character"), c.t("characters")), sp.Party.Level)
	if p, err := c.resolve(sp.Party); err == nil {
		summary = fmt.Sprintf(c.t("%s · %d / %d levels"), plural(len(p.Members), c.t("character"), c.t("characters")), p.LevelsSpent(), sp.Party.Level)
		if vs := engine.CheckParty(p); len(vs) > 0 {
			summary += " · " + plural(len(vs), c.t("rule broken"), c.t("rules broken"))
		}
	}
	return app.Li().Class("party-item").Body(
		app.Div().Class("grow").Body(
			app.Strong().Text(sp.Party.Name),
			app.If(c.unsavedParties[id], func() app.UI {
				return app.Span().Class("badge unsaved").Text(c.t("not saved"))
			}),
			app.Div().Class("muted small").Text(summary),
		),
		app.Button().Class("edit").Text(c.t("Edit")).Aria("label", fmt.Sprintf(c.t("Edit %s"), sp.Party.Name)).
			OnClick(func(ctx app.Context, e app.Event) { c.goTo(ctx, screenBuilder+id) }, app.EventScope(id)),
		app.Button().Class("primary play").Text(c.t("Play")).Aria("label", fmt.Sprintf(c.t("Play with %s"), sp.Party.Name)).
			Disabled(len(sp.Party.Characters) == 0).
			OnClick(func(ctx app.Context, e app.Event) { c.goTo(ctx, screenStart+id) }, app.EventScope(id)),
	)
}

func (c *Root) onNewParty(ctx app.Context, e app.Event) {
	sp := store.SavedParty{ID: newID(), Party: engine.PartyFile{
		Version: engine.PartyFileVersion, Name: fmt.Sprintf(c.t("Party %d"), len(c.parties)+1),
		Edition: engine.Core, Level: 250, Characters: []engine.PartyEntry{}, Advantages: []engine.AdvantageRef{},
	}}
	c.parties = append(c.parties, sp)
	c.saveParties()
	c.goTo(ctx, screenBuilder+sp.ID)
}

// onImportParty reads a party file chosen by the player. A file that cannot be read or
// names unknown cards is refused with the reason; a party whose name is taken is kept as a
// copy. Nothing already saved is changed.
func (c *Root) onImportParty(ctx app.Context, e app.Event) {
	readChosenFile(ctx, func(ctx app.Context, text string) {
		f, err := engine.ParsePartyFile([]byte(text))
		if err == nil {
			_, err = c.resolve(f)
		}
		if err != nil {
			c.notice = c.t("Party not imported: ") + err.Error()
			return
		}
		f.Name = c.freeName(f.Name)
		c.parties = append(c.parties, store.SavedParty{ID: newID(), Party: f})
		if c.saveParties() {
			c.notice = fmt.Sprintf(c.t("Imported %s."), f.Name)
		}
	})
}

// freeName returns name, or "name (2)", "name (3)"… when a saved party has it.
func (c *Root) freeName(name string) string {
	return store.FreeName(name, func(n string) bool {
		for _, sp := range c.parties {
			if strings.EqualFold(sp.Party.Name, n) {
				return true
			}
		}
		return false
	})
}
