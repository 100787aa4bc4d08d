import Foundation
import TestSupport
import Testing

/// The schemas an attacker (or a careless ConfigMap) sends, through every door of the real
/// server: `convertd lint` on the main thread, start-up, `PUT` on a libmicrohttpd worker. Each
/// answers — loaded or refused with the limit named — and the process stays up, promptly and
/// in modest memory; `GET /openapi.json` on a registry at the model limit is built once and
/// shared by concurrent fetches.
@Suite(.serialized, .convertdBuilt, .tags(.live))
final class SchemaLimitsLiveTests {
    private let directory: URL
    private static let token = "limits-admin-token"
    private let admin = [("Authorization", "Bearer \(SchemaLimitsLiveTests.token)"), ("Content-Type", "application/json")]

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-limits-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    private func write(_ text: String, to file: String) throws {
        try text.write(to: directory.appendingPathComponent(file), atomically: true, encoding: .utf8)
    }

    /// A server on the test's directory with the admin API open.
    private func server(_ arguments: [String] = []) throws -> LiveServer {
        try LiveServer(schemas: directory, arguments: ["--admin-token", SchemaLimitsLiveTests.token, "--log-level", "notice"] + arguments)
    }

    /// 10,000 models (the limit) load; 10,001 are refused with the limit named. Neither ends in a signal.
    @Test(arguments: [10_000, 10_001])
    func lintOfAReferenceChainAnswersWithoutASignal(_ count: Int) throws {
        let binary = try #require(ConvertdBinary.url)
        try write(SchemaShapes.referenceChain(count), to: "chain.json")
        let run = try ProcessRun(binary, ["lint", directory.path], environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(!run.signaled, "lint died of signal \(run.status)")
        if count <= 10_000 {
            #expect(run.status == 0 && run.stdout.hasPrefix("\(count) models OK"), "\(run.stderr.prefix(500))")
        } else {
            #expect(run.status == 1 && run.stderr.contains("(models)"), "\(run.stderr.prefix(500))")
        }
    }

    @Test func startUpOnATenThousandModelChainServesIt() throws {
        try write(SchemaShapes.referenceChain(10_000), to: "chain.json")
        let server = try server()
        let connection = try server.connect()
        #expect(try connection.request("GET", "/healthz").status == 200)
        let converted = try connection.request("POST", "/convert/M0", body: #"{"next":{"next":{"next":{}}}}"#, headers: admin)
        #expect(converted.text == #"{"next":{"next":{"next":{}}}}"#)
    }

    @Test func aPUTOfATenThousandModelChainAnswersAndTheServerStaysUp() throws {
        let server = try server()
        let connection = try server.connect()
        let answer = try connection.request("PUT", "/schemas/M0", body: SchemaShapes.referenceChain(10_000), headers: admin)
        #expect(answer.status == 201, "\(answer.text.prefix(300))")
        #expect(try server.connect().request("GET", "/healthz").status == 200)
        #expect(try connection.request("POST", "/convert/M0", body: #"{"next":{"x":1}}"#, headers: admin).status == 200)
    }

    /// Re-resolving the chain per level took 10-12 s and 446 MB for 1,000 levels (release
    /// build); 3,000 levels ran past 90 s.
    @Test(arguments: [1_000, 3_000])
    func anExtendsChainOfThousandsIsRefusedPromptlyInModestMemory(_ levels: Int) throws {
        let server = try server()
        let before = server.memory.peak
        let connection = try server.connect()
        let started = Date()
        let answer: HTTPConnection.Response
        do {
            answer = try connection.request("PUT", "/schemas/E\(levels - 1)", body: SchemaShapes.extendsChain(levels), headers: admin)
        } catch {
            // A server still resolving does not stop for SIGTERM, which the server's release sends.
            server.signal(SIGKILL)
            throw error
        }
        let seconds = Date().timeIntervalSince(started)
        #expect(answer.status == 422)
        #expect(answer.text.contains("(extendsDepth)"), "\(answer.text.prefix(300))")
        #expect(value(answer.json, "errors", 0, "limit") as? String == "extendsDepth", "\(answer.text.prefix(300))")
        #expect(seconds < 10)
        #expect(server.memory.peak - before < 64 << 20, "peak grew from \(before >> 20) MB to \(server.memory.peak >> 20) MB")
        #expect(try server.connect().request("GET", "/healthz").status == 200)
    }

    /// Four fetches right after a change, on a registry at the model limit: one build (the
    /// others wait for it), one buffer every response reads in place. Before, each built its
    /// own tree of the document and each response copied the body: the peak grew by 13 times
    /// the document's size.
    @Test func concurrentOpenAPIFetchesAfterAChangeBuildOnceAndShareOneBuffer() throws {
        try write(SchemaShapes.manyModels(10_000), to: "many.json")
        let server = try server(["--threads", "4"])
        let first = try server.connect().request("GET", "/openapi.json")
        #expect(first.status == 200)
        let size = first.body.count
        let afterOne = server.memory.peak
        let changed = try server.connect().request("PUT", "/schemas/W0", body: #"{"W0": {"properties": {"changed": "int32"}}}"#, headers: admin)
        #expect(changed.status == 200, "\(changed.text.prefix(300))")
        let port = server.port
        let bodies = Locked<[[UInt8]]>([])
        let fetches = (0..<4).map { _ in
            Thread {
                let body = (try? HTTPConnection(port: port, timeoutSeconds: 120).request("GET", "/openapi.json").body) ?? []
                bodies.withLock { $0.append(body) }
            }
        }
        fetches.forEach { $0.start() }
        while bodies.current.count < 4 { usleep(10_000) }
        let growth = server.memory.peak - afterOne
        #expect(growth < size, "4 concurrent fetches of a \(size >> 20) MB document grew the peak by \(growth >> 20) MB")
        let sent = bodies.current
        #expect(Set(sent.map(\.count)).count == 1 && sent.allSatisfy { $0.count > size / 2 })
        #expect(sent.allSatisfy { String(decoding: $0, as: UTF8.self).contains(#""changed":"#) }, "a fetch got the document from before the change")
    }
}
