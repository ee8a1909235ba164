// Gnosis's page scripts (web/boot.js lists them): the records in IndexedDB, for package store
// (idb_js.go). One object store of texts under keys. Every change is one transaction with
// strict durability (on disk when it completes) inside a Web Lock, so a check and its write are
// one step for all tabs; the other tabs hear of it on a BroadcastChannel. Those who keep
// something of the records (the start copy's sums) listen to the changes.
"use strict";

(() => {
  const gnosis = window.gnosis;
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
  const opening = gnosis.storageBlocked
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

  // listeners hear of the changes (listen).
  const listeners = [];
  const tell = (what, ...args) => {
    for (const l of listeners) if (l[what]) l[what](...args);
  };
  let readAhead = preload; // the records read ahead, until the start copy takes them (takeReadAhead)

  const store = {
    blocked: gnosis.storageBlocked,
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
      tell("changing");
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
              tell("committed", dels, puts);
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
          tell("otherTab", Array.isArray(e.data) ? e.data : []);
          f();
        };
    },
    // seen says that the screens have drawn another tab's change (onChange).
    seen() {
      tell("seen");
    },

    // listen has l hear of the changes, each an optional method of l: changing() as this page
    // begins one, committed(dels, puts) once it is on the device (the keys deleted, the [key,
    // text] put), otherTab(keys) when another tab has committed one, seen() once the screens
    // have drawn that (seen). The start copy's sums listen (web/copy.js).
    listen(l) {
      listeners.push(l);
    },
    // read reads the records of keys as they are now: a promise of [key, text or undefined]
    // for each.
    read(keys) {
      if (!db) return Promise.reject(new Error("the database is not open"));
      const st = db.transaction(records).objectStore(records);
      return Promise.all(keys.map((k) => request(st.get(k)).then((v) => [k, v])));
    },
    // takeReadAhead gives the records read ahead at start (a promise of a Map, or of null where
    // they could not be read) once, and lets them go: a long game's records are many.
    takeReadAhead() {
      const m = readAhead;
      readAhead = null;
      return m;
    },
  };
  gnosis.store = store;
})();
