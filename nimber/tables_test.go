package nimber

import "testing"

// TestLogGenerator checks that logGenerator is the smallest generator of GF(2^16)^*: the smallest
// element whose order, found by the textbook test (g^(65535/p) ≠ 1 for each prime p dividing
// 65535 = 3·5·17·257), is the whole group's. (buildLogExp checks its order again at start-up.)
func TestLogGenerator(t *testing.T) {
	isGenerator := func(g uint16) bool {
		for _, p := range [...]uint32{3, 5, 17, 257} {
			if powSmall(g, order16/p) == 1 {
				return false
			}
		}
		return true
	}
	for g := uint16(2); g < logGenerator; g++ {
		if isGenerator(g) {
			t.Fatalf("%#x generates GF(2^16)^* and is smaller than logGenerator %#x", g, logGenerator)
		}
	}
	if !isGenerator(logGenerator) {
		t.Fatalf("logGenerator %#x does not generate GF(2^16)^*", logGenerator)
	}
}

// powSmall is a^e in GF(2^16), by squaring and multiplying with the tower multiplication.
func powSmall(a uint16, e uint32) uint16 {
	r := uint16(1)
	for ; e != 0; e >>= 1 {
		if e&1 != 0 {
			r = mulSmall(r, a)
		}
		a = mulSmall(a, a)
	}
	return r
}
