/// One validation failure of a payload, located by JSON Pointers into the output and the input.
public struct ConversionError: Sendable, Hashable {
    /// JSON Pointer into the output document.
    public var path: String
    /// JSON Pointer into the input document; nil when it equals `path`.
    public var source: String?
    /// Stable snake_case code.
    public var code: ErrorCode
    /// Human-readable explanation; tests assert code and path, not this text.
    public var message: String
    /// The offending input value as minified JSON, cut to 100 characters; nil when there is none (a missing key).
    public var input: String?
    /// For `too_many_errors`: how many errors there were in all, listed or not.
    public var total: Int?
    /// For a failed rule: its CEL text.
    public var rule: String?
    /// For a failed rule with its own `code`: that code, which clients see instead of `code`'s.
    public var ruleCode: String?

    /// The code clients see.
    public var codeText: String { ruleCode ?? code.rawValue }

    public init(path: String, source: String? = nil, code: ErrorCode, message: String, input: String? = nil, total: Int? = nil) {
        self.path = path
        self.source = source
        self.code = code
        self.message = message
        self.input = input
        self.total = total
    }

    /// The entry that stands for the errors past the first `listed`: at the document root,
    /// with the total.
    public static func tooMany(total: Int, listed: Int) -> ConversionError {
        ConversionError(path: "", code: .tooManyErrors, message: "\(total) errors in all; the first \(listed) are listed", total: total)
    }
}

/// One lax-mode coercion, reported with `explain`: which rule changed which value.
public struct Coercion: Sendable, Hashable {
    /// JSON Pointer into the output document.
    public var path: String
    /// The rule's stable name, e.g. `string_to_int`.
    public var rule: String
    /// The input value as minified JSON, cut to 100 characters.
    public var input: String
}
