// Gnosis's page scripts: plain files, loaded in the page's head in this order
// (cmd/gnosis/server.go's pageScripts), for the page's Content-Security-Policy runs no script
// made from a string. The first four run as the head is read, before go-app's deferred app.js;
// the others are deferred, after app.js, once the page is read and before DOMContentLoaded. They do what must not wait for app.wasm, or must not call into
// Go, each file one job, all on one object, window.gnosis, which app/ui calls: every name they
// share with the page (attributes, classes, ids) comes from Go.
//
//   - boot.js (this file): the page's start. When the browser blocks site data, go-app gets a
//     localStorage that keeps nothing (go-app reads localStorage as it starts and would stop on
//     the browser's SecurityError). A percent sign that starts no escape (a share link cut by a
//     messenger, "#p=AQ%") would make the URL unreadable to Go's net/url, and go-app would stop
//     before the app starts: it becomes %25 before go-app reads the address, at start and at
//     every change of the fragment (this listener runs before go-app's onpopstate). go-app hears
//     only the clicks on links (window.onclick), not every tap. A way out shows if the Go program
//     ever stops (a bug: go-app never ends on its own). A new version is told from the first
//     install (isUpdate). app.wasm is asked for once the page's first frame is painted.
//   - store.js: the records in IndexedDB, for package store (idb_js.go).
//   - copy-data.js: a screen as data, and the sums of records a copy is checked against.
//   - copy.js: the start copy, the picture shown until Go draws the screen.
//   - presses.js: the counters' taps, answered in the tap's own event (tracker-fast.go).
//   - sheets.js: the sheets and rules' summaries over a screen, and Back.
//   - files.js: what the player takes out and brings in: the report as an image, the backup,
//     a roster unpacked by its own reader; what is loaded when needed kept for offline use.
//   - pair.js: two phones' link (WebRTC), loaded with them.
"use strict";

(() => {
  const gnosis = (window.gnosis = { storageBlocked: false }); // the page scripts' one object, which app/ui calls
  try {
    window.localStorage.length;
  } catch (e) {
    gnosis.storageBlocked = true;
    const items = new Map();
    const memory = {
      get length() {
        return items.size;
      },
      key: (i) => [...items.keys()][i] ?? null,
      getItem: (k) => (items.has(String(k)) ? items.get(String(k)) : null),
      setItem: (k, v) => void items.set(String(k), String(v)),
      removeItem: (k) => void items.delete(String(k)),
      clear: () => items.clear(),
    };
    Object.defineProperty(window, "localStorage", { value: memory, configurable: true });
  }

  // A fragment longer than a link can be (engine/fragment.MaxLink; a party's is under 1,000
  // characters) is cut to one character more before go-app reads the address: the app then
  // says the link is too long at once, instead of reading megabytes.
  const maxLink = 65536;
  const badEscape = /%(?![0-9A-Fa-f]{2})/;
  const repair = () => {
    if (location.hash.length > maxLink + 16) {
      history.replaceState(history.state, "", location.href.slice(0, location.href.length - location.hash.length + maxLink + 16));
    }
    if (!badEscape.test(location.href)) return;
    const fixed = location.href.replace(/%(?![0-9A-Fa-f]{2})/g, "%25");
    history.replaceState(history.state, "", fixed);
  };
  repair();
  window.addEventListener("popstate", repair);
  window.addEventListener("hashchange", repair);

  // go-app routes a click on a link through window.onclick, which calls into Go for every click
  // anywhere on the page and walks up from its target there, holding back the frame of every
  // tap by a round trip into Go. Only a click inside a link reaches go-app's handler now.
  let onLinkClick = null;
  Object.defineProperty(window, "onclick", {
    configurable: true,
    get: () => onLinkClick,
    set: (f) => {
      onLinkClick = typeof f === "function" ? f : null;
    },
  });
  window.addEventListener("click", (e) => {
    if (onLinkClick && e.target && e.target.closest && e.target.closest("a")) onLinkClick.call(window, e);
  });

  const stopped = {
    en: ["Gnosis stopped because of an error.", "Everything you saved is still on this device.", "Reload"],
    es: ["Gnosis se ha detenido por un error.", "Todo lo que guardaste sigue en este dispositivo.", "Recargar"],
    it: ["Gnosis si è fermato per un errore.", "Tutto ciò che hai salvato è ancora su questo dispositivo.", "Ricarica"],
  };
  const showStopped = () => {
    if (gnosis.dropGlance) gnosis.dropGlance(); // the way out shows, not a copy that waits
    const lang = (document.documentElement.lang || navigator.language || "en").slice(0, 2);
    const [title, saved, reload] = stopped[lang] || stopped.en;
    const box = document.createElement("div");
    box.id = "stopped";
    box.className = "stopped";
    box.setAttribute("role", "alert");
    const h = document.createElement("h2");
    h.textContent = title;
    const p = document.createElement("p");
    p.textContent = saved;
    const b = document.createElement("button");
    b.className = "primary";
    b.textContent = reload;
    b.addEventListener("click", () => location.reload());
    box.append(h, p, b);
    document.body.append(box);
    console.error("gnosis: the app stopped; the page offers a reload");
  };
  // The start copy (web/copy.js) is painted before app.wasm is compiled, whose work would hold
  // back the frame that shows it (copyPainted), and goes if app.wasm fails to load: go-app's
  // loader says why.
  for (const name of ["instantiateStreaming", "instantiate"]) {
    const f = WebAssembly[name];
    if (typeof f !== "function") continue;
    WebAssembly[name] = function (...args) {
      // Go starts in a task of its own after the compile's last one: two long tasks, not one.
      const go = () =>
        f.apply(this, args).then(
          (r) => new Promise((ok) => setTimeout(() => ok(r), 0)),
          (e) => {
            if (gnosis.dropGlance) gnosis.dropGlance();
            throw e;
          },
        );
      const painted = gnosis.copyPainted ? gnosis.copyPainted() : null;
      return painted ? painted.then(go) : go();
    };
  }
  // app.wasm is asked for once the page's first paint is shown, not as the head is read: a
  // first visit's largest paint is then the page's own, which no work on app.wasm's bytes comes
  // before, and Lighthouse's simulation of a slow network does not make it wait for the whole
  // module. That is two frames after the document is read, and where the start copy was shown
  // (web/copy.js, the mark gnosis:glance), once the browser reports its largest paint: a frame
  // is shown some time after the tasks that follow it, longer on a busy phone. Where no larger
  // paint comes (the copy no larger than what was shown before it), 300 ms at most.
  const framePainted = new Promise((ok) => {
    const frames = () => new Promise((f) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(f, 0))));
    const largestKnown =
      typeof PerformanceObserver === "function" && (PerformanceObserver.supportedEntryTypes || []).includes("largest-contentful-paint");
    const after = () =>
      frames().then(() => {
        const shown = performance.getEntriesByName("gnosis:glance", "mark")[0];
        if (!shown || !largestKnown) return ok();
        let timer = 0;
        const observer = new PerformanceObserver((l) => {
          if (l.getEntries().some((e) => e.startTime >= shown.startTime)) done();
        });
        const done = () => {
          clearTimeout(timer);
          observer.disconnect();
          ok();
        };
        timer = setTimeout(done, 300);
        observer.observe({ type: "largest-contentful-paint", buffered: true });
      });
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", after, { once: true });
    else after();
  });
  const fetchNow = window.fetch;
  let held = false;
  window.fetch = function (input, init) {
    if (!held && typeof input === "string" && input.endsWith("/web/app.wasm")) {
      held = true;
      return framePainted.then(() => fetchNow.call(window, input, init));
    }
    return fetchNow.apply(window, arguments);
  };
  document.addEventListener("DOMContentLoaded", () => {
    if (typeof Go !== "function") return;
    const run = Go.prototype.run;
    Go.prototype.run = function (instance) {
      return run.call(this, instance).finally(showStopped);
    };
  });

  // Which service workers have controlled the page: go-app calls a worker that takes control
  // "an update" even on the first visit (the worker claims the page it was installed from), so
  // the app asks isUpdate before offering to reload.
  const sw = navigator.serviceWorker;
  const controlledAtStart = !!(sw && sw.controller);
  let controllers = controlledAtStart ? 1 : 0;
  if (sw) sw.addEventListener("controllerchange", () => controllers++);

  // isUpdate reports whether a new version has taken over from one that ran this page: the
  // page was controlled when it opened, or has been by two workers since.
  gnosis.isUpdate = () => controlledAtStart || controllers > 1;

  // tryUpdate asks the service worker to look for a new version. Offline the check fails,
  // which is no error (go-app's own call leaves that rejection unhandled).
  gnosis.tryUpdate = () => {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker
      .getRegistration()
      .then((r) => r && r.update())
      .catch(() => {});
  };
})();
