/// Byte sequences in CEL's lexicographic order.
enum CELBytes {
    /// -1, 0 or 1 as `a` orders before, with or after `b`, byte by byte, a prefix first.
    static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        if common > 0, let left = a.baseAddress, let right = b.baseAddress {
            var index = 0
            while index < common {
                let x = left[index]
                let y = right[index]
                if x != y { return x < y ? -1 : 1 }
                index += 1
            }
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    /// -1, 0 or 1 as `a` orders before, with or after `b`.
    static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
        a.withUnsafeBufferPointer { left in
            b.withUnsafeBufferPointer { right in compare(left, right) }
        }
    }
}
