import MappingEngine
import Primitives

/// A stream's batches converted on `jobs` threads (`convertd convert --jobs`), each thread with
/// a workspace of its own; at most two batches a thread are in flight, so memory stays bounded
/// by the batch size whatever the input's size.
final class ParallelBatches<Batch, Part>: BatchConverter {
    private let workers: OrderedWorkers<Batch, Part>

    init(jobs: Int, convert: @escaping @Sendable (Batch, Workspace) -> Part) {
        workers = OrderedWorkers(threads: jobs, depth: 2 * jobs, name: "convertd.convert", state: { Workspace() }, work: convert)
    }

    func submit(_ batch: Batch) -> [Part] { workers.submit(batch) }

    func drain() -> [Part] { workers.drain() }
}
