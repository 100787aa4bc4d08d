import Testing
@testable import MappingEngine

/// Byte-string equality over every length its word loads treat apart.
struct ByteTextTests {
    @Test(arguments: Array(0...40))
    func equalSeesEveryByte(_ count: Int) {
        let a = (0..<count).map { UInt8(truncatingIfNeeded: 0x41 + $0) }
        a.withUnsafeBufferPointer { pa in
            #expect(ByteText.equal(pa, pa))
            var b = a
            for position in 0..<count {
                b[position] ^= 0x20
                b.withUnsafeBufferPointer { pb in #expect(!ByteText.equal(pa, pb), "length \(count), byte \(position)") }
                b[position] ^= 0x20
            }
            let longer = a + [0x41]
            longer.withUnsafeBufferPointer { pb in #expect(!ByteText.equal(pa, pb)) }
        }
    }
}
