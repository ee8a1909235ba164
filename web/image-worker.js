// Gnosis's image worker (started by web/files.js's shareImage): draws a shared image (a report,
// a club night's standings) on a worker's canvas and answers it as a PNG, off the page's thread:
// a club night's standings are a canvas of twenty million pixels, which the page took seconds to
// make in one task. Its draw is files.js's, which draws where the browser has no worker's canvas.
"use strict";

self.onmessage = (e) => {
  const job = e.data;
  const canvas = new OffscreenCanvas(job.width, 1);
  try {
    draw(canvas, job, job.parts);
  } catch (err) {
    self.postMessage({ error: String(err) });
    return;
  }
  canvas.convertToBlob({ type: "image/png" }).then(
    (blob) => self.postMessage({ blob }),
    (err) => self.postMessage({ error: String(err) }),
  );
};

// draw draws job on canvas (its height set here), as web/files.js's draw does.
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
