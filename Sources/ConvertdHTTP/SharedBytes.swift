/// Bytes built once and sent by many responses at once (the OpenAPI document): never written
/// after they are made, and freed when the last holder lets go. The server hands them to
/// libmicrohttpd to read in place, so a response costs a reference, not a copy of the body;
/// libmicrohttpd holds that reference until it destroys the response.
public final class SharedBytes: @unchecked Sendable {
    // Written only by init; every reader reads the same immutable bytes.
    private let start: UnsafeMutablePointer<UInt8>
    /// How many bytes there are.
    public let count: Int

    /// A copy of `bytes`, the only one every response will share.
    public init(copying bytes: UnsafeBufferPointer<UInt8>) {
        count = bytes.count
        start = .allocate(capacity: max(count, 1))
        if let source = bytes.baseAddress { start.initialize(from: source, count: count) }
    }

    deinit {
        start.deallocate()
    }

    /// The bytes, valid while this object lives.
    public var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }
}
