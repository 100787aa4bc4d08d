/// `WeiboAnnotation` of `schemas/weibo.yaml`.
public struct WeiboAnnotation: Codable, Sendable {
    public let clientMblogid: String?
    public let mapiRequest: Bool?
}
