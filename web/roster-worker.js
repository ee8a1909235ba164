// The roster's reader of a party's import (cmd/roster, package unpack built as its own
// WebAssembly), run off the page's thread: it takes a roster file's bytes ({bytes}) and answers
// {unpacked}, the roster as JSON for Go's roster.Take. It says {ready: true} once it can,
// {failed} when it cannot load.
/* global Go, gnosisUnpackRoster */
importScripts("../wasm_exec.js");

const go = new Go();
WebAssembly.instantiateStreaming(fetch("roster.wasm"), go.importObject).then(
  (r) => go.run(r.instance),
  (err) => postMessage({ failed: String(err) }),
);

onmessage = (e) => {
  postMessage({ unpacked: gnosisUnpackRoster(e.data.bytes) });
};
