/// `WeiboUserExtend` of `schemas/weibo.yaml`.
public struct WeiboUserExtend: Codable, Sendable {
    public let privacy: WeiboPrivacy?
    public let mbprivilege: String?
}
