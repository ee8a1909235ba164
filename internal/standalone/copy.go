package standalone

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// ErrNotGit is Copy's error where root is not a git checkout: a test that needs a copy skips.
var ErrNotGit = errors.New("not a git checkout")

// Copy writes the repository's files under root (git's: tracked, and untracked but not
// ignored; a file deleted in the work tree is left out) into dir, each through change when
// change is not nil (name: the file's path from root, slash-separated; b: its bytes), and
// gives how many files it wrote. Errors: ErrNotGit, change's, or the file system's.
func Copy(root, dir string, change func(name string, b []byte) ([]byte, error)) (int, error) {
	list, err := exec.Command("git", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard").Output()
	if err != nil {
		return 0, fmt.Errorf("%w: %v", ErrNotGit, err)
	}
	n := 0
	for _, f := range bytes.Split(bytes.TrimRight(list, "\x00"), []byte{0}) {
		name := string(f)
		b, err := os.ReadFile(filepath.Join(root, name))
		if err != nil {
			continue // deleted in the work tree
		}
		if change != nil {
			if b, err = change(name, b); err != nil {
				return n, fmt.Errorf("%s: %w", name, err)
			}
		}
		to := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return n, err
		}
		if err := os.WriteFile(to, b, 0o644); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
