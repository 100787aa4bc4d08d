import Foundation

/// `WeiboIcon` of `schemas/weibo.yaml`.
public struct WeiboIcon: Codable, Sendable {
    public let url: URL?
}
