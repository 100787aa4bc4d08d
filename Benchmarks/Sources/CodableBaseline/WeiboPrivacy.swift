/// `WeiboPrivacy` of `schemas/weibo.yaml`.
public struct WeiboPrivacy: Codable, Sendable {
    public let mobile: Int32?
}
