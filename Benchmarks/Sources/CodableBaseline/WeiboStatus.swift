import Foundation

/// `WeiboStatus` of `schemas/weibo.yaml` as a Codable model.
public struct WeiboStatus: Codable, Sendable {
    public let id: UInt64
    public let idstr: String?
    public let mid: String?
    public let mblogid: String?
    public let createdAt: Date?
    public let text: String?
    public let source: String?
    public let sourceType: Int32?
    public let sourceAllowclick: Int32?
    public let favorited: Bool?
    public let truncated: Bool?
    public let inReplyToStatusId: String?
    public let inReplyToUserId: String?
    public let inReplyToScreenName: String?
    public let geo: AnyJSON?
    public let user: WeiboUser?
    public let thumbnailPic: NullableURL?
    public let bmiddlePic: NullableURL?
    public let originalPic: NullableURL?
    public let picIds: [String]?
    public let picInfos: [String: WeiboPictureInfo]?
    public let repostsCount: UInt32?
    public let commentsCount: UInt32?
    public let attitudesCount: UInt32?
    public let attitudesStatus: Int32?
    public let recomState: Int32?
    public let bizFeature: UInt64?
    public let mblogtypename: String?
    public let mlevel: Int32?
    public let scheme: URL?
    public let visible: WeiboVisible?
    public let annotations: [WeiboAnnotation]?
    public let darwinTags: [String]?
    public let userType: Int32?
    /// Read from `filterID` (see `InputKeys`).
    public let filterId: String?
}
