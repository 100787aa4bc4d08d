/// The pattern parser's escapes (`\d`, `\x41`, `\u{1F600}`…) and classes (`[^a-z\d]`), the parts
/// shared between the top level and the inside of a class.
extension PatternParser {
    /// The class at `index` (a `[`), read up to and past its `]`, as the set it matches.
    mutating func characterClass() throws(PatternError) -> ScalarSet {
        let open = index
        index += 1
        let negated = peek == "^"
        if negated { index += 1 }
        var ranges: [ClosedRange<UInt32>] = []
        while true {
            guard let scalar = peek else {
                throw refusal(at: open, "'[' is never closed; close it with ']' or write \\[ for the character")
            }
            if scalar == "]" {
                index += 1
                break
            }
            // ECMA-262 would read `[[:alpha:]]` as a class of `[:alph` followed by `]`: never what was meant.
            if scalar == "[", peek(1) == ":" {
                throw refusal(at: index, "POSIX classes such as [:alpha:] are not supported; write ranges ([A-Za-z]) or \\w, \\d, \\s")
            }
            let start = index
            let first = try classMember()
            guard peek == "-", let after = peek(1), after != "]" else {
                ranges += first.ranges
                continue
            }
            index += 1
            let second = try classMember()
            guard case .scalar(let low) = first, case .scalar(let high) = second else {
                throw refusal(at: start, "a class escape such as \\d cannot bound a range; write \\- for a literal '-'")
            }
            guard low <= high else {
                throw refusal(at: start, "the range '\(text(start, index))' is out of order")
            }
            ranges.append(low...high)
        }
        let set = ScalarSet(ranges)
        return negated ? set.inverted : set
    }

    /// One member of a class: a scalar, or the set of a class escape such as `\d`.
    private mutating func classMember() throws(PatternError) -> ClassMember {
        guard peek == "\\" else {
            defer { index += 1 }
            return .scalar(scalars[index].value)
        }
        switch try escape(inClass: true) {
        case .scalar(let value): return .scalar(value)
        case .set(let set): return .set(set)
        // `escape(inClass: true)` makes nothing else; an empty set keeps this total.
        default: return .set(ScalarSet([]))
        }
    }

    /// The escape at `index` (a `\`), read past: a scalar, a set (`\d`…), or an assertion (`\b`,
    /// `\B`, only outside a class).
    mutating func escape(inClass: Bool) throws(PatternError) -> PatternNode {
        let at = index
        index += 1
        guard let scalar = peek else {
            throw refusal(at: at, "the pattern ends in a lone '\\'; write \\\\ for a backslash")
        }
        index += 1
        switch scalar {
        case "d": return .set(.digit)
        case "D": return .set(ScalarSet.digit.inverted)
        case "w": return .set(.word)
        case "W": return .set(ScalarSet.word.inverted)
        case "s": return .set(.space)
        case "S": return .set(ScalarSet.space.inverted)
        case "b": return inClass ? .scalar(0x08) : .assertion(.wordBoundary)
        case "B":
            guard !inClass else { throw refusal(at: at, "'\\B' means nothing inside a class") }
            return .assertion(.notWordBoundary)
        case "n": return .scalar(0x0A)
        case "r": return .scalar(0x0D)
        case "t": return .scalar(0x09)
        case "f": return .scalar(0x0C)
        case "v": return .scalar(0x0B)
        case "0":
            if let next = peek, ("0"..."9").contains(next) {
                throw refusal(at: at, "octal escapes are not supported; write \\xHH")
            }
            return .scalar(0)
        case "1"..."9":
            throw refusal(at: at, "backreferences ('\\\(scalar)') are not supported: they cannot be matched in linear time; "
                + "repeat the group's pattern instead")
        case "k":
            throw refusal(at: at, "named backreferences ('\\k<…>') are not supported: they cannot be matched in linear time; "
                + "repeat the group's pattern instead")
        case "x":
            guard let value = hex(count: 2) else { throw refusal(at: at, "'\\x' takes two hex digits, as in \\x41") }
            return .scalar(value)
        case "u":
            return .scalar(try unicodeEscape(at))
        case "c":
            guard let letter = peek, ("a"..."z").contains(letter) || ("A"..."Z").contains(letter) else {
                throw refusal(at: at, "'\\c' takes a letter, as in \\cJ")
            }
            index += 1
            return .scalar(letter.value % 32)
        case "p", "P":
            throw refusal(at: at, "Unicode property escapes ('\\\(scalar){…}') are not supported; write the ranges, as in [A-Za-z\\u00C0-\\u024F]")
        case "A", "z", "Z", "G":
            throw refusal(at: at, "'\\\(scalar)' is not ECMA-262 syntax; use ^ and $ for the text's start and end")
        case "!"..."/", ":"..."@", "["..."`", "{"..."~":
            return .scalar(scalar.value)
        default:
            throw refusal(at: at, "unknown escape '\\\(scalar)'; write the character without the '\\'")
        }
    }

    /// The scalar of `\uHHHH`, a surrogate pair `\uHHHH\uHHHH`, or `\u{H…}`; `index` is past the `u`.
    private mutating func unicodeEscape(_ at: Int) throws(PatternError) -> UInt32 {
        var value: UInt32
        if peek == "{" {
            index += 1
            let start = index
            var parsed: UInt32 = 0
            while let digit = peek.flatMap(PatternParser.hexValue), parsed <= ScalarSet.maxScalar {
                parsed = parsed << 4 | digit
                index += 1
            }
            guard index > start, peek == "}", parsed <= ScalarSet.maxScalar else {
                throw refusal(at: at, "'\\u{…}' takes hex digits naming a scalar up to 10FFFF, as in \\u{1F600}")
            }
            index += 1
            value = parsed
        } else {
            guard let unit = hex(count: 4) else {
                throw refusal(at: at, "'\\u' takes four hex digits (\\u00E9) or braces (\\u{1F600})")
            }
            value = unit
            // A high surrogate followed by a low one, as JSON writes astral characters, is one scalar.
            if (0xD800...0xDBFF).contains(unit), peek == "\\", peek(1) == "u" {
                let saved = index
                index += 2
                if let low = hex(count: 4), (0xDC00...0xDFFF).contains(low) {
                    value = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                } else {
                    index = saved
                }
            }
        }
        guard !(0xD800...0xDFFF).contains(value) else {
            throw refusal(at: at, "'\(text(at, index))' is half of a surrogate pair and names no character; write the character or \\u{…}")
        }
        return value
    }

    /// Exactly `count` hex digits at `index`, read past; nil, reading nothing, when they are not there.
    private mutating func hex(count: Int) -> UInt32? {
        var value: UInt32 = 0
        for offset in 0..<count {
            guard let digit = peek(offset).flatMap(PatternParser.hexValue) else { return nil }
            value = value << 4 | digit
        }
        index += count
        return value
    }

    private static func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": scalar.value - 0x30
        case "a"..."f": scalar.value - 0x61 + 10
        case "A"..."F": scalar.value - 0x41 + 10
        default: nil
        }
    }
}

/// A member of a class as read: one scalar, or the set of a class escape such as `\d`, which
/// cannot bound a range.
private enum ClassMember {
    case scalar(UInt32)
    case set(ScalarSet)

    var ranges: [ClosedRange<UInt32>] {
        switch self {
        case .scalar(let value): [value...value]
        case .set(let set): set.ranges
        }
    }
}
