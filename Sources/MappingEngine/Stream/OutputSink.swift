/// Where a streamed conversion writes its output as it goes: a spool (the `Spooling` target), or
/// a file such as standard output. The engine writes to sinks and never to files itself.
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

/// A sink whose output can be taken back: a streamed array's answer is decided at its end, and
/// an array that fails drops what its valid elements wrote.
public protocol DiscardableOutputSink: OutputSink {
    /// Drops everything written and what is still to come: the output will not be used.
    /// Called again after every later element, so a second call must be cheap.
    func discard()
}
