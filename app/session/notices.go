package session

import "gnosis/app/store"

// Notices is what the Session has to say: the notice (an error or a warning, in the player's
// language, that stays until dismissed or read), the toast (a word of success that goes by
// itself after ToastTime) and the failure (a bug caught: the view shows the failure screen).
type Notices struct {
	notice       string // the last error or warning, shown until dismissed or read
	kept         string // a storage notice: it stays until dismissed
	offerBackup  bool   // the notice offers a backup to download
	noticeAhead  bool   // the notice is for the screen a Navigate outcome leads to
	shown        string // the notice as the view draws it after the last request (Do), and on which screen
	shownOn      string
	said         string // the toast
	saidFor      int    // the side the toast speaks for, plus one; 0 when it speaks for none
	saidCount    int    // counts the toasts, so that ToastGone clears only its own
	toastPending bool   // a toast was said during the request: Do puts it in the Outcome
	failure      string // a bug caught on its way out of a screen or a request
	elsewhere    string // what the other phone's last command rolled, said in the tracker's line

	problems []*store.UnreadableError // saved records that could not be read, set aside
	aside    [][2]string              // records set aside earlier: key and text
}

// Problems are the saved records that could not be read, set aside.
func (n *Notices) Problems() []*store.UnreadableError { return n.problems }

// Aside are the records set aside earlier: key and text.
func (n *Notices) Aside() [][2]string { return n.aside }

// Elsewhere is what the other phone's last command rolled (its dice and what they did), for
// the tracker's line about the other phone: never a toast over this phone's own sheet.
func (n *Notices) Elsewhere() string { return n.elsewhere }

// Notice is the error or warning to show, or "".
func (n *Notices) Notice() string { return n.notice }

// OfferBackup reports whether the notice offers a backup to download.
func (n *Notices) OfferBackup() bool { return n.offerBackup }

// Toast is the word of success to show, or "".
func (n *Notices) Toast() string { return n.said }

// ToastSide is the side (0 or 1) whose doing the toast tells, for its colour; ok is false when
// the toast speaks for no side.
func (n *Notices) ToastSide() (side int, ok bool) { return n.saidFor - 1, n.saidFor > 0 }

// Failure is the bug caught, for the failure screen, or "".
func (n *Notices) Failure() string { return n.failure }

// say shows text as the toast.
func (n *Notices) say(text string) {
	n.said, n.saidFor = text, 0
	n.saidCount++
	n.toastPending = true
}

// sayFor shows text as the toast of side (0 or 1): it wears that side's colour.
func (n *Notices) sayFor(side int, text string) {
	n.say(text)
	n.saidFor = side + 1
}

// The requests of the notices.
type (
	// Notify shows an error or a warning, already in the player's language, until dismissed.
	Notify struct{ Text string }
	// Tell shows a word of success, already in the player's language, as the toast.
	Tell struct{ Text string }
	// Failed is a bug caught on its way out of a screen's drawing or a tap's answer: What is
	// what was caught (its panic, as text). It is logged with its stack, and the view shows
	// the failure screen.
	Failed struct{ What string }
	// Dismiss closes the notice.
	Dismiss struct{}
	// ToastGone takes the toast away, if it is still the Count-th (Outcome.Toast).
	ToastGone struct{ Count int }
	// LeaveFailure leaves the failure screen for home.
	LeaveFailure struct{}
)

func (r Notify) apply(s *Session) (Outcome, error) {
	s.notice = r.Text
	return Outcome{}, nil
}

func (r Tell) apply(s *Session) (Outcome, error) {
	s.say(r.Text)
	return Outcome{}, nil
}

func (Dismiss) apply(s *Session) (Outcome, error) {
	s.notice, s.offerBackup, s.kept = "", false, ""
	return Outcome{}, nil
}

func (r ToastGone) apply(s *Session) (Outcome, error) {
	if s.saidCount == r.Count {
		s.said = ""
	}
	return Outcome{}, nil
}

func (LeaveFailure) apply(s *Session) (Outcome, error) {
	s.failure = ""
	return s.goTo(""), nil
}

func (r Failed) apply(s *Session) (Outcome, error) {
	s.caught(r.What)
	return Outcome{}, nil
}
