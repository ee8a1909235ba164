// Package catalog is the embedded card catalog: every character, summon, advantage card,
// pilot and upgrade of the shared card data, validated and indexed once, on first use.
//
//	cat := catalog.Default()              // panics only if the embedded data is broken (a build defect)
//	nero, ok := cat.Character("nero")     // case-insensitive
//	empire := cat.Filter(catalog.Query{Organization: "Empire", Text: "ad"})
//
// The data file catalog.json is made by cmd/catalog-import from ../shared/data (both
// sources); it keeps facts only (names, numbers, ability names and costs, no card text).
// Speeds are in centimetres. Each card's Source names the transcription its values come from.
// The same import writes the catalog as Go data (data.go), which Default builds from: the
// app decodes no JSON at start (TestDefaultIsTheFile checks that the two agree). Parse reads
// any catalog file.
package catalog
