import MappingEngine
import Primitives

/// One conversion `Workspace` per thread, made on the thread's first conversion and freed with
/// the thread, so steady-state conversions allocate nothing and threads never share one.
enum ThreadWorkspace {
    private static let perThread = ThreadLocal { Workspace() }

    /// The calling thread's workspace.
    static var current: Workspace { perThread.current }
}
