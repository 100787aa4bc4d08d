/// A map key as CEL compares keys: int and uint keys that are numerically equal are one key
/// (a uint up to `Int64.max` is held as an int), and strings are equal when their code points
/// are, not when Swift's canonical equivalence says so (`"é"` and `"e\u{301}"` are two keys).
enum CELMapKey: Hashable, Sendable {
    case bool(Bool)
    case int(Int64)
    /// A uint above `Int64.max`: no int equals it.
    case largeUInt(UInt64)
    case string(String)

    /// The key `value` makes in a map literal or an insert; nil for a value of a kind maps do
    /// not take as keys (double, null, bytes, lists…).
    init?(key value: CELValue) {
        switch value {
        case .bool(let flag): self = .bool(flag)
        case .int(let number): self = .int(number)
        case .uint(let number): self = number <= UInt64(Int64.max) ? .int(Int64(number)) : .largeUInt(number)
        case .string(let text): self = .string(text)
        default: return nil
        }
    }

    /// The key a lookup with `value` finds: as `init(key:)`, and also a double or decimal that
    /// holds an integer (`m[1.0]` finds the key `1`); nil when no key can equal `value`.
    init?(lookup value: CELValue) {
        switch value {
        case .double(let number):
            guard let integral = CELNumber.integer(exactly: number) else { return nil }
            self = integral
        case .decimal(let number):
            guard let integral = number.integerKey else { return nil }
            self = integral
        default:
            self.init(key: value)
        }
    }

    /// Whether `value`, a key as a map holds it, is this key: what a small map's search tests
    /// on each entry without making a key of it.
    @inline(__always)
    func matches(_ value: CELValue) -> Bool {
        switch value {
        case .string(let text):
            guard case .string(let key) = self else { return false }
            return CELText.equal(key, text)
        case .int(let number):
            guard case .int(let key) = self else { return false }
            return key == number
        case .uint(let number):
            switch self {
            case .int(let key): return key >= 0 && UInt64(key) == number
            case .largeUInt(let key): return key == number
            default: return false
            }
        case .bool(let flag):
            guard case .bool(let key) = self else { return false }
            return key == flag
        default:
            return false
        }
    }

    static func == (a: CELMapKey, b: CELMapKey) -> Bool {
        switch (a, b) {
        case (.bool(let x), .bool(let y)): return x == y
        case (.int(let x), .int(let y)): return x == y
        case (.largeUInt(let x), .largeUInt(let y)): return x == y
        case (.string(let x), .string(let y)): return CELText.equal(x, y)
        default: return false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .bool(let flag):
            hasher.combine(0 as UInt8)
            hasher.combine(flag)
        case .int(let number):
            hasher.combine(1 as UInt8)
            hasher.combine(number)
        case .largeUInt(let number):
            hasher.combine(2 as UInt8)
            hasher.combine(number)
        case .string(let text):
            hasher.combine(3 as UInt8)
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }
    }
}
