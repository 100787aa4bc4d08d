/// Reading inside lists and maps: `_[_]`, `m.f`, `has(m.f)` and `@in`.
enum CELAccess {
    /// `container[key]`: a list by an int, a uint or an integral double; a map by any key
    /// numerically equal to one of its keys.
    static func index(_ container: CELValue, _ key: CELValue) throws(CELError) -> CELValue {
        switch container {
        case .list(let elements):
            let position: Int64
            switch key {
            case .int(let value): position = value
            case .uint(let value):
                guard value <= UInt64(Int64.max) else { throw outOfRange("\(value)u", elements.count) }
                position = Int64(value)
            case .double(let value):
                guard let integral = Int64(exactly: value) else {
                    throw CELError(.invalidArgument, "invalid list index \(value): not an integer")
                }
                position = integral
            default:
                throw CELError(.invalidArgument, "invalid list index of type \(key.typeName)")
            }
            guard position >= 0, position < elements.count else { throw outOfRange(String(position), elements.count) }
            return elements[Int(position)]
        case .map(let map):
            guard let value = map[key] else { throw CELError(.noSuchKey, "no such key") }
            return value
        default:
            throw CELError(.noSuchOverload, "no such overload: \(container.typeName)[\(key.typeName)]")
        }
    }

    /// `operand.field`: the map's string key `field`.
    @inline(__always)
    static func select(_ operand: CELValue, _ field: String) throws(CELError) -> CELValue {
        guard case .map(let map) = operand else { throw unselectable(operand, field) }
        guard let value = map[field: field] else { throw CELError(.noSuchKey, "no such key: '\(field)'") }
        return value
    }

    /// `has(operand.field)`: whether the map has the string key `field`.
    @inline(__always)
    static func has(_ operand: CELValue, _ field: String) throws(CELError) -> Bool {
        guard case .map(let map) = operand else { throw unselectable(operand, field) }
        return map[field: field] != nil
    }

    /// `element in container`: an element of the list equal to it, or a key of the map.
    static func contains(_ container: CELValue, _ element: CELValue) throws(CELError) -> Bool {
        switch container {
        case .list(let elements):
            for candidate in elements where CELValue.celEquals(candidate, element) { return true }
            return false
        case .map(let map):
            return map[element] != nil
        default:
            throw CELError(.noSuchOverload, "no such overload: \(element.typeName) in \(container.typeName)")
        }
    }

    private static func outOfRange(_ index: String, _ count: Int) -> CELError {
        CELError(.indexOutOfRange, "index \(index) out of range for a list of \(count)")
    }

    private static func unselectable(_ operand: CELValue, _ field: String) -> CELError {
        CELError(.noSuchOverload, "type '\(operand.typeName)' does not support field selection ('\(field)')")
    }
}
