package ui

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/anima"
	"gnosis/engine/text"
)

// CardsScreen is the player's own cards: summons, characters missing from the catalog or printed
// differently, and advantage cards; an editor (its draft); and card packs to export and import.
type CardsScreen struct {
	app.Compo
	page
	cards  session.Cards
	editor *cardEditor // the own card being edited, if any
	opened bool        // the card to correct, if one was chosen (CardView), is open
}

// Render draws the screen.
func (c *CardsScreen) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	if !c.opened { // go-app draws a component before it mounts it
		c.opened = true
		if card := c.cards.ToCorrect(); card != nil {
			c.editor = editCharacter(*card, -1)
		}
	}
	own := c.cards.Own()
	pack, _ := json.MarshalIndent(anima.NewCardPack(own.Characters, own.Advantages), "", " ")
	return app.Div().Class("cards").Body(
		app.If(c.editor != nil, func() app.UI { return c.cardForm() }),
		app.If(c.editor == nil, func() app.UI {
			return app.Section().Class("card").Body(
				app.Div().Class("row new-cards").Body(
					app.Button().ID("new-character").Class("grow").Text(c.t("New character")).OnClick(func(ctx app.Context, e app.Event) { c.editor = newEditor(formCharacter) }),
					app.Button().ID("new-summon").Class("grow").Text(c.t("New summon")).OnClick(func(ctx app.Context, e app.Event) { c.editor = newEditor(formSummon) }),
					app.Button().ID("new-advantage").Class("grow").Text(c.t("New advantage")).OnClick(func(ctx app.Context, e app.Event) { c.editor = newEditor(formAdvantage) }),
				),
			)
		}),
		app.Ul().Class("list").ID("own-cards").Body(
			app.Range(own.Characters).Slice(func(i int) app.UI {
				card := own.Characters[i]
				kind := c.t("Character card")
				if card.IsSummon() {
					kind = c.t("Summon card")
				}
				return c.ownItem(card.Name, fmt.Sprintf(c.t("%s · level %d · %s"), kind, card.Level, cardLine(c.settings.Lang(), card)), false, i)
			}),
			app.Range(own.Advantages).Slice(func(i int) app.UI {
				a := own.Advantages[i]
				return c.ownItem(a.Name, fmt.Sprintf(c.t("%s card · %d points"), a.Group, a.Cost), true, i)
			}),
		),
		app.Section().Class("card").Body(
			app.H2().Text(c.t("Card packs")),
			app.P().Class("muted small").Text(c.t("Share your cards with friends as a file, or bring theirs in. Cards that travel inside a shared party come along by themselves.")),
			app.A().ID("export-cards").Class("button wide").Href("data:application/json;charset=utf-8,"+url.PathEscape(string(pack))).
				Attr("download", "gnosis-cards.json").Text(c.t("Export my cards")),
			app.Label().Class("button wide").Body(
				app.Span().Text(c.t("Import a card pack")),
				app.Input().ID("import-cards").Type("file").Accept(".json,application/json").Class("hidden-file").OnChange(c.onImportCards),
			),
		),
	)
}

// ownItem is the i-th of the player's own character cards (advantage: of their advantage
// cards), with its Edit and ✕ buttons; they take the card the list holds when tapped.
func (c *CardsScreen) ownItem(name, line string, advantage bool, i int) app.UI {
	return app.Li().Body(
		app.Div().Class("grow").Body(app.Strong().Text(name), app.Div().Class("muted small").Text(line)),
		app.Button().Text(c.t("Edit")).Aria("label", fmt.Sprintf(c.t("Edit %s"), name)).
			OnClick(func(ctx app.Context, e app.Event) { c.editOwn(advantage, i) }, app.EventScope(advantage, i)),
		app.Button().Class("icon").Text("✕").Aria("label", fmt.Sprintf(c.t("Delete %s"), name)).
			OnClick(func(ctx app.Context, e app.Event) { c.deleteOwn(ctx, advantage, i) }, app.EventScope(advantage, i)),
	)
}

// editOwn opens the editor on the i-th own character card (advantage: advantage card).
func (c *CardsScreen) editOwn(advantage bool, i int) {
	own := c.cards.Own()
	switch {
	case advantage && i < len(own.Advantages):
		c.editor = editAdvantage(own.Advantages[i], i)
	case !advantage && i < len(own.Characters):
		c.editor = editCharacter(own.Characters[i], i)
	}
}

// deleteOwn deletes the i-th own character card (advantage: advantage card).
func (c *CardsScreen) deleteOwn(ctx app.Context, advantage bool, i int) {
	send(ctx, session.DeleteOwnCard{Advantage: advantage, Index: i})
}

func (c *CardsScreen) cardForm() app.UI {
	ed := c.editor
	title := map[string]string{formCharacter: c.t("Character card"), formSummon: c.t("Summon card"), formAdvantage: c.t("Advantage card")}[ed.kind]
	var shown []field
	for _, f := range cardFields {
		if strings.Contains(" "+f.forKinds+" ", " "+ed.kind+" ") {
			shown = append(shown, f)
		}
	}
	return app.Section().Class("card editor").ID("card-editor").Body(
		app.H2().Text(title),
		app.Div().Class("form-grid").Body(app.Range(shown).Slice(func(i int) app.UI { return c.formField(shown[i]) })),
		app.If(ed.err != "", func() app.UI { return app.P().ID("editor-error").Class("bad").Role("alert").Text(ed.err) }),
		app.Div().Class("row").Body(
			app.Button().Class("grow").Text(c.t("Cancel")).OnClick(func(ctx app.Context, e app.Event) { c.editor = nil }),
			app.Button().ID("save-card").Class("primary grow").Text(c.t("Save")).OnClick(c.onSaveCard),
		),
	)
}

func (c *CardsScreen) formField(f field) app.UI {
	ed := c.editor
	id := "ed-" + f.key
	// The handlers write to the editor open when the event comes, under the field the
	// element's id names (go-app keeps an input's first handler).
	var input app.UI
	switch f.kind {
	case "select":
		input = app.Select().ID(id).OnChange(c.onField).Body(app.Range(f.options).Slice(func(i int) app.UI {
			o, label := f.options[i], c.t(f.options[i])
			if o == "" {
				o, label = none, "—"
			}
			return optionOf(o).Selected(f.options[i] == ed.fields[f.key]).Text(label)
		}))
	case "check":
		input = app.Input().ID(id).Type("checkbox").Checked(ed.fields[f.key] == "yes").OnChange(c.onField)
	default:
		mode := "text"
		if f.kind == "number" || f.kind == "stat" {
			mode = "decimal"
		}
		input = app.Input().ID(id).Type("text").Attr("inputmode", mode).Value(ed.fields[f.key]).OnInput(c.onField)
	}
	return app.Label().Class("field "+f.kind).Body(app.Span().Text(c.t(f.label)), input)
}

// onField keeps what was typed or chosen in the editor's field the element's id names
// ("ed-" and the field's key): its text, its option ("" for none), or "yes" when a box is
// ticked.
func (c *CardsScreen) onField(ctx app.Context, e app.Event) {
	el := ctx.JSSrc()
	key, ok := strings.CutPrefix(el.Get("id").String(), "ed-")
	if !ok || c.editor == nil {
		return
	}
	switch el.Get("type").String() {
	case "checkbox":
		c.editor.fields[key] = map[bool]string{true: "yes"}[el.Get("checked").Truthy()]
	case "select-one":
		c.editor.fields[key] = chosen(ctx)
	default:
		c.editor.fields[key] = el.Get("value").String()
	}
}

func (c *CardsScreen) onSaveCard(ctx app.Context, e app.Event) {
	ed := c.editor
	ed.lang = c.settings.Lang()
	var req session.Request
	if ed.kind == formAdvantage {
		a, err := ed.advantage()
		if err != nil {
			ed.err = c.settings.ErrText(err)
			return
		}
		req = session.PutAdvantage{Card: a, Index: ed.index}
	} else {
		card, err := ed.card()
		if err != nil {
			ed.err = c.settings.ErrText(err)
			return
		}
		req = session.PutCard{Card: card, Index: ed.index}
	}
	c.editor = nil
	send(ctx, req)
}

func (c *CardsScreen) onImportCards(ctx app.Context, e app.Event) {
	readChosenFile(ctx, c.settings.Lang(), func(ctx app.Context, text string) {
		pack, err := anima.ParseCardPack([]byte(text))
		if err != nil {
			send(ctx, session.Notify{Text: c.t("Nothing imported: ") + c.settings.ErrText(err)})
			return
		}
		send(ctx, session.ImportCards{Pack: pack})
	})
}

// readChosenFile reads the file chosen in the file input that fired the event and calls use
// with its text on the UI goroutine.
func readChosenFile(ctx app.Context, lang string, use func(ctx app.Context, text string)) {
	file, ok := chosenFile(ctx, lang, anima.MaxFileBytes)
	if !ok {
		return
	}
	file.Call("text").Then(func(v app.Value) {
		text := v.String()
		goOn(ctx, func(ctx app.Context) { use(ctx, text) })
	})
}

// readChosenBytes reads the file chosen in the file input that sent the event, as bytes (a
// zipped roster is not text), and gives them to use on the UI goroutine.
func readChosenBytes(ctx app.Context, lang string, use func(ctx app.Context, b []byte)) {
	readChosenBytesUpTo(ctx, lang, anima.MaxFileBytes, use)
}

// readChosenBytesUpTo is readChosenBytes of a file of at most limit bytes (a backup's bound is
// store.MaxBackupBytes).
func readChosenBytesUpTo(ctx app.Context, lang string, limit float64, use func(ctx app.Context, b []byte)) {
	file, ok := chosenFile(ctx, lang, limit)
	if !ok {
		return
	}
	file.Call("arrayBuffer").Then(func(v app.Value) {
		u8 := app.Window().Get("Uint8Array").New(v)
		b := make([]byte, u8.Length())
		app.CopyBytesToGo(b, u8)
		goOn(ctx, func(ctx app.Context) { use(ctx, b) })
	})
}

// unpackRoster has the page script unpack a roster's bytes (its zip opened, its XML read:
// package unpack, built as web/roster.wasm and run in a worker, loaded the first time) and
// calls use with wire.Unpacked's JSON, or with nil when the reader could not be loaded (the
// page script says why on the console).
func unpackRoster(ctx app.Context, s sender, b []byte, use func(ctx app.Context, unpacked []byte)) {
	u8 := app.Window().Get("Uint8Array").New(len(b))
	app.CopyBytesToJS(u8, b)
	s.script().Call("unpackRoster", u8).Then(func(v app.Value) {
		var out []byte
		if v.Truthy() {
			out = []byte(v.String())
		}
		ctx.Dispatch(func(ctx app.Context) { use(ctx, out) })
	})
}

// chosenFile is the file chosen in the file input that sent the event; the input is cleared,
// so that choosing the same file again is a new choice.
func chosenFile(ctx app.Context, lang string, limit float64) (app.Value, bool) {
	input := ctx.JSSrc()
	files := input.Get("files")
	if files.Length() == 0 {
		return nil, false
	}
	file := files.Index(0)
	input.Set("value", "")
	if size := file.Get("size").Float(); size > limit { // refused before it is read
		send(ctx, session.Notify{Text: text.F(lang, "The file %s is %s: a file may hold at most %s; nothing was read", file.Get("name").String(), text.Megabytes(size), text.Megabytes(limit))})
		return nil, false
	}
	return file, true
}

// goOn carries on with a chosen file once the browser has read it: on the UI goroutine in the
// input's own context (its screen drawn again after, as a tap's), or, where the input was drawn
// anew meanwhile (its screen changed by an answer that came late), in the bridge's: go-app drops
// a call dispatched in the context of an element no longer mounted, and the file with it.
func goOn(ctx app.Context, then func(app.Context)) {
	if ctx.Src() != nil && ctx.Src().Mounted() {
		ctx.Dispatch(then)
		return
	}
	sendView(ctx, fileRead{then})
}
