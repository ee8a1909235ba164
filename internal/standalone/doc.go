// Package standalone holds TestStandsAlone: the project's Go tests pass in a copy of its tree
// placed where nothing lies beside it (no ../shared: the rules digest and the card data the
// project came from), as in a clone from its public home.
package standalone
