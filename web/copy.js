// Gnosis's page scripts (web/boot.js lists them): the start copy, a picture of the screen
// shown until Go draws it.
"use strict";

(() => {
  const gnosis = window.gnosis;
  const { takeElement, makeElement, recordHash, glanceSum, watched, watchedSum, glanceKey, glanceSumKey } = gnosis.copyData;

  // The glance: a copy of the screen the player left (the home screen or the game's), painted
  // while app.wasm downloads and compiles (app/ui/glance.go). When the page is hidden or goes,
  // the app has keepGlance take the screen's elements as data (tag, attributes, texts, each on
  // an allow-list of what the screens draw: no markup is stored or parsed) into localStorage's
  // glanceKey (written at once: the page may be gone before a transaction of IndexedDB ends),
  // with what it was drawn from: the app's version, the screen's fragment, and a sum of the
  // texts of the records the app named (watchRecords: the parties, the game's head, the
  // settings…) and of how many are set aside. The same sum of the records as they are is kept
  // in glanceSumKey by every change this page makes (taken away while one is under way, or from
  // another tab's change until this page has read it again and drawn it: seen), so that the
  // next start can check the copy as soon as the page is read, without waiting for IndexedDB:
  // the copy is built with DOM calls only if the version in the page, the screen and the sum
  // are what they were and no journal waits; a stale copy (after an update, another tab's
  // change, the other phone's moves) is never shown. The records read ahead check it again when
  // they come. go-app's root is hidden under it and its loader hidden too (body.glance). The
  // copy is a picture: it says it is loading (aria-busy, a status), its controls are
  // aria-disabled, and a tap on it changes nothing but the status, which says to tap again
  // once the screen is ready: no number shows as taken that a reload or a kill could lose.
  // dropGlance takes it away in the same task as go-app's first drawing of the screen.
  const glanceID = "glance";
  let glancePainted = null; // a promise while the copy's first frame is to come

  const appVersion = () => {
    const meta = document.querySelector('meta[name="gnosis-version"]');
    return meta ? meta.content : "";
  };
  const screenNow = () => location.hash.replace(/^#/, "");
  let glanceShown = null; // the copy, while it shows
  // showGlance paints the copy g (the record's data).
  const showGlance = (g) => {
    if (!document.body.firstElementChild || document.body.hasAttribute("data-ready")) return;
    showCopy(makeElement(g.tree), String(g.loading || ""), String(g.starting || g.loading || ""), g.lang);
  };
  // showCopy paints copy, the start copy (a copy of the last screen, or the page's first
  // screen), after go-app's root: a picture whose taps say it is starting (the words
  // starting), with the download's progress after the words loading.
  const showCopy = (copy, loading, starting, lang) => {
    const first = document.body.firstElementChild; // go-app's root, until Go replaces it
    copy.id = glanceID;
    copy.setAttribute("aria-busy", "true");
    const status = document.createElement("p");
    status.className = "glance-status";
    status.setAttribute("role", "status");
    status.textContent = loading;
    copy.append(status);
    showProgress(status, loading);
    for (const e of copy.querySelectorAll("button, a, input, select, textarea, label, summary")) e.setAttribute("aria-disabled", "true");
    if (typeof lang === "string" && /^[a-z]{2}$/.test(lang)) document.documentElement.lang = lang;
    const refuse = (e) => {
      e.preventDefault();
      e.stopPropagation();
    };
    for (const type of ["pointerdown", "pointerup", "contextmenu", "submit", "keydown"]) copy.addEventListener(type, refuse);
    copy.addEventListener("pointerdown", () => (gnosis.copyPressed = true)); // a press that may end on the app's screen (web/presses.js)
    copy.addEventListener("click", (e) => {
      refuse(e);
      if (e.target && e.target.closest && e.target.closest("button, a, input, select, textarea, label, summary")) {
        status.textContent = starting;
        status.classList.add("glance-wait");
      }
    });
    first.after(copy);
    document.body.classList.add("glance");
    glanceShown = copy;
    performance.mark("gnosis:glance");
    glancePainted = new Promise((ok) =>
      requestAnimationFrame(() =>
        setTimeout(() => {
          performance.mark("gnosis:glance-painted"); // the task after its frame
          glancePainted = null;
          ok();
        }, 0),
      ),
    );
  };
  // readAhead is the records read ahead (copyData.readAhead), for the copy's checks, until Go's
  // watchRecords takes them.
  const readAhead = () => gnosis.copyData.readAhead;
  // The copy is checked and painted as soon as the page is read (before the deferred scripts
  // run), then checked again against the records read ahead.
  const glanceFresh = () => {
    const kept = window.localStorage.getItem(glanceKey);
    if (typeof kept !== "string") return null;
    const g = JSON.parse(kept);
    if (!g || !Array.isArray(g.records) || typeof g.journal !== "string" || typeof g.aside !== "string") return null;
    if (!appVersion() || g.version !== appVersion() || g.screen !== screenNow()) return null;
    if (window.localStorage.getItem(g.journal) !== null) return null; // changes wait to be saved
    if (window.localStorage.getItem(glanceSumKey) !== g.sum) return null;
    return g;
  };
  // showProgress writes into status, after the words loading, the share of app.wasm downloaded
  // as go-app's loader counts it (its label, "Gnosis 37%"), until a tap's words take its place.
  const showProgress = (status, loading) => {
    const label = document.getElementById("app-wasm-loader-label");
    if (!label) return;
    const write = () => {
      const m = /(\d+)%/.exec(label.textContent || "");
      if (m && !status.classList.contains("glance-wait")) status.textContent = loading + " " + m[1] + "%";
    };
    write();
    new MutationObserver(write).observe(label, { childList: true, characterData: true, subtree: true });
  };

  // The first screen (app/ui/first.go): the page holds the home screen and a shared link's
  // screen in each language, drawn by go-app on the server. The one of this visit is named on
  // <html> (data-first-lang, data-first-screen) before the page is read, so that the styles
  // show it and hide go-app's loader from the first paint: the language the player chose
  // when last here (kept with the copy of the last screen) or the browser's, as the app
  // follows it (engine/text.Lang); the home screen only where nothing was kept here (no key
  // of the app's in localStorage: a copy, its sum, a journal), for an empty home shown to a
  // player with parties would be a false picture; a shared link's screen always, as it shows
  // nothing kept. Then it becomes the start copy (paintFirst).
  const firstID = "first-screens";
  const firstOf = () => {
    const hash = location.hash.replace(/^#/, "");
    let kept = false;
    let lang = "";
    try {
      for (let i = 0; i < window.localStorage.length; i++) if (String(window.localStorage.key(i)).startsWith("gnosis")) kept = true;
      const g = JSON.parse(window.localStorage.getItem(glanceKey) || "null");
      if (g && typeof g.lang === "string") lang = g.lang;
    } catch (e) {
      kept = true;
    }
    lang = (lang || navigator.language || "en").toLowerCase().split(/[-_]/)[0];
    if (!["en", "es", "it"].includes(lang)) lang = "en";
    if (hash.startsWith("p=")) return { lang, screen: "shared" };
    return { lang, screen: hash === "" && !kept ? "home" : "" };
  };
  const firstNow = firstOf();
  if (firstNow.screen) {
    document.documentElement.dataset.firstLang = firstNow.lang;
    document.documentElement.dataset.firstScreen = firstNow.screen;
  }
  // paintFirst makes the first screen of this visit the start copy; a home screen goes when the
  // records read ahead are not none (kept only in IndexedDB).
  const paintFirst = () => {
    const html = document.documentElement;
    const root = document.getElementById(firstID);
    const kind = html.dataset.firstScreen;
    delete html.dataset.firstScreen;
    if (!root || !kind || document.body.hasAttribute("data-ready")) return;
    const copy = [...root.children].find((e) => e.dataset.first === kind && e.lang === html.dataset.firstLang);
    if (!copy) return;
    root.replaceChildren(); // the others: go-app's root is left empty, for Go to draw into
    copy.classList.add("first-copy");
    showCopy(copy, copy.dataset.loading || "", copy.dataset.starting || "", copy.lang);
    if (kind !== "home" || !readAhead()) return;
    readAhead().then((m) => {
      if (m && m.size > 0) {
        console.warn("gnosis: records are kept here: the first screen was taken away");
        window.gnosis.dropGlance();
      }
    });
  };

  const paintGlance = () => {
    let g = null;
    try {
      g = glanceFresh();
    } catch (e) {
      console.warn("gnosis: the copy of the last screen was not shown:", e);
    }
    if (!g) {
      paintFirst();
      return;
    }
    delete document.documentElement.dataset.firstScreen;
    showGlance(g);
    if (!readAhead()) return;
    readAhead().then((m) => {
      let aside = 0;
      for (const k of m ? m.keys() : []) if (typeof k === "string" && k.startsWith(g.aside)) aside++;
      if (!m || glanceSum(g.records, (k) => recordHash(k, m.has(k) ? m.get(k) : null), aside) !== g.sum) {
        console.warn("gnosis: the copy of the last screen did not match the records: taken away");
        window.gnosis.dropGlance();
      }
    });
  };
  if (document.readyState === "loading") {
    document.addEventListener("readystatechange", function once() {
      document.removeEventListener("readystatechange", once);
      paintGlance();
    });
  } else paintGlance();

  Object.assign(gnosis, {
    // copyPainted is a promise while the copy's first frame is to come, else null: app.wasm is
    // compiled after it (web/boot.js).
    copyPainted: () => glancePainted,
    // inCopy says whether element e is in the copy, which takes no tap (web/presses.js).
    inCopy: (e) => !!e.closest("#" + glanceID),

    // keepGlance keeps the screen as the player leaves it (the glance, above), at once: the
    // elements of go-app's root but those whose id is in meta.leave, with the screen's
    // fragment, the words for loading and for a tap while starting (meta.loading,
    // meta.starting), and the sum of the watched records; never while the journal
    // (meta.journal) waits, whose room comes first. It returns "" or why it kept nothing; what
    // it left out of the copy as off its lists is in glanceDropped (a list of names).
    keepGlance(meta) {
      const root = document.body.firstElementChild;
      if (!root || root.id === glanceID || glanceShown) return "the screen is not drawn yet";
      if (!watched.keys || watched.stale) return "the records are being read";
      if (window.localStorage.getItem(meta.journal) !== null) return "changes wait in the journal";
      const dropped = new Set();
      const g = {
        v: 2, version: appVersion(), screen: screenNow(), lang: document.documentElement.lang,
        loading: meta.loading, starting: meta.starting, records: watched.keys, aside: watched.aside, journal: meta.journal,
        sum: watchedSum(),
        tree: takeElement(root, meta.leave, dropped),
      };
      this.glanceDropped = [...dropped];
      try {
        window.localStorage.setItem(glanceKey, JSON.stringify(g));
      } catch (e) {
        return String(e);
      }
      return "";
    },

    // forgetGlance takes the kept copy and its sum out of localStorage: the journal needs the
    // room (package store's Journal).
    forgetGlance() {
      try {
        window.localStorage.removeItem(glanceKey);
        window.localStorage.removeItem(glanceSumKey);
      } catch (e) {}
    },

    // dropGlance takes the copy away (go-app has drawn the screen) and shows go-app's root
    // and loader again.
    dropGlance() {
      if (!glanceShown) return false;
      glanceShown.remove();
      glanceShown = null;
      document.body.classList.remove("glance");
      return true;
    },
  });
})();
