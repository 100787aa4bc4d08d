/// One step of a JSON Pointer: an object key or an array index.
public enum PathComponent: Sendable, Hashable {
    case key(String)
    case index(Int)

    /// Renders components as an RFC 6901 JSON Pointer (`""` for the root).
    ///
    /// Built from bytes: `~` and `/` are ASCII, so no byte of another character is one of
    /// them, and a key without either (nearly all) is copied whole. Explained answers and drift
    /// samples render a pointer for every issue they list.
    public static func pointer<C: Collection<PathComponent>>(_ components: C) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(16 * components.count)
        for component in components {
            bytes.append(UInt8(ascii: "/"))
            switch component {
            case .index(let n):
                bytes.append(contentsOf: String(n).utf8)
            case .key(let key):
                var key = key
                key.withUTF8 { utf8 in
                    guard utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) else {
                        bytes.append(contentsOf: utf8)
                        return
                    }
                    for byte in utf8 {
                        switch byte {
                        case UInt8(ascii: "~"): bytes.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "0")])
                        case UInt8(ascii: "/"): bytes.append(contentsOf: [UInt8(ascii: "~"), UInt8(ascii: "1")])
                        default: bytes.append(byte)
                        }
                    }
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
