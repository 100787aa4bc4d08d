import Foundation

/// How the Codable models find their input keys: snake_case words joined into camelCase, as
/// the schemas' `keys: snake_case` reads them, plus the keys the schemas name with `from:`.
///
/// Dictionary keys (`badge`, `picInfos`) are data, not property names: `JSONDecoder` leaves
/// them alone under any key strategy.
public enum InputKeys {
    /// `JSONDecoder`'s key strategy for the Codable models.
    public static let strategy = JSONDecoder.KeyDecodingStrategy.custom { path in
        PropertyKey(propertyName(path.last?.stringValue ?? ""))
    }

    /// Input keys mapped by name: `WeiboUser.userClass` (`class`), `WeiboStatus.filterId` (`filterID`).
    static let renamed = ["class": "userClass", "filterID": "filterId"]

    /// The property an input key fills: `avatar_url` → `avatarUrl`.
    static func propertyName(_ key: String) -> String {
        if let name = renamed[key] { return name }
        guard key.contains("_") else { return key }
        let words = key.split(separator: "_")
        return words.enumerated().map { $0.offset == 0 ? String($0.element) : $0.element.prefix(1).uppercased() + $0.element.dropFirst() }
            .joined()
    }

    /// A coding key made from a property name.
    struct PropertyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }

        init(_ name: String) {
            stringValue = name
        }

        init(stringValue: String) {
            self.stringValue = stringValue
        }

        init?(intValue: Int) {
            nil
        }
    }
}
