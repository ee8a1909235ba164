// Gnosis's page script. It is a plain file, loaded before go-app's deferred app.js: the page's
// Content-Security-Policy runs no script made from a string. It does three things that must
// not wait for app.wasm, or that must not call into Go:
//
//  1. It repairs the address: a percent sign that starts no escape (a share link cut by a
//     messenger, "#p=AQ%") makes the URL unreadable to Go's net/url, and go-app would stop
//     before the app starts. Such a sign becomes %25 before go-app reads the address, at start
//     and at every change of the fragment (this listener runs before go-app's onpopstate).
//  2. It shows a way out if the Go program ever stops (a bug): go-app never ends on its own,
//     so the end of Go's run means the page would be frozen.
//  3. It offers window.gnosis, the functions app/ui calls for the taps of a game (package ui,
//     fast.go): every name they share with the page (attributes, classes, ids) comes from Go.
"use strict";

(() => {
  const badEscape = /%(?![0-9A-Fa-f]{2})/;
  const repair = () => {
    if (!badEscape.test(location.href)) return;
    const fixed = location.href.replace(/%(?![0-9A-Fa-f]{2})/g, "%25");
    history.replaceState(history.state, "", fixed);
  };
  repair();
  window.addEventListener("popstate", repair);
  window.addEventListener("hashchange", repair);

  const stopped = {
    en: ["Gnosis stopped because of an error.", "Everything you saved is still on this device.", "Reload"],
    es: ["Gnosis se ha detenido por un error.", "Todo lo que guardaste sigue en este dispositivo.", "Recargar"],
    it: ["Gnosis si è fermato per un errore.", "Tutto ciò che hai salvato è ancora su questo dispositivo.", "Ricarica"],
  };
  const showStopped = () => {
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
  document.addEventListener("DOMContentLoaded", () => {
    if (typeof Go !== "function") return;
    const run = Go.prototype.run;
    Go.prototype.run = function (instance) {
      return run.call(this, instance).finally(showStopped);
    };
  });

  // The taps of a game, answered in the tap's own event (see app/ui/fast.go).
  window.gnosis = {
    // tryUpdate asks the service worker to look for a new version. Offline the check fails,
    // which is no error (go-app's own call leaves that rejection unhandled).
    tryUpdate() {
      if (!("serviceWorker" in navigator)) return;
      navigator.serviceWorker
        .getRegistration()
        .then((r) => r && r.update())
        .catch(() => {});
    },

    // listenToTaps calls tap(...values of the button's data attributes named in attrs) for a
    // click on an enabled button matching selector.
    listenToTaps(selector, attrs, tap) {
      document.addEventListener("click", (e) => {
        const b = e.target && e.target.closest && e.target.closest(selector);
        if (b && !b.disabled) tap(...attrs.map((a) => b.getAttribute(a) || ""));
      });
    },

    // patchCounters writes counters and two buttons' states as Render draws them: undo and
    // redo are [id, allowed]; each counter is [selector, text, minus allowed, plus allowed],
    // with the names of the value, minus and plus classes in parts. Only what changed is
    // written, into the text node go-app keeps, so its own later update finds it.
    patchCounters(parts, buttons, counters) {
      const [value, minus, plus] = parts;
      const enable = (button, on) => {
        if (button && button.disabled === on) button.disabled = !on;
      };
      for (const [selector, text, less, more] of counters) {
        const counter = document.querySelector(selector);
        if (!counter) continue;
        const node = counter.querySelector("." + value);
        const t = node && node.firstChild;
        if (t && t.nodeValue !== text) t.nodeValue = text;
        enable(counter.querySelector("." + minus), less);
        enable(counter.querySelector("." + plus), more);
      }
      for (const [id, on] of buttons) enable(document.getElementById(id), on);
    },

    // afterFrame returns a function to pass to requestAnimationFrame: in the frame it asks for
    // save when the browser is next idle (at most 100 ms later), without calling into Go
    // before the paint.
    afterFrame(save) {
      return () =>
        window.requestIdleCallback ? requestIdleCallback(save, { timeout: 100 }) : setTimeout(save, 0);
    },
  };
})();
