import Foundation
import Testing

/// The schema directory watch (`--reload-interval`) on a directory laid out and updated the
/// way the kubelet updates a mounted ConfigMap: each key a symbolic link through `..data` to a
/// timestamped directory, and an update an atomic rename of a new `..data` link over the old.
/// This is how a `kubectl apply` of the schemas ConfigMap reaches every running pod.
@Suite(.serialized, .convertdBuilt, .tags(.live))
final class ConfigMapWatchTests {
    private let volume: ConfigMapVolume
    private let json = [("Content-Type", "application/json")]

    init() throws {
        volume = try ConfigMapVolume()
    }

    private static let products = ServerFixture.products
    /// The fixture's schemas with a property added to `Maker`.
    private static let productsWithCountry = ServerFixture.products + "\n    country: { type: string, from: land }\n"
    private static let cat = "Cat: { properties: { lives: int8 } }\n"

    /// Polls `request` until it answers `expected` or two seconds pass; returns the last answer.
    private func eventually(_ connection: HTTPConnection, _ path: String, body: String, expected: String) throws -> HTTPConnection.Response {
        let deadline = Date().addingTimeInterval(2)
        var answer = try connection.request("POST", path, body: body, headers: json)
        while answer.text != expected && Date() < deadline {
            usleep(20_000)
            answer = try connection.request("POST", path, body: body, headers: json)
        }
        return answer
    }

    @Test func aSwappedDataLinkIsServedWithoutARestart() throws {
        try volume.update(["products.yaml": Self.products])
        let server = try LiveServer(schemas: volume.url, arguments: ["--reload-interval", "0.2"])
        let connection = try server.connect()
        let maker = #"{"name":"Acme","land":"NL"}"#
        #expect(try connection.request("POST", "/convert/Maker", body: maker, headers: json).text == #"{"name":"Acme"}"#)
        #expect(try connection.request("POST", "/convert/Cat", body: "{}", headers: json).status == 404)
        let digest = value(try connection.request("GET", "/stats").json, "digest") as? String

        // One update changes a key and adds one, as `kubectl apply` of an edited ConfigMap does.
        try volume.update(["products.yaml": Self.productsWithCountry, "cat.yaml": Self.cat])
        let changed = try eventually(connection, "/convert/Maker", body: maker, expected: #"{"name":"Acme","country":"NL"}"#)
        #expect(changed.text == #"{"name":"Acme","country":"NL"}"#, "the changed key was not served within 2 s")
        let added = try eventually(connection, "/convert/Cat", body: #"{"lives":"9"}"#, expected: #"{"lives":9}"#)
        #expect(added.text == #"{"lives":9}"#, "the added key was not served within 2 s")
        #expect(value(try connection.request("GET", "/stats").json, "digest") as? String != digest)

        // A key removed from the ConfigMap takes its models with it.
        try volume.update(["products.yaml": Self.productsWithCountry])
        let deadline = Date().addingTimeInterval(2)
        var removed = try connection.request("POST", "/convert/Cat", body: "{}", headers: json)
        while removed.status != 404 && Date() < deadline {
            usleep(20_000)
            removed = try connection.request("POST", "/convert/Cat", body: "{}", headers: json)
        }
        #expect(removed.status == 404, "the removed key was still served 2 s later")
        #expect(!server.logText.contains("error"), "\(server.logText)")
    }
}

/// A directory written the way the kubelet's atomic writer writes a ConfigMap volume.
private final class ConfigMapVolume {
    let url: URL
    private var generation = 0
    private let manager = FileManager.default

    init() throws {
        url = manager.temporaryDirectory.appendingPathComponent("convertd-volume-\(UUID().uuidString)")
        try manager.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? manager.removeItem(at: url)
    }

    /// Makes the volume hold exactly `files`: a new timestamped directory, a `..data_tmp` link
    /// to it renamed over `..data` in one step, a link per new key, the links of removed keys
    /// and the previous directory deleted. Every file keeps the modification time of the first
    /// write, so only a watch that compares contents sees the change.
    func update(_ files: [String: String]) throws {
        generation += 1
        let stamp = String(format: "..2024_05_01_12_00_%02d.%09d", generation, generation)
        let directory = url.appendingPathComponent(stamp)
        try manager.createDirectory(at: directory, withIntermediateDirectories: false)
        for (name, text) in files {
            let file = directory.appendingPathComponent(name)
            try text.write(to: file, atomically: false, encoding: .utf8)
            try manager.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_714_564_800)], ofItemAtPath: file.path)
        }
        let previous = try? manager.destinationOfSymbolicLink(atPath: url.appendingPathComponent("..data").path)
        let temporary = url.appendingPathComponent("..data_tmp")
        try manager.createSymbolicLink(atPath: temporary.path, withDestinationPath: stamp)
        guard rename(temporary.path, url.appendingPathComponent("..data").path) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "rename ..data_tmp: \(String(cString: strerror(errno)))"])
        }
        let visible = Set(try manager.contentsOfDirectory(atPath: url.path).filter { !$0.hasPrefix(".") })
        for name in files.keys where !visible.contains(name) {
            try manager.createSymbolicLink(atPath: url.appendingPathComponent(name).path, withDestinationPath: "..data/\(name)")
        }
        for name in visible where files[name] == nil {
            try manager.removeItem(at: url.appendingPathComponent(name))
        }
        if let previous { try manager.removeItem(at: url.appendingPathComponent(previous)) }
    }
}
