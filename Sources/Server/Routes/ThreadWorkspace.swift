import Glibc
import MappingEngine

/// One conversion `Workspace` per thread, made on the thread's first conversion and freed with
/// the thread, so steady-state conversions allocate nothing and threads never share one.
enum ThreadWorkspace {
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { stored in
            if let stored { Unmanaged<Workspace>.fromOpaque(stored).release() }
        }
        return key
    }()

    /// The calling thread's workspace.
    static var current: Workspace {
        if let stored = pthread_getspecific(key) {
            return Unmanaged<Workspace>.fromOpaque(stored).takeUnretainedValue()
        }
        let workspace = Workspace()
        pthread_setspecific(key, Unmanaged.passRetained(workspace).toOpaque())
        return workspace
    }
}
