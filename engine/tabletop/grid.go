package tabletop

import (
	"errors"
	"fmt"
)

// Square is a square of the optional grid board. R-GRID-1.
type Square struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// Grid board errors.
var (
	ErrNotNeighbour = errors.New("each step goes to one of the 8 neighbouring squares")
	ErrOccupied     = errors.New("no stopping on or passing through an occupied square")
	ErrTooFar       = errors.New("farther than the squares printed under the speed")
	ErrRunTurn      = errors.New("a run steps only to the three squares ahead in its first direction")
	ErrRunChanges   = errors.New("a run changes direction at most twice")
)

func step(a, b Square) (Square, error) {
	d := Square{b.X - a.X, b.Y - a.Y}
	if d.X < -1 || d.X > 1 || d.Y < -1 || d.Y > 1 || d == (Square{}) {
		return d, ErrNotNeighbour
	}
	return d, nil
}

func checkPath(path []Square, squares int, occupied map[Square]bool) ([]Square, error) {
	if len(path)-1 > squares {
		return nil, fmt.Errorf("%d squares: %w (%d)", len(path)-1, ErrTooFar, squares)
	}
	var steps []Square
	for i := 1; i < len(path); i++ {
		d, err := step(path[i-1], path[i])
		if err != nil {
			return nil, fmt.Errorf("step %d: %w", i, err)
		}
		if occupied[path[i]] {
			return nil, fmt.Errorf("step %d: %w", i, ErrOccupied)
		}
		steps = append(steps, d)
	}
	return steps, nil
}

// CheckWalk checks a walk on the grid: the path (its first square is where the model
// stands) steps to neighbouring squares, goes no farther than squares, and never enters an
// occupied square. R-GRID-1, R-GRID-2.
func CheckWalk(path []Square, squares int, occupied map[Square]bool) error {
	_, err := checkPath(path, squares, occupied)
	return err
}

// CheckRun checks a run: as a walk, and each step goes to one of the three squares ahead in
// the run's first direction, changing direction at most twice. R-GRID-2.
func CheckRun(path []Square, squares int, occupied map[Square]bool) error {
	steps, err := checkPath(path, squares, occupied)
	if err != nil || len(steps) == 0 {
		return err
	}
	first, changes := steps[0], 0
	for i, s := range steps {
		if s.X*first.X+s.Y*first.Y <= 0 || (abs(s.X-first.X) > 1 || abs(s.Y-first.Y) > 1) {
			return fmt.Errorf("step %d: %w", i+1, ErrRunTurn)
		}
		if i > 0 && s != steps[i-1] {
			changes++
		}
	}
	if changes > 2 {
		return fmt.Errorf("%d changes: %w", changes, ErrRunChanges)
	}
	return nil
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}
