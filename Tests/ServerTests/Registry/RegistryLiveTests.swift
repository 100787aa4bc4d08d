import Foundation
import Testing

/// The runtime registry against the real server: the admin API and its token, changes under
/// load, the directory watch, `--persist` across a restart, runtime changes kept across reloads
/// without it, and a port already in use.
@Suite(.serialized, .convertdBuilt, .tags(.live))
final class RegistryLiveTests {
    private let fixture: FixtureDirectory
    private var schemas: URL { fixture.url }

    init() throws {
        fixture = try FixtureDirectory()
    }

    private static let token = "test-admin-token"
    private let admin = [("Authorization", "Bearer \(RegistryLiveTests.token)")]
    private let json = [("Content-Type", "application/json")]
    private let yaml = [("Content-Type", "application/yaml")]

    /// A `Pet` model whose `name` is read from `key`.
    private static func pet(readingFrom key: String) -> String {
        "Pet:\n  properties:\n    name: { type: string, from: \(key), required: true }\n    age: int32\n"
    }

    @Test func aModelAddedWithPUTConvertsAtOnceAndABadPUTChangesNothing() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--admin-token", RegistryLiveTests.token])
        let connection = try server.connect()
        let added = try connection.request("PUT", "/schemas/Pet", body: RegistryLiveTests.pet(readingFrom: "name"), headers: admin + yaml)
        #expect(added.status == 201)
        #expect(value(added.json, "added") as? [String] == ["Pet"])
        #expect(value(added.json, "generation") as? Int == 2)
        let converted = try connection.request("POST", "/convert/Pet", body: #"{"name":"Rex","age":"3"}"#, headers: json)
        #expect(converted.text == #"{"name":"Rex","age":3}"#)
        // Two mistakes: both listed, and Pet stays as it was.
        let bad = #"{"Pet": {"properties": {"name": {"type": "nosuch"}, "age": {"type": "int8", "minimum": "a"}}}}"#
        let refused = try connection.request("PUT", "/schemas/Pet", body: bad, headers: admin + json)
        #expect(refused.status == 422)
        let errors = value(refused.json, "errors") as? [Any] ?? []
        #expect(errors.count == 2)
        #expect(errors.allSatisfy { value($0, "code") as? String == "invalid_schema" && value($0, "model") as? String == "Pet" })
        #expect(Set(errors.compactMap { value($0, "property") as? String }) == ["name", "age"])
        #expect(try connection.request("POST", "/convert/Pet", body: #"{"name":"Rex","age":"3"}"#, headers: json).status == 200)
        let notDefined = try connection.request("PUT", "/schemas/Pet", body: #"{"Dog": {"properties": {"x": "int8"}}}"#, headers: admin + json)
        #expect(notDefined.status == 422)
        #expect(value(notDefined.json, "errors", 0, "code") as? String == "model_not_defined")
    }

    @Test func deletingAModelInUseIsRefusedAndAnUnusedOneGoes() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--admin-token", RegistryLiveTests.token])
        let connection = try server.connect()
        let refused = try connection.request("DELETE", "/schemas/Maker", headers: admin)
        #expect(refused.status == 409)
        #expect(value(refused.json, "errors", 0, "code") as? String == "in_use")
        #expect(value(refused.json, "errors", 0, "usedBy") as? [String] == ["Product"])
        let deleted = try connection.request("DELETE", "/schemas/Product", headers: admin)
        #expect(deleted.status == 200)
        #expect(value(deleted.json, "removed") as? [String] == ["Product"])
        #expect(try connection.request("POST", "/convert/Product", body: ServerFixture.productBody, headers: json).status == 404)
        #expect(try connection.request("DELETE", "/schemas/Product", headers: admin).status == 404)
    }

    /// Who may change the schemas, by configured token and sent header.
    static let authorization: [(configured: Bool, header: String?, status: Int)] = [
        (false, nil, 403), (false, "Bearer \(token)", 403),
        (true, nil, 401), (true, "Bearer wrong", 401), (true, "Basic \(token)", 401), (true, "Bearer \(token)x", 401),
        (true, "Bearer \(token)", 200),
    ]

    @Test(arguments: authorization)
    func theAdminAPIAnswersOnlyTheRightToken(_ entry: (configured: Bool, header: String?, status: Int)) throws {
        let server = try LiveServer(schemas: schemas, arguments: entry.configured ? ["--admin-token", RegistryLiveTests.token] : [])
        let connection = try server.connect()
        let headers = entry.header.map { [("Authorization", $0)] } ?? []
        let answer = try connection.request("POST", "/schemas/reload", headers: headers)
        #expect(answer.status == entry.status)
        if entry.status == 401 { #expect(answer.header("WWW-Authenticate") == "Bearer") }
        #expect(!answer.text.contains(RegistryLiveTests.token))
        #expect(!server.logText.contains(RegistryLiveTests.token))
    }

    @Test func aModelReplacedAHundredTimesUnderLoadNeverFailsARequest() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--admin-token", RegistryLiveTests.token, "--log-level", "notice"])
        let setup = try server.connect()
        #expect(try setup.request("PUT", "/schemas/Pet", body: RegistryLiveTests.pet(readingFrom: "a"), headers: admin + yaml).status == 201)
        // Under either version the body converts: name read from `a` or from `b`.
        let versions: Set<String> = [#"{"name":"A","age":1}"#, #"{"name":"B","age":1}"#]
        let stop = Locked(false)
        let failures = Locked<[String]>([])
        let requests = Locked(0)
        let port = server.port
        let clients = (0..<4).map { _ in
            Thread {
                guard let connection = try? HTTPConnection(port: port) else { return failures.withLock { $0.append("connect") } }
                while !stop.current {
                    do {
                        let answer = try connection.request("POST", "/convert/Pet", body: #"{"a":"A","b":"B","age":"1"}"#,
                                                            headers: [("Content-Type", "application/json")])
                        requests.withLock { $0 += 1 }
                        if answer.status != 200 || !versions.contains(answer.text) { failures.withLock { $0.append("\(answer.status) \(answer.text)") } }
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                        return
                    }
                }
            }
        }
        clients.forEach { $0.start() }
        for round in 0..<100 {
            let key = round % 2 == 0 ? "b" : "a"
            let answer = try setup.request("PUT", "/schemas/Pet", body: RegistryLiveTests.pet(readingFrom: key), headers: admin + yaml)
            #expect(answer.status == 200, "round \(round): \(answer.text)")
        }
        stop.withLock { $0 = true }
        usleep(200_000)
        #expect(failures.current.isEmpty, "\(failures.current.prefix(5))")
        #expect(requests.current > 100)
    }

    @Test func theWatchPicksUpAChangedFileWithinTwoIntervals() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--reload-interval", "0.5"])
        let connection = try server.connect()
        #expect(try connection.request("POST", "/convert/Cat", body: "{}", headers: json).status == 404)
        let digest = value(try connection.request("GET", "/stats").json, "digest") as? String
        try "Cat: { properties: { lives: int8 } }".write(to: schemas.appendingPathComponent("cat.yaml"), atomically: true, encoding: .utf8)
        let written = Date()
        var answer = try connection.request("POST", "/convert/Cat", body: #"{"lives":"9"}"#, headers: json)
        while answer.status == 404 && Date().timeIntervalSince(written) < 1 {
            usleep(20_000)
            answer = try connection.request("POST", "/convert/Cat", body: #"{"lives":"9"}"#, headers: json)
        }
        #expect(answer.text == #"{"lives":9}"#, "not served \(Date().timeIntervalSince(written)) s after the write")
        #expect(value(try connection.request("GET", "/stats").json, "digest") as? String != digest)
    }

    @Test func persistedChangesSurviveARestart() throws {
        let first = try LiveServer(schemas: schemas, arguments: ["--admin-token", RegistryLiveTests.token, "--persist"])
        #expect(try first.connect().request("PUT", "/schemas/Pet", body: RegistryLiveTests.pet(readingFrom: "name"), headers: admin + yaml).status == 201)
        #expect(try first.connect().request("DELETE", "/schemas/Product", headers: admin).status == 200)
        first.signal(SIGTERM)
        #expect(first.waitForExit() == 0)
        #expect(FileManager.default.fileExists(atPath: schemas.appendingPathComponent("Pet.yaml").path))
        let second = try LiveServer(schemas: schemas)
        let connection = try second.connect()
        #expect(try connection.request("POST", "/convert/Pet", body: #"{"name":"Rex"}"#, headers: json).status == 200)
        #expect(try connection.request("POST", "/convert/Product", body: ServerFixture.productBody, headers: json).status == 404)
        #expect(try connection.request("POST", "/convert/Maker", body: #"{"name":"Acme"}"#, headers: json).status == 200)
    }

    @Test func withoutPersistChangesLastUntilRestart() throws {
        let first = try LiveServer(schemas: schemas, arguments: ["--admin-token", RegistryLiveTests.token])
        #expect(try first.connect().request("PUT", "/schemas/Pet", body: RegistryLiveTests.pet(readingFrom: "name"), headers: admin + yaml).status == 201)
        #expect(try FileManager.default.contentsOfDirectory(atPath: schemas.path) == ["products.yaml"])
    }

    // MARK: Runtime changes without --persist: an overlay on the directory

    /// Converts a `Pet` body, for the status.
    private func petStatus(_ connection: HTTPConnection) throws -> Int {
        try connection.request("POST", "/convert/Pet", body: #"{"name":"Rex","age":"3"}"#, headers: json).status
    }

    @Test func aModelPutWithoutPersistSurvivesSIGHUPAReloadAndTheWatch() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--admin-token", RegistryLiveTests.token, "--reload-interval", "0.2"])
        let connection = try server.connect()
        #expect(try connection.request("PUT", "/schemas/Pet", body: RegistryLiveTests.pet(readingFrom: "name"), headers: admin + yaml).status == 201)
        let models = value(try connection.request("GET", "/schemas").json, "models") as? [[String: Any]] ?? []
        #expect(models.first { $0["name"] as? String == "Pet" }?["file"] as? String == "runtime:Pet.yaml")
        #expect(models.first { $0["name"] as? String == "Product" }?["file"] as? String == "products.yaml")

        server.signal(SIGHUP)
        #expect(server.waitForLog("schemas loaded", count: 2))
        #expect(try petStatus(connection) == 200, "lost at SIGHUP")

        #expect(try connection.request("POST", "/schemas/reload", headers: admin).status == 200)
        #expect(try petStatus(connection) == 200, "lost at POST /schemas/reload")

        // A directory file changes: the watch serves it (Product's name must now be 5 long) and Pet stays.
        try ServerFixture.products.replacingOccurrences(of: "minLength: 1", with: "minLength: 5")
            .write(to: schemas.appendingPathComponent("products.yaml"), atomically: true, encoding: .utf8)
        let written = Date()
        while try connection.request("POST", "/convert/Product", body: ServerFixture.productBody, headers: json).status == 200,
              Date().timeIntervalSince(written) < 5 {
            usleep(20_000)
        }
        // At start, at SIGHUP and at the watch's reload (POST /schemas/reload logs "schemas changed");
        // the watch's line may reach the log just after its swap is served.
        #expect(server.waitForLog("schemas loaded", count: 3))
        #expect(server.logText.components(separatedBy: "schemas loaded").count - 1 == 3, "\(server.logText.suffix(800))")
        #expect(try petStatus(connection) == 200, "lost at the watch's reload")
        #expect(try FileManager.default.contentsOfDirectory(atPath: schemas.path) == ["products.yaml"])
    }

    @Test func aDirectoryModelDeletedWithoutPersistStaysDeletedUntilPutAgain() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--admin-token", RegistryLiveTests.token])
        let connection = try server.connect()
        #expect(try connection.request("DELETE", "/schemas/Product", headers: admin).status == 200)
        #expect(try connection.request("POST", "/schemas/reload", headers: admin).status == 200)
        server.signal(SIGHUP)
        #expect(server.waitForLog("schemas loaded", count: 2))
        #expect(try connection.request("POST", "/convert/Product", body: ServerFixture.productBody, headers: json).status == 404)
        #expect(try connection.request("POST", "/convert/Maker", body: #"{"name":"Acme"}"#, headers: json).status == 200)
        let product = ServerFixture.products.components(separatedBy: "Maker:\n").first ?? ""
        #expect(try connection.request("PUT", "/schemas/Product", body: product, headers: admin + yaml).status == 201)
        #expect(try connection.request("POST", "/schemas/reload", headers: admin).status == 200)
        let converted = try connection.request("POST", "/convert/Product", body: ServerFixture.productBody, headers: json)
        #expect(converted.text == ServerFixture.productOutput)
    }

    @Test func aDirectoryChangeThatBreaksARuntimeModelIsRefusedAndTheOldSchemasServe() throws {
        let server = try LiveServer(schemas: schemas, arguments: ["--admin-token", RegistryLiveTests.token])
        let connection = try server.connect()
        let pet = "Pet:\n  properties:\n    name: string\n    age: int32\n    maker: Maker\n"
        #expect(try connection.request("PUT", "/schemas/Pet", body: pet, headers: admin + yaml).status == 201)
        // The directory drops Maker, which the runtime Pet uses.
        try "Product:\n  properties:\n    id: int64\n".write(to: schemas.appendingPathComponent("products.yaml"), atomically: true, encoding: .utf8)
        let refused = try connection.request("POST", "/schemas/reload", headers: admin)
        #expect(refused.status == 422)
        let errors = value(refused.json, "errors") as? [[String: Any]] ?? []
        #expect(errors.count == 1, "\(refused.text)")
        #expect(errors.first?["file"] as? String == "runtime:Pet.yaml")
        #expect(errors.first?["model"] as? String == "Pet")
        #expect(errors.first?["property"] as? String == "maker")
        #expect((errors.first?["message"] as? String)?.contains("'Maker'") == true)
        server.signal(SIGHUP)
        #expect(server.waitForLog("schema reload failed"))
        #expect(server.logText.contains("runtime:Pet.yaml: Pet.maker"), "\(server.logText.suffix(800))")
        #expect(try petStatus(connection) == 200)
        #expect(try connection.request("POST", "/convert/Product", body: ServerFixture.productBody, headers: json).text == ServerFixture.productOutput)
    }

    @Test func aSecondServerOnAPortInUseRefusesToStart() throws {
        let first = try LiveServer(schemas: schemas)
        let process = Process()
        process.executableURL = ConvertdBinary.url
        process.arguments = ["serve", "--host", "127.0.0.1", "--port", String(first.port), "--schemas", schemas.path, "--log-format", "text"]
        let stderr = Pipe()
        process.standardError = stderr
        try process.run()
        let log = String(decoding: stderr.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(log.contains("\(first.port)") && log.contains("Address already in use"), "\(log)")
        #expect(try first.connect().request("GET", "/healthz").status == 200)
    }
}
