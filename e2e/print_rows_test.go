package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// printedRowsAlone prints the organiser's screen with its standings lengthened to a row more
// and two rows more than their first two printed pages hold (copies of a middle row, each row marked by a
// link the PDF keeps as its page's annotation) and fails where a page holds one or two of the
// standings' rows alone (issue 70: a standings table that does not leave two rows alone on a
// page). The copies and marks are taken away after, the screen as go-app drew it.
func printedRowsAlone(t *testing.T, p *tab) {
	t.Helper()
	rows := eval[int](p, `document.querySelectorAll("#event-standings tbody tr").length`)
	var filled []int // the rows of each page that holds some, 80 rows more
	for _, n := range standingsPerPage(t, p, 80) {
		if n > 0 {
			filled = append(filled, n)
		}
	}
	if len(filled) < 3 {
		t.Fatalf("80 rows more printed on %d page(s): %v", len(filled), filled)
	}
	for _, more := range []int{1, 2} {
		copies := filled[0] + filled[1] + more - rows // a page, a page, and one or two rows
		pages := standingsPerPage(t, p, copies)
		for i, n := range pages {
			if n > 0 && n < printRun {
				os.WriteFile(filepath.Join(artifacts, fmt.Sprintf("standings-%d-rows.pdf", rows+copies)), p.printPDF(), 0o644)
				t.Errorf("printed with %d rows, page %d of the standings holds %d row(s) alone: %v", rows+copies, i+1, n, pages)
			}
		}
	}
	eval[bool](p, `(() => {
		const t = document.querySelector("#event-standings table");
		t.querySelectorAll("tr.copy").forEach(r => r.remove());
		t.querySelectorAll("a.row-mark").forEach(a => a.remove());
		t.tBodies[1].className = t.tBodies[1].dataset.was; return true })()`)
}

// printRun is the fewest of the standings' rows a printed page may hold (app/ui's printRun).
const printRun = 3

// standingsPerPage prints the screen with copies more rows in the standings' middle body and
// returns how many of the standings' rows each page holds, page by page.
func standingsPerPage(t *testing.T, p *tab, copies int) []int {
	t.Helper()
	eval[bool](p, fmt.Sprintf(`(() => {
		const t = document.querySelector("#event-standings table"), mid = t.tBodies[1];
		if (mid.dataset.was === undefined) mid.dataset.was = mid.className;
		mid.className = ""; // a long middle, as a long night's, is not kept together
		t.querySelectorAll("tr.copy").forEach(r => r.remove());
		for (let i = 0; i < %d; i++) { const r = mid.rows[0].cloneNode(true); r.classList.add("copy"); mid.appendChild(r) }
		t.querySelectorAll("a.row-mark").forEach(a => a.remove());
		t.querySelectorAll("tbody tr").forEach((r, i) => {
			const a = document.createElement("a"); a.className = "row-mark"; a.href = "https://row.invalid/" + i; a.textContent = "#";
			r.querySelector("th").appendChild(a) });
		return true })()`, copies))
	out := rowsPerPage(p.printPDF())
	t.Logf("%d rows more: %v", copies, out)
	return out
}

var (
	pdfObject = regexp.MustCompile(`(?s)(\d+) 0 obj(.*?)endobj`)
	pdfPage   = regexp.MustCompile(`/Type\s*/Page\b`)
	pdfAnnots = regexp.MustCompile(`/Annots\s*\[([^\]]*)\]`)
	pdfRef    = regexp.MustCompile(`(\d+) 0 R`)
	rowMark   = regexp.MustCompile(`/URI\s*\(https://row\.invalid/\d+\)`)
)

// rowsPerPage reads a PDF's pages in the order they are written and counts, on each, the
// link annotations that mark a row (https://row.invalid/N).
func rowsPerPage(pdf []byte) []int {
	marks := map[string]bool{}
	var pages [][]byte
	for _, m := range pdfObject.FindAllSubmatch(pdf, -1) {
		if rowMark.Match(m[2]) {
			marks[string(m[1])] = true
		}
		if pdfPage.Match(m[2]) {
			pages = append(pages, m[2])
		}
	}
	var out []int
	for _, pg := range pages {
		n := 0
		if a := pdfAnnots.FindSubmatch(pg); a != nil {
			for _, r := range pdfRef.FindAllSubmatch(a[1], -1) {
				if marks[string(r[1])] {
					n++
				}
			}
		}
		out = append(out, n)
	}
	return out
}
