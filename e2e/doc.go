// Package e2e drives the real Gnosis PWA in headless Chromium at phone size (390x844), as a
// player would: tap, type, reload, go offline. It runs when GNOSIS_E2E=1 (make test sets it)
// and needs the built binary ../gnosis, ../web/app.wasm and Chromium (CHROMIUM, default
// /usr/bin/chromium). Screenshots and timings are written to e2e/artifacts/. A test that
// waits in vain reports the screen's text with the page's console errors and uncaught
// exceptions (with GNOSIS_CONSOLE=1, every console message). The tests run one at a time by
// default; with E2E_PARALLEL=2 (make test-e2e) two at a time, each on its own server and
// browser profile, but for those that measure time, which run alone first: parallel_test.go
// says which and why.
package e2e
