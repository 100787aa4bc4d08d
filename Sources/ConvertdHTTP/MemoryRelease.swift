import CMicroHTTPD
import Synchronization

/// Gives memory back to the system after large requests, so a pod returns to its resting size.
///
/// glibc keeps freed memory in per-thread arenas, and by default raises its mmap threshold to
/// the size of the largest block freed, so after one 8 MiB body every later large buffer comes
/// from an arena and stays there. A fixed threshold keeps large buffers in their own mappings,
/// returned on free; a trim after a large request returns what the arenas hold.
public enum MemoryRelease {
    /// Requests that moved at least this many bytes trim the heap when they end.
    public static let largeRequestBytes = 1 << 20
    private static let trimming = Atomic<Bool>(false)

    /// Fixes the allocator's thresholds; call once at startup, before the threads start.
    public static func configure() {
        CMicroHTTPD_set_allocator_thresholds(256 * 1024, 1 << 20)
    }

    /// Returns free heap memory to the system; one thread at a time, the others skip.
    public static func afterLargeRequest() {
        guard !trimming.exchange(true, ordering: .acquiring) else { return }
        CMicroHTTPD_release_free_memory()
        trimming.store(false, ordering: .releasing)
    }
}
