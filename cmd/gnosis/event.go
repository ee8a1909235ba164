//go:build !wasm

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strconv"
	"text/tabwriter"

	"gnosis/engine/event"
)

// eventCmd runs a club night's pairing or standings from its event file, as the organiser's
// phone does (engine/event): the same file pairs the same round.
func eventCmd(args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return usageError("event needs a command: pair or standings")
	}
	switch args[0] {
	case "pair":
		return eventPair(args[1:], stdout)
	case "standings":
		return eventStandings(args[1:], stdout)
	}
	return usageError(fmt.Sprintf("unknown event command %q", args[0]))
}

// readEvent reads the event file the command names (its one argument after the flags).
func readEvent(fs interface {
	NArg() int
	Arg(int) string
}) (string, *event.Event, error) {
	if fs.NArg() != 1 {
		return "", nil, usageError("event needs one event file")
	}
	path := fs.Arg(0)
	b, err := readInput(path)
	if err != nil {
		return "", nil, err
	}
	e, err := event.ReadFile(b)
	if err != nil {
		return "", nil, exitError{2, path + ": " + err.Error()}
	}
	return path, e, nil
}

// eventPair prints the next round of the event as the app pairs it (--json: as JSON), and with
// --write keeps it in the file.
func eventPair(args []string, stdout io.Writer) error {
	fs := newFlags("event pair")
	write := fs.Bool("write", false, "keep the round in the event file")
	asJSON := fs.Bool("json", false, "print the round as JSON")
	if err := fs.Parse(args); err != nil {
		return exitError{2, err.Error()}
	}
	path, e, err := readEvent(fs)
	if err != nil {
		return err
	}
	r, err := e.Pair()
	if err != nil {
		return exitError{1, err.Error()}
	}
	if *write {
		b, err := e.FileToKeep() // a file past its bound is not written: the one there stays readable
		if err != nil {
			return exitError{1, err.Error()}
		}
		if err := os.WriteFile(path, b, 0o644); err != nil {
			return exitError{2, err.Error()}
		}
	}
	if *asJSON {
		return json.NewEncoder(stdout).Encode(r)
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintf(w, "round %d\t\t\n", r.Number)
	for _, p := range r.Pairings {
		second := "bye"
		if p.Players[1] != event.Bye {
			second = name(e, p.Players[1])
		}
		fmt.Fprintf(w, "table %d\t%s\t%s\n", p.Table, name(e, p.Players[0]), second)
	}
	return w.Flush()
}

// name is player id's name and ID.
func name(e *event.Event, id int) string {
	return e.Player(id).Name + " (" + strconv.Itoa(id) + ")"
}

// eventStandings prints the standings with every tiebreaker's column (--csv: as CSV).
func eventStandings(args []string, stdout io.Writer) error {
	fs := newFlags("event standings")
	asCSV := fs.Bool("csv", false, "print the standings as CSV")
	if err := fs.Parse(args); err != nil {
		return exitError{2, err.Error()}
	}
	_, e, err := readEvent(fs)
	if err != nil {
		return err
	}
	if *asCSV {
		_, err := stdout.Write(e.CSV())
		return err
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "place\tplayer\tpoints\tW-D-L\tbyes\tmargin\tscenario\tSoS\t")
	for _, s := range e.Standings() {
		fmt.Fprintf(w, "%d\t%s\t%d\t%d-%d-%d\t%d\t%d\t%d\t%.2f\t\n", s.Place, name(e, s.Player), s.Points, s.Won, s.Drawn, s.Lost, s.Byes, s.Margin(), s.Scenario, s.Schedule())
	}
	return w.Flush()
}
