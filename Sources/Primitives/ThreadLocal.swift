import Glibc

/// One object per thread: made on the thread's first use, released when the thread ends. For
/// what the request path keeps per worker thread (a conversion workspace, the log's formatted
/// second, the last duration histogram), so that threads share no lock for it.
public final class ThreadLocal<Value: AnyObject>: @unchecked Sendable {
    private let key: pthread_key_t
    private let make: @Sendable () -> Value

    public init(_ make: @escaping @Sendable () -> Value) {
        var key = pthread_key_t()
        pthread_key_create(&key) { stored in
            if let stored { Unmanaged<AnyObject>.fromOpaque(stored).release() }
        }
        self.key = key
        self.make = make
    }

    /// The calling thread's object.
    public var current: Value {
        if let stored = pthread_getspecific(key) {
            return Unmanaged<Value>.fromOpaque(stored).takeUnretainedValue()
        }
        let value = make()
        pthread_setspecific(key, Unmanaged.passRetained(value).toOpaque())
        return value
    }
}
