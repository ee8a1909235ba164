// Gnosis's page scripts (web/boot.js lists them): what the start copy (web/copy.js) is made of
// and checked against. A screen's elements are taken as data (tag, attributes, texts) and built
// again from it, each on an allow-list of what the screens draw: no markup is stored or
// parsed. The sum of the records a screen is drawn from (each record's hash, and how many are
// set aside) is kept in localStorage, following the store's changes, for the next start to
// check a copy against without waiting for IndexedDB.
"use strict";

(() => {
  const gnosis = window.gnosis;
  const store = gnosis.store;
  const glanceKey = "gnosis-glance"; // the copy of the last screen
  const glanceSumKey = "gnosis-glance-sum"; // the records' sum as they are
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
    watched.stale++;
    forgetSum();
    store
      .read(keys)
      .then((kvs) => {
        for (const [k, v] of kvs) watch(k, v);
        watched.stale--;
        keepSum();
      })
      .catch(() => {}); // stays stale: no copy is kept from this page
  };

  // The sums follow the records' changes: taken away while this page makes one, kept again once
  // it is on the device; another tab's change keeps them away until this page has read it again
  // and drawn it (store.seen).
  store.listen({
    changing: forgetSum,
    committed(dels, puts) {
      for (const k of dels) watch(k, null);
      for (const [k, v] of puts) watch(k, v);
      keepSum();
    },
    otherTab(keys) {
      watched.stale++;
      rewatch(keys);
    },
    seen() {
      if (watched.stale > 0) watched.stale--;
      keepSum();
    },
  });

  // watchRecords names the records a copy of the screen is summed over, and the prefix of
  // those set aside (web/copy.js): their texts are taken from the records read ahead
  // and kept as this page writes them, or as it reads them again after another tab's change.
  gnosis.watchRecords = (keys, aside) => {
    watched.keys = keys;
    watched.aside = aside;
    watched.stale++;
    const ahead = gnosis.copyData.readAhead;
    gnosis.copyData.readAhead = null; // let go once read here: a long game's records are many
    (ahead || Promise.resolve(null))
      .then((m) => {
        if (!m) return;
        for (const [k, v] of m) if (typeof k === "string") watch(k, v);
        watched.stale--;
        keepSum();
      })
      .catch(() => {});
  };

  // readAhead: the records read ahead, the start copy's checks' until watchRecords takes them.
  gnosis.copyData = { takeElement, makeElement, recordHash, glanceSum, watched, watchedSum, glanceKey, glanceSumKey, readAhead: store.takeReadAhead() };
})();
