/// `WeiboUser.gender`: Weibo's one-letter codes, written as words (the schema's `values` table).
public enum WeiboGender: String, Codable, Sendable {
    case male
    case female
    case unknown

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        switch try container.decode(String.self) {
        case "m": self = .male
        case "f": self = .female
        case "n": self = .unknown
        case let code: throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown gender code \(code)")
        }
    }
}
