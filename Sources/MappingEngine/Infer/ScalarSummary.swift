/// The scalar values seen at one position — booleans, numbers and strings, each string by its
/// `TextClass` — and the one scalar type that converts them all.
struct ScalarSummary: Sendable, Hashable {
    /// `true`/`false` literals and boolean words.
    private(set) var bools = 0
    /// Number literals and strings of number text.
    private(set) var numbers = NumberSummary()
    private(set) var dates = 0
    /// Which of `TextClass.dateFormats` the dates used, one bit each.
    private var dateFormatBits: UInt32 = 0
    private(set) var urls = 0
    private(set) var blanks = 0
    private(set) var nullWords = 0
    private(set) var texts = 0
    /// Texts that are hostnames of two labels or more (`api.example.com`), which only a key
    /// named for hosts makes a `hostname` (`HostnameGuess`).
    private(set) var hostnameTexts = 0
    /// Strings in each `TextFormat`, by the format's index in `allCases`.
    private var formatCounts = [Int](repeating: 0, count: TextFormat.allCases.count)
    /// Strings in any format.
    private var formatted: Int { formatCounts.reduce(0, +) }
    /// The distinct strings seen, in order, while an `enum` could still list them all; nil
    /// once one is too long, blank or holds a control character, or there are too many.
    private var enumCandidates: [String]? = []
    /// Strings seen, of every class.
    private var strings = 0

    /// Scalars seen, null words included.
    var count: Int { bools + numbers.count + dates + urls + blanks + nullWords + texts + formatted }

    /// Scalars seen that are not null words, which every type but `string` and `any` takes as null.
    var valueCount: Int { count - nullWords }

    mutating func observeBool() {
        bools += 1
    }

    mutating func observeNumber(_ literal: UnsafeBufferPointer<UInt8>, integral: Bool) {
        numbers.observe(literal, integral: integral)
    }

    /// Adds a string: its decoded content and whether its JSON text held an escape.
    mutating func observeString(_ text: UnsafeBufferPointer<UInt8>, escaped: Bool, limits: InferenceLimits) {
        strings += 1
        switch TextClass.of(text, escaped: escaped) {
        case .blank: blanks += 1
        case .nullWord: nullWords += 1
        case .bool: bools += 1
        case .number(let integral): numbers.observe(text, integral: integral)
        case .date(let index):
            dates += 1
            dateFormatBits |= 1 << index
        case .url: urls += 1
        case .format(let format): formatCounts[TextFormat.allCases.firstIndex(of: format) ?? 0] += 1
        case .text:
            texts += 1
            if HostnameGuess.isDotted(text) { hostnameTexts += 1 }
        }
        guard enumCandidates != nil else { return }
        // A leading byte order mark (EF BB BF) would not survive a YAML reader.
        guard text.count <= limits.maxEnumValueBytes, !ScalarASCII.trimmedRange(text).isEmpty,
              !text.contains(where: { $0 < 0x20 || $0 == 0x7F }), !text.starts(with: [0xEF, 0xBB, 0xBF]) else {
            enumCandidates = nil
            return
        }
        note(String(decoding: text, as: UTF8.self), limits: limits)
    }

    /// Adds everything `other` saw.
    mutating func merge(_ other: ScalarSummary, limits: InferenceLimits) {
        bools += other.bools
        numbers.merge(other.numbers)
        dates += other.dates
        dateFormatBits |= other.dateFormatBits
        urls += other.urls
        blanks += other.blanks
        nullWords += other.nullWords
        texts += other.texts
        hostnameTexts += other.hostnameTexts
        for index in formatCounts.indices { formatCounts[index] += other.formatCounts[index] }
        strings += other.strings
        guard let theirs = other.enumCandidates else {
            enumCandidates = nil
            return
        }
        for candidate in theirs where enumCandidates != nil { note(candidate, limits: limits) }
    }

    private mutating func note(_ candidate: String, limits: InferenceLimits) {
        guard var candidates = enumCandidates else { return }
        enumCandidates = nil
        if !candidates.contains(candidate) { candidates.append(candidate) }
        if candidates.count <= limits.maxEnumValues { enumCandidates = candidates }
    }

    /// The format type of a position whose strings are all in one format (IPv4 and IPv6
    /// addresses together are an `ip`); calendar dates beside date-times make a `date` that
    /// takes both.
    private func formatVerdict() -> ScalarVerdict? {
        guard formatted > 0 else { return nil }
        let seen = Set(TextFormat.allCases.indices.filter { formatCounts[$0] > 0 }.map { TextFormat.allCases[$0] })
        let others = bools + numbers.count + urls + blanks + texts
        if others == 0 && dates == 0 {
            if seen.count == 1, let format = seen.first { return ScalarVerdict(kind: .format(format), nullWordsAreNull: true) }
            if seen == [.ipv4, .ipv6] { return ScalarVerdict(kind: .format(.ip), nullWordsAreNull: true) }
        }
        if others == 0 && seen == [.localDate] {
            let bits = dateFormatBits | 1 << (TextClass.dateFormats.firstIndex(of: .dateOnly) ?? 0)
            let formats = TextClass.dateFormats.indices.filter { bits & (1 << $0) != 0 }.map { TextClass.dateFormats[$0] }
            return ScalarVerdict(kind: .date, nullWordsAreNull: true, formats: formats)
        }
        return nil
    }

    /// The kinds of scalar a position can mix, named for messages.
    enum Kind: String, Sendable {
        case booleans, numbers, dates, urls = "URLs", blanks = "blank strings", text
    }

    /// The kinds seen, in a fixed order.
    private var kinds: [Kind] {
        // Strings in a format are text beside other kinds (`formatVerdict` takes them alone).
        [(bools, Kind.booleans), (numbers.count, .numbers), (dates, .dates), (urls, .urls), (blanks, .blanks), (texts + formatted, .text)]
            .filter { $0.0 > 0 }.map(\.1)
    }

    /// The type that converts every scalar seen, in lax mode: one kind keeps its type (URLs
    /// with blanks too, which a `url` takes as null); any other mix is `string`, which takes
    /// numbers as their literal text and booleans as `true`/`false`.
    func verdict(limits: InferenceLimits) -> ScalarVerdict {
        if let verdict = formatVerdict() { return verdict }
        let kinds = self.kinds
        switch kinds {
        case [.booleans]: return ScalarVerdict(kind: .bool, nullWordsAreNull: true)
        case [.numbers]: return ScalarVerdict(kind: numbers.kind, nullWordsAreNull: true)
        case [.dates]:
            let formats = TextClass.dateFormats.indices.filter { dateFormatBits & (1 << $0) != 0 }.map { TextClass.dateFormats[$0] }
            return ScalarVerdict(kind: .date, nullWordsAreNull: true, formats: formats)
        case [.urls], [.urls, .blanks]: return ScalarVerdict(kind: .url, nullWordsAreNull: true, blanksAreNull: blanks > 0)
        default: break
        }
        var verdict = ScalarVerdict(kind: .string, nullWordsAreNull: false)
        if !Set(kinds).isSubset(of: [.text, .blanks]) {
            verdict.mixed = kinds.map(\.rawValue)
        } else if kinds == [.text], let candidates = enumCandidates, strings >= max(limits.minEnumObservations, 2 * candidates.count) {
            verdict.enumValues = candidates
        }
        return verdict
    }
}
