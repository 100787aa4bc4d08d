/// Where a streamed conversion writes its output as it goes: a `Spool`, or a file such as
/// standard output.
public protocol OutputSink: AnyObject {
    /// Appends bytes; the sink copies them before returning.
    func write(_ bytes: UnsafeBufferPointer<UInt8>)
}

extension OutputSink {
    /// Appends the bytes of an array.
    public func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { write($0) }
    }
}
