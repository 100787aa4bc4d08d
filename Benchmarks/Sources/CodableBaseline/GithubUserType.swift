/// The account kinds `GithubUser.type` allows.
public enum GithubUserType: String, Codable, Sendable {
    case user = "User"
    case organization = "Organization"
    case bot = "Bot"
}
