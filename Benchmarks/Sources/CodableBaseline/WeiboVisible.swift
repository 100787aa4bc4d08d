/// `WeiboVisible` of `schemas/weibo.yaml`.
public struct WeiboVisible: Codable, Sendable {
    public let type: Int32?
    public let listId: Int64?
}
