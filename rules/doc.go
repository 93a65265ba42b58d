// Package rules is the catalogue of impartial games: every ruleset of the seeds, registered by
// name, with its parameters, its position syntax, its moves and — where theory gives one — the
// closed form and the winning strategy, so that huge positions are answered at once.
//
// A [Ruleset] is built by name with its flags ([New]); it parses positions from the same argument
// strings the command line and the web API use ([Ruleset.Parse]), enumerates moves for the generic
// engine and for play ([Ruleset.Moves]), and answers who wins, the Grundy value and the winning
// moves ([Ruleset.Analyze]). One-heap rulesets also give their Grundy sequence ([Sequencer]).
//
// Families, one file each:
//
//   - nim.go: nim, misere-nim (Bouton; the SJ theorem)
//   - moore.go: moore, misere-moore (Moore's Nim_k and its misère rule)
//   - staircase.go, gra.go: staircase Nim and the coin game Gra reduced to it
//   - subtract.go: subtraction games (--set, --range, --max, HDU 2897's --last-loses)
//   - lasker.go, splitnim.go, split.go: lasker, split-nim and the P3185 split game (odious numbers)
//   - hunger.go: Hungergame (GF(2) linear basis)
//   - wythoff.go: Wythoff's game (Beatty pairs with exact integer square roots)
//   - coins.go, coins2d.go: coin turning — turtles, mock-turtles, ruler, twins, acrostic, corners,
//     tartan (nim-products by the Tartan theorem, nimmul.go)
//   - primetake.go: the scored game of P1857
//   - octalgames.go: kayles, dawson-kayles, grundy-game and any take-and-break code (package octal)
//   - loopy.go: windup and square-but-one, games with cycles, by loopy values
//
// Answering and playing, for these rulesets and any other game offered as a Ruleset (a script,
// package scriptgame): [Solve] (solve.go) answers a position in normal, misère or loopy play and
// chooses the method from what the game offers; [Misere] (misere.go) is a game in misère play:
// its own [MisereForm], or one [MisereRuleset] answered through the misère quotient of its heap
// game ([HeapGame], heapgame.go) where that decides the position and by the engine's search
// otherwise; [Match] (play.go) is a game in progress against the engine.
//
// Every closed form is checked in the tests against exhaustive search of the move relation on all
// small positions, and every winning move it reports against the outcome of the position it reaches.
//
// Bad input — unknown rulesets, missing or contradictory flags, malformed positions, coins off the
// board, positions beyond a ruleset's limits — gives a *cliarg.Error whose message is fit to show.
package rules
