package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/engine/diskwars"
	"gnosis/engine/text"
)

// discField is one input of the disc form.
type discField struct {
	key, label string
	kind       string // "text", "number", "check", "size", "band", "damage"
	ranged     bool   // shown only for a disc with a ranged attack
}

var discFields = []discField{
	{key: "name", label: "Name", kind: "text"},
	{key: "size", label: "Size", kind: "size"},
	{key: "diameter", label: "Diameter (cm)", kind: "number"},
	{key: "move", label: "Move (flips)", kind: "number"},
	{key: "magic", label: "Magic X (0: none)", kind: "number"},
	{key: "fly", label: "Fly", kind: "check"},
	{key: "relentless", label: "Relentless", kind: "check"},
	{key: "sure_footed", label: "Sure-footed", kind: "check"},
	{key: "agile", label: "Agile", kind: "check"},
	{key: "ranged", label: "Ranged attack", kind: "check"},
	{key: "band", label: "Greatest range", kind: "band", ranged: true},
	{key: "fire", label: "Fire (battle dice)", kind: "number", ranged: true},
	{key: "strength", label: "Strength (a number or d6)", kind: "text", ranged: true},
	{key: "damage", label: "Damage type", kind: "damage", ranged: true},
	{key: "ignores_scatter", label: "Ignores scatter", kind: "check", ranged: true},
	{key: "chaos_as_hit", label: "Chaos counts as a hit", kind: "check", ranged: true},
}

// discSizes are the article's sizes as diameters (R-DW-11), keyed by their names.
var discSizes = []struct {
	name string
	cm   float64
}{{"small", diskwars.SmallDiscCm}, {"medium", diskwars.MediumDiscCm}, {"large", diskwars.LargeDiscCm}}

// discForm is the disc form's draft: the disc it edits (-1: a new one) and each field's text.
type discForm struct {
	index  int
	fields map[string]string
	err    string
}

func yes(b bool) string {
	if b {
		return "on"
	}
	return ""
}

func newDiscForm() *discForm {
	return &discForm{index: -1, fields: map[string]string{"size": "medium", "diameter": f2(diskwars.MediumDiscCm), "move": "2",
		"magic": "0", "band": string(diskwars.Medium), "fire": "3", "strength": "2", "damage": string(diskwars.Physical)}}
}

func f2(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }

// editDisc opens the form on disc i of an army.
func editDisc(d diskwars.DiscCard, i int) *discForm {
	f := newDiscForm()
	f.index = i
	f.fields["name"], f.fields["diameter"], f.fields["size"] = d.Name, f2(d.DiameterCm), ""
	for _, sz := range discSizes {
		if sz.cm == d.DiameterCm {
			f.fields["size"] = sz.name
		}
	}
	f.fields["move"], f.fields["magic"] = strconv.Itoa(d.Move), strconv.Itoa(d.Magic)
	f.fields["fly"], f.fields["relentless"], f.fields["sure_footed"], f.fields["agile"] = yes(d.Fly), yes(d.Relentless), yes(d.SureFooted), yes(d.Agile)
	if r := d.Ranged; r != nil {
		f.fields["ranged"], f.fields["band"], f.fields["fire"] = "on", string(r.MaxBand), strconv.Itoa(r.Fire)
		f.fields["strength"], f.fields["damage"] = r.Strength.String(), string(r.Damage)
		f.fields["ignores_scatter"], f.fields["chaos_as_hit"] = yes(r.IgnoresScatter), yes(r.ChaosAsHit)
	}
	return f
}

// card reads the form into a disc, or says in lang which field is wrong (DiscCard.Validate).
func (f *discForm) card(lang string) (diskwars.DiscCard, error) {
	num := func(key string) (int, error) {
		v := strings.TrimSpace(f.fields[key])
		if v == "" {
			return 0, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, fmt.Errorf(text.T(lang, "%s: a whole number, not %q"), text.T(lang, fieldLabel(key)), v)
		}
		return n, nil
	}
	var d diskwars.DiscCard
	var err error
	d.Name = strings.TrimSpace(f.fields["name"])
	d.DiameterCm, err = strconv.ParseFloat(strings.ReplaceAll(strings.TrimSpace(f.fields["diameter"]), ",", "."), 64)
	if err != nil {
		return d, fmt.Errorf(text.T(lang, "%s: a number of centimetres, not %q"), text.T(lang, "Diameter (cm)"), f.fields["diameter"])
	}
	if d.Move, err = num("move"); err != nil {
		return d, err
	}
	if d.Magic, err = num("magic"); err != nil {
		return d, err
	}
	d.Fly, d.Relentless, d.SureFooted, d.Agile = f.fields["fly"] != "", f.fields["relentless"] != "", f.fields["sure_footed"] != "", f.fields["agile"] != ""
	if f.fields["ranged"] != "" {
		r := &diskwars.Ranged{MaxBand: diskwars.Band(f.fields["band"]), Damage: diskwars.DamageType(f.fields["damage"]),
			IgnoresScatter: f.fields["ignores_scatter"] != "", ChaosAsHit: f.fields["chaos_as_hit"] != ""}
		if r.Fire, err = num("fire"); err != nil {
			return d, err
		}
		if r.Strength, err = diskwars.ParseStrength(f.fields["strength"]); err != nil {
			return d, fmt.Errorf(text.T(lang, "%s: a number from 0 to %d, or d6"), text.T(lang, "Strength (a number or d6)"), diskwars.MaxStrength)
		}
		d.Ranged = r
	}
	return d, d.Validate()
}

func fieldLabel(key string) string {
	for _, fl := range discFields {
		if fl.key == key {
			return fl.label
		}
	}
	return key
}

// discSummary is a disc in one line: size, Move, ranged attack, Magic and keywords.
func discSummary(lang string, d diskwars.DiscCard) string {
	parts := []string{text.F(lang, "%s cm", f2(d.DiameterCm)), text.F(lang, "Move %d", d.Move)}
	if r := d.Ranged; r != nil {
		parts = append(parts, text.F(lang, "Fire %d, Strength %s, %s range", r.Fire, r.Strength.String(), r.MaxBand))
	}
	if d.Magic > 0 {
		parts = append(parts, text.F(lang, "Magic %d", d.Magic))
	}
	for _, kw := range []struct {
		on   bool
		name string
	}{{d.Fly, "Fly"}, {d.Relentless, "Relentless"}, {d.SureFooted, "Sure-footed"}, {d.Agile, "Agile"}} {
		if kw.on {
			parts = append(parts, text.T(lang, kw.name))
		}
	}
	return strings.Join(parts, " · ")
}

// ArmyEditor edits one army of discs: its name, and its discs through the disc form (its
// draft is the editor's own).
type ArmyEditor struct {
	app.Compo
	page
	dw   session.Diskwars
	ID   string
	form *discForm // the disc being made or edited, or nil
}

// Render draws the screen.
func (c *ArmyEditor) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	sa := c.dw.Army(c.ID)
	discs := sa.Army.Discs
	return app.Div().Class("builder army").Body(
		app.Label().Class("field").Body(
			app.Span().Text(c.t("Army name")),
			app.Input().ID("army-name").Type("text").Value(sa.Army.Name).MaxLength(diskwars.MaxNameLength).
				OnChange(func(ctx app.Context, e app.Event) {
					name := strings.TrimSpace(ctx.JSSrc().Get("value").String())
					if name == "" {
						return
					}
					c.editArmy(ctx, func(a *diskwars.Army) { a.Name = name })
				}),
		),
		app.Section().Class("card").Body(
			app.H2().Text(c.n(len(discs), "%d disc", "%d discs")),
			app.If(len(discs) == 0, func() app.UI { return app.P().Class("muted").Text(c.t("No disc yet: add your first one below.")) }),
			app.Ul().ID("army-discs").Class("list").Body(app.Range(discs).Slice(func(i int) app.UI {
				d := discs[i]
				return app.Li().Class("party-item disc-item").Body(
					app.Div().Class("grow").Body(app.Strong().Text(d.Name), app.Div().Class("muted small").Text(discSummary(c.settings.Lang(), d))),
					app.Button().Class("edit").Text(c.t("Edit")).Aria("label", fmt.Sprintf(c.t("Edit %s"), d.Name)).
						OnClick(func(ctx app.Context, e app.Event) { c.editDiscAt(i) }, app.EventScope(i)),
					app.Button().Class("copy").Text(c.t("Copy")).Aria("label", fmt.Sprintf(c.t("Copy %s"), d.Name)).
						Disabled(len(discs) >= diskwars.MaxDiscs).
						OnClick(func(ctx app.Context, e app.Event) { c.copyDisc(ctx, i) }, app.EventScope(i)),
					app.Button().Class("delete").Text(c.t("Remove")).Aria("label", fmt.Sprintf(c.t("Remove %s"), d.Name)).
						OnClick(func(ctx app.Context, e app.Event) { c.removeDisc(ctx, i) }, app.EventScope(i)),
				)
			})),
			app.If(c.form == nil, func() app.UI {
				return app.Button().ID("add-disc").Class("primary wide").Text(c.t("Add a disc")).Disabled(len(discs) >= diskwars.MaxDiscs).
					OnClick(func(ctx app.Context, e app.Event) { c.form = newDiscForm() })
			}).Else(c.discFormView),
		),
		app.Div().Class("row").Body(
			app.Button().ID("army-share").Class("grow").Text(c.t("Share")).Disabled(len(discs) == 0).
				OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenDWShare + c.ID}) }),
			app.Button().ID("army-done").Class("grow").Text(c.t("Done")).
				OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenDW}) }),
		),
	)
}

// editArmy makes an edit on a copy of the army as it is now, and sends it to the Session,
// which saves it.
func (c *ArmyEditor) editArmy(ctx app.Context, edit func(*diskwars.Army)) {
	a, ok := c.dw.ArmyCopy(c.ID)
	if !ok {
		return
	}
	edit(&a)
	c.s.ask(ctx, session.SaveArmy{ID: c.ID, Army: a})
}

// editDiscAt opens the form on the army's i-th disc, as the army has it when tapped.
func (c *ArmyEditor) editDiscAt(i int) {
	if sa := c.dw.Army(c.ID); sa != nil && i < len(sa.Army.Discs) {
		c.form = editDisc(sa.Army.Discs[i], i)
	}
}

// copyDisc adds a copy of the army's i-th disc.
func (c *ArmyEditor) copyDisc(ctx app.Context, i int) {
	c.editArmy(ctx, func(a *diskwars.Army) {
		if i < len(a.Discs) && len(a.Discs) < diskwars.MaxDiscs {
			a.Discs = append(a.Discs, a.Discs[i])
		}
	})
}

// removeDisc removes the army's i-th disc, and closes the form.
func (c *ArmyEditor) removeDisc(ctx app.Context, i int) {
	c.form = nil
	c.editArmy(ctx, func(a *diskwars.Army) {
		if i < len(a.Discs) {
			a.Discs = append(a.Discs[:i:i], a.Discs[i+1:]...)
		}
	})
}

// discInputID is the id of the disc form's input of a field (discFields' key).
func discInputID(key string) string { return "disc-" + strings.ReplaceAll(key, "_", "-") }

// onDiscField keeps what was typed, chosen or ticked in the disc form's input, the field its
// id names: a size chosen sets the diameter too, a diameter typed clears the size.
func (c *ArmyEditor) onDiscField(ctx app.Context, e app.Event) {
	el := ctx.JSSrc()
	id := el.Get("id").String()
	i := slices.IndexFunc(discFields, func(fl discField) bool { return discInputID(fl.key) == id })
	if i < 0 || c.form == nil {
		return
	}
	key, v := discFields[i].key, el.Get("value").String()
	if discFields[i].kind == "check" {
		v = yes(el.Get("checked").Truthy())
	}
	c.form.fields[key] = v
	switch key {
	case "size":
		for _, sz := range discSizes {
			if sz.name == v {
				c.form.fields["diameter"] = f2(sz.cm)
			}
		}
	case "diameter":
		c.form.fields["size"] = ""
	}
}

// discFormView draws the disc form.
func (c *ArmyEditor) discFormView() app.UI {
	f := c.form
	var rows []app.UI
	for _, fl := range discFields {
		if fl.ranged && f.fields["ranged"] == "" {
			continue
		}
		if fl.kind == "check" {
			rows = append(rows, app.Label().Class("check").Body(
				app.Input().ID(discInputID(fl.key)).Type("checkbox").Checked(f.fields[fl.key] != "").OnChange(c.onDiscField),
				app.Span().Text(c.t(fl.label)),
			))
			continue
		}
		rows = append(rows, app.Label().Class("field").Body(app.Span().Text(c.t(fl.label)), c.discInput(fl)))
	}
	save := c.t("Add the disc")
	if f.index >= 0 {
		save = c.t("Save the disc")
	}
	return app.Form().ID("disc-form").Class("card-form").OnSubmit(c.onSaveDisc).Body(
		app.H3().Text(map[bool]string{true: c.t("Edit the disc"), false: c.t("New disc")}[f.index >= 0]),
		app.Div().Body(rows...),
		slot(app.If(f.err != "", func() app.UI { return app.P().ID("disc-error").Class("bad").Role("alert").Text(f.err) })),
		app.Div().Class("row").Body(
			app.Button().ID("save-disc").Type("submit").Class("primary grow").Text(save),
			app.Button().ID("cancel-disc").Type("button").Class("grow").Text(c.t("Cancel")).
				OnClick(func(ctx app.Context, e app.Event) { c.form = nil }),
		),
	)
}

// discInput is the disc form's input of a field that is not a box: a text, a number, or a
// list of sizes, bands or damage types.
func (c *ArmyEditor) discInput(fl discField) app.UI {
	id, v := discInputID(fl.key), c.form.fields[fl.key]
	option := func(value, label string) app.UI { return optionOf(value).Selected(v == value).Text(label) }
	var opts []app.UI
	switch fl.kind {
	case "text":
		return app.Input().ID(id).Type("text").Value(v).MaxLength(diskwars.MaxNameLength).OnChange(c.onDiscField)
	case "number":
		return app.Input().ID(id).Type("text").Attr("inputmode", "decimal").Value(v).OnChange(c.onDiscField)
	case "size":
		opts = append(opts, optionOf("").Selected(v == "").Text(c.t("Other size")))
		for _, sz := range discSizes {
			opts = append(opts, option(sz.name, text.Word(c.settings.Lang(), "size", sz.name)+" · "+fmt.Sprintf(c.t("%s cm"), f2(sz.cm))))
		}
	case "band":
		for _, b := range []diskwars.Band{diskwars.Short, diskwars.Medium, diskwars.Long, diskwars.Siege} {
			opts = append(opts, option(string(b), b.In(c.settings.Lang())))
		}
	case "damage":
		for _, d := range []diskwars.DamageType{diskwars.Physical, diskwars.Arcane, diskwars.True} {
			opts = append(opts, option(string(d), text.Word(c.settings.Lang(), "damage", string(d))))
		}
	}
	return app.Select().ID(id).OnChange(c.onDiscField).Body(opts...)
}

// onSaveDisc adds the disc of the form to the army, or puts it in the place of the one it
// edits.
func (c *ArmyEditor) onSaveDisc(ctx app.Context, e app.Event) {
	e.PreventDefault()
	if c.form == nil {
		return
	}
	d, err := c.form.card(c.settings.Lang())
	if err != nil {
		c.form.err = c.settings.ErrText(err)
		return
	}
	i := c.form.index
	c.form = nil
	c.editArmy(ctx, func(a *diskwars.Army) {
		if i >= 0 && i < len(a.Discs) {
			a.Discs[i] = d
			return
		}
		a.Discs = append(a.Discs, d)
	})
}
