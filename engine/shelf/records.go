package shelf

import (
	"slices"
	"sort"

	"gnosis/engine/report"
)

// Tally counts games by their result for the player.
type Tally struct {
	Played int `json:"played"`
	Won    int `json:"won"`
	Lost   int `json:"lost"`
	Drawn  int `json:"drawn"`
	Left   int `json:"left"` // left before their end
}

func (t *Tally) add(r Result) {
	t.Played++
	switch r {
	case Won:
		t.Won++
	case Lost:
		t.Lost++
	case Drawn:
		t.Drawn++
	default:
		t.Left++
	}
}

// WinRate is the share of the games played to their end that were won (0 when none was).
func (t Tally) WinRate() float64 {
	if n := t.Won + t.Lost + t.Drawn; n > 0 {
		return float64(t.Won) / float64(n)
	}
	return 0
}

// PartyRecord is a party's record (its ID on this phone; a party not saved goes by its name):
// its name as last played, its games, and each version of it (its edits, by the hash of its
// content as a game began) with its own, in the order first played.
type PartyRecord struct {
	ID       string          `json:"id"`
	Name     string          `json:"name"`
	Tally    Tally           `json:"tally"`
	Versions []VersionRecord `json:"versions"`
}

// VersionRecord is one version of a party's record.
type VersionRecord struct {
	Version string `json:"version"`
	First   int64  `json:"first"` // when it was first played (ms since 1970)
	Tally   Tally  `json:"tally"`
}

// OpponentRecord is the player's record against one opponent (Game.Opponent).
type OpponentRecord struct {
	Name  string `json:"name"`
	Tally Tally  `json:"tally"`
}

// CharacterRecord is one of the player's characters (a Diskwars disc) across games, by name:
// the games it played, kills, LP dealt and taken, times out of play, scenario points.
type CharacterRecord struct {
	Name   string `json:"name"`
	Games  int    `json:"games"`
	Kills  int    `json:"kills"`
	Dealt  int    `json:"dealt"`
	Taken  int    `json:"taken"`
	Out    int    `json:"out"`
	Points int    `json:"points"`
}

// RatePoint is the win rate after a game, in the order they were played.
type RatePoint struct {
	At   int64   `json:"at"`
	Rate float64 `json:"rate"`
}

// Records are the player's records across a set of games: in all, by party, by opponent, by
// character (most games first), and the win rate over time.
type Records struct {
	All        Tally             `json:"all"`
	Parties    []PartyRecord     `json:"parties"`
	Opponents  []OpponentRecord  `json:"opponents"`
	Characters []CharacterRecord `json:"characters"`
	WinRate    []RatePoint       `json:"win_rate"`
}

// when is the time a game is ordered by: its start, else when it was kept.
func (g Game) when() int64 {
	if g.Started > 0 {
		return g.Started
	}
	return g.Kept
}

// Chronological is games sorted oldest first (a copy).
func Chronological(games []Game) []Game {
	out := slices.Clone(games)
	sort.SliceStable(out, func(i, j int) bool { return out[i].when() < out[j].when() }) // sort's one sort for every type: a generic one per type would grow app.wasm
	return out
}

// TallyOf is the records of games, each from the side that was its player's.
func TallyOf(games []Game) Records {
	var r Records
	parties, opponents, chars := map[string]int{}, map[string]int{}, map[string]int{}
	for _, g := range Chronological(games) {
		res := g.Result()
		r.All.add(res)
		r.WinRate = append(r.WinRate, RatePoint{At: g.when(), Rate: r.All.WinRate()})
		me := g.Sides[g.mine()]
		key := me.Party
		if key == "" {
			key = "name:" + me.Name
		}
		i, ok := parties[key]
		if !ok {
			i = len(r.Parties)
			parties[key] = i
			r.Parties = append(r.Parties, PartyRecord{ID: me.Party})
		}
		p := &r.Parties[i]
		p.Name = me.Name
		p.Tally.add(res)
		v := slices.IndexFunc(p.Versions, func(v VersionRecord) bool { return v.Version == me.Version })
		if v < 0 {
			v = len(p.Versions)
			p.Versions = append(p.Versions, VersionRecord{Version: me.Version, First: g.when()})
		}
		p.Versions[v].Tally.add(res)
		o, ok := opponents[g.Opponent()]
		if !ok {
			o = len(r.Opponents)
			opponents[g.Opponent()] = o
			r.Opponents = append(r.Opponents, OpponentRecord{Name: g.Opponent()})
		}
		r.Opponents[o].Tally.add(res)
		seen := map[string]bool{}
		for _, c := range me.Characters {
			j, ok := chars[c.Name]
			if !ok {
				j = len(r.Characters)
				chars[c.Name] = j
				r.Characters = append(r.Characters, CharacterRecord{Name: c.Name})
			}
			cr := &r.Characters[j]
			if !seen[c.Name] {
				cr.Games++
				seen[c.Name] = true
			}
			cr.Kills += c.Kills
			cr.Dealt += c.Dealt
			cr.Taken += c.Lost
			cr.Out += c.Out
			cr.Points += c.Points
		}
	}
	sort.SliceStable(r.Parties, func(i, j int) bool { return r.Parties[i].Tally.Played > r.Parties[j].Tally.Played })
	sort.SliceStable(r.Opponents, func(i, j int) bool { return r.Opponents[i].Tally.Played > r.Opponents[j].Tally.Played })
	sort.SliceStable(r.Characters, func(i, j int) bool { return r.Characters[i].Games > r.Characters[j].Games })
	return r
}

// LuckPoint is the player's luck after a game, in the order they were played: the LP (a
// Diskwars game's damage) their attacks took in all so far, less what the odds expected.
type LuckPoint struct {
	At    int64   `json:"at"`
	Ahead float64 `json:"ahead"`
}

// SeasonLuck is the luck of a set of games of one kind: each side's (report.MeasureSeason: the
// player's, then their opponents') and the player's over time.
type SeasonLuck struct {
	Kind   string        `json:"kind"`
	Season report.Season `json:"season"`
	Trend  []LuckPoint   `json:"trend"`
}

// MeasureSeason is the luck of the games of kind among games, each with its luck (lucks, by
// ID; a game without one is left out).
func MeasureSeason(kind string, games []Game, lucks map[string]report.GameLuck) SeasonLuck {
	out := SeasonLuck{Kind: kind}
	var season []report.SeasonGame
	ahead := 0.0
	for _, g := range Chronological(games) {
		l, ok := lucks[g.ID]
		if g.Kind != kind || !ok {
			continue
		}
		season = append(season, report.SeasonGame{ID: g.ID, Mine: g.mine(), Luck: l})
		me := l.Sides[g.mine()]
		ahead += float64(me.LP) - me.ExpectedLP
		out.Trend = append(out.Trend, LuckPoint{At: g.when(), Ahead: ahead})
	}
	out.Season = report.MeasureSeason(season)
	return out
}
