import ArgumentParser

/// Every setting of `convertd serve`: the option that sets it, the environment variable read
/// when the option is not given, and its default. The one place options and variables are
/// paired: `ServerConfig` reads the variables through it, each option's help states the variable
/// and the default through `help(_:)`, and `convertd reference flags` lists them all.
///
/// A case is named as its `ServeCommand` property, so its flag is the option's name as
/// ArgumentParser spells it; its raw value is the variable.
enum ServeSetting: String, CaseIterable {
    case host = "HOST"
    case port = "PORT"
    case schemas = "SCHEMAS_DIR"
    case threads = "THREADS"
    case maxBodyBytes = "MAX_BODY_BYTES"
    case maxStreamBytes = "MAX_STREAM_BYTES"
    case maxDepth = "MAX_DEPTH"
    case maxErrors = "MAX_ERRORS"
    case maxRuleCost = "MAX_RULE_COST"
    case connectionTimeout = "CONNECTION_TIMEOUT"
    case headerTimeout = "HEADER_TIMEOUT"
    case bodyTimeout = "BODY_TIMEOUT"
    case minBodyRate = "MIN_BODY_RATE"
    case maxConnections = "MAX_CONNECTIONS"
    case maxConnectionsPerClient = "MAX_CONNECTIONS_PER_CLIENT"
    case adminToken = "ADMIN_TOKEN"
    case adminTokenFile = "ADMIN_TOKEN_FILE"
    case adminOnNetwork = "ADMIN_ON_NETWORK"
    case persist = "PERSIST"
    case reloadInterval = "RELOAD_INTERVAL"
    case compatibility = "COMPATIBILITY"
    case driftSample = "DRIFT_SAMPLE"
    case driftCost = "DRIFT_COST"
    case driftWindow = "DRIFT_WINDOW"
    case driftEntries = "DRIFT_ENTRIES"
    case sharePort = "SHARE_PORT"
    case grace = "GRACE"
    case logLevel = "LOG_LEVEL"
    case logFormat = "LOG_FORMAT"

    /// The environment variable read when the option is not given.
    var variable: String { rawValue }

    /// The option, as ArgumentParser names the property: `--max-body-bytes`.
    var flag: String {
        var name = "--"
        for character in String(describing: self) {
            if character.isUppercase { name += "-" }
            name += character.lowercased()
        }
        return name
    }

    /// Whether the option is a flag without a value, turned on in the environment with `=1`.
    var isSwitch: Bool {
        switch self {
        case .persist, .sharePort, .adminOnNetwork: true
        default: false
        }
    }

    /// How the variable is set: `HOST`, or `PERSIST=1` for a switch.
    var environment: String { isSwitch ? variable + "=1" : variable }

    /// The value `serve` takes when neither the option nor the variable is given, as `--help`
    /// and the README state it: read from the defaults of `ServerConfig`.
    var defaultValue: String { value(in: .defaults) }

    /// The setting's value in `config`, as text: a byte count with its size in KiB, MiB or GiB
    /// beside it; the thread count, which is the machine's core count by default, as `one per core`.
    func value(in config: ServerConfig) -> String {
        switch self {
        case .host: config.server.host
        case .port: String(config.server.port)
        case .schemas: config.schemas
        case .threads: config.server.threads == ServerConfig.defaults.server.threads ? "one per core" : String(config.server.threads)
        case .maxBodyBytes: ServeSetting.bytes(config.limits.maxBodyBytes)
        case .maxStreamBytes: ServeSetting.bytes(config.limits.maxStreamBytes)
        case .maxDepth: String(config.limits.maxDepth)
        case .maxErrors: String(config.limits.maxErrors)
        case .maxRuleCost: String(config.limits.maxRuleCost)
        case .connectionTimeout: String(config.server.deadlines.idleSeconds)
        case .headerTimeout: String(config.server.deadlines.headerSeconds)
        case .bodyTimeout: String(config.server.deadlines.bodySeconds)
        case .minBodyRate: ServeSetting.bytes(config.server.deadlines.minBytesPerSecond)
        case .maxConnections: String(config.server.maxConnections)
        case .maxConnectionsPerClient: String(config.server.maxConnectionsPerClient)
        case .adminToken, .adminTokenFile: config.adminToken == nil ? "none" : "set"
        case .adminOnNetwork: "off"
        case .persist: config.persist ? "on" : "off"
        case .reloadInterval: ServeSetting.number(config.reloadInterval)
        case .compatibility: config.compatibility.rawValue
        case .driftSample: String(config.drift.sampleEvery)
        case .driftCost: String(config.drift.maxCost)
        case .driftWindow: ServeSetting.number(config.drift.window)
        case .driftEntries: String(config.drift.entries)
        case .sharePort: config.server.sharePort ? "on" : "off"
        case .grace: ServeSetting.number(config.grace)
        case .logLevel: config.logLevel.rawValue
        case .logFormat: config.logFormat.rawValue
        }
    }

    /// What the option's help ends with: the variable and the default.
    var helpSuffix: String { " (env \(environment); default \(defaultValue))." }

    /// The option's help: what it sets, then the variable and the default.
    func help(_ text: String) -> ArgumentHelp { ArgumentHelp(stringLiteral: text + helpSuffix) }

    /// A byte count, with its size in the largest binary unit that divides it.
    private static func bytes(_ count: Int) -> String {
        for (shift, unit) in [(30, "GiB"), (20, "MiB"), (10, "KiB")] where count >= 1 << shift && count % (1 << shift) == 0 {
            return "\(count) = \(count >> shift) \(unit)"
        }
        return String(count)
    }

    /// Seconds, without a fraction when they have none.
    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
