/// A set of Unicode scalars, what a class `[...]`, `.` or `\d` matches: sorted disjoint ranges,
/// with a 128-bit ASCII bitmap beside them so the common test is one shift and mask.
struct ScalarSet: Sendable, Hashable {
    /// Sorted, disjoint, non-adjacent ranges.
    let ranges: [ClosedRange<UInt32>]
    /// Bit n is scalar n, for n < 64.
    private let lowBits: UInt64
    /// Bit n is scalar 64 + n, for n < 64.
    private let highBits: UInt64
    /// The ranges at or above 0x80 as flat bounds `[lo0, hi0, lo1, hi1, …]`, searched in halves.
    private let wide: [UInt32]

    /// The largest scalar value.
    static let maxScalar: UInt32 = 0x10FFFF

    init(_ unsorted: [ClosedRange<UInt32>]) {
        var merged: [ClosedRange<UInt32>] = []
        for range in unsorted.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            // Adjacent ranges merge too (`a-c` and `d-f` are `a-f`), so equal sets compare equal.
            if let last = merged.last, range.lowerBound <= last.upperBound &+ 1 {
                merged[merged.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                merged.append(range)
            }
        }
        ranges = merged
        var low: UInt64 = 0, high: UInt64 = 0
        var wide: [UInt32] = []
        for range in merged {
            if range.lowerBound < 0x80 {
                for scalar in range.lowerBound...min(range.upperBound, 0x7F) {
                    if scalar < 64 { low |= 1 << UInt64(scalar) } else { high |= 1 << UInt64(scalar - 64) }
                }
            }
            if range.upperBound >= 0x80 { wide += [max(range.lowerBound, 0x80), range.upperBound] }
        }
        lowBits = low
        highBits = high
        self.wide = wide
    }

    /// Every scalar not in this set.
    var inverted: ScalarSet {
        var gaps: [ClosedRange<UInt32>] = []
        var next: UInt32 = 0
        for range in ranges {
            if range.lowerBound > next { gaps.append(next...(range.lowerBound - 1)) }
            next = range.upperBound &+ 1
        }
        if let last = ranges.last, last.upperBound >= ScalarSet.maxScalar { return ScalarSet(gaps) }
        gaps.append(next...ScalarSet.maxScalar)
        return ScalarSet(gaps)
    }

    /// Every scalar of either set.
    func union(_ other: ScalarSet) -> ScalarSet {
        ScalarSet(ranges + other.ranges)
    }

    @inline(__always)
    func contains(_ scalar: UInt32) -> Bool {
        if scalar < 64 { return lowBits >> UInt64(scalar) & 1 != 0 }
        if scalar < 128 { return highBits >> UInt64(scalar &- 64) & 1 != 0 }
        return containsWide(scalar)
    }

    /// Binary search of the ranges at or above 0x80: the first range whose upper bound is at
    /// least `scalar` holds it, or nothing does.
    private func containsWide(_ scalar: UInt32) -> Bool {
        wide.withUnsafeBufferPointer { bounds in
            var lower = 0, upper = bounds.count / 2
            while lower < upper {
                let middle = (lower + upper) / 2
                if bounds[2 * middle + 1] < scalar { lower = middle + 1 } else { upper = middle }
            }
            return lower < bounds.count / 2 && bounds[2 * lower] <= scalar
        }
    }
}

extension ScalarSet {
    /// `\d`: ASCII digits, as ECMA-262 defines it.
    static let digit = ScalarSet([0x30...0x39])
    /// `\w`: ASCII letters, digits and `_`, as ECMA-262 defines it (no Unicode letters).
    static let word = ScalarSet([0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A])
    /// `\s`: ECMA-262's WhiteSpace and LineTerminator (tab, VT, FF, space, NBSP, BOM, the Zs
    /// spaces, LF, CR, LS, PS).
    static let space = ScalarSet([0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680, 0x2000...0x200A,
                                  0x2028...0x2029, 0x202F...0x202F, 0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF])
    /// ECMA-262's line terminators, which `.` does not match: LF, CR, LS, PS.
    static let lineTerminators = ScalarSet([0x0A...0x0A, 0x0D...0x0D, 0x2028...0x2029])
    /// `.`: any scalar but a line terminator.
    static let dot = lineTerminators.inverted
}
