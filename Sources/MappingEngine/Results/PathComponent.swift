/// One step of a JSON Pointer: an object key or an array index.
public enum PathComponent: Sendable, Hashable {
    case key(String)
    case index(Int)

    /// Renders components as an RFC 6901 JSON Pointer (`""` for the root).
    public static func pointer<C: Collection<PathComponent>>(_ components: C) -> String {
        var result = ""
        for component in components {
            result.append("/")
            switch component {
            case .index(let n):
                result.append(String(n))
            case .key(let key):
                for ch in key {
                    switch ch {
                    case "~": result.append("~0")
                    case "/": result.append("~1")
                    default: result.append(ch)
                    }
                }
            }
        }
        return result
    }
}
