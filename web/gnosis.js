// Gnosis's page script. It is a plain file, loaded before go-app's deferred app.js: the page's
// Content-Security-Policy runs no script made from a string. It does what must not
// wait for app.wasm, or must not call into Go:
//
//  1. It repairs the address: a percent sign that starts no escape (a share link cut by a
//     messenger, "#p=AQ%") makes the URL unreadable to Go's net/url, and go-app would stop
//     before the app starts. Such a sign becomes %25 before go-app reads the address, at start
//     and at every change of the fragment (this listener runs before go-app's onpopstate).
//  2. It shows a way out if the Go program ever stops (a bug): go-app never ends on its own,
//     so the end of Go's run means the page would be frozen.
//  3. It lets go-app hear only the clicks on links (window.onclick), not every tap.
//  4. It offers window.gnosis, the functions app/ui calls for the taps of a game and for Back
//     with a sheet open (package ui, tracker-fast.go): every name they share with the page
//     (attributes, classes, ids) comes from Go.
//  5. It tells a new version from the first install (isUpdate).
//  6. It keeps the records in IndexedDB for package store (window.gnosis.store, idb_js.go),
//     and, when the browser blocks site data, gives go-app a localStorage that keeps nothing:
//     go-app reads localStorage as it starts and would stop on the browser's SecurityError.
"use strict";

(() => {
  let storageBlocked = false;
  try {
    window.localStorage.length;
  } catch (e) {
    storageBlocked = true;
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
    if (window.gnosis) window.gnosis.dropGlance(); // the way out shows, not a copy that waits
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
  // A copy of the last screen (the glance, below) is painted before app.wasm is compiled,
  // whose work would hold back the frame that shows it (glancePainted), and goes if app.wasm
  // fails to load: go-app's loader says why.
  let glancePainted = null; // a promise while the copy's first frame is to come
  for (const name of ["instantiateStreaming", "instantiate"]) {
    const f = WebAssembly[name];
    if (typeof f !== "function") continue;
    WebAssembly[name] = function (...args) {
      // Go starts in a task of its own after the compile's last one: two long tasks, not one.
      const go = () =>
        f.apply(this, args).then(
          (r) => new Promise((ok) => setTimeout(() => ok(r), 0)),
          (e) => {
            if (window.gnosis) window.gnosis.dropGlance();
            throw e;
          },
        );
      return glancePainted ? glancePainted.then(go) : go();
    };
  }
  document.addEventListener("DOMContentLoaded", () => {
    if (typeof Go !== "function") return;
    const run = Go.prototype.run;
    Go.prototype.run = function (instance) {
      return run.call(this, instance).finally(showStopped);
    };
  });

  // The records in IndexedDB: one object store of texts under keys (package store). Every
  // change is one transaction with strict durability (on disk when it completes) inside a Web
  // Lock, so a check and its write are one step for all tabs; the other tabs hear of it on a
  // BroadcastChannel.
  const name = "gnosis";
  const records = "records";
  let db = null;
  let channel = null;
  try {
    channel = new BroadcastChannel("gnosis.store");
  } catch (e) {
    channel = null;
  }
  const request = (r) =>
    new Promise((ok, no) => {
      r.onsuccess = () => ok(r.result);
      r.onerror = () => no(r.error);
    });
  const conflict = (message) => {
    const e = new Error(message);
    e.name = "ConflictError";
    return e;
  };
  // pack packs records for Go (see scan).
  const pack = (ks, vs) => {
    const parts = [];
    let nul = false;
    for (let i = 0; i < ks.length; i++) {
      if (typeof ks[i] !== "string" || typeof vs[i] !== "string") continue;
      parts.push(ks[i], vs[i]);
      nul = nul || ks[i].includes("\0") || vs[i].includes("\0");
    }
    if (!nul) return { text: parts.join("\0"), n: parts.length };
    const utf8 = new TextEncoder();
    const ends = new Uint32Array(parts.length);
    let size = 0;
    for (const p of parts) size += p.length * 3; // the most UTF-8 a UTF-16 text can take
    const bytes = new Uint8Array(size);
    let at = 0;
    parts.forEach((p, i) => {
      at += utf8.encodeInto(p, bytes.subarray(at)).written;
      ends[i] = at;
    });
    return { bytes: bytes.subarray(0, at), ends: new Uint8Array(ends.buffer) };
  };
  const locked = (f) => (navigator.locks ? navigator.locks.request("gnosis.store", f) : f());
  const range = (prefix) => IDBKeyRange.bound(prefix, prefix + "\uffff");

  // The database is opened, and every record of the app read, as soon as the page starts,
  // while app.wasm is fetched and compiled: the app's first reads take them from there
  // (preload) until it says it has loaded, this tab commits, or another tab has committed.
  const ahead = "gnosis."; // the keys read ahead: all the app's
  const opening = storageBlocked
    ? Promise.reject(new Error("the browser keeps no data for this site"))
    : new Promise((ok, no) => {
        const r = indexedDB.open(name, 1);
        r.onupgradeneeded = () => r.result.createObjectStore(records);
        r.onsuccess = () => {
          db = r.result;
          db.onversionchange = () => db.close();
          ok();
        };
        r.onerror = () => no(r.error);
        r.onblocked = () => no(new Error("the database is held by an older version of Gnosis in another tab"));
      });
  opening.catch(() => {}); // the app hears of it when it opens the store
  let preload = opening
    .then(() => {
      const st = db.transaction(records).objectStore(records);
      const all = range(ahead);
      return Promise.all([request(st.getAllKeys(all)), request(st.getAll(all))]);
    })
    .then(([ks, vs]) => new Map(ks.map((k, i) => [k, vs[i]])))
    .catch(() => null); // then every read asks the database

  // watched: the texts of the records a copy is summed over (watchRecords), as this page last
  // read or wrote them; stale while another tab's change is read again.
  // stale counts what keeps the sum unknown: the records being read, and another tab's
  // changes this page has yet to draw (store.seen).
  const watched = { keys: null, aside: "", hashes: new Map(), asideKeys: new Set(), stale: 0 };
  const watch = (k, v) => {
    if (watched.keys && watched.keys.includes(k)) watched.hashes.set(k, recordHash(k, v)); // hashed once a change
    if (watched.aside && k.startsWith(watched.aside)) typeof v === "string" ? watched.asideKeys.add(k) : watched.asideKeys.delete(k);
  };
  // watchedSum is the sum of the watched records (glanceSum), or "" while they are not known.
  const watchedSum = () =>
    watched.keys && !watched.stale ? glanceSum(watched.keys, (k) => watched.hashes.get(k) || recordHash(k, null), watched.asideKeys.size) : "";
  // keepSum writes the watched records' sum for the next start's check; forgetSum takes it away
  // while a change is under way.
  const keepSum = () => {
    try {
      const sum = watchedSum();
      if (sum) window.localStorage.setItem(glanceSumKey, sum);
    } catch (e) {}
  };
  const forgetSum = () => {
    try {
      window.localStorage.removeItem(glanceSumKey);
    } catch (e) {}
  };

  // rewatch reads again the records another tab changed, for the copy of the screen's sum
  // (watchRecords): until then no copy is kept.
  const rewatch = (keys) => {
    if (!db) return;
    watched.stale++;
    forgetSum();
    const st = db.transaction(records).objectStore(records);
    Promise.all(keys.map((k) => request(st.get(k)).then((v) => [k, v])))
      .then((kvs) => {
        for (const [k, v] of kvs) watch(k, v);
        watched.stale--;
        keepSum();
      })
      .catch(() => {}); // stays stale: no copy is kept from this page
  };

  const store = {
    blocked: storageBlocked,
    // open opens the database; it fails where the browser keeps no site data.
    open() {
      return opening;
    },
    get(key) {
      const read = () => request(db.transaction(records).objectStore(records).get(key)).then((v) => (v === undefined ? null : v));
      if (!preload || !key.startsWith(ahead)) return read();
      return preload.then((m) => (!m ? read() : m.has(key) ? m.get(key) : null));
    },
    // scan returns every record whose key starts with prefix, by key, packed for Go to take in
    // one or two copies rather than a call per record (a game's log is tens of thousands):
    // {text, n}: the n keys and texts, each key before its text, joined by NUL characters,
    // which none of them holds; else (one does) {bytes, ends}: each key then its text in UTF-8,
    // one after the other, and where each of them ends in bytes (ends: a Uint32Array's bytes,
    // in the platform's order: little-endian, as Go's wasm). Texts that are not strings are
    // left out.
    scan(prefix) {
      const read = () => {
        const st = db.transaction(records).objectStore(records);
        return Promise.all([request(st.getAllKeys(range(prefix))), request(st.getAll(range(prefix)))]).then(([ks, vs]) => pack(ks, vs));
      };
      if (!preload || !prefix.startsWith(ahead)) return read();
      return preload.then((m) => {
        if (!m) return read();
        const ks = [];
        const vs = [];
        for (const [k, v] of m) {
          if (typeof k === "string" && k.startsWith(prefix)) ks.push(k), vs.push(v);
        }
        return pack(ks, vs);
      });
    },
    // loaded says that the app has read what it reads at start: the records read ahead are
    // let go, and every read from now on asks the database.
    loaded() {
      preload = null;
    },
    // commit deletes dels then puts puts ([key, text]) in one transaction, if decide, given
    // the records of the keys read as they are in that transaction (their texts, null for none),
    // answers "": the change's guard is Go's alone (package store's checkGuard). Else it fails
    // with a ConflictError of decide's answer.
    commit(read, decide, dels, puts) {
      preload = null;
      forgetSum(); // kept again once the change is on the device
      return locked(
        () =>
          new Promise((ok, no) => {
            const tx = db.transaction(records, "readwrite", { durability: "strict" });
            const st = tx.objectStore(records);
            let refused = null;
            const write = () => {
              for (const k of dels) st.delete(k);
              for (const [k, v] of puts) st.put(v, k);
            };
            const texts = new Array(read.length).fill(null);
            let left = read.length;
            const settle = () => {
              const answer = decide(texts);
              if (answer === "") write();
              else {
                refused = conflict(answer);
                tx.abort();
              }
            };
            if (!left) settle();
            read.forEach((k, i) => {
              const g = st.get(k);
              g.onsuccess = () => {
                texts[i] = typeof g.result === "string" ? g.result : null;
                if (--left === 0) settle();
              };
            });
            tx.oncomplete = () => {
              for (const k of dels) watch(k, null);
              for (const [k, v] of puts) watch(k, v);
              keepSum();
              if (channel) channel.postMessage([...dels, ...puts.map(([k]) => k)]);
              ok();
            };
            tx.onabort = () => no(refused || tx.error || new Error("the transaction was aborted"));
          }),
      );
    },
    // onChange calls f when another tab has committed a change; until the app says it has
    // drawn it (seen, once for each f), no copy of the screen is kept.
    onChange(f) {
      if (channel)
        channel.onmessage = (e) => {
          preload = null;
          watched.stale++;
          rewatch(Array.isArray(e.data) ? e.data : []);
          f();
        };
    },
    // seen says that the screens have drawn another tab's change (onChange).
    seen() {
      if (watched.stale > 0) watched.stale--;
      keepSum();
    },
  };

  // Which service workers have controlled the page: go-app calls a worker that takes control
  // "an update" even on the first visit (the worker claims the page it was installed from), so
  // the app asks isUpdate before offering to reload.
  const sw = navigator.serviceWorker;
  const controlledAtStart = !!(sw && sw.controller);
  let controllers = controlledAtStart ? 1 : 0;
  if (sw) sw.addEventListener("controllerchange", () => controllers++);

  // answerPresses calls answer(b, hold) for a click on an enabled counter's button b (one
  // matching taps.selector), hold null; or, for a press held taps.holdMs on such a button with a
  // taps.hold attribute, hold that attribute's number (a hit in one gesture), the click that ends
  // the press being no tap of its own. A press answers only on the button it began on, while
  // that button is on the page: a press begun on the copy of the screen (the glance, which
  // takes no tap) never counts on go-app's button that replaced it, and no timer outlives the
  // button that started it. A click with no press (the keyboard's, a script's) is answered.
  const answerPresses = (taps, answer) => {
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
        pressed = b && !b.closest("#" + glanceID) ? b : false;
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
    window.addEventListener("pointerup", release, true);
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
  const glanceKey = "gnosis-glance";
  const glanceSumKey = "gnosis-glance-sum";
  const glanceID = "glance";
  const svgNS = "http://www.w3.org/2000/svg";
  // The elements and attributes the copy keeps: those the home and game screens draw (e2e
  // TestGlance fails on one they draw that is not here), nothing that runs, loads or animates.
  const glanceTags = new Set(
    (
      "div span p h1 h2 h3 h4 button a ul ol li strong em small b i section header footer main nav aside label input select option textarea details summary progress form br hr " +
      "svg:svg svg:g svg:circle svg:ellipse svg:line svg:polygon svg:polyline svg:rect svg:path svg:text svg:tspan svg:title"
    ).split(" "),
  );
  const glanceAttrs =
    /^(id|class|style|role|title|type|hidden|disabled|value|name|for|accept|download|tabindex|lang|dir|href|min|max|step|inputmode|placeholder|checked|selected|open|aria-[a-z]+|data-[a-z0-9-]+|viewbox|x|y|x1|y1|x2|y2|cx|cy|r|rx|ry|width|height|points|d|fill|stroke|stroke-width|stroke-dasharray|stroke-linecap|text-anchor|dominant-baseline|font-size|font-weight|transform|opacity|preserveaspectratio|xmlns)$/;
  // glanceAttr says whether an attribute is copied: on the list, and an address only the page's own.
  const glanceAttr = (name, value) => {
    const n = name.toLowerCase();
    if (!glanceAttrs.test(n)) return false;
    if (n === "href") return /^(#|\/(?!\/))/.test(value);
    if (n === "style") return !/url\(|@|expression|\\/i.test(value);
    return true;
  };
  const glanceTag = (e) => (e.namespaceURI === svgNS ? "svg:" : "") + e.localName.toLowerCase();
  // takeElement is element e as data: [tag, {attributes}, ...children], a text being a string;
  // an element whose id is in leave is left out, and so is what is not on the lists, named in
  // dropped.
  const takeElement = (e, leave, dropped) => {
    const attrs = {};
    for (const a of e.attributes) {
      if (glanceAttr(a.name, a.value)) attrs[a.name] = a.value;
      else dropped.add(glanceTag(e) + "[" + a.name + "]");
    }
    const out = [glanceTag(e), attrs];
    for (const c of e.childNodes) {
      if (c.nodeType === Node.TEXT_NODE) out.push(c.nodeValue);
      else if (c.nodeType !== Node.ELEMENT_NODE || leave.includes(c.id)) continue;
      else if (glanceTags.has(glanceTag(c))) out.push(takeElement(c, leave, dropped));
      else dropped.add(glanceTag(c));
    }
    return out;
  };
  // makeElement builds what takeElement took, but what is not on the lists.
  const makeElement = (d) => {
    if (typeof d === "string") return document.createTextNode(d);
    if (!Array.isArray(d) || typeof d[0] !== "string" || !glanceTags.has(d[0])) return document.createTextNode("");
    const [tag, attrs, ...children] = d;
    const svg = tag.startsWith("svg:");
    const e = svg ? document.createElementNS(svgNS, tag.slice(4)) : document.createElement(tag);
    for (const [k, v] of Object.entries(attrs && typeof attrs === "object" ? attrs : {})) {
      if (glanceAttr(k, String(v))) e.setAttribute(k, String(v));
    }
    for (const c of children) e.append(makeElement(c));
    return e;
  };
  // recordHash is the hash of a record's key and text (not a text: none), two FNV-1a hashes of
  // 32 bits in hexadecimal; glanceSum is the hash of the records' hashes (hashOf gives each) and
  // of how many records are set aside.
  const recordHash = (k, v) => {
    let a = 0x811c9dc5, b = 0x01000193 ^ 0x5bd1e995;
    const t = k + "\u0000" + (typeof v === "string" ? v : "\u0001");
    for (let i = 0; i < t.length; i++) {
      const c = t.charCodeAt(i);
      a = Math.imul(a ^ c, 0x01000193);
      b = Math.imul(b ^ c, 0x01000197);
    }
    return (a >>> 0).toString(16).padStart(8, "0") + (b >>> 0).toString(16).padStart(8, "0");
  };
  const glanceSum = (keys, hashOf, aside) => recordHash(keys.map(hashOf).join(","), "aside " + aside);
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
  let readAhead = preload; // the records read ahead, kept for the copy's checks after loaded() lets them go
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
    if (kind !== "home" || !readAhead) return;
    readAhead.then((m) => {
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
    if (!readAhead) return;
    readAhead.then((m) => {
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

  // The taps of a game, answered in the tap's own event (see app/ui/tracker-fast.go): config holds the
  // names the page shares with Go, given by listenToTaps.
  let config = null;
  window.gnosis = {
    store,

    // provideBackup has every tap on a link with the attribute attr write the backup's
    // address (href(), from Go) into it first: the backup is encoded when asked for, not at
    // every redraw of a screen. backupHref gives it to the tests.
    provideBackup(attr, href) {
      window.gnosis.backupHref = () => href();
      document.addEventListener(
        "click",
        (e) => {
          const a = e.target && e.target.closest && e.target.closest("a[" + attr + "]");
          if (a) a.href = href();
        },
        true
      );
    },

    // isUpdate reports whether a new version has taken over from one that ran this page: the
    // page was controlled when it opened, or has been by two workers since.
    isUpdate() {
      return controlledAtStart || controllers > 1;
    },

    // tryUpdate asks the service worker to look for a new version. Offline the check fails,
    // which is no error (go-app's own call leaves that rejection unhandled).
    tryUpdate() {
      if (!("serviceWorker" in navigator)) return;
      navigator.serviceWorker
        .getRegistration()
        .then((r) => r && r.update())
        .catch(() => {});
    },

    // listenToTaps calls tap(kind, ...numbers) for a click on an enabled button matching
    // taps.selector: kind is the index in taps.kinds of the button's taps.kind attribute, and
    // the numbers are those of its taps.numbers attributes (0 when absent), so that no value
    // crosses into Go as a text. taps also names the parts patchCounters writes.
    // A press held for taps.holdMs on a button with a taps.hold attribute (an LP counter's −
    // and +) taps once with that attribute's number as the last number (the delta: ±5, a hit
    // in one gesture), and the click that ends the press is no tap of its own.
    listenToTaps(taps, tap) {
      config = taps;
      answerPresses(taps, (b, hold) => tap(...tapNumbers(taps, b, hold)));
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

    // shareImage draws the report as one PNG image (the report's pictures, app/ui/report.go):
    // under title, each section of the selector's heading and its SVG, the SVG's computed
    // colours and sizes written into it (a picture drawn as an image has no stylesheet), then
    // the text of the elements words selects (headings in bold), on the page's background; then
    // it hands the image to the system's share sheet, or, where the
    // browser cannot share files or refuses, downloads it as name. done is called with
    // "shared", "downloaded" or why it failed.
    shareImage(selector, words, title, name, done) {
      const width = 1080, pad = 40, font = getComputedStyle(document.body).fontFamily;
      const sections = [...document.querySelectorAll(selector)];
      const lines = [...document.querySelectorAll(words)].map((e) => ({ text: e.textContent, head: /^H[1-6]$/.test(e.tagName) }));
      const props = ["fill", "stroke", "stroke-width", "stroke-dasharray", "font-size", "font-family", "opacity"];
      const images = sections.map((sec) => {
        const svg = sec.querySelector("svg");
        const copy = svg.cloneNode(true);
        const from = [svg, ...svg.querySelectorAll("*")], to = [copy, ...copy.querySelectorAll("*")];
        from.forEach((el, i) => {
          const cs = getComputedStyle(el);
          to[i].setAttribute("style", props.map((p) => p + ":" + cs.getPropertyValue(p)).join(";"));
        });
        const box = svg.viewBox.baseVal, w = width - 2 * pad, h = (w * box.height) / box.width;
        copy.setAttribute("width", w);
        copy.setAttribute("height", h);
        const img = new Image();
        img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(new XMLSerializer().serializeToString(copy));
        return { img, h, heading: (sec.querySelector("h2") || {}).textContent || "" };
      });
      Promise.all(images.map((i) => i.img.decode().then(() => i))).then((parts) => {
        const canvas = document.createElement("canvas");
        canvas.width = width;
        const measure = canvas.getContext("2d");
        measure.font = "28px " + font;
        const wrapped = []; // the words' lines, each cut to the width
        for (const l of lines) {
          let line = "";
          for (const w of l.text.split(" ")) {
            if (line && measure.measureText(line + " " + w).width > width - 2 * pad) {
              wrapped.push({ text: line, head: l.head });
              line = w;
            } else line = line ? line + " " + w : w;
          }
          wrapped.push({ text: line, head: l.head });
        }
        canvas.height = pad * 2 + 60 + parts.reduce((n, p) => n + 60 + p.h + 20, 0) + wrapped.length * 40 + 40;
        const g = canvas.getContext("2d"), css = getComputedStyle(document.body);
        g.fillStyle = css.backgroundColor;
        g.fillRect(0, 0, canvas.width, canvas.height);
        g.fillStyle = css.color;
        g.font = "bold 40px " + font;
        let y = pad + 40;
        g.fillText(title, pad, y);
        y += 20;
        for (const p of parts) {
          g.font = "bold 30px " + font;
          y += 50;
          g.fillText(p.heading, pad, y);
          y += 10;
          g.drawImage(p.img, pad, y, width - 2 * pad, p.h);
          y += p.h + 20;
        }
        y += 20;
        for (const l of wrapped) {
          g.font = (l.head ? "bold 30px " : "28px ") + font;
          y += 40;
          g.fillText(l.text, pad, y);
        }
        canvas.toBlob((blob) => {
          const file = new File([blob], name, { type: "image/png" });
          const download = () => {
            const a = document.createElement("a");
            a.href = canvas.toDataURL("image/png");
            a.download = name;
            a.click();
            done("downloaded");
          };
          if (navigator.canShare && navigator.canShare({ files: [file] })) {
            navigator.share({ files: [file], title }).then(() => done("shared"), (e) => (e && e.name === "AbortError" ? done("cancelled") : download()));
          } else {
            download();
          }
        }, "image/png");
      }, (e) => done(String(e)));
    },

    // fetchText fetches url and calls ok with its text, or fail with why not (the rules'
    // summaries, app/ui/rules.go): offline, the service worker answers from its cache.
    fetchText(url, ok, fail) {
      fetch(url)
        .then((r) => (r.ok ? r.text() : Promise.reject(new Error(r.status + " " + r.statusText))))
        .then((t) => ok(t), (e) => fail(String(e)));
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

    // sheetClosed takes the entry of a sheet closed by its own buttons away again, so that the
    // next Back leaves the screen as it would have before the sheet.
    sheetClosed() {
      if (!this.sheetOpen) return;
      this.markSheet(false);
      if (history.state && history.state.gnosisSheet) history.back();
    },

    // watchRecords names the records a copy of the screen is summed over, and the prefix of
    // those set aside (the glance, above): their texts are taken from the records read ahead
    // and kept as this page writes them, or as it reads them again after another tab's change.
    watchRecords(keys, aside) {
      watched.keys = keys;
      watched.aside = aside;
      watched.stale++;
      const ahead = readAhead;
      readAhead = null; // let go once read here: a long game's records are many
      (ahead || Promise.resolve(null))
        .then((m) => {
          if (!m) return;
          for (const [k, v] of m) if (typeof k === "string") watch(k, v);
          watched.stale--;
          keepSum();
        })
        .catch(() => {});
    },

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

    // answerTap is Go's one answer to a tap (app/ui/tracker-fast.go): it writes patch
    // (patchCounters), asks for save after the frame when save is not null (saveAfterFrame),
    // and calls redraw after pause milliseconds when redraw is not null.
    answerTap(patch, save, redraw, pause) {
      this.patchCounters(patch);
      if (save) this.saveAfterFrame(save);
      if (redraw) setTimeout(redraw, pause);
    },
  };
})();
