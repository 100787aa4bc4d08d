import Foundation

/// What the answers of a version that is not `active` must say: `Deprecation` and `Sunset`
/// headers for a deprecated one, 410 for a disabled one. A class, so that a compiled model's
/// table entry grows by one word for it, nil while its version is active.
public final class VersionNotice: Sendable, Equatable {
    public let version: Int
    public let state: ModelVersion.State
    public let sunset: Date?
    /// When the state was set.
    public let since: Date?

    /// Nil for an active version.
    public init?(_ version: ModelVersion) {
        guard version.state != .active else { return nil }
        self.version = version.number
        state = version.state
        sunset = version.sunset
        since = version.since
    }

    public static func == (a: VersionNotice, b: VersionNotice) -> Bool {
        (a.version, a.state, a.sunset, a.since) == (b.version, b.state, b.sunset, b.since)
    }
}

/// A model named by a request: `Book` (the latest version) or `Book@2` (version 2).
public struct VersionedName: Sendable, Equatable {
    public let name: String
    /// Nil for the latest.
    public let version: Int?

    /// Reads `Name` or `Name@N` (N from 1, at most 9 digits); nil for any other text with `@`.
    public init?(_ text: String) {
        guard let at = text.firstIndex(of: "@") else {
            name = text
            version = nil
            return
        }
        let digits = text[text.index(after: at)...]
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits.first != "0",
              let number = Int(digits) else { return nil }
        name = String(text[..<at])
        version = number
    }
}
