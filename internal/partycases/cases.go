// Package partycases is the table of parties, legal and illegal, one or more for every
// branch of R-PARTY-1..10, shared by the party rule tests and the share link round trips.
package partycases

import (
	"slices"

	"gnosis/engine/anima"
	"gnosis/engine/party"
)

// E is a catalog character with advantage cards assigned.
func E(name string, advantages ...string) party.PartyEntry {
	en := party.PartyEntry{Name: name}
	for _, a := range advantages {
		en.Advantages = append(en.Advantages, party.AdvantageRef{Name: a})
	}
	return en
}

// Summoner is a summoner with its summons (own cards).
func Summoner(name string, summons ...anima.Card) party.PartyEntry {
	en := party.PartyEntry{Name: name}
	for i := range summons {
		en.Summons = append(en.Summons, party.CardRef{Card: &summons[i]})
	}
	return en
}

// Upgraded is a catalog character with upgrades bought on it.
func Upgraded(name string, upgrades ...string) party.PartyEntry {
	return party.PartyEntry{Name: name, Upgrades: upgrades}
}

// Pinned is a catalog character pinned to a printing.
func Pinned(name string, p anima.Printing) party.PartyEntry {
	return party.PartyEntry{Name: name, Printing: p}
}

// Summoning is a summoner with catalog summons.
func Summoning(name string, summons ...string) party.PartyEntry {
	en := party.PartyEntry{Name: name}
	for _, s := range summons {
		en.Summons = append(en.Summons, party.CardRef{Name: s})
	}
	return en
}

// Own is an own card fielded inline.
func Own(c anima.Card) party.PartyEntry { return party.PartyEntry{Card: &c} }

// Piloted is a Gear with its pilot.
func Piloted(gear, pilot string) party.PartyEntry {
	return party.PartyEntry{Name: gear, Pilot: pilot}
}

// Summon is a summon card of the player's own (the catalog has no summon stats).
func Summon(name string, level int, affinity ...string) anima.Card {
	return anima.Card{Kind: anima.KindSummon, Name: name, Level: level, Categories: []anima.Category{anima.Fighter},
		LP: anima.S(10), Actions: 4, Recovery: 3, Attack: anima.S(5), Damage: anima.S(5), Defense: anima.S(8),
		SummonCost: 3, Atman: level, Bind: 3, Stability: 5, Shock: 1, Affinity: affinity}
}

// Case is a party and the rules it breaks.
type Case struct {
	Name     string
	Edition  anima.Edition // "" runs the case in both editions
	Level    int
	Org      string
	Members  []party.PartyEntry
	Party    []string // party-level advantages
	Want     []string // violated rules, in order, with repeats
	WantWhom []int    // for the first violation: its entry, when it names one
}

// File is the case's party file in edition ed.
func (c Case) File(ed anima.Edition) party.PartyFile {
	f := party.PartyFile{Version: 1, Name: c.Name, Edition: ed, Level: c.Level, Organization: c.Org, Characters: c.Members}
	for _, a := range c.Party {
		f.Advantages = append(f.Advantages, party.AdvantageRef{Name: a})
	}
	return f
}

// Editions lists the editions the case runs in.
func (c Case) Editions() []anima.Edition {
	if c.Edition != "" {
		return []anima.Edition{c.Edition}
	}
	return []anima.Edition{anima.Core, anima.Alpha}
}

// LightChurch250 is six Light Church characters worth exactly 250 levels.
var LightChurch250 = []party.PartyEntry{E("Nero"), E("Grey"), E("Saint Hazael"), E("Luzbell"), E("Alis Testarrosa"), E("Saint Astraega")}

// Cases is the table.
var Cases = []Case{
	{Name: "R-PARTY-1 an empty party is legal", Level: 250},
	{Name: "R-PARTY-1 characters exactly at the encounter level", Level: 250, Members: LightChurch250},
	{Name: "R-PARTY-2 Gamma gives one organization advantage", Level: 300, Org: "Church", Members: []party.PartyEntry{E("Nero"), E("Xavier")}, Party: []string{"Miracles"}},
	{Name: "R-PARTY-2 two organization advantages at 300 are too many", Level: 300, Org: "Church", Members: []party.PartyEntry{E("Nero"), E("Xavier")}, Party: []string{"Miracles", "Exterminators"}, Want: []string{"R-PARTY-2"}},
	{Name: "R-PARTY-2 Sigma gives two organization advantages", Level: 450, Org: "Church", Members: []party.PartyEntry{E("Nero"), E("Xavier")}, Party: []string{"Miracles", "Exterminators"}},
	{Name: "R-PARTY-2 Alpha tier gives no organization advantage", Level: 150, Org: "Church", Members: []party.PartyEntry{E("Nero")}, Party: []string{"Miracles"}, Want: []string{"R-PARTY-2"}},
	{Name: "R-PARTY-3 characters over the encounter level", Level: 250, Members: append(slices.Clone(LightChurch250), E("Sarah Reindhold")), Want: []string{"R-PARTY-3"}},
	{Name: "R-PARTY-3 advantage cards paid with the advantage points", Edition: anima.Core, Level: 250,
		Members: []party.PartyEntry{E("Nero", "Heavy Armor"), E("Grey", "Greater Life Potion"), E("Saint Hazael", "Life Potion"), E("Luzbell"), E("Alis Testarrosa"), E("Saint Astraega")}},
	{Name: "R-PARTY-3 alpha advantage points follow the tier (Beta: 20)", Edition: anima.Alpha, Level: 250,
		Members: []party.PartyEntry{E("Nero", "Heavy Armor"), E("Grey", "Greater Life Potion"), E("Saint Hazael", "Life Potion"), E("Luzbell"), E("Alis Testarrosa"), E("Saint Astraega")},
		Want:    []string{"R-PARTY-3"}},
	{Name: "R-PARTY-3 advantage cards beyond the advantage points", Level: 250,
		Members: []party.PartyEntry{E("Nero", "Heavy Armor"), E("Grey", "Greater Life Potion"), E("Saint Hazael", "Life Potion"), E("Luzbell"), E("Alis Testarrosa"), E("Saint Astraega")},
		Party:   []string{"Tactics"}, Want: []string{"R-PARTY-3"}},
	{Name: "R-PARTY-3 unspent levels pay for advantage cards", Level: 250, Members: []party.PartyEntry{E("Nero", "Protective Shield"), E("Grey", "Greater Life Potion")}, Party: []string{"Power Source"}, Want: []string{"R-PARTY-8"}},
	{Name: "R-PARTY-3 a Gear costs its level plus its pilot's", Level: 100, Org: "Wissenschaft", Members: []party.PartyEntry{Piloted("Goethia", "Frederick Mausser"), E("Alessa Raincross")}, Want: []string{"R-PARTY-3"}},
	{Name: "R-PARTY-3 a Gear with a light pilot fits", Level: 100, Org: "Wissenschaft", Members: []party.PartyEntry{Piloted("Goethia", "Valeria Strauss"), E("Veronica")}},
	{Name: "R-PARTY-4 no leader under 250", Level: 200, Members: []party.PartyEntry{E("Romeo Exxet")}, Want: []string{"R-PARTY-4"}, WantWhom: []int{0}},
	{Name: "R-PARTY-4 one leader at 250 (core)", Edition: anima.Core, Level: 250, Members: []party.PartyEntry{E("Romeo Exxet"), E("Nero")}},
	{Name: "R-PARTY-4 no leader at 250 in alpha (Beta tier)", Edition: anima.Alpha, Level: 250, Members: []party.PartyEntry{E("Romeo Exxet"), E("Nero")}, Want: []string{"R-PARTY-4"}},
	{Name: "R-PARTY-4 two leaders at 300 are too many", Level: 300, Members: []party.PartyEntry{E("Nero"), E("Romeo Exxet"), E("High Saint Elienai")}, Want: []string{"R-PARTY-4", "R-PARTY-4"}, WantWhom: []int{1}},
	{Name: "R-PARTY-4 two leaders at 500 (core)", Edition: anima.Core, Level: 500, Members: []party.PartyEntry{E("Romeo Exxet"), E("High Saint Elienai")}},
	{Name: "R-PARTY-4 one leader at 500 in alpha (Sigma tier)", Edition: anima.Alpha, Level: 500, Members: []party.PartyEntry{E("Romeo Exxet"), E("High Saint Elienai")}, Want: []string{"R-PARTY-4", "R-PARTY-4"}},
	{Name: "R-PARTY-4 optional leaders are not counted", Level: 200, Org: "Samael", Members: []party.PartyEntry{E("Covel")}},
	{Name: "R-PARTY-5 a character twice", Level: 250, Members: []party.PartyEntry{E("Nero"), E("Grey"), E("nero")}, Want: []string{"R-PARTY-5"}, WantWhom: []int{2}},
	{Name: "R-PARTY-5 an agent profile repeats within the count", Level: 300, Members: []party.PartyEntry{E("Church Agent"), E("Church Agent"), E("Nero")}},
	{Name: "R-PARTY-5 three agents at 300", Level: 300, Members: []party.PartyEntry{E("Church Agent"), E("Church Agent"), E("Saint")}, Want: []string{"R-PARTY-5", "R-PARTY-5", "R-PARTY-5"}},
	{Name: "R-PARTY-5 no agent under 150 levels", Level: 100, Members: []party.PartyEntry{E("Empire Agent")}, Want: []string{"R-PARTY-5"}},
	{Name: "R-PARTY-6 Light and Darkness never mix", Level: 250, Members: []party.PartyEntry{E("Nero"), E("Xavier")}, Want: []string{"R-PARTY-6", "R-PARTY-6"}},
	{Name: "R-PARTY-6 Unaligned joins Light", Level: 250, Members: []party.PartyEntry{E("Nero"), E("Damien")}},
	{Name: "R-PARTY-6 Unaligned joins Darkness", Level: 250, Members: []party.PartyEntry{E("Xavier"), E("Damien")}},
	{Name: "R-PARTY-6 an all-Unaligned party", Level: 250, Members: []party.PartyEntry{E("Damien"), E("Tiamat")}},
	{Name: "R-PARTY-7 an organization party ignores factions", Level: 250, Org: "Church", Members: []party.PartyEntry{E("Nero"), E("Xavier"), E("Damien")}},
	{Name: "R-PARTY-7 a character of another organization", Level: 250, Org: "Church", Members: []party.PartyEntry{E("Nero"), E("Tiamat")}, Want: []string{"R-PARTY-7"}, WantWhom: []int{1}},
	{Name: "R-PARTY-7 one Wanderer joins an organization", Level: 300, Org: "Church", Members: []party.PartyEntry{E("Nero"), E("Xavier"), E("Drake")}},
	{Name: "R-PARTY-7 two Wanderers are too many", Level: 300, Org: "Church", Members: []party.PartyEntry{E("Nero"), E("Drake"), E("Dereck Shezard")}, Want: []string{"R-PARTY-7", "R-PARTY-7"}},
	{Name: "R-PARTY-7 an advantage of another organization", Level: 300, Org: "Church", Members: []party.PartyEntry{E("Nero")}, Party: []string{"Combat Mastery"}, Want: []string{"R-PARTY-7"}},
	{Name: "R-PARTY-7 organization advantages need an organization party", Level: 300, Members: []party.PartyEntry{E("Nero")}, Party: []string{"Miracles"}, Want: []string{"R-PARTY-7"}},
	{Name: "R-PARTY-8 as many advantage cards as characters", Level: 250, Members: []party.PartyEntry{E("Nero", "Heavy Armor"), E("Grey")}, Party: []string{"Tactics"}},
	{Name: "R-PARTY-8 more advantage cards than characters", Level: 250, Members: []party.PartyEntry{E("Nero", "Heavy Armor")}, Party: []string{"Tactics"}, Want: []string{"R-PARTY-8"}},
	{Name: "R-PARTY-8 organization advantages do not count", Level: 300, Org: "Church", Members: []party.PartyEntry{E("Nero")}, Party: []string{"Tactics", "Miracles"}},
	{Name: "R-PARTY-8 summons are not starting characters", Level: 250, Members: []party.PartyEntry{Summoner("Sarah Reindhold", Summon("Elhaym", 30, "Light"))}, Party: []string{"Tactics", "Logistics"}, Want: []string{"R-PARTY-8"}},
	{Name: "R-PARTY-9 equipment is assigned to a character", Level: 250, Members: []party.PartyEntry{E("Nero"), E("Grey")}, Party: []string{"Heavy Armor"}, Want: []string{"R-PARTY-9"}},
	{Name: "R-PARTY-9 two equipment cards on one character", Level: 250, Members: []party.PartyEntry{E("Nero", "Heavy Armor", "Life Potion"), E("Grey")}, Want: []string{"R-PARTY-9"}, WantWhom: []int{0}},
	{Name: "R-PARTY-9 an equipment and a power on one character", Level: 250, Members: []party.PartyEntry{E("Nero", "Heavy Armor", "Aura"), E("Grey")}, Want: []string{"R-PARTY-9"}},
	{Name: "R-PARTY-9 a card limited to Hiro, on Hiro", Level: 250, Members: []party.PartyEntry{E("Hiro", "Red Theurgia!!! Go!!!")}},
	{Name: "R-PARTY-9 a card limited to Hiro, on Celia", Level: 250, Members: []party.PartyEntry{E("Celia", "Red Theurgia!!! Go!!!")}, Want: []string{"R-PARTY-9"}, WantWhom: []int{0}},
	{Name: "R-PARTY-9 a power limited to Ophiel, on Ophiel", Level: 300, Members: []party.PartyEntry{E("Ophiel", "Lord of the Shadows")}},
	{Name: "R-PARTY-9 a plot card stays with the party", Level: 250, Members: []party.PartyEntry{E("Nero", "Tactics")}, Want: []string{"R-PARTY-9"}},
	{Name: "R-PARTY-10 a summon with its summoner", Level: 250, Members: []party.PartyEntry{Summoner("Saint Hazael", Summon("Elhaym", 30, "Light")), E("Nero")}},
	{Name: "R-PARTY-10 a level 1 summoner with two of one summon: one summoned being per level", Level: 250, Members: []party.PartyEntry{Summoner("Sarah Reindhold", Summon("Elhaym", 30, "Light"), Summon("Elhaym", 30, "Light"))}, Want: []string{"R-PARTY-10"}},
	{Name: "R-PARTY-10 a level 2 summoner with two of one summon: the same kind may repeat", Level: 300, Members: []party.PartyEntry{Summoner("Saint Hazael", Summon("Elhaym", 30, "Light"), Summon("Elhaym", 30, "Light"))}},
	{Name: "R-PARTY-10 a level 1 summoner with two kinds of summon", Level: 250, Members: []party.PartyEntry{Summoner("Sarah Reindhold", Summon("Elhaym", 30, "Light"), Summon("Seraph", 20, "Light"))}, Want: []string{"R-PARTY-10"}},
	{Name: "R-PARTY-10 no affinity with the summon", Level: 250, Members: []party.PartyEntry{Summoner("Saint Hazael", Summon("Umbra", 20, "Dark"))}, Want: []string{"R-PARTY-10"}},
	{Name: "R-PARTY-10 Dark affinity calls Darkness summons", Level: 250, Org: "Samael", Members: []party.PartyEntry{Summoner("Genma", Summon("Umbra", 20, "Darkness"), Summon("Void Wisp", 20, "Void"))}},
	{Name: "R-PARTY-10 summons only for summoners", Level: 250, Members: []party.PartyEntry{Summoner("Nero", Summon("Elhaym", 30, "Light"))}, Want: []string{"R-PARTY-10"}},
	{Name: "R-PARTY-10 a summon restricted to Samael", Level: 250, Org: "Church", Members: []party.PartyEntry{Summoner("Saint Hazael", func() anima.Card {
		c := Summon("Nephilim", 20, "Light")
		c.Only = []string{"Samael"}
		return c
	}())}, Want: []string{"R-PARTY-10"}},
	{Name: "R-PARTY-10 summons cost levels", Level: 100, Members: []party.PartyEntry{Summoner("Saint Hazael", Summon("Elhaym", 30, "Light")), E("Sarah Reindhold")}, Want: []string{"R-PARTY-3"}},
	{Name: "R-PARTY-10 a summon is not fielded alone", Level: 250, Members: []party.PartyEntry{Own(Summon("Elhaym", 30, "Light"))}, Want: []string{"R-PARTY-10"}},
	// The second source's organizations, upgrades, summons and printings.
	{Name: "R-PARTY-7 Azur Alliance with an Arbiter and an agent's skills", Level: 300, Org: "Azur Alliance",
		Members: []party.PartyEntry{E("High Arbiter Arkeid"), Upgraded("Azur Agent", "Azur Agent: Defense", "Azur Agent: Survivability"), E("Claude Valmore"), E("Dagger"), E("Kirsten")},
		Party:   []string{"Shadow Lords"}},
	{Name: "R-PARTY-7 Black Sun with Controllers, Undead and modifications", Level: 300, Org: "Black Sun",
		Members: []party.PartyEntry{E("Luther Delacroix"), E("Promethea"), E("Kingsley Warlock"), Upgraded("Type-012: Hunter", "Type-012A: Viper"), E("Type-005"), Upgraded("Raziel Archetypum", "Raziel: Dual Raxxors")}},
	{Name: "R-PARTY-3 Black Sun modifications cost levels", Level: 100, Org: "Black Sun",
		Members: []party.PartyEntry{Upgraded("Type-012: Hunter", "Type-013: Advanced Hunter"), Upgraded("Type-009", "Type-010: Commander"), Upgraded("Type-005", "Type-006: Commander")}, Want: []string{"R-PARTY-3"}},
	{Name: "R-PARTY-4 an optional leader leads once its upgrade is bought", Level: 200, Members: []party.PartyEntry{Upgraded("Tiamat", "His True Power...")}, Want: []string{"R-PARTY-4"}, WantWhom: []int{0}},
	{Name: "R-PARTY-4 an optional leader without its upgrade does not lead", Level: 200, Members: []party.PartyEntry{E("Tiamat")}},
	{Name: "R-PARTY-7 Samael with both Samael Agents and catalog summons", Level: 300, Org: "Samael",
		Members: []party.PartyEntry{Summoning("Genma", "Al-Djinn (Lesser)", "Hamadria (Lesser)"), Upgraded("Samael Agent (Light)", "Samael Agent: Summoner"), E("Samael Agent (Dark)"), E("Covel")}},
	{Name: "R-PARTY-10 catalog summons beyond the summoner's level", Level: 250, Members: []party.PartyEntry{Summoning("Sarah Reindhold", "Alius, Holy Soldier (Lesser)", "Hamadria (Lesser)")}, Want: []string{"R-PARTY-10"}},
	{Name: "R-PARTY-10 a catalog summon of an element the summoner lacks", Level: 250, Members: []party.PartyEntry{Summoning("Sarah Reindhold", "Ignis, Fire Demon (Lesser)")}, Want: []string{"R-PARTY-10"}},
	{Name: "R-PARTY-6 a faction party of Wanderers with a summon", Level: 300,
		Members: []party.PartyEntry{Summoning("Kappel", "Arias Vayu"), E("Belith"), E("Kagemaru"), E("Shinobi")}},
	{Name: "R-PARTY-5 two profiles of one character", Level: 300, Org: "Azur Alliance", Members: []party.PartyEntry{E("The Colonel"), E("The Colonel (Les Jaeger)")}, Want: []string{"R-PARTY-5"}, WantWhom: []int{1}},
	{Name: "R-PARTY-3 Dereck Shezard pinned to the first source costs 65", Level: 60, Members: []party.PartyEntry{Pinned("Dereck Shezard", anima.FirstPrinting)}, Want: []string{"R-PARTY-3"}},
	{Name: "R-PARTY-3 Dereck Shezard in the second source costs 60", Level: 60, Members: []party.PartyEntry{E("Dereck Shezard")}},
	{Name: "R-PARTY-9 a card for Mystics on a Fighter", Level: 250, Members: []party.PartyEntry{E("Nero", "Magus Wand")}, Want: []string{"R-PARTY-9"}},
	{Name: "R-PARTY-9 a card for Mystics of Darkness, on one", Level: 250, Members: []party.PartyEntry{E("Damaris", "Curse")}},
	{Name: "R-PARTY-9 a card for Mystics of Darkness, on a Mystic of Light", Level: 250, Members: []party.PartyEntry{E("Luzbell", "Curse")}, Want: []string{"R-PARTY-9"}},
	{Name: "R-PARTY-10 a character is not a summon", Level: 250, Members: []party.PartyEntry{{Name: "Saint Hazael", Summons: []party.CardRef{{Name: "Nero"}}}}, Want: []string{"R-PARTY-10"}},
}
