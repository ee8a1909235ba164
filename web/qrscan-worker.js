// The QR decoder of the pairing screen (cmd/qrscan, Go's gozxing built as its own
// WebAssembly), run off the page's thread: it takes a frame's pixels ({pixels, w, h}) and
// answers {text} ("" when no code is read). It says {ready: true} once it can, {failed} when
// it cannot load.
/* global Go, gnosisQRDecode */
importScripts("../wasm_exec.js");

const go = new Go();
WebAssembly.instantiateStreaming(fetch("qrscan.wasm"), go.importObject).then(
  (r) => go.run(r.instance),
  (err) => postMessage({ failed: String(err) }),
);

onmessage = (e) => {
  const { pixels, w, h } = e.data;
  let text = "";
  try {
    text = gnosisQRDecode(pixels, w, h);
  } catch (err) {
    text = "";
  }
  postMessage({ text });
};
