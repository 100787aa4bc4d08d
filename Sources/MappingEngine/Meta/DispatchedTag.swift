/// The tag member of an object that a discriminator handed to the model its tag picked.
///
/// The picked model reads the whole object, tag included, but the tag's key belongs to the
/// discriminator: it is never an unknown key of that model, so `unknownKeys: reject` does not
/// refuse it, `report` and `explain` do not list it and `keep` does not copy it (SPEC §9).
/// Only the object itself is concerned: a nested object with a key of the same name is not.
struct DispatchedTag {
    /// The object node the discriminator dispatched.
    let object: Int
    /// The tag's first key, the member of `object` that holds (or leads to) the tag.
    let key: [UInt8]

    /// Whether the member whose key is at node `key` of `object` is this tag's.
    func owns(key keyNode: Int, of object: Int, in document: JSONDocument) -> Bool {
        guard object == self.object else { return false }
        return document.withDecodedString(keyNode) { text in key.withUnsafeBufferPointer { ByteText.equal($0, text) } }
    }
}
