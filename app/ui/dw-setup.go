package ui

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/golang/geo/r2"
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/session"
	"gnosis/app/store"
	"gnosis/engine/diskwars"
)

// DWSetup sets up a Diskwars game: the two armies, who activates first, the terrain, and
// where each disc starts (dragged on the sketch as on the table) or whether it waits in the
// reserves. The draft is the Session's (kept on the device at each change, so a reload loses
// none of it) until Start; the drag is the screen's own.
type DWSetup struct {
	app.Compo
	page
	dw    session.Diskwars
	drag  fingerDrag        // "d"+sketch index or "t"+index
	sides [2]*diskwars.Army // the armies drawn
	order [][2]int          // the sketch's discs by index: side and index in the army

	players [2]string // the players' names, for the shelf ("": not given)
}

// discKey names a disc of the set-up, "side/index", as the draft keeps it.
func discKey(side, i int) string { return strconv.Itoa(side) + "/" + strconv.Itoa(i) }

// armyID is the army chosen for a side: the one picked, else side 1 the first army saved with
// discs and side 2 the second (or the first again); "" when no army has discs.
func (c *DWSetup) armyID(side int) string {
	if sa := c.dw.Army(c.dw.Setup().Armies[side]); sa != nil && len(sa.Army.Discs) > 0 {
		return sa.ID
	}
	var withDiscs []string
	for _, sa := range c.dw.Armies() {
		if len(sa.Army.Discs) > 0 {
			withDiscs = append(withDiscs, sa.ID)
		}
	}
	if len(withDiscs) == 0 {
		return ""
	}
	return withDiscs[min(side, len(withDiscs)-1)]
}

// army is the army chosen for a side (armyID), or nil.
func (c *DWSetup) army(side int) *diskwars.Army {
	if sa := c.dw.Army(c.armyID(side)); sa != nil {
		return &sa.Army
	}
	return nil
}

// chooseArmy takes the army chosen in side's list; another army's discs start anew.
func (c *DWSetup) chooseArmy(ctx app.Context, side int) {
	ids := [2]string{c.armyID(0), c.armyID(1)}
	ids[side] = chosen(ctx)
	c.edit(ctx, true, func(d *store.DWSetupDraft) { d.Armies, d.Places, d.Reserve = ids, nil, nil })
}

// edit sends a change of the draft to the Session, which keeps it (save false while a finger
// drags).
func (c *DWSetup) edit(ctx app.Context, save bool, edit func(*store.DWSetupDraft)) {
	d := c.dw.Setup()
	edit(&d)
	c.s.ask(ctx, session.SaveDWSetup{Draft: d, Save: save})
}

// startAt is where a disc starts before it is dragged: along its side's edge, side 1 at the
// bottom and side 2 at the top, spread across the battlefield.
func startAt(side, i, n int, d diskwars.DiscCard) r2.Point {
	x := diskwars.BattlefieldCm * float64(i+1) / float64(n+1)
	y := diskwars.BattlefieldCm - d.DiameterCm/2 - 1
	if side == 1 {
		y = d.DiameterCm/2 + 1
	}
	return r2.Point{X: x, Y: y}
}

func (c *DWSetup) place(side, i int, a *diskwars.Army) r2.Point {
	if p, ok := c.dw.Setup().Places[discKey(side, i)]; ok {
		return r2.Point{X: p[0], Y: p[1]}
	}
	return startAt(side, i, len(a.Discs), a.Discs[i])
}

// reserved reports whether a disc waits in the reserves.
func (c *DWSetup) reserved(side, i int) bool {
	return slices.Contains(c.dw.Setup().Reserve, discKey(side, i))
}

// Render draws the screen.
func (c *DWSetup) Render() (ui app.UI) {
	defer c.s.guard(&ui)
	d := c.dw.Setup()
	var armies [2]*diskwars.Army
	for side := range armies {
		armies[side] = c.army(side)
	}
	if armies[0] == nil || armies[1] == nil {
		return app.Section().Class("card").Body(
			app.P().Class("muted").Text(c.t("A game needs an army with at least one disc.")),
			app.Button().Class("wide").Text(c.t("Go to my armies")).OnClick(func(ctx app.Context, e app.Event) { send(ctx, session.Navigate{To: screenDW}) }),
		)
	}
	c.sides = armies
	ids := [2]string{c.armyID(0), c.armyID(1)}
	var discs []fieldDisc
	c.order = nil
	for side, a := range armies {
		for i, d := range a.Discs {
			if c.reserved(side, i) {
				continue
			}
			discs = append(discs, fieldDisc{index: len(c.order), name: d.Name,
				disc: diskwars.Disc{Center: c.place(side, i, a), Diameter: d.DiameterCm, Side: side + 1}})
			c.order = append(c.order, [2]int{side, i})
		}
	}
	names := func(side int) string { return armies[side].Name }
	pick := func(side int) app.UI {
		var opts []app.UI
		for _, sa := range c.dw.Armies() {
			opts = append(opts, optionOf(sa.ID).Selected(sa.ID == ids[side]).Disabled(len(sa.Army.Discs) == 0).Text(sa.Army.Name))
		}
		return app.Label().Class("field").Body(
			app.Span().Text(fmt.Sprintf(c.t("Side %d"), side+1)),
			app.Select().ID("dw-army-"+strconv.Itoa(side+1)).OnChange(func(ctx app.Context, e app.Event) { c.chooseArmy(ctx, side) }, app.EventScope(side)).
				Body(opts...),
		)
	}
	return app.Div().Class("dw-setup").Body(
		app.Section().Class("card").Body(
			pick(0), pick(1),
			app.Label().Class("field").Body(
				app.Span().Text(c.t("Activates first")),
				app.Select().ID("dw-first").OnChange(func(ctx app.Context, e app.Event) {
					first, _ := strconv.Atoi(chosen(ctx))
					c.edit(ctx, true, func(d *store.DWSetupDraft) { d.First = min(max(first, 0), 1) })
				}).Body(
					optionOf("0").Selected(d.First == 0).Text(names(0)),
					optionOf("1").Selected(d.First == 1).Text(names(1)),
				),
			),
		),
		app.P().Class("muted small").Text(c.t("Drag the discs and the terrain to where they stand on the table. Side 1 starts at the bottom, side 2 at the top.")),
		dwField(c.t("The battlefield, 90 by 90 cm"), d.Terrain, discs, nil, fieldHandlers{down: c.startDrag, move: c.onDrag, up: c.endDrag}),
		app.Div().Class("row").Body(
			app.Select().ID("dw-add-terrain").Class("grow").Aria("label", c.t("Add terrain")).OnChange(func(ctx app.Context, e app.Event) {
				kind := chosen(ctx)
				ctx.JSSrc().Set("value", none)
				if kind != "" {
					c.edit(ctx, true, func(d *store.DWSetupDraft) { d.Terrain = append(d.Terrain, newTerrain(diskwars.TerrainKind(kind))) })
				}
			}).Body(
				optionOf("").Selected(true).Text("+ "+c.t("Terrain")),
				app.Range(dwTerrainKinds).Slice(func(i int) app.UI {
					return optionOf(string(dwTerrainKinds[i])).Text(dwTerrainKinds[i].In(c.settings.Lang()))
				}),
			),
			app.Button().ID("dw-clear-terrain").Text(c.t("Clear terrain")).Disabled(len(d.Terrain) == 0).
				OnClick(func(ctx app.Context, e app.Event) { c.edit(ctx, true, func(d *store.DWSetupDraft) { d.Terrain = nil }) }),
		),
		app.Section().Class("card").Body(
			app.H2().Text(c.t("Reserves")),
			app.P().Class("muted small").Text(c.t("A disc in the reserves comes onto the battlefield later, as its side's activation.")),
			app.Range(armies[:]).Slice(func(side int) app.UI {
				a := armies[side]
				return app.Ul().Class("plain").Body(app.Range(a.Discs).Slice(func(i int) app.UI {
					key := discKey(side, i)
					return app.Li().Body(app.Label().Class("check").Body(
						app.Input().ID(fmt.Sprintf("dw-reserve-%d-%d", side+1, i)).Type("checkbox").Checked(c.reserved(side, i)).
							OnChange(func(ctx app.Context, e app.Event) {
								on := ctx.JSSrc().Get("checked").Truthy()
								c.edit(ctx, true, func(d *store.DWSetupDraft) {
									d.Reserve = slices.DeleteFunc(d.Reserve, func(k string) bool { return k == key })
									if on {
										d.Reserve = append(d.Reserve, key)
									}
								})
							}, app.EventScope(key)),
						app.Span().Text(fmt.Sprintf(c.t("%s (%s) starts in the reserves"), a.Discs[i].Name, a.Name)),
					))
				}))
			}),
		),
		app.Div().Class("row pair").Body(
			playerField("dw-player-0", c.t("First player's name (optional)"), c.players[0], c.onPlayer),
			playerField("dw-player-1", c.t("Second player's name (optional)"), c.players[1], c.onPlayer),
		),
		app.Button().ID("dw-start").Class("primary wide").Text(c.t("Start the game")).OnClick(func(ctx app.Context, e app.Event) {
			d := c.dw.Setup()
			su := diskwars.Setup{First: d.First, Terrain: append([]diskwars.Terrain(nil), d.Terrain...)}
			for side, a := range c.sides {
				su.Armies[side] = *a
				su.Places[side] = make([]*[2]float64, len(a.Discs))
				for i := range a.Discs {
					if !c.reserved(side, i) {
						p := c.place(side, i, a)
						su.Places[side][i] = &[2]float64{p.X, p.Y}
					}
				}
			}
			send(ctx, session.DWStart{Setup: su, Armies: [2]string{c.armyID(0), c.armyID(1)}, Players: c.players})
		}),
	)
}

// onPlayer reads which player's name changed from its id ("dw-player-0" or "-1").
func (c *DWSetup) onPlayer(ctx app.Context, e app.Event) {
	if side := strings.TrimPrefix(ctx.JSSrc().Get("id").String(), "dw-player-"); side == "0" || side == "1" {
		c.players[side[0]-'0'] = ctx.JSSrc().Get("value").String()
	}
}

// startDrag starts moving a disc ("d"+sketch index) or a terrain piece ("t"+index).
// startDrag starts dragging the disc or terrain piece under the finger.
func (c *DWSetup) startDrag(ctx app.Context, e app.Event) { c.drag.start(e, grabbed(ctx)) }

func (c *DWSetup) onDrag(ctx app.Context, e app.Event) {
	dx, dy, ok := c.drag.step(ctx, e)
	if !ok {
		return
	}
	clamp := func(v float64) float64 { return math.Max(0, math.Min(diskwars.BattlefieldCm, v)) }
	n, _ := strconv.Atoi(c.drag.what[1:])
	switch {
	case strings.HasPrefix(c.drag.what, "d") && n < len(c.order):
		key := c.order[n]
		at := c.place(key[0], key[1], c.sides[key[0]])
		c.edit(ctx, false, func(d *store.DWSetupDraft) {
			d.Places[discKey(key[0], key[1])] = [2]float64{clamp(at.X + dx), clamp(at.Y + dy)}
		})
	case strings.HasPrefix(c.drag.what, "t"):
		c.edit(ctx, false, func(d *store.DWSetupDraft) {
			if n >= len(d.Terrain) {
				return
			}
			poly := append(d.Terrain[n].Polygon[:0:0], d.Terrain[n].Polygon...)
			for j := range poly {
				poly[j] = r2.Point{X: clamp(poly[j].X + dx), Y: clamp(poly[j].Y + dy)}
			}
			d.Terrain[n].Polygon = poly
		})
	}
}

// endDrag keeps where the finger left the disc or the terrain piece.
func (c *DWSetup) endDrag(ctx app.Context, e app.Event) {
	if c.drag.what != "" {
		c.drag.what = ""
		c.edit(ctx, true, func(*store.DWSetupDraft) {})
	}
}
