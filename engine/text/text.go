// Package text is Gnosis's one catalogue of what a player reads: every message of the
// interface, every refusal and party violation of the engine, every history line and the
// game's words, each a row of English, Spanish and Italian (the game's languages).
//
// A message's key is its English text, a fmt format when it takes arguments ("%s has %d
// actions left"); a word that needs its context has a key of its own ("why:attack" is
// "attack" as the reason in a history line). A key missing from the catalogue reads as
// itself, in English. Rows are slices of plain strings, not maps, so that they cost app.wasm
// data rather than code; the index is built once, at first use.
//
// Arguments translate themselves when they can (In): a Msg inside a Msg, a Count (a number
// with the right plural), and the engine's typed words (phases, reasons, states…).
package text

import (
	"fmt"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// The game's languages, as Lang gives them.
const (
	EN = "en"
	ES = "es"
	IT = "it"
)

// Lang normalizes a browser language tag ("es-ES", "it_IT", "EN") to "en", "es" or "it";
// anything else reads as English.
func Lang(tag string) string {
	tag = strings.ToLower(strings.TrimSpace(tag))
	if i := strings.IndexAny(tag, "-_"); i > 0 {
		tag = tag[:i]
	}
	switch tag {
	case ES, IT:
		return tag
	}
	return EN
}

// Localizer is an argument that knows how to say itself in a language (see Lang).
type Localizer interface {
	In(lang string) string
}

// row is one message: its key (empty when the key is the English text), and the text in
// English, Spanish and Italian.
type row struct{ key, en, es, it string }

func (r row) id() string {
	if r.key != "" {
		return r.key
	}
	return r.en
}

func (r row) in(lang string) string {
	switch lang {
	case ES:
		return r.es
	case IT:
		return r.it
	}
	return r.en
}

// tables are every table of rows of the catalogue, one per part of the app.
var tables = [][]row{interfaceRows, refusalRows, violationRows, historyRows, wordRows, errorRows, linkRows, backupRows, rosterRows, shelfRows, eventRows, seasonRows, seasonScreenRows, playedRows}

var (
	indexOnce sync.Once
	index     map[string]*row
)

func lookup(key string) (*row, bool) {
	indexOnce.Do(func() {
		index = make(map[string]*row, 1024)
		for _, t := range tables {
			for i := range t {
				index[t[i].id()] = &t[i]
			}
		}
	})
	r, ok := index[key]
	return r, ok
}

// Has reports whether key is in the catalogue.
func Has(key string) bool {
	_, ok := lookup(key)
	return ok
}

// T is key in lang ("en", "es", "it", or a tag Lang reads): the catalogue's text, or key
// itself when the catalogue does not have it.
func T(lang, key string) string {
	r, ok := lookup(key)
	if !ok {
		return key
	}
	return r.in(Lang(lang))
}

// F is key in lang, a format filled with args; an argument that is a Localizer says itself
// in lang. In English a name that ends in s takes a bare apostrophe in a possessive ("Archers'
// shot", not "Archers's").
func F(lang, key string, args ...any) string {
	lang = Lang(lang)
	out := fmt.Sprintf(T(lang, key), localize(lang, args)...)
	if lang == EN && strings.Contains(key, "'s") {
		out = strings.ReplaceAll(out, "s's ", "s' ")
	}
	if lang == IT {
		out = elide(out)
	}
	return out
}

// italianArticles are the Italian articles and articulated prepositions elide elides before
// a number read with a vowel first (dell'80%, l'8%, all'11%), each with its elided form.
var italianArticles = [...][2]string{{"il", "l'"}, {"del", "dell'"}, {"al", "all'"}, {"dal", "dall'"}, {"nel", "nell'"}, {"sul", "sull'"}, {"col", "coll'"}}

// elide elides Italian's articles before a number read with a vowel first: 8 (otto), 80–89
// (ottanta…), 800… (ottocento…), 1 (uno), 11 (undici) and 11,000–11,999 (undicimila). An
// article is a word of its own (after no letter nor apostrophe), a space and the number's
// digits (its thousands' dots kept) after it.
func elide(s string) string {
	var b strings.Builder
	last := 0
	for i := 0; i < len(s); {
		if n, elided, ok := elisionAt(s, i); ok {
			b.WriteString(s[last:i])
			b.WriteString(elided)
			i += n
			last = i
			continue
		}
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	if last == 0 {
		return s
	}
	return b.String() + s[last:]
}

// elisionAt is, where an article to elide begins at s[i:], how many bytes it and its number
// take and what they become.
func elisionAt(s string, i int) (n int, elided string, ok bool) {
	if i > 0 {
		if r, _ := utf8.DecodeLastRuneInString(s[:i]); unicode.IsLetter(r) || r == '\'' {
			return 0, "", false
		}
	}
	for _, a := range italianArticles {
		rest, found := strings.CutPrefix(s[i:], a[0]+" ")
		if !found || rest == "" || rest[0] < '0' || rest[0] > '9' {
			continue
		}
		k := 1
		for k < len(rest) && (rest[k] >= '0' && rest[k] <= '9' || rest[k] == '.') {
			k++
		}
		if !vowelFirst(strings.ReplaceAll(rest[:k], ".", "")) {
			return 0, "", false
		}
		return len(a[0]) + 1 + k, a[1] + rest[:k], true
	}
	return 0, "", false
}

// vowelFirst says whether the Italian reading of the whole number digits starts with a vowel.
func vowelFirst(digits string) bool {
	switch {
	case strings.HasPrefix(digits, "8"), digits == "1", digits == "11":
		return true
	case strings.HasPrefix(digits, "11") && len(digits) == 5: // undicimila
		return true
	}
	return false
}

// localize gives args with each Localizer said in lang; args itself when none is.
func localize(lang string, args []any) []any {
	var out []any
	for i, a := range args {
		if l, ok := a.(Localizer); ok {
			if out == nil {
				out = append([]any(nil), args...)
			}
			out[i] = l.In(lang)
		}
	}
	if out == nil {
		return args
	}
	return out
}

// Decimal is a number as a language writes it: a point before the decimals in English, a comma
// in Spanish and Italian ("1.4 cm", "1,4 cm"). Prec is the digits after it; -1, as few as the
// number needs.
type Decimal struct {
	V    float64
	Prec int
}

// In is the number in lang.
func (d Decimal) In(lang string) string {
	s := strconv.FormatFloat(d.V, 'f', d.Prec, 64)
	if Lang(lang) != EN {
		s = strings.Replace(s, ".", ",", 1)
	}
	return s
}

// String is the number in English.
func (d Decimal) String() string { return d.In(EN) }

// Msg is a message not yet said: a key of the catalogue and its arguments. The engine's
// refusals and violations carry one, so that each player reads them, names and numbers
// included, in their own language.
type Msg struct {
	Key  string
	Args []any
}

// M is the message key with args.
func M(key string, args ...any) Msg { return Msg{Key: key, Args: args} }

// In is the message in lang.
func (m Msg) In(lang string) string { return F(lang, m.Key, m.Args...) }

// String is the message in English.
func (m Msg) String() string { return m.In(EN) }

// Count is a number with its plural: One is the key for 1, Other for any other number
// (0 is plural in English, Spanish and Italian alike); both are formats that take N.
type Count struct {
	N          int
	One, Other string
}

// N is n counted with the keys one (for 1) and other: N(2, "%d action", "%d actions").
func N(n int, one, other string) Count { return Count{N: n, One: one, Other: other} }

// In is the count in lang ("2 acciones").
func (c Count) In(lang string) string {
	key := c.Other
	if c.N == 1 {
		key = c.One
	}
	return F(lang, key, c.N)
}

func (c Count) String() string { return c.In(EN) }

// Megabytes writes a size in bytes as mebibytes with one decimal, as the file's and the
// backup's bounds are said ("4.0 MB").
func Megabytes(bytes float64) string {
	return strconv.FormatFloat(bytes/(1<<20), 'f', 1, 64) + " MB"
}

// Words are words said in their context (Word), joined by commas ("Ki, Ataque").
func Words(lang, context string, words []string) string {
	out := make([]string, len(words))
	for i, w := range words {
		out[i] = Word(lang, context, strings.TrimSpace(w))
	}
	return strings.Join(out, ", ")
}

// Word is word said in its context: the catalogue key context+":"+word, or word itself
// when the catalogue has no such key (a name, say).
func Word(lang, context, word string) string {
	if r, ok := lookup(context + ":" + word); ok {
		return r.in(Lang(lang))
	}
	return word
}
