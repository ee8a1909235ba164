// Package season adds club nights up: their event files (engine/event) of one game, players
// joined across nights by their player card's key, the season's standings and each player's
// Glicko-2 rating, a night a rating period. Pure Go, like engine/event, and like it knowing no
// game: the phone, the command line and the ranking site run the same code.
package season
