/// The bearer token that opens the admin API (`PUT`/`DELETE /schemas/{Model}`,
/// `POST /schemas/reload`). Held as bytes and compared in constant time, so an attacker
/// cannot learn it from response times; never logged nor echoed.
struct AdminToken: Sendable {
    private let bytes: [UInt8]

    /// A token from its text; nil when empty (no admin API). Trailing line breaks are dropped,
    /// as a token file usually ends with one.
    init?(_ text: String) {
        var trimmed = Substring(text)
        while let last = trimmed.last, last == "\n" || last == "\r" { trimmed = trimmed.dropLast() }
        guard !trimmed.isEmpty else { return nil }
        bytes = Array(trimmed.utf8)
    }

    /// What the admin API does with a request.
    enum Verdict: Equatable {
        case allowed
        /// No token configured: the admin API is off (403).
        case off
        /// The `Authorization` header is missing, not `Bearer`, or the wrong token (401).
        case unauthorized
    }

    /// The verdict on a request's `Authorization` header under the configured token.
    static func verdict(_ authorization: String?, token: AdminToken?) -> Verdict {
        guard let token else { return .off }
        guard let authorization else { return .unauthorized }
        var header = Substring(authorization)
        guard header.count > 7, header.prefix(7).lowercased() == "bearer " else { return .unauthorized }
        header = header.dropFirst(7)
        while header.first == " " { header = header.dropFirst() }
        return token.matches(Array(header.utf8)) ? .allowed : .unauthorized
    }

    /// Compares every byte whatever differs, so the time taken does not depend on where the
    /// first difference is; only the length of the configured token can be learnt.
    private func matches(_ candidate: [UInt8]) -> Bool {
        var difference = UInt8(candidate.count == bytes.count ? 0 : 1)
        for index in bytes.indices {
            difference |= bytes[index] ^ (index < candidate.count ? candidate[index] : 0)
        }
        return difference == 0
    }
}
