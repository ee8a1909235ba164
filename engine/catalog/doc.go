// Package catalog is the embedded card catalog: every character of the shared card data,
// parsed and validated at start.
//
//	cat := catalog.Default()              // panics only if the embedded file is broken (a build defect)
//	nero, ok := cat.Character("nero")     // case-insensitive
//	empire := cat.Filter(catalog.Query{Organization: "Empire", Text: "ad"})
//
// The data file characters.json is made by cmd/catalog-import from
// ../shared/data/characters.csv; it keeps facts only (names, numbers, ability names and
// costs, no card text). Speeds are in centimetres. Each card's Source names the
// transcription its values come from.
package catalog
