/// The stable snake_case codes of every error a payload can produce (SPEC §3.5).
public enum ErrorCode: String, Sendable, Codable, CaseIterable {
    case badJSON = "bad_json"
    case emptyBody = "empty_body"
    case tooDeep = "too_deep"
    case typeMismatch = "type_mismatch"
    case missing
    case nullNotAllowed = "null_not_allowed"
    case invalidNumber = "invalid_number"
    case outOfRange = "out_of_range"
    case lossyConversion = "lossy_conversion"
    case invalidBool = "invalid_bool"
    case invalidDate = "invalid_date"
    case invalidURL = "invalid_url"
    case invalidBase64 = "invalid_base64"
    case enumMismatch = "enum_mismatch"
    case belowMinimum = "below_minimum"
    case aboveMaximum = "above_maximum"
    case tooShort = "too_short"
    case tooLong = "too_long"
    case patternMismatch = "pattern_mismatch"
    case tooFewItems = "too_few_items"
    case tooManyItems = "too_many_items"
    case unknownKey = "unknown_key"
    case unknownDiscriminator = "unknown_discriminator"
    /// An element of a streamed array (or a line of an NDJSON body) over the per-document size limit.
    case bodyTooLarge = "body_too_large"
    /// Stands after the first `maxErrors` errors of a document, with the total of all of them.
    case tooManyErrors = "too_many_errors"
}
