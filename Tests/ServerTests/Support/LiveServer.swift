import Foundation
import Testing

/// The built `convertd`, beside the test bundle.
enum ConvertdBinary {
    static let url: URL? = {
        let candidate = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("convertd")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()
}

/// A real `convertd serve` on a free loopback port, its log collected, stopped when released.
final class LiveServer: @unchecked Sendable {
    struct StartFailure: Error, CustomStringConvertible {
        var description: String
    }

    let process = Process()
    private(set) var port = 0
    /// What the server wrote to stderr.
    private let log = Locked("")

    /// Starts the server on `schemas` with extra `arguments`; waits for its "listening" line.
    init(schemas: URL, arguments: [String] = []) throws {
        guard let binary = ConvertdBinary.url else { throw StartFailure(description: "convertd is not built") }
        process.executableURL = binary
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", "0", "--schemas", schemas.path, "--log-format", "text"] + arguments
        let stderr = Pipe()
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        stderr.fileHandleForReading.readabilityHandler = { [log] handle in
            let data = handle.availableData
            log.withLock { $0 += String(decoding: data, as: UTF8.self) }
        }
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline {
            if let port = LiveServer.port(in: logText) {
                self.port = port
                return
            }
            if !process.isRunning { break }
            usleep(20_000)
        }
        throw StartFailure(description: "convertd did not start:\n\(logText)")
    }

    /// Stops the server, and fails the test when a sanitizer the server was built with reported.
    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        usleep(50_000)  // the last lines the reader has not collected yet
        #expect(!logText.contains("Sanitizer"), "the server's sanitizer reported:\n\(logText)")
    }

    var logText: String { log.current }

    /// Sends a signal to the server process.
    func signal(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the process to exit and returns its status; nil after `timeout` seconds.
    func waitForExit(timeout: Double = 30) -> Int32? {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// Waits until the log contains `text`; false after `timeout` seconds.
    func waitForLog(_ text: String, count: Int = 1, timeout: Double = 30) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if logText.components(separatedBy: text).count - 1 >= count { return true }
            usleep(10_000)
        }
        return false
    }

    /// A new keep-alive connection to the server, from the loopback address `source`.
    func connect(from source: String = "127.0.0.1") throws -> HTTPConnection {
        try HTTPConnection(port: port, source: source)
    }

    /// The server's resident memory now (`VmRSS`) and at its peak (`VmHWM`), in bytes.
    var memory: (resident: Int, peak: Int) {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        func field(_ name: String) -> Int {
            guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return 0 }
            return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
        }
        return (field("VmRSS"), field("VmHWM"))
    }

    private static func port(in log: String) -> Int? {
        guard let line = log.split(separator: "\n").first(where: { $0.contains(" listening ") }),
              let field = line.split(separator: " ").first(where: { $0.hasPrefix("port=") }) else { return nil }
        return Int(field.dropFirst(5))
    }
}
