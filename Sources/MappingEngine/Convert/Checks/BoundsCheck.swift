/// `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, compared exactly as decimal
/// text, so int64, uint64 and decimal bounds hold to the last digit.
final class BoundsCheck: OutputCheck {
    let minimum: [UInt8]?
    let maximum: [UInt8]?
    let exclusiveMinimum: [UInt8]?
    let exclusiveMaximum: [UInt8]?

    init(minimum: [UInt8]?, maximum: [UInt8]?, exclusiveMinimum: [UInt8]?, exclusiveMaximum: [UInt8]?) {
        self.minimum = minimum
        self.maximum = maximum
        self.exclusiveMinimum = exclusiveMinimum
        self.exclusiveMaximum = exclusiveMaximum
    }

    var call: CheckCall { .bounds(.passUnretained(self)) }

    func violation(of written: UnsafeBufferPointer<UInt8>) -> (code: ErrorCode, message: String)? {
        if let bound = minimum, compare(written, bound) < 0 { return (.belowMinimum, "less than the minimum \(text(bound))") }
        if let bound = exclusiveMinimum, compare(written, bound) <= 0 { return (.belowMinimum, "not greater than \(text(bound))") }
        if let bound = maximum, compare(written, bound) > 0 { return (.aboveMaximum, "greater than the maximum \(text(bound))") }
        if let bound = exclusiveMaximum, compare(written, bound) >= 0 { return (.aboveMaximum, "not less than \(text(bound))") }
        return nil
    }

    private func compare(_ value: UnsafeBufferPointer<UInt8>, _ bound: [UInt8]) -> Int {
        bound.withUnsafeBufferPointer { DecimalText.compare(value, $0) }
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }
}
