import TestSupport

/// Random top-level JSON arrays for the streamed conversion, from a seeded generator: elements
/// that convert, elements with conversion errors, elements of the wrong kind, strings holding
/// brackets, quotes, escapes and non-ASCII text, nested `any` values, white space of every kind
/// between tokens, and (on request) the same text broken at random places.
struct RandomArrays {
    /// The model every element is converted with.
    static let schema = """
        Item:
          keys: snake_case
          unknownKeys: report
          properties:
            id: { type: int64, required: true }
            name: { type: string, from: [name, title], minLength: 1 }
            price: { type: decimal, minimum: 0 }
            tags: { type: "array<string>", wrapSingle: true, maxItems: 3 }
            releasedAt: date
            flag: bool
            extra: any
            child: "Item?"
        """

    private var random: SeededRandom
    /// Whether elements may be wrong for the model; off, every element converts.
    private var faulty = true

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    /// An array of up to `maxElements` elements, each converting unless `faulty`.
    mutating func array(maxElements: Int = 8, faulty: Bool = true) -> String {
        self.faulty = faulty
        let count = random.below(maxElements + 1)
        var text = whitespace() + "[" + whitespace()
        for index in 0..<count {
            if index > 0 { text += whitespace() + "," + whitespace() }
            text += element(depth: 0)
        }
        return text + whitespace() + "]" + whitespace()
    }

    /// `text` broken: a byte deleted, replaced or inserted at random places, or the text cut short.
    mutating func broken(_ text: String) -> [UInt8] {
        var bytes = Array(text.utf8)
        let strays: [UInt8] = Array("[]{},:\"\\x1 -.e".utf8) + [0x0A, 0x00, 0xC3, 0xFF, 0xED]
        for _ in 0...random.below(2) {
            guard !bytes.isEmpty else { break }
            let at = random.below(bytes.count)
            switch random.below(4) {
            case 0: bytes.remove(at: at)
            case 1: bytes[at] = strays[random.below(strays.count)]
            case 2: bytes.insert(strays[random.below(strays.count)], at: at)
            default: bytes.removeSubrange(at...)
            }
        }
        return bytes
    }

    /// An element: mostly objects for the model, some good and some not; sometimes another kind.
    private mutating func element(depth: Int) -> String {
        guard faulty else { return item(depth: depth) }
        switch random.below(10) {
        case 0: return scalar()
        case 1: return random.below(2) == 0 ? "[" + whitespace() + "]" : "[" + scalar() + "," + whitespace() + scalar() + "]"
        default: return item(depth: depth)
        }
    }

    /// An object with the model's keys (upstream spellings), good or wrong values, unknown keys.
    private mutating func item(depth: Int) -> String {
        var members: [String] = []
        switch random.below(faulty ? 6 : 4) + (faulty ? 0 : 2) {
        case 0: break
        case 1: members.append(member("id", quoted("x\(random.below(9))")))
        default: members.append(member("id", random.below(2) == 0 ? String(random.below(100_000)) : quoted(String(random.below(100)))))
        }
        if random.below(3) > 0 { members.append(member(random.below(2) == 0 ? "name" : "title", faulty ? string() : "\"n" + string().dropFirst())) }
        if random.below(2) == 0 { members.append(member("price", pick(["19.90", "\"7.5\"", "1e2", "0"], faults: ["-1", "\"free\""]))) }
        if random.below(2) == 0 {
            members.append(member("tags", pick(["\"desk\"", "[\"a\",\"b\"]", "[]", string()], faults: ["[\"a\",\"b\",\"c\",\"d\"]", "[1, {}]"])))
        }
        if random.below(3) == 0 {
            let dates = ["\"2024-03-01\"", "\"Wed Sep 16 12:20:09 +0800 2015\"", "1442377209", "null"]
            members.append(member("released_at", pick(dates, faults: ["\"yesterday\""])))
        }
        if random.below(3) == 0 { members.append(member("flag", pick(["true", "\"yes\"", "0", "null"], faults: ["\"maybe\""]))) }
        if random.below(3) == 0 { members.append(member("extra", any(depth: 0))) }
        if random.below(4) == 0 { members.append(member("unknown_\(random.below(3))", scalar())) }
        if depth < 3, random.below(5) == 0 { members.append(member("child", random.below(4) == 0 ? "null" : item(depth: depth + 1))) }
        guard !members.isEmpty else { return "{" + whitespace() + "}" }
        return "{" + whitespace() + members.joined(separator: whitespace() + "," + whitespace()) + whitespace() + "}"
    }

    /// One of `values`, or, when elements may be faulty, sometimes one of `faults`.
    private mutating func pick(_ values: [String], faults: [String]) -> String {
        if faulty && random.below(3) == 0 { return faults[random.below(faults.count)] }
        return values[random.below(values.count)]
    }

    private mutating func member(_ key: String, _ value: String) -> String {
        quoted(key) + whitespace() + ":" + whitespace() + value
    }

    /// Any JSON value, nested a little, its strings full of structural characters.
    private mutating func any(depth: Int) -> String {
        guard depth < 3 else { return scalar() }
        switch random.below(4) {
        case 0:
            let values = (0..<random.below(4)).map { _ in any(depth: depth + 1) }
            return "[" + whitespace() + values.joined(separator: "," + whitespace()) + whitespace() + "]"
        case 1:
            let members = (0..<random.below(4)).map { index in quoted("k\(index)") + ":" + whitespace() + any(depth: depth + 1) }
            return "{" + whitespace() + members.joined(separator: "," + whitespace()) + whitespace() + "}"
        default:
            return scalar()
        }
    }

    private mutating func scalar() -> String {
        if random.below(4) == 0 { return string() }
        return ["0", "-12", "3.25", "1e-3", "true", "false", "null", "\"null\"", "18446744073709551615"][random.below(9)]
    }

    /// A JSON string literal whose content would confuse a splitter that did not track strings.
    private mutating func string() -> String {
        let pieces = [
            "plain", "with ] bracket", "with [ and {", "a } b", "comma, here", "colon: there", #"quote \" inside"#,
            #"back\\slash"#, #"\\"#, #"\u00e9t\u00e9"#, #"\ud83d\ude00"#, "日本語", "🙂", "tab\\t", "nl\\n", "\\/",
            #"ends with \\\""#, "",
        ]
        let count = 1 + random.below(3)
        return "\"" + (0..<count).map { _ in pieces[random.below(pieces.count)] }.joined() + "\""
    }

    private func quoted(_ text: String) -> String { "\"" + text + "\"" }

    /// White space between tokens: usually none or a space, sometimes lines and tabs.
    private mutating func whitespace() -> String {
        ["", "", "", " ", "\n", "\n  ", "\t", "\r\n", "  \n\n "][random.below(9)]
    }
}
