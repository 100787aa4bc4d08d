import TestSupport
@testable import MappingEngine

/// Random sample payloads for the inference round trip, from a seeded generator: objects of
/// mixed scalars, numbers and booleans sent as strings, dates in every default format, URLs,
/// nulls and null words, snake_case, kebab-case, PascalCase and odd keys, nested objects,
/// arrays of objects and of scalars, maps keyed by ids, and values whose kind changes from one
/// sample to the next.
struct RandomPayloads {
    private var random: SeededRandom

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// What one key holds across a family of samples.
    private indirect enum Kind: Sendable {
        case smallInt, bigUnsigned, negative, hugeInteger, fraction, exponent, longFraction
        case intText, fractionText, bool, boolText, date, url, urlOrBlank, text, word, nullWord
        case object([Field])
        case objects([Field])
        case scalars(Kind)
        case emptyArray
        case map(Kind)
        /// A different scalar kind in each sample.
        case anyScalar
    }

    /// A key of an object template.
    private struct Field: Sendable {
        var key: String
        var kind: Kind
        /// Whether some samples leave the key out.
        var optional: Bool
        /// Whether some samples send null instead.
        var nullable: Bool
    }

    private static let scalarKinds: [Kind] = [
        .smallInt, .bigUnsigned, .negative, .hugeInteger, .fraction, .exponent, .longFraction, .intText, .fractionText,
        .bool, .boolText, .date, .url, .urlOrBlank, .text, .word, .nullWord, .anyScalar,
    ]
    private static let words = ["user", "name", "id", "created", "at", "count", "avatar", "url", "page", "type", "is", "html", "geo", "list"]
    private static let dates = [
        "2015-09-16T04:20:09Z", "2015-09-16T12:20:09.123456+08:00", "2015-09-16 04:20:09", "2015-09-16",
        "Wed Sep 16 12:20:09 +0800 2015", "Sun, 06 Nov 1994 08:49:37 GMT", "/Date(1508305864550+0000)/",
    ]
    private static let texts = ["hello", "", "  ", "naïve café", "日本語テキスト", "quote \" and \\ backslash", "line\nbreak", "tab\tend", "🙂 emoji", "null-ish"]

    /// `count` samples of one random template, as JSON texts: they share keys, so the
    /// inference has to merge them.
    mutating func family(count: Int) -> [String] {
        let template = fields(depth: 0)
        return (0..<count).map { _ in object(template).jsonText }
    }

    private mutating func fields(depth: Int) -> [Field] {
        (0..<(1 + random.below(depth == 0 ? 10 : 5))).map { _ in
            Field(key: key(), kind: kind(depth: depth), optional: random.below(4) == 0, nullable: random.below(5) == 0)
        }
    }

    private mutating func key() -> String {
        let parts = (0..<(1 + random.below(3))).map { _ in Self.words[random.below(Self.words.count)] }
        switch random.below(8) {
        case 0: return parts.joined(separator: "-")
        case 1: return parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        case 2: return parts[0] + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        case 3: return parts.joined(separator: ".") + String(random.below(10))
        default: return parts.joined(separator: "_")
        }
    }

    private mutating func kind(depth: Int) -> Kind {
        guard depth < 3, random.below(4) == 0 else { return Self.scalarKinds[random.below(Self.scalarKinds.count)] }
        switch random.below(5) {
        case 0: return .object(fields(depth: depth + 1))
        case 1: return .objects(fields(depth: depth + 1))
        case 2: return .scalars(Self.scalarKinds[random.below(Self.scalarKinds.count)])
        case 3: return .emptyArray
        default: return .map(random.below(2) == 0 ? .smallInt : .object(fields(depth: depth + 1)))
        }
    }

    private mutating func object(_ fields: [Field]) -> JSONValue {
        var members: [JSONValue.Member] = []
        for field in fields {
            if field.optional && random.below(3) == 0 { continue }
            members.append(.init(field.key, field.nullable && random.below(3) == 0 ? .null : value(field.kind)))
        }
        return .object(members)
    }

    private mutating func value(_ kind: Kind) -> JSONValue {
        switch kind {
        case .smallInt: return .number(String(random.below(100_000)))
        case .bigUnsigned: return .number(String(UInt64(Int64.max) + UInt64(random.below(1_000_000)) + 1))
        case .negative: return .number(String(-random.below(1 << 40)))
        case .hugeInteger: return .number("1" + String(repeating: "0", count: 20 + random.below(20)))
        case .fraction: return .number(String(random.below(10_000)) + "." + String(random.below(100)))
        case .exponent: return .number(String(1 + random.below(9)) + "e" + String(random.below(20)))
        case .longFraction: return .number("0." + (0..<25).map { _ in String(random.below(10)) }.joined())
        case .intText: return .string(String(random.below(1_000_000)))
        case .fractionText: return .string(String(random.below(100)) + "." + String(random.below(100)))
        case .bool: return .bool(random.below(2) == 0)
        case .boolText: return .string(["true", "false", "TRUE", "False"][random.below(4)])
        case .date: return .string(Self.dates[random.below(Self.dates.count)])
        case .url: return .string("https://example.com/" + Self.words[random.below(Self.words.count)] + "?v=" + String(random.below(9)))
        case .urlOrBlank: return .string(random.below(3) == 0 ? "" : "http://img.example.org/\(random.below(1000)).jpg")
        case .text: return .string(Self.texts[random.below(Self.texts.count)])
        case .word: return .string(["draft", "published", "retired"][random.below(3)])
        case .nullWord: return .string(["null", "NULL", "nil", "<null>", "(null)"][random.below(5)])
        case .object(let fields): return object(fields)
        case .objects(let fields): return .array((0..<random.below(4)).map { _ in object(fields) })
        case .scalars(let element): return .array((0..<random.below(5)).map { _ in value(element) })
        case .emptyArray: return .array([])
        case .map(let element):
            return .object((0..<random.below(4)).map { _ in
                .init(String(random.next(), radix: 16) + "7id", value(element))
            })
        case .anyScalar: return value(Self.scalarKinds[random.below(Self.scalarKinds.count - 1)])
        }
    }
}
