/// Turns an ICU / NSDateFormatter-style date pattern into tokens, refusing what it cannot honour.
enum DatePatternCompiler {
    /// The pattern letters understood, for error messages.
    static let supportedLetters = "y M d H h a m s S Z X E"

    /// The tokens of `source`; throws naming the first problem found.
    static func compile(_ source: String) throws(DateFormatError) -> [DatePatternToken] {
        let bytes = Array(source.utf8)
        guard !bytes.isEmpty else { throw failure(source, "the pattern is empty") }
        var tokens: [DatePatternToken] = []
        // The width a numeric field keeps when another numeric field follows it directly
        // (ICU's rule for abutting fields such as `yyyyMMdd`).
        var abuttingWidths: [Int?] = []
        var literal: [UInt8] = []
        var fieldsSeen: Set<UInt8> = []
        var index = 0

        func flushLiteral() {
            guard !literal.isEmpty else { return }
            tokens.append(.literal(literal))
            abuttingWidths.append(nil)
            literal.removeAll()
        }

        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "'") {
                index = try quoted(bytes, from: index, into: &literal, source: source)
                continue
            }
            guard DateCursor.isLetter(byte) else {
                literal.append(byte)
                index += 1
                continue
            }
            var count = 1
            while index + count < bytes.count, bytes[index + count] == byte { count += 1 }
            let (token, width) = try field(letter: byte, count: count, source: source)
            let category = byte == UInt8(ascii: "h") ? UInt8(ascii: "H")
                : byte == UInt8(ascii: "X") ? UInt8(ascii: "Z") : byte
            guard fieldsSeen.insert(category).inserted else {
                throw failure(source, "the field '\(Character(Unicode.Scalar(byte)))' appears twice")
            }
            flushLiteral()
            tokens.append(token)
            abuttingWidths.append(width)
            index += count
        }
        flushLiteral()
        guard fieldsSeen.contains(UInt8(ascii: "y")) else {
            throw failure(source, "the pattern has no year ('yyyy' or 'yy')")
        }
        for position in tokens.indices.dropLast() where tokens[position + 1].readsDigits {
            if case .number(let kind, _, _, let letters) = tokens[position], let width = abuttingWidths[position] {
                tokens[position] = .number(kind, minimum: width, maximum: width, width: letters)
            }
        }
        return tokens
    }

    /// Reads a quoted literal (or `''`, a single quote) starting at `start`; returns the index after it.
    private static func quoted(
        _ bytes: [UInt8], from start: Int, into literal: inout [UInt8], source: String
    ) throws(DateFormatError) -> Int {
        let quote = UInt8(ascii: "'")
        var index = start + 1
        if index < bytes.count, bytes[index] == quote {
            literal.append(quote)
            return index + 1
        }
        while index < bytes.count {
            if bytes[index] == quote {
                if index + 1 < bytes.count, bytes[index + 1] == quote {
                    literal.append(quote)
                    index += 2
                    continue
                }
                return index + 1
            }
            literal.append(bytes[index])
            index += 1
        }
        throw failure(source, "a quote opened at character \(start + 1) is never closed")
    }

    /// The token for `count` repetitions of `letter`, and the digit count it keeps when abutting.
    private static func field(
        letter: UInt8, count: Int, source: String
    ) throws(DateFormatError) -> (DatePatternToken, Int?) {
        let run = String(repeating: Character(Unicode.Scalar(letter)), count: count)
        func unsupported(_ advice: String) -> DateFormatError {
            failure(source, "'\(run)' is not supported: \(advice)")
        }
        switch (letter, count) {
        case (UInt8(ascii: "y"), 1): return (.number(.year, minimum: 1, maximum: 4, width: 1), 1)
        case (UInt8(ascii: "y"), 2): return (.number(.twoDigitYear, minimum: 2, maximum: 2, width: 2), 2)
        case (UInt8(ascii: "y"), 4): return (.number(.year, minimum: 4, maximum: 4, width: 4), 4)
        case (UInt8(ascii: "y"), _): throw unsupported("write 'yyyy' or 'yy'")
        case (UInt8(ascii: "M"), 1...2): return (.number(.month, minimum: 1, maximum: 2, width: count), count)
        case (UInt8(ascii: "M"), 3...4): return (.monthName(full: count == 4), nil)
        case (UInt8(ascii: "M"), _): throw unsupported("write 'MM', 'MMM' or 'MMMM'")
        case (UInt8(ascii: "d"), 1...2): return (.number(.day, minimum: 1, maximum: 2, width: count), count)
        case (UInt8(ascii: "H"), 1...2): return (.number(.hour, minimum: 1, maximum: 2, width: count), count)
        case (UInt8(ascii: "h"), 1...2): return (.number(.hour12, minimum: 1, maximum: 2, width: count), count)
        case (UInt8(ascii: "m"), 1...2): return (.number(.minute, minimum: 1, maximum: 2, width: count), count)
        case (UInt8(ascii: "s"), 1...2): return (.number(.second, minimum: 1, maximum: 2, width: count), count)
        case (UInt8(ascii: "d"), _), (UInt8(ascii: "H"), _), (UInt8(ascii: "h"), _),
             (UInt8(ascii: "m"), _), (UInt8(ascii: "s"), _):
            throw unsupported("use one or two letters")
        case (UInt8(ascii: "S"), 1...9): return (.number(.fraction, minimum: 1, maximum: 9, width: count), count)
        case (UInt8(ascii: "S"), _): throw unsupported("at most nine fraction digits ('SSSSSSSSS')")
        case (UInt8(ascii: "a"), 1...3): return (.meridiem, nil)
        case (UInt8(ascii: "a"), _): throw unsupported("write 'a'")
        case (UInt8(ascii: "Z"), 1...3): return (.zone(utcAsZ: false), nil)
        case (UInt8(ascii: "Z"), 5), (UInt8(ascii: "X"), 1...5): return (.zone(utcAsZ: true), nil)
        case (UInt8(ascii: "Z"), _):
            throw unsupported("write 'Z' for +0800 or 'ZZZZZ' / 'XXX' for +08:00")
        case (UInt8(ascii: "E"), 1...4): return (.weekdayName(full: count == 4), nil)
        case (UInt8(ascii: "E"), _): throw unsupported("write 'EEE' or 'EEEE'")
        default: throw failure(source, unknownLetterAdvice(letter))
        }
    }

    /// Why `letter` is refused, with the likely intended letter for common mistakes.
    private static func unknownLetterAdvice(_ letter: UInt8) -> String {
        let shown = "'\(Character(Unicode.Scalar(letter)))'"
        switch letter {
        case UInt8(ascii: "Y"): return "\(shown) is the week-based year: use 'y' for the calendar year"
        case UInt8(ascii: "D"): return "\(shown) is the day of the year: use 'd' for the day of the month"
        case UInt8(ascii: "L"): return "\(shown) (stand-alone month) is not supported: use 'M'"
        case UInt8(ascii: "k"), UInt8(ascii: "K"): return "\(shown) is not supported: use 'H' or 'h'"
        case UInt8(ascii: "z"), UInt8(ascii: "V"), UInt8(ascii: "O"), UInt8(ascii: "x"):
            return "\(shown) is not supported: use 'Z' for +0800 or 'XXX' for +08:00"
        default:
            return "\(shown) is not a supported pattern letter (supported: \(supportedLetters); "
                + "quote literal text, as in 'T')"
        }
    }

    /// An error about pattern `source`.
    static func failure(_ source: String, _ reason: String) -> DateFormatError {
        DateFormatError(message: "invalid date pattern \"\(source)\": \(reason)")
    }
}
