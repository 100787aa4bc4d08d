import Foundation

/// convertd's `url?`: a URL, where `null` and blank text both mean no URL.
public enum NullableURL: NullPreserving, Sendable {
    case null
    case url(URL)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
            return
        }
        let text = try container.decode(String.self).trimmingCharacters(in: .whitespacesAndNewlines)
        if text.isEmpty {
            self = .null
        } else if let url = URL(string: text), url.scheme != nil {
            self = .url(url)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an absolute URL")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .url(let url): try container.encode(url)
        }
    }
}
