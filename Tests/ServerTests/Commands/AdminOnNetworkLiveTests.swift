import Foundation
import Testing

/// `convertd serve` with the admin API on an address other than loopback: a token given as text
/// (`--admin-token`, `ADMIN_TOKEN`) stops the start with a message naming the ways out, unless
/// `--admin-on-network` acknowledges it; a token file needs nothing; loopback starts as before.
@Suite(.convertdBuilt, .tags(.live))
final class AdminOnNetworkLiveTests {
    private let fixture: FixtureDirectory
    private var schemas: URL { fixture.url }

    init() throws {
        fixture = try FixtureDirectory()
    }

    private static let token = "network-admin-token"
    private let admin = [("Authorization", "Bearer \(AdminOnNetworkLiveTests.token)")]
    private let yaml = [("Content-Type", "application/yaml")]
    private static let pet = "Pet:\n  properties:\n    name: { type: string, required: true }\n"

    /// Runs `convertd serve` on `arguments` with `environment` in place of the test's, expecting
    /// it to stop by itself: its exit status and what it wrote to stderr. A server still running
    /// after 30 s is stopped and its status is nil.
    private func refusedStart(_ arguments: [String], environment: [String: String] = [:]) throws -> (status: Int32?, stderr: String) {
        let binary: URL = try #require(ConvertdBinary.url)
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--port", "0", "--schemas", schemas.path, "--log-format", "text"] + arguments
        process.environment = environment
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-refused-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        process.standardError = handle
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        let stopped = !process.isRunning
        if !stopped {
            process.terminate()
            process.waitUntilExit()
        }
        try handle.close()
        return (stopped ? process.terminationStatus : nil, try String(contentsOf: log, encoding: .utf8))
    }

    /// Adds `Pet` with the admin token: 201 when the admin API is on and the token opens it.
    private func put(_ server: LiveServer) throws -> Int {
        try server.connect().request("PUT", "/schemas/Pet", body: AdminOnNetworkLiveTests.pet, headers: admin + yaml).status
    }

    @Test(arguments: [
        (["--host", "0.0.0.0", "--admin-token", token], [:], "--admin-token with host 0.0.0.0"),
        (["--host", "::"], ["ADMIN_TOKEN": token], "ADMIN_TOKEN with host ::"),
        ([], ["HOST": "0.0.0.0", "ADMIN_TOKEN": token], "ADMIN_TOKEN with host 0.0.0.0"),
    ] as [([String], [String: String], String)])
    func aTokenGivenAsTextOffLoopbackStopsTheStartNamingTheWaysOut(_ entry: (arguments: [String], environment: [String: String], says: String)) throws {
        let result = try refusedStart(entry.arguments, environment: entry.environment)
        #expect(result.status != nil && result.status != 0, "serve must exit by itself, non-zero:\n\(result.stderr)")
        #expect(result.stderr.contains(entry.says + ", not a loopback address"), "\(result.stderr)")
        for fix in ["--admin-token-file PATH", "--admin-on-network", "ADMIN_ON_NETWORK=1", "--host 127.0.0.1"] {
            #expect(result.stderr.contains(fix), "the message names \(fix)")
        }
        #expect(!result.stderr.contains(AdminOnNetworkLiveTests.token), "the token is never echoed")
        #expect(!result.stderr.contains(" listening "))
    }

    @Test func acknowledgedATokenOnTheCommandLineServesEveryInterface() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--host", "0.0.0.0", "--admin-token", AdminOnNetworkLiveTests.token,
                                                                  "--admin-on-network"])
        #expect(server.logText.contains("admin=on") && server.logText.contains("host=0.0.0.0"), "\(server.logText)")
        #expect(try put(server) == 201)
    }

    @Test func aTokenFileOffLoopbackNeedsNoAcknowledgement() throws {
        let file = schemas.deletingLastPathComponent().appendingPathComponent("convertd-token-\(UUID().uuidString)")
        try (AdminOnNetworkLiveTests.token + "\n").write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let server = try LiveServer(schemas: schemas, arguments: ["--host", "0.0.0.0", "--admin-token-file", file.path])
        #expect(server.logText.contains("admin=on") && server.logText.contains("host=0.0.0.0"), "\(server.logText)")
        #expect(try put(server) == 201)
    }

    @Test func onLoopbackATokenOnTheCommandLineStartsAsBefore() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--admin-token", AdminOnNetworkLiveTests.token])
        #expect(server.logText.contains("admin=on") && server.logText.contains("host=127.0.0.1"), "\(server.logText)")
        #expect(try put(server) == 201)
    }
}
