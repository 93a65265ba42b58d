//go:build amd64 && !purego

package nimber

// The amd64 nim-product works in a polynomial basis. The nim-field of 2^64 elements is isomorphic to
// GF(2)[x]/(p) with p(x) = x^64 + x^4 + x^3 + x + 1 (irreducible over GF(2)); an isomorphism is fixed
// by sending x to a root α of p in the nim-field. The 64 powers α^0 … α^63 below are the images of the
// polynomial basis: they are the only constants, derived by TestAsmGenerateBasis (run with -asm.gen)
// and checked on every test run by TestClmulBasisConstants (α is a root of p, and α^i = α^(i-1)⊗α).
// The two change-of-basis maps are built from them once at init by GF(2) linear algebra, as byte
// tables.
//
// In the polynomial basis a product is a carry-less multiplication (PCLMULQDQ) followed by a
// reduction modulo p, which for this sparse p takes two more carry-less products by 0x1b.

// clmulPolyLow holds the low terms of p: x^64 ≡ x^4 + x^3 + x + 1 (mod p).
const clmulPolyLow = 0x1b

// α = 0x4421ec1f122ab3df, a root of x^64 + x^4 + x^3 + x + 1 in the nim-field.
var clmulAlphaPowers = [64]uint64{
	0x0000000000000001, 0x4421ec1f122ab3df, 0x61ca0eb3e633b549, 0x415180a241624072,
	0x524305bc40f7ee76, 0x7d7f46c0c6646b0a, 0x6671a383dd9ba8aa, 0x297b47001f8a9ebf,
	0x7cf7499a837c2d83, 0x5cd70c7ad3aa42c3, 0x417b391d91a608ee, 0x1b10d2971554ad22,
	0x560e0ca4873717b6, 0x7c6e1c2396aabbda, 0x38df32fc87505af9, 0x5d5e2c9f3940aa4c,
	0x4028c4e2c515ac62, 0x663ff76d6c929a7d, 0x74e718ac9511a617, 0x3a815470d047e063,
	0x664b06f40daac823, 0x542788d8bd95d062, 0x17659008aeb2d120, 0x0f0aaf0f80c4a704,
	0x7aea581d00a24764, 0x479b33bf3d23a323, 0x40e2cb3e07da900e, 0x0fac400aa2543eb2,
	0x21ee68b127741b3e, 0x33753d5aa36241e4, 0x75b55803e317dd94, 0x793aadb0faebd8dd,
	0x67b6d5c5592ee155, 0x2b7688eb15bd295a, 0x56612a83abb23fd7, 0x616174384044b038,
	0x4dd0a63881359e16, 0x14b61d2d1fa8651a, 0x22d9c599494faef0, 0x5e6ef3956432b71c,
	0x562ce7aab1490961, 0x0893970d3e9ac4ed, 0x7992e2dee21a0773, 0x15c3f382539092a3,
	0x1cb9ee5b6f51bd2e, 0x0f80942d647024bd, 0x095e27dca6fa94b4, 0x5aa0d5e9a340c1e4,
	0x450aebae10acef2a, 0x01a66dc9a4cb0543, 0x63f64df6408f50c9, 0x086678ca91ca3b17,
	0x6701b93fa5b6774c, 0x48ad25bc97970de4, 0x09b122b50fcca9a5, 0x2643d043df1b4c3c,
	0x35fea905bf0d4ffa, 0x346f6fe48bd12d3b, 0x2e2a96c8cca8e495, 0x219d1806af5130f2,
	0x4c2c0d8adef963ee, 0xa43211aa48efd40a, 0x476b46ba719fcf5b, 0xdc4e170966115393,
}

// asmByteTable applies a GF(2)-linear map on 64-bit words: entry [i][v] is the image of v<<(8i).
type asmByteTable [8][256]uint64

// clmulTabs holds the two change-of-basis maps, read-only after init; the assembly reads it by name.
// The kernel loads 16 bytes where it needs 8 (the entry and the next), so the last entry of from
// is followed by pad.
var clmulTabs struct {
	to   asmByteTable // nim basis → polynomial basis
	from asmByteTable // polynomial basis → nim basis
	pad  [2]uint64
}

func init() {
	from := clmulAlphaPowers
	to, ok := asmInvertMap(from)
	if !ok {
		panic("nimber: polynomial-basis constants are singular") // impossible: checked by tests
	}
	clmulTabs.to.fill(&to)
	clmulTabs.from.fill(&from)

}

// fill builds the byte table of the linear map whose image of 2^k is cols[k].
func (t *asmByteTable) fill(cols *[64]uint64) {
	for i := range 8 {
		for v := range 256 {
			var s uint64
			for b := range 8 {
				if v>>b&1 == 1 {
					s ^= cols[8*i+b]
				}
			}
			t[i][v] = s
		}
	}
}

// apply returns the image of x under the map of t.
func (t *asmByteTable) apply(x uint64) uint64 {
	return t[0][uint8(x)] ^ t[1][uint8(x>>8)] ^ t[2][uint8(x>>16)] ^ t[3][uint8(x>>24)] ^
		t[4][uint8(x>>32)] ^ t[5][uint8(x>>40)] ^ t[6][uint8(x>>48)] ^ t[7][uint8(x>>56)]
}

// asmInvertMap inverts the GF(2)-linear map whose image of 2^k is cols[k], by Gauss–Jordan
// elimination on the columns; ok is false if the map is singular.
func asmInvertMap(cols [64]uint64) (inv [64]uint64, ok bool) {
	v := cols // invariant: v[j] = M(w[j])
	var w [64]uint64
	for j := range w {
		w[j] = 1 << j
	}
	for bit := range 64 {
		piv := -1
		for j := bit; j < 64; j++ {
			if v[j]>>bit&1 == 1 {
				piv = j
				break
			}
		}
		if piv < 0 {
			return inv, false
		}
		v[bit], v[piv] = v[piv], v[bit]
		w[bit], w[piv] = w[piv], w[bit]
		for j := range 64 {
			if j != bit && v[j]>>bit&1 == 1 {
				v[j] ^= v[bit]
				w[j] ^= w[bit]
			}
		}
	}
	return w, true // now v[j] = 2^j, so M(w[j]) = 2^j
}

// clmulSoft is the carry-less product of a and b (hi:lo), in portable Go; used at init and in tests.
func clmulSoft(a, b uint64) (hi, lo uint64) {
	for i := range 64 {
		if b>>i&1 == 1 {
			lo ^= a << i
			if i > 0 {
				hi ^= a >> (64 - i)
			}
		}
	}
	return hi, lo
}

// clmulReduce returns hi·x^64 + lo modulo p.
func clmulReduce(hi, lo uint64) uint64 {
	h2, l2 := clmulSoft(hi, clmulPolyLow) // hi·x^64 ≡ hi·(x^4+x^3+x+1); h2 < 2^4
	_, l3 := clmulSoft(h2, clmulPolyLow)  // h2·x^64 ≡ h2·(x^4+x^3+x+1) < 2^8
	return lo ^ l2 ^ l3
}
