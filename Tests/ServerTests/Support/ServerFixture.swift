@testable import ConvertdHTTP
@testable import convertd
import Foundation
import Logging
import MappingEngine

/// The schemas the server tests use, written by the tests themselves.
enum ServerFixture {
    static let products = """
        Product:
          keys: snake_case
          properties:
            id: { type: int64, required: true }
            name: { type: string, from: [name, title], required: true, minLength: 1 }
            price: { type: decimal, minimum: 0 }
            tags: { type: "array<string>", wrapSingle: true }
            releasedAt: date
            maker: Maker
        Maker:
          properties:
            name: { type: string, required: true }
        """

    /// A product body in the upstream shape, with a coercion (`id` as a string).
    static let productBody = #"{"id":"42","title":"Lamp","price":"19.90","tags":"desk","released_at":"2024-03-01","maker":{"name":"Acme"}}"#
    static let productOutput = #"{"id":42,"name":"Lamp","price":19.90,"tags":["desk"],"releasedAt":"2024-03-01T00:00:00Z","maker":{"name":"Acme"}}"#

    static func registry() throws -> SchemaRegistry {
        try SchemaLoader.load(sources: [(file: "products.yaml", text: products)])
    }

    /// A service over the fixture schemas (or, with `directory`, over that directory, loaded),
    /// logging nowhere.
    static func service(limits: Service.Limits = .init(), directory: URL? = nil, adminToken: String? = nil) throws -> Service {
        var logger = Logger(label: "test")
        logger.logLevel = .critical
        let engine = directory == nil ? try Engine(registry: registry()) : Engine()
        let service = Service(schemas: SchemaAdmin(engine: engine, directory: directory?.path ?? "", persist: false),
                              adminToken: adminToken.flatMap(AdminToken.init), limits: limits, logger: logger,
                              accessLog: AccessLog(format: .text, level: .critical))
        if directory != nil { service.reload() }
        return service
    }

    /// A fresh directory holding the fixture schemas.
    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("convertd-server-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try products.write(to: directory.appendingPathComponent("products.yaml"), atomically: true, encoding: .utf8)
        return directory
    }
}

/// A fresh directory holding the fixture schemas, removed with the value.
final class FixtureDirectory {
    let url: URL

    init() throws {
        url = try ServerFixture.directory()
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}

extension Service {
    /// Plans and answers a request as the server would, feeding the body in `chunkSize` pieces.
    func exchange(_ method: String, _ path: String, body: String = "", contentType: String? = nil,
                  query: [RequestHead.QueryItem] = [], chunkSize: Int = .max) -> (status: Int, body: String, response: HTTPResponse) {
        var head = RequestHead(method: method, path: path, query: query, contentType: contentType, requestID: "test")
        head.contentLength = body.utf8.count
        let (route, plan) = plan(head)
        let exchange = Exchange(head: head, route: route, plan: plan, started: 0)
        let bytes = Array(body.utf8)
        var offset = 0
        while offset < bytes.count {
            let end = min(bytes.count, offset + chunkSize)
            _ = bytes[offset..<end].withUnsafeBufferPointer { exchange.take($0, limit: maxBodyBytes, allowance: BodyOverrun.allowance) }
            offset = end
        }
        let response = exchange.response(from: self)
        let text: String
        switch response.body {
        case .bytes(let bytes): text = String(decoding: bytes, as: UTF8.self)
        case .shared(let shared): text = String(decoding: shared.buffer, as: UTF8.self)
        case .borrowed(let buffer): text = String(decoding: buffer, as: UTF8.self)
        case .file(let descriptor, let size):
            var content = [UInt8](repeating: 0, count: size)
            let read = content.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, size, 0) }
            close(descriptor)
            text = String(decoding: content.prefix(max(0, read)), as: UTF8.self)
        }
        finished(head, route: route, status: response.status, bytesIn: bytes.count, bytesOut: response.body.count, nanoseconds: 0)
        return (response.status, text, response)
    }
}

/// A JSON body's value at a path of keys and indices, for assertions.
func json(_ text: String) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}

func value(_ object: Any?, _ path: Any...) -> Any? {
    var current = object
    for step in path {
        if let key = step as? String { current = (current as? [String: Any])?[key] }
        if let index = step as? Int { current = (current as? [Any]).flatMap { index < $0.count ? $0[index] : nil } }
    }
    return current
}
