import ArgumentParser
import ConvertdHTTP
import Foundation
import Logging
import MappingEngine

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
    /// The compatibility level of a model whose file declares none.
    var compatibility = CompatibilityLevel.none
    /// How live traffic's drift is sampled and kept.
    var drift = DriftMonitor.Settings()
    var logLevel = Logger.Level.info
    var logFormat = LogLine.Format.json

    /// The defaults: the stored properties' initial values; only the thread count depends on the machine.
    init() {
        server.threads = ProcessInfo.processInfo.activeProcessorCount
    }

    /// The defaults, as `ServeSetting` states them.
    static var defaults: ServerConfig { ServerConfig() }

    init(_ command: ServeCommand, environment: [String: String]) throws(ValidationError) {
        self.init()
        var resolver = Resolver(environment: environment)
        server.host = resolver.value(command.host, .host, default: server.host, expected: "an address") { $0.isEmpty ? nil : $0 }
        server.port = resolver.port(command.port, default: server.port)
        schemas = resolver.value(command.schemas, .schemas, default: schemas, expected: "a directory") { $0.isEmpty ? nil : $0 }
        server.threads = resolver.value(command.threads, .threads, default: server.threads,
                                        expected: "1–1024") { Int($0) } valid: { (1...1024).contains($0) }
        limits.maxBodyBytes = resolver.value(command.maxBodyBytes, .maxBodyBytes, default: limits.maxBodyBytes,
                                             expected: "a positive byte count") { Int($0) } valid: { $0 > 0 }
        limits.maxStreamBytes = resolver.value(command.maxStreamBytes, .maxStreamBytes, default: limits.maxStreamBytes,
                                               expected: "a positive byte count") { Int($0) } valid: { $0 > 0 }
        limits.maxDepth = resolver.value(command.maxDepth, .maxDepth, default: limits.maxDepth,
                                         expected: "1–100000") { Int($0) } valid: { (1...100_000).contains($0) }
        limits.maxErrors = resolver.value(command.maxErrors, .maxErrors, default: limits.maxErrors,
                                          expected: "1–100000") { Int($0) } valid: { (1...100_000).contains($0) }
        limits.maxRuleCost = resolver.value(command.maxRuleCost, .maxRuleCost, default: limits.maxRuleCost,
                                            expected: "1–1000000000") { Int($0) } valid: { (1...1_000_000_000).contains($0) }
        server.deadlines.idleSeconds = resolver.value(command.connectionTimeout, .connectionTimeout,
                                                      default: server.deadlines.idleSeconds,
                                                      expected: "1–86400 seconds") { Int($0) } valid: { (1...86_400).contains($0) }
        server.deadlines.headerSeconds = resolver.value(command.headerTimeout, .headerTimeout, default: server.deadlines.headerSeconds,
                                                        expected: "1–3600 seconds") { Int($0) } valid: { (1...3600).contains($0) }
        server.deadlines.bodySeconds = resolver.value(command.bodyTimeout, .bodyTimeout, default: server.deadlines.bodySeconds,
                                                      expected: "1–3600 seconds") { Int($0) } valid: { (1...3600).contains($0) }
        server.deadlines.minBytesPerSecond = resolver.value(command.minBodyRate, .minBodyRate,
                                                            default: server.deadlines.minBytesPerSecond,
                                                            expected: "a positive byte count") { Int($0) } valid: { $0 > 0 }
        server.maxConnections = resolver.value(command.maxConnections, .maxConnections, default: server.maxConnections,
                                               expected: "1–1000000") { Int($0) } valid: { (1...1_000_000).contains($0) }
        server.maxConnectionsPerClient = resolver.value(command.maxConnectionsPerClient, .maxConnectionsPerClient,
                                                        default: server.maxConnectionsPerClient,
                                                        expected: "0–1000000 (0: no limit)") { Int($0) } valid: { (0...1_000_000).contains($0) }
        server.sharePort = resolver.value(command.sharePort ? true : nil, .sharePort, default: false,
                                          expected: "1 or 0", parse: ServerConfig.switchValue)
        persist = resolver.value(command.persist ? true : nil, .persist, default: false, expected: "1 or 0", parse: ServerConfig.switchValue)
        reloadInterval = resolver.value(command.reloadInterval, .reloadInterval, default: reloadInterval,
                                        expected: "0–86400 seconds") { Double($0) } valid: { (0...86_400).contains($0) }
        compatibility = resolver.parsed(command.compatibility, .compatibility, default: compatibility,
                                        expected: CompatibilityLevel.allCases.map(\.rawValue).joined(separator: ", ")) {
            CompatibilityLevel(text: $0)
        }
        drift.sampleEvery = resolver.value(command.driftSample, .driftSample, default: drift.sampleEvery,
                                           expected: "0–1000000 (0: off)") { Int($0) } valid: { (0...1_000_000).contains($0) }
        drift.maxCost = resolver.value(command.driftCost, .driftCost, default: drift.maxCost,
                                       expected: "0–1000000 nanoseconds (0: no spacing)") { Int($0) } valid: { (0...1_000_000).contains($0) }
        drift.window = resolver.value(command.driftWindow, .driftWindow, default: drift.window,
                                      expected: "60–604800 seconds") { Double($0) } valid: { (60...604_800).contains($0) }
        drift.entries = resolver.value(command.driftEntries, .driftEntries, default: drift.entries,
                                       expected: "1–10000") { Int($0) } valid: { (1...10_000).contains($0) }
        let (token, givenAsText) = ServerConfig.adminToken(command, environment: environment, errors: &resolver.errors)
        adminToken = token
        let adminOnNetwork = resolver.value(command.adminOnNetwork ? true : nil, .adminOnNetwork, default: false,
                                            expected: "1 or 0", parse: ServerConfig.switchValue)
        if token != nil, let givenAsText, !adminOnNetwork, TCPSocket.isLoopback(host: server.host) == false {
            resolver.errors.append(ServerConfig.adminExposure(givenAsText, host: server.host))
        }
        grace = resolver.value(command.grace, .grace, default: grace, expected: "0–3600 seconds") { Double($0) } valid: { (0...3600).contains($0) }
        let levels = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
        logLevel = resolver.parsed(command.logLevel, .logLevel, default: logLevel, expected: levels) {
            Logger.Level(rawValue: $0.lowercased())
        }
        logFormat = resolver.parsed(command.logFormat, .logFormat, default: logFormat, expected: "json or text") {
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

    /// The admin token, and the flag or variable that gave it when it was given as text rather
    /// than read from a file: `--admin-token`, else `--admin-token-file`, else `ADMIN_TOKEN`, else
    /// the contents of `ADMIN_TOKEN_FILE` (a mounted Kubernetes Secret). The token itself never
    /// appears in an error.
    private static func adminToken(_ command: ServeCommand, environment: [String: String],
                                   errors: inout [String]) -> (token: AdminToken?, givenAsText: String?) {
        let (text, file) = (ServeSetting.adminToken, ServeSetting.adminTokenFile)
        if command.adminToken != nil, command.adminTokenFile != nil {
            errors.append("\(text.flag) and \(file.flag): expected one of them")
            return (nil, nil)
        }
        if command.adminToken == nil, command.adminTokenFile == nil,
           environment[text.variable] != nil, environment[file.variable] != nil {
            errors.append("\(text.variable) and \(file.variable): expected one of them")
            return (nil, nil)
        }
        if let flag = command.adminToken { return (AdminToken(flag), text.flag) }
        if let path = command.adminTokenFile { return (tokenFile(path, "\(file.flag) \(path)", errors: &errors), nil) }
        if let token = environment[text.variable] { return (AdminToken(token), text.variable) }
        guard let path = environment[file.variable] else { return (nil, nil) }
        return (tokenFile(path, "\(file.variable)=\(path)", errors: &errors), nil)
    }

    /// The token a file holds; nil, with an error naming `setting`, when it cannot be read or is empty.
    private static func tokenFile(_ path: String, _ setting: String, errors: inout [String]) -> AdminToken? {
        guard let data = FileManager.default.contents(atPath: path), let text = String(data: data, encoding: .utf8),
              let token = AdminToken(text) else {
            errors.append("\(setting): expected a readable file holding the token")
            return nil
        }
        return token
    }

    /// Why `serve` refuses an admin token given as text (by `setting`) on `host`, an address
    /// other than loopback, and the three ways out.
    private static func adminExposure(_ setting: String, host: String) -> String {
        "\(setting) with host \(host), not a loopback address: the admin API would take schema changes from the network "
            + "with a token given as text, which shows in the process list, shell history or container configuration. "
            + "Read the token from a file with --admin-token-file PATH (env ADMIN_TOKEN_FILE), "
            + "or confirm with --admin-on-network (env ADMIN_ON_NETWORK=1), or listen on loopback only with --host 127.0.0.1"
    }

    /// Picks flag, environment or default, collecting what is invalid.
    private struct Resolver {
        let environment: [String: String]
        var errors: [String] = []

        mutating func value<T>(_ flag: T?, _ setting: ServeSetting, default fallback: T, expected: String,
                               parse: (String) -> T?, valid: (T) -> Bool = { _ in true }) -> T {
            if let flag {
                guard valid(flag) else {
                    errors.append("\(setting.flag) \(flag): expected \(expected)")
                    return fallback
                }
                return flag
            }
            guard let text = environment[setting.variable] else { return fallback }
            guard let parsed = parse(text), valid(parsed) else {
                errors.append("\(setting.variable)=\(text): expected \(expected)")
                return fallback
            }
            return parsed
        }

        /// `--port`, else `PORT`: one definition for `serve` and `healthcheck`.
        mutating func port(_ flag: Int?, default fallback: Int) -> Int {
            value(flag, .port, default: fallback, expected: "0–65535") { Int($0) } valid: { (0...65535).contains($0) }
        }

        /// Like `value`, for a flag given as text and parsed like the environment variable.
        mutating func parsed<T>(_ flag: String?, _ setting: ServeSetting, default fallback: T, expected: String,
                                parse: (String) -> T?) -> T {
            guard let flag else { return value(nil, setting, default: fallback, expected: expected, parse: parse) }
            guard let parsed = parse(flag) else {
                errors.append("\(setting.flag) \(flag): expected \(expected)")
                return fallback
            }
            return parsed
        }
    }
}
