// go-app's hello world in a module of its own: it builds go-app v10.1.11 as a go-app user gets
// it, out of reach of the replace in Gnosis's go.mod (third_party/go-app), so that the start
// and tap floors it gives stay what go-app gives.
module hello

go 1.26

require github.com/maxence-charriere/go-app/v10 v10.1.11

require github.com/google/uuid v1.6.0 // indirect
