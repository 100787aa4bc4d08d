/// How a tag is compared under `caseInsensitive: true`: both sides lower-cased by Unicode's
/// rules, once at load for the mapping and per dispatch for the payload's tag.
enum DiscriminatorTag {
    /// The form two tags that differ only in case share.
    static func folded(_ tag: String) -> String { tag.lowercased() }
}
