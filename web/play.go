package web

import (
	"grundy/query"
	"grundy/report"
)

// PlayRequest is the body of POST /api/play, one step of a game between a person and the perfect
// engine (see query.PlayRequest): a ruleset with its flags, or a script's source, the position
// before the step, and the person's move or "engine": true.
type PlayRequest = query.PlayRequest

// PlayAnswer is the state after a step (see report.Play).
type PlayAnswer = report.Play

// MoveEntry is one legal move of a PlayAnswer.
type MoveEntry = report.MoveEntry

// Played is one move of a step.
type Played = report.Played
