"""The nim-product by its definition over Fermat 2-powers, in pure Python: the oracle of the tests
and the baseline of the benchmark."""


def nim_mul(x: int, y: int, half: int = 32) -> int:
    """x ⊗ y for x, y < 2^(2·half): with F = 2^half, (aF + b)(cF + d) = ((a+b)(c+d) + bd)F +
    bd + ac·(F/2), since F⊗F = F ⊕ F/2."""
    if x < 2 or y < 2:
        return x * y
    mask = (1 << half) - 1
    a, b, c, d = x >> half, x & mask, y >> half, y & mask
    ac = nim_mul(a, c, half // 2) if half > 1 else a & c
    bd = nim_mul(b, d, half // 2) if half > 1 else b & d
    abcd = nim_mul(a ^ b, c ^ d, half // 2) if half > 1 else (a ^ b) & (c ^ d)
    low = bd ^ (nim_mul(ac, 1 << (half - 1), half // 2) if half > 1 else ac)
    return ((abcd ^ bd) << half) | low
