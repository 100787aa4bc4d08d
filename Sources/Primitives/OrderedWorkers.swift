import Foundation

/// Jobs done on threads of their own, their results given back in the order the jobs were
/// handed in: the caller hands jobs in one at a time (`submit`) and takes the results that are
/// ready at the front; at most `depth` jobs are in flight or waiting to be taken, so memory is
/// bounded whatever the caller hands in. Each thread keeps a state of its own (a workspace).
///
/// One caller at a time: `submit` and `drain` are called from one thread. The threads stop when
/// the workers are released, once the jobs handed in are done.
public final class OrderedWorkers<Job, Result>: @unchecked Sendable {
    private let shared: Shared

    /// `threads` threads (at least one), each with the state `state` makes for it on that
    /// thread, doing `work`; `depth` (at least `threads`) jobs at most in flight.
    public init<State>(threads: Int, depth: Int, name: String, state: @escaping @Sendable () -> State,
                       work: @escaping @Sendable (Job, State) -> Result) {
        let count = max(1, threads)
        let shared = Shared(depth: max(count, depth), running: count)
        self.shared = shared
        for index in 0..<count {
            let thread = Thread {
                let own = state()
                while let (sequence, job) = shared.next() {
                    shared.finish(sequence, work(job, own))
                }
            }
            thread.name = "\(name)-\(index)"
            thread.start()
        }
    }

    /// Stops the threads once the jobs handed in are done, and waits for them.
    deinit {
        shared.stop()
    }

    /// Hands in the next job, waiting while `depth` are in flight; returns the results ready at
    /// the front, in order.
    public func submit(_ job: Job) -> [Result] {
        shared.submit(job)
    }

    /// Waits for every job handed in; returns the results not taken yet, in order.
    public func drain() -> [Result] {
        shared.drain()
    }

    /// What the caller and the threads share. Everything in it is guarded by `condition`, which
    /// is broadcast whenever any of it changes.
    private final class Shared: @unchecked Sendable {
        private let condition = NSCondition()
        private var queue: [(sequence: Int, job: Job)] = []
        private var results: [Int: Result] = [:]
        /// Jobs handed in, and results taken, so far.
        private var submitted = 0
        private var taken = 0
        private var stopping = false
        /// Threads that have not returned.
        private var running: Int
        private let depth: Int

        init(depth: Int, running: Int) {
            self.depth = depth
            self.running = running
        }

        func submit(_ job: Job) -> [Result] {
            condition.lock()
            defer { condition.unlock() }
            var ready = takeReady()
            while submitted - taken >= depth {
                condition.wait()
                ready += takeReady()
            }
            queue.append((submitted, job))
            submitted += 1
            condition.broadcast()
            return ready
        }

        func drain() -> [Result] {
            condition.lock()
            defer { condition.unlock() }
            var ready = takeReady()
            while taken < submitted {
                condition.wait()
                ready += takeReady()
            }
            return ready
        }

        /// A thread's next job; nil once stopping with none left, when the thread returns.
        func next() -> (Int, Job)? {
            condition.lock()
            defer { condition.unlock() }
            while queue.isEmpty && !stopping { condition.wait() }
            guard !queue.isEmpty else {
                running -= 1
                condition.broadcast()
                return nil
            }
            return queue.removeFirst()
        }

        /// A thread has done job `sequence`.
        func finish(_ sequence: Int, _ result: Result) {
            condition.lock()
            results[sequence] = result
            condition.broadcast()
            condition.unlock()
        }

        /// Lets the threads return once the queue is empty, and waits for them.
        func stop() {
            condition.lock()
            stopping = true
            condition.broadcast()
            while running > 0 { condition.wait() }
            condition.unlock()
        }

        /// The results ready at the front, taken. Called with the lock held.
        private func takeReady() -> [Result] {
            var ready: [Result] = []
            while let result = results.removeValue(forKey: taken) {
                ready.append(result)
                taken += 1
            }
            return ready
        }
    }
}
