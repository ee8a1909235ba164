// Command roster unpacks a BattleScribe or New Recruit roster's file for the app (package
// unpack: the zip opened, the XML read), built as its own WebAssembly (web/roster.wasm) and
// run in a Web Worker (web/roster-worker.js), loaded the first time a roster is imported, so
// that app.wasm links neither archive/zip nor encoding/xml. Natively, gnosis party import
// reads a roster whole.
package main
