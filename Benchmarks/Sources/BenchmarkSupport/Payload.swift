import Foundation

/// A corpus document the benchmarks convert, with the schema model it becomes.
public struct Payload: Sendable {
    /// File name in the corpus.
    public let file: String
    /// Model name in `schemas/`, and of the Codable model.
    public let model: String

    /// YYModel's benchmark payloads: a GitHub user and a Weibo status.
    public static let all = [
        Payload(file: "user.json", model: "GithubUser"),
        Payload(file: "weibo.json", model: "WeiboStatus"),
    ]

    /// The file name without its extension.
    public var name: String { String(file.prefix { $0 != "." }) }

    /// The document's bytes, or nil when the corpus does not hold it.
    public func bytes() -> [UInt8]? {
        FileManager.default.contents(atPath: Repository.corpus.appendingPathComponent(file).path).map(Array.init)
    }
}
