import Foundation

/// Swift Codable's version of a convertd conversion: `JSONDecoder.decode` into a model, then
/// `JSONEncoder.encode` of it, from raw bytes to normalized bytes.
public struct CodableRoundTrip {
    private let decoder: JSONDecoder
    private let encoder: JSONEncoder
    private let roundTrip: (JSONDecoder, JSONEncoder, Data) throws -> Data

    /// A round trip through `model`, reading dates with `dates` and writing them in RFC 3339 UTC.
    public init<Model: Codable>(_ model: Model.Type, dates: JSONDecoder.DateDecodingStrategy) {
        decoder = JSONDecoder()
        decoder.keyDecodingStrategy = InputKeys.strategy
        decoder.dateDecodingStrategy = dates
        encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        // `/` unescaped, as convertd writes it.
        encoder.outputFormatting = .withoutEscapingSlashes
        roundTrip = { decoder, encoder, input in try encoder.encode(decoder.decode(Model.self, from: input)) }
    }

    /// The round trip for the schema model called `name`, if there is a Codable model of it.
    public init?(model name: String) {
        switch name {
        case "GithubUser": self.init(GithubUser.self, dates: .iso8601)
        case "WeiboStatus": self.init(WeiboStatus.self, dates: .formatted(CodableRoundTrip.twitterDates()))
        default: return nil
        }
    }

    /// Decodes `input` and encodes the model it gave.
    public func convert(_ input: Data) throws -> Data {
        try roundTrip(decoder, encoder, input)
    }

    /// Weibo's Twitter-style dates: `Wed Sep 16 12:20:09 +0800 2015`.
    static func twitterDates() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "EEE MMM dd HH:mm:ss Z yyyy"
        return formatter
    }
}
