import Foundation
import Testing

/// Data contracts (SPEC §11) on the real `convertd`: versions pinned, listed, deprecated and
/// disabled and surviving a restart; compatibility refused on `PUT` and on the directory watch
/// of two replicas alike; the dry run; replayed examples; drift of live traffic.
@Suite(.serialized, .convertdBuilt, .tags(.live))
final class ContractLiveTests {
    private let directory: ContractDirectory
    private let json = [("Content-Type", "application/json")]
    private let token = "contract-token"
    private var admin: [(String, String)] { [("Authorization", "Bearer \(token)"), ("Content-Type", "application/yaml")] }

    init() throws {
        directory = try ContractDirectory(files: ["Book.yaml": ContractLiveTests.book])
    }

    static let book = """
        Book:
          examples:
            - name: classic
              input: { title: "Dune", year: "1965" }
              output: { title: "Dune", year: 1965 }
          properties:
            title: string
            year: int64

        """
    static let bookWithSubtitle = book + "    subtitle: string?\n"
    static let bookWithNarrowYear = book.replacingOccurrences(of: "year: int64", with: "year: int16")
    static let bookWithRenamedTitle = book.replacingOccurrences(of: "title: string", with: "title: { type: string, from: name }")

    private func versions(_ connection: HTTPConnection, _ model: String = "Book") throws -> [[String: Any]] {
        (value(try connection.request("GET", "/schemas/\(model)/versions").json, "versions") as? [[String: Any]]) ?? []
    }

    @Test func versionsArePinnedDeprecatedDisabledAndSurviveARestart() throws {
        let arguments = ["--persist", "--admin-token", token, "--compatibility", "BACKWARD"]
        var server: LiveServer? = try LiveServer(schemas: directory.url, arguments: arguments)
        var connection = try #require(server).connect()
        #expect(try versions(connection).count == 1)

        // Adding an optional property is BACKWARD compatible: version 2.
        let put = try connection.request("PUT", "/schemas/Book", body: Self.bookWithSubtitle, headers: admin)
        #expect(put.status == 200, "\(put.text)")
        #expect(try versions(connection).map { $0["version"] as? Int } == [1, 2])
        let dune = #"{"title":"Dune","year":"1965","subtitle":"x"}"#
        #expect(try connection.request("POST", "/convert/Book", body: dune, headers: json).text == #"{"title":"Dune","year":1965,"subtitle":"x"}"#)
        #expect(try connection.request("POST", "/convert/Book@1", body: dune, headers: json).text == #"{"title":"Dune","year":1965}"#)
        #expect(try connection.request("POST", "/convert/Book@2", body: dune, headers: json).text == #"{"title":"Dune","year":1965,"subtitle":"x"}"#)
        let missing = try connection.request("POST", "/convert/Book@9", body: dune, headers: json)
        #expect(missing.status == 404 && value(missing.json, "errors", 0, "code") as? String == "unknown_version")
        #expect(try connection.request("GET", "/schemas/Book@1").status == 200)

        // Narrowing a type breaks BACKWARD: refused with the change, and nothing served changes.
        let narrow = try connection.request("PUT", "/schemas/Book", body: Self.bookWithNarrowYear, headers: admin)
        #expect(narrow.status == 409, "\(narrow.text)")
        #expect(value(narrow.json, "errors", 0, "code") as? String == "incompatible")
        #expect(value(narrow.json, "errors", 0, "kind") as? String == "type_narrowed")
        #expect(value(narrow.json, "errors", 0, "path") as? String == "/properties/year")
        #expect(try versions(connection).count == 2)
        // The dry run says the same, and serves nothing.
        let dry = try connection.request("POST", "/schemas/Book/compatibility", body: Self.bookWithNarrowYear, headers: admin)
        #expect(dry.status == 200 && value(dry.json, "compatible") as? Bool == false, "\(dry.text)")
        // A change that answers the example differently is refused by its replay.
        let renamed = try connection.request("PUT", "/schemas/Book", body: Self.bookWithRenamedTitle, headers: admin)
        #expect(renamed.status == 409, "\(renamed.text)")
        #expect(renamed.text.contains("replay_differs"), "\(renamed.text)")

        // Deprecated: answered with Deprecation and Sunset; disabled: 410.
        let deprecate = try connection.request("PATCH", "/schemas/Book@1", body: #"{"state":"deprecated","sunset":"2027-01-01T00:00:00Z"}"#,
                                               headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")])
        #expect(deprecate.status == 200, "\(deprecate.text)")
        let old = try connection.request("POST", "/convert/Book@1", body: dune, headers: json)
        #expect(old.status == 200)
        #expect(old.header("Deprecation")?.hasPrefix("@") == true)
        #expect(old.header("Sunset") == "Fri, 01 Jan 2027 00:00:00 GMT")
        #expect(try connection.request("POST", "/convert/Book", body: dune, headers: json).header("Deprecation") == nil)
        // Mapped back, the same: the pinned version's headers, none for the latest.
        let back = try connection.request("POST", "/reverse/Book@1", body: old.text, headers: json)
        #expect(back.status == 200 && back.header("Sunset") == "Fri, 01 Jan 2027 00:00:00 GMT", "\(back.text)")
        #expect(try connection.request("POST", "/reverse/Book", body: old.text, headers: json).header("Deprecation") == nil)
        let disable = try connection.request("PATCH", "/schemas/Book@1", body: #"{"state":"disabled"}"#,
                                             headers: [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json")])
        #expect(disable.status == 200)
        let gone = try connection.request("POST", "/convert/Book@1", body: dune, headers: json)
        #expect(gone.status == 410 && value(gone.json, "errors", 0, "code") as? String == "version_disabled")
        #expect(try connection.request("POST", "/reverse/Book@1", body: old.text, headers: json).status == 410)
        let listed = try versions(connection)

        // A restart reads the ledger back: the same versions, states and digests.
        server = nil
        server = try LiveServer(schemas: directory.url, arguments: arguments)
        connection = try #require(server).connect()
        let again = try versions(connection)
        #expect(again.map { $0["digest"] as? String } == listed.map { $0["digest"] as? String })
        #expect(again.map { $0["state"] as? String } == ["disabled", "active"])
        #expect(try connection.request("POST", "/convert/Book@1", body: dune, headers: json).status == 410)
    }

    @Test func twoReplicasWatchingOneDirectoryAgreeAndRefuseAlike() throws {
        let a = try LiveServer(schemas: directory.url, arguments: ["--persist", "--admin-token", token, "--reload-interval", "0.2",
                                                                   "--compatibility", "BACKWARD"])
        let b = try LiveServer(schemas: directory.url, arguments: ["--reload-interval", "0.2", "--compatibility", "BACKWARD"])
        let (first, second) = (try a.connect(), try b.connect())
        #expect(try first.request("PUT", "/schemas/Book", body: Self.bookWithSubtitle, headers: admin).status == 200)
        let deadline = Date().addingTimeInterval(3)
        while try versions(second).count < 2 && Date() < deadline { usleep(50_000) }
        let (left, right) = (try versions(first), try versions(second))
        #expect(left.count == 2)
        #expect(left.map { $0["digest"] as? String } == right.map { $0["digest"] as? String })
        #expect(left.map { $0["created"] as? String } == right.map { $0["created"] as? String })
        #expect(value(try first.request("GET", "/stats").json, "digest") as? String
            == value(try second.request("GET", "/stats").json, "digest") as? String)

        // A narrowing written into the directory (a ConfigMap update) is refused by both.
        try Self.bookWithNarrowYear.write(to: directory.url.appendingPathComponent("Book.yaml"), atomically: true, encoding: .utf8)
        #expect(a.waitForLog("incompatible", timeout: 5), "\(a.logText)")
        #expect(b.waitForLog("incompatible", timeout: 5), "\(b.logText)")
        for connection in [first, second] {
            #expect(try versions(connection).count == 2)
            let metrics = try connection.request("GET", "/metrics").text
            #expect(!metrics.contains("convertd_schema_changes_incompatible_total 0"), "\(metrics)")
            #expect(metrics.contains("convertd_schema_changes_incompatible_total"))
            #expect(try connection.request("POST", "/convert/Book", body: #"{"title":"T","year":70000}"#, headers: json).status == 200)
        }
    }

    @Test func driftReportsWhatTrafficSent() throws {
        try directory.write("status.yaml", "Order:\n  properties:\n    id: int32\n    status: { type: string, enum: [open, closed] }\n")
        let server = try LiveServer(schemas: directory.url, arguments: ["--drift-sample", "1", "--drift-cost", "0", "--drift-entries", "4"])
        let connection = try server.connect()
        for index in 0..<60 {
            _ = try connection.request("POST", "/convert/Order", body: #"{"id":"\#(index)","status":"open","channel":"web"}"#, headers: json)
        }
        _ = try connection.request("POST", "/convert/Order", body: #"{"id":1,"status":"archived"}"#, headers: json)
        // A hundred distinct unknown keys keep each list at its bound, and the frequent key on top.
        for index in 0..<100 {
            _ = try connection.request("POST", "/convert/Order", body: #"{"id":1,"status":"open","k\#(index)":true}"#, headers: json)
        }
        let report = try connection.request("GET", "/schemas/Order/drift").json
        let unknown = value(report, "unknownKeys") as? [[String: Any]] ?? []
        #expect(unknown.first?["path"] as? String == "/channel")
        #expect(unknown.first?["count"] as? Int == 60)
        #expect(unknown.count <= 4)
        #expect((value(report, "coercions") as? [[String: Any]])?.first?["path"] as? String == "/id")
        #expect((value(report, "outsideEnum") as? [[String: Any]])?.first?["value"] as? String == #""archived""#)
        #expect((value(report, "errors") as? [[String: Any]])?.first?["path"] as? String == "/status")
        #expect(try connection.request("GET", "/schemas/Nope/drift").status == 404)
    }
}

/// A fresh schema directory holding `files`, removed with the value.
final class ContractDirectory {
    let url: URL

    init(files: [String: String]) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-contracts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        for (name, text) in files { try write(name, text) }
    }

    func write(_ name: String, _ text: String) throws {
        try text.write(to: url.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
