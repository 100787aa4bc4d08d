import Synchronization

/// A request's W3C Trace Context (`traceparent`, https://www.w3.org/TR/trace-context/): the
/// trace it belongs to, taken from the client (a gateway) or begun here, and the span convertd
/// answers as. The trace id goes into the request's log line and the answer's `traceparent`,
/// so a request can be followed from the gateway through convertd.
public struct TraceContext: Sendable, Equatable {
    /// The trace id's 128 bits, never all zero.
    public let trace: (high: UInt64, low: UInt64)
    /// convertd's span for this request, never zero.
    public let span: UInt64
    /// The trace flags (`1`: sampled).
    public let flags: UInt8

    public static func == (a: TraceContext, b: TraceContext) -> Bool {
        a.trace == b.trace && a.span == b.span && a.flags == b.flags
    }

    /// The context to answer with: the client's trace (with a new span of convertd's) when
    /// `header` is a valid `traceparent`, else a new trace, not sampled.
    public static func accept(_ header: String?) -> TraceContext {
        if let header, let parent = parse(header) {
            return TraceContext(trace: parent.trace, span: mix(counter.add(1, ordering: .relaxed).newValue), flags: parent.flags)
        }
        // Three ids from one atomic step of the shared counter rather than three.
        let last = counter.add(3, ordering: .relaxed).newValue
        return TraceContext(trace: (mix(last - 2), mix(last - 1)), span: mix(last), flags: 0)
    }

    /// The trace id as 32 lowercase hex digits.
    public var traceID: String {
        withTraceID { String(decoding: $0, as: UTF8.self) }
    }

    /// The trace id's 32 lowercase hex digits, in a buffer valid during `body`: the request log
    /// writes them without making a string.
    public func withTraceID<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { buffer in
            TraceContext.writeHex(trace.high, into: buffer, at: 0)
            TraceContext.writeHex(trace.low, into: buffer, at: 16)
            return body(UnsafeBufferPointer(buffer))
        }
    }

    /// The `traceparent` header that names convertd's span as the parent of what follows.
    public var header: String {
        withHeader { String(cString: $0) }
    }

    /// The `traceparent` header, `00-{trace}-{span}-{flags}`, as a C string valid during `body`:
    /// it goes out with every answer, so it is built on the stack.
    public func withHeader<R>(_ body: (UnsafePointer<CChar>) -> R) -> R {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 56) { buffer in
            buffer[0] = UInt8(ascii: "0")
            buffer[1] = UInt8(ascii: "0")
            buffer[2] = UInt8(ascii: "-")
            TraceContext.writeHex(trace.high, into: buffer, at: 3)
            TraceContext.writeHex(trace.low, into: buffer, at: 19)
            buffer[35] = UInt8(ascii: "-")
            TraceContext.writeHex(span, into: buffer, at: 36)
            buffer[52] = UInt8(ascii: "-")
            TraceContext.writeHex(UInt64(flags), into: buffer, at: 53, digits: 2)
            buffer[55] = 0
            return buffer.withMemoryRebound(to: CChar.self) { body(UnsafePointer($0.baseAddress.unsafelyUnwrapped)) }
        }
    }

    /// The trace id and flags of a `traceparent`: `version-traceid-parentid-flags` in lowercase
    /// hex; version `ff` and all-zero ids are invalid; a version above `00` may carry more
    /// fields after the flags, which are ignored.
    static func parse(_ header: String) -> (trace: (high: UInt64, low: UInt64), flags: UInt8)? {
        let bytes = Array(header.utf8)
        guard bytes.count >= 55, bytes[2] == UInt8(ascii: "-"), bytes[35] == UInt8(ascii: "-"), bytes[52] == UInt8(ascii: "-"),
              let version = hex(bytes[0..<2]), version != 0xFF, version != 0 || bytes.count == 55, bytes.count == 55 || bytes[55] == UInt8(ascii: "-"),
              let high = hex(bytes[3..<19]), let low = hex(bytes[19..<35]), let parent = hex(bytes[36..<52]),
              let flags = hex(bytes[53..<55]), high | low != 0, parent != 0 else { return nil }
        return ((high, low), UInt8(flags))
    }

    /// The value of up to 16 lowercase hex digits; nil for any other byte.
    private static func hex(_ digits: ArraySlice<UInt8>) -> UInt64? {
        var value: UInt64 = 0
        for byte in digits {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt64(byte - UInt8(ascii: "a") + 10)
            default: return nil
            }
        }
        return value
    }

    private static func writeHex(_ value: UInt64, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int, digits: Int = 16) {
        for index in 0..<digits {
            let nibble = UInt8(truncatingIfNeeded: value >> UInt64(4 * (digits - 1 - index))) & 0xF
            buffer[start + index] = nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
        }
    }

    /// This process's random start and a counter, mixed (splitmix64): ids that differ across
    /// instances and restarts, made without a system call per request.
    private static let seed = UInt64.random(in: .min ... .max)
    private static let counter = Atomic<UInt64>(0)

    /// The `count`th id.
    private static func mix(_ count: UInt64) -> UInt64 {
        var z = seed &+ count &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        let mixed = z ^ (z >> 31)
        return mixed == 0 ? 1 : mixed
    }
}
