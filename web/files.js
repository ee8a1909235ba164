// Gnosis's page scripts (web/boot.js lists them): what the player takes out of the app: the
// report as one image for the system's share sheet, a file of text (a game file, a CSV), and the
// backup's link, written when tapped.
"use strict";

(() => {
  Object.assign(window.gnosis, {
    // provideBackup has every tap on a link with the attribute attr wait for the backup's
    // address (href(), from Go: a promise, as the shelf's games are read from the database)
    // and then follow it: the backup is encoded when asked for, not at every redraw of a
    // screen. backupHref and lastBackup give it to the tests.
    provideBackup(attr, href) {
      window.gnosis.backupHref = () => href();
      document.addEventListener(
        "click",
        (e) => {
          const a = e.target && e.target.closest && e.target.closest("a[" + attr + "]");
          if (!a) return;
          if (a.dataset.ready) {
            delete a.dataset.ready; // its address written: followed
            return;
          }
          e.preventDefault();
          href().then((url) => {
            window.gnosis.lastBackup = url;
            a.href = url;
            a.dataset.ready = "yes";
            a.click();
          });
        },
        true
      );
    },

    // shareFile hands a file of text (a kept game's game file, the shelf's CSV) to the system's
    // share sheet, or downloads it as name where the browser cannot share files or refuses;
    // done is called with "shared", "downloaded" or "cancelled". lastFile keeps what was last
    // offered, for the tests.
    shareFile(name, type, text, title, done) {
      window.gnosis.lastFile = { name, type, text };
      const download = () => {
        const a = document.createElement("a");
        a.href = "data:" + type + ";charset=utf-8," + encodeURIComponent(text);
        a.download = name;
        a.click();
        done("downloaded");
      };
      const file = new File([text], name, { type });
      if (navigator.canShare && navigator.canShare({ files: [file] })) {
        navigator.share({ files: [file], title }).then(() => done("shared"), (e) => (e && e.name === "AbortError" ? done("cancelled") : download()));
      } else {
        download();
      }
    },

    // shareImage draws the report as one PNG image (the report's pictures, app/ui/report.go):
    // under title, each section of the selector's heading and its SVG, the SVG's computed
    // colours and sizes written into it (a picture drawn as an image has no stylesheet), then
    // the text of the elements words selects (headings in bold), or the lines words lists, on the page's background; then
    // it hands the image to the system's share sheet, or, where the
    // browser cannot share files or refuses, downloads it as name. done is called with
    // "shared", "downloaded" or why it failed.
    shareImage(selector, words, title, name, done) {
      const width = 1080, pad = 40, font = getComputedStyle(document.body).fontFamily;
      const sections = [...document.querySelectorAll(selector)];
      // words: a selector of the page's elements, or the lines themselves (a club night's
      // standings, made in Go: never drawn on the page). lastImageLines keeps them for the tests.
      const lines = Array.isArray(words)
        ? words.map((text) => ({ text: String(text), head: false }))
        : [...document.querySelectorAll(words)].map((e) => ({ text: e.textContent, head: /^H[1-6]$/.test(e.tagName) }));
      window.gnosis.lastImageLines = lines.map((l) => l.text);
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
      const css = getComputedStyle(document.body);
      const job = { width, pad, font, title, lines, bg: css.backgroundColor, fg: css.color };
      Promise.all(images.map((i) => i.img.decode().then(() => i)))
        .then((parts) => drawn(job, parts))
        .then((blob) => {
          const file = new File([blob], name, { type: "image/png" });
          const download = () => {
            const r = new FileReader();
            r.onload = () => {
              const a = document.createElement("a");
              a.href = r.result;
              a.download = name;
              a.click();
              done("downloaded");
            };
            r.readAsDataURL(blob);
          };
          if (navigator.canShare && navigator.canShare({ files: [file] })) {
            navigator.share({ files: [file], title }).then(() => done("shared"), (e) => (e && e.name === "AbortError" ? done("cancelled") : download()));
          } else {
            download();
          }
        }, (e) => done(String(e)));
    },
  });

  // here is where the page's scripts are (the image's worker beside them).
  const here = document.currentScript ? document.currentScript.src.replace(/files\.js(\?.*)?$/, "") : "web/";

  // drawn is the image of job (shareImage's) and its parts (pictures decoded), as a PNG: drawn by
  // web/image-worker.js off the page's thread (a club night's standings are a canvas of twenty
  // million pixels, which took the page seconds in one task), else, where the browser has no
  // worker's canvas or the worker cannot be loaded (offline before its first use), here.
  const drawn = (job, parts) =>
    (window.OffscreenCanvas && window.Worker && window.createImageBitmap
      ? Promise.all(parts.map((p) => createImageBitmap(p.img))).then(
          (bitmaps) =>
            new Promise((ok, no) => {
              const w = new Worker(here + "image-worker.js");
              const end = (f, v) => (w.terminate(), f(v));
              w.onmessage = (e) => (e.data.blob ? end(ok, e.data.blob) : end(no, e.data.error));
              w.onerror = (e) => (e.preventDefault(), end(no, e.message));
              job.parts = parts.map((p, i) => ({ h: p.h, heading: p.heading, image: bitmaps[i] }));
              w.postMessage(job, bitmaps);
            }),
        )
      : Promise.reject(new Error("no worker's canvas"))
    ).catch(() => {
      const canvas = document.createElement("canvas");
      draw(canvas, job, parts.map((p) => ({ h: p.h, heading: p.heading, image: p.img })));
      return new Promise((ok) => canvas.toBlob(ok, "image/png"));
    });

  // draw draws job on canvas (its height set here); web/image-worker.js has the same, for a
  // worker's canvas.
  const draw = (canvas, job, parts) => {
    const { width, pad, font, title, lines } = job;
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
    const g = canvas.getContext("2d");
    g.fillStyle = job.bg;
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.fillStyle = job.fg;
    g.font = "bold 40px " + font;
    let y = pad + 40;
    g.fillText(title, pad, y);
    y += 20;
    for (const p of parts) {
      g.font = "bold 30px " + font;
      y += 50;
      g.fillText(p.heading, pad, y);
      y += 10;
      g.drawImage(p.image, pad, y, width - 2 * pad, p.h);
      y += p.h + 20;
    }
    y += 20;
    for (const l of wrapped) {
      g.font = (l.head ? "bold 30px " : "28px ") + font;
      y += 40;
      g.fillText(l.text, pad, y);
    }
  };
})();
