import ArgumentParser
import ConvertdHTTP
import Foundation
import Logging

/// The service's settings: each from its flag, else its environment variable, else its default;
/// every invalid value is reported at once.
struct ServerConfig {
    var server = HTTPSettings()
    var limits = Service.Limits()
    var schemas = "schemas"
    var grace = 10.0
    var adminToken: AdminToken?
    var persist = false
    /// Seconds between checks of the schema directory; 0 for none.
    var reloadInterval = 0.0
    var logLevel = Logger.Level.info
    var logFormat = LogLine.Format.json

    init(_ command: ServeCommand, environment: [String: String]) throws(ValidationError) {
        // The defaults are the stored properties' initial values; only the thread count depends on the machine.
        server.threads = ProcessInfo.processInfo.activeProcessorCount
        var resolver = Resolver(environment: environment)
        server.host = resolver.value(command.host, "HOST", "--host", default: server.host, expected: "an address") { $0.isEmpty ? nil : $0 }
        server.port = resolver.port(command.port, default: server.port)
        schemas = resolver.value(command.schemas, "SCHEMAS_DIR", "--schemas", default: schemas, expected: "a directory") { $0.isEmpty ? nil : $0 }
        server.threads = resolver.value(command.threads, "THREADS", "--threads", default: server.threads,
                                        expected: "1–1024") { Int($0) } valid: { (1...1024).contains($0) }
        limits.maxBodyBytes = resolver.value(command.maxBodyBytes, "MAX_BODY_BYTES", "--max-body-bytes", default: limits.maxBodyBytes,
                                             expected: "a positive byte count") { Int($0) } valid: { $0 > 0 }
        limits.maxStreamBytes = resolver.value(command.maxStreamBytes, "MAX_STREAM_BYTES", "--max-stream-bytes", default: limits.maxStreamBytes,
                                               expected: "a positive byte count") { Int($0) } valid: { $0 > 0 }
        limits.maxDepth = resolver.value(command.maxDepth, "MAX_DEPTH", "--max-depth", default: limits.maxDepth,
                                         expected: "1–100000") { Int($0) } valid: { (1...100_000).contains($0) }
        limits.maxErrors = resolver.value(command.maxErrors, "MAX_ERRORS", "--max-errors", default: limits.maxErrors,
                                          expected: "1–100000") { Int($0) } valid: { (1...100_000).contains($0) }
        server.deadlines.idleSeconds = resolver.value(command.connectionTimeout, "CONNECTION_TIMEOUT", "--connection-timeout",
                                                      default: server.deadlines.idleSeconds,
                                                      expected: "1–86400 seconds") { Int($0) } valid: { (1...86_400).contains($0) }
        server.deadlines.headerSeconds = resolver.value(command.headerTimeout, "HEADER_TIMEOUT", "--header-timeout", default: server.deadlines.headerSeconds,
                                                        expected: "1–3600 seconds") { Int($0) } valid: { (1...3600).contains($0) }
        server.deadlines.bodySeconds = resolver.value(command.bodyTimeout, "BODY_TIMEOUT", "--body-timeout", default: server.deadlines.bodySeconds,
                                                      expected: "1–3600 seconds") { Int($0) } valid: { (1...3600).contains($0) }
        server.deadlines.minBytesPerSecond = resolver.value(command.minBodyRate, "MIN_BODY_RATE", "--min-body-rate",
                                                            default: server.deadlines.minBytesPerSecond,
                                                            expected: "a positive byte count") { Int($0) } valid: { $0 > 0 }
        server.maxConnections = resolver.value(command.maxConnections, "MAX_CONNECTIONS", "--max-connections", default: server.maxConnections,
                                               expected: "1–1000000") { Int($0) } valid: { (1...1_000_000).contains($0) }
        server.maxConnectionsPerClient = resolver.value(command.maxConnectionsPerClient, "MAX_CONNECTIONS_PER_CLIENT", "--max-connections-per-client",
                                                        default: server.maxConnectionsPerClient,
                                                        expected: "0–1000000 (0: no limit)") { Int($0) } valid: { (0...1_000_000).contains($0) }
        server.sharePort = resolver.value(command.sharePort ? true : nil, "SHARE_PORT", "--share-port", default: false,
                                          expected: "1 or 0", parse: ServerConfig.switchValue)
        persist = resolver.value(command.persist ? true : nil, "PERSIST", "--persist", default: false, expected: "1 or 0", parse: ServerConfig.switchValue)
        reloadInterval = resolver.value(command.reloadInterval, "RELOAD_INTERVAL", "--reload-interval", default: reloadInterval,
                                        expected: "0–86400 seconds") { Double($0) } valid: { (0...86_400).contains($0) }
        adminToken = ServerConfig.adminToken(command.adminToken, environment: environment, errors: &resolver.errors)
        grace = resolver.value(command.grace, "GRACE", "--grace", default: grace, expected: "0–3600 seconds") { Double($0) } valid: { (0...3600).contains($0) }
        let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
        logLevel = resolver.parsed(command.logLevel, "LOG_LEVEL", "--log-level", default: logLevel, expected: levels) {
            Logger.Level(rawValue: $0.lowercased())
        }
        logFormat = resolver.parsed(command.logFormat, "LOG_FORMAT", "--log-format", default: logFormat, expected: "json or text") {
            LogLine.Format(rawValue: $0.lowercased())
        }
        guard resolver.errors.isEmpty else { throw ValidationError(resolver.errors.joined(separator: "\n")) }
    }

    /// The port `serve` listens on, resolved as `serve` resolves it (flag, else `PORT`, else
    /// 8080): the one `convertd healthcheck` asks.
    static func port(_ flag: Int?, environment: [String: String]) throws(ValidationError) -> Int {
        var resolver = Resolver(environment: environment)
        let port = resolver.port(flag, default: HTTPSettings().port)
        guard resolver.errors.isEmpty else { throw ValidationError(resolver.errors.joined(separator: "\n")) }
        return port
    }

    /// An on/off environment value: `1`/`true` or `0`/`false`/empty.
    private static func switchValue(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "1", "true": true
        case "0", "false", "": false
        default: nil
        }
    }

    /// The admin token: the flag, else `ADMIN_TOKEN`, else the contents of `ADMIN_TOKEN_FILE`
    /// (a mounted Kubernetes Secret). The token itself never appears in an error.
    private static func adminToken(_ flag: String?, environment: [String: String], errors: inout [String]) -> AdminToken? {
        if let flag { return AdminToken(flag) }
        if let text = environment["ADMIN_TOKEN"] { return AdminToken(text) }
        guard let path = environment["ADMIN_TOKEN_FILE"] else { return nil }
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8),
              let token = AdminToken(text) else {
            errors.append("ADMIN_TOKEN_FILE=\(path): expected a readable file holding the token")
            return nil
        }
        return token
    }

    /// Picks flag, environment or default, collecting what is invalid.
    private struct Resolver {
        let environment: [String: String]
        var errors: [String] = []

        mutating func value<T>(_ flag: T?, _ variable: String, _ option: String, default fallback: T, expected: String,
                               parse: (String) -> T?, valid: (T) -> Bool = { _ in true }) -> T {
            if let flag {
                guard valid(flag) else {
                    errors.append("\(option) \(flag): expected \(expected)")
                    return fallback
                }
                return flag
            }
            guard let text = environment[variable] else { return fallback }
            guard let parsed = parse(text), valid(parsed) else {
                errors.append("\(variable)=\(text): expected \(expected)")
                return fallback
            }
            return parsed
        }

        /// `--port`, else `PORT`: one definition for `serve` and `healthcheck`.
        mutating func port(_ flag: Int?, default fallback: Int) -> Int {
            value(flag, "PORT", "--port", default: fallback, expected: "0–65535") { Int($0) } valid: { (0...65535).contains($0) }
        }

        /// Like `value`, for a flag given as text and parsed like the environment variable.
        mutating func parsed<T>(_ flag: String?, _ variable: String, _ option: String, default fallback: T, expected: String,
                                parse: (String) -> T?) -> T {
            guard let flag else { return value(nil, variable, option, default: fallback, expected: expected, parse: parse) }
            guard let parsed = parse(flag) else {
                errors.append("\(option) \(flag): expected \(expected)")
                return fallback
            }
            return parsed
        }
    }
}
