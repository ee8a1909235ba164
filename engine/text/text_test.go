package text

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// TestEveryRowHasEveryLanguage: each key once, and each row in English, Spanish and Italian
// with the same arguments (the same verbs for the same argument numbers), so that no
// language loses a name or a number.
func TestEveryRowHasEveryLanguage(t *testing.T) {
	seen := map[string]bool{}
	n := 0
	for _, table := range tables {
		for _, r := range table {
			n++
			id := r.id()
			if seen[id] {
				t.Errorf("%q: a second row", id)
			}
			seen[id] = true
			want := verbs(r.en)
			for lang, s := range map[string]string{EN: r.en, ES: r.es, IT: r.it} {
				if strings.TrimSpace(s) == "" {
					t.Errorf("%q: no %s text", id, lang)
					continue
				}
				if got := verbs(s); got != want {
					t.Errorf("%q in %s: arguments %s, want %s (%q)", id, lang, got, want, s)
				}
			}
		}
	}
	if n < 500 {
		t.Fatalf("only %d rows: a table is missing from tables", n)
	}
}

var verb = regexp.MustCompile(`%(?:\[(\d+)\])?[-+# 0]*\d*(?:\.\d+)?([a-zA-Z%])`)

// verbs lists a format's arguments as "number:verb", sorted, with explicit indexes ([2])
// resolved.
func verbs(format string) string {
	var out []string
	next := 1
	for _, m := range verb.FindAllStringSubmatch(format, -1) {
		if m[2] == "%" {
			continue
		}
		if m[1] != "" {
			fmt.Sscan(m[1], &next)
		}
		out = append(out, fmt.Sprintf("%d:%s", next, m[2]))
		next++
	}
	sort.Strings(out)
	return strings.Join(out, " ")
}

func TestLang(t *testing.T) {
	for tag, want := range map[string]string{"es-ES": ES, "es-AR": ES, "it-IT": IT, "it_IT": IT, "EN": EN, "fr": EN, "": EN, " es ": ES, "pt-BR": EN} {
		if got := Lang(tag); got != want {
			t.Errorf("Lang(%q) = %q, want %q", tag, got, want)
		}
	}
}

// TestMessages: a message says its key and arguments in each language, its Localizer
// arguments too, and a count has the right plural; an unknown key reads as itself.
func TestMessages(t *testing.T) {
	m := M("%s costs %s; %s has %d", "Charge", N(3, "%d action", "%d actions"), "Nero", 1)
	for lang, want := range map[string]string{
		EN: "Charge costs 3 actions; Nero has 1",
		ES: "Charge cuesta 3 acciones; Nero tiene 1",
		IT: "Charge costa 3 azioni; Nero ne ha 1",
	} {
		if got := m.In(lang); got != want {
			t.Errorf("In(%s) = %q, want %q", lang, got, want)
		}
	}
	for n, want := range map[int]string{0: "0 acciones", 1: "1 acción", 2: "2 acciones"} {
		if got := N(n, "%d action", "%d actions").In("es-ES"); got != want {
			t.Errorf("N(%d) in Spanish = %q, want %q", n, got, want)
		}
	}
	if got := T(IT, "no such key %d"); got != "no such key %d" {
		t.Errorf("an unknown key reads %q", got)
	}
	if got := Word(ES, "why", "Mystic Blast"); got != "Mystic Blast" {
		t.Errorf("a name as a word reads %q", got)
	}
	if got := Word(IT, "why", "poison"); got != "Veleno" {
		t.Errorf("poison as a reason reads %q in Italian", got)
	}
}

// TestUnitsInTheirLanguage: Spanish and Italian write inches their way (pulg., poll.), never the
// English "in" beside their own on the same screen.
func TestUnitsInTheirLanguage(t *testing.T) {
	inch := regexp.MustCompile(`(\d|%s) in(\)|$)`)
	for _, table := range tables {
		for _, r := range table {
			for lang, s := range map[string]string{ES: r.es, IT: r.it} {
				if inch.MatchString(s) {
					t.Errorf("%q in %s writes inches as in: %q", r.id(), lang, s)
				}
			}
		}
	}
}

// TestPossessiveOfAnS: in English a name ending in s takes a bare apostrophe ("Archers' shot");
// another name keeps 's, and Spanish and Italian are as written.
func TestPossessiveOfAnS(t *testing.T) {
	key := "%s's shot at %s, round %d: %d%% to do this much"
	for _, c := range []struct{ lang, name, want string }{
		{EN, "Archers", "Archers' shot at Knights, round 2: 40% to do this much"},
		{EN, "Nero", "Nero's shot at Knights, round 2: 40% to do this much"},
		{ES, "Archers", "Disparo de Archers a Knights, ronda 2: 40% de hacer tanto"},
	} {
		if got := F(c.lang, key, c.name, "Knights", 2, 40); got != c.want {
			t.Errorf("%s: %q, want %q", c.lang, got, c.want)
		}
	}
}

// TestItalianElides: issue 62: Italian elides its article before a number read with a vowel
// first ("dell'80%", "l'8%", "dell'11%", "dell'1%"), and not before the others ("del 50%", "il
// 18%"); Spanish and English are left as they are.
func TestItalianElides(t *testing.T) {
	for n, want := range map[int]string{80: "Più fortunato dell'80% ", 8: "Più fortunato dell'8% ", 89: "Più fortunato dell'89% ", 11: "Più fortunato dell'11% ",
		1: "Più fortunato dell'1% ", 50: "Più fortunato del 50% ", 18: "Più fortunato del 18% ", 100: "Più fortunato del 100% ", 0: "Più fortunato del 0% "} {
		if got := F(IT, "Luckier than %d%% of games with these odds", n); !strings.HasPrefix(got, want) {
			t.Errorf("%d: %q, want %q…", n, got, want)
		}
	}
	if got := F(IT, "%s's %s on %s, turn %d: a miss, with %d%% to hit", "Nero", "attacco", "Xavier", 2, 80); !strings.Contains(got, "con l'80% di colpire") {
		t.Errorf("%q", got)
	}
	if got := F(ES, "Luckier than %d%% of games with these odds", 80); !strings.Contains(got, "el 80%") {
		t.Errorf("Spanish: %q", got)
	}
}

// TestElideAsItsPattern: elide, written without regexp (app.wasm links none, issue 71), elides
// what the pattern it replaced elided, on texts drawn from articles, digits, dots, letters,
// apostrophes and spaces.
func TestElideAsItsPattern(t *testing.T) {
	pattern := regexp.MustCompile(`(^|[^\p{L}'])(il|del|al|dal|nel|sul|col) (\d[\d.]*)`)
	was := func(s string) string {
		return pattern.ReplaceAllStringFunc(s, func(m string) string {
			p := pattern.FindStringSubmatch(m)
			if !vowelFirst(strings.ReplaceAll(p[3], ".", "")) {
				return m
			}
			article := map[string]string{"il": "l'", "del": "dell'", "al": "all'", "dal": "dall'", "nel": "nell'", "sul": "sull'", "col": "coll'"}[p[2]]
			return p[1] + article + p[3]
		})
	}
	pieces := []string{"il", "del", "al", "dal", "nel", "sul", "col", " ", " ", "8", "80", "1", "11", "11.500", "50", ".", "'", "è", "a", "%", "d"}
	r := rand.New(rand.NewPCG(71, 2))
	for range 20000 {
		var b strings.Builder
		for range 1 + r.IntN(8) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		if s := b.String(); elide(s) != was(s) {
			t.Fatalf("%q: %q, the pattern's %q", s, elide(s), was(s))
		}
	}
}
