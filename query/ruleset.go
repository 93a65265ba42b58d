package query

import "grundy/report"

// Report is the answer of Solve for a built-in ruleset: the solve contract and the board drawn for
// people (report.RulesetSolve).
type Report = report.RulesetSolve

// SeqReport is the answer of Seq for a built-in one-heap ruleset: the seq contract and the saltus
// of an arithmetic period (report.RulesetSeq).
type SeqReport = report.RulesetSeq

// ScriptSolve is the answer of Solve for a script (report.ScriptSolve).
type ScriptSolve = report.ScriptSolve

// PlayStep is the answer of Play (report.PlayStep).
type PlayStep = report.PlayStep

// RulesAnswer is the answer of Rules (report.RulesAnswer).
type RulesAnswer = report.RulesAnswer
