/// `ipv4`, `ipv6`, `ip` and `cidr`: addresses read in their standard text forms and written in
/// the canonical one (RFC 5952 for IPv6: lower case, no leading zeros, the longest run of two or
/// more zero groups as `::`, the first of equal runs; `::ffff:1.2.3.4` for IPv4-mapped).
public enum IPText {
    /// `ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff`: the longest canonical IPv6 text.
    static let maxV6Length = 39

    /// An address of either family, `v4` and `v6` saying which are taken. IPv4: four decimal
    /// parts 0–255 without leading zeros (`010` is octal to some readers and decimal to
    /// others, so it is refused). IPv6: RFC 4291's forms, a trailing dotted IPv4 part included;
    /// a zone (`%eth0`) is refused, as it means nothing off the host that wrote it. Lax also
    /// takes an IPv6 address in brackets (`[2001:db8::1]`, as in URLs).
    static func address(_ text: UnsafeBufferPointer<UInt8>, lax: Bool, v4: Bool, v6: Bool) -> IPAddress? {
        if v4, let value = ipv4(text[...]) { return IPAddress(v6: false, groups: IPAddress.mapped(value)) }
        guard v6 else { return nil }
        var body = text[...]
        if lax, body.count > 2, body.first == UInt8(ascii: "["), body.last == UInt8(ascii: "]") {
            body = body.dropFirst().dropLast()
        }
        return ipv6(body).map { IPAddress(v6: true, groups: $0) }
    }

    /// `address/prefix`, with no bit set past the prefix (`10.1.2.3/8` names no network: it is
    /// refused, not silently masked). Lax also takes a bare address as its one-host network.
    static func network(_ text: UnsafeBufferPointer<UInt8>, lax: Bool) -> IPNetwork? {
        guard let slash = text.firstIndex(of: UInt8(ascii: "/")) else {
            guard lax, let address = address(text, lax: false, v4: true, v6: true) else { return nil }
            return IPNetwork(address: address, prefix: address.v6 ? 128 : 32)
        }
        let head = UnsafeBufferPointer(rebasing: text[..<slash])
        let tail = text[(slash + 1)...]
        guard let address = address(head, lax: false, v4: true, v6: true),
              (1...3).contains(tail.count), tail.allSatisfy(ScalarASCII.isDigit),
              tail.count == 1 || tail.first != UInt8(ascii: "0") else { return nil }
        let prefix = tail.reduce(0) { $0 * 10 + Int($1 &- 0x30) }
        let bits = address.v6 ? 128 : 32
        guard prefix <= bits, address.hostBitsAreZero(prefix: prefix + (128 - bits)) else { return nil }
        return IPNetwork(address: address, prefix: prefix)
    }

    /// Dotted-quad IPv4 as a 32-bit number.
    static func ipv4(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> UInt32? {
        var value: UInt32 = 0
        var parts = 0
        var index = text.startIndex
        while parts < 4 {
            if parts > 0 {
                guard index < text.endIndex, text[index] == UInt8(ascii: ".") else { return nil }
                index += 1
            }
            var part = 0
            var digits = 0
            while index < text.endIndex, ScalarASCII.isDigit(text[index]), digits < 3 {
                part = part * 10 + Int(text[index] &- 0x30)
                digits += 1
                index += 1
            }
            guard digits > 0, part <= 255, digits == 1 || text[index - digits] != UInt8(ascii: "0") else { return nil }
            value = value << 8 | UInt32(part)
            parts += 1
        }
        return index == text.endIndex ? value : nil
    }

    /// IPv6 as its eight 16-bit groups.
    static func ipv6(_ text: Slice<UnsafeBufferPointer<UInt8>>) -> SIMD8<UInt16>? {
        var groups = SIMD8<UInt16>()
        var count = 0
        var gap = -1
        var index = text.startIndex
        let end = text.endIndex
        if end - index >= 2, text[index] == UInt8(ascii: ":"), text[index + 1] == UInt8(ascii: ":") {
            gap = 0
            index += 2
        }
        while index < end {
            // A dotted IPv4 part can only come last, in the place of two groups.
            var tokenEnd = index
            while tokenEnd < end, text[tokenEnd] != UInt8(ascii: ":") { tokenEnd += 1 }
            if tokenEnd == end, text[index..<end].contains(UInt8(ascii: ".")) {
                guard count <= 6, let value = ipv4(text[index..<end]) else { return nil }
                groups[count] = UInt16(truncatingIfNeeded: value >> 16)
                groups[count + 1] = UInt16(truncatingIfNeeded: value)
                count += 2
                index = end
                break
            }
            guard (1...4).contains(tokenEnd - index), count < 8 else { return nil }
            var group: UInt16 = 0
            for position in index..<tokenEnd {
                let byte = text[position]
                guard ScalarASCII.isHexDigit(byte) else { return nil }
                let digit = ScalarASCII.isDigit(byte) ? byte &- 0x30 : (byte | 0x20) &- 0x61 &+ 10
                group = group << 4 | UInt16(digit)
            }
            groups[count] = group
            count += 1
            index = tokenEnd
            guard index < end else { break }
            index += 1
            if index < end, text[index] == UInt8(ascii: ":") {
                guard gap < 0 else { return nil }
                gap = count
                index += 1
            } else if index == end {
                return nil
            }
        }
        if gap < 0 { return count == 8 ? groups : nil }
        // `::` stands for at least one zero group.
        guard count <= 7 else { return nil }
        var expanded = SIMD8<UInt16>()
        for position in 0..<gap { expanded[position] = groups[position] }
        let tail = count - gap
        for offset in 0..<tail { expanded[8 - tail + offset] = groups[gap + offset] }
        return expanded
    }
}

/// An IPv4 or IPv6 address; IPv4 is kept as its IPv4-mapped groups (`::ffff:a.b.c.d`).
struct IPAddress {
    var v6: Bool
    var groups: SIMD8<UInt16>

    /// The IPv4-mapped groups of `value`.
    static func mapped(_ value: UInt32) -> SIMD8<UInt16> {
        SIMD8<UInt16>(0, 0, 0, 0, 0, 0xFFFF, UInt16(truncatingIfNeeded: value >> 16), UInt16(truncatingIfNeeded: value))
    }

    /// Whether every bit past the first `prefix` of the 128 is zero.
    func hostBitsAreZero(prefix: Int) -> Bool {
        for index in 0..<8 {
            let first = index * 16
            guard first + 16 > prefix else { continue }
            let kept = max(0, prefix - first)
            let mask: UInt16 = 0xFFFF >> UInt16(kept)
            if groups[index] & mask != 0 { return false }
        }
        return true
    }

    /// Writes the canonical text.
    func write(to out: UnsafeMutablePointer<UInt8>) -> Int {
        var output = FormatOutput(out)
        write(&output)
        return output.count
    }

    func write(_ output: inout FormatOutput) {
        let isMapped = (0..<5).allSatisfy { groups[$0] == 0 } && groups[5] == 0xFFFF
        if !v6 || isMapped {
            if v6 { for byte in "::ffff:".utf8 { output.byte(byte) } }
            for index in 0..<4 {
                if index > 0 { output.byte(UInt8(ascii: ".")) }
                let group = groups[6 + index / 2]
                output.decimal(UInt64(index % 2 == 0 ? group >> 8 : group & 0xFF))
            }
            return
        }
        // The longest run of two or more zero groups, the first of equal ones.
        var best = (start: -1, length: 1)
        var index = 0
        while index < 8 {
            guard groups[index] == 0 else {
                index += 1
                continue
            }
            var end = index
            while end < 8, groups[end] == 0 { end += 1 }
            if end - index > best.length { best = (index, end - index) }
            index = end
        }
        index = 0
        while index < 8 {
            if index == best.start {
                output.byte(UInt8(ascii: ":"))
                output.byte(UInt8(ascii: ":"))
                index += best.length
                continue
            }
            if index > 0 && index != best.start + best.length { output.byte(UInt8(ascii: ":")) }
            IPAddress.hex(groups[index], &output)
            index += 1
        }
    }

    /// A group in lower-case hex without leading zeros.
    private static func hex(_ group: UInt16, _ output: inout FormatOutput) {
        var shift: UInt16 = 12
        while shift > 0, group >> shift == 0 { shift -= 4 }
        while true {
            let digit = UInt8(truncatingIfNeeded: group >> shift & 0xF)
            output.byte(digit < 10 ? digit &+ 0x30 : digit &+ 0x57)
            if shift == 0 { break }
            shift -= 4
        }
    }
}

/// An address and a prefix length with no host bits set.
struct IPNetwork {
    var address: IPAddress
    var prefix: Int

    func write(to out: UnsafeMutablePointer<UInt8>) -> Int {
        var output = FormatOutput(out)
        address.write(&output)
        output.byte(UInt8(ascii: "/"))
        output.decimal(UInt64(prefix))
        return output.count
    }
}
