import Foundation

/// `GithubUser` of `schemas/github.yaml` as a Codable model: snake_case keys in, camelCase out,
/// `url?` properties validated with blank text as null, nulls kept where the schema is nullable.
public struct GithubUser: Codable, Sendable {
    public let login: String
    public let id: UInt64
    public let avatarUrl: NullableURL?
    public let gravatarId: String?
    public let url: NullableURL?
    public let htmlUrl: NullableURL?
    public let followersUrl: NullableURL?
    public let followingUrl: String?
    public let gistsUrl: String?
    public let starredUrl: String?
    public let subscriptionsUrl: NullableURL?
    public let organizationsUrl: NullableURL?
    public let reposUrl: NullableURL?
    public let eventsUrl: String?
    public let receivedEventsUrl: NullableURL?
    public let type: GithubUserType?
    public let siteAdmin: Bool?
    public let name: Nullable<String>?
    public let company: Nullable<String>?
    public let blog: NullableURL?
    public let location: Nullable<String>?
    public let email: Nullable<String>?
    public let hireable: Nullable<Bool>?
    public let bio: Nullable<String>?
    public let publicRepos: UInt32?
    public let publicGists: UInt32?
    public let followers: UInt32?
    public let following: UInt32?
    public let createdAt: Date?
    public let updatedAt: Date?
}
