import Foundation

/// `WeiboUser` of `schemas/weibo.yaml` as a Codable model. Weibo sends `province` and `city` as
/// strings and the `block…`/`hasAbilityTag` flags as 1/0, hence the lax types there.
public struct WeiboUser: Codable, Sendable {
    public let id: UInt64
    public let idstr: String?
    public let screenName: String?
    public let name: String?
    /// Read from `class` (see `InputKeys`).
    public let userClass: Int32?
    public let type: Int32?
    public let gender: WeiboGender?
    public let province: LaxInteger<Int32>?
    public let city: LaxInteger<Int32>?
    public let location: String?
    public let description: String?
    public let url: NullableURL?
    public let profileImageUrl: NullableURL?
    public let profileUrl: String?
    public let coverImagePhone: NullableURL?
    public let avatarLarge: NullableURL?
    public let avatarHd: NullableURL?
    public let domain: String?
    public let weihao: String?
    public let remark: String?
    public let lang: String?
    public let createdAt: Date?
    public let icons: [WeiboIcon]?
    public let verified: Bool?
    public let verifiedType: Int32?
    public let verifiedLevel: Int32?
    public let verifiedState: Int32?
    public let verifiedReason: String?
    public let verifiedReasonUrl: NullableURL?
    public let verifiedReasonModified: String?
    public let verifiedTrade: String?
    public let verifiedSource: String?
    public let verifiedSourceUrl: NullableURL?
    public let verifiedContactName: String?
    public let verifiedContactEmail: String?
    public let verifiedContactMobile: String?
    public let followersCount: UInt32?
    public let friendsCount: UInt32?
    public let biFollowersCount: UInt32?
    public let pagefriendsCount: UInt32?
    public let statusesCount: UInt32?
    public let favouritesCount: UInt32?
    public let urank: Int32?
    public let mbrank: Int32?
    public let mbtype: Int32?
    public let ulevel: Int32?
    public let level: Int32?
    public let star: Int32?
    public let creditScore: Int32?
    public let onlineStatus: Int32?
    public let blockApp: LaxBool?
    public let blockWord: LaxBool?
    public let hasAbilityTag: LaxBool?
    public let userAbility: Int32?
    public let ptype: Int32?
    public let geoEnabled: Bool?
    public let followMe: Bool?
    public let following: Bool?
    public let allowAllActMsg: Bool?
    public let allowAllComment: Bool?
    public let badgeTop: String?
    public let badge: [String: Int32]?
    public let extend: WeiboUserExtend?
}
