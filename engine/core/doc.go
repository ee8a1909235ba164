// Package core is what the engines of both games (engine, Anima Tactics; engine/diskwars) are
// built from and share: a refusal a player reads (RuleError: the rule, a sentinel, a message of
// engine/text's catalogue; Refuse, Fail) and the sentinels both games refuse with, the kinds of
// commands that cross to the other phone (Kinds), and CleanText for every name that comes from
// outside. It knows no rule of either game.
package core
