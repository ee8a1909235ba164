// Gnosis's page scripts (web/boot.js lists them): the counters' taps of a game, answered in the
// tap's own event (app/ui/tracker-fast.go): the press on a button, the numbers it sends Go, and
// Go's answer written into the screen before the frame.
"use strict";

(() => {
  const gnosis = window.gnosis;
  let config = null; // the names the page shares with Go, given by listenToTaps

  // answerPresses calls answer(b, hold) for a click on an enabled counter's button b (one
  // matching taps.selector), hold null; or, for a press held taps.holdMs on such a button with a
  // taps.hold attribute, hold that attribute's number (a hit in one gesture), the click that ends
  // the press being no tap of its own. A press answers only on the button it began on, while
  // that button is on the page: a press begun on the copy of the screen (the glance, which
  // takes no tap) never counts on go-app's button that replaced it, and is said (dropped), and
  // no timer outlives the button that started it. A click with no press (the keyboard's, a
  // script's) is answered.
  const answerPresses = (taps, answer, dropped) => {
    const counterOf = (t) => taps.selector && t && t.closest && t.closest(taps.selector);
    let pressed = null; // the button the press began on, or false when it began on none
    let held = null; // the button whose press was a long one
    let timer = 0;
    const release = () => {
      clearTimeout(timer);
      timer = 0;
    };
    window.addEventListener(
      "pointerdown",
      (e) => {
        const b = counterOf(e.target);
        pressed = b && !(gnosis.inCopy && gnosis.inCopy(b)) ? b : false;
        held = null;
        release();
        if (!pressed || pressed.disabled || !pressed.hasAttribute(taps.hold)) return;
        timer = setTimeout(() => {
          timer = 0;
          if (b !== pressed || !b.isConnected || b.disabled) return;
          held = b;
          answer(b, Number(b.getAttribute(taps.hold)) || 0);
        }, taps.holdMs);
      },
      true,
    );
    window.addEventListener(
      "pointerup",
      (e) => {
        release();
        const b = counterOf(e.target);
        if (gnosis.copyPressed && b && !(gnosis.inCopy && gnosis.inCopy(b))) dropped(); // begun on the copy (web/copy.js), ended on the app's button
        gnosis.copyPressed = false;
      },
      true,
    );
    window.addEventListener("pointercancel", release, true);
    document.addEventListener("contextmenu", (e) => {
      if (e.target && e.target.closest && e.target.closest("[" + taps.hold + "]")) e.preventDefault(); // a long press is no menu
    });
    document.addEventListener("click", (e) => {
      const b = counterOf(e.target);
      const fromPress = pressed !== null && e.detail > 0;
      const began = pressed;
      pressed = null;
      if (!b || b.disabled || (fromPress && b !== began)) return;
      if (b === held) held = null;
      else answer(b, null);
    });
  };

  // tapNumbers is what a tap on counter button b sends Go (listenToTaps): the index in
  // taps.kinds of its kind, then its taps.numbers attributes (0 when absent), the last of them
  // (the delta) hold's when hold is not null.
  const tapNumbers = (taps, b, hold) => {
    const n = taps.numbers.map((a) => Number(b.getAttribute(a)) || 0);
    if (hold !== null) n[n.length - 1] = hold;
    return [taps.kinds.indexOf(b.getAttribute(taps.kind)), ...n];
  };

  Object.assign(gnosis, {
    // listenToTaps calls tap(kind, ...numbers) for a click on an enabled button matching
    // taps.selector: kind is the index in taps.kinds of the button's taps.kind attribute, and
    // the numbers are those of its taps.numbers attributes (0 when absent), so that no value
    // crosses into Go as a text. taps also names the parts patchCounters writes.
    // A press held for taps.holdMs on a button with a taps.hold attribute (an LP counter's −
    // and +) taps once with that attribute's number as the last number (the delta: ±5, a hit
    // in one gesture), and the click that ends the press is no tap of its own. A press begun on
    // the start copy and ended on the app's button counts nothing, and calls tap(-1): Go says so.
    listenToTaps(taps, tap) {
      config = taps;
      answerPresses(taps, (b, hold) => tap(...tapNumbers(taps, b, hold)), () => tap(-1));
    },

    // patchCounters writes counters and the undo and redo buttons as Render draws them. patch
    // is a JSON text {"undo": allowed, "redo": allowed, "counters": [[selector, text, minus
    // allowed, plus allowed], ...]}. Only what changed is written, into the text node go-app
    // keeps, so its own later update finds it.
    patchCounters(patch) {
      const { undo, redo, counters } = JSON.parse(patch);
      const enable = (button, on) => {
        if (button && button.disabled === on) button.disabled = !on;
      };
      for (const [selector, text, less, more] of counters) {
        const counter = document.querySelector(selector);
        if (!counter) continue;
        const node = counter.querySelector("." + config.value);
        const t = node && node.firstChild;
        if (t && t.nodeValue !== text) t.nodeValue = text;
        if (node && node.classList.contains("pips")) {
          // Actions drawn as pips: "left/total" sets the two numbers web/gnosis.css draws.
          const [n, max] = text.split("/");
          node.style.setProperty("--n", n);
          node.style.setProperty("--max", max);
        }
        enable(counter.querySelector("." + config.minus), less);
        enable(counter.querySelector("." + config.plus), more);
      }
      enable(document.getElementById(config.undo), undo);
      enable(document.getElementById(config.redo), redo);
    },

    // saveAfterFrame calls save when the browser is next idle after the next frame (at most
    // 100 ms later), or after 100 ms if no frame comes (a hidden tab), without calling into Go
    // before the paint.
    saveAfterFrame(save) {
      requestAnimationFrame(() =>
        window.requestIdleCallback ? requestIdleCallback(save, { timeout: 100 }) : setTimeout(save, 0),
      );
      setTimeout(save, 100);
    },

    // showAfterPaint scrolls the page the least that shows the element of id whole, between the
    // pinned bars (the elements the selector bars matches) and the open sheet (the element of
    // id sheet), once the frame being drawn is painted: the answer to a tap is not held back by
    // the scroll. Each of them bounds the room from the end of the screen it is nearer (in seat
    // mode, on the far player's turn, the bars are at the foot and the sheet at the top). An
    // element taller than the room between them shows its top.
    showAfterPaint(id, sheet, bars) {
      requestAnimationFrame(() =>
        setTimeout(() => {
          const el = document.getElementById(id);
          if (!el) return;
          const gap = 8, r = el.getBoundingClientRect();
          const s = document.getElementById(sheet);
          let top = 0, bottom = innerHeight;
          for (const b of [...document.querySelectorAll(bars), s && !s.hidden ? s : null]) {
            const br = b && b.getBoundingClientRect();
            if (!br || br.height === 0) continue;
            if (br.top + br.bottom < innerHeight) top = Math.max(top, br.bottom);
            else bottom = Math.min(bottom, br.top);
          }
          let dy = Math.max(0, r.bottom + gap - bottom);
          if (r.top - dy < top + gap) dy = r.top - top - gap;
          if (Math.abs(dy) >= 1) window.scrollBy({ top: dy, behavior: "smooth" });
        }, 0),
      );
    },

    // answerTap is Go's one answer to a tap (app/ui/tracker-fast.go): it writes patch
    // (patchCounters), asks for save after the frame when save is not null (saveAfterFrame),
    // and calls redraw after pause milliseconds when redraw is not null.
    answerTap(patch, save, redraw, pause) {
      this.patchCounters(patch);
      if (save) this.saveAfterFrame(save);
      if (redraw) setTimeout(redraw, pause);
    },
  });
})();
