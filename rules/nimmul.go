package rules

import "grundy/nimber"

// The nim-product of the 2-D coin rulesets comes from package nimber (Conway's field on uint64).

// nimMul is the nim-product a⊗b.
func nimMul(a, b uint64) uint64 { return nimber.Mul(a, b) }

// nimInv is the nim-inverse of a ≠ 0.
func nimInv(a uint64) uint64 { return nimber.Inv(a) }
