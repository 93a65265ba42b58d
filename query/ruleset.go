package query

import (
	"grundy/report"
	"grundy/rules"
)

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

// NewReport writes the analysis a of position p of the ruleset r as a Report
// (report.NewRulesetSolve).
func NewReport(r rules.Ruleset, p rules.Position, a rules.Analysis) Report {
	return report.NewRulesetSolve(r, p, a)
}

// NewSeqReport writes the sequence s, computed to heap to, as a SeqReport; with summary the values
// are left out (report.NewRulesetSeq).
func NewSeqReport(s rules.Sequence, to uint64, summary bool) SeqReport {
	return report.NewRulesetSeq(s, to, summary)
}

// NewLoopySolve writes the loopy analysis a of position p of the ruleset r (one with cycles) as
// the answer of Solve (report.NewLoopySolve).
func NewLoopySolve(r rules.Ruleset, p rules.Position, a rules.LoopyAnalysis) report.LoopySolve {
	return report.NewLoopySolve(r, p, a)
}
