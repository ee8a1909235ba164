// Gnosis's page scripts (web/boot.js lists them): what opens over a screen, a sheet or a rule's
// summary, and Back: each has an entry in the browser's history, which Back takes away,
// closing it, instead of leaving the screen; and the rules' summaries fetched.
"use strict";

(() => {
  Object.assign(window.gnosis, {
    // listenToBack has close called when the player goes Back (the system's button or
    // gesture) while a sheet is open: opening a sheet adds an entry to the browser's history
    // (sheetOpened), with the page's own address, and Back takes that entry away instead of
    // leaving the screen (go-app, seeing the same address, does nothing).
    // A rule's summary opened over the screen (and over a sheet) has an entry of its own
    // (ruleOpened), which Back takes away first, closing only the summary (closeRule).
    listenToBack(close, closeRule) {
      window.addEventListener("popstate", (e) => {
        if (this.ruleOpen && !(e.state && e.state.gnosisRule)) {
          this.ruleOpen = false;
          closeRule();
          return;
        }
        if (this.sheetOpen && !(e.state && e.state.gnosisSheet)) {
          this.markSheet(false);
          close();
        }
      });
    },

    // markSheet keeps whether a sheet is open, and says so on the body (class sheet-open): a
    // toast then shows at the top, off the sheet's choices.
    markSheet(open) {
      this.sheetOpen = open;
      document.body.classList.toggle("sheet-open", open);
    },

    // sheetOpened adds the open sheet's entry to the browser's history (listenToBack).
    sheetOpened() {
      if (this.sheetOpen) return;
      this.markSheet(true);
      history.pushState({ gnosisSheet: true }, "", location.href);
    },

    // sheetClosed takes the entry of a sheet closed by its own buttons away again, so that the
    // next Back leaves the screen as it would have before the sheet.
    sheetClosed() {
      if (!this.sheetOpen) return;
      this.markSheet(false);
      if (history.state && history.state.gnosisSheet) history.back();
    },

    // ruleOpened adds the entry of a rule's summary (listenToBack); it keeps the sheet's mark,
    // so that taking it away leaves an open sheet as it was.
    ruleOpened() {
      if (this.ruleOpen) return;
      this.ruleOpen = true;
      history.pushState({ gnosisSheet: this.sheetOpen, gnosisRule: true }, "", location.href);
    },

    // ruleClosed takes the entry of a summary closed by its own button away again; ruleLeft
    // forgets it when the app goes to another screen (the entry stays, as a screen's would).
    ruleClosed() {
      if (!this.ruleOpen) return;
      this.ruleOpen = false;
      if (history.state && history.state.gnosisRule) history.back();
    },
    ruleLeft() {
      this.ruleOpen = false;
    },

    // fetchText fetches url and calls ok with its text, or fail with why not (the rules'
    // summaries, app/ui/rules.go): offline, the service worker answers from its cache.
    fetchText(url, ok, fail) {
      fetch(url)
        .then((r) => (r.ok ? r.text() : Promise.reject(new Error(r.status + " " + r.statusText))))
        .then((t) => ok(t), (e) => fail(String(e)));
    },
  });
})();
