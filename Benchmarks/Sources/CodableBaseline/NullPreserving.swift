/// A property type that keeps JSON's difference between an absent key and an explicit `null`,
/// which `Optional` alone folds together.
///
/// A property declared `T?` with `T: NullPreserving` decodes to nil only when its key is
/// missing; a `null` reaches `T`'s own decoder. Its synthesized encoding then writes nothing
/// for nil and `null` where `T` holds it — the way convertd treats nullable properties.
public protocol NullPreserving: Codable {}

extension KeyedDecodingContainer {
    /// The overload synthesized `Decodable` code picks for `NullPreserving` properties.
    public func decodeIfPresent<T: NullPreserving>(_ type: T.Type, forKey key: Key) throws -> T? {
        contains(key) ? try decode(T.self, forKey: key) : nil
    }
}
