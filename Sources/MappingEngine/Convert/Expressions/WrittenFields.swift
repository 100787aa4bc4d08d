import CEL

/// The fields of an object just written, where `MemberSpans` noted them: what `has()` and a
/// rule decided on its fields' text (`TextPredicate`) read, without making CEL values.
struct WrittenFields {
    /// The object's first byte in the output.
    let base: UnsafePointer<UInt8>
    let spans: UnsafeMutablePointer<Int>

    /// Field `field`'s value text; nil when it is absent or null.
    @inline(__always)
    func value(_ field: Int) -> UnsafeBufferPointer<UInt8>? {
        let start = spans[field * 3 + 1]
        guard start >= 0, base[start] != UInt8(ascii: "n") else { return nil }
        return UnsafeBufferPointer(start: base + start, count: spans[field * 3 + 2] - start)
    }

    /// Whether field `field` is there and not null, which is what `has()` asks.
    @inline(__always)
    func isPresent(_ field: Int) -> Bool {
        let start = spans[field * 3 + 1]
        return start >= 0 && base[start] != UInt8(ascii: "n")
    }
}

extension TextPredicate {
    /// Whether the predicate holds over `fields`, adding to `cost` the steps its program would
    /// charge; nil when a value it reads is absent or in a form not read here (an escaped
    /// string, a number with an exponent or more digits than a decimal holds inline), for the
    /// program to decide.
    func holds(over fields: WrittenFields, cost: inout Int) -> Bool? {
        holds(0, fields, &cost)
    }

    private func holds(_ index: Int32, _ fields: WrittenFields, _ cost: inout Int) -> Bool? {
        let node = nodes[Int(index)]
        switch node.operation {
        case .has:
            cost += 1
            return fields.isPresent(Int(node.field))
        case .flag:
            cost += 1
            return fields.value(Int(node.field)).map { $0[0] == UInt8(ascii: "t") }
        case .and:
            cost += 1
            guard let first = holds(node.first, fields, &cost) else { return nil }
            return first ? holds(node.second, fields, &cost) : false
        case .or:
            cost += 1
            guard let first = holds(node.first, fields, &cost) else { return nil }
            return first ? true : holds(node.second, fields, &cost)
        case .not:
            cost += 1
            return holds(node.first, fields, &cost).map { !$0 }
        case .sizes:
            guard let x = size(node.left, fields, &cost), let y = size(node.right, fields, &cost) else { return nil }
            cost += Int(node.steps)
            return node.relation.holds(x == y ? 0 : (x < y ? -1 : 1))
        case .numbers, .strings, .bools:
            guard let x = text(node.left, fields), let y = text(node.right, fields) else { return nil }
            let order: Int?
            switch node.operation {
            case .numbers:
                order = NumberOrder.compare(x, y)
            case .strings:
                guard let p = Self.plainText(x, node.left), let q = Self.plainText(y, node.right) else { return nil }
                // The program charges the left string's size, 1 a 16 bytes.
                cost += p.count >> 4
                order = Self.compareBytes(p, q)
            default:
                let p = x[0] == UInt8(ascii: "t"), q = y[0] == UInt8(ascii: "t")
                order = p == q ? 0 : (p ? 1 : -1)
            }
            guard let order else { return nil }
            cost += Int(node.steps)
            return node.relation.holds(order)
        }
    }

    /// An operand's text: a field's as written, a literal's bytes; nil for an absent field.
    @inline(__always)
    private func text(_ operand: Operand, _ fields: WrittenFields) -> UnsafeBufferPointer<UInt8>? {
        guard operand.field < 0 else { return fields.value(Int(operand.field)) }
        return UnsafeBufferPointer(start: literals + Int(operand.offset), count: Int(operand.count))
    }

    /// A size operand's value: a string field's code points, adding the program's charge for
    /// reading the string (1 a 16 bytes); an int literal's value. Nil for an absent or escaped
    /// field.
    @inline(__always)
    private func size(_ operand: Operand, _ fields: WrittenFields, _ cost: inout Int) -> Int? {
        guard let text = text(operand, fields) else { return nil }
        guard operand.field >= 0 else { return Self.integer(text) }
        guard let inner = Self.plainText(text, operand) else { return nil }
        cost += inner.count >> 4
        return CELUTF8Text.scalarCount(inner, upTo: inner.count)
    }

    /// An int literal's value from its digits, an optional `-` first. The digits are an Int64's
    /// (`CELComparison` writes them), so the magnitude fits a UInt64 and its two's complement
    /// negation is exact, `Int.min` included.
    private static func integer(_ digits: UnsafeBufferPointer<UInt8>) -> Int {
        let negative = digits.first == UInt8(ascii: "-")
        var magnitude: UInt64 = 0
        for digit in digits.dropFirst(negative ? 1 : 0) { magnitude = magnitude &* 10 &+ UInt64(digit &- UInt8(ascii: "0")) }
        return Int(truncatingIfNeeded: negative ? 0 &- magnitude : magnitude)
    }

    /// A string operand's UTF-8: a field's text between its quotes when it has no escape (so
    /// its bytes are the value's), a literal's as is; nil for an escaped one.
    @inline(__always)
    private static func plainText(_ text: UnsafeBufferPointer<UInt8>, _ operand: Operand) -> UnsafeBufferPointer<UInt8>? {
        guard operand.field >= 0 else { return text }
        let inner = UnsafeBufferPointer(rebasing: text[1..<(text.count - 1)])
        return inner.contains(UInt8(ascii: "\\")) ? nil : inner
    }

    /// Byte order, which is code point order for UTF-8.
    private static func compareBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        for index in 0..<min(a.count, b.count) where a[index] != b[index] {
            return a[index] < b[index] ? -1 : 1
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }
}
