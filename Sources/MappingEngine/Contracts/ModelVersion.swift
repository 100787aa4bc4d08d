import Foundation

/// One immutable version of a model (SPEC §11): its number, the digest of what it converts
/// with, when it was made, its state, and the schema text that rebuilds it.
///
/// The snapshot is a schema file of its own: the model and every model it uses or extends,
/// as written when the version was made, with the output profiles then declared. A pinned
/// conversion (`/convert/Book@2`) compiles it apart from the served registry, so a version
/// keeps converting as it did, whatever later changes do to the models it uses.
public struct ModelVersion: Sendable, Equatable {
    /// Whether a version may still be asked for.
    public enum State: String, Sendable, CaseIterable {
        case active
        /// Still served; answers carry `Deprecation` (and `Sunset` when set).
        case deprecated
        /// Answers 410 `version_disabled`.
        case disabled
    }

    /// 1 for a model's first version, then one more per change.
    public let number: Int
    /// The digest of the model and the models it uses (`VersionSnapshot.digest`), 16 hex digits.
    public let digest: String
    /// When this version was first served.
    public let created: Date
    public var state: State
    /// When a deprecated version is to be disabled: the `Sunset` header (RFC 8594).
    public var sunset: Date?
    /// When the state was last set (the `Deprecation` header's date, RFC 9745); nil for a
    /// version never changed.
    public var since: Date?
    /// The schema file that rebuilds this version (JSON text); empty for the latest version
    /// (the model served) and for one whose snapshot was over its bound, which cannot be pinned.
    public let snapshot: String

    public init(number: Int, digest: String, created: Date, state: State = .active, sunset: Date? = nil, snapshot: String) {
        self.number = number
        self.digest = digest
        self.created = created
        self.state = state
        self.sunset = sunset
        self.snapshot = snapshot
    }

    /// The version with the snapshot it is pinned from.
    func with(snapshot text: String) -> ModelVersion {
        var copy = ModelVersion(number: number, digest: digest, created: created, state: state, sunset: sunset, snapshot: text)
        copy.since = since
        return copy
    }

    /// The version as listed by `GET /schemas/{Model}/versions`, without its snapshot.
    public var summary: JSONValue {
        var members: [JSONValue.Member] = [
            .init("version", .number(String(number))),
            .init("digest", .string(digest)),
            .init("created", .string(ModelVersion.timestamp(created))),
            .init("state", .string(state.rawValue)),
        ]
        if let since { members.append(.init("since", .string(ModelVersion.timestamp(since)))) }
        if let sunset { members.append(.init("sunset", .string(ModelVersion.timestamp(sunset)))) }
        return .object(members)
    }

    /// The version as stored in its model's ledger file.
    var stored: JSONValue {
        guard case .object(let members) = summary else { return summary }
        return .object(members + [.init("snapshot", .string(snapshot))])
    }

    /// Reads a stored version; nil when any member is missing or malformed.
    init?(stored value: JSONValue) {
        guard case .number(let text)? = value["version"], let number = Int(text), number > 0,
              case .string(let digest)? = value["digest"], digest.utf8.count == 16,
              case .string(let created)? = value["created"], let createdAt = ModelVersion.date(created),
              case .string(let state)? = value["state"], let parsed = State(rawValue: state),
              case .string(let snapshot)? = value["snapshot"] else { return nil }
        var dates: [Date?] = []
        for key in ["sunset", "since"] {
            guard let value = value[key] else { dates.append(nil); continue }
            guard case .string(let text) = value, let date = ModelVersion.date(text) else { return nil }
            dates.append(date)
        }
        self.init(number: number, digest: digest, created: createdAt, state: parsed, sunset: dates[0], snapshot: snapshot)
        since = dates[1]
    }

    /// RFC 3339 in UTC, to the second.
    public static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// A date in RFC 3339 (`Z` or an offset), with or without a fraction of a second.
    public static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return date }
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text)
    }
}
