package ui

import (
	"github.com/maxence-charriere/go-app/v10/pkg/app"

	"gnosis/app/store"
)

// startRestore begins restoring a backup file (store.Restore): one step per task of the page,
// so that a backup of thousands of parties never holds it (the home screen shows how far it
// has come, and every tap is answered in between); nothing is written before the whole file is
// read and checked, and nothing saved is overwritten.
func (s *Session) startRestore(data []byte) {
	if s.restoring != nil {
		s.notice = s.t("A backup is being restored: wait until it ends.")
		return
	}
	r, err := store.NewRestore(data, s.parties, s.own, s.game, newID)
	if err != nil {
		s.notice = s.t("Nothing restored: ") + s.errText(err)
		return
	}
	s.restoring, s.restoreEdits, s.restorePct = r, s.partiesEdits, 0
	s.nextRestoreStep()
}

// nextRestoreStep has the page run the next step once it has handled what waits (taps,
// drawing).
func (s *Session) nextRestoreStep() {
	if s.restoreFn == nil {
		s.restoreFn = app.FuncOf(func(app.Value, []app.Value) any {
			s.ctx.Dispatch(s.restoreStep)
			return nil
		})
	}
	app.Window().Call("setTimeout", s.restoreFn, 0)
}

// restoreStep runs one step of the restore; the last writes what it made and says so.
func (s *Session) restoreStep(ctx app.Context) {
	r := s.restoring
	if r == nil {
		return
	}
	if s.partiesEdits != s.restoreEdits { // a party was changed meanwhile: merge with it
		r.Rebase(s.parties)
		s.restoreEdits = s.partiesEdits
	}
	if err := r.Step(); err != nil {
		s.restoring = nil
		s.notice = s.t("Nothing restored: ") + s.errText(err)
		s.publish(ctx)
		return
	}
	if !r.Done() {
		if pct := int(100 * r.Progress()); pct != s.restorePct {
			s.restorePct = pct
			s.publish(ctx)
		} else {
			ctx.PreventUpdate()
		}
		s.nextRestoreStep()
		return
	}
	s.restoring = nil
	s.finishRestore(r)
	s.publish(ctx)
}

// finishRestore writes what the restore made and says in the player's language what it did.
func (s *Session) finishRestore(r *store.Restore) {
	parties, list, cards, game, bk, rep := r.Result()
	hadGame := s.game != nil
	s.parties, s.own, s.game = parties, cards, game
	ok := true
	s.partiesEdits++
	if err := s.store.SavePartiesJSON(list); err != nil {
		ok = s.saveParties() // say what is not on the device, party by party
	} else {
		s.savedParties, s.unsavedParties = snapshot(s.parties), map[string]bool{}
	}
	if len(bk.Armies) > 0 {
		s.dw.armies, rep.ArmiesAdded = store.MergeArmies(s.dw.armies, bk.Armies, func() string { return "a" + newID()[1:] })
		ok = s.saveArmies() && ok
	}
	if err := s.store.SaveCards(s.own); err != nil {
		s.warn(err)
		ok = false
	}
	if !hadGame && s.game != nil {
		ok = s.saveGame() && ok
	}
	if ok {
		s.say(s.t("Restored: ") + s.mergeText(rep) + ".")
	}
}
