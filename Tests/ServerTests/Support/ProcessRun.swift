import Foundation

/// What a finished process left: its exit status and what it wrote.
struct ProcessRun {
    /// The exit status, or the signal that ended the process when `signaled`.
    var status: Int32
    /// Whether a signal ended the process (a crash: SIGSEGV, SIGABRT…) rather than an exit.
    var signaled: Bool
    var stdout: String
    var stderr: String

    /// Runs `executable` with `arguments`, `input` on its stdin, until it exits; `environment`
    /// replaces the test's own.
    init(_ executable: URL, _ arguments: [String], input: Data = Data(), directory: URL? = nil,
         environment: [String: String]? = nil) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = directory }
        if let environment { process.environment = environment }
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        // Both pipes drained at once, so a child filling one while we wait on the other cannot stall.
        let errors = Locked(Data())
        let drained = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            errors.withLock { $0 = stderr.fileHandleForReading.readDataToEndOfFile() }
            drained.signal()
        }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        process.waitUntilExit()
        status = process.terminationStatus
        signaled = process.terminationReason == .uncaughtSignal
        self.stdout = String(decoding: out, as: UTF8.self)
        self.stderr = String(decoding: errors.current, as: UTF8.self)
    }
}
